package fd

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/dice"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// 20-B (a), hook SpareCar: car 1 ends on long.5.0 beside car 2 (long.5.1)
// and behind car 3 (long.6.0, one body point left); car 3's collision test
// (R14.3) rolls a 1 and eliminates it. The pit entry of fdrlab is home.1,
// at the end of the lap: on the first lap nobody has reached it, so under
// 20-B car 3 is back at once in its team's spare, in its box, with one
// engine point less; without 20-B it stays out. Once a car has done a lap
// the leader is past the pit entry, and a team whose spare is out already
// has none left. Cars 2 and 3 have not crossed the line yet, so car 1
// leads and plays first without having done a lap.
func TestVariant20BSpareCar(t *testing.T) {
	c := fdrLab(t)
	spare := func(cp CarPosition) CarPosition { cp.Flags = append(cp.Flags, "spare"); return cp }
	for _, tc := range []struct {
		name    string
		variant bool
		leader  CarPosition // car 1
		car4    *CarPosition
		back    bool
	}{
		{"without 20-B the car is out", false, fdrAt("long.2.0", 2), nil, false},
		{"20-B: out on the first lap, back in the spare", true, fdrAt("long.2.0", 2), nil, true},
		{"20-B: the leader has passed the pit entry", true, fdrAt("long.2.0", 2).laps(1), nil, false},
		{"20-B: the team's spare is already out", true, fdrAt("long.2.0", 2), func() *CarPosition { p := spare(fdrAt("long.0.0", 2)); return &p }(), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := fdrConfig()
			if tc.variant {
				cfg = fdrVariantCfg(t, "20-B")
			}
			behind := func(cp CarPosition) CarPosition { cp.Flags = []string{"started"}; return cp }
			c3 := behind(fdrAt("long.6.0", 2))
			c3.Wear[Body] = 1
			cars := []CarPosition{tc.leader, behind(fdrAt("long.5.1", 2)), c3}
			if tc.car4 != nil {
				cars = append(cars, *tc.car4)
			}
			h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Weather: Fine, Cars: cars})
			h.gear(2, 3)
			h.since()
			h.submit(Order{Car: 1, Letter: h.option("long.5.0", 3).Letter}, 1, 20, 20)
			evs := strings.Join(h.since(), "\n")
			assert.Contains(t, evs, "eliminated car=3", "R14.3: car 3's collision test fails")
			car3 := h.car(3)
			if !tc.back {
				assert.Equal(t, Eliminated, car3.Status)
				assert.NotContains(t, evs, "spare-car")
				return
			}
			assert.Contains(t, evs, "spare-car car=3 gear=4 engine=1", "20-B: the spare, one engine point less")
			assert.Equal(t, Racing, car3.Status)
			// the position keeps the spare, so a saved game still knows it
			p := h.g.Position()
			assert.Contains(t, p.Cars[2].Flags, "spare", "car 3 races its team's spare")
			assert.Equal(t, h.g.ownBox(car3), car3.Space, "the spare starts in its pit box")
			assert.Equal(t, fdrDefaultBuild()[Engine]-1, car3.Wear[Engine])
			assert.Equal(t, fdrDefaultBuild()[Body], car3.Wear[Body], "the spare has the car's built body")
			assert.True(t, car3.SlowStop, "it leaves its box in 4th at most (R19.15)")
		})
	}
}

// spareScenario is TestVariant20BSpareCar's play: car 1 ends on long.5.0,
// car 3 (long.6.0, one body point left) fails its collision test (R14.3)
// and is out on the first lap, short of the first bend (One, after long).
// extra cars join the position after car 3.
func spareScenario(t *testing.T, cfg Config, extra ...CarPosition) *harness {
	t.Helper()
	behind := func(cp CarPosition) CarPosition { cp.Flags = []string{"started"}; return cp }
	c3 := behind(fdrAt("long.6.0", 2))
	c3.Wear[Body] = 1
	cars := append([]CarPosition{fdrAt("long.2.0", 2), behind(fdrAt("long.5.1", 2)), c3}, extra...)
	h := fdrPlayCfg(t, fdrLab(t), cfg, Position{Round: 1, Weather: Fine, Cars: cars})
	h.gear(2, 3)
	h.since()
	h.submit(Order{Car: 1, Letter: h.option("long.5.0", 3).Letter}, 1, 20, 20)
	require.Contains(t, strings.Join(h.since(), "\n"), "eliminated car=3", "R14.3: car 3's collision test fails")
	return h
}

// 20-B (b1), hook SpareCar: car 2 went out on the first lap on long.6,
// short of the first bend (One, after long). It is back in a fresh car
// (its build whole, 4th at most) at the end of the first play after which
// every running car has passed the pit-lane exit (long.4 on fdrlab): car
// 1's move from long.2 to long.5 when it runs alone; not while car 3
// (another team, not yet over the line) is still behind the exit. Car 2's
// own team spare, promised or used, is one a race.
func TestVariant20BFormB1FreshSpare(t *testing.T) {
	out := CarPosition{Status: Eliminated, Cause: "collision", Reason: ReasonCollision, Distance: 6, Wear: fdrDefaultBuild(), Flags: []string{"started", "crossed"}}
	out.Wear[Body] = 0
	for _, tc := range []struct {
		name string
		cfg  string
		car3 *CarPosition
		back bool
	}{
		{"every running car past the pit exit", "20-B:mode=b1", nil, true},
		{"car 3 not past the pit exit yet", "20-B:mode=b1,teams=1/2/3", &CarPosition{Space: "long.0.2", Gear: 1, Wear: fdrDefaultBuild(), Flags: []string{"started"}}, false},
		{"form (a) brings it back with an engine point less", "20-B", nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cars := []CarPosition{fdrAt("long.2.0", 2), out}
			if tc.car3 != nil {
				cars = append(cars, *tc.car3)
			}
			h := fdrPlayCfg(t, fdrLab(t), fdrVariantCfg(t, tc.cfg), Position{Round: 1, Weather: Fine, Cars: cars})
			h.gear(2, 3)
			h.since()
			h.submit(Order{Car: 1, Letter: h.option("long.5.0", 3).Letter})
			evs := strings.Join(h.since(), "\n")
			car2 := h.car(2)
			if !tc.back {
				assert.NotContains(t, evs, "spare-car")
				assert.Equal(t, Eliminated, car2.Status)
				return
			}
			assert.Equal(t, Racing, car2.Status)
			assert.True(t, car2.SlowStop, "it leaves its box in 4th at most")
			assert.Equal(t, h.g.ownBox(car2), car2.Space)
			if tc.cfg == "20-B" {
				assert.Contains(t, evs, "spare-car car=2 gear=4 engine=1")
				return
			}
			assert.Contains(t, evs, "spare-car-fresh car=2 gear=4")
			assert.Equal(t, fdrDefaultBuild(), car2.Wear, "b1: the spare is a fresh car, built as the original")
		})
	}
}

// 20-B (b1), hook CarMoveLimit: the spare's first move from its box on the
// first lap must stop before the first bend. On a circuit whose first bend
// follows the pit exit closely, car 1 in its last box in 4th rolls 9 (the bend two spaces short of it; braking 2 or 3 stops before it): the
// moves entering "One" are offered to a car that is not a spare, and taken
// away from the spare, which keeps the shorter ones.
func TestVariant20BFormB1StopsBeforeTheFirstBend(t *testing.T) {
	// The lab with a short first straight and the pits just before it.
	c := inlineTrack(t, strings.NewReplacer(
		"straight 34 id=long", "straight 8 id=long",
		"straight 10 id=home", "straight 36 id=home",
		"entry=home.1 exit=long.4", "entry=home.25 exit=long.2",
	).Replace(fdrLabTrack))
	enters := func(h *harness) (in, out int) {
		for _, op := range h.pending().Options {
			bend := false
			for _, id := range op.Path {
				bend = bend || c.Spaces[id].Corner == 0
			}
			if bend {
				in++
			} else {
				out++
			}
		}
		return in, out
	}
	for _, spare := range []bool{false, true} {
		box := CarPosition{Space: c.Spaces[c.Pit.Boxes[9]].Name, Gear: 4, Wear: fdrDefaultBuild(), Flags: []string{"started", "crossed", "slow-stop"}}
		if spare {
			box.Flags = append(box.Flags, "spare")
		}
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "20-B:mode=b1"), Position{Round: 1, Weather: Fine, Cars: []CarPosition{box, {Space: "home.5.0", Gear: 3, Wear: fdrDefaultBuild(), Flags: []string{"started"}}}})
		h.gear(4, 9)
		in, out := enters(h)
		require.Positive(t, out, "moves stopping before the bend are offered:\n%s", h.describe(h.pending()))
		if spare {
			assert.Zero(t, in, "b1: the spare's first move stops before the first bend:\n%s", h.describe(h.pending()))
		} else {
			assert.Positive(t, in, "a car that is not a spare may enter the bend:\n%s", h.describe(h.pending()))
		}
	}
}

// 20-B (b2), hook SpareCar at the round's end: car 3, destroyed by its
// body (a collision) before leaving the first bend, is promised the spare
// at the end of the game turn it went out in, and is back at the end of
// the next one (league AMB-44, league AMB-03), in 1st, in its box, its build less the
// two points it chose (cut=…: engine and body for car 3). The other cars
// play on under the autopilot with fixed dice.
func TestVariant20BFormB2OneTurnLater(t *testing.T) {
	h := spareScenario(t, fdrVariantCfg(t, "20-B:mode=b2,cut=tyres+tyres/tyres+tyres/engine+body"))
	out := h.g.Round
	assert.NotContains(t, eventLines(h.g), "spare-car", "b2: not at once")
	src := dice.NewSeeded(SeedFrom("spare-b2"))
	due := false
	for h.g.Round <= out+1 && !h.g.Over {
		o, ok := Autopilot(h.g)
		require.True(t, ok)
		require.NotEqual(t, 3, o.Car, "car 3 is out until its spare comes")
		require.NoError(t, h.g.Submit(o, src))
		if !due && slices.Contains(h.g.Position().Cars[2].Flags, "spare-due") { // a position keeps the promise
			due = true
		}
	}
	assert.True(t, due, "b2: the spare is promised at the end of the game turn car 3 went out in")
	round := 0
	var cut string
	for _, e := range h.g.Events {
		if e.Kind == "round" {
			round, _ = strconv.Atoi(e.Get("n"))
		}
		if e.Kind == "spare-car-cut" {
			cut = e.String()
			break
		}
	}
	assert.Equal(t, "spare-car-cut car=3 gear=1 cut=engine+body", cut)
	assert.Equal(t, out+1, round, "b2: back at the end of the game turn after the one it went out in")
	car3 := h.car(3)
	want := fdrDefaultBuild()
	want[Engine]--
	want[Body]--
	assert.Equal(t, want, car3.Wear)
	assert.Equal(t, 1, car3.Gear)
	assert.False(t, car3.SlowStop)
}

func TestVariant20BRefusesBadParameters(t *testing.T) {
	for spec, why := range map[string]string{
		"20-B:teams=1/1/1":              "more than two cars",
		"20-B:mode=b2,cut=engine":       "two categories",
		"20-B:mode=b2,cut=engine+wings": "not a category",
		"20-B:mode=a,cut=engine+body":   "cuts none",
		"20-B:mode=c":                   "",
	} {
		cfg := fdrConfig()
		err := cfg.EnableVariant(spec)
		require.Error(t, err, spec)
		assert.Contains(t, err.Error(), why, spec)
	}
	for _, spec := range []string{"20-B:mode=b1", "20-B:mode=b2", "20-B:mode=b2,cut=engine+body/tyres+brakes"} {
		cfg := fdrConfig()
		assert.NoError(t, cfg.EnableVariant(spec), spec)
	}
}
