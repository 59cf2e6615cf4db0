package fd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// qualifyingLapOf is qualifying session 1 on the lab circuit (FDR R1)
// with car 2's lap at long.2.1 in 3rd, car 1's done: the session's one
// car is number 1, the race car number 2.
func qualifyingLapOf(t *testing.T, cfg Config) *harness {
	t.Helper()
	lap := CarPosition{Car: 2, Space: "long.2.1", Gear: 3, Wear: fdrDefaultBuild(), Config: fdrDefaultBuild(), Pit: 2, Flags: []string{"started", "crossed"}}
	p := Position{Session: 1, QualiWeather: Fine, SessionWeather: "sun",
		Cars:      []CarPosition{{Car: 1, Wear: fdrDefaultBuild(), Config: fdrDefaultBuild()}, {Car: 2, Wear: fdrDefaultBuild(), Config: fdrDefaultBuild()}},
		Laps:      []LapPosition{{Car: lap, Round: 1, Play: 1}},
		Qualified: []QualifyingResult{{Car: 1, Session: 1, Rolls: 9, Past: 1, Covered: 40, Seq: 1}}}
	c := fdrLab(t)
	g, err := NewGame("t", cfg, c, 2)
	require.NoError(t, err)
	require.NoError(t, g.StartFrom(p, dice.NewScripted()))
	h := &harness{t: t, g: g, c: c, mark: len(g.Events)}
	require.Equal(t, "qualifying", h.pending().Session)
	return h
}

// 23-A(i) "the pilot bonus gives the player +1 or −1 on a die roll in any
// gear, in qualifying or in the race. If a pilot uses his bonus in
// qualifying he cannot use it in the race" (hook DistanceModifier, the
// session's chain qualifyingPoints): car 2's lap in 4th rolls 10 and is
// offered 9, 10 or 11 squares; the +1 taken is a "q-pilot-point" event,
// the race car's point is spent and the race offers none. Other schemes,
// or no point, give the qualifying lap its roll alone.
func TestVariant23ASuperPilotSpentInQualifying(t *testing.T) {
	lengths := func(d *Decision) map[int]int {
		out := map[int]int{}
		for _, op := range d.Options {
			out[op.Top] = max(out[op.Top], len(op.Path))
		}
		return out
	}
	h := qualifyingLapOf(t, fdrVariantCfg(t, "23-A:scheme=i,uses=0/1"))
	assert.Equal(t, 1, h.g.PilotPointsLeft(2))
	h.submit(Order{Car: 2, Gear: 4, Session: "qualifying"}, 10)
	d := h.pending()
	require.Equal(t, DecideMove, d.Kind)
	assert.Equal(t, map[int]int{-1: 9, 0: 10, +1: 11}, lengths(d), "the roll, one more, one less, in qualifying")
	var plus Option
	for _, op := range d.Options {
		if op.Top == 1 && len(op.Path) == 11 && !op.Eliminated && op.Overshoot == 0 {
			plus = op
		}
	}
	require.NotEmpty(t, plus.Letter, "a +1 option:\n%s", h.describe(d))
	h.submit(Order{Car: 2, Letter: plus.Letter, Session: "qualifying"})
	evs := strings.Join(h.since(), "\n")
	assert.Contains(t, evs, "q-pilot-point q=2 car=1 delta=1 point=earned", "the session's car is number 1, the race's 2")
	assert.Equal(t, 0, h.g.PilotPointsLeft(2), "spent in qualifying: none left for the race")
	assert.Equal(t, 1, positionCount(t, h.g, 2, "pilot-point"), "the race car's earned point is spent: 23-A is the only ledger, one flag")
	assert.Equal(t, []int{0, 1}, []int{h.g.PilotPointsSpentInQualifying(1), h.g.PilotPointsSpentInQualifying(2)}, "the status says why car 2 has none")
	p := h.g.Position()
	back, err := NewGame("t", h.g.Config, h.c, 2)
	require.NoError(t, err)
	require.NoError(t, back.StartFrom(p, dice.NewScripted()))
	assert.Equal(t, 0, back.PilotPointsLeft(2), "a position carries the point spent in qualifying")
	assert.Equal(t, 1, back.PilotPointsSpentInQualifying(2))
	h.submit(Order{Car: 2, Gear: 4, Session: "qualifying"}, 10)
	assert.Equal(t, map[int]int{0: 10}, lengths(h.pending()), "one spend a GP weekend")

	for _, spec := range []string{"23-A:scheme=c,uses=0/1", "23-A:scheme=i,uses=1/0"} {
		h := qualifyingLapOf(t, fdrVariantCfg(t, spec))
		h.submit(Order{Car: 2, Gear: 4, Session: "qualifying"}, 10)
		assert.Equal(t, map[int]int{0: 10}, lengths(h.pending()), "%s: the roll alone in qualifying", spec)
	}
}

// A whole weekend under the autopilot, record against record: under
// 23-A(i) the points go in qualifying ("q-pilot-point", the race car q=)
// and the race spends none of those cars' a second time; under 23-A(c)
// the same weekend spends nothing in qualifying. Both replay and verify.
func TestVariant23AQualifyingSpendRecordWithAndWithout(t *testing.T) {
	lab, err := tracks.Get("port-azur")
	require.NoError(t, err)
	play := func(scheme string) []string {
		cfg := fdrConfig()
		cfg.Laps, cfg.Sessions = 1, 1
		require.NoError(t, cfg.EnableVariant("23-A:scheme="+scheme+",uses=1/1/1/1"))
		require.NoError(t, cfg.Validate())
		g := checkedVariantRace(t, cfg, lab, "port-azur", 4, "23-A(i) qualifying spend")
		return append(kinds(eventLines(g), "q-pilot-point"), kinds(eventLines(g), "pilot-point")...)
	}
	withI := play("i")
	var inQualifying []string
	for _, l := range withI {
		if car, ok := strings.CutPrefix(strings.Fields(l)[1], "q="); ok && strings.HasPrefix(l, "q-pilot-point") {
			inQualifying = append(inQualifying, car)
		}
	}
	require.NotEmpty(t, inQualifying, "the autopilot spends a point in qualifying: %v", withI)
	for _, car := range inQualifying {
		for _, l := range withI {
			assert.False(t, strings.HasPrefix(l, "pilot-point car="+car+" "), "car %s spent its point in qualifying: %s", car, l)
		}
	}
	for _, l := range play("c") {
		assert.False(t, strings.HasPrefix(l, "q-"), "23-A(c) spends in the race only: %s", l)
	}
}

// 23-A(i)'s one spend a GP weekend refuses parameters that would open a
// car two: uses=2, or a use and a grid place's point.
func TestVariant23AOneSpendAWeekendParameters(t *testing.T) {
	cfg := ConfigFor(FDR)
	assert.ErrorContains(t, cfg.EnableVariant("23-A:scheme=i,uses=0/2"), "car 2: scheme i spends one Super Pilot point a GP weekend")
	assert.ErrorContains(t, cfg.EnableVariant("23-A:scheme=i,uses=1/0,grid_use=1/1"), "car 1:")
	assert.NoError(t, cfg.EnableVariant("23-A:scheme=i,uses=1/0,grid_use=0/1"))
	cfg = ConfigFor(FDR)
	assert.NoError(t, cfg.EnableVariant("23-A:scheme=c,uses=2/0"), "other schemes: two a race (23-A(a1))")
}
