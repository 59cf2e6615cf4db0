package ai

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// highest is a scripted source that always rolls the highest face of the
// die asked for: the worst case for a car owing stops.
type highest struct{}

func (highest) Roll(k dice.Key, d dice.Die) (dice.Roll, error) {
	m := d.Max()
	return dice.Roll{Key: k, Die: d.Name, Index: d.IndexOf(m), Value: m}, nil
}

func oval(t *testing.T) *tracks.Circuit {
	t.Helper()
	c, err := tracks.Get("test-oval")
	require.NoError(t, err)
	return c
}

func racing(space string, gear int) fd.CarPosition {
	return fd.CarPosition{Space: space, Gear: gear, Wear: fd.DefaultWear(), Flags: []string{"started", "crossed"}}
}

func start(t *testing.T, c *tracks.Circuit, src dice.Source, cars ...fd.CarPosition) *fd.Game {
	t.Helper()
	return startUnder(t, fd.DefaultConfig(), c, src, cars...)
}

// startUnder is start under the rules of cfg.
func startUnder(t *testing.T, cfg fd.Config, c *tracks.Circuit, src dice.Source, cars ...fd.CarPosition) *fd.Game {
	t.Helper()
	for i := range cars {
		cars[i].Car = i + 1
	}
	g, err := fd.NewGame("t", cfg, c, len(cars))
	require.NoError(t, err)
	require.NoError(t, g.StartFrom(fd.Position{Round: 1, Cars: cars}, src))
	return g
}

func byName(t *testing.T, c *tracks.Circuit, d *fd.Decision, space string, braked bool) string {
	t.Helper()
	for _, op := range d.Options {
		if c.Spaces[op.End].Name == space && (op.Braked > 0) == braked {
			return op.Letter
		}
	}
	t.Fatalf("no option ending on %s", space)
	return ""
}

// R-COR-02, R-OVS-02, R-OVS-03: a car in 4th eight levels before the
// 2-stop South Bend with one tyre point left (an overshoot eliminates it),
// every die rolling its highest face, must make both stops: it never picks
// a gear whose top face carries it out of the corner. Under fdr too (R10.3,
// R10.8), where the legend's second-play look-ahead now plans it.
func TestTwoStopCornerEnoughStops(t *testing.T) {
	for _, cfg := range []fd.Config{fd.DefaultConfig(), fd.ConfigFor(fd.FDR)} {
		for _, lvl := range Levels() {
			t.Run(fmt.Sprintf("%s/%s", cfg.Rules, lvl), func(t *testing.T) {
				twoStopCornerEnoughStops(t, cfg, lvl)
			})
		}
	}
}

func twoStopCornerEnoughStops(t *testing.T, cfg fd.Config, lvl Level) {
	c := oval(t)
	car := racing("back.7.1", 4)
	car.Wear = cfg.Start
	car.Wear[fd.Tyres] = 1
	g := startUnder(t, cfg, c, highest{}, car)
	d := Driver{Level: lvl}
	var stops []string
	for range 8 {
		o, ok := d.Order(g, 1)
		require.True(t, ok)
		mark := len(g.Events)
		require.NoError(t, g.Submit(o, highest{}))
		for _, e := range g.Events[mark:] {
			if e.Kind == "stop" && e.Get("corner") == "South Bend" {
				stops = append(stops, e.Get("stops"))
			}
		}
		if c.Spaces[g.Cars[0].Space].Level < 30 && len(stops) > 0 {
			break // out of the corner, onto the main straight
		}
	}
	require.Equal(t, fd.Racing, g.Cars[0].Status, "cause: %s", g.Cars[0].Cause)
	assert.Contains(t, stops, "2", "stops made in South Bend: %v", stops)
}

// R-SLP-01, R-SLP-08, R-OVS-02: behind a car in 4th inside the 2-stop
// South Bend with no stop made there yet, the slipstreams out of the corner
// eliminate the car; no level takes them.
func TestNoSlipstreamIntoAnOvershoot(t *testing.T) {
	for _, lvl := range Levels() {
		t.Run(lvl.String(), func(t *testing.T) {
			c := oval(t)
			src := dice.NewScripted(12, 11)
			g := start(t, c, src, racing("back.7.1", 4), racing("back.8.1", 4))
			require.NoError(t, g.Submit(fd.Order{Car: 2, Gear: 4}, src))
			require.NoError(t, g.Submit(fd.Order{Car: 2, Letter: byName(t, c, g.Pending(), "south.4.1", true)}, src))
			require.NoError(t, g.Submit(fd.Order{Car: 1, Gear: 4}, src))
			require.NoError(t, g.Submit(fd.Order{Car: 1, Letter: byName(t, c, g.Pending(), "south.3.1", false)}, src))
			d := g.Pending()
			require.Equal(t, fd.DecideSlipstream, d.Kind)
			eliminating := 0
			for _, op := range d.Options {
				if op.Eliminated {
					eliminating++
				}
			}
			require.Positive(t, eliminating, "the scenario offers a slipstream out of the corner")
			o, ok := Driver{Level: lvl}.Order(g, 1)
			require.True(t, ok)
			for _, op := range d.Options {
				if op.Letter == o.Letter {
					assert.False(t, op.Eliminated, "took %s to %s: %s", op.Letter, c.Spaces[op.End].Name, op.Cause)
					assert.Zero(t, op.Overshoot)
				}
			}
		})
	}
}

// R-PIT-01: a car passing the pit entry with a lap to go takes the pit
// lane before its tyres are gone, and not while they can see the race out:
// a rookie when they are half gone (the autopilot's rule), a pro and a
// legend when a third is left (a stop costs about a play); with fresh tyres
// nobody stops.
func TestPitsBeforeTyresAreGone(t *testing.T) {
	pitsAt := map[Level]int{Rookie: 3, Pro: 2, Legend: 2} // of 6
	for _, lvl := range Levels() {
		for _, tyres := range []int{1, 2, 3, 6} {
			t.Run(fmt.Sprintf("%s/tyres=%d", lvl, tyres), func(t *testing.T) {
				c := oval(t)
				car := racing("south.5.1", 3)
				car.Stops = 2
				car.Wear[fd.Tyres] = tyres
				src := dice.NewScripted(6)
				g := start(t, c, src, car)
				d := Driver{Level: lvl}
				o, ok := d.Order(g, 1)
				require.True(t, ok)
				require.NoError(t, g.Submit(fd.Order{Car: 1, Gear: 3}, src)) // whatever it chose, a 6 in 3rd
				dec := g.Pending()
				require.Equal(t, fd.DecideMove, dec.Kind)
				pits := false
				for _, op := range dec.Options {
					pits = pits || op.Pit
				}
				require.True(t, pits, "the scenario offers the pit lane")
				o, ok = d.Order(g, 1)
				require.True(t, ok)
				took := false
				for _, op := range dec.Options {
					if op.Letter == o.Letter {
						took = true
						assert.Equal(t, tyres <= pitsAt[lvl], op.Pit, "took %s to %s", op.Letter, c.Spaces[op.End].Name)
					}
				}
				require.True(t, took, "answered %q, not an option", o.Letter)
			})
		}
	}
}

// Deterministic: the same game, car, level and seed give the same order,
// and the whole race replays from its record without the AI.
func TestDeterministicAndReplayable(t *testing.T) {
	c, err := tracks.Get("port-azur")
	require.NoError(t, err)
	seed := fd.SeedFrom("ai-test")
	seats := []Level{Rookie, Pro, Legend, Autopilot}
	g1, _, err := Race(fd.DefaultConfig(), c, seats, seed)
	require.NoError(t, err)
	g2, _, err := Race(fd.DefaultConfig(), c, seats, seed)
	require.NoError(t, err)
	require.Equal(t, len(g1.Events), len(g2.Events))
	for i := range g1.Events {
		require.Equal(t, g1.Events[i].String(), g2.Events[i].String(), "event %d", i)
	}
	require.True(t, g1.Over)
	rec := &fd.Record{Game: g1.ID, Rules: fd.FD2008, Options: fd.DefaultConfig().Options(), Track: "port-azur", Cars: len(seats),
		Commitment: dice.Commitment(seed), Events: g1.Events}
	r, err := fd.Replay(rec, c)
	require.NoError(t, err)
	assert.Equal(t, g1.Results(), r.Results())
}

func TestParseLevel(t *testing.T) {
	for in, want := range map[string]Level{"rookie": Rookie, "PRO": Pro, " legend": Legend, "Légende": Legend, "débutant": Rookie} {
		got, err := ParseLevel(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	_, err := ParseLevel("ace")
	require.Error(t, err)
	assert.True(t, strings.Contains(err.Error(), "rookie, pro, legend"))
}

// ParseLevel never panics, and what it reads prints back as a level name
// it reads again.
func FuzzParseLevel(f *testing.F) {
	for _, s := range []string{"rookie", "pro", "legend", "Légende", "", "ai:pro", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseLevel(s)
		if err != nil {
			return
		}
		back, err := ParseLevel(l.String())
		if err != nil || back != l {
			t.Fatalf("%q read as %v, which reads back as %v, %v", s, l, back, err)
		}
	})
}

// A rookie's mistake is a gear off by one, the better of the two, and never
// one that looks like a disaster; about one play in seven is a mistake, and
// the same play always gets the same answer.
func TestRookieMistakes(t *testing.T) {
	g := start(t, oval(t), dice.NewScripted(6), racing("south.5.1", 3))
	d := Driver{Level: Rookie, Seed: SeedFor([]byte("rookie"))}
	greedy := map[int]float64{2: 5, 3: 10, 4: 8}
	timid := map[int]float64{2: 0, 3: 10, 4: -50}
	disaster := map[int]float64{2: -100, 3: 10, 4: -100}
	mistakes := 0
	const plays = 2000
	for play := range plays {
		g.Play = play
		got := d.rookieGear(g, 1, 3, greedy)
		assert.Equal(t, got, d.rookieGear(g, 1, 3, greedy), "play %d: the same question, the same answer", play)
		assert.Equal(t, 3, d.rookieGear(g, 1, 3, disaster), "play %d: never a disaster", play)
		if got == 3 {
			assert.Equal(t, 3, d.rookieGear(g, 1, 3, timid), "play %d: no mistake this play", play)
			continue
		}
		mistakes++
		assert.Equal(t, 4, got, "play %d: the better neighbour, one gear up", play)
		assert.Equal(t, 2, d.rookieGear(g, 1, 3, timid), "play %d: the better neighbour, one gear down", play)
	}
	assert.InDelta(t, rookieMistakes, float64(mistakes)/plays, 0.04)
}

// O-TYR, O-PIT, O-TYR-10: in the rain on dry tyres, fresh as they are, every
// level takes the pit lane when it passes it, where the stop may fit rain
// tyres; without the pit options a stop cannot change the type, and nobody
// stops for nothing.
func TestPitsForTheWeather(t *testing.T) {
	for _, pitOptions := range []bool{true, false} {
		for _, lvl := range Levels() {
			t.Run(fmt.Sprintf("%s/pit-options=%v", lvl, pitOptions), func(t *testing.T) {
				cfg := fd.DefaultConfig()
				opts := []string{"weather", "tyres"}
				if pitOptions {
					opts = append(opts, "pit-options")
				}
				for _, o := range opts {
					require.NoError(t, cfg.EnableOptional(o))
				}
				c := oval(t)
				car := racing("south.5.1", 3)
				car.Car, car.Stops, car.Tyre = 1, 2, fd.Hard
				src := dice.NewScripted(6)
				g, err := fd.NewGame("t", cfg, c, 1)
				require.NoError(t, err)
				require.NoError(t, g.StartFrom(fd.Position{Round: 1, Weather: fd.Wet, Cars: []fd.CarPosition{car}}, src))
				d := Driver{Level: lvl}
				_, ok := d.Order(g, 1)
				require.True(t, ok)
				require.NoError(t, g.Submit(fd.Order{Car: 1, Gear: 3}, src)) // whatever it chose, a 6 in 3rd
				dec := g.Pending()
				require.Equal(t, fd.DecideMove, dec.Kind)
				o, ok := d.Order(g, 1)
				require.True(t, ok)
				took := false
				for _, op := range dec.Options {
					if op.Letter == o.Letter {
						took = true
						assert.Equal(t, pitOptions, op.Pit, "took %s to %s", op.Letter, c.Spaces[op.End].Name)
					}
				}
				require.True(t, took, "answered %q, not an option", o.Letter)
			})
		}
	}
}

// Thinking never changes the game: a legend's look-ahead plays its
// second play in games of its own, and the game it was asked about keeps
// every event and every car as they were.
// Under fdr too, where the look-ahead starts its games from fdr positions.
func TestOrderLeavesTheGameAsItWas(t *testing.T) {
	for _, cfg := range []fd.Config{fd.DefaultConfig(), fd.ConfigFor(fd.FDR)} {
		t.Run(string(cfg.Rules), func(t *testing.T) {
			g, src := startedOnPortAzur(t, cfg, "ai-untouched", 6)
			checked := 0
			for !g.Over && checked < 40 {
				d := g.Pending()
				require.NotNil(t, d)
				before, pos := len(g.Events), g.Position()
				o, ok := Driver{Level: Legend}.Order(g, d.Car)
				require.True(t, ok)
				require.Equal(t, before, len(g.Events))
				require.Equal(t, pos, g.Position())
				require.Equal(t, d, g.Pending())
				if d.Session == "" && (d.Kind == fd.DecideGear || d.Kind == fd.DecideMove) {
					checked++
				}
				require.NoError(t, g.Submit(o, src))
			}
			assert.Equal(t, 40, checked)
		})
	}
}

// A Memo changes when a legend decides, never what: through a race of two
// legends sharing one memo, every order is the one a driver without a memo
// gives, and the memo is used (values found again from an earlier order).
// Under fdr too: the legend looks a second play ahead there as well.
func TestMemoOrdersAsWithout(t *testing.T) {
	for _, cfg := range []fd.Config{fd.DefaultConfig(), fd.ConfigFor(fd.FDR)} {
		t.Run(string(cfg.Rules), func(t *testing.T) {
			c := oval(t)
			seed := fd.SeedFrom("ai-memo")
			cfg.Laps = 1
			g, err := fd.NewGame(fd.GameIDFor(seed), cfg, c, 2)
			require.NoError(t, err)
			src := dice.NewSeeded(seed)
			require.NoError(t, g.Start(src))
			memo := NewMemo()
			orders := 0
			for !g.Over {
				d := g.Pending()
				require.NotNil(t, d)
				with, ok := Driver{Level: Legend, Memo: memo}.Order(g, d.Car)
				require.True(t, ok)
				without, ok := Driver{Level: Legend}.Order(g, d.Car)
				require.True(t, ok)
				require.Equal(t, without, with, "play %d, car %d, %s", g.Play, d.Car, d.Kind)
				require.NoError(t, g.Submit(with, src))
				orders++
			}
			assert.Greater(t, orders, 10)
			assert.NotEmpty(t, memo.solos, "the legends' look-ahead went through the memo")
		})
	}
}

// R-OVS-03, R-BRK-01, R-OVS-07: rolling 11 in 4th just before the 1-stop
// North Bend with both laps to go, a pro brakes one space and pays one tyre
// for the space it still overshoots; a legend, with fresh tyres and a pit
// stop ahead, keeps its brakes and pays three tyres for three spaces more.
// With two or three tyres left it pays one, like the pro, and with one left
// (an overshoot would spin it) both brake into the corner.
func TestLegendPaysTyresForSpaces(t *testing.T) {
	type want struct{ tyres, brakes, overshoot int }
	for _, tc := range []struct {
		lvl         Level
		tyres, laps int
		want        want
	}{
		{Pro, 6, 0, want{1, 1, 1}},
		{Legend, 6, 0, want{3, 0, 3}},
		{Legend, 3, 0, want{1, 1, 1}},
		{Legend, 2, 0, want{1, 1, 1}},
		{Pro, 1, 0, want{0, 2, 0}},
		{Legend, 1, 0, want{0, 2, 0}},
		// the last lap: no stop gives the tyres back, every corner to
		// the flag is still ahead, so it keeps them as a pro does
		{Pro, 6, 1, want{1, 1, 1}},
		{Legend, 6, 1, want{1, 1, 1}},
	} {
		t.Run(fmt.Sprintf("%s/tyres=%d/laps=%d", tc.lvl, tc.tyres, tc.laps), func(t *testing.T) {
			c := oval(t)
			src := dice.NewScripted(11)
			car := racing("start.1.1", 4)
			car.Wear[fd.Tyres] = tc.tyres
			car.Laps = tc.laps
			g := start(t, c, src, car)
			require.NoError(t, g.Submit(fd.Order{Car: 1, Gear: 4}, src))
			dec := g.Pending()
			require.Equal(t, fd.DecideMove, dec.Kind)
			o, ok := Driver{Level: tc.lvl}.Order(g, 1)
			require.True(t, ok)
			var took *fd.Option
			for i := range dec.Options {
				if dec.Options[i].Letter == o.Letter {
					took = &dec.Options[i]
				}
			}
			require.NotNil(t, took, "answered %q, not an option", o.Letter)
			got := want{took.Cost[fd.Tyres], took.Cost[fd.Brakes], took.Overshoot}
			assert.Equal(t, tc.want, got, "took %s to %s", took.Letter, c.Spaces[took.End].Name)
			assert.False(t, took.Spin)
		})
	}
}

// lowest is a scripted source that always rolls the lowest face of the die
// asked for: the worst case for a car that must reach the line.
type lowest struct{}

func (lowest) Roll(k dice.Key, d dice.Die) (dice.Roll, error) {
	m := slices.Min(d.Faces)
	return dice.Roll{Key: k, Die: d.Name, Index: d.IndexOf(m), Value: m}, nil
}

// R-FIN-02, R-FIN-03: on its last lap, with one brake and one tyre point
// left, a legend in 4th takes a gear every face of which crosses the line,
// although the spaces beyond it would overshoot the North Bend, which it
// will never reach (before this round it kept 3rd from main.2, 2 faces in
// 8 crossing, and 4th inside the South Bend, 4 in 12); rolling the lowest
// face it then crosses and finishes in that play.
func TestLegendCrossesTheLineWhenItCan(t *testing.T) {
	for _, space := range []string{"main.2.1", "south.5.1"} {
		t.Run(space, func(t *testing.T) {
			c := oval(t)
			car := racing(space, 4)
			car.Laps, car.Stops = 1, 2 // the last lap, South Bend's stops made
			car.Wear[fd.Brakes], car.Wear[fd.Tyres] = 1, 1
			g := start(t, c, lowest{}, car)
			from := g.Cars[0].Space
			o, ok := Driver{Level: Legend}.Order(g, 1)
			require.True(t, ok)
			die, err := g.Config.Dice.Gear(o.Gear)
			require.NoError(t, err)
			for _, f := range die.Faces {
				crosses := false
				for _, mo := range g.MovesIf(o.Gear, f) {
					crosses = crosses || !mo.Eliminated && c.CrossesLine(from, mo.End)
				}
				assert.True(t, crosses, "gear %d rolling %d never reaches the line", o.Gear, f)
			}
			require.NoError(t, g.Submit(o, lowest{}))
			o, ok = Driver{Level: Legend}.Order(g, 1)
			require.True(t, ok)
			require.NoError(t, g.Submit(o, lowest{}))
			assert.Equal(t, fd.Finished, g.Cars[0].Status, "cause: %s", g.Cars[0].Cause)
		})
	}
}

// R-DWN-01, R-DWN-03: in 4th inside the North Bend, owing its stop, with
// its last gearbox point, a legend on its first lap drops to 3rd as a pro
// does and keeps the point (without it no skip is allowed for the rest of
// the race), and on its last lap spends it on a skip to 2nd (a point kept
// past the flag is wasted). Before this round it spent it on the first lap
// too: it weighed every point at three quarters of its price all race.
func TestLegendKeepsItsLastGearboxPointEarly(t *testing.T) {
	for _, tc := range []struct {
		laps, legend, pro int
	}{
		{laps: 0, legend: 3, pro: 3},
		{laps: 1, legend: 2, pro: 3},
	} {
		t.Run(fmt.Sprintf("laps=%d", tc.laps), func(t *testing.T) {
			c := oval(t)
			car := racing("north.1.1", 4)
			car.Laps = tc.laps
			car.Wear[fd.Brakes], car.Wear[fd.Gearbox] = 2, 1
			g := start(t, c, dice.NewScripted(1), car)
			require.Equal(t, fd.DecideGear, g.Pending().Kind)
			for lvl, want := range map[Level]int{Legend: tc.legend, Pro: tc.pro} {
				o, ok := Driver{Level: lvl}.Order(g, 1)
				require.True(t, ok)
				assert.Equal(t, want, o.Gear, "%s", lvl)
			}
		})
	}
}
