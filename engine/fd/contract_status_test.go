package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/tracks"
)

// reportRace plays a race by the autopilot until stop says so.
func reportRace(t *testing.T, cfg Config, cars int, stop func(*Game) bool) *Game {
	t.Helper()
	c, err := tracks.Get("port-azur")
	require.NoError(t, err)
	seed := SeedFrom("contract report")
	g, err := NewGame(GameIDFor(seed), cfg, c, cars)
	require.NoError(t, err)
	src := dice.NewSeeded(seed)
	require.NoError(t, g.Start(src))
	for n := 0; !stop(g); n++ {
		require.Less(t, n, 5000, "the race never came to the moment wanted")
		o, ok := Autopilot(g)
		require.True(t, ok)
		require.NoError(t, g.Submit(o, src))
	}
	return g
}

func phraseKeys(ps []phrase.Phrase) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Key
	}
	return out
}

// The report says each car's standing as its reader may read it: under
// league 5-D (a hidden build) a seat reads its own car's wear points and
// booster points (5-A) but only the build's total of the others; the game
// master (engine.Referee) reads every car's; a spectator none. Under 22-A
// the wear points are life points.
func TestContractReportReadsAsItsReaderMay(t *testing.T) {
	g := reportRace(t, fdrVariantCfg(t, "5-D", "5-A", "22-A"), 3, func(g *Game) bool { return g.Play > 12 })
	c := NewContract(g, nil)
	report := func(reader int) map[int][]string {
		r := c.Report(reader)
		assert.Equal(t, phrase.New("status.progress", g.Round, g.Play), r.Progress)
		out := map[int][]string{}
		for _, st := range r.Standings {
			out[st.Seat] = phraseKeys(st.Facts)
		}
		require.Len(t, out, 3)
		return out
	}
	own := []string{"status.car-racing", "status.laps", "status.life-points", "status.boosters-left"}
	hidden := []string{"status.car-racing", "status.laps", "status.car-hidden-build"}
	for seat := range 3 {
		assert.Equal(t, own, report(engine.Referee)[seat], "the game master, car %d", seat+1)
		assert.Equal(t, hidden, report(-1)[seat], "a spectator, car %d", seat+1)
		for other, facts := range report(seat) {
			want := hidden
			if other == seat {
				want = own
			}
			assert.Equal(t, want, facts, "seat %d reads car %d", seat, other+1)
		}
	}
}

// A pending decision is asked as its reader may read it: under 5-D a
// reader who may not see the car's build reads each option's first fact
// only; a gear decision is listed by gear (each option under its
// number).
func TestContractAskedReadsAsItsReaderMay(t *testing.T) {
	g := reportRace(t, fdrVariantCfg(t, "5-D"), 2, func(g *Game) bool {
		d := g.PendingAll()
		return len(d) == 1 && d[0].Kind == DecideGear && d[0].Car == 2 && len(d[0].Options) > 1
	})
	c := NewContract(g, nil)
	d := g.PendingAll()[0]
	mine := c.Asked(1, func(seat int) string { return "Bob" })
	require.Len(t, mine, 1)
	assert.Equal(t, g.DecisionPhrase(&d, "Bob"), mine[0].Ask)
	assert.False(t, mine[0].Hidden)
	for i, op := range d.Options {
		assert.Equal(t, OptionKey(&d, op), mine[0].Options[i].Key)
		assert.Equal(t, g.OptionFacts(&d, op), mine[0].Options[i].Facts)
	}
	require.Len(t, mine[0].Listed, len(d.Options))
	for i := 1; i < len(mine[0].Listed); i++ {
		assert.LessOrEqual(t, d.Options[mine[0].Listed[i-1]].Gear, d.Options[mine[0].Listed[i]].Gear, "listed by gear")
	}
	theirs := c.Asked(0, nil)
	require.Len(t, theirs, 1)
	assert.True(t, theirs[0].Hidden)
	assert.True(t, theirs[0].Ask.Key != "")
	for i, op := range theirs[0].Options {
		assert.Equal(t, g.OptionFacts(&d, d.Options[i])[:1], op.Facts, "option %s: what it is, not what it costs", op.Key)
	}
	assert.False(t, c.Asked(engine.Referee, nil)[0].Hidden, "the game master sees every build")
}

// An option's facts by its key are the facts the rules wrote for that
// option, for every option of every decision of a race's first plays (the
// setup's, qualifying laps', the race's); a key that is no option of the
// seat's, or a seat with nothing to decide, has none.
func TestContractOptionFactsByKeyAreTheOptionsFacts(t *testing.T) {
	checked := 0
	reportRace(t, fdrConfig(), 3, func(g *Game) bool {
		c := NewContract(g, nil)
		deciding := map[int]bool{}
		for _, d := range g.PendingAll() {
			deciding[d.Car] = true
			for _, op := range d.Options {
				assert.Equal(t, g.OptionFacts(&d, op), c.OptionFacts(d.Car-1, OptionKey(&d, op)))
				checked++
			}
			assert.Nil(t, c.OptionFacts(d.Car-1, "no such key"))
		}
		for car := 1; car <= len(g.Cars); car++ {
			if !deciding[car] {
				assert.Nil(t, c.OptionFacts(car-1, "A"), "car %d decides nothing", car)
			}
		}
		return g.Play > 6
	})
	assert.Greater(t, checked, 50)
}

// A seat's decision asked alone is the one Asked lists for it, for every
// reader (5-D hides the costs of another's); a seat with nothing to
// decide has none.
func TestContractAskedSeatIsAskedsForThatSeat(t *testing.T) {
	seen := 0
	reportRace(t, fdrVariantCfg(t, "5-D", "5-A"), 3, func(g *Game) bool {
		c := NewContract(g, nil)
		for _, reader := range []int{engine.Referee, -1, 0, 1, 2} {
			bySeat := map[int]engine.Asked{}
			for _, a := range c.Asked(reader, nil) {
				bySeat[a.Seat] = a
			}
			for seat := range 3 {
				a, ok := c.AskedSeat(reader, seat, "")
				want, pending := bySeat[seat]
				require.Equal(t, pending, ok, "seat %d", seat)
				assert.Equal(t, want, a)
				if ok {
					seen++
				}
			}
		}
		return g.Play > 8
	})
	assert.Greater(t, seen, 20)
}
