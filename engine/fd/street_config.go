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
// files hold what street races do differently, reached from small hooks in
// the shared code that ask the rulesets table (Capabilities, Drivers).

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

// streetState is the street races' own state.
type streetState struct {
	// police contests by lap (U-POL-01, AMB-28): the crossings in order
	police  map[int][]policeRecord
	awarded map[int]bool
	reroll  bool // Julien asked to re-roll the race weather
	// repairs are recovered points still to spread (U-POL-01, U-CHK-01)
	repairs []owedRepair
	// prev lists the spaces leading to each space (Stanley's radio range)
	prev map[tracks.SpaceID][]tracks.SpaceID
}

type policeRecord struct {
	car, speed int
}

func newStreetState() *streetState {
	return &streetState{police: map[int][]policeRecord{}, awarded: map[int]bool{}}
}

// streetCheck refuses a circuit that is not a street circuit, and more cars
// than drivers (U-GEN-01: without the weather rule Julien stays home).
func (g *Game) streetCheck(n int) error {
	if !g.Track.Street {
		return fmt.Errorf("circuit %s is not a street circuit; street races run on one (§2.18, e.g. race-city)", g.Track.ID)
	}
	if avail := len(g.streetAvailable()); n > avail {
		return fmt.Errorf("%d cars for %d drivers (U-DRV-01, U-GEN-01: without weather Julien Marcellin stays out)", n, avail)
	}
	return nil
}

// streetAvailable lists the drivers in the race (U-GEN-01).
func (g *Game) streetAvailable() []Driver {
	var out []Driver
	for _, d := range StreetDrivers {
		if d.Key == DriverJulien && !g.Config.Optional.Weather {
			continue
		}
		out = append(out, d)
	}
	return out
}

func (g *Game) driverOf(c *Car) string { return c.Driver }

func (g *Game) isDriver(c *Car, key string) bool {
	return g.can().StreetAbilities && c != nil && c.Driver == key
}

// streetAdvanceSetup is the street setup: drivers (U-DRV-01), the race
// weather (O-WX), the grid (R-SET-02, Diane wins ties).
func (g *Game) streetAdvanceSetup(src dice.Source) (bool, error) {
	for g.setupStage < setupDone {
		if len(g.setupPending) > 0 {
			return false, nil
		}
		if g.street.reroll {
			// U-DRV-02 Julien, EX-F-47: the second result stands
			g.street.reroll = false
			w, err := g.rollWeather(src, "weather")
			if err != nil {
				return false, err
			}
			g.weather = w
			g.emit(ev("weather", "session", "race", "state", w, "reroll", "julien"))
		}
		stage := g.setupStage
		g.setupStage++
		switch stage {
		case setupBuild:
			var keys []string
			for _, d := range g.streetAvailable() {
				keys = append(keys, d.Key)
			}
			g.emit(ev("drivers", "offered", strings.Join(keys, ","))) // U-DRV-01, U-GEN-01
			for i := range g.Cars {
				if g.Cars[i].Driver == "" {
					g.streetAskDriver(g.Cars[i].Number)
				}
			}
		case setupWeatherRace:
			if g.Config.Optional.Weather {
				w, err := g.rollWeather(src, "weather")
				if err != nil {
					return false, err
				}
				g.weather = w
				g.emit(ev("weather", "session", "race", "state", w))
				for i := range g.Cars {
					if g.Cars[i].Driver == DriverJulien {
						g.setupPending[g.Cars[i].Number] = &Decision{Car: g.Cars[i].Number, Kind: DecideReroll,
							Options: []Option{{Letter: "A"}, {Letter: "B", Reroll: true}}}
					}
				}
			}
		case setupGrid:
			if err := g.placeGrid(src); err != nil {
				return false, err
			}
		}
	}
	return true, nil
}

func (g *Game) streetTaken() map[string]int {
	taken := map[string]int{}
	for i := range g.Cars {
		if d := g.Cars[i].Driver; d != "" {
			taken[d] = g.Cars[i].Number
		}
	}
	return taken
}

// streetDriverOptions are the drivers still free, each under its fixed
// letter of T-13.
func (g *Game) streetDriverOptions() []Option {
	taken := g.streetTaken()
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

func (g *Game) streetAskDriver(car int) {
	g.setupPending[car] = &Decision{Car: car, Kind: DecideDriver, Options: g.streetDriverOptions()}
}

// streetSubmitDriver applies a driver order: a letter or a name.
func (g *Game) streetSubmitDriver(c *Car, o Order, d *Decision) error {
	var chosen *Option
	opts := g.streetDriverOptions()
	for i := range opts {
		if strings.EqualFold(opts[i].Letter, o.Letter) {
			chosen = &opts[i]
		}
	}
	if chosen == nil {
		if dr, ok := FindDriver(o.Letter); ok {
			if n := g.streetTaken()[dr.Key]; n != 0 {
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
	g.emit(ev("order", "car", c.Number, "choose", chosen.Letter))
	g.streetSeat(c, dr)
	// the others choose among the drivers still free
	for n, p := range g.setupPending {
		if n != c.Number && p.Kind == DecideDriver {
			p.Options = g.streetDriverOptions()
		}
	}
	return nil
}

func (g *Game) streetSeat(c *Car, dr Driver) {
	c.Driver = dr.Key
	c.Wear = dr.Wear
	g.startWear[c.Number] = dr.Wear
	g.emit(ev("driver", "car", c.Number, "driver", dr.Key, "wear", dr.Wear.Compact()))
}

// DriverName is the card name of a car's driver, "" without one.
func (g *Game) DriverName(car int) string {
	if d, ok := DriverByKey(g.car(car).Driver); ok {
		return d.Name
	}
	return ""
}

// streetSlide is U-CAR-01 with O-TYR-03: hard tyres slide 3 in the wet,
// Julien 1 (U-DRV-02).
func (g *Game) streetSlide(c *Car) int {
	if !g.weather.Rain() {
		return 0
	}
	if c.Driver == DriverJulien {
		return 1
	}
	return 3
}

// streetEngineSpared is Dimitri's engine test (U-DRV-02): 1–3 loses, 1–2
// in rain.
func (g *Game) streetEngineSpared(c *Car, v int) bool {
	if !g.isDriver(c, DriverDimitri) {
		return false
	}
	if g.weather.Rain() {
		return v > 2
	}
	return v > 3
}

// streetHandlingSpared is Temana's debris roll (U-DRV-02, AMB-28): 1–2
// loses, in rain too.
func (g *Game) streetHandlingSpared(c *Car, v int) bool {
	return g.isDriver(c, DriverTemana) && v > 2
}

// collisionRolls is how many black dice a collision partner of other rolls:
// two against Derek (U-DRV-02, AMB-28), one otherwise (R-COL).
func (g *Game) collisionRolls(other *Car) int {
	if g.isDriver(other, DriverDerek) {
		return 2
	}
	return 1
}

// dianeFirst reports the tie-break of Diane's gallantry (U-DRV-02): -1 if
// a is Diane, 1 if b is, 0 otherwise.
func (g *Game) dianeFirst(a, b int) int {
	if !g.can().StreetAbilities {
		return 0
	}
	switch {
	case g.car(a).Driver == DriverDiane:
		return -1
	case g.car(b).Driver == DriverDiane:
		return 1
	}
	return 0
}

// streetLap is the line crossing of a street car (AMB-28): the nitro and
// Temana's drop come back, and the checkpoint is owed (U-CHK-01).
func (g *Game) streetLap(c *Car) {
	c.NitroUsed, c.DropUsed = false, false
	if t := g.turn; t != nil && t.car == c {
		t.checkpoint++
	}
}

// streetCrossPolice records the speed of a car crossing the police line
// (U-POL-01, AMB-28: the raw face of the move's gear die).
func (g *Game) streetCrossPolice(c *Car, from, to tracks.SpaceID) {
	p := g.Track.PoliceLevel
	if p < 0 || g.turn == nil || g.turn.car != c || !c.CrossedStart {
		return
	}
	a, b := g.Track.Spaces[from].Level, g.Track.Spaces[to].Level
	if !(a < p && b >= p && b-a < g.Track.Levels/2) {
		return
	}
	lap := c.Laps
	for _, r := range g.street.police[lap] {
		if r.car == c.Number {
			return
		}
	}
	speed := g.turn.face * 10
	g.street.police[lap] = append(g.street.police[lap], policeRecord{car: c.Number, speed: speed})
	g.emit(ev("police", "car", c.Number, "lap", lap+1, "speed", speed))
}

// streetPoliceAward gives the 2 PS of every lap whose contest is complete:
// every car not eliminated has crossed (U-POL-01, AMB-28). The fastest
// wins, the first to cross among equals; the points go by the automatic
// repair rule (streetRepair).
func (g *Game) streetPoliceAward() {
	for lap := 0; lap < g.Config.Laps; lap++ {
		recs := g.street.police[lap]
		if g.street.awarded[lap] || len(recs) == 0 {
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
		g.street.awarded[lap] = true
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
		g.emit(ev("police-award", "car", w.Number, "lap", lap+1, "speed", recs[best].speed))
		if w.Status == Racing {
			g.streetOweRepair(w, 2, true, "police speed record (U-POL-01)")
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

// streetOweRepair queues n recovered points for c: the player spreads
// them (U-POL-01: "distributed freely"; U-CHK-01).
func (g *Game) streetOweRepair(c *Car, n int, tyres bool, cause string) {
	g.street.repairs = append(g.street.repairs, owedRepair{car: c.Number, n: n, tyres: tyres, cause: cause})
}

// repairSpreads lists every legal spread of r's points: as many points as
// the car can take back (at most r.n), none above a starting value
// (R-PS-04), in a fixed order.
func (g *Game) repairSpreads(r owedRepair) []Wear {
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
func (g *Game) autoSpread(r owedRepair) Wear {
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

// streetRepairs applies the owed spreads that leave no choice, and stops
// at the first that does: then the turn waits for DecideRepair. It
// reports whether a decision is pending.
func (g *Game) streetRepairs() bool {
	st := g.street
	for len(st.repairs) > 0 {
		r := st.repairs[0]
		if g.car(r.car).Status != Racing {
			st.repairs = st.repairs[1:]
			continue
		}
		spreads := g.repairSpreads(r)
		if len(spreads) > 1 {
			return true
		}
		st.repairs = st.repairs[1:]
		if len(spreads) == 1 {
			g.streetRepair(g.car(r.car), spreads[0], r.cause)
		}
	}
	return false
}

func (g *Game) streetRepairDecision() *Decision {
	r := g.street.repairs[0]
	why := because("why.checkpoint", "") // U-CHK-01
	if r.tyres {
		why = because("why.police-record", "") // U-POL-01: only its points may go to the tyres
	}
	var opts []Option
	for i, w := range g.repairSpreads(r) {
		opts = append(opts, Option{Letter: letter(i), Repair: w, End: g.car(r.car).Space, Cause: r.cause, Why: why})
	}
	return &Decision{Car: r.car, Kind: DecideRepair, Options: opts}
}

// streetChooseRepair applies the chosen spread, then the turn goes on; a
// spread owed between two turns (a contest completed by an elimination)
// hands over to the next spread or the next turn.
func (g *Game) streetChooseRepair(op Option, src dice.Source) error {
	t := g.turn
	r := g.street.repairs[0]
	g.street.repairs = g.street.repairs[1:]
	g.streetRepair(g.car(r.car), op.Repair, r.cause)
	if t.between {
		if g.streetRepairs() {
			t.car = g.car(g.street.repairs[0].car)
			return nil
		}
		g.turn = nil
		return nil
	}
	return g.finishTail(src)
}

// streetBetweenTurns opens a pseudo-turn when the police award made
// between two turns leaves a spread to choose.
func (g *Game) streetBetweenTurns() bool {
	g.streetPoliceAward() // U-POL-01: a contest completed by an elimination
	if !g.streetRepairs() {
		return false
	}
	g.turn = &turn{car: g.car(g.street.repairs[0].car), stage: stageRepair, between: true}
	return true
}

// streetRepair recovers the spread w, never above the starting values
// (R-PS-04).
func (g *Game) streetRepair(c *Car, w Wear, cause string) {
	start := g.startingWear(c)
	var got Wear
	for cat := Category(0); cat < NumCategories; cat++ {
		got[cat] = max(0, min(w[cat], start[cat]-c.Wear[cat]))
		c.Wear[cat] += got[cat]
	}
	var args []any
	args = append(args, "car", c.Number)
	for cat := Category(0); cat < NumCategories; cat++ {
		if got[cat] > 0 {
			args = append(args, g.catName(cat), got[cat])
		}
	}
	args = append(args, "cause", cause)
	g.emit(ev("repair", args...))
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

// streetEvents is §2.19 step 12: the noise area, the police award, the
// checkpoint.
func (g *Game) streetEvents(c *Car, src dice.Source) error {
	t := g.turn
	if c.Status == Racing && c.Space != tracks.NoSpace && g.Track.Spaces[c.Space].Has(tracks.FlagNoise) {
		v, err := g.black(src, c.Number, "noise") // U-GANG-01
		if err != nil {
			return err
		}
		if cat, ok := noiseLoss(v); ok {
			g.lose(c, cat, 1, "«Marre du vacarme !» (U-GANG-01, T-12)")
		}
	}
	if t.radio != 0 {
		if err := g.streetRadio(c, g.car(t.radio), src); err != nil {
			return err
		}
	}
	g.streetPoliceAward()
	if c.Status == Racing && t.checkpoint > 0 && c.Laps < g.Config.Laps && g.Config.Laps > 1 {
		// U-CHK-01, AMB-28: every crossing but the one that ends the race
		start := g.startingWear(c)
		if c.Wear[Tyres] < start[Tyres] {
			g.emit(ev("repair", "car", c.Number, "tyres", start[Tyres]-c.Wear[Tyres], "cause", "checkpoint: all tyres (U-CHK-01)"))
			c.Wear[Tyres] = start[Tyres]
		}
		n := 2
		if c.Driver == DriverJenny {
			n = 4 // U-DRV-02
		}
		g.streetOweRepair(c, n, false, "checkpoint (U-CHK-01)")
	}
	return nil
}

// streetStartCar sets a car's driver from its position line (U-DRV-01) and
// returns its starting values: the driver's card, or the configuration's
// Start for a car with no driver.
func (g *Game) streetStartCar(c *Car, cp CarPosition) (Wear, error) {
	c.NitroUsed, c.DropUsed, c.RadioUsed = contains(cp.Flags, "nitro"), contains(cp.Flags, "drop"), contains(cp.Flags, "radio")
	if cp.Driver == "" {
		return g.Config.Start, nil
	}
	if other := g.streetTaken()[cp.Driver]; other != 0 && other != c.Number {
		return Wear{}, fmt.Errorf("car %d: driver %s already drives car %d (U-DRV-01)", cp.Car, cp.Driver, other)
	}
	dr, _ := DriverByKey(cp.Driver)
	c.Driver = dr.Key
	g.startWear[c.Number] = dr.Wear
	return dr.Wear, nil
}

// streetJulien is Julien's racing car, or nil.
func (g *Game) streetJulien() *Car {
	for i := range g.Cars {
		if c := &g.Cars[i]; c.Driver == DriverJulien && c.Status == Racing {
			return c
		}
	}
	return nil
}

// streetAfterWeather offers Julien's player a re-roll of a weather roll made
// during a turn (U-DRV-02, AMB-28: after every weather-table roll).
func (g *Game) streetAfterWeather(before WeatherState) {
	t := g.turn
	if t == nil || t.rerolled || g.streetJulien() == nil || t.car.Status != Racing {
		return
	}
	t.wxBefore, t.stage = before, stageReroll
}

func (g *Game) streetRerollDecision(src dice.Source) (*Decision, error) {
	j := g.streetJulien()
	if j == nil {
		g.turn.rerolled, g.turn.stage = true, stageMove
		return nil, g.finishTail(src)
	}
	return &Decision{Car: j.Number, Kind: DecideReroll, Options: []Option{{Letter: "A"}, {Letter: "B", Reroll: true}}}, nil
}

// streetReroll applies Julien's choice: keep, or roll again from the
// weather before the change (the second result stands), then ends the turn.
func (g *Game) streetReroll(op Option, src dice.Source) error {
	t := g.turn
	t.rerolled = true
	t.stage = stageMove // anything but stageReroll
	if op.Reroll {
		g.weather = t.wxBefore
		g.emit(ev("weather-reroll", "car", g.streetJulien().Number))
		if err := g.weatherChange(src); err != nil {
			return err
		}
	}
	return g.finishTail(src)
}

// prepareStreet is the street races' part of NewGame: a street circuit and
// a driver for every car (U-GEN-01, U-DRV-01), and their state.
func prepareStreet(g *Game, cars int) error {
	if err := g.streetCheck(cars); err != nil {
		return err
	}
	g.street = newStreetState()
	return nil
}
