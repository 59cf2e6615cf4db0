package street

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// streetRules is the street races' rules module (RulesModule): its
// per-race state, and the state of the play under way.
type streetRules struct {
	fd.BaseRules
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
	of         fd.Turn         // the play this state belongs to
	checkpoint int             // finish-line crossings this move (U-CHK-01)
	radio      int             // Stanley's radio target after the move (U-DRV-02)
	wxBefore   fd.WeatherState // the weather before this play's change (U-DRV-02 Julien)
	rerolled   bool            // Julien has had his re-roll this play
	done       bool            // the §2.19 step 12 events are resolved
	holding    streetHold      // the decision the module holds the play for (stageModule)
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

// play is the street state of the game's play under way, fresh for a new
// play. Only the hooks that change the play call it.
func (m *streetRules) play(g *fd.Game) *streetPlayState {
	if now, _ := g.PlayUnderWay(); m.now.of != now {
		m.now = streetPlayState{of: now}
	}
	return &m.now
}

// Prepare refuses a circuit that is not a street circuit, and more cars
// than drivers (U-GEN-01: without the weather rule Julien stays home).
func (m *streetRules) Prepare(g *fd.Game, n int) error {
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
func streetAvailable(g *fd.Game) []fd.Driver {
	var out []fd.Driver
	for _, d := range Drivers {
		if d.Key == DriverJulien && !g.Config.Optional.Weather {
			continue
		}
		out = append(out, d)
	}
	return out
}

func isDriver(c *fd.Car, key string) bool { return c != nil && driverKey(c) == key }

// Setup is the street setup: drivers (U-DRV-01), the race weather (O-WX),
// the grid (R-SET-02, Diane wins ties).
func (m *streetRules) Setup(g *fd.Game, src dice.Source) (started, handled bool, err error) {
	for !g.SetupDone() {
		if g.SetupWaiting() {
			return false, true, nil
		}
		if m.reroll {
			// U-DRV-02 Julien, EX-F-47: the second result stands
			m.reroll = false
			w, err := g.RollWeather(src, "weather")
			if err != nil {
				return false, true, err
			}
			g.SetWeather(w)
			g.Emit(fd.Encode(fd.WeatherEvent{Session: "race", State: w.String(), Reroll: "julien"}))
		}
		step, _ := g.NextSetupStep()
		switch step {
		case fd.SetupStepBuild:
			var keys []string
			for _, d := range streetAvailable(g) {
				keys = append(keys, d.Key)
			}
			g.Emit(fd.Encode(DriversEvent{Offered: strings.Join(keys, ",")})) // U-DRV-01, U-GEN-01
			for i := range g.Cars {
				if n := g.Cars[i].Number; driverKey(&g.Cars[i]) == "" {
					g.AskSetup(&fd.Decision{Car: n, Kind: DecideDriver, Options: driverOptions(g)})
				}
			}
		case fd.SetupStepRaceWeather:
			if g.Config.Optional.Weather {
				w, err := g.RollWeather(src, "weather")
				if err != nil {
					return false, true, err
				}
				g.SetWeather(w)
				g.Emit(fd.Encode(fd.WeatherEvent{Session: "race", State: w.String()}))
				for i := range g.Cars {
					if driverKey(&g.Cars[i]) == DriverJulien {
						g.AskSetup(&fd.Decision{Car: g.Cars[i].Number, Kind: DecideReroll,
							Options: []fd.Option{{Letter: "A"}, {Letter: "B", Reroll: true}}})
					}
				}
			}
		case fd.SetupStepGrid:
			if err := g.PlaceGrid(src); err != nil {
				return false, true, err
			}
		}
	}
	return true, true, nil
}

func streetTaken(g *fd.Game) map[string]int {
	taken := map[string]int{}
	for i := range g.Cars {
		if d := driverKey(&g.Cars[i]); d != "" {
			taken[d] = g.Cars[i].Number
		}
	}
	return taken
}

// driverOptions are the drivers still free, each under its fixed letter
// of T-13.
func driverOptions(g *fd.Game) []fd.Option {
	taken := streetTaken(g)
	var out []fd.Option
	for i, d := range Drivers {
		if d.Key == DriverJulien && !g.Config.Optional.Weather {
			continue
		}
		if taken[d.Key] != 0 {
			continue
		}
		out = append(out, fd.Option{Letter: fd.OptionLetter(i), Driver: d.Key, Build: d.Wear})
	}
	return out
}

// SetupOrder applies a driver order (a letter or a name, U-DRV-01) and
// Julien's choice on the race weather (U-DRV-02).
func (m *streetRules) SetupOrder(g *fd.Game, c *fd.Car, o fd.Order, d *fd.Decision) (bool, error) {
	switch d.Kind {
	case DecideDriver:
		return true, submitDriver(g, c, o, d)
	case DecideReroll:
		op, err := d.Pick(o.Letter)
		if err != nil {
			return true, err
		}
		g.Emit(fd.Encode(fd.OrderEvent{Car: c.Number, Choose: op.Letter}))
		m.reroll = op.Reroll
		return true, nil
	}
	return false, nil
}

// submitDriver applies a driver order: a letter or a name.
func submitDriver(g *fd.Game, c *fd.Car, o fd.Order, d *fd.Decision) error {
	var chosen *fd.Option
	opts := driverOptions(g)
	for i := range opts {
		if strings.EqualFold(opts[i].Letter, o.Letter) {
			chosen = &opts[i]
		}
	}
	if chosen == nil {
		if dr, ok := FindDriver(o.Letter); ok {
			if n := streetTaken(g)[dr.Key]; n != 0 {
				return fmt.Errorf("%w: %s already drives car %d (U-DRV-01)", fd.ErrIllegal, dr.Name, n)
			}
			for i := range opts {
				if opts[i].Driver == dr.Key {
					chosen = &opts[i]
				}
			}
			if chosen == nil {
				return fmt.Errorf("%w: %s does not race without the weather rule (U-GEN-01)", fd.ErrIllegal, dr.Name)
			}
		}
	}
	if chosen == nil {
		d.Options = opts
		return fmt.Errorf("%w: %s", fd.ErrIllegal, d.Illegal())
	}
	dr, _ := fd.DriverByKey(chosen.Driver)
	g.Emit(fd.Encode(fd.OrderEvent{Car: c.Number, Choose: chosen.Letter}))
	seatDriver(g, c, dr)
	// the others choose among the drivers still free
	for i := range g.Cars {
		if n := g.Cars[i].Number; n != c.Number {
			if p := g.SetupDecision(n); p != nil && p.Kind == DecideDriver {
				p.Options = driverOptions(g)
			}
		}
	}
	return nil
}

func seatDriver(g *fd.Game, c *fd.Car, dr fd.Driver) {
	setDriver(c, dr.Key)
	c.Wear = dr.Wear
	g.SetStartingWear(c, dr.Wear)
	g.Emit(fd.Encode(DriverEvent{Car: c.Number, Driver: dr.Key, Wear: dr.Wear.Compact()}))
}

// Slide is U-CAR-01 with O-TYR-03: hard tyres slide 3 in the wet, Julien 1
// (U-DRV-02).
func (m *streetRules) Slide(g *fd.Game, c *fd.Car) (int, bool) {
	if !g.Weather().Rain() {
		return 0, true
	}
	if driverKey(c) == DriverJulien {
		return 1, true
	}
	return 3, true
}

// EngineSpared is Dimitri's engine test (U-DRV-02): 1–3 loses, 1–2 in
// rain.
func (m *streetRules) EngineSpared(g *fd.Game, c *fd.Car, v int) bool {
	if !isDriver(c, DriverDimitri) {
		return false
	}
	if g.Weather().Rain() {
		return v > 2
	}
	return v > 3
}

// HandlingSpared is Temana's debris roll (U-DRV-02, AMB-28): 1–2 loses,
// in rain too.
func (m *streetRules) HandlingSpared(_ *fd.Game, c *fd.Car, v int) bool {
	return isDriver(c, DriverTemana) && v > 2
}

// CollisionRolls is how many black dice a collision partner of other
// rolls: two against Derek (U-DRV-02, AMB-28), one otherwise (R-COL).
func (m *streetRules) CollisionRolls(_ *fd.Game, other *fd.Car) int {
	if isDriver(other, DriverDerek) {
		return 2
	}
	return 1
}

// OrderTie is Diane's gallantry (U-DRV-02): she wins every position tie.
func (m *streetRules) OrderTie(g *fd.Game, a, b int) int {
	switch {
	case driverKey(g.Car(a)) == DriverDiane:
		return -1
	case driverKey(g.Car(b)) == DriverDiane:
		return 1
	}
	return 0
}

// GridFirst: Diane wins every tie on the grid roll (U-DRV-02).
func (m *streetRules) GridFirst(g *fd.Game, tied []int) (first, rest []int) {
	for i, n := range tied {
		if driverKey(g.Car(n)) == DriverDiane {
			return []int{n}, append(append([]int(nil), tied[:i]...), tied[i+1:]...)
		}
	}
	return nil, tied
}

// Lap is the line crossing of a street car (AMB-28): the nitro and
// Temana's drop come back, and the checkpoint is owed (U-CHK-01).
func (m *streetRules) Lap(g *fd.Game, c *fd.Car) {
	nitroSpent.Set(c, false)
	dropSpent.Set(c, false)
	if t, ok := g.PlayUnderWay(); ok && t.Car() == c {
		m.play(g).checkpoint++
	}
}

// Cross records the speed of a car crossing the police line (U-POL-01,
// AMB-28: the raw face of the move's gear die).
func (m *streetRules) Cross(t fd.Turn, from, to tracks.SpaceID) {
	g, c := t.Game(), t.Car()
	p := g.Track.PoliceLevel
	if now, _ := g.PlayUnderWay(); p < 0 || now != t || !c.CrossedStart {
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
	speed := t.Rolled() * 10
	m.police[lap] = append(m.police[lap], policeRecord{car: c.Number, speed: speed})
	g.Emit(fd.Encode(PoliceEvent{Car: c.Number, Lap: lap + 1, Speed: speed}))
}

// policeAward gives the 2 PS of every lap whose contest is complete: every
// car not eliminated has crossed (U-POL-01, AMB-28). The fastest wins, the
// first to cross among equals; the points go by the automatic repair rule
// (settleRepairs).
func (m *streetRules) policeAward(g *fd.Game) {
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
			if c := &g.Cars[i]; c.Status != fd.Eliminated && !crossed[c.Number] {
				complete = false
			}
		}
		if !complete {
			continue
		}
		m.awarded[lap] = true
		best := -1
		for i, r := range recs {
			if g.Car(r.car).Status == fd.Eliminated {
				continue
			}
			if best < 0 || r.speed > recs[best].speed {
				best = i
			}
		}
		if best < 0 {
			continue
		}
		w := g.Car(recs[best].car)
		g.Emit(fd.Encode(PoliceAwardEvent{Car: w.Number, Lap: lap + 1, Speed: recs[best].speed}))
		if w.Status == fd.Racing {
			m.oweRepair(w, 2, true, "police speed record (U-POL-01)")
		}
	}
}

// repairOrder is the autopilot's distribution of recovered points: each
// point goes to the category furthest below its starting value, ties to
// the scarcer category in this order (the autopilot's weights).
var repairOrder = []fd.Category{fd.Handling, fd.Engine, fd.Body, fd.Brakes, fd.Gearbox, fd.Tyres}

// owedRepair is a spread of recovered points a car still has to choose.
type owedRepair struct {
	car   int
	n     int
	tyres bool // the tyres may take points (police), or not (checkpoint)
	cause string
}

// oweRepair queues n recovered points for c: the player spreads them
// (U-POL-01: "distributed freely"; U-CHK-01).
func (m *streetRules) oweRepair(c *fd.Car, n int, tyres bool, cause string) {
	m.repairs = append(m.repairs, owedRepair{car: c.Number, n: n, tyres: tyres, cause: cause})
}

// repairSpreads lists every legal spread of r's points: as many points as
// the car can take back (at most r.n), none above a starting value
// (R-PS-04), in a fixed order.
func repairSpreads(g *fd.Game, r owedRepair) []fd.Wear {
	c := g.Car(r.car)
	start := g.StartingWear(c)
	var room fd.Wear
	total := 0
	for cat := fd.Category(0); cat < fd.NumCategories; cat++ {
		if cat == fd.Tyres && !r.tyres {
			continue
		}
		room[cat] = max(0, start[cat]-c.Wear[cat])
		total += room[cat]
	}
	n := min(r.n, total)
	var out []fd.Wear
	var spread func(cat fd.Category, left int, w fd.Wear)
	spread = func(cat fd.Category, left int, w fd.Wear) {
		if cat == fd.NumCategories {
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
	spread(0, n, fd.Wear{})
	return out
}

// autoSpread is the autopilot's spread (repairOrder), one of
// repairSpreads.
func autoSpread(g *fd.Game, r owedRepair) fd.Wear {
	c := g.Car(r.car)
	start := g.StartingWear(c)
	w := c.Wear
	var got fd.Wear
	for range r.n {
		best, gap := fd.Category(-1), 0
		for _, cat := range repairOrder {
			if cat == fd.Tyres && !r.tyres {
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
func (m *streetRules) settleRepairs(g *fd.Game) bool {
	for len(m.repairs) > 0 {
		r := m.repairs[0]
		if g.Car(r.car).Status != fd.Racing {
			m.repairs = m.repairs[1:]
			continue
		}
		spreads := repairSpreads(g, r)
		if len(spreads) > 1 {
			return true
		}
		m.repairs = m.repairs[1:]
		if len(spreads) == 1 {
			recoverSpread(g, g.Car(r.car), spreads[0], r.cause)
		}
	}
	return false
}

func (m *streetRules) repairDecision(g *fd.Game) *fd.Decision {
	r := m.repairs[0]
	why := fd.Reason{Key: "why.checkpoint"} // U-CHK-01
	if r.tyres {
		why = fd.Reason{Key: "why.police-record"} // U-POL-01: only its points may go to the tyres
	}
	var opts []fd.Option
	for i, w := range repairSpreads(g, r) {
		opts = append(opts, fd.Option{Letter: fd.OptionLetter(i), Repair: w, End: g.Car(r.car).Space, Cause: r.cause, Why: why})
	}
	return &fd.Decision{Car: r.car, Kind: DecideRepair, Options: opts}
}

// chooseRepair applies the chosen spread, then the play goes on; a spread
// owed between two plays (a contest completed by an elimination) hands
// over to the next spread or the next play.
func (m *streetRules) chooseRepair(g *fd.Game, op fd.Option, src dice.Source) error {
	r := m.repairs[0]
	m.repairs = m.repairs[1:]
	recoverSpread(g, g.Car(r.car), op.Repair, r.cause)
	if t, _ := g.PlayUnderWay(); t.Between() {
		if m.settleRepairs(g) {
			t.HandTo(g.Car(m.repairs[0].car))
			return nil
		}
		g.CloseBetweenPlays()
		return nil
	}
	return g.FinishPlay(src)
}

// BetweenPlays opens a play of its own when the police award made between
// two plays leaves a spread to choose (U-POL-01: a contest completed by an
// elimination).
func (m *streetRules) BetweenPlays(g *fd.Game) bool {
	m.policeAward(g)
	if !m.settleRepairs(g) {
		return false
	}
	g.OpenBetweenPlays(g.Car(m.repairs[0].car))
	m.play(g).holding = holdRepair
	return true
}

// recoverSpread recovers the spread w, never above the starting values
// (R-PS-04).
func recoverSpread(g *fd.Game, c *fd.Car, w fd.Wear, cause string) {
	start := g.StartingWear(c)
	var got fd.Wear
	for cat := fd.Category(0); cat < fd.NumCategories; cat++ {
		got[cat] = max(0, min(w[cat], start[cat]-c.Wear[cat]))
		c.Wear[cat] += got[cat]
	}
	g.Emit(fd.Encode(fd.RepairEvent{Car: c.Number, WearPoints: g.WearPoints(got), Cause: cause}))
}

// noiseLoss is T-12.
func noiseLoss(v int) (fd.Category, bool) {
	switch {
	case v >= 16 && v <= 18:
		return fd.Tyres, true
	case v == 19:
		return fd.Body, true
	case v == 20:
		return fd.Engine, true
	}
	return 0, false
}

// EndOfPlay is §2.19 step 12: the noise area, the radio, the police award,
// the checkpoint; then the spreads owed, which may hold the play.
func (m *streetRules) EndOfPlay(g *fd.Game, src dice.Source) (bool, error) {
	p := m.play(g)
	if !p.done {
		p.done = true
		if err := m.events(g, p, src); err != nil {
			return false, err
		}
	}
	if m.settleRepairs(g) {
		t, _ := g.PlayUnderWay()
		p.holding = holdRepair
		t.Hold() // U-POL-01, U-CHK-01: the player spreads the points
		return true, nil
	}
	return false, nil
}

func (m *streetRules) events(g *fd.Game, p *streetPlayState, src dice.Source) error {
	t, _ := g.PlayUnderWay()
	c := t.Car()
	if c.Status == fd.Racing && c.Space != tracks.NoSpace && g.Track.Spaces[c.Space].Has(tracks.FlagNoise) {
		v, err := g.Black(src, c.Number, "noise") // U-GANG-01
		if err != nil {
			return err
		}
		if cat, ok := noiseLoss(v); ok {
			g.Lose(c, cat, 1, "«Marre du vacarme !» (U-GANG-01, T-12)")
		}
	}
	if p.radio != 0 {
		if err := m.radio(g, c, g.Car(p.radio), src); err != nil {
			return err
		}
	}
	m.policeAward(g)
	if c.Status == fd.Racing && p.checkpoint > 0 && c.Laps < g.Config.Laps && g.Config.Laps > 1 {
		// U-CHK-01, AMB-28: every crossing but the one that ends the race
		start := g.StartingWear(c)
		if c.Wear[fd.Tyres] < start[fd.Tyres] {
			n := start[fd.Tyres] - c.Wear[fd.Tyres]
			g.Emit(fd.Encode(fd.RepairEvent{Car: c.Number, WearPoints: fd.WearPoints{Tyres: &n}, Cause: "checkpoint: all tyres (U-CHK-01)"}))
			c.Wear[fd.Tyres] = start[fd.Tyres]
		}
		n := 2
		if driverKey(c) == DriverJenny {
			n = 4 // U-DRV-02
		}
		m.oweRepair(c, n, false, "checkpoint (U-CHK-01)")
	}
	return nil
}

// StartCar sets a car's driver from its position line (U-DRV-01) and
// returns its starting values: the driver's card, or the configuration's
// Start for a car with no driver.
func (m *streetRules) StartCar(g *fd.Game, c *fd.Car, cp fd.CarPosition) (fd.Wear, bool, error) {
	nitroSpent.Set(c, slices.Contains(cp.Flags, "nitro"))
	dropSpent.Set(c, slices.Contains(cp.Flags, "drop"))
	radioSpent.Set(c, slices.Contains(cp.Flags, "radio"))
	if cp.Driver == "" {
		return g.Config.Start, true, nil
	}
	if other := streetTaken(g)[cp.Driver]; other != 0 && other != c.Number {
		return fd.Wear{}, true, fmt.Errorf("car %d: driver %s already drives car %d (U-DRV-01)", cp.Car, cp.Driver, other)
	}
	dr, _ := fd.DriverByKey(cp.Driver)
	setDriver(c, dr.Key)
	g.SetStartingWear(c, dr.Wear)
	return dr.Wear, true, nil
}

// julien is Julien's racing car, or nil.
func julien(g *fd.Game) *fd.Car {
	for i := range g.Cars {
		if c := &g.Cars[i]; driverKey(c) == DriverJulien && c.Status == fd.Racing {
			return c
		}
	}
	return nil
}

// WeatherChanged offers Julien's player a re-roll of a weather roll made
// during a play (U-DRV-02, AMB-28: after every weather-table roll).
func (m *streetRules) WeatherChanged(g *fd.Game, before fd.WeatherState) {
	t, ok := g.PlayUnderWay()
	if !ok {
		return
	}
	p := m.play(g)
	if p.rerolled || julien(g) == nil || t.Car().Status != fd.Racing {
		return
	}
	p.wxBefore, p.holding = before, holdReroll
	t.Hold()
}

// holding is the street decision the play waits on; it only reads, as
// the decisions are built for readers too.
func (m *streetRules) holding(g *fd.Game) streetHold {
	if now, _ := g.PlayUnderWay(); m.now.of != now {
		return holdNone
	}
	return m.now.holding
}

// Decision is the street decision the play waits on.
func (m *streetRules) Decision(g *fd.Game, src dice.Source) (*fd.Decision, error) {
	switch m.holding(g) {
	case holdReroll:
		return m.rerollDecision(g, src)
	case holdRepair:
		return m.repairDecision(g), nil
	}
	return nil, fd.ErrNoModuleDecision
}

// Apply applies the chosen option of the decision the play waits on.
func (m *streetRules) Apply(g *fd.Game, op fd.Option, src dice.Source) error {
	switch m.holding(g) {
	case holdReroll:
		return m.rerollChosen(g, op, src)
	case holdRepair:
		return m.chooseRepair(g, op, src)
	}
	return fd.ErrNoModuleDecision
}

func (m *streetRules) rerollDecision(g *fd.Game, src dice.Source) (*fd.Decision, error) {
	j := julien(g)
	if j == nil {
		p := m.play(g)
		p.rerolled, p.holding = true, holdNone
		p.of.LetGo()
		return nil, g.FinishPlay(src)
	}
	return &fd.Decision{Car: j.Number, Kind: DecideReroll, Options: []fd.Option{{Letter: "A"}, {Letter: "B", Reroll: true}}}, nil
}

// rerollChosen applies Julien's choice: keep, or roll again from the
// weather before the change (the second result stands), then ends the
// play.
func (m *streetRules) rerollChosen(g *fd.Game, op fd.Option, src dice.Source) error {
	p := m.play(g)
	p.rerolled, p.holding = true, holdNone
	p.of.LetGo()
	if op.Reroll {
		g.SetWeather(p.wxBefore)
		g.Emit(fd.Encode(WeatherRerollEvent{Car: julien(g).Number}))
		if err := g.RollWeatherChange(src); err != nil {
			return err
		}
	}
	return g.FinishPlay(src)
}
