package fd

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// Position is a race frozen between two rounds, written one line per car, as
// FEN is for chess (docs/record.md):
//
//	position round=12 debris=s4.2.1,s7.0.0
//	position-car car=1 space=s3.4.1 gear=4 wear=6/3/3/3/3/2 laps=1 stops=1 pitstops=0 flags=started,crossed
//
// A record may start from a position instead of the grid; that is how a bug
// report, a rules question or a test starts mid-race.
type Position struct {
	Round   int
	Debris  []string
	Weather WeatherState // O-WX; fine when the weather rule is off
	Cars    []CarPosition
	// WeatherTest is the last race weather test under fdr (R3.6: two equal
	// results in a row make the weather final), "" before the first.
	WeatherTest string
}

// CarPosition is one car's line of a Position.
type CarPosition struct {
	Car      int
	Space    string // "" for a car no longer on the board
	Gear     int
	Wear     Wear
	Laps     int
	Stops    int // stops made in the corner the car stands in
	PitStops int
	Status   Status
	Place    int
	Flags    []string // started, crossed, stalled, spun, slow-stop, pitting; fdr: restart, wreck
	Tyre     Tyre     // O-TYR
	TyreAge  int

	// The competition rules (fdr) only: the car's configuration (R5.2)
	// and the pit points left (zero Config: the game's default and its
	// pit points); its arrival rank at its level (R6.8); the inertia state
	// after an engine blow (R16.4); a wreck's elimination reason (T8).
	// Box is the pit box the car chose (R4.1, BOT-10); 0: box Number.
	Config  Wear
	Pit     int
	Arrival int
	Inertia string
	Reason  string
	Box     int

	// Street races only: the driver's key (U-DRV-01); its flags nitro and
	// drop say the nitro (U-NIT-01) and Temana's drop are used this lap.
	Driver string
}

var positionFlags = []string{"started", "crossed", "stalled", "spun", "slow-stop", "pitting", "restart", "wreck", "nitro", "drop", "radio", "top-used"}

// Events writes the position as header lines in event syntax.
func (p Position) Events() []Event {
	head := ev("position", "round", p.Round)
	if len(p.Debris) > 0 {
		head.Args = append(head.Args, Arg{"debris", strings.Join(p.Debris, ",")})
	}
	if p.Weather != Fine {
		head.Args = append(head.Args, Arg{"weather", p.Weather.String()})
	}
	if p.WeatherTest != "" {
		head.Args = append(head.Args, Arg{"weather-test", p.WeatherTest}) // FDR R3.6
	}
	out := []Event{head}
	for _, c := range p.Cars {
		e := ev("position-car", "car", c.Car)
		if c.Space != "" {
			e.Args = append(e.Args, Arg{"space", c.Space})
		}
		e.Args = append(e.Args, Arg{"gear", strconv.Itoa(c.Gear)}, Arg{"wear", c.Wear.Compact()}, Arg{"laps", strconv.Itoa(c.Laps)},
			Arg{"stops", strconv.Itoa(c.Stops)}, Arg{"pitstops", strconv.Itoa(c.PitStops)})
		if c.Status != Racing {
			e.Args = append(e.Args, Arg{"status", c.Status.String()})
		}
		if c.Place > 0 {
			e.Args = append(e.Args, Arg{"place", strconv.Itoa(c.Place)})
		}
		if len(c.Flags) > 0 {
			e.Args = append(e.Args, Arg{"flags", strings.Join(c.Flags, ",")})
		}
		if c.Tyre != Hard || c.TyreAge != 0 {
			e.Args = append(e.Args, Arg{"tyre", c.Tyre.String()}, Arg{"tyre-age", strconv.Itoa(c.TyreAge)})
		}
		e.Args = append(e.Args, c.fdrArgs()...) // FDR R5.2, R6.8, R16.4, T8
		if c.Driver != "" {
			e.Args = append(e.Args, Arg{"driver", c.Driver}) // U-DRV-01
		}
		out = append(out, e)
	}
	return out
}

// ParsePosition reads position lines (event syntax).
func ParsePosition(lines []Event) (Position, error) {
	var p Position
	seen := map[int]bool{}
	for _, e := range lines {
		switch e.Kind {
		case "position":
			n, err := e.Int("round")
			if err != nil {
				return p, err
			}
			p.Round = n
			if d := e.Get("debris"); d != "" {
				p.Debris = strings.Split(d, ",")
			}
			if w := e.Get("weather-test"); w != "" {
				if _, ok := tracks.ParseWeather(w); !ok {
					return p, fmt.Errorf("position: weather-test %q (sun, changeable, rain)", w)
				}
				p.WeatherTest = w // FDR R3.6
			}
			if w := e.Get("weather"); w != "" {
				found := false
				for i, n := range weatherNames {
					if n == w {
						p.Weather, found = WeatherState(i), true
					}
				}
				if !found {
					return p, fmt.Errorf("position: weather %q (%s)", w, strings.Join(weatherNames, ", "))
				}
			}
		case "position-car":
			c, err := parseCarPosition(e)
			if err != nil {
				return p, err
			}
			if seen[c.Car] {
				return p, fmt.Errorf("position-car: car %d given twice", c.Car)
			}
			seen[c.Car] = true
			p.Cars = append(p.Cars, c)
		default:
			return p, fmt.Errorf("%q is not a position line", e.Kind)
		}
	}
	if len(p.Cars) == 0 {
		return p, errors.New("a position needs position-car lines")
	}
	sort.Slice(p.Cars, func(i, j int) bool { return p.Cars[i].Car < p.Cars[j].Car })
	for i, c := range p.Cars {
		if c.Car != i+1 {
			return p, fmt.Errorf("position: cars must be numbered 1 to %d, car %d is missing", len(p.Cars), i+1)
		}
	}
	return p, nil
}

func parseCarPosition(e Event) (CarPosition, error) {
	var c CarPosition
	var err error
	num := func(key string, lo, hi int) int {
		if err != nil {
			return 0
		}
		v := e.Get(key)
		if v == "" {
			return 0
		}
		n, e2 := strconv.Atoi(v)
		if e2 != nil || n < lo || n > hi {
			err = fmt.Errorf("position-car: %s=%q must be a number from %d to %d", key, v, lo, hi)
		}
		return n
	}
	c.Car = num("car", 1, MaxCars)
	c.Gear = num("gear", 0, 6)
	c.Laps = num("laps", 0, 9)
	c.Stops = num("stops", 0, 3)
	c.PitStops = num("pitstops", 0, 9)
	c.TyreAge = num("tyre-age", 0, 9)
	c.Place = num("place", 0, MaxCars)
	c.Pit = num("pit", 0, fdrPoints)
	c.Arrival = num("arrival", 0, 1<<30)
	c.Box = num("box", 0, maxBox)
	if err != nil {
		return c, err
	}
	if err := c.parseFDR(e); err != nil { // FDR R4.1, R5.2, R16.4, T8
		return c, err
	}
	if c.Car == 0 {
		return c, errors.New("position-car: car= is required")
	}
	c.Space = e.Get("space")
	if d := e.Get("driver"); d != "" {
		if _, ok := DriverByKey(d); !ok {
			return c, fmt.Errorf("position-car %d: no driver %q (T-13)", c.Car, d)
		}
		c.Driver = d // U-DRV-01
	}
	if t := e.Get("tyre"); t != "" {
		tt, ok := ParseTyre(t)
		if !ok {
			return c, fmt.Errorf("position-car %d: tyre %q (hard, soft, rain)", c.Car, t)
		}
		c.Tyre = tt
	}
	w := e.Get("wear")
	if w == "" {
		return c, fmt.Errorf("position-car %d: wear= is required", c.Car)
	}
	if c.Wear, err = ParseWearCompact(w); err != nil {
		return c, fmt.Errorf("position-car %d: %w", c.Car, err)
	}
	switch e.Get("status") {
	case "", "racing":
		c.Status = Racing
		if c.Space == "" {
			return c, fmt.Errorf("position-car %d: a racing car needs space=", c.Car)
		}
	case "finished":
		c.Status = Finished
	case "eliminated":
		c.Status = Eliminated
	default:
		return c, fmt.Errorf("position-car %d: status %q (racing, finished, eliminated)", c.Car, e.Get("status"))
	}
	if f := e.Get("flags"); f != "" {
		for _, fl := range strings.Split(f, ",") {
			if !contains(positionFlags, fl) {
				return c, fmt.Errorf("position-car %d: unknown flag %q (%s)", c.Car, fl, strings.Join(positionFlags, ", "))
			}
			c.Flags = append(c.Flags, fl)
		}
	}
	return c, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// StartFrom sets the game to a position instead of rolling the grid, then
// plays until the first decision.
func (g *Game) StartFrom(p Position, src dice.Source) error {
	if g.Round != 0 || len(g.Events) > 0 {
		return errors.New("the game has already started")
	}
	if len(p.Cars) != len(g.Cars) {
		return fmt.Errorf("the position has %d cars, the game %d", len(p.Cars), len(g.Cars))
	}
	used := map[tracks.SpaceID]int{}
	for _, cp := range p.Cars {
		c := g.car(cp.Car)
		c.Gear, c.Wear, c.Laps, c.PitStops, c.Status, c.Place = cp.Gear, cp.Wear, cp.Laps, cp.PitStops, cp.Status, cp.Place
		c.Tyre, c.TyreAge = cp.Tyre, cp.TyreAge
		start := g.Config.Start
		if g.Config.Rules == FDR {
			var err error
			if start, err = g.fdrStartCar(c, cp); err != nil { // FDR R5.2, R6.8, R16.4
				return err
			}
		}
		if g.Config.Rules == Street {
			var err error
			if start, err = g.streetStartCar(c, cp); err != nil { // U-DRV-01
				return err
			}
		}
		for i, v := range cp.Wear {
			if v > start[i] {
				return fmt.Errorf("car %d: %s %d is above the starting %d (R-PS-04)", cp.Car, g.catName(Category(i)), v, start[i])
			}
		}
		c.Started = contains(cp.Flags, "started") || cp.Gear > 0
		c.CrossedStart = contains(cp.Flags, "crossed") || cp.Laps > 0
		c.Stalled, c.Spun = contains(cp.Flags, "stalled"), contains(cp.Flags, "spun")
		c.SlowStop, c.Pitting = contains(cp.Flags, "slow-stop"), contains(cp.Flags, "pitting")
		c.TopUsed = contains(cp.Flags, "top-used") // league variant 6-A
		if c.Place > g.finishes {
			g.finishes = c.Place
		}
		if cp.Status != Racing && !c.Wreck {
			continue
		}
		id, ok := g.Track.Lookup(cp.Space)
		if !ok || !g.Track.Spaces[id].Playable() {
			return fmt.Errorf("car %d: no playable space %q on %s", cp.Car, cp.Space, g.Track.ID)
		}
		if other, dup := used[id]; dup && !g.pitLaneShared(id) {
			return fmt.Errorf("cars %d and %d are both on %s (R-MOV-02)", other, cp.Car, cp.Space)
		}
		used[id] = cp.Car
		c.Space = id
		c.Corner, c.Stops = g.Track.Spaces[id].Corner, 0
		if c.Corner >= 0 {
			c.Stops = cp.Stops
		}
	}
	if g.Config.Rules == FDR {
		if err := g.fdrCheckBoxes(); err != nil { // FDR R4.1
			return err
		}
	}
	for _, d := range p.Debris {
		id, ok := g.Track.Lookup(d)
		if !ok {
			return fmt.Errorf("debris: no space %q on %s", d, g.Track.ID)
		}
		g.Debris[id] = true
	}
	g.Round = p.Round
	g.weather = p.Weather
	if g.fdr != nil && p.WeatherTest != "" {
		g.fdr.wxLast, _ = tracks.ParseWeather(p.WeatherTest) // FDR R3.6
	}
	g.Order, g.next = nil, 0
	// a position is taken after the setup (grid, weather, qualifying):
	// advance must not roll a grid over it
	g.started, g.setupStage = true, setupDone
	for _, e := range p.Events() {
		g.emit(e)
	}
	return g.advance(src)
}

// Position freezes the game between rounds (or now, mid-round, for
// display).
func (g *Game) Position() Position {
	p := Position{Round: g.Round, Weather: g.weather}
	if g.fdr != nil && g.fdr.wxLast >= 0 {
		p.WeatherTest = g.fdr.wxLast.String() // FDR R3.6
	}
	var debris []string
	for s := range g.Debris {
		debris = append(debris, g.Track.Spaces[s].Name)
	}
	sort.Strings(debris)
	p.Debris = debris
	for i := range g.Cars {
		c := &g.Cars[i]
		cp := CarPosition{Car: c.Number, Gear: c.Gear, Wear: c.Wear, Laps: c.Laps, PitStops: c.PitStops, Status: c.Status, Place: c.Place, Stops: c.Stops, Tyre: c.Tyre, TyreAge: c.TyreAge, Driver: c.Driver}
		if g.fdr != nil {
			g.fdrCarPosition(c, &cp) // FDR R5.2, R6.8, R16.4, T8
		}
		if c.Space != tracks.NoSpace {
			cp.Space = g.Track.Spaces[c.Space].Name
		}
		for _, f := range []struct {
			on   bool
			name string
		}{{c.Started, "started"}, {c.CrossedStart, "crossed"}, {c.Stalled, "stalled"}, {c.Spun, "spun"}, {c.SlowStop, "slow-stop"}, {c.Pitting, "pitting"}, {c.Restart, "restart"}, {c.Wreck, "wreck"},
			{c.NitroUsed, "nitro"}, {c.DropUsed, "drop"}, {c.RadioUsed, "radio"}, {c.TopUsed, "top-used"}} {
			if f.on {
				cp.Flags = append(cp.Flags, f.name)
			}
		}
		p.Cars = append(p.Cars, cp)
	}
	return p
}
