package bot

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/street"
	"github.com/pitwall/pitwall/tracks"
)

// liveAt is a live race (only its engine state: orderKey reads no more)
// played by the autopilot until stop says so.
func liveAt(t *testing.T, track string, cfg fd.Config, cars int, stop func(*fd.Game) bool) *live {
	t.Helper()
	c, err := tracks.Get(track)
	require.NoError(t, err)
	seed := fd.SeedFrom("order keys " + track)
	g, err := fd.NewGame(fd.GameIDFor(seed), cfg, c, cars)
	require.NoError(t, err)
	src := dice.NewSeeded(seed)
	require.NoError(t, g.Start(src))
	for n := 0; !stop(g); n++ {
		require.Less(t, n, 5000, "the race never came to the decision wanted")
		require.False(t, g.Over, "the race never came to the decision wanted")
		o, ok := fd.Autopilot(g)
		require.True(t, ok)
		require.NoError(t, g.Submit(o, src))
	}
	return &live{game: fd.NewContract(g, sayPhrase), track: c}
}

// pendingKind is the first car waiting on a decision of kind, 0 if none.
func pendingKind(g *fd.Game, kind fd.DecisionKind) (int, *fd.Decision) {
	for _, d := range g.PendingAll() {
		if d.Kind == kind {
			return d.Car, &d
		}
	}
	return 0, nil
}

// Every form of the command language reaches the race as the key the
// game contract reads (issue 13): a gear by its number, an option by its
// letter (a declared gear too), a build by its numbers or a preset's
// letter, with league 5-A's booster points (AMB-14) in the command's own
// words, a street driver by name (U-DRV-01) and tyres by word as the
// letter of the option that has them; and fd.Contract.OrderFor reads each
// key back as the order it stands for.
func TestOrderFormsReachTheRaceAsKeys(t *testing.T) {
	type form struct {
		text, key string
		order     func(car int, d *fd.Decision) fd.Order
	}
	check := func(t *testing.T, l *live, car int, d *fd.Decision, forms []form) {
		t.Helper()
		for _, f := range forms {
			cmd, err := Parse(f.text)
			require.NoError(t, err, f.text)
			key, err := orderKey(l, car, cmd, "en")
			require.NoError(t, err, f.text)
			assert.Equal(t, f.key, key, f.text)
			assert.Equal(t, f.order(car, d), l.contract().OrderFor(car, key), "%s: the key %q reads back as its order", f.text, key)
		}
	}
	letter := func(d *fd.Decision, ok func(fd.Option) bool) string {
		i := slices.IndexFunc(d.Options, ok)
		require.GreaterOrEqual(t, i, 0)
		return d.Options[i].Letter
	}

	t.Run("gear and choose", func(t *testing.T) {
		l := liveAt(t, "test-oval", fd.DefaultConfig(), 2, func(g *fd.Game) bool {
			car, _ := pendingKind(g, fd.DecideGear)
			return car != 0
		})
		car, d := pendingKind(l.race(), fd.DecideGear)
		check(t, l, car, d, []form{
			{"gear 4", "4", func(car int, d *fd.Decision) fd.Order { return fd.Order{Car: car, Gear: 4} }},
			{"vitesse 2", "2", func(car int, d *fd.Decision) fd.Order { return fd.Order{Car: car, Gear: 2} }},
			{"choose B", "B", func(car int, d *fd.Decision) fd.Order { return fd.Order{Car: car, Letter: "B"} }},
			{"5s", "5S", func(car int, d *fd.Decision) fd.Order { return fd.Order{Car: car, Letter: "5S"} }},
		})
	})
	t.Run("config and 5-A's boosters", func(t *testing.T) {
		cfg := fd.ConfigFor(fd.FDR)
		require.NoError(t, cfg.EnableVariant("5-A"))
		l := liveAt(t, "port-azur", cfg, 2, func(g *fd.Game) bool {
			car, _ := pendingKind(g, fd.DecideBuild)
			return car != 0
		})
		car, d := pendingKind(l.race(), fd.DecideBuild)
		build := fd.Wear{5, 3, 3, 2, 2, 2}
		check(t, l, car, d, []form{
			{"config A", "A", func(car int, d *fd.Decision) fd.Order { return fd.Order{Car: car, Letter: "A"} }},
			{"config 5/3/3/2/2/2", "5/3/3/2/2/2", func(car int, d *fd.Decision) fd.Order { return fd.Order{Car: car, Build: build} }},
			{"config A boost 3", "A boost 3", func(car int, d *fd.Decision) fd.Order {
				return fd.Order{Car: car, Letter: "A", Boosters: 3, BoostersChosen: true}
			}},
			{"reglage 5 3 3 2 2 2 booster 0", "5/3/3/2/2/2 boost 0", func(car int, d *fd.Decision) fd.Order {
				return fd.Order{Car: car, Build: build, Boosters: 0, BoostersChosen: true}
			}},
		})
	})
	t.Run("a street driver by name", func(t *testing.T) {
		l := liveAt(t, "race-city", street.Config(), 3, func(g *fd.Game) bool {
			car, _ := pendingKind(g, street.DecideDriver)
			return car != 0
		})
		car, d := pendingKind(l.race(), street.DecideDriver)
		diane, ok := street.FindDriver("Diane")
		require.True(t, ok)
		dianeLetter := letter(d, func(op fd.Option) bool { return op.Driver == diane.Key })
		check(t, l, car, d, []form{
			{"driver Diane", dianeLetter, func(car int, d *fd.Decision) fd.Order { return fd.Order{Car: car, Letter: dianeLetter} }},
			{"pilote Diane Montfort", dianeLetter, func(car int, d *fd.Decision) fd.Order { return fd.Order{Car: car, Letter: dianeLetter} }},
			{"driver G", "G", func(car int, d *fd.Decision) fd.Order { return fd.Order{Car: car, Letter: "G"} }},
		})
	})
	t.Run("tyres by word", func(t *testing.T) {
		l := liveAt(t, "port-azur", fd.ConfigFor(fd.FDR), 2, func(g *fd.Game) bool {
			car, _ := pendingKind(g, fd.DecideTyres)
			return car != 0
		})
		car, d := pendingKind(l.race(), fd.DecideTyres)
		var forms []form
		for _, op := range d.Options {
			word := op.Tyre.String()
			forms = append(forms, form{"tyres " + word, op.Letter, func(car int, d *fd.Decision) fd.Order {
				return fd.Order{Car: car, Letter: op.Letter, Session: d.Session}
			}})
		}
		require.NotEmpty(t, forms)
		check(t, l, car, d, forms)
	})
}

// A planned gear (next N) is given as the gear's key when the car's gear
// decision comes: the race's record holds it as the car's order, as the
// same gear given directly writes it.
func TestPlannedGearReachesTheRaceAsItsKey(t *testing.T) {
	atGear := func(g *fd.Game) bool {
		car, _ := pendingKind(g, fd.DecideGear)
		return car != 0 && g.Play > 6 && g.Cars[car-1].Gear > 1
	}
	l := liveAt(t, "test-oval", fd.DefaultConfig(), 2, atGear)
	twin := liveAt(t, "test-oval", fd.DefaultConfig(), 2, atGear)
	car, _ := pendingKind(l.race(), fd.DecideGear)
	gear := l.race().Cars[car-1].Gear // holding the gear is always legal
	seed := fd.SeedFrom("order keys test-oval")
	l.meta = &meta{Seed: seedHex(seed), PreMoves: map[int]int{car: gear}}
	svc, _ := newTestService(t)
	before := len(l.race().Events)
	require.NoError(t, svc.autoplayTurns(l, nil))
	assert.Empty(t, l.meta.PreMoves, "the planned gear is spent")
	require.NoError(t, twin.race().Submit(fd.Order{Car: car, Gear: gear}, dice.NewSeeded(seed)))
	assert.Equal(t, eventLines(twin.race().Events[before:]), eventLines(l.race().Events[before:]))
	assert.Equal(t, fmt.Sprintf("order car=%d gear=%d", car, gear), l.race().Events[before].String())
}

// liveFingerprint is what a live race is, as far as the service tells
// it: the record's length and last line, every pending decision with its
// keys, the whole state in words, and the table's settings.
func liveFingerprint(l *live) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d events", len(l.race().Events))
	if n := len(l.race().Events); n > 0 {
		fmt.Fprintf(&b, ", last %s", l.race().Events[n-1])
	}
	con := l.contract()
	for _, d := range con.Pending() {
		fmt.Fprintf(&b, "\n%+v", d)
	}
	b.WriteString("\n" + con.Status(-1, "en") + "\n" + string(l.meta.encode()))
	return b.String()
}

// Every order form refused through the service (issue 13: each now
// reaches the race as a key) leaves the stored record and the live game
// as they were, the cached game kept, not replayed: an illegal gear, a
// letter no option has for a move, a build, 5-A's booster points, tyres,
// the pit and a driver, and any order from a car whose turn it is not.
// The races then end as the twin races without the refusals, byte for
// byte.
func TestRefusedOrderFormsChangeNothing(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		req  CreateRequest
	}{
		{"fdr with 5-A", CreateRequest{Track: "test-oval", Rules: "fdr", Variants: []string{"5-A"}, Laps: 1}},
		{"street", CreateRequest{Track: "race-city", Rules: "street", Laps: 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			names := []string{"Anna", "Bob"}
			play := func(refusals bool) (string, int) {
				svc, store := newTestService(t)
				req := tc.req
				req.Seats, req.Seed = names, "refused forms "+tc.name
				id, err := svc.Create(ctx, req)
				require.NoError(t, err)
				tried := 0
				for range 2000 {
					v, err := svc.Show(ctx, id)
					require.NoError(t, err)
					if len(v.Pending) == 0 {
						break
					}
					p := v.Pending[0]
					if refusals {
						texts := []string{"choose ZZ", "config ZZ", "config 9/9/9/9/9/9", "config ZZ boost 7",
							"driver Nobody", "driver ZZ", "tyres zz", "tyres monsoon", "pit zz"}
						for gear := 1; gear <= 6; gear++ {
							if !slices.Contains(p.Options, fmt.Sprint(gear)) {
								texts = append(texts, fmt.Sprintf("gear %d", gear))
								break
							}
						}
						if p.Decision == string(fd.DecideBuild) {
							texts = append(texts, "config A boost 7") // 5-A: 0 to 6
						}
						if p.Decision != string(fd.DecideMove) {
							texts = append(texts, "pit monsoon long") // at a move any pit option is taken
						}
						who := names[p.Car-1]
						_, err := svc.Handle(ctx, Request{Identity: cli(who), Game: id, Text: "status"}) // the game is live
						require.NoError(t, err)
						svc.mu.Lock()
						cached := svc.cache[id]
						svc.mu.Unlock()
						require.NotNil(t, cached)
						record, state := recordText(t, store, id), liveFingerprint(cached)
						for _, text := range texts {
							_, err := svc.Handle(ctx, Request{Identity: cli(who), Game: id, Text: text})
							require.Error(t, err, "%s at %s", text, p.Decision)
							require.True(t, IsUserError(err), "%s at %s: %v", text, p.Decision, err)
							tried++
						}
						if !slices.ContainsFunc(v.Pending, func(q PendingView) bool { return q.Car != p.Car }) {
							_, err := svc.Handle(ctx, Request{Identity: cli(names[2-p.Car]), Game: id, Text: p.Options[0]})
							require.Error(t, err, "not their decision")
							require.True(t, IsUserError(err), "%v", err)
						}
						svc.mu.Lock()
						after := svc.cache[id]
						svc.mu.Unlock()
						require.Same(t, cached, after, "the live game is kept")
						require.Equal(t, state, liveFingerprint(after), "the live game is as it was")
						require.Equal(t, record, recordText(t, store, id), "the stored record is as it was")
					}
					_, err = svc.Handle(ctx, Request{Identity: cli(names[p.Car-1]), Game: id, Text: p.Options[len(p.Options)-1]})
					require.NoError(t, err)
				}
				v, err := svc.Show(ctx, id)
				require.NoError(t, err)
				require.Equal(t, "finished", v.State)
				return recordText(t, store, id), tried
			}
			clean, _ := play(false)
			refused, tried := play(true)
			assert.Equal(t, clean, refused, "refused orders leave no trace in the record")
			assert.Greater(t, tried, 100)
		})
	}
}
