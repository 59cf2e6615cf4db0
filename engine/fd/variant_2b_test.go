package fd

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// 2-B (AMB-09), hook MoveRollTest: once the service enters that a car's
// race clock ran out, the car rolls a black d20 before each of its move
// rolls, after its gear is engaged; 4 + the boosts it used or less runs it
// out of fuel, eliminated where it stands, its play over.
func TestVariant2BClockOutFuelTest(t *testing.T) {
	c := fdrLab(t)
	cars := func(flags ...string) []CarPosition {
		p := fdrAt("long.2.1", 4)
		p.Flags = append(p.Flags, flags...)
		return []CarPosition{p, fdrAt("long.0.0", 1)}
	}
	clockOut := func(h *harness) {
		t.Helper()
		require.NoError(t, h.g.ClockOut(1, "48h", dice.NewScripted()))
		assert.Equal(t, []string{"clock-out car=1 capital=48h"}, kinds(h.since(), "clock-out"))
	}

	t.Run("without 2-B no clock runs out", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrConfig(), Position{Round: 1, Cars: cars()})
		before := len(h.g.Events)
		require.ErrorIs(t, h.g.ClockOut(1, "48h", dice.NewScripted()), ErrIllegal)
		assert.Len(t, h.g.Events, before, "a refused clock-out changes nothing")
		h.gear(4, 9)
		assert.Empty(t, kinds(h.since(), "eliminated"))
	})
	t.Run("on time: no test", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "2-B"), Position{Round: 1, Cars: cars()})
		h.gear(4, 9) // only the gear die
		evs := h.since()
		assert.Empty(t, kinds(evs, "eliminated"))
		assert.NotContains(t, strings.Join(evs, "\n"), "for=fuel")
	})
	t.Run("a failed test stops the car where it stands", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "2-B"), Position{Round: 1, Cars: cars()})
		clockOut(h)
		at := h.g.Cars[0].Space
		h.gear(4, 4) // the fuel test 4 ≤ 4: no gear die rolled
		evs := strings.Join(h.since(), "\n")
		assert.Contains(t, evs, "gear car=1 from=4 to=4")
		assert.Contains(t, evs, "roll play=1 car=1 for=fuel n=0 die=black value=4")
		assert.Contains(t, evs, `eliminated car=1 cause="out of fuel with its race clock spent (4 or less on the d20)" reason=fuel`)
		assert.Equal(t, Eliminated, h.g.Cars[0].Status)
		assert.NotContains(t, evs, "move car=1", "no move: it stopped where it stood")
		_ = at
		require.NotNil(t, h.g.Pending())
		assert.Equal(t, 2, h.g.Pending().Car, "play goes on with the next car")
	})
	t.Run("a passed test: the move rolls as without the clock", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "2-B"), Position{Round: 1, Cars: cars()})
		clockOut(h)
		h.gear(4, 5, 9) // the fuel test 5 > 4, then the gear die
		with := h.since()
		fuel := slices.Index(with, "roll play=1 car=1 for=fuel n=0 die=black value=5")
		require.Positive(t, fuel, "the fuel test, after the gear is engaged")
		assert.Equal(t, "gear car=1 from=4 to=4", with[fuel-1])
		plain := fdrPlayCfg(t, c, fdrVariantCfg(t, "2-B"), Position{Round: 1, Cars: cars()})
		plain.since()
		plain.gear(4, 9)
		assert.Equal(t, plain.since(), slices.Delete(with, fuel, fuel+1), "only the fuel test differs")
		assert.Equal(t, Racing, h.g.Cars[0].Status)
	})
	t.Run("the boosts used raise the threshold (with 5-A)", func(t *testing.T) {
		for _, tc := range []struct {
			roll int
			out  bool
		}{{6, true}, {7, false}} {
			h := fdrPlayCfg(t, c, fdrVariantCfg(t, "2-B", "5-A"), Position{Round: 1, Cars: cars("boost", "boost")})
			clockOut(h)
			rolls := []int{tc.roll}
			if !tc.out {
				rolls = append(rolls, 9)
			}
			h.gear(4, rolls...)
			evs := strings.Join(h.since(), "\n")
			if tc.out {
				assert.Contains(t, evs, "(6 or less on the d20)", "4 + 2 boosts")
			} else {
				assert.NotContains(t, evs, "eliminated car=1")
			}
		}
	})
	t.Run("the clock-out survives a position", func(t *testing.T) {
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "2-B"), Position{Round: 1, Cars: cars()})
		clockOut(h)
		p, err := h.g.PositionExact()
		require.NoError(t, err)
		assert.Contains(t, p.Cars[0].Flags, "clock-out")
		again := fdrPlayCfg(t, c, fdrVariantCfg(t, "2-B"), p)
		assert.Contains(t, again.g.Position().Cars[0].Flags, "clock-out", "read back from the position")
		require.ErrorIs(t, again.g.ClockOut(1, "48h", dice.NewScripted()), ErrIllegal, "a clock runs out once")
	})
}

// 2-B: a whole race where the service enters a clock-out mid-race: the
// record replays to the same race, and differs from the race without it
// from the clock-out on (fixed seed).
func TestVariant2BRecordReplays(t *testing.T) {
	c := ovalTrack(t)
	run := func(clock bool) (*Game, *Record) {
		cfg := fdrVariantCfg(t, "2-B:capital=90m")
		cfg.Laps = 2
		seed := SeedFrom("chess-clock")
		id := GameIDFor(seed)
		g, err := NewGame(id, cfg, c, 4)
		require.NoError(t, err)
		src := dice.NewSeeded(seed)
		require.NoError(t, g.Start(src))
		entered := !clock
		for !g.Over {
			if !entered && g.setupStage >= setupDone && !g.qualifying && g.Round >= 3 {
				require.NoError(t, g.ClockOut(g.Pending().Car, "90m", src))
				entered = true
			}
			o, ok := Autopilot(g)
			require.True(t, ok)
			require.NoError(t, g.Submit(o, src))
		}
		return g, &Record{Game: id, Rules: cfg.Rules, Options: cfg.Options(), Track: "test-oval", Cars: 4, Events: g.Events}
	}
	with, rec := run(true)
	without, _ := run(false)
	back, err := Replay(rec, c)
	require.NoError(t, err)
	assert.Equal(t, with.Results(), back.Results())
	fuel := 0
	for _, e := range with.Events {
		if e.Kind == "roll" && e.Get("for") == "fuel" {
			fuel++
		}
	}
	assert.Positive(t, fuel, "the car whose clock ran out rolls fuel tests")
	assert.NotEqual(t, with.Events, without.Events)
	assert.Contains(t, strings.Join(rec.Options, " "), "variant.2-B")
}

// 2-B over autopilot races on every embedded circuit, alone and with 5-A's
// boosts: the service runs the clocks of some cars out at seeded plays;
// nothing crashes, the board stays legal, cars run out of fuel, and every
// record replays event for event and verifies against its seed.
func TestVariant2BPropertiesAutopilotRaces(t *testing.T) {
	races := 24
	if testing.Short() || raceDetector {
		races = 4
	}
	ids := tracks.IDs()
	outOfFuel, clockOuts := 0, 0
	for i := range races {
		id := ids[i%len(ids)]
		c, err := tracks.Get(id)
		require.NoError(t, err)
		cfg := fdrVariantCfg(t, "2-B")
		if i%2 == 1 {
			cfg = fdrVariantCfg(t, "2-B", "5-A")
		}
		cfg.Laps = 1 + i%2
		cars := 2 + i%5
		seedWord := fmt.Sprintf("chess-clock-%d", i)
		t.Run(seedWord, func(t *testing.T) {
			// car k's clock runs out at its play 4k+i%7 of the race, if
			// it is still racing; a clock runs out once (ClockOut refuses
			// a second time)
			clockedOut := map[int]bool{}
			check := func(t *testing.T, g *Game) {
				fdrCheckBoard(t, g)
				d := g.Pending()
				if d == nil || g.setupStage < setupDone || g.qualifying || clockedOut[d.Car] {
					return
				}
				if g.Play >= 4*d.Car+i%7 {
					require.NoError(t, g.ClockOut(d.Car, "48h", dice.NewScripted()))
					clockedOut[d.Car] = true
				}
			}
			g, rec := playChecked(t, cfg, c, id, cars, SeedFrom(seedWord), check)
			back, err := ParseRecord(rec.Text())
			require.NoError(t, err)
			g2, err := Replay(back, c)
			require.NoError(t, err, "replay equals live")
			assert.Equal(t, g.Results(), g2.Results())
			assert.NoError(t, Verify(back))
			for _, e := range g.Events {
				switch {
				case e.Kind == "clock-out":
					clockOuts++
				case e.Kind == "eliminated" && e.Get("reason") == ReasonFuel:
					outOfFuel++
				}
			}
		})
	}
	assert.Positive(t, clockOuts)
	assert.Positive(t, outOfFuel, "some cars whose clock ran out run out of fuel")
}
