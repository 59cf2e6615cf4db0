package fd

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// AX-5 (league AMB-58), hooks BuildRule, GridRule, ConfigRule: a heat is
// one lap, no qualifying, car 1 on pole, every car built T6 B1 C2 E1 K1 H1
// and no other way, no pit point.
func TestVariantAX5BlitzHeatSetup(t *testing.T) {
	c := ovalTrack(t)
	start := func(specs ...string) *Game {
		cfg := fdrVariantCfg(t, specs...)
		g, err := NewGame("blitz", cfg, c, 2)
		require.NoError(t, err)
		require.NoError(t, g.Start(dice.NewSeeded(SeedFrom("blitz-setup"))))
		return g
	}
	g := start("AX-5")
	assert.Equal(t, 1, g.Config.Laps)
	assert.Equal(t, 0, g.Config.Sessions)
	src := dice.NewSeeded(SeedFrom("blitz-setup"))
	for !slices.ContainsFunc(g.PendingAll(), func(d Decision) bool { return d.Kind == DecideBuild }) {
		o, ok := Autopilot(g) // the pit boxes, in grid order (R4.1)
		require.True(t, ok)
		require.NoError(t, g.Submit(o, src))
	}
	var builds []Decision
	for _, d := range g.PendingAll() {
		if d.Kind == DecideBuild {
			builds = append(builds, d)
		}
	}
	require.Len(t, builds, 2, "both cars build at once")
	require.Len(t, builds[0].Options, 1, "the one Blitz build is offered")
	assert.Equal(t, Wear{6, 1, 2, 1, 1, 1}, builds[0].Options[0].Build)
	assert.Equal(t, 0, builds[0].Options[0].Pits, "no pit point")
	before := len(g.Events)
	err := g.Submit(Order{Car: 1, Build: fdrDefaultBuild()}, dice.NewScripted())
	require.ErrorIs(t, err, ErrIllegal)
	assert.ErrorContains(t, err, "every car of this race is built 6/1/2/1/1/1")
	assert.Len(t, g.Events, before, "a refused build changes nothing")
	for !g.Over && g.setupStage < setupDone {
		o, ok := Autopilot(g)
		require.True(t, ok)
		require.NoError(t, g.Submit(o, src))
	}
	text := eventsText(g)
	assert.Contains(t, text, "configuration car=1 wear=6/1/2/1/1/1 pit=0")
	assert.Contains(t, text, "grid order=1,2", "car 1 on pole, no grid roll")
	assert.NotContains(t, text, "session=qualifying")

	plain := start()
	assert.Equal(t, fdrConfig().Laps, plain.Config.Laps)
	assert.NotEmpty(t, plain.PendingAll())
	assert.NotEqual(t, DecideBuild, plain.PendingAll()[0].Kind, "without AX-5 qualifying comes before the build")
}

// AX-5's fatal tests (AMB-58): with one engine point a failed engine test
// (R16.1) blows the engine, where the standard build only loses a point.
func TestVariantAX5EngineTestIsFatal(t *testing.T) {
	c := fdrLab(t)
	run := func(cfg Config, w Wear) *harness {
		p1 := fdrAt("c.2.1", 6).laps(0)
		p2 := fdrAt("c.0.0", 4).laps(0)
		p1.Wear, p1.Config, p2.Wear, p2.Config = w, w, w, w
		h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Cars: []CarPosition{p1, p2}})
		h.gear(6, 30)
		h.since()
		h.moveN("c.32.1", 30, 1) // the engine test: 1 fails (T6)
		return h
	}
	blitz := run(fdrVariantCfg(t, "AX-5"), Wear{6, 1, 2, 1, 1, 1}) // the one build AX-5 offers (TestVariantAX5BlitzHeatSetup)
	assert.Contains(t, blitz.since(), "engine-blown car=1 inertia=single", "its only engine point lost")
	assert.Equal(t, 0, blitz.car(1).Wear[Engine])
	cfg := fdrConfig()
	cfg.Laps = 1
	plain := run(cfg, fdrDefaultBuild())
	assert.NotContains(t, plain.since(), "engine-blown car=1 inertia=single")
	assert.Equal(t, fdrDefaultBuild()[Engine]-1, plain.car(1).Wear[Engine])
	assert.Equal(t, Racing, plain.car(1).Status)
}

// AX-5's time bank (AMB-58): the service enters a "time-out" when a car's
// bank is spent; the car is frozen where it stands, eliminated with reason
// time, play goes on; the record replays, and differs from the heat
// without it from the time-out on.
func TestVariantAX5TimeOutFreezesTheCar(t *testing.T) {
	c := ovalTrack(t)
	run := func(timeOut bool) (*Game, *Record) {
		cfg := fdrVariantCfg(t, "AX-5:time_bank=90m")
		seed := SeedFrom("blitz-time-out")
		id := GameIDFor(seed)
		g, err := NewGame(id, cfg, c, 2)
		require.NoError(t, err)
		src := dice.NewSeeded(seed)
		require.NoError(t, g.Start(src))
		entered := !timeOut
		for !g.Over {
			if !entered && g.setupStage >= setupDone && g.Round >= 3 && g.Pending() != nil {
				car := g.Pending().Car
				at := progress(c, g.car(car))
				require.NoError(t, g.ClockOut(car, "90m", src))
				assert.Equal(t, Eliminated, g.car(car).Status)
				assert.Equal(t, ReasonTime, g.car(car).EliminationReason())
				assert.Equal(t, at, g.car(car).LastLevel, "frozen where it stands")
				entered = true
			}
			o, ok := Autopilot(g)
			require.True(t, ok)
			require.NoError(t, g.Submit(o, src))
		}
		return g, &Record{Game: id, Rules: cfg.Rules, Options: cfg.Options(), Track: "test-oval", Cars: 2, Events: g.Events}
	}
	with, rec := run(true)
	without, _ := run(false)
	assert.Contains(t, eventsText(with), "time-out car=")
	assert.Contains(t, eventsText(with), "reason=time")
	assert.NotEqual(t, with.Events, without.Events)
	back, err := Replay(rec, c)
	require.NoError(t, err)
	assert.Equal(t, with.Results(), back.Results())
	crossed := 0
	for _, car := range with.Cars {
		if car.Status == Finished {
			crossed++
		}
	}
	assert.Equal(t, 1, crossed, "the frozen car never crosses")
	// what bot's heat winner reads of this race (BlitzHeat):
	// TestVariantAX5BlitzHeat, an external test

	plain := fdrConfig()
	g, err := NewGame("plain", plain, c, 2)
	require.NoError(t, err)
	require.ErrorIs(t, g.ClockOut(1, "90m", dice.NewScripted()), ErrIllegal, "no bank without AX-5")
}

// AX-5's parameters and its refusals, each a sentence.
func TestVariantAX5RefusesBadParameters(t *testing.T) {
	cfg := fdrConfig()
	assert.ErrorContains(t, cfg.EnableVariant("AX-5:time_bank=soon"), "not a time like 48h")
	// the bank's minutes, which bot's clock reads: TestVariantAX5TimeBank
	both := fdrVariantCfg(t, "AX-5", "2-B")
	assert.ErrorContains(t, both.Validate(), "not with 2-B")
	long := fdrVariantCfg(t, "AX-5")
	long.Laps = 2
	assert.ErrorContains(t, long.Validate(), "races one lap")
	grid := fdrVariantCfg(t, "AX-5", "1-C")
	_, err := NewGame("x", grid, nil, 2)
	assert.ErrorContains(t, err, "not with")
}

// AX-5's symmetric heat (start=symmetric, the spec's third heat of a level
// match), hooks GridRule and GridSpaceRule: the two squares are side by
// side behind the pole at the same level, so as far from bend 1, on
// either side of the track, the pole slot left empty; the black die
// (scripted) draws who takes the inside of bend 1 (a right-hander on the
// test oval: the rightmost square), who plays the first round first. The
// grid event names the squares, the board's positions read them, the
// record replays; the heat without it starts car 1 on pole.
func TestVariantAX5SymmetricHeat(t *testing.T) {
	c := ovalTrack(t)
	src := dice.NewSeeded(SeedFrom("blitz-symmetric"))
	start := func(grid ...int) (*Game, *Record) {
		cfg := fdrVariantCfg(t, "AX-5:start=symmetric")
		g, err := NewGame("blitz-symmetric", cfg, c, 2)
		require.NoError(t, err)
		require.NoError(t, g.Start(dice.NewScripted(append(grid, 10)...)), "the grid roll, then the weather")
		for g.setupStage < setupDone {
			o, ok := Autopilot(g)
			require.True(t, ok)
			require.NoError(t, g.Submit(o, src))
		}
		return g, &Record{Game: g.ID, Rules: cfg.Rules, Options: cfg.Options(), Track: "test-oval", Cars: 2, Events: g.Events}
	}
	var squares []tracks.SpaceID // the inside square, then the outside one
	for _, tc := range []struct {
		rolls          []int
		first, outward int
	}{{[]int{5, 17}, 2, 1}, {[]int{17, 5}, 1, 2}, {[]int{9, 9, 3, 12}, 2, 1}} {
		g, rec := start(tc.rolls...)
		inside, outside := g.car(tc.first).Space, g.car(tc.outward).Space
		if squares == nil {
			squares = []tracks.SpaceID{inside, outside}
		}
		assert.Equal(t, squares, []tracks.SpaceID{inside, outside}, "rolls %v: the same two squares, the die draws who takes which", tc.rolls)
		in, out := c.Space(inside), c.Space(outside)
		assert.Equal(t, []string{fmt.Sprintf("grid order=%d,%d spaces=%s,%s", tc.first, tc.outward, in.Name, out.Name)}, kinds(eventLines(g), "grid"), "rolls %v: the grid event names the cars' squares", tc.rolls)
		// the squares, whoever the die put on them
		assert.Equal(t, in.Level, out.Level, "the same distance from bend 1")
		assert.Less(t, in.Level, c.Space(c.Grid[0]).Level, "behind the pole")
		assert.NotContains(t, []tracks.SpaceID{inside, outside}, c.Grid[0], "the pole left empty")
		assert.Equal(t, c.Lanes-1, in.Lane, "bend 1 turns right: the inside is the rightmost lane")
		assert.Equal(t, 0, out.Lane)
		bend := c.NextCorner(in.Level)
		require.GreaterOrEqual(t, bend, 0)
		assert.Equal(t, "North Bend", c.Corners[bend].Name, "bend 1, the first after the line")
		assert.Equal(t, tracks.Right, c.Corners[bend].Direction)
		require.NotNil(t, g.Pending())
		assert.Equal(t, tc.first, g.Pending().Car, "rolls %v: the inside car plays first", tc.rolls)
		for _, since := range []int{0, 1} { // read forwards, and backwards from play 1
			plays := g.PlaysSince(since)
			require.NotEmpty(t, plays)
			assert.Equal(t, inside, plays[0].From, "the board draws the first play from the square the grid event names")
		}
		back, err := Replay(rec, c)
		require.NoError(t, err)
		assert.Equal(t, g.car(1).Space, back.car(1).Space, "the record replays")
		p := EventPhrase(c, g.Events[slices.IndexFunc(g.Events, func(e Event) bool { return e.Kind == "grid" })])
		assert.Equal(t, "ev.grid-symmetric", p.Key)
		// both banks spent before either moves, the inside car leads the
		// heat (BlitzHeat, AMB-58's tie-break): TestVariantAX5BlitzHeat
	}

	plain := fdrVariantCfg(t, "AX-5")
	g, err := NewGame("blitz-grid", plain, c, 2)
	require.NoError(t, err)
	require.NoError(t, g.Start(dice.NewScripted(10)), "no grid roll: car 1 on pole")
	for g.setupStage < setupDone {
		o, ok := Autopilot(g)
		require.True(t, ok)
		require.NoError(t, g.Submit(o, src))
	}
	assert.Contains(t, eventsText(g), "grid order=1,2\n")
	assert.Equal(t, c.Grid[0], g.car(1).Space, "without start=symmetric, car 1 on pole")

	three, err := NewGame("blitz-three", fdrVariantCfg(t, "AX-5:start=symmetric"), c, 3)
	require.NoError(t, err)
	assert.ErrorContains(t, three.Start(dice.NewScripted(5, 17, 10)), "start=symmetric is a heat of two cars, not 3")
	cfg := fdrConfig()
	assert.ErrorContains(t, cfg.EnableVariant("AX-5:start=pole"), "start=\"pole\" must be one of grid, symmetric")
}
