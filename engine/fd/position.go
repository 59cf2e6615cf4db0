package fd

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// Position is a race frozen between two plays, written one line per car, as
// FEN is for chess (docs/record.md):
//
//	position round=12 debris=s4.2.1,s7.0.0
//	position-car car=1 space=s3.4.1 gear=4 wear=6/3/3/3/3/2 laps=1 stops=1 pitstops=0 flags=started,crossed
//
// A record may start from a position instead of the grid; that is how a bug
// report, a rules question or a test starts mid-race.
type Position struct {
	Round int
	// Play is the number of plays made before the position (play=): the
	// next play is Play+1, as in the game the position was taken from, so
	// that its rolls have the same keys (docs/record.md). 0 when absent.
	Play    int
	Debris  []string
	Weather WeatherState // O-WX; fine when the weather rule is off
	Cars    []CarPosition
	// WeatherTest is the last race weather test under fdr (R3.6: two equal
	// results in a row make the weather final), "" before the first.
	WeatherTest string
	// Played lists the cars that already played in round Round, in the
	// order they played (R-ORD-01: the order is frozen for the round); the
	// round resumes with the next car of its play order. Empty: round Round
	// is over and the next one starts. Under fdr a car may be listed twice:
	// its second play of the round (R6.10).
	Played []int
	// Next (fdr only) makes the position one taken mid-round: the car the
	// round resumes with, which the scan of the order of play had reached
	// (R6.10, AMB-40). Still lists the cars of Played whose last play ended
	// at the level it began (met again by the scan, they get no second
	// play, R6.10). WeatherOwed is the weather tests owed at the end of
	// the round (R3.5, AMB-29).
	Next        int
	Still       []int
	WeatherOwed int
	// Session (fdr only) makes the position one inside qualifying session
	// K (R1): QualiWeather is the track of the session, SessionWeather its
	// roll (R3.2, R3.4); Laps the laps in progress and Qualified the
	// results so far, this session's and the earlier ones' (fdr AMB-42). The
	// race cars wait off the board.
	Session        int
	QualiWeather   WeatherState
	SessionWeather string
	// Rained: an earlier qualifying session of the meeting was rainy
	// (rained=yes), which SessionWeather, the last session's, does not
	// say; league 3-B forbids the heatwave after it (league AMB-11).
	Rained bool
	// OrderDraws are league 1-A's d20s of session 1's running order, by
	// car (order-draws=car:d20,…): the unranked cars' rolls as session 1
	// opened, so that a session resumed runs in the order it was told.
	// Empty: none rolled, or a position written before it (by number).
	OrderDraws map[int]int
	Laps       []LapPosition
	Qualified  []QualifyingResult

	// MarkerKinds are the typed markers of league 17-B ("space:kind",
	// kinds=), Passages the cars that passed a marker under 17-D
	// ("space:n", passages=); each is on a marker of Debris.
	MarkerKinds []string
	Passages    []string
	// Runaways are league 10-A's runaway cars still spinning in the game
	// turn ("car:exit", runaway=): the car out of the race and the space
	// where it left the bend, its area's start.
	Runaways []string
	// RaceLaps is the laps a formation lap shortened the race to (league
	// 9-A, race-laps=), 0 when it was not.
	RaceLaps int
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
	// StartRoll is league 9-A's start roll, rolled at the formation lap
	// for the car's first play (start-roll=)
	StartRoll int

	// An eliminated car only: why (cause=) and how far along the race it
	// was (distance=, laps × levels + level), which places it among the
	// eliminated cars in the results.
	Cause    string
	Distance int

	// Street races only: the driver's key (U-DRV-01); its flags nitro and
	// drop say the nitro (U-NIT-01) and Temana's drop are used this lap.
	Driver string
}

var positionFlags = []string{"started", "crossed", "stalled", "spun", "slow-stop", "pitting", "restart", "wreck", "nitro", "drop", "radio", "top-used", "pilot-point", "super-top-used", "pedal-used", "boost", "boost-lap", "pit-held", "mechanics-point", "engineer-point", "telemetry-used", "wing-loaded", "wing-unloaded", "lock-A1", "lock-A2", "lock-A3", "lock-none", "spare", "spare-due", "clock-out", "monsoon-grace", "boosters-chosen", "booster-built", "season-token", "grid-point", "qualifying-point"}

// Where the per-car slots (slot.go) go among a position's flags, in the
// order positions have always written them (the text of a stored
// snapshot must not change). Resolved at the first position, once every
// slot is registered: a module or variant in a package of its own
// registers its slots in its init, which runs after engine/fd's, so no
// init of engine/fd may ask for them (the rehearsed move of fdr panicked
// at start when one did). TestEverySlotIsInAPosition checks each slot is
// here but the keyed ones, which are keys of the line (fdr's arrival=).
type positionSlotOrder struct {
	// afterPitting are the rules modules' slots (fdr's restart and wreck,
	// R14.4; street's nitro, drop and radio, U-NIT-01, U-DRV-02): only
	// those of the modules the program links.
	afterPitting []int
	// The league variants' slots: 6-A's top-used … 5-B's wing, 20-B's
	// spare, 5-C's lock; after the pilot points (23-A, 23-C) the tokens
	// and 5-A's boosters; the player's own booster points (5-A) are said
	// only when he chose them: "boosters-chosen", then a "booster-built"
	// a point; then the points of 19-G, the clocks and 8-C's grace.
	afterRadio, afterPilotPoints, chosenBoosters, afterBoosters []int
}

var positionSlots = sync.OnceValue(func() positionSlotOrder {
	return positionSlotOrder{
		afterPitting:     moduleSlotOrder("restart", "wreck", "nitro", "drop", "radio"),
		afterRadio:       slotOrder("top-used", "super-top-used", "pedal-used", "pit-held", "telemetry-used", "wing", "spare", "spare-due", "lock"),
		afterPilotPoints: slotOrder("season-token", "qualifying-point", "grid-point", "boost", "boost-lap"),
		chosenBoosters:   slotOrder("boosters-chosen", "booster-built"),
		afterBoosters:    slotOrder("mechanics-point", "engineer-point", "clock-out", "monsoon-grace"),
	}
})

// Events writes the position as header lines in event syntax.
func (p Position) Events() []Event {
	head := PositionEvent{Round: p.Round}
	if p.Play > 0 {
		head.Play = p.Play
	}
	head.Debris = strings.Join(p.Debris, ",")
	head.Kinds = strings.Join(p.MarkerKinds, ",") // league 17-B
	head.Passages = strings.Join(p.Passages, ",") // league 17-D
	head.Runaway = strings.Join(p.Runaways, ",")  // league 10-A
	if p.RaceLaps > 0 {
		head.RaceLaps = p.RaceLaps // league 9-A
	}
	if p.Weather != Fine {
		head.Weather = p.Weather.String()
	}
	head.WeatherTest = p.WeatherTest // FDR R3.6
	head.Played = p.Played           // R-ORD-01
	if p.Next > 0 {
		head.Next = p.Next // FDR R6.10
	}
	head.Still = p.Still // FDR R6.10
	if p.WeatherOwed > 0 {
		head.WeatherOwed = p.WeatherOwed // FDR R3.5
	}
	if p.Session > 0 {
		head.Session, head.QualiWeather = p.Session, p.QualiWeather.String() // FDR R1
		head.SessionWeather = p.SessionWeather
		if p.Rained {
			head.Rained = "yes" // league 3-B, AMB-11
		}
		if len(p.OrderDraws) > 0 {
			head.OrderDraws = joinDraws(p.OrderDraws) // league 1-A
		}
	}
	out := []Event{Encode(head)}
	for _, c := range p.Cars {
		out = append(out, Encode(PositionCarEvent{Car: c.Car, PositionCarState: c.state()}))
	}
	for _, r := range p.Qualified {
		out = append(out, qualifiedEvent(r)) // FDR R1.9, AMB-42
	}
	for _, l := range p.Laps {
		out = append(out, l.event()) // FDR R1
	}
	return out
}

// state is a car's state as its position line writes it (position-car,
// and position-lap for a qualifying lap in progress).
func (c CarPosition) state() PositionCarState {
	s := PositionCarState{Space: c.Space, Gear: c.Gear, Wear: c.Wear.Compact(), Laps: c.Laps, Stops: c.Stops,
		PitStops: c.PitStops, Flags: strings.Join(c.Flags, ","), Driver: c.Driver} // Driver: U-DRV-01
	if c.Status != Racing {
		s.Status = c.Status.String()
	}
	if c.Place > 0 {
		s.Place = c.Place
	}
	if c.Status == Eliminated {
		s.Cause = c.Cause
		distance := c.Distance
		s.Distance = &distance
	}
	if c.Tyre != Hard || c.TyreAge != 0 {
		age := c.TyreAge
		s.Tyre, s.TyreAge = c.Tyre.String(), &age
	}
	for _, m := range carPositionModules() {
		m.WriteCarPosition(c, &s) // fdr: R4.1, R5.2, R6.8, R16.4, T8
	}
	return s
}

// ParsePosition reads position lines (event syntax).
func ParsePosition(lines []Event) (Position, error) {
	var p Position
	seen := map[int]bool{}
	for _, e := range lines {
		switch e.Kind {
		case "position":
			if err := p.readHead(e); err != nil {
				return p, err
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
		case "position-lap":
			l, err := parseLap(e)
			if err != nil {
				return p, err
			}
			p.Laps = append(p.Laps, l)
		case "position-qualified":
			r, err := parseQualified(e)
			if err != nil {
				return p, err
			}
			p.Qualified = append(p.Qualified, r)
		default:
			return p, fmt.Errorf("%q is not a position line", e.Kind)
		}
	}
	if len(p.Cars) == 0 {
		return p, errors.New("a position needs position-car lines")
	}
	for _, c := range p.Cars {
		if c.Status == Racing && c.Space == "" && p.Session == 0 {
			return p, fmt.Errorf("position-car %d: a racing car needs space=", c.Car)
		}
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
	if err := p.checkSession(); err != nil {
		return p, err
	}
	return p, nil
}

// joinCars writes car numbers as N,M.
func joinCars(cars []int) string {
	parts := make([]string, len(cars))
	for i, n := range cars {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ",")
}

// readHead reads a position's header line as a PositionEvent (issue 13),
// as the engine writes it or by hand (decodeGiven: round= needed, the rest
// left out when zero or none). A value the codec cannot read is its error
// (kind, key and value); one out of its range is said here. An optional
// number written as 0 reads as left out, as the engine writes it.
func (p *Position) readHead(e Event) error {
	h, err := decodeGiven[PositionEvent](e, "round")
	if err != nil {
		return err
	}
	p.Round = h.Round
	if h.Play < 0 || h.Play > maxPlays {
		return fmt.Errorf("position: play=%q must be a number from 0 to %d", strconv.Itoa(h.Play), maxPlays)
	}
	p.Play = h.Play
	if p.Played, err = checkCars("played", h.Played); err != nil {
		return err
	}
	if p.Still, err = checkCars("still", h.Still); err != nil {
		return err
	}
	if h.Next != 0 && (h.Next < 1 || h.Next > MaxCars) {
		return fmt.Errorf("position: next=%q is not a car number (1 to %d)", strconv.Itoa(h.Next), MaxCars)
	}
	p.Next = h.Next
	if h.Session != 0 {
		if err := p.readSession(h); err != nil {
			return err
		}
	}
	if h.WeatherOwed != 0 && (h.WeatherOwed < 1 || h.WeatherOwed > 2*MaxCars) {
		return fmt.Errorf("position: weather-owed=%q must be a number from 1 to %d (one test per 20 or 30 rolled, R3.5)", strconv.Itoa(h.WeatherOwed), 2*MaxCars)
	}
	p.WeatherOwed = h.WeatherOwed
	p.Debris = splitList(h.Debris)
	p.MarkerKinds = splitList(h.Kinds) // league 17-B
	p.Passages = splitList(h.Passages) // league 17-D
	p.Runaways = splitList(h.Runaway)  // league 10-A
	if h.RaceLaps != 0 && (h.RaceLaps < 1 || h.RaceLaps > 9) {
		return fmt.Errorf("position: race-laps=%q: the laps of a shortened race, 1 to 9", strconv.Itoa(h.RaceLaps))
	}
	p.RaceLaps = h.RaceLaps
	if w := h.WeatherTest; w != "" {
		if _, ok := tracks.ParseWeather(w); !ok {
			return fmt.Errorf("position: weather-test %q (sun, changeable, rain)", w)
		}
		p.WeatherTest = w // FDR R3.6
	}
	if w := h.Weather; w != "" {
		i := slices.Index(weatherNames, w)
		if i < 0 {
			return fmt.Errorf("position: weather %q (%s)", w, strings.Join(weatherNames, ", "))
		}
		p.Weather = WeatherState(i)
	}
	return nil
}

// readSession reads a position's qualifying session (FDR R1.1) from its
// header: the session, its weather, 3-B's rain before it and 1-A's draws.
func (p *Position) readSession(h PositionEvent) error {
	if h.Session < 1 || h.Session > maxSessions {
		return fmt.Errorf("position: session=%q: 1 to %d (R1.1: 1 or 2)", strconv.Itoa(h.Session), maxSessions)
	}
	p.Session = h.Session
	w := h.QualiWeather
	if p.QualiWeather = WeatherState(slices.Index(weatherNames, w)); p.QualiWeather < 0 {
		return fmt.Errorf("position: quali-weather %q (%s)", w, strings.Join(weatherNames, ", "))
	}
	if w := h.SessionWeather; w != "" {
		if _, ok := tracks.ParseWeather(w); !ok {
			return fmt.Errorf("position: session-weather %q (sun, changeable, rain)", w)
		}
		p.SessionWeather = w // FDR R3.4
	}
	switch v := h.Rained; {
	case v == "yes" && p.Session < 2:
		return errors.New("position: rained=yes says an earlier session was rainy: session 2 or later")
	case v == "yes":
		p.Rained = true // league 3-B, AMB-11
	case v != "":
		return fmt.Errorf("position: rained=%q: yes, or left out", v)
	}
	if v := h.OrderDraws; v != "" {
		if p.Session != 1 {
			return errors.New("position: order-draws= are the d20s of session 1's running order (league 1-A): session 1 only")
		}
		var err error
		if p.OrderDraws, err = parseDraws(v); err != nil {
			return err
		}
	}
	return nil
}

// splitList is a comma-separated list of a position line, nil for none.
func splitList(v string) []string {
	if v == "" {
		return nil
	}
	return strings.Split(v, ",")
}

// checkCars checks a list of car numbers (played=N,M, still=N,M) the
// codec read; how often a car may be listed is checkPlayed's business.
func checkCars(key string, cars []int) ([]int, error) {
	for _, n := range cars {
		if n < 1 || n > MaxCars {
			return nil, fmt.Errorf("position: %s=%q: %q is not a car number (1 to %d)", key, joinInts(cars), strconv.Itoa(n), MaxCars)
		}
	}
	return cars, nil
}

// checkPlayed refuses a played= list that names a car the position does not
// hold or one no longer racing (a finished or eliminated car has no play
// left to order), and a car listed twice; under fdr (next= given) a car may
// be listed twice, its second play (R6.10), not three times; a wreck still
// on the board may be listed (it is removed at its next play, T8). The next
// car must be racing, and may not play a third time or a second time when
// its first play left it where it was (still=).
func (p Position) checkPlayed() error {
	if len(p.Played) == 0 && p.Next == 0 {
		if len(p.Still) > 0 || p.WeatherOwed > 0 {
			return errors.New("position: still= and weather-owed= belong to a round in progress (next=)")
		}
		return nil
	}
	if p.Round < 1 {
		return errors.New("position: played= needs the round in progress (round=1 or more)")
	}
	most := 1
	if p.Next > 0 {
		most = 2 // FDR R6.10: a lapped car's second play
	}
	count := map[int]int{}
	for _, n := range p.Played {
		count[n]++
		if count[n] > most {
			if most == 1 {
				return fmt.Errorf("position: played= lists car %d twice: a car plays once a round (R-ORD-01)", n)
			}
			return fmt.Errorf("position: played= lists car %d %d times: a car plays at most twice a round, the second time only when lapped (R6.10)", n, count[n])
		}
		if n > len(p.Cars) {
			return fmt.Errorf("position: played= lists car %d, but the position has %d cars", n, len(p.Cars))
		}
		if c := p.Cars[n-1]; c.Status != Racing && !(p.Next > 0 && contains(c.Flags, "wreck")) {
			return fmt.Errorf("position: played= lists car %d, which has %s: only racing cars are listed", n, map[Status]string{Finished: "finished", Eliminated: "been eliminated"}[c.Status])
		}
	}
	seen := map[int]bool{}
	for _, n := range p.Still {
		if seen[n] {
			return fmt.Errorf("position: still= lists car %d twice", n)
		}
		seen[n] = true
		if count[n] == 0 {
			return fmt.Errorf("position: still= lists car %d, which has not played this round (played=)", n)
		}
	}
	if p.Next == 0 {
		return nil
	}
	if p.Next > len(p.Cars) {
		return fmt.Errorf("position: next=%d, but the position has %d cars", p.Next, len(p.Cars))
	}
	if c := p.Cars[p.Next-1]; c.Status != Racing {
		return fmt.Errorf("position: next=%d names a car that is no longer racing", p.Next)
	}
	switch {
	case count[p.Next] >= 2:
		return fmt.Errorf("position: next=%d, but car %d has played twice this round (R6.10: at most twice)", p.Next, p.Next)
	case count[p.Next] == 1 && seen[p.Next]:
		return fmt.Errorf("position: next=%d, but car %d played this round and has not moved since: no second play (R6.10)", p.Next, p.Next)
	}
	return nil
}

// parseCarPosition reads a car's line of a position (position-car, or a
// qualifying lap's position-lap) as its typed value (issue 13), as the
// engine writes it or by hand (decodeGiven: car= needed, wear= checked
// below, what is zero left out). A value the codec cannot read is its error (kind, key
// and value); one out of its range is said here.
func parseCarPosition(e Event) (CarPosition, error) {
	var c CarPosition
	var s PositionCarState
	switch e.Kind {
	case "position-lap":
		l, err := decodeGiven[PositionLapEvent](e, "car")
		if err != nil {
			return c, err
		}
		c.Car, s = l.Car, l.PositionCarState
	default:
		x, err := decodeGiven[PositionCarEvent](e, "car")
		if err != nil {
			return c, err
		}
		c.Car, s = x.Car, x.PositionCarState
	}
	var err error
	num := func(key string, n, lo, hi int) int {
		if err == nil && (n < lo || n > hi) {
			err = fmt.Errorf("position-car: %s=%q must be a number from %d to %d", key, strconv.Itoa(n), lo, hi)
		}
		return n
	}
	c.Car = num("car", c.Car, 1, MaxCars)
	c.Gear = num("gear", s.Gear, 0, 6)
	c.Laps = num("laps", s.Laps, 0, 9)
	c.Stops = num("stops", s.Stops, 0, 9) // fdr counts every stop made in the corner
	c.PitStops = num("pitstops", s.PitStops, 0, 9)
	if s.TyreAge != nil {
		c.TyreAge = num("tyre-age", *s.TyreAge, 0, 9)
	}
	c.Place = num("place", s.Place, 0, MaxCars)
	if err != nil {
		return c, err
	}
	for _, m := range carPositionModules() {
		if err := m.ReadCarPosition(&c, s); err != nil { // fdr: R4.1, R5.2, R6.8, R16.4, T8
			return c, err
		}
	}
	c.Space = s.Space
	if d := s.Driver; d != "" {
		if _, ok := DriverByKey(d); !ok {
			return c, fmt.Errorf("position-car %d: no driver %q (T-13)", c.Car, d)
		}
		c.Driver = d // U-DRV-01
	}
	if t := s.Tyre; t != "" {
		tt, ok := ParseTyre(t)
		if !ok {
			return c, fmt.Errorf("position-car %d: tyre %q (hard, soft, rain)", c.Car, t)
		}
		c.Tyre = tt
	}
	if s.Wear == "" {
		return c, fmt.Errorf("position-car %d: wear= is required", c.Car)
	}
	if c.Wear, err = ParseWearCompact(s.Wear); err != nil {
		return c, fmt.Errorf("position-car %d: %w", c.Car, err)
	}
	switch s.Status {
	case "", "racing":
		c.Status = Racing
	case "finished":
		c.Status = Finished
	case "eliminated":
		c.Status = Eliminated
		c.Cause = s.Cause
		if s.Distance != nil {
			n := *s.Distance
			if n < -maxDistance || n > maxDistance {
				return c, fmt.Errorf("position-car %d: distance=%q must be a number from %d to %d", c.Car, strconv.Itoa(n), -maxDistance, maxDistance)
			}
			c.Distance = n
		}
	default:
		return c, fmt.Errorf("position-car %d: status %q (racing, finished, eliminated)", c.Car, s.Status)
	}
	if f := s.Flags; f != "" {
		for _, fl := range strings.Split(f, ",") {
			if !contains(positionFlags, fl) {
				return c, fmt.Errorf("position-car %d: unknown flag %q (%s)", c.Car, fl, strings.Join(positionFlags, ", "))
			}
			c.Flags = append(c.Flags, fl)
		}
	}
	return c, nil
}

// maxDistance bounds distance= (laps × levels + level).
const maxDistance = 1 << 20

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
	if err := p.checkSession(); err != nil {
		return err
	}
	if p.Session > 0 {
		return g.startQualifying(p, src) // FDR R1
	}
	for _, c := range p.Cars {
		if c.Status == Racing && c.Space == "" {
			return fmt.Errorf("position-car %d: a racing car needs space=", c.Car)
		}
	}
	if !g.can().LeaderOrder && (p.Next > 0 || len(p.Still) > 0 || p.WeatherOwed > 0) {
		return errors.New("position: next=, still= and weather-owed= belong to rules fdr (under the other rules the order of the cars yet to play is computed)")
	}
	if g.can().LeaderOrder && len(p.Played) > 0 && p.Next == 0 {
		// R6.6–R6.10: the order follows the leader round the track, with
		// second plays for lapped cars: where the scan stands is part of
		// the position
		return errors.New("position: under rules fdr a round in progress names the car that plays next (next=) beside played=")
	}
	used := map[tracks.SpaceID]int{}
	for _, cp := range p.Cars {
		c := g.car(cp.Car)
		c.Gear, c.Wear, c.Laps, c.PitStops, c.Status, c.Place = cp.Gear, cp.Wear, cp.Laps, cp.PitStops, cp.Status, cp.Place
		c.Tyre, c.TyreAge = cp.Tyre, cp.TyreAge
		if cp.Status == Eliminated {
			c.Cause, c.LastLevel = cp.Cause, cp.Distance
		}
		start := g.Config.Start
		s, handled, err := g.rules().StartCar(g, c, cp) // fdr R5.2, R6.8, R16.4; street U-DRV-01
		if err != nil {
			return err
		}
		if handled {
			start = s
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
		// the variants' per-car slots: top-used (6-A), boost (5-A), spare
		// (20-B), monsoon-grace (8-C), the wing (5-B: neutral unless a flag
		// says) and the lock (5-C: the league's until a flag says) …; fdr's
		// checked ones are fdr's to read
		restoreSlots(c, cp.Flags)
		// league variants 23-A, 23-C: one flag a pilot point spent
		g.restorePilotPoints(c, countFlag(cp.Flags, "pilot-point"))
		if c.Place > g.finishes {
			g.finishes = c.Place
		}
		if cp.Status != Racing && !c.eliminatedOnBoard() {
			continue
		}
		id, ok := g.Track.Lookup(cp.Space)
		if !ok || !g.Track.Spaces[id].Playable() {
			return fmt.Errorf("car %d: no playable space %q on %s", cp.Car, cp.Space, g.Track.ID)
		}
		if other, dup := used[id]; dup && !g.spaceShared(id) {
			return fmt.Errorf("cars %d and %d are both on %s (R-MOV-02)", other, cp.Car, cp.Space)
		}
		used[id] = cp.Car
		c.Space = id
		c.Corner, c.Stops = g.Track.Spaces[id].Corner, 0
		if c.Corner >= 0 {
			c.Stops = cp.Stops
		}
	}
	if g.can().PitLane {
		if err := g.checkPitBoxes(); err != nil { // FDR R4.1
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
	if err := g.startMarkers(p); err != nil { // league 17-B, 17-D
		return err
	}
	if err := g.startRunaways(p); err != nil { // league 10-A
		return err
	}
	if p.RaceLaps > 0 { // league 9-A: a race shortened at its start
		if p.RaceLaps > g.Config.Laps {
			return fmt.Errorf("race-laps=%d: a shortened race, but the race has %d laps", p.RaceLaps, g.Config.Laps)
		}
		g.Config.Laps, g.shortened = p.RaceLaps, p.RaceLaps
	}
	g.Round, g.Play = p.Round, p.Play
	g.weather = p.Weather
	g.Order, g.next = nil, 0
	if pm := g.positionRules(); pm != nil {
		// FDR R3.6's last test; R6.10's round, which a position under
		// fdr names by next= (refused above without it)
		pm.ResumeRace(g, p)
	} else if len(p.Played) > 0 {
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
	if g.setupStage < setupDone {
		var p Position
		if !g.inQualifyingSession() {
			return p, errors.New("the race has not started: a position is written once the cars are on the grid or inside a qualifying session (rules fdr)")
		}
		p = g.Position()
		if !g.qualifyingPosition(&Position{Cars: slices.Clone(p.Cars)}) {
			return Position{}, errors.New("a qualifying lap is in the middle of a play: a position is written at each lap's gear choice or first move")
		}
		return p, nil
	}
	if pm := g.positionRules(); pm != nil && !pm.AtDecision(g) {
		return Position{}, errors.New("no car's play is under way: a position is written at a decision")
	}
	return g.Position(), nil
}

// Position freezes the game between rounds (or now, mid-round, for
// display); mid-round it lists the cars that already played (played=).
func (g *Game) Position() Position {
	p := Position{Weather: g.weather, Play: g.Play}
	if t := g.turn; t != nil && t.car != nil && !t.between && p.Play > 0 {
		p.Play-- // the car in its turn plays again from its beginning
	}
	pm := g.positionRules()
	if pm != nil {
		pm.PositionRound(g, &p) // FDR R6.10, AMB-40; R3.6
	} else {
		p.Round, p.Played = g.roundState() // R-ORD-01
	}
	var debris []string
	for s := range g.Debris {
		debris = append(debris, g.Track.Spaces[s].Name)
	}
	sort.Strings(debris)
	p.Debris = debris
	p.MarkerKinds, p.Passages = g.markerPositions() // league 17-B, 17-D
	p.Runaways = g.runawayPositions()               // league 10-A
	p.RaceLaps = g.shortened                        // league 9-A
	for i := range g.Cars {
		c := &g.Cars[i]
		cp := CarPosition{Car: c.Number, Gear: c.Gear, Wear: c.Wear, Laps: c.Laps, PitStops: c.PitStops, Status: c.Status, Place: c.Place, Stops: c.Stops, Tyre: c.Tyre, TyreAge: c.TyreAge, Driver: g.driverKey(c)}
		if c.Status == Eliminated {
			cp.Cause, cp.Distance = c.Cause, c.LastLevel
		}
		if pm != nil {
			pm.PositionCar(g, c, &cp) // FDR R5.2, R6.8, R16.4, T8
		}
		if c.Space != tracks.NoSpace {
			cp.Space = g.Track.Spaces[c.Space].Name
		}
		for _, f := range []struct {
			on   bool
			name string
		}{{c.Started, "started"}, {c.CrossedStart, "crossed"}, {c.Stalled, "stalled"}, {c.Spun, "spun"}, {c.SlowStop, "slow-stop"}, {c.Pitting, "pitting"}} {
			if f.on {
				cp.Flags = append(cp.Flags, f.name)
			}
		}
		order := positionSlots()
		cp.Flags = appendSlotFlags(cp.Flags, c, order.afterPitting) // fdr's restart, wreck; street's nitro, drop, radio
		// 6-A's top-used … 5-B's wing, 20-B's spare, 5-C's lock
		cp.Flags = appendSlotFlags(cp.Flags, c, order.afterRadio)
		for range c.pilotPointsSpent() { // league variants 23-A, 23-C
			cp.Flags = append(cp.Flags, "pilot-point")
		}
		cp.Flags = appendSlotFlags(cp.Flags, c, order.afterPilotPoints)
		if chosen := order.chosenBoosters; c.slots[chosen[0]] != 0 { // only when the player chose them (5-A)
			cp.Flags = appendSlotFlags(cp.Flags, c, chosen)
		}
		cp.Flags = appendSlotFlags(cp.Flags, c, order.afterBoosters)
		p.Cars = append(p.Cars, cp)
	}
	if g.inQualifyingSession() {
		g.qualifyingPosition(&p) // FDR R1
	}
	return p
}
