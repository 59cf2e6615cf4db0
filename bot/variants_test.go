package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// League variant 22-A: the status text shows each car's life points as
// filled and empty marks with their count, in English and French. The
// seed is fixed; every car's line is checked, whoever plays first.
func TestVariant22ALifePointsInText(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	_, err := svc.SetPlayer(ctx, PlayerSettings{Name: "Bob", Language: "fr"})
	require.NoError(t, err)
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Rules: "fdr", Seats: []string{"Anna", "Bob"}, Seed: "life-points", Variants: []string{"22-A", "18-A"}})
	require.NoError(t, err)
	en, err := svc.Handle(ctx, Request{Identity: cli("Anna"), Game: id, Text: "status"})
	require.NoError(t, err)
	fr, err := svc.Handle(ctx, Request{Identity: cli("Bob"), Game: id, Text: "etat"})
	require.NoError(t, err)
	assert.Equal(t, 2, strings.Count(en, "life points tyres ●●●●●●●●● 9/9, brakes ●●● 3/3, gas ●● 2/2, body ●● 2/2, engine ●● 2/2, handling ●● 2/2"), "both cars: %s", en)
	assert.Equal(t, 2, strings.Count(fr, "points de vie pneus ●●●●●●●●● 9/9, freins ●●● 3/3, consommation ●● 2/2, carrosserie ●● 2/2, moteur ●● 2/2, tenue de route ●● 2/2"), "both cars: %s", fr)

	plain, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Rules: "fdr", Seats: []string{"Anna", "Bob"}, Seed: "life-points-off"})
	require.NoError(t, err)
	text, err := svc.Handle(ctx, Request{Identity: cli("Anna"), Game: plain, Text: "status"})
	require.NoError(t, err)
	assert.NotContains(t, text, "●", "without 22-A the counts alone")
	assert.Contains(t, text, "wear points tyres 9")

	_, err = svc.Create(ctx, CreateRequest{Track: "test-oval", Rules: "fdr", Seats: []string{"Anna"}, Variants: []string{"24-D"}})
	require.Error(t, err)
	assert.True(t, IsUserError(err))
	assert.Contains(t, err.Error(), "league rule")
}

// League variant 6-A: game show --json marks the options that spend the
// Top. Every pending decision is checked, whoever moves first.
func TestVariant6ATopInTheFacts(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Rules: "fdr", Laps: 1, Seats: []string{"ai:pro", "ai:pro", "Anna"}, Seed: "top-facts", Variants: []string{"6-A"}})
	require.NoError(t, err)
	seen := map[int]bool{}
	for range 400 {
		v, err := svc.Show(ctx, id)
		require.NoError(t, err)
		if v.State != "running" || len(v.Pending) == 0 {
			break
		}
		for _, p := range v.Pending {
			for _, f := range p.Facts {
				seen[f.Top] = true
			}
		}
		if _, err := svc.Autoplay(ctx, id, 1); err != nil {
			break
		}
	}
	assert.True(t, seen[1], "an option with the Top +1")
	assert.True(t, seen[-1], "an option with the Top −1")
}

// 23-A's pilot point reaches the player in words: the option says "a
// pilot point" (not the Top, 6-A being off), and the play spending it is
// told in the player's language.
func TestVariant23APilotPointInWords(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Rules: "fdr", Laps: 1, Seats: []string{"ai:pro", "Anna"}, Seed: "pilot-point-words", Variants: []string{"23-A:uses=0/1"}})
	require.NoError(t, err)
	_, err = svc.SetPlayer(ctx, PlayerSettings{Name: "Anna", Language: "fr"})
	require.NoError(t, err)
	text, option := untilCar2OffersPlusOne(t, svc, id, "her pilot point")
	assert.Contains(t, text, "a pilot point: one space more (1 left)", "the option counts the points left")
	assert.NotContains(t, text, "Top")
	status := statusIn(t, svc, id, "Anna")
	assert.Contains(t, status("en"), "tyres 8, brakes 3, gas 2, body 3, engine 3, handling 2, 1 pilot point left", "the status counts car 2's points")
	assert.Contains(t, status("en"), "no pilot point left", "car 1 has none")
	fr := status("fr")
	assert.Contains(t, fr, "1 point de pilote restant")
	assert.Contains(t, fr, "plus de point de pilote")
	reply, err := svc.Handle(ctx, Request{Identity: cli("Anna"), Game: id, Text: "choose " + option})
	require.NoError(t, err)
	assert.Contains(t, reply, "dépense un point de pilote : une case de plus")
	assert.NotContains(t, status("en"), "1 pilot point left", "the point is spent")
}

// untilCar2OffersPlusOne autoplays game id until car 2 (Anna) is asked
// for a move that offers one space more (a pilot point, a season token),
// and returns that option's text and letter; what is offered is named
// by what for the failure.
func untilCar2OffersPlusOne(t *testing.T, svc *Service, id, what string) (text, option string) {
	t.Helper()
	ctx := context.Background()
	for range 400 {
		v, err := svc.Show(ctx, id)
		require.NoError(t, err)
		require.Equal(t, "running", v.State, "Anna was never offered "+what)
		p := v.Pending[0]
		if p.Car == 2 && p.Decision == "move" {
			for i, f := range p.Facts {
				if f.Top == 1 && !f.Eliminated {
					return f.Text, p.Options[i]
				}
			}
		}
		_, err = svc.Autoplay(ctx, id, 1)
		require.NoError(t, err)
	}
	t.Fatalf("the race did not offer %s", what)
	return "", ""
}

// League variant 6-B through the service: the gear decision lists the
// Super Top as its own option ("5S", said in words), the player types it
// as "5s", and the Super Top is then spent: the same gear is offered
// plain only. The seed is fixed; whoever decides first.
func TestVariant6BSuperTopTyped(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Rules: "fdr", Laps: 1, Seats: []string{"Anna", "Bob"}, Seed: "super-top-typed", Variants: []string{"6-B"}})
	require.NoError(t, err)
	for range 400 {
		v, err := svc.Show(ctx, id)
		require.NoError(t, err)
		require.Equal(t, "running", v.State)
		for _, p := range v.Pending {
			if p.Decision != "gear" || p.Session != "" {
				continue
			}
			for i, o := range p.Options {
				if !strings.HasSuffix(o, "S") {
					continue
				}
				assert.Contains(t, p.Facts[i].Text, "the Super Top: choose the move from")
				reply, err := svc.Handle(ctx, Request{Identity: cli(p.Player), Game: id, Text: strings.ToLower(o)})
				require.NoError(t, err, "%s types %s", p.Player, o)
				assert.NotContains(t, reply, "illegal")
				after, err := svc.Show(ctx, id)
				require.NoError(t, err)
				for _, q := range after.Pending {
					if q.Car == p.Car && q.Decision == "gear" {
						for _, o := range q.Options {
							assert.False(t, strings.HasSuffix(o, "S"), "one Super Top a race")
						}
					}
				}
				return
			}
		}
		_, err = svc.Autoplay(ctx, id, 1)
		require.NoError(t, err)
	}
	t.Fatal("no race gear decision offered the Super Top")
}

// statusIn is the status text of game id as player reads it in a
// language, the player's language set first.
func statusIn(t *testing.T, svc *Service, id, player string) func(lang string) string {
	return func(lang string) string {
		t.Helper()
		ctx := context.Background()
		_, err := svc.SetPlayer(ctx, PlayerSettings{Name: player, Language: lang})
		require.NoError(t, err)
		reply, err := svc.Handle(ctx, Request{Identity: cli(player), Game: id, Text: "status"})
		require.NoError(t, err)
		return reply
	}
}

// 23-A(i): a Super Pilot point spent in qualifying is the weekend's one
// spend; the race's status says so in the player's language, where it
// would otherwise say "no pilot point left".
func TestVariant23ASpentInQualifyingInWords(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	id, err := svc.Create(ctx, CreateRequest{Track: "port-azur", Rules: "fdr", Laps: 1, Seats: []string{"Anna", "Bob", "Cid", "Dan"}, Seed: "super-pilot-qualifying", Variants: []string{"23-A:scheme=i,uses=1/1/1/1"}})
	require.NoError(t, err)
	status := statusIn(t, svc, id, "Anna")
	for range 400 {
		if _, err := svc.Autoplay(ctx, id, 1); err != nil {
			break
		}
		en := status("en")
		if !strings.Contains(en, "spent in qualifying") {
			continue
		}
		assert.Contains(t, en, "its Super Pilot point was spent in qualifying, none left for the race")
		assert.Contains(t, status("fr"), "son point de Super Pilote a été dépensé en qualifications, il n'en reste aucun pour la course")
		return
	}
	t.Fatal("no Super Pilot point was spent in qualifying")
}
