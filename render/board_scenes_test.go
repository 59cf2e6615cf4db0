package render

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
)

// Hand-built positions for the board goldens: a game started from a
// position (fd.Game.StartFrom) and driven with orders and chosen dice.

// sceneDice rolls the values it is given, in order, when they are faces of
// the die asked for; otherwise (or once they run out) a fixed, harmless
// face: 10 on the black die, the middle face of a gear die. Scenes only
// need to pin the rolls that matter.
type sceneDice struct {
	values []int
}

func (s *sceneDice) Roll(k dice.Key, d dice.Die) (dice.Roll, error) {
	if len(s.values) > 0 && d.HasFace(s.values[0]) {
		v := s.values[0]
		s.values = s.values[1:]
		return dice.Roll{Key: k, Die: d.Name, Index: d.IndexOf(v), Value: v}, nil
	}
	v := d.Faces[len(d.Faces)/2]
	if d.Name == "black" {
		v = 10
	}
	return dice.Roll{Key: k, Die: d.Name, Index: d.IndexOf(v), Value: v}, nil
}

// step is one order with the rolls it brings.
type step struct {
	order fd.Order
	rolls []int
}

func gear(n int, rolls ...int) step      { return step{fd.Order{Gear: n}, rolls} }
func choose(l string, rolls ...int) step { return step{fd.Order{Letter: l}, rolls} }

// to chooses the longest move that ends on a space; slip takes the first
// slipstream offered.
func to(end string, rolls ...int) step { return step{fd.Order{Letter: "to:" + end}, rolls} }
func slip(rolls ...int) step           { return step{fd.Order{Letter: "slip"}, rolls} }

// until lets the autopilot play until car n must decide.
func until(n int) step { return step{order: fd.Order{Car: -n}} }

// one lists steps.
func one(s ...step) []step { return s }

type scene struct {
	name    string
	track   string
	cfg     func(*fd.Config)
	cars    []fd.CarPosition
	debris  []string
	weather fd.WeatherState
	steps   []step
}

// car places a started car that has crossed the line, with full wear.
func car(space string, gear int) fd.CarPosition {
	return fd.CarPosition{Space: space, Gear: gear, Wear: fd.DefaultWear(), Flags: []string{"started", "crossed"}}
}

func (s scene) build(t testing.TB) *fd.Game {
	t.Helper()
	c := circuit(t, s.track)
	cfg := fd.DefaultConfig()
	if s.cfg != nil {
		s.cfg(&cfg)
	}
	cars := append([]fd.CarPosition(nil), s.cars...)
	for i := range cars {
		cars[i].Car = i + 1
	}
	g, err := fd.NewGame("scene-"+s.name, cfg, c, len(cars))
	if err != nil {
		t.Fatal(err)
	}
	if err := g.StartFrom(fd.Position{Round: 3, Debris: s.debris, Weather: s.weather, Cars: cars}, &sceneDice{}); err != nil {
		t.Fatal(err)
	}
	for i, st := range s.steps {
		d := g.Pending()
		if d == nil {
			t.Fatalf("%s: step %d: nothing pending", s.name, i+1)
		}
		if st.order.Car < 0 {
			for guard := 0; d.Car != -st.order.Car; guard++ {
				o, ok := fd.Autopilot(g)
				if !ok || guard > 100 {
					t.Fatalf("%s: step %d: car %d never gets to decide", s.name, i+1, -st.order.Car)
				}
				if err := g.Submit(o, &sceneDice{}); err != nil {
					t.Fatal(err)
				}
				if d = g.Pending(); d == nil {
					t.Fatalf("%s: step %d: the game ended", s.name, i+1)
				}
			}
			continue
		}
		o := st.order
		o.Car = d.Car
		if end, ok := strings.CutPrefix(o.Letter, "to:"); ok {
			id, found := g.Track.Lookup(end)
			best := -1
			for j, op := range d.Options {
				if found && op.End == id && !op.Stop && (best < 0 || len(op.Path) > len(d.Options[best].Path)) {
					best = j
				}
			}
			if best < 0 {
				t.Fatalf("%s: step %d: no option ends on %s; pending %+v", s.name, i+1, end, *d)
			}
			o.Letter = d.Options[best].Letter
		}
		if o.Letter == "slip" {
			o.Letter = ""
			for _, op := range d.Options {
				if !op.Stop {
					o.Letter = op.Letter
					break
				}
			}
			if d.Kind != fd.DecideSlipstream || o.Letter == "" {
				t.Fatalf("%s: step %d: no slipstream offered; pending %+v", s.name, i+1, *d)
			}
		}
		if o.Gear == 0 && o.Letter == "" {
			var ok bool
			o, ok = fd.Autopilot(g)
			if !ok {
				t.Fatalf("%s: step %d: the autopilot has no order", s.name, i+1)
			}
		}
		if err := g.Submit(o, &sceneDice{values: st.rolls}); err != nil {
			t.Fatalf("%s: step %d (%+v): %v", s.name, i+1, o, err)
		}
	}
	return g
}

func (s scene) String() string { return fmt.Sprintf("%s (%d cars)", s.name, len(s.cars)) }

// scenes are the golden positions.
func scenes() []scene {
	worn := func(cp fd.CarPosition, w string) fd.CarPosition {
		x, err := fd.ParseWearCompact(w)
		if err != nil {
			panic(err)
		}
		cp.Wear = x
		return cp
	}
	with := func(cp fd.CarPosition, f func(*fd.CarPosition)) fd.CarPosition { f(&cp); return cp }
	return []scene{
		{
			// car 1 overshoots the North Bend; car 2 must choose among
			// moves that overshoot
			name:  "overshoot",
			track: "test-oval",
			cars: []fd.CarPosition{
				car("start.3.1", 4),
				car("start.1.0", 4),
				car("start.0.2", 3),
			},
			steps: one(gear(4, 8), choose("A"), gear(4, 12)),
		},
		{
			// a slipstream chain: car 3 rides behind car 2 behind car 1
			name:  "slipstream",
			track: "test-oval",
			cars: []fd.CarPosition{
				car("back.6.1", 4),
				car("back.3.1", 4),
				car("back.0.1", 4),
				car("start.2.0", 3),
			},
			steps: one(gear(4, 9), to("back.15.1"), gear(4, 11), to("back.14.1"), slip(), gear(5, 14), to("back.14.1"), slip()),
		},
		{
			// a crowded corner: six cars in the South Bend with their stops
			name:  "corner",
			track: "test-oval",
			cars: []fd.CarPosition{
				with(car("south.3.0", 2), func(c *fd.CarPosition) { c.Stops = 1 }),
				with(car("south.2.1", 2), func(c *fd.CarPosition) { c.Stops = 1 }),
				car("south.1.2", 3),
				with(car("south.1.0", 2), func(c *fd.CarPosition) { c.Stops = 1 }),
				car("south.0.1", 3),
				car("back.15.0", 4),
				car("back.14.2", 4),
				car("back.13.1", 4),
			},
			debris: []string{"south.4.1", "back.12.0"},
			steps:  one(gear(2, 3), choose("A"), gear(2, 3), choose("A"), gear(2, 4)),
		},
		{
			// pits: car 2 in its box, car 3 in the pit lane, car 1 choosing
			// whether to dive in
			name:  "pits",
			track: "test-oval",
			cars: []fd.CarPosition{
				car("back.14.1", 5),
				with(car("box.2", 4), func(c *fd.CarPosition) { c.Flags = append(c.Flags, "pitting") }),
				worn(car("main.0.0", 3), "1/2/3/3/3/2"),
				with(car("pit.2", 3), func(c *fd.CarPosition) { c.Flags = append(c.Flags, "pitting") }),
				car("back.2.1", 5),
			},
			steps: one(until(3), gear(3, 5)),
		},
		{
			// rain: wet track, rain tyres, a dangerous debris field
			name:  "rain",
			track: "test-oval",
			cfg: func(c *fd.Config) {
				c.Optional.Weather = true
				c.Optional.Tyres = true
			},
			weather: fd.Wet,
			cars: []fd.CarPosition{
				with(car("north.3.1", 3), func(c *fd.CarPosition) { c.Tyre = fd.RainTyre; c.TyreAge = 1; c.Stops = 1 }),
				with(car("start.4.2", 4), func(c *fd.CarPosition) { c.Tyre = fd.Soft }),
				with(car("start.1.1", 4), func(c *fd.CarPosition) { c.Tyre = fd.RainTyre }),
			},
			debris: []string{"north.4.1", "north.5.0"},
			steps:  one(gear(3, 6), choose("A"), gear(4, 8)),
		},
		{
			// an eliminated car, a finished car, a worn car whose options
			// risk elimination
			name:  "eliminated",
			track: "test-oval",
			cars: []fd.CarPosition{
				with(car("", 0), func(c *fd.CarPosition) { c.Status = fd.Finished; c.Place = 1; c.Laps = 2 }),
				worn(car("back.4.1", 4), "1/1/1/1/1/1"),
				worn(car("back.3.0", 4), "4/2/3/2/3/1"),
				car("back.1.2", 3),
			},
			debris: []string{"back.9.0", "back.9.1", "back.9.2"},
			steps:  one(gear(5, 20), choose("A"), gear(4, 10)),
		},
	}
}
