package fd

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/dice"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// redFlagWalls3 are three full rows of fdrlab's long straight behind the
// cars: 9 markers and 3 walls (league AMB-46).
var redFlagWalls3 = []string{
	"long.5.0", "long.5.1", "long.5.2",
	"long.6.0", "long.6.1", "long.6.2",
	"long.7.0", "long.7.1", "long.7.2",
}

// redFlagRound plays one round of two racing cars in 2nd gear, each
// rolling a 3 and moving 3 spaces; after are the rolls the end of the
// round calls.
func redFlagRound(t *testing.T, cfg Config, p Position, after ...int) *harness {
	h := fdrPlayCfg(t, fdrLab(t), cfg, p)
	h.gear(2, 3)
	h.pick(func(op Option) bool { return len(op.Path) == 3 })
	h.gear(2, 3)
	h.pick(func(op Option) bool { return len(op.Path) == 3 }, after...)
	return h
}

// 21-B on the first lap, the StoppageRule hook at the end of the round
// (R6.11): three walls stop the race, the circuit is cleared and every
// car, the retired one too, is back on the grid before its start roll;
// without 21-B the race plays on.
func TestVariant21BFirstLapRestart(t *testing.T) {
	cars := func() []CarPosition {
		return []CarPosition{fdrAt("long.20.1", 2), fdrAt("long.14.1", 2).wear("9/3/1/2/2/2"),
			{Space: "", Status: Eliminated, Wear: fdrDefaultBuild(), Reason: ReasonCollision, Flags: []string{"started", "crossed"}}}
	}
	// the restart's first play: car 1's start roll (10), its 1st-gear die
	h := redFlagRound(t, fdrVariantCfg(t, "21-B"), Position{Round: 1, Debris: redFlagWalls3, Cars: cars()}, 10, 2)
	evs := strings.Join(h.since(), "\n")
	assert.Contains(t, evs, "red-flag lap=1 markers=9 walls=3 outcome=restart\nred-flag-fresh car=3\ngrid order=1,2,3\n")
	assert.Empty(t, h.g.Debris, "the circuit is cleared")
	for i, n := range []int{1, 2, 3} {
		c := h.car(n)
		assert.Equal(t, Racing, c.Status, "car %d races again", n)
		assert.Zero(t, c.Laps, "car %d", n)
		if n != 1 {
			assert.Equal(t, h.c.Grid[i], c.Space, "car %d on its grid slot", n)
			assert.False(t, c.Started, "car %d rolls its start again", n)
		}
	}
	assert.Equal(t, 1, h.car(2).Wear[Gearbox], "a running car keeps its points")
	assert.Contains(t, evs, "roll play=3 car=1 for=start", "the pole rolls its start again (R9)")
	_, err := h.g.Snapshot()
	assert.ErrorContains(t, err, "races with a red flag are not snapshotted", "a position holds neither the grid nor the lap order")

	off := redFlagRound(t, fdrConfig(), Position{Round: 1, Debris: redFlagWalls3, Cars: cars()})
	assert.Empty(t, kinds(off.since(), "red-flag", "grid"), "without 21-B no stoppage")
	assert.Equal(t, Eliminated, off.car(3).Status)

	below := redFlagRound(t, fdrVariantCfg(t, "21-B:walls=4"), Position{Round: 1, Debris: redFlagWalls3, Cars: cars()})
	assert.Empty(t, kinds(below.since(), "red-flag"), "3 walls under walls=4, 9 markers under 18")
	markers := redFlagRound(t, fdrVariantCfg(t, "21-B:walls=4,markers=9"), Position{Round: 1, Debris: redFlagWalls3, Cars: cars()}, 10, 2)
	assert.NotEmpty(t, kinds(markers.since(), "red-flag"), "9 markers reach markers=9: either count stops the race")
}

// 21-B after the first lap: the race is over, classified in the order the
// cars completed the lap before (the lap events), then the running cars
// that had not, by distance; a car eliminated earlier stays eliminated.
func TestVariant21BLaterLapClassifies(t *testing.T) {
	c := fdrLab(t)
	p := Position{Round: 1, Debris: redFlagWalls3, Cars: []CarPosition{
		fdrAt("home.8.1", 2).laps(1), // crosses the line: lap 2 completed
		fdrAt("long.20.1", 2).laps(1),
		{Space: "", Status: Eliminated, Wear: fdrDefaultBuild(), Reason: ReasonCollision, Laps: 1, Flags: []string{"started", "crossed"}},
	}}
	h := fdrPlayCfg(t, c, fdrVariantCfg(t, "21-B"), p)
	h.gear(2, 3)
	h.pick(func(op Option) bool { return len(op.Path) == 3 })
	h.gear(2, 3)
	h.pick(func(op Option) bool { return len(op.Path) == 3 })
	evs := strings.Join(h.since(), "\n")
	assert.Contains(t, evs, "lap car=1 laps=2")
	assert.Contains(t, evs, "red-flag lap=3 markers=9 walls=3 outcome=half-points\nfinish car=1 place=1\nfinish car=2 place=2\nover")
	assert.True(t, h.g.Over)
	assert.Equal(t, Eliminated, h.car(3).Status)
	assert.True(t, h.g.HalfPoints(), "the last lap (3 of 3): half points, a fact of the record (LF-10)")
	assert.Equal(t, 3, h.g.RedFlagLap())
	flag := h.g.Events[slices.IndexFunc(h.g.Events, func(e Event) bool { return e.Kind == "red-flag" })]
	assert.Equal(t, "ev.red-flag-half-points", EventPhrase(c, flag).Key, "told as the last lap's half points")

	// a middle lap (lap 2 of 3) ends the same way with middle=end; car 3
	// had completed lap 1 before it was eliminated, so it is classified
	p.Cars[0] = fdrAt("long.30.1", 2)
	p.Cars[1] = fdrAt("long.20.1", 2).laps(1)
	h = fdrPlayCfg(t, c, fdrVariantCfg(t, "21-B:middle=end"), p)
	h.gear(2, 3)
	h.pick(func(op Option) bool { return len(op.Path) == 3 })
	h.gear(2, 3)
	h.pick(func(op Option) bool { return len(op.Path) == 3 })
	evs = strings.Join(h.since(), "\n")
	assert.Contains(t, evs, "red-flag lap=2 markers=9 walls=3 outcome=ended\nfinish car=2 place=1\nfinish car=3 place=2\nfinish car=1 place=3\n", "cars 2 and 3 had completed lap 1, car 1 had not")
	assert.False(t, h.g.HalfPoints(), "a middle lap pays whole points")
}

// 21-B on a middle lap, middle=aggregate by default (l.1266, AMB-46; lap 2 of 3; the
// StoppageRule hook at the end of the round, the finish of R21.1 for Part
// 2's end): Part 1 is frozen in the track order, each car's squares behind
// the leader recorded (car 3, eliminated on lap 2, where it stopped), and
// the race restarts for one lap from a grid in that order, car 3 back
// (league AMB-46). When the first car crosses the line of Part 2 every
// running car is classified on its two gaps added, fewest first; with
// middle=end the same flag ended the race (TestVariant21BLaterLapClassifies).
// Part 2 is played by the autopilot on fixed dice.
func TestVariant21BMiddleLapAggregate(t *testing.T) {
	c := fdrLab(t)
	out := CarPosition{Space: "", Status: Eliminated, Wear: fdrDefaultBuild(), Reason: ReasonCollision, Laps: 1, Distance: c.Levels + 10, Flags: []string{"started", "crossed"}}
	p := Position{Round: 1, Debris: redFlagWalls3, Cars: []CarPosition{fdrAt("long.30.1", 2), fdrAt("long.20.1", 2).laps(1), out}}
	h := fdrPlayCfg(t, c, fdrVariantCfg(t, "21-B"), p) // middle=aggregate by default (l.1266)
	h.gear(2, 3)
	h.pick(func(op Option) bool { return len(op.Path) == 3 })
	h.gear(2, 3)
	h.pick(func(op Option) bool { return len(op.Path) == 3 }, 10, 2) // Part 2 opens: car 2's start roll, its 1st-gear die
	evs := strings.Join(h.since(), "\n")
	// car 2 ends Part 1 on long.23 of lap 2, car 3 stopped on level 10 of
	// lap 2, car 1 is on long.33 of lap 1
	assert.Contains(t, evs, fmt.Sprintf("red-flag lap=2 markers=9 walls=3 outcome=aggregate\nred-flag-part car=2 place=1 gap=0\nred-flag-part car=3 place=2 gap=13\nred-flag-part car=1 place=3 gap=%d\nred-flag-fresh car=3\ngrid order=2,3,1", c.Levels+23-33))
	assert.False(t, h.g.Over)
	assert.Equal(t, Racing, h.car(3).Status, "the retired car restarts")
	assert.Equal(t, 1, h.g.Config.Laps, "Part 2 is one lap")
	assert.Empty(t, h.g.Debris, "the circuit is cleared")

	src := dice.NewSeeded(SeedFrom("red-flag-aggregate"))
	for !h.g.Over {
		o, ok := Autopilot(h.g)
		require.True(t, ok)
		require.NoError(t, h.g.Submit(o, src))
	}
	gap1 := map[int]int{2: 0, 3: 13, 1: c.Levels - 10}
	var totals []int
	places := 0
	for _, e := range h.g.Events {
		switch e.Kind {
		case "aggregate":
			car, _ := e.Int("car")
			p1, _ := e.Int("part1")
			p2, _ := e.Int("part2")
			total, _ := e.Int("total")
			assert.Equal(t, gap1[car], p1, "car %d's Part 1", car)
			assert.Equal(t, p1+p2, total)
			totals = append(totals, total)
		case "finish":
			places++
		}
	}
	require.NotEmpty(t, totals, "Part 2's winner ends the race on the sums")
	assert.True(t, slices.IsSorted(totals), "fewest squares behind first: %v", totals)
	assert.Equal(t, len(totals), places, "every running car is classified at once")
	winners := 0
	for _, r := range h.g.Results() {
		if r.Status == "finished" && r.Laps == 1 {
			winners++
		}
	}
	assert.Equal(t, 1, winners, "only Part 2's winner has run its lap; the others are classified where they are")
}

// 21-B's parameters refuse with a sentence.
func TestVariant21BRefusesBadParameters(t *testing.T) {
	for spec, want := range map[string]string{
		"21-B:middle=both": "must be one of aggregate, end",
		"21-B:markers=0":   "markers=0: a number of at least 1",
		"21-B:walls=x":     "walls=x: a number of at least 1",
		"21-B:teams=1/x":   "variant 21-B: teams",
	} {
		cfg := fdrConfig()
		err := cfg.EnableVariant(spec)
		require.Error(t, err, spec)
		assert.Contains(t, err.Error(), want, spec)
	}
}

// The red flag in the service, whose live games keep no record: a
// later lap's classification and a two-part race's aggregate are the
// same live as in the replay.
func TestVariant21BWithoutTheRecordInMemory(t *testing.T) {
	outcomes := map[string]int{}
	for i := range 30 {
		for _, e := range forgetfulRace(t, i, 3, "21-B:markers=3,middle=aggregate") {
			if e.Kind == "red-flag" {
				outcomes[e.Get("outcome")]++
			}
		}
		for _, e := range forgetfulRace(t, i, 2, "21-B:markers=4") {
			if e.Kind == "red-flag" {
				outcomes[e.Get("outcome")]++
			}
		}
	}
	t.Logf("red flags: %v", outcomes)
	assert.Positive(t, outcomes["half-points"], "some race ends on its last lap's flag, for half points")
	assert.Positive(t, outcomes["aggregate"], "some race runs a second part")
}

// 21-B with AX-5's symmetric heat (GridSpaceRule, StoppageRule): a red
// flag on the first lap restarts the two cars on the squares the heat
// started from, side by side behind the empty pole, not on the circuit's
// first two grid slots; the grid event names them, as at the start.
func TestVariant21BRestartsASymmetricHeatOnItsSquares(t *testing.T) {
	cars := []CarPosition{fdrAt("long.20.1", 2), fdrAt("long.14.1", 2)}
	h := redFlagRound(t, fdrVariantCfg(t, "21-B", "AX-5:start=symmetric"), Position{Round: 1, Debris: redFlagWalls3, Cars: cars}, 10, 2)
	evs := strings.Join(h.since(), "\n")

	// the heat as it started: its grid event names the squares, car 1
	// drawn inside (the grid roll 17 against 5, then the weather)
	heat, err := NewGame("heat", fdrVariantCfg(t, "21-B", "AX-5:start=symmetric"), h.c, 2)
	require.NoError(t, err)
	require.NoError(t, heat.Start(dice.NewScripted(17, 5, 10)))
	src := dice.NewSeeded(SeedFrom("21-B symmetric heat"))
	for !heat.SetupDone() {
		o, ok := Autopilot(heat)
		require.True(t, ok)
		require.NoError(t, heat.Submit(o, src))
	}
	grids := kinds(eventLines(heat), "grid")
	require.Len(t, grids, 1)
	want := grids[0]
	spaces, ok := strings.CutPrefix(want, "grid order=1,2 spaces=")
	require.True(t, ok, "the heat's grid: %s", want)
	inside, outside, ok := strings.Cut(spaces, ",")
	require.True(t, ok, "two squares: %s", want)

	assert.Contains(t, evs, "outcome=restart\n"+want+"\n")
	assert.Equal(t, inside, h.space(1))
	assert.Equal(t, outside, h.space(2))
	assert.NotEqual(t, h.c.Grid[0], h.car(1).Space, "the pole left empty")
}

// 21-B's lap-1 restart with teams (l.1265, league AMB-46; the
// StoppageRule hook at the end of the round): a team has one spare car.
// Car 2 retired alone of team 1: a fresh car. Both of team 2's cars
// retired: car 3, its No. 1, takes the fresh car [DEC], car 4 comes back
// with the points it had left, one more handling point (the loss that put
// it out) and new tyres. teams=pairs pairs cars 1–2, 3–4 … the same way;
// without teams every retired car gets a fresh car [DEC].
func TestVariant21BFirstLapRestartOneSpareATeam(t *testing.T) {
	out := func(reason string, w Wear) CarPosition {
		return CarPosition{Space: "", Status: Eliminated, Wear: w, Reason: reason, Flags: []string{"started", "crossed"}}
	}
	cars := func() []CarPosition {
		return []CarPosition{fdrAt("long.20.1", 2), out(ReasonCollision, Wear{5, 2, 2, 0, 2, 2}),
			out(ReasonCollision, Wear{6, 3, 2, 0, 1, 2}), out(ReasonHandling, Wear{4, 1, 1, 1, 1, 0}), fdrAt("long.14.1", 2)}
	}
	play := func(spec string) *harness {
		return redFlagRound(t, fdrVariantCfg(t, spec), Position{Round: 1, Debris: redFlagWalls3, Cars: cars()}, 10, 2)
	}
	for _, spec := range []string{"21-B:teams=1/1/2/2/3", "21-B:teams=pairs"} {
		h := play(spec)
		evs := strings.Join(h.since(), "\n")
		assert.Contains(t, evs, "red-flag lap=1 markers=9 walls=3 outcome=restart\nred-flag-fresh car=2\nred-flag-fresh car=3\nred-flag-repaired car=4 cat=handling\ngrid order=1,2,3,4,5\n", spec)
		assert.Equal(t, fdrDefaultBuild(), h.car(2).Wear, "%s: car 2, alone of its team out, a fresh car", spec)
		assert.Equal(t, fdrDefaultBuild(), h.car(3).Wear, "%s: car 3, team 2's No. 1, the fresh car", spec)
		assert.Equal(t, Wear{9, 1, 1, 1, 1, 1}, h.car(4).Wear, "%s: car 4, its points left, +1 handling, new tyres", spec)
		assert.Zero(t, h.car(4).TyreAge, spec)
		for _, n := range []int{2, 3, 4} {
			assert.Equal(t, Racing, h.car(n).Status, "%s: car %d restarts", spec, n)
		}
		flag := h.g.Events[slices.IndexFunc(h.g.Events, func(e Event) bool { return e.Kind == "red-flag-repaired" })]
		assert.Equal(t, "ev.red-flag-repaired", EventPhrase(h.c, flag).Key)
	}
	none := play("21-B")
	assert.Contains(t, strings.Join(none.since(), "\n"), "red-flag-fresh car=2\nred-flag-fresh car=3\nred-flag-fresh car=4\ngrid order=1,2,3,4,5\n")
	assert.Equal(t, fdrDefaultBuild(), none.car(4).Wear, "no teams: every retired car a fresh car [DEC]")
}
