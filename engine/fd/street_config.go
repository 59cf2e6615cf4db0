package fd

import (
	"errors"
	"fmt"
	"strings"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// The street races of formula-d-2008.md §2.18 (ruleset "street"): GT cars
// on the city circuit, drivers with their own cards (T-13), nitro, and the
// city's special areas. The fd2008 machinery is shared; the street_*.go
// files hold what street races do differently as one rules module,
// streetRules, which the base turn calls at its named phases
// (RulesModule, phases.go) and which the rulesets table names for the
// street row.

// Street is the street-race module (§2.18).
const Street Ruleset = "street"

// DecideDriver is the street setup decision: each player picks a driver
// (U-DRV-01), all at once.
const DecideDriver DecisionKind = "driver"

// DecideRepair is a street car's choice of how to spread the points it
// recovers, when more than one spread is legal: the police record's 2 PS
// (U-POL-01) or the checkpoint's 2 (Jenny 4) over the categories other
// than the tyres (U-CHK-01). Each option's Repair is one spread.
const DecideRepair DecisionKind = "repair"

// DecideReroll is Julien's choice after the race-weather roll: keep it (A)
// or re-roll (B), the second result standing (U-DRV-02, EX-F-47).
const DecideReroll DecisionKind = "weather-reroll"

// Driver is one card of T-13.
type Driver struct {
	Key     string // a short name: "li-tsu", "jack", …
	Name    string // the card's name
	Wear    Wear   // the starting PS printed on the card (U-DRV-01, AMB-29)
	Ability string
}

// Driver keys.
const (
	DriverLiTsu   = "li-tsu"
	DriverJack    = "jack"
	DriverStanley = "stanley"
	DriverDimitri = "dimitri"
	DriverJulien  = "julien"
	DriverJenny   = "jenny"
	DriverMontoya = "montoya"
	DriverDerek   = "derek"
	DriverDiane   = "diane"
	DriverTemana  = "temana"
)

// StreetDrivers is T-13, in the order of the table; a driver's option
// letter is its place here (A Li-Tsu … J Temana).
var StreetDrivers = []Driver{
	{DriverLiTsu, "Li-Tsu Sin", Wear{7, 3, 2, 2, 3, 3}, "Too cute: an opponent overtaking her on a straight moves 1 less"},
	{DriverJack, "Jack Owens", Wear{9, 2, 2, 2, 3, 2}, "Drift pro: ±1 space in a corner for 1 tyre PS"},
	{DriverStanley, "Stanley Washington", Wear{7, 2, 3, 2, 3, 3}, "Car radio: once per race, an adjacent car loses 1 PS (T-14)"},
	{DriverDimitri, "Dimitri Tzarof", Wear{5, 4, 3, 3, 3, 4}, "Little genius: engine test lost on 1-3 only (1-2 in rain)"},
	{DriverJulien, "Julien « Frogger » Marcellin", Wear{8, 4, 2, 2, 3, 2}, "Weather frog: re-rolls the weather; slides 1 in rain"},
	{DriverJenny, "Jenny Slivers", Wear{4, 6, 2, 3, 3, 2}, "Expert mechanic: 4 PS at each checkpoint instead of 2"},
	{DriverMontoya, "Montoya Cadena", Wear{5, 5, 3, 2, 3, 2}, "Improved nitro: may add 3 spaces to the nitro"},
	{DriverDerek, "Derek Manson", Wear{6, 3, 2, 4, 3, 3}, "Aggressive: his collision partners roll twice"},
	{DriverDiane, "Diane Montfort", Wear{6, 4, 2, 3, 3, 3}, "Gallantry: wins every play-order and grid tie"},
	{DriverTemana, "Temana Matahi", Wear{6, 3, 3, 3, 3, 3}, "Trash car: drops debris once per lap; loses handling on debris on 1-2 only"},
}

// DriverByKey finds a driver of T-13 by key.
func DriverByKey(key string) (Driver, bool) {
	for _, d := range StreetDrivers {
		if d.Key == key {
			return d, true
		}
	}
	return Driver{}, false
}

// FindDriver reads a driver's name as players type it: the key, the first
// name, the surname, the full name or the nickname, in any case, accents
// of the French spelling aside.
func FindDriver(name string) (Driver, bool) {
	n := normName(name)
	if n == "" {
		return Driver{}, false
	}
	for _, d := range StreetDrivers {
		if n == normName(d.Key) || n == normName(d.Name) {
			return d, true
		}
		for _, w := range strings.Fields(strings.NewReplacer("«", " ", "»", " ").Replace(d.Name)) {
			if n == normName(w) {
				return d, true
			}
		}
	}
	return Driver{}, false
}

func normName(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.NewReplacer("«", "", "»", "", "\"", "", "é", "e", "è", "e", "ë", "e").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// StreetConfig is the street-race configuration: 2 laps, GT cars whose
// starting PS come from the driver cards (U-DRV-01; Start is only the
// value of a car with no driver, in positions), hard tyres (U-CAR-01), no
// pit stops (U-CIR-01). Race it on race-city.
func StreetConfig() Config {
	return Config{Rules: Street, Laps: 2, Start: StreetDrivers[0].Wear, Dice: dice.DefaultSet()}
}

func (c Config) validateStreet() error {
	if c.Laps < 1 || c.Laps > 9 {
		return fmt.Errorf("laps %d: from 1 to 9", c.Laps)
	}
	o := c.Optional
	if o.Building || o.Qualifying || o.Tyres || o.PitOptions || o.Team {
		return errors.New("street races allow only the weather optional rule: the drivers' cards give the cars (U-DRV-01), all cars run on hard tyres (U-CAR-01), there are no pit stops (U-CIR-01)")
	}
	if c.StrictBlockTable {
		return errors.New("strict-block-table is an fd2008 option")
	}
	for i, v := range c.Start {
		if v < 1 {
			return fmt.Errorf("starting %s %d: every category starts with at least 1", Category(i), v)
		}
	}
	return c.Dice.Validate()
}

// streetRules is the street races' rules module (RulesModule): its
// per-race state, and the state of the play under way.
type streetRules struct {
	baseRules
	// police contests by lap (U-POL-01, AMB-28): the crossings in order
	police  map[int][]policeRecord
	awarded map[int]bool
	reroll  bool // Julien asked to re-roll the race weather
	// repairs are recovered points still to spread (U-POL-01, U-CHK-01)
	repairs []owedRepair
	// prev lists the spaces leading to each space (Stanley's radio range),
	// worked out at Prepare: the circuit does not change, and the option
	// lists that read it are read concurrently
	prev map[tracks.SpaceID][]tracks.SpaceID
	// now is the play under way, as far as the street rules go
	now streetPlayState
}

// streetPlayState is a play's street state; it belongs to one turn and is
// forgotten when the next one begins (streetRules.play).
type streetPlayState struct {
	of         *turn
	checkpoint int          // finish-line crossings this move (U-CHK-01)
	radio      int          // Stanley's radio target after the move (U-DRV-02)
	wxBefore   WeatherState // the weather before this play's change (U-DRV-02 Julien)
	rerolled   bool         // Julien has had his re-roll this play
	done       bool         // the §2.19 step 12 events are resolved
	holding    streetHold   // the decision the module holds the play for (stageModule)
}

// streetHold is the street decision a play waits on.
type streetHold int

const (
	holdNone   streetHold = iota
	holdReroll            // Julien may re-roll a weather change (U-DRV-02)
	holdRepair            // a car spreads recovered points (U-POL-01, U-CHK-01)
)

type policeRecord struct {
	car, speed int
}

func newStreetRules() RulesModule {
	return &streetRules{police: map[int][]policeRecord{}, awarded: map[int]bool{}}
}

// play is the street state of the game's play under way, fresh for a new
// play. Only the hooks that change the play call it.
func (m *streetRules) play(g *Game) *streetPlayState {
	if m.now.of != g.turn {
		m.now = streetPlayState{of: g.turn}
	}
	return &m.now
}

// Prepare refuses a circuit that is not a street circuit, and more cars
// than drivers (U-GEN-01: without the weather rule Julien stays home).
func (m *streetRules) Prepare(g *Game, n int) error {
	if !g.Track.Street {
		return fmt.Errorf("circuit %s is not a street circuit; street races run on one (§2.18, e.g. race-city)", g.Track.ID)
	}
	if avail := len(streetAvailable(g)); n > avail {
		return fmt.Errorf("%d cars for %d drivers (U-DRV-01, U-GEN-01: without weather Julien Marcellin stays out)", n, avail)
	}
	m.prev = map[tracks.SpaceID][]tracks.SpaceID{}
	for i := range g.Track.Spaces {
		for _, n := range g.Track.Spaces[i].Next {
			m.prev[n] = append(m.prev[n], tracks.SpaceID(i))
		}
	}
	return nil
}

// Resumable: a street race's position does not carry its lap's police
// awards and the like (§2.19): resumed from one, it would play on
// otherwise (TestSnapshotResumesIdentically caught it).
func (m *streetRules) Resumable() error {
	return errors.New("street races are not snapshotted: their position does not hold all of their state")
}

// streetAvailable lists the drivers in the race (U-GEN-01).
func streetAvailable(g *Game) []Driver {
	var out []Driver
	for _, d := range StreetDrivers {
		if d.Key == DriverJulien && !g.Config.Optional.Weather {
			continue
		}
		out = append(out, d)
	}
	return out
}

func isDriver(c *Car, key string) bool { return c != nil && c.Driver == key }

// Setup is the street setup: drivers (U-DRV-01), the race weather (O-WX),
// the grid (R-SET-02, Diane wins ties).
func (m *streetRules) Setup(g *Game, src dice.Source) (started, handled bool, err error) {
	for g.setupStage < setupDone {
		if len(g.setupPending) > 0 {
			return false, true, nil
		}
		if m.reroll {
			// U-DRV-02 Julien, EX-F-47: the second result stands
			m.reroll = false
			w, err := g.rollWeather(src, "weather")
			if err != nil {
				return false, true, err
			}
			g.weather = w
			g.emit(Encode(WeatherEvent{Session: "race", State: w.String(), Reroll: "julien"}))
		}
		stage := g.setupStage
		g.setupStage++
		switch stage {
		case setupBuild:
			var keys []string
			for _, d := range streetAvailable(g) {
				keys = append(keys, d.Key)
			}
			g.emit(Encode(DriversEvent{Offered: strings.Join(keys, ",")})) // U-DRV-01, U-GEN-01
			for i := range g.Cars {
				if n := g.Cars[i].Number; g.Cars[i].Driver == "" {
					g.setupPending[n] = &Decision{Car: n, Kind: DecideDriver, Options: driverOptions(g)}
				}
			}
		case setupWeatherRace:
			if g.Config.Optional.Weather {
				w, err := g.rollWeather(src, "weather")
				if err != nil {
					return false, true, err
				}
				g.weather = w
				g.emit(Encode(WeatherEvent{Session: "race", State: w.String()}))
				for i := range g.Cars {
					if g.Cars[i].Driver == DriverJulien {
						g.setupPending[g.Cars[i].Number] = &Decision{Car: g.Cars[i].Number, Kind: DecideReroll,
							Options: []Option{{Letter: "A"}, {Letter: "B", Reroll: true}}}
					}
				}
			}
		case setupGrid:
			if err := g.placeGrid(src); err != nil {
				return false, true, err
			}
		}
	}
	return true, true, nil
}

func streetTaken(g *Game) map[string]int {
	taken := map[string]int{}
	for i := range g.Cars {
		if d := g.Cars[i].Driver; d != "" {
			taken[d] = g.Cars[i].Number
		}
	}
	return taken
}

// driverOptions are the drivers still free, each under its fixed letter
// of T-13.
func driverOptions(g *Game) []Option {
	taken := streetTaken(g)
	var out []Option
	for i, d := range StreetDrivers {
		if d.Key == DriverJulien && !g.Config.Optional.Weather {
			continue
		}
		if taken[d.Key] != 0 {
			continue
		}
		out = append(out, Option{Letter: letter(i), Driver: d.Key, Build: d.Wear})
	}
	return out
}

// SetupOrder applies a driver order (a letter or a name, U-DRV-01) and
// Julien's choice on the race weather (U-DRV-02).
func (m *streetRules) SetupOrder(g *Game, c *Car, o Order, d *Decision) (bool, error) {
	switch d.Kind {
	case DecideDriver:
		return true, submitDriver(g, c, o, d)
	case DecideReroll:
		op, err := pickLetter(d, o.Letter)
		if err != nil {
			return true, err
		}
		g.emit(Encode(OrderEvent{Car: c.Number, Choose: op.Letter}))
		m.reroll = op.Reroll
		return true, nil
	}
	return false, nil
}

// submitDriver applies a driver order: a letter or a name.
func submitDriver(g *Game, c *Car, o Order, d *Decision) error {
	var chosen *Option
	opts := driverOptions(g)
	for i := range opts {
		if strings.EqualFold(opts[i].Letter, o.Letter) {
			chosen = &opts[i]
		}
	}
	if chosen == nil {
		if dr, ok := FindDriver(o.Letter); ok {
			if n := streetTaken(g)[dr.Key]; n != 0 {
				return fmt.Errorf("%w: %s already drives car %d (U-DRV-01)", ErrIllegal, dr.Name, n)
			}
			for i := range opts {
				if opts[i].Driver == dr.Key {
					chosen = &opts[i]
				}
			}
			if chosen == nil {
				return fmt.Errorf("%w: %s does not race without the weather rule (U-GEN-01)", ErrIllegal, dr.Name)
			}
		}
	}
	if chosen == nil {
		d.Options = opts
		return fmt.Errorf("%w: %s", ErrIllegal, describeLegal(d))
	}
	dr, _ := DriverByKey(chosen.Driver)
	g.emit(Encode(OrderEvent{Car: c.Number, Choose: chosen.Letter}))
	seatDriver(g, c, dr)
	// the others choose among the drivers still free
	for n, p := range g.setupPending {
		if n != c.Number && p.Kind == DecideDriver {
			p.Options = driverOptions(g)
		}
	}
	return nil
}

func seatDriver(g *Game, c *Car, dr Driver) {
	c.Driver = dr.Key
	c.Wear = dr.Wear
	g.startWear[c.Number] = dr.Wear
	g.emit(Encode(DriverEvent{Car: c.Number, Driver: dr.Key, Wear: dr.Wear.Compact()}))
}

// DriverName is the card name of a car's driver, "" without one.
func (g *Game) DriverName(car int) string {
	if d, ok := DriverByKey(g.car(car).Driver); ok {
		return d.Name
	}
	return ""
}

// Slide is U-CAR-01 with O-TYR-03: hard tyres slide 3 in the wet, Julien 1
// (U-DRV-02).
func (m *streetRules) Slide(g *Game, c *Car) (int, bool) {
	if !g.weather.Rain() {
		return 0, true
	}
	if c.Driver == DriverJulien {
		return 1, true
	}
	return 3, true
}

// EngineSpared is Dimitri's engine test (U-DRV-02): 1–3 loses, 1–2 in
// rain.
func (m *streetRules) EngineSpared(g *Game, c *Car, v int) bool {
	if !isDriver(c, DriverDimitri) {
		return false
	}
	if g.weather.Rain() {
		return v > 2
	}
	return v > 3
}

// HandlingSpared is Temana's debris roll (U-DRV-02, AMB-28): 1–2 loses,
// in rain too.
func (m *streetRules) HandlingSpared(_ *Game, c *Car, v int) bool {
	return isDriver(c, DriverTemana) && v > 2
}

// CollisionRolls is how many black dice a collision partner of other
// rolls: two against Derek (U-DRV-02, AMB-28), one otherwise (R-COL).
func (m *streetRules) CollisionRolls(_ *Game, other *Car) int {
	if isDriver(other, DriverDerek) {
		return 2
	}
	return 1
}

// OrderTie is Diane's gallantry (U-DRV-02): she wins every position tie.
func (m *streetRules) OrderTie(g *Game, a, b int) int {
	switch {
	case g.car(a).Driver == DriverDiane:
		return -1
	case g.car(b).Driver == DriverDiane:
		return 1
	}
	return 0
}

// GridFirst: Diane wins every tie on the grid roll (U-DRV-02).
func (m *streetRules) GridFirst(g *Game, tied []int) (first, rest []int) {
	for i, n := range tied {
		if g.car(n).Driver == DriverDiane {
			return []int{n}, append(append([]int(nil), tied[:i]...), tied[i+1:]...)
		}
	}
	return nil, tied
}

// Lap is the line crossing of a street car (AMB-28): the nitro and
// Temana's drop come back, and the checkpoint is owed (U-CHK-01).
func (m *streetRules) Lap(g *Game, c *Car) {
	c.NitroUsed, c.DropUsed = false, false
	if t := g.turn; t != nil && t.car == c {
		m.play(g).checkpoint++
	}
}

// Cross records the speed of a car crossing the police line (U-POL-01,
// AMB-28: the raw face of the move's gear die).
func (m *streetRules) Cross(t Turn, from, to tracks.SpaceID) {
	g, c := t.g, t.t.car
	p := g.Track.PoliceLevel
	if p < 0 || g.turn != t.t || !c.CrossedStart {
		return
	}
	a, b := g.Track.Spaces[from].Level, g.Track.Spaces[to].Level
	if !(a < p && b >= p && b-a < g.Track.Levels/2) {
		return
	}
	lap := c.Laps
	for _, r := range m.police[lap] {
		if r.car == c.Number {
			return
		}
	}
	speed := t.t.face * 10
	m.police[lap] = append(m.police[lap], policeRecord{car: c.Number, speed: speed})
	g.emit(Encode(PoliceEvent{Car: c.Number, Lap: lap + 1, Speed: speed}))
}

// policeAward gives the 2 PS of every lap whose contest is complete: every
// car not eliminated has crossed (U-POL-01, AMB-28). The fastest wins, the
// first to cross among equals; the points go by the automatic repair rule
// (settleRepairs).
func (m *streetRules) policeAward(g *Game) {
	for lap := 0; lap < g.Config.Laps; lap++ {
		recs := m.police[lap]
		if m.awarded[lap] || len(recs) == 0 {
			continue
		}
		crossed := map[int]bool{}
		for _, r := range recs {
			crossed[r.car] = true
		}
		complete := true
		for i := range g.Cars {
			if c := &g.Cars[i]; c.Status != Eliminated && !crossed[c.Number] {
				complete = false
			}
		}
		if !complete {
			continue
		}
		m.awarded[lap] = true
		best := -1
		for i, r := range recs {
			if g.car(r.car).Status == Eliminated {
				continue
			}
			if best < 0 || r.speed > recs[best].speed {
				best = i
			}
		}
		if best < 0 {
			continue
		}
		w := g.car(recs[best].car)
		g.emit(Encode(PoliceAwardEvent{Car: w.Number, Lap: lap + 1, Speed: recs[best].speed}))
		if w.Status == Racing {
			m.oweRepair(w, 2, true, "police speed record (U-POL-01)")
		}
	}
}

// repairOrder is the autopilot's distribution of recovered points: each
// point goes to the category furthest below its starting value, ties to
// the scarcer category in this order (the autopilot's weights).
var repairOrder = []Category{Handling, Engine, Body, Brakes, Gearbox, Tyres}

// owedRepair is a spread of recovered points a car still has to choose.
type owedRepair struct {
	car   int
	n     int
	tyres bool // the tyres may take points (police), or not (checkpoint)
	cause string
}

// oweRepair queues n recovered points for c: the player spreads them
// (U-POL-01: "distributed freely"; U-CHK-01).
func (m *streetRules) oweRepair(c *Car, n int, tyres bool, cause string) {
	m.repairs = append(m.repairs, owedRepair{car: c.Number, n: n, tyres: tyres, cause: cause})
}

// repairSpreads lists every legal spread of r's points: as many points as
// the car can take back (at most r.n), none above a starting value
// (R-PS-04), in a fixed order.
func repairSpreads(g *Game, r owedRepair) []Wear {
	c := g.car(r.car)
	start := g.startingWear(c)
	var room Wear
	total := 0
	for cat := Category(0); cat < NumCategories; cat++ {
		if cat == Tyres && !r.tyres {
			continue
		}
		room[cat] = max(0, start[cat]-c.Wear[cat])
		total += room[cat]
	}
	n := min(r.n, total)
	var out []Wear
	var spread func(cat Category, left int, w Wear)
	spread = func(cat Category, left int, w Wear) {
		if cat == NumCategories {
			if left == 0 {
				out = append(out, w)
			}
			return
		}
		for k := min(left, room[cat]); k >= 0; k-- {
			w[cat] = k
			spread(cat+1, left-k, w)
		}
	}
	spread(0, n, Wear{})
	return out
}

// autoSpread is the autopilot's spread (repairOrder), one of
// repairSpreads.
func autoSpread(g *Game, r owedRepair) Wear {
	c := g.car(r.car)
	start := g.startingWear(c)
	w := c.Wear
	var got Wear
	for range r.n {
		best, gap := Category(-1), 0
		for _, cat := range repairOrder {
			if cat == Tyres && !r.tyres {
				continue
			}
			if d := start[cat] - w[cat]; d > gap {
				best, gap = cat, d
			}
		}
		if best < 0 {
			break
		}
		w[best]++
		got[best]++
	}
	return got
}

// settleRepairs applies the owed spreads that leave no choice, and stops
// at the first that does: then the play waits for DecideRepair. It
// reports whether a decision is pending.
func (m *streetRules) settleRepairs(g *Game) bool {
	for len(m.repairs) > 0 {
		r := m.repairs[0]
		if g.car(r.car).Status != Racing {
			m.repairs = m.repairs[1:]
			continue
		}
		spreads := repairSpreads(g, r)
		if len(spreads) > 1 {
			return true
		}
		m.repairs = m.repairs[1:]
		if len(spreads) == 1 {
			recoverSpread(g, g.car(r.car), spreads[0], r.cause)
		}
	}
	return false
}

func (m *streetRules) repairDecision(g *Game) *Decision {
	r := m.repairs[0]
	why := because("why.checkpoint", "") // U-CHK-01
	if r.tyres {
		why = because("why.police-record", "") // U-POL-01: only its points may go to the tyres
	}
	var opts []Option
	for i, w := range repairSpreads(g, r) {
		opts = append(opts, Option{Letter: letter(i), Repair: w, End: g.car(r.car).Space, Cause: r.cause, Why: why})
	}
	return &Decision{Car: r.car, Kind: DecideRepair, Options: opts}
}

// chooseRepair applies the chosen spread, then the play goes on; a spread
// owed between two plays (a contest completed by an elimination) hands
// over to the next spread or the next play.
func (m *streetRules) chooseRepair(g *Game, op Option, src dice.Source) error {
	r := m.repairs[0]
	m.repairs = m.repairs[1:]
	recoverSpread(g, g.car(r.car), op.Repair, r.cause)
	if g.turn.between {
		if m.settleRepairs(g) {
			g.turn.car = g.car(m.repairs[0].car)
			return nil
		}
		g.turn = nil
		return nil
	}
	return g.finishTail(src)
}

// BetweenPlays opens a play of its own when the police award made between
// two plays leaves a spread to choose (U-POL-01: a contest completed by an
// elimination).
func (m *streetRules) BetweenPlays(g *Game) bool {
	m.policeAward(g)
	if !m.settleRepairs(g) {
		return false
	}
	g.turn = &turn{car: g.car(m.repairs[0].car), stage: stageModule, between: true}
	m.play(g).holding = holdRepair
	return true
}

// recoverSpread recovers the spread w, never above the starting values
// (R-PS-04).
func recoverSpread(g *Game, c *Car, w Wear, cause string) {
	start := g.startingWear(c)
	var got Wear
	for cat := Category(0); cat < NumCategories; cat++ {
		got[cat] = max(0, min(w[cat], start[cat]-c.Wear[cat]))
		c.Wear[cat] += got[cat]
	}
	g.emit(Encode(RepairEvent{Car: c.Number, WearPoints: g.wearPoints(got), Cause: cause}))
}

// wearPoints writes the categories of w that are not 0, under the names
// of the game's ruleset (R0.3: gas for the gearbox under fdr).
func (g *Game) wearPoints(w Wear) WearPoints {
	var out WearPoints
	for cat := Category(0); cat < NumCategories; cat++ {
		if w[cat] == 0 {
			continue
		}
		n := w[cat]
		switch cat {
		case Tyres:
			out.Tyres = &n
		case Brakes:
			out.Brakes = &n
		case Gearbox:
			if g.catName(Gearbox) == "gas" {
				out.Gas = &n
			} else {
				out.Gearbox = &n
			}
		case Body:
			out.Body = &n
		case Engine:
			out.Engine = &n
		case Handling:
			out.Handling = &n
		}
	}
	return out
}

// noiseLoss is T-12.
func noiseLoss(v int) (Category, bool) {
	switch {
	case v >= 16 && v <= 18:
		return Tyres, true
	case v == 19:
		return Body, true
	case v == 20:
		return Engine, true
	}
	return 0, false
}

// EndOfPlay is §2.19 step 12: the noise area, the radio, the police award,
// the checkpoint; then the spreads owed, which may hold the play.
func (m *streetRules) EndOfPlay(g *Game, src dice.Source) (bool, error) {
	p := m.play(g)
	if !p.done {
		p.done = true
		if err := m.events(g, p, src); err != nil {
			return false, err
		}
	}
	if m.settleRepairs(g) {
		g.turn.stage, p.holding = stageModule, holdRepair // U-POL-01, U-CHK-01: the player spreads the points
		return true, nil
	}
	return false, nil
}

func (m *streetRules) events(g *Game, p *streetPlayState, src dice.Source) error {
	c := g.turn.car
	if c.Status == Racing && c.Space != tracks.NoSpace && g.Track.Spaces[c.Space].Has(tracks.FlagNoise) {
		v, err := g.black(src, c.Number, "noise") // U-GANG-01
		if err != nil {
			return err
		}
		if cat, ok := noiseLoss(v); ok {
			g.lose(c, cat, 1, "«Marre du vacarme !» (U-GANG-01, T-12)")
		}
	}
	if p.radio != 0 {
		if err := m.radio(g, c, g.car(p.radio), src); err != nil {
			return err
		}
	}
	m.policeAward(g)
	if c.Status == Racing && p.checkpoint > 0 && c.Laps < g.Config.Laps && g.Config.Laps > 1 {
		// U-CHK-01, AMB-28: every crossing but the one that ends the race
		start := g.startingWear(c)
		if c.Wear[Tyres] < start[Tyres] {
			n := start[Tyres] - c.Wear[Tyres]
			g.emit(Encode(RepairEvent{Car: c.Number, WearPoints: WearPoints{Tyres: &n}, Cause: "checkpoint: all tyres (U-CHK-01)"}))
			c.Wear[Tyres] = start[Tyres]
		}
		n := 2
		if c.Driver == DriverJenny {
			n = 4 // U-DRV-02
		}
		m.oweRepair(c, n, false, "checkpoint (U-CHK-01)")
	}
	return nil
}

// StartCar sets a car's driver from its position line (U-DRV-01) and
// returns its starting values: the driver's card, or the configuration's
// Start for a car with no driver.
func (m *streetRules) StartCar(g *Game, c *Car, cp CarPosition) (Wear, bool, error) {
	c.NitroUsed, c.DropUsed, c.RadioUsed = contains(cp.Flags, "nitro"), contains(cp.Flags, "drop"), contains(cp.Flags, "radio")
	if cp.Driver == "" {
		return g.Config.Start, true, nil
	}
	if other := streetTaken(g)[cp.Driver]; other != 0 && other != c.Number {
		return Wear{}, true, fmt.Errorf("car %d: driver %s already drives car %d (U-DRV-01)", cp.Car, cp.Driver, other)
	}
	dr, _ := DriverByKey(cp.Driver)
	c.Driver = dr.Key
	g.startWear[c.Number] = dr.Wear
	return dr.Wear, true, nil
}

// julien is Julien's racing car, or nil.
func julien(g *Game) *Car {
	for i := range g.Cars {
		if c := &g.Cars[i]; c.Driver == DriverJulien && c.Status == Racing {
			return c
		}
	}
	return nil
}

// WeatherChanged offers Julien's player a re-roll of a weather roll made
// during a play (U-DRV-02, AMB-28: after every weather-table roll).
func (m *streetRules) WeatherChanged(g *Game, before WeatherState) {
	t := g.turn
	if t == nil {
		return
	}
	p := m.play(g)
	if p.rerolled || julien(g) == nil || t.car.Status != Racing {
		return
	}
	p.wxBefore, p.holding, t.stage = before, holdReroll, stageModule
}

// holding is the street decision the play waits on; it only reads, as
// the decisions are built for readers too.
func (m *streetRules) holding(g *Game) streetHold {
	if m.now.of != g.turn {
		return holdNone
	}
	return m.now.holding
}

// Decision is the street decision the play waits on.
func (m *streetRules) Decision(g *Game, src dice.Source) (*Decision, error) {
	switch m.holding(g) {
	case holdReroll:
		return m.rerollDecision(g, src)
	case holdRepair:
		return m.repairDecision(g), nil
	}
	return nil, errNoModuleDecision
}

// Apply applies the chosen option of the decision the play waits on.
func (m *streetRules) Apply(g *Game, op Option, src dice.Source) error {
	switch m.holding(g) {
	case holdReroll:
		return m.rerollChosen(g, op, src)
	case holdRepair:
		return m.chooseRepair(g, op, src)
	}
	return errNoModuleDecision
}

func (m *streetRules) rerollDecision(g *Game, src dice.Source) (*Decision, error) {
	j := julien(g)
	if j == nil {
		p := m.play(g)
		p.rerolled, p.holding, g.turn.stage = true, holdNone, stageMove
		return nil, g.finishTail(src)
	}
	return &Decision{Car: j.Number, Kind: DecideReroll, Options: []Option{{Letter: "A"}, {Letter: "B", Reroll: true}}}, nil
}

// rerollChosen applies Julien's choice: keep, or roll again from the
// weather before the change (the second result stands), then ends the
// play.
func (m *streetRules) rerollChosen(g *Game, op Option, src dice.Source) error {
	p := m.play(g)
	p.rerolled, p.holding = true, holdNone
	g.turn.stage = stageMove // anything but stageModule
	if op.Reroll {
		g.weather = p.wxBefore
		g.emit(Encode(WeatherRerollEvent{Car: julien(g).Number}))
		if err := g.weatherChange(src); err != nil {
			return err
		}
	}
	return g.finishTail(src)
}
