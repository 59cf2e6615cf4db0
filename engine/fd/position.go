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
	// Played lists the cars that already played in round Round, in the
	// order they played (R-ORD-01: the order is frozen for the round); the
	// round resumes with the next car of its play order. Empty: round Round
	// is over and the next one starts. Not under fdr (yet).
	Played []int
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
	if len(p.Played) > 0 {
		parts := make([]string, len(p.Played))
		for i, n := range p.Played {
			parts[i] = strconv.Itoa(n)
		}
		head.Args = append(head.Args, Arg{"played", strings.Join(parts, ",")}) // R-ORD-01
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
			if p.Played, err = parsePlayed(e.Get("played")); err != nil {
				return p, err
			}
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
	if err := p.checkPlayed(); err != nil {
		return p, err
	}
	return p, nil
}

// parsePlayed reads played=N,M: car numbers, each once.
func parsePlayed(v string) ([]int, error) {
	if v == "" {
		return nil, nil
	}
	var out []int
	seen := map[int]bool{}
	for _, f := range strings.Split(v, ",") {
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 || n > MaxCars || strconv.Itoa(n) != f {
			return nil, fmt.Errorf("position: played=%q: %q is not a car number (1 to %d)", v, f, MaxCars)
		}
		if seen[n] {
			return nil, fmt.Errorf("position: played=%q lists car %d twice: a car plays once a round (R-ORD-01)", v, n)
		}
		seen[n] = true
		out = append(out, n)
	}
	return out, nil
}

// checkPlayed refuses a played= list that names a car the position does not
// hold or one no longer racing (a finished or eliminated car has no play
// left to order).
func (p Position) checkPlayed() error {
	if len(p.Played) == 0 {
		return nil
	}
	if p.Round < 1 {
		return errors.New("position: played= needs the round in progress (round=1 or more)")
	}
	seen := map[int]bool{}
	for _, n := range p.Played {
		if seen[n] {
			return fmt.Errorf("position: played= lists car %d twice: a car plays once a round (R-ORD-01)", n)
		}
		seen[n] = true
		if n > len(p.Cars) {
			return fmt.Errorf("position: played= lists car %d, but the position has %d cars", n, len(p.Cars))
		}
		if c := p.Cars[n-1]; c.Status != Racing {
			return fmt.Errorf("position: played= lists car %d, which has %s: only racing cars are listed", n, map[Status]string{Finished: "finished", Eliminated: "been eliminated"}[c.Status])
		}
	}
	return nil
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
	if err := p.checkPlayed(); err != nil {
		return err
	}
	if len(p.Played) > 0 && g.Config.Rules == FDR {
		// R6.6–R6.10: the fdr order follows the leader round the track,
		// with second plays for lapped cars; a position does not hold it
		return errors.New("position: played= is not supported under rules fdr yet: start from the beginning of a round")
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
	if len(p.Played) > 0 {
		g.resumeRound(p.Played) // R-ORD-01
	}
	// a position is taken after the setup (grid, weather, qualifying):
	// advance must not roll a grid over it
	g.started, g.setupStage = true, setupDone
	for _, e := range p.Events() {
		g.emit(e)
	}
	return g.advance(src)
}

// resumeRound resumes round g.Round after the cars played: they played
// first, in that order; the others follow in the play order computed from
// the position (R-ORD-01..04). The cars yet to play have not moved since the
// round began, and their order depends on each car's own place and gear
// alone, so it is the order the round was given.
func (g *Game) resumeRound(played []int) {
	done := map[int]bool{}
	for _, n := range played {
		done[n] = true
	}
	order := append([]int(nil), played...)
	for _, n := range g.playOrder() {
		if !done[n] {
			order = append(order, n)
		}
	}
	g.Order, g.next = order, len(played)
}

// roundState gives the round a position names and the racing cars that
// have played in it, in the order they played (a car whose turn is under
// way is not listed). Between rounds the round is the one just over, with
// nobody listed; so is the round before when nobody racing has played yet
// (its order is the one the position computes). Under fdr: no list.
func (g *Game) roundState() (round int, played []int) {
	if g.fdr != nil {
		return g.Round, nil
	}
	end := g.next
	if t := g.turn; t != nil && !t.between && end > 0 {
		end-- // the car in its turn has not finished playing
	}
	if end >= len(g.Order) {
		return g.Round, nil
	}
	for _, n := range g.Order[:end] {
		if g.car(n).Status == Racing {
			played = append(played, n)
		}
	}
	if len(played) == 0 {
		return g.Round - 1, nil
	}
	return g.Round, played
}

// PositionExact is Position, refused when a car's turn is under way past
// its gear choice (a die rolled, a move to choose): a position is written
// between turns, and it then resumes the game exactly, mid-round included.
func (g *Game) PositionExact() (Position, error) {
	if t := g.turn; t != nil && (t.between || t.car == nil || t.stage != stageGear || len(t.path) > 0) {
		return Position{}, errors.New("a car is in the middle of its turn: a position is written between turns")
	}
	if g.fdr != nil && g.fdr.inRound {
		return Position{}, errors.New("under rules fdr a position is written between rounds")
	}
	return g.Position(), nil
}

// Position freezes the game between rounds (or now, mid-round, for
// display); mid-round it lists the cars that already played (played=).
func (g *Game) Position() Position {
	p := Position{Weather: g.weather}
	p.Round, p.Played = g.roundState() // R-ORD-01
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
