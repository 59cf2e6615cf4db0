package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/persistence"
)

// A season with a dozen variants on, 24-C and the ledgers among them,
// autoplays to its end; 24-C's trophies are those of the recorded results,
// said in English and French; a league without 24-C has none.
func TestTrophiesSeasonWithADozenVariants(t *testing.T) {
	svc, store := newMemoryService(t)
	ctx := context.Background()
	id := playLeague(t, svc, "Dozen", nil, "24-C", "23-A:scheme=i", "23-B:scheme=a", "6-A", "18-A", "17-A", "14-B", "19-B", "21-A", "24-A", "24-B", "24-D")

	st, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	require.NotNil(t, st.Trophies)
	var results []league.Result
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		_, doc, err := findLeague(tx, id)
		results = doc.results()
		for _, ev := range doc.Events {
			require.NoError(t, tx.VerifyChain(ev.Game), "the event's record verifies")
		}
		return err
	}))
	require.Len(t, results, 3)
	requireSeasonVerifies(t, svc, store, id)
	for _, res := range results {
		require.True(t, res.Qualified, "the grids come from qualifying")
		for _, c := range res.Cars {
			assert.Positive(t, c.QualiSessions, "every car's session read from the record (24-C)")
		}
	}
	require.NotEmpty(t, st.Trophies.QualifyingPenalties)
	assert.Equal(t, league.ComputeTrophies(results, league.DefaultScale), *st.Trophies)
	require.NotEmpty(t, st.Trophies.Complete)
	require.NotEmpty(t, st.Trophies.Retirements)
	require.Len(t, st.Ledgers, 3, "23-A(i) pilot and team, 23-B(a)")

	best := st.Trophies.Complete[0]
	en, fr := st.Text("en"), st.Text("fr")
	assert.Contains(t, en, "Complete pilot (race and qualifying points):\n  1. "+best.Name+", "+pointsText(best.Points, "en"))
	assert.Contains(t, fr, "Pilote complet (points de course et d'essais) :\n  1. "+best.Name)
	assert.Contains(t, en, "Best climb and worst fall (places gained in races):")
	assert.Contains(t, en, "Fewest retirements (pilots at half the races or more):\n  1. ")
	assert.Contains(t, fr, "Moins d'abandons")
	assert.Contains(t, en, "Pilot points (23-A(i) pilot); 10 point(s) spent buy")
	assert.NotContains(t, en, "=", "sentences, not key=value")

	plain := playLeague(t, svc, "Plain", nil, "21-A")
	st, err = svc.LeagueStandings(ctx, plain)
	require.NoError(t, err)
	assert.Nil(t, st.Trophies)
	assert.False(t, strings.Contains(st.Text("en"), "Complete pilot"))
}

// 24-C with 20-A: a car whose pilot was hurt in qualifying (rule A's QUALI,
// eliminated with fd.ReasonInjury before the grid) never started; the
// stored result marks it (NotStarted) and 24-C's fewest retirements
// counts it neither as a start nor as a retirement, while a car eliminated
// in the race is both.
func TestTrophiesRetirementsSkipAQualifyingInjury(t *testing.T) {
	g := &fd.Game{Cars: []fd.Car{
		{Number: 1, Status: fd.Finished, Place: 1},
		{Number: 2, Status: fd.Eliminated, Cause: "its pilot was hurt in qualifying"},
		{Number: 3, Status: fd.Eliminated, Cause: "a collision"},
	}}
	require.True(t, g.Cars[1].SetEliminationReason(fd.ReasonInjury))
	require.True(t, g.Cars[2].SetEliminationReason(fd.ReasonCollision))
	lineup := []eventCar{{Pilot: "Anna"}, {Pilot: "Cleo"}, {Pilot: "Dora"}}
	res := eventResult(g, lineup, nil, 0)
	started := map[string]bool{}
	for _, c := range res.Cars {
		started[c.Pilot] = !c.NotStarted
	}
	assert.Equal(t, map[string]bool{"Anna": true, "Cleo": false, "Dora": true}, started)

	tr := league.ComputeTrophies([]league.Result{res}, league.DefaultScale)
	got := map[string][2]int{}
	for _, r := range tr.Retirements {
		got[r.Name] = [2]int{r.Retired, r.Starts}
	}
	assert.Equal(t, map[string][2]int{"Anna": {0, 1}, "Dora": {1, 1}}, got, "Cleo: no start, no retirement")
}

// 24-C's live_quali (AMB-51): the default no is taken as it is, yes is
// refused with a sentence in both languages (Pitwall plays no live
// qualifying) and no league is created.
func TestTrophiesLiveQualifyingRefused(t *testing.T) {
	svc, store := newTestService(t)
	ctx := context.Background()
	_, err := svc.CreateLeague(ctx, LeagueRequest{Name: "Stopwatch", Variants: []string{"24-C:live_quali=yes"}, MasterName: "Maud"})
	var refusal *UserError
	require.ErrorAs(t, err, &refusal)
	assert.Contains(t, refusal.Msg, "Pitwall plays no live qualifying")
	assert.Contains(t, refusal.Fr, "Pitwall ne joue pas d'essais en direct")
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		_, _, err := findLeague(tx, LeagueID("Stopwatch"))
		assert.Error(t, err, "nothing stored")
		return nil
	}))

	_, err = svc.CreateLeague(ctx, LeagueRequest{Name: "No Stopwatch", Variants: []string{"24-C:live_quali=no"}, MasterName: "Maud"})
	require.NoError(t, err)
	_, err = svc.CreateLeague(ctx, LeagueRequest{Name: "Odd Stopwatch", Variants: []string{"24-C:live_quali=maybe"}, MasterName: "Maud"})
	require.ErrorAs(t, err, &refusal)
}

// 24-C's qualifying penalties are read from the record: each qualified
// event is a session the car drove, its penalty the rolls its overshoots
// cost (FDR R1.9); the ranking is said per session in English and French.
func TestTrophiesQualifyingPenaltiesFromTheRecord(t *testing.T) {
	var events []fd.Event
	for _, line := range []string{
		"qualified car=1 session=1 rolls=12 penalty=2 ended=true past=0",
		"qualified car=2 session=1 rolls=11 penalty=0 ended=true past=0",
		"qualified car=1 session=2 rolls=12 penalty=1 ended=true past=0",
		"qualified car=2 session=2 rolls=13 penalty=0 ended=true past=0",
	} {
		e, err := fd.ParseEvent(line)
		require.NoError(t, err)
		events = append(events, e)
	}
	g := &fd.Game{Cars: []fd.Car{{Number: 1, Status: fd.Finished, Place: 1}, {Number: 2, Status: fd.Finished, Place: 2}}, Events: events}
	res := eventResult(g, []eventCar{{Pilot: "Anna"}, {Pilot: "Bob"}}, nil, 0)
	assert.True(t, res.Qualified)
	tr := league.ComputeTrophies([]league.Result{res}, league.DefaultScale)
	assert.Equal(t, []league.SessionRow{{Position: 1, Name: "Bob", Rolls: 0, Sessions: 2}, {Position: 2, Name: "Anna", Rolls: 3, Sessions: 2}}, tr.QualifyingPenalties)

	var b strings.Builder
	writeParagraphs(&b, trophySentences(&tr, "en"), "en")
	assert.Contains(t, b.String(), "Fewest qualifying penalties (penalty rolls a session, pilots at half the sessions or more):\n  1. Bob, 0 penalty roll(s) in 2 session(s)\n  2. Anna, 3 penalty roll(s) in 2 session(s)\n")
	b.Reset()
	writeParagraphs(&b, trophySentences(&tr, "fr"), "fr")
	assert.Contains(t, b.String(), "Moins de pénalités aux essais (jets de pénalité par séance, pilotes présents à la moitié des séances ou plus) :\n  1. Bob, 0 jet(s) de pénalité en 2 séance(s)\n")
}
