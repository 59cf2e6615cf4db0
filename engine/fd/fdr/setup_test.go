package fdr

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/fdtest"
	"github.com/pitwall/pitwall/tracks"
)

// Qualifying (R1, BOT-01..07), the weather before the race (R3), the
// configurations (R5), the finish (R21) and positions under the
// competition rules.

// fdrSession is a qualifying session (R1) of the race's game, from a
// position (fdr AMB-42) whose car 1 is on its solo lap from a space, at a
// gear choice, and whose car 2 is on its own lap still (so that car 1's
// result stays the session's when its lap ends). wx is the session's
// track. A session's game has no debris of its own (newQualiSession): a
// hazard on its lap is a dangerous space of the circuit.
func fdrSession(t *testing.T, c *tracks.Circuit, space string, gear, stops int, tyre fd.Tyre, wx fd.WeatherState) *fdtest.Harness {
	t.Helper()
	sessionWeather := map[fd.WeatherState]string{fd.Fine: "sun", fd.Wet: "rain"}[wx]
	require.NotEmpty(t, sessionWeather, "a session's weather for %s", wx)
	lap := func(car int, space string, gear, stops int) fd.LapPosition {
		return fd.LapPosition{Round: 1, Play: 1, Car: fd.CarPosition{Car: car, Space: space, Gear: gear, Stops: stops, Wear: FDRDefaultBuild(), Tyre: tyre, Flags: []string{"started", "crossed"}}}
	}
	p := fd.Position{Session: 1, QualiWeather: wx, SessionWeather: sessionWeather,
		Cars: []fd.CarPosition{{Car: 1, Wear: FDRDefaultBuild(), Tyre: tyre}, {Car: 2, Wear: FDRDefaultBuild(), Tyre: tyre}},
		Laps: []fd.LapPosition{lap(1, space, gear, stops), lap(2, "long.1.2", 1, 0)}}
	g, err := fd.NewGame("t", FDRConfig(), c, 2)
	require.NoError(t, err)
	h := &fdtest.Harness{T: t, G: g, Track: c}
	require.NoError(t, g.StartFrom(p, dice.NewScripted()), "events:\n%s", h.Dump())
	h.Since() // the mark after the session's position lines
	h.Expect(1, fd.DecideGear)
	return h
}

// fdrLap is car's lap in progress in the session's position, which
// carries its score (R1.9: its gear-die rolls and penalty rolls).
func fdrLap(t *testing.T, g *fd.Game, car int) fd.LapPosition {
	t.Helper()
	for _, l := range g.Position().Laps {
		if l.Car.Car == car {
			return l
		}
	}
	require.Failf(t, "no lap in progress", "car %d", car)
	return fd.LapPosition{}
}

// fdrLapAborted asserts that car's lap is over and aborted (R1.10): the
// session's result says it ended, as a car eliminated in its session.
func fdrLapAborted(t *testing.T, g *fd.Game, car int) {
	t.Helper()
	r, ok := g.SessionResults()[car]
	require.True(t, ok, "car %d's lap is over", car)
	assert.True(t, r.Ended, "car %d is out of its session", car)
}

// R1.1, R1.9, R1.10, R10.16, BOT-01, BOT-04: a session is scored in rolls;
// overshoots cost penalty rolls, no points are used, no brakes, no tests;
// too few stops aborts it.
func TestFDRQualifyingSession(t *testing.T) {
	c := fdtest.FDRLab(t)
	t.Run("abort: a 3-stop corner left with 1 stop (R1.10)", func(t *testing.T) {
		h := fdrSession(t, c, "three.4.0", 2, 1, fd.Hard, fd.Fine)
		h.Gear(2, 4)
		for _, op := range h.Pending().Options {
			assert.Zero(t, op.Braked, "no brakes in qualifying (R1.1)")
			if op.Overshoot > 0 {
				assert.True(t, op.Eliminated)
				assert.Contains(t, op.Cause, "aborts the session")
			}
		}
		h.Pick(func(op fd.Option) bool { return op.Overshoot > 0 })
		fdrLapAborted(t, h.G, 1)
	})
	t.Run("abort: a 2-stop corner left with no stop (R1.10)", func(t *testing.T) {
		h := fdrSession(t, c, "two.4.0", 2, 0, fd.Hard, fd.Fine)
		h.Gear(2, 4)
		h.Pick(func(op fd.Option) bool { return op.Overshoot > 0 })
		fdrLapAborted(t, h.G, 1)
	})
	t.Run("an overshoot: spaces × the qualifying factor in rolls, no tyres (R1.9, T3)", func(t *testing.T) {
		h := fdrSession(t, c, "two.4.0", 2, 1, fd.Soft, fd.Fine)
		h.Gear(2, 4)
		op := h.Pick(func(op fd.Option) bool { return op.Overshoot > 0 && !op.Bonus })
		assert.Equal(t, 2*op.Overshoot, op.Penalty)
		assert.Zero(t, op.Cost)
		lap := fdrLap(t, h.G, 1)
		assert.Equal(t, 2*op.Overshoot, lap.Penalty)
		assert.Equal(t, 1, lap.Rolls)
		assert.Equal(t, FDRDefaultBuild(), lap.Car.Wear, "no points are used (R1.1)")
	})
	t.Run("no handling tests (R1.1)", func(t *testing.T) {
		// every lane of long.7 is a dangerous space: the move crosses one
		dangerous := fdtest.InlineTrack(t, fdtest.FDRLabSource+"space long.7.0 +dangerous\nspace long.7.1 +dangerous\nspace long.7.2 +dangerous\n")
		h := fdrSession(t, dangerous, "long.5.1", 2, 0, fd.Hard, fd.Fine)
		h.Gear(2, 3)
		op := h.Move("long.8.1")
		require.Len(t, op.Path, 3)
		assert.True(t, h.Track.Spaces[op.Path[1]].Has(tracks.FlagDangerous), "the move crosses a dangerous space")
		rolls := fdtest.Kinds(h.Since(), "q-roll")
		require.NotEmpty(t, rolls, "the gear die")
		assert.Empty(t, rolls[1:])
	})
	t.Run("rain session: slides (R1.6)", func(t *testing.T) {
		h := fdrSession(t, c, "b.4.1", 2, 0, fd.RainTyre, fd.Wet)
		h.Gear(2, 4)
		for _, op := range h.Pending().Options {
			assert.Equal(t, 1, op.Slide)
		}
	})
	t.Run("soft +1 in a dry session (R8.5)", func(t *testing.T) {
		h := fdrSession(t, c, "long.5.1", 2, 0, fd.Soft, fd.Fine)
		h.Gear(2, 3)
		assert.NotEmpty(t, h.Find(func(op fd.Option) bool { return op.Bonus }))
	})
}

// R1.13, AMB-42: the qualifying classification.
func TestFDRQualifyingOrder(t *testing.T) {
	r := func(car, rolls, pen, past, seq int, ended bool, covered int) fd.QualifyingResult {
		return fd.QualifyingResult{Car: car, Rolls: rolls, Penalty: pen, Past: past, Seq: seq, Ended: ended, Covered: covered}
	}
	for _, tc := range []struct {
		name string
		a, b fd.QualifyingResult
	}{
		{"fewer rolls", r(1, 9, 0, 0, 2, false, 0), r(2, 10, 0, 9, 1, false, 0)},
		{"penalty rolls count", r(1, 9, 0, 0, 2, false, 0), r(2, 8, 2, 9, 1, false, 0)},
		{"then further past the line", r(1, 9, 0, 5, 2, false, 0), r(2, 9, 0, 3, 1, false, 0)},
		{"then first to complete", r(1, 9, 0, 5, 1, false, 0), r(2, 9, 0, 5, 2, false, 0)},
		{"completed before aborted", r(1, 30, 9, 0, 9, false, 0), r(2, 3, 0, 0, 1, true, 90)},
		{"aborted: further first", r(1, 0, 0, 0, 9, true, 50), r(2, 0, 0, 0, 1, true, 40)},
	} {
		assert.True(t, tc.a.RanksBefore(tc.b), tc.name)
		assert.False(t, tc.b.RanksBefore(tc.a), tc.name)
	}
}

// R1, R2.1, R3.1–R3.4, R4.1, R5.2, R8.1, AMB-45: the setup under the
// competition rules, in order, with every decision taken by all at once.
func TestFDRSetupSequence(t *testing.T) {
	c := fdtest.FDRLab(t)
	cfg := FDRConfig()
	cfg.Sessions = 2
	g, err := fd.NewGame("setup", cfg, c, 3)
	require.NoError(t, err)
	src := dice.NewSeeded(fd.SeedFrom("setup"))
	require.NoError(t, g.Start(src))
	// the first session's weather is rolled, then all three declare tyres
	d := g.PendingAll()
	require.Len(t, d, 3)
	for _, x := range d {
		assert.Equal(t, fd.DecideTyres, x.Kind)
	}
	for !g.SetupDone() {
		o, ok := fd.Autopilot(g)
		require.True(t, ok)
		require.NoError(t, g.Submit(o, src))
	}
	var seq []string
	for _, e := range g.Events {
		switch e.Kind {
		case "weather", "qualifying", "qualified", "configuration", "tyres", "grid":
			seq = append(seq, e.Kind+" "+e.Get("session")+e.Get("n"))
		}
	}
	assert.Equal(t, []string{
		"weather qualifying1", "tyres ", "tyres ", "tyres ",
		"qualifying ", "qualifying ", "qualifying ", "qualified 1", "qualified 1", "qualified 1",
		"weather qualifying2", "tyres ", "tyres ", "tyres ",
		"qualifying ", "qualifying ", "qualifying ", "qualified 2", "qualified 2", "qualified 2",
		"weather race", "configuration ", "configuration ", "configuration ", "tyres ", "tyres ", "tyres ", "grid ",
	}, seq)
	// the second session's events carry qs=2 and roll under their own id
	text := ""
	for _, e := range g.Events {
		text += e.String() + "\n"
	}
	assert.Contains(t, text, "q-roll q=1 qs=2 ")
	// the race weather is rolled for the pole-sitter (R2.1, BOT-09)
	var grid, wx fd.Event
	for _, e := range g.Events {
		if e.Kind == "grid" {
			grid = e
		}
		if e.Kind == "weather" && e.Get("session") == "race" {
			wx = e
		}
	}
	assert.Equal(t, strings.Split(grid.Get("order"), ",")[0], wx.Get("car"))
	// pits are car numbers (R4.1, simplified); configurations leave pit
	// points (R5.2)
	for i := range g.Cars {
		car := &g.Cars[i]
		assert.NoError(t, ValidateFDRSpread(g.StartingWear(car), g.PitPool(car.Number)))
	}
	// finish the race and check the record
	for !g.Over {
		o, ok := fd.Autopilot(g)
		require.True(t, ok)
		require.NoError(t, g.Submit(o, src))
	}
	seed := fd.SeedFrom("setup")
	rec := &fd.Record{Game: g.ID, Rules: fd.FDR, Options: cfg.Options(), TrackSource: fdtest.FDRLabSource, Cars: 3,
		Commitment: dice.Commitment(seed), Seed: hexSeed(seed), Events: g.Events}
	back, err := fd.ParseRecord(rec.Text())
	require.NoError(t, err)
	require.NoError(t, fd.Verify(back))
	g2, err := fd.Replay(back, c)
	require.NoError(t, err)
	assert.Equal(t, g.Results(), g2.Results())
}

// R3.4: a changeable race starts wet after a rain session, dry otherwise.
func TestFDRChangeableStart(t *testing.T) {
	c := fdtest.FDRLab(t)
	for _, tc := range []struct {
		last tracks.Weather
		want fd.WeatherState
	}{{tracks.Rain, fd.ChangeableWet}, {tracks.Sun, fd.Overcast}, {tracks.Changeable, fd.Overcast}} {
		g, err := fd.NewGame("wx", FDRConfig(), c, 2)
		require.NoError(t, err)
		fdrRaceState(g).stage, fdrRaceState(g).grid, fdrRaceState(g).lastSession = fdrStageWeather, []int{2, 1}, tc.last
		_, err = fdrAdvanceSetup(g, dice.NewScripted(14)) // changeable on the lab's table
		require.NoError(t, err)
		assert.Equal(t, tc.want, g.Weather(), "last session %s", tc.last)
		assert.Contains(t, g.Events[len(g.Events)-1].String(), "weather session=race result=changeable")
		assert.Equal(t, "2", g.Events[0].Get("car"), "rolled for the pole-sitter")
	}
}

// R5.2, BOT-11: a configuration by letter or as numbers, validated.
func TestFDRConfigurationDecision(t *testing.T) {
	c := fdtest.FDRLab(t)
	g, err := fd.NewGame("cfg", FDRConfig(), c, 2)
	require.NoError(t, err)
	fdrRaceState(g).stage, fdrRaceState(g).grid = fdrStageBuild, []int{1, 2}
	src := dice.NewScripted()
	// Start plays the setup on from the stage set above
	require.NoError(t, g.Start(src))
	d := g.PendingAll()
	require.Len(t, d, 2)
	assert.Equal(t, fd.DecideBuild, d[0].Kind)
	assert.Equal(t, 2, d[0].Options[0].Pits)
	// numbers: an illegal spread is refused and changes nothing
	err = g.Submit(fd.Order{Car: 1, Build: fd.Wear{10, 4, 2, 2, 2, 3}}, src)
	require.ErrorIs(t, err, fd.ErrIllegal)
	require.NoError(t, g.Submit(fd.Order{Car: 1, Build: fd.Wear{10, 4, 2, 2, 2, 2}}, src))
	require.NoError(t, g.Submit(fd.Order{Car: 2, Letter: "A"}, src))
	assert.Equal(t, 0, g.PitPool(1))
	assert.Equal(t, 2, g.PitPool(2))
	assert.Equal(t, fd.Wear{10, 4, 2, 2, 2, 2}, g.Cars[0].Wear)
	assert.Contains(t, g.Events[len(g.Events)-1].String(), "configuration car=2 wear=9/3/2/2/2/2 pit=2")
}

// R21, AMB-46: the finish in crossing order; a finished car leaves the
// board and takes no tests past the line (R17.6).
func TestFDRFinish(t *testing.T) {
	c := fdtest.FDRLab(t)
	h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{fdtest.FDRAt("home.7.1", 2).WithLaps(2), fdtest.FDRAt("home.6.0", 2).WithLaps(2), fdtest.FDRAt("long.1.0", 2).WithLaps(2)},
		[]string{"long.0.0", "long.0.1", "long.0.2"})
	h.Gear(2, 3)
	h.Move("long.0.1") // past the line, onto a sticker, behind car 3: no tests
	evs := h.Since()
	assert.Contains(t, evs, "finish car=1 place=1")
	assert.Empty(t, fdtest.Kinds(evs, "contact"))
	for _, e := range fdtest.Kinds(evs, "roll") {
		assert.NotContains(t, e, "handling")
	}
	assert.Equal(t, tracks.NoSpace, h.Car(1).Space)
	h.Gear(2, 4)
	h.Move("long.0.0")
	assert.Contains(t, h.Since(), "finish car=2 place=2")
	assert.Equal(t, fd.Finished, h.Car(2).Status)
	res := h.G.Results()
	assert.Equal(t, []int{1, 2}, []int{res[0].Car, res[1].Car})
}

// A position carries the competition state (configuration, pit points,
// arrival, inertia, wrecks, the last weather test) and restarts from it.
func TestFDRPositionRoundTrip(t *testing.T) {
	c := fdtest.FDRLab(t)
	p := fd.Position{Round: 7, Weather: fd.ChangeableWet, WeatherTest: "rain", Debris: []string{"c.3.1"}, Cars: fdrCars(
		fdtest.FDRAt("c.10.1", 5).WithLaps(1).WithBuild(fd.Wear{8, 3, 2, 3, 3, 2}, 1).WithArrival(12),
		func() fdtest.CarAt {
			p := fdtest.FDRAt("c.12.1", 5).WithLaps(1).WithArrival(11)
			p.Inertia = "pending"
			return p
		}(),
		func() fdtest.CarAt {
			p := fdtest.FDRAt("c.14.0", 4).WithLaps(1).WithFlags("wreck")
			p.Status, p.Reason = fd.Eliminated, fd.ReasonBlocking
			return p
		}(),
		fdtest.FDRAt("c.2.2", 1).WithLaps(1).WithFlags("restart").WithTyre(fd.RainTyre, 1),
	)}
	for i := range p.Cars {
		p.Cars[i].Car = i + 1
	}
	back, err := fd.ParsePosition(p.Events())
	require.NoError(t, err)
	g, err := fd.NewGame("pos", FDRConfig(), c, 4)
	require.NoError(t, err)
	fdrRaceState(g).inRound = false
	// start without playing: a scripted source with no rolls stops at
	// the first roll a turn needs
	_ = g.StartFrom(back, dice.NewScripted())
	assert.Equal(t, fd.Wear{8, 3, 2, 3, 3, 2}, g.StartingWear(&g.Cars[0]))
	assert.Equal(t, 1, g.PitPool(1))
	assert.Equal(t, 2, g.PitPool(2), "no configuration given: the default's pit points")
	assert.Equal(t, InertiaPending, inertiaState(&g.Cars[1]))
	assert.True(t, isWreck(&g.Cars[2]))
	assert.Equal(t, fd.ReasonBlocking, g.Cars[2].EliminationReason())
	assert.Equal(t, "c.14.0", c.Spaces[g.Cars[2].Space].Name)
	assert.Equal(t, tracks.Rain, fdrRaceState(g).wxLast)
	assert.Equal(t, 12, arrival(&g.Cars[0]))
	// and it writes itself back
	for _, want := range []string{"config=8/3/2/3/3/2 pit=1 arrival=12", "inertia=pending", "status=eliminated distance=0 flags=started,crossed,wreck config=9/3/2/2/2/2 pit=2 reason=blocking", "flags=started,crossed,restart", "weather-test=rain"} {
		found := false
		for _, e := range g.Position().Events() {
			if strings.Contains(e.String(), want) {
				found = true
			}
		}
		assert.True(t, found, want)
	}
	// refusals
	bad := p
	bad.Cars = append([]fd.CarPosition(nil), p.Cars...)
	bad.Cars[0].Config = fd.Wear{9, 3, 2, 2, 2, 9}
	g, _ = fd.NewGame("pos", FDRConfig(), c, 4)
	assert.ErrorContains(t, g.StartFrom(bad, dice.NewScripted()), "R5.2")
}

// R4.1, BOT-10: the drivers choose their pits one at a time in grid order,
// pole first, among the pits still free; the autopilot takes the free pit
// nearest the pit-lane entry.
func TestFDRPitChoiceInGridOrder(t *testing.T) {
	c := fdtest.FDRLab(t)
	require.True(t, c.Pit.Usable)
	require.GreaterOrEqual(t, len(c.Pit.Boxes), 3)
	g, err := fd.NewGame("pits", FDRConfig(), c, 3)
	require.NoError(t, err)
	fdrRaceState(g).stage, fdrRaceState(g).grid = fdrStageBoxes, []int{3, 1, 2}
	src := dice.NewScripted() // no die is rolled
	// Start plays the setup on from the stage set above
	require.NoError(t, g.Start(src))
	d := g.PendingAll()
	require.Len(t, d, 1, "one driver at a time")
	assert.Equal(t, 3, d[0].Car, "the pole-sitter first")
	assert.Equal(t, fd.DecideBox, d[0].Kind)
	require.Len(t, d[0].Options, len(c.Pit.Boxes), "every pit is free")
	// a driver later on the grid cannot choose yet
	require.Error(t, g.Submit(fd.Order{Car: 1, Letter: "A"}, src))
	require.NoError(t, g.Submit(fd.Order{Car: 3, Letter: "B"}, src))
	d = g.PendingAll()
	require.Len(t, d, 1)
	assert.Equal(t, 1, d[0].Car)
	require.Len(t, d[0].Options, len(c.Pit.Boxes)-1, "pit 2 is taken")
	for _, op := range d[0].Options {
		assert.NotEqual(t, 2, op.Box)
	}
	require.NoError(t, g.Submit(fd.Order{Car: 1, Letter: "A"}, src))
	o, ok := fd.Autopilot(g)
	require.True(t, ok)
	assert.Equal(t, 2, o.Car)
	require.NoError(t, g.Submit(o, src))
	// car N no longer owns pit N
	assert.Equal(t, c.Pit.Boxes[1], g.OwnBox(g.Car(3)))
	assert.Equal(t, c.Pit.Boxes[0], g.OwnBox(g.Car(1)))
	assert.Equal(t, c.Pit.Boxes[2], g.OwnBox(g.Car(2)), "BOT-10: the free pit nearest the entry")
	assert.Contains(t, fdtest.EventsText(g), "pit-box car=3 box=2")
	d = g.PendingAll()
	require.NotEmpty(t, d)
	assert.Equal(t, fd.DecideBuild, d[0].Kind, "the pits are chosen before the cars are configured")
}

// R4.1, BOT-10: the pit box a driver chose is part of a position: written
// as box=N, read back, and the car restarted from it still owns that box;
// a position giving one box to two cars, or a box the circuit lacks, is
// refused.
func TestFDRPositionCarriesPitBox(t *testing.T) {
	c := fdtest.FDRLab(t)
	g, err := fd.NewGame("pits", FDRConfig(), c, 3)
	require.NoError(t, err)
	fdrRaceState(g).stage, fdrRaceState(g).grid = fdrStageBoxes, []int{3, 1, 2}
	src := dice.NewScripted()
	// Start plays the setup on from the stage set above
	require.NoError(t, g.Start(src))
	require.NoError(t, g.Submit(fd.Order{Car: 3, Letter: "E"}, src)) // box 5
	require.NoError(t, g.Submit(fd.Order{Car: 1, Letter: "A"}, src)) // box 1
	require.NoError(t, g.Submit(fd.Order{Car: 2, Letter: "A"}, src)) // box 2
	var boxes []int
	for _, cp := range g.Position().Cars {
		boxes = append(boxes, cp.Box)
	}
	assert.Equal(t, []int{1, 2, 5}, boxes, "Position() carries each car's choice")

	p := fd.Position{Round: 4, Cars: fdrCars(fdtest.FDRAt("c.10.1", 3).WithLaps(1), fdtest.FDRAt("c.12.1", 3).WithLaps(1), fdtest.FDRAt("c.14.0", 3).WithLaps(1))}
	for i := range p.Cars {
		p.Cars[i].Car, p.Cars[i].Box = i+1, boxes[i]
	}
	evs := p.Events()
	assert.Contains(t, evs[3].String(), " box=5")
	back, err := fd.ParsePosition(evs)
	require.NoError(t, err)
	assert.Equal(t, 5, back.Cars[2].Box)
	g2, err := fd.NewGame("pos", FDRConfig(), c, 3)
	require.NoError(t, err)
	_ = g2.StartFrom(back, dice.NewScripted())
	assert.Equal(t, c.Pit.Boxes[4], g2.OwnBox(g2.Car(3)), "car 3 still owns box 5, not box 3")
	assert.Equal(t, c.Pit.Boxes[1], g2.OwnBox(g2.Car(2)))
	assert.Equal(t, 5, g2.Position().Cars[2].Box, "and writes it back")

	// without box= car N owns box N, as before R4.1 was played
	plain := fd.Position{Round: 4, Cars: fdrCars(fdtest.FDRAt("c.10.1", 3).WithLaps(1), fdtest.FDRAt("c.12.1", 3).WithLaps(1))}
	plain.Cars[0].Car, plain.Cars[1].Car = 1, 2
	g3, _ := fd.NewGame("pos", FDRConfig(), c, 2)
	_ = g3.StartFrom(plain, dice.NewScripted())
	assert.Equal(t, c.Pit.Boxes[1], g3.OwnBox(g3.Car(2)))
	assert.NotContains(t, g3.Position().Events()[2].String(), "box=")

	// refusals
	clash := plain
	clash.Cars = append([]fd.CarPosition(nil), plain.Cars...)
	clash.Cars[0].Box = 2 // car 2 owns box 2 by default
	g4, _ := fd.NewGame("pos", FDRConfig(), c, 2)
	assert.ErrorContains(t, g4.StartFrom(clash, dice.NewScripted()), "cars 1 and 2 both own pit box 2 (R4.1)")
	far := plain
	far.Cars = append([]fd.CarPosition(nil), plain.Cars...)
	far.Cars[0].Box = len(c.Pit.Boxes) + 1
	g5, _ := fd.NewGame("pos", FDRConfig(), c, 2)
	assert.ErrorContains(t, g5.StartFrom(far, dice.NewScripted()), "R4.1")
	_, err = fd.ParsePosition([]fd.Event{fdtest.Event("position", "round", 1), fdtest.Event("position-car", "car", 1, "space", "c.1.1", "gear", 1, "wear", "9/3/2/2/2/2", "box", "x")})
	assert.ErrorContains(t, err, "box=")
}

// A position built in Go (not read from a line, which takes only T8's
// reasons) with a reason outside fdr's table is refused: a car holds its
// reason as an index into that table (fdrReasons), so an unknown text
// cannot be held.
func TestFDRPositionRefusesAReasonOutsideT8(t *testing.T) {
	p := fd.Position{Round: 7, Cars: fdrCars(
		fdtest.FDRAt("c.10.1", 5).WithLaps(1),
		func() fdtest.CarAt {
			p := fdtest.FDRAt("c.14.0", 4).WithLaps(1).WithFlags("wreck")
			p.Status, p.Reason = fd.Eliminated, "bored"
			return p
		}(),
	)}
	for i := range p.Cars {
		p.Cars[i].Car = i + 1
	}
	g, err := fd.NewGame("pos", FDRConfig(), fdtest.FDRLab(t), 2)
	require.NoError(t, err)
	fdrRaceState(g).inRound = false
	err = g.StartFrom(p, dice.NewScripted())
	require.Error(t, err)
	assert.Contains(t, err.Error(), `car 2: reason "bored" is none of T8's`)
}
