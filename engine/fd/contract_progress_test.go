package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// Where a race stands, through the contract (engine.Progressed), over
// whole races of both rulesets and two lengths: the round is the last
// round line's number (0 before the first), the turns never go back
// (one order may be followed by more than one car's play), the length is the laps said as a
// standing says a car's laps, and a car is in play exactly while its
// standing says it races; once out it stays out, and no seat outside the
// race is in play.
func TestContractProgressIsWhereTheRaceStands(t *testing.T) {
	for _, race := range []struct {
		name string
		cfg  func() Config
		laps int
	}{{"fdr", fdrConfig, 1}, {"fd2008", DefaultConfig, 2}} {
		t.Run(race.name, func(t *testing.T) {
			c, err := tracks.Get("port-azur")
			require.NoError(t, err)
			cfg := race.cfg()
			cfg.Laps = race.laps
			seed := SeedFrom("contract progress " + race.name)
			g, err := NewGame(GameIDFor(seed), cfg, c, 4)
			require.NoError(t, err)
			src := dice.NewSeeded(seed)
			require.NoError(t, g.Start(src))
			con := NewContract(g, sayKey)
			wantSaid := "status.laps"
			if race.laps == 1 {
				wantSaid = "status.laps-one"
			}
			out := map[int]bool{}
			check := func(n int) engine.Progress {
				t.Helper()
				p := con.Progress()
				round := 0
				for _, e := range g.Events {
					if e.Kind == "round" {
						round, err = e.Int("n")
						require.NoError(t, err)
					}
				}
				assert.Equal(t, round, p.Round, "decision %d: the last round line's number", n)
				assert.Equal(t, race.laps, p.Length)
				assert.Equal(t, wantSaid, p.LengthSaid.Key)
				assert.Equal(t, []any{race.laps}, p.LengthSaid.Args)
				for _, st := range con.Report(engine.Referee).Standings {
					in := con.InPlay(st.Seat)
					assert.Equal(t, st.Facts[0].Key == "status.car-racing", in, "decision %d: seat %d", n, st.Seat)
					assert.False(t, in && out[st.Seat], "decision %d: seat %d came back", n, st.Seat)
					out[st.Seat] = out[st.Seat] || !in
				}
				for _, seat := range []int{-2, -1, 4, 9} {
					assert.False(t, con.InPlay(seat), "no seat %d", seat)
				}
				return p
			}
			last := check(0)
			for n := 1; !g.Over; n++ {
				require.Less(t, n, 20000)
				o, ok := Autopilot(g)
				require.True(t, ok)
				require.NoError(t, g.Submit(o, src))
				p := check(n)
				assert.GreaterOrEqual(t, p.Turns, last.Turns, "decision %d: the turns never go back", n)
				assert.GreaterOrEqual(t, p.Round, last.Round)
				last = p
			}
			assert.Positive(t, last.Round)
			assert.Positive(t, last.Turns)
			assert.NotEmpty(t, out, "every car's race ended")
			for seat := range 4 {
				assert.False(t, con.InPlay(seat), "seat %d once the race is over", seat)
			}
		})
	}
}

// A car the race direction takes out (7-A) leaves play, and an exclusion
// is taken exactly while the car is in play: bot asks InPlay before it
// gives the exclusion's line.
func TestContractExcludedCarLeavesPlay(t *testing.T) {
	c := ovalTrack(t)
	cfg := fdrConfig()
	cfg.Laps = 1
	seed := SeedFrom("excluded car leaves play")
	g, err := NewGame(GameIDFor(seed), cfg, c, 3)
	require.NoError(t, err)
	random := noShuffles{dice.NewSeeded(seed)}
	require.NoError(t, g.Start(random))
	for n := 0; n < 12 || g.setupStage < setupDone || g.qualifying; n++ {
		o, ok := Autopilot(g)
		require.True(t, ok)
		require.NoError(t, g.Submit(o, random))
	}
	con := NewContract(g, sayKey)
	require.True(t, con.InPlay(1))
	_, err = con.Official(ExclusionLine(2, "black flag"), random)
	require.NoError(t, err)
	assert.False(t, con.InPlay(1), "car 2 is out")
	assert.True(t, con.InPlay(0))
	_, err = con.Official(ExclusionLine(2, "again"), random)
	require.ErrorIs(t, err, engine.ErrIllegal, "a car out of play is not excluded again")
}
