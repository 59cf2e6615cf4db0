package fd

import (
	"fmt"
	"sort"
	"strings"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// Setup decisions, taken by every player at once before the race.
const (
	DecideBuild DecisionKind = "configuration" // O-BLD
	DecideTyres DecisionKind = "tyres"         // O-TYR
	DecidePit   DecisionKind = "pit"           // O-PIT, O-TYR at a stop
	DecideBox   DecisionKind = "pit box"       // fdr R4.1, BOT-10: a pit chosen in grid order
	DecideWing  DecisionKind = "wing"          // league 5-B: the wing set for the race
	DecideLock  DecisionKind = "steering lock" // league 5-C: the lock set for the race
)

// setup stages, in the order they are played
const (
	setupWeatherQuali = iota
	setupBuild
	setupTyresQuali
	setupQualifying
	setupWeatherRace
	setupTyresRace
	setupGrid
	setupDone
)

// buildLimits is T-08: the bounds of each category when building a car.
var buildLimits = [NumCategories][2]int{{1, 14}, {1, 7}, {1, 7}, {1, 7}, {1, 7}, {1, 7}}

// BuildPresets are ready-made configurations offered by letter (O-BLD);
// any other legal spread can be ordered as numbers.
var BuildPresets = []Wear{
	{6, 3, 3, 3, 3, 2},  // the complete rules' car (T-02)
	{8, 3, 2, 3, 2, 2},  // long-run tyres
	{5, 5, 3, 3, 2, 2},  // late braker
	{6, 3, 4, 2, 3, 2},  // gearbox for tight circuits
	{10, 2, 2, 2, 2, 2}, // tyres above all
}

// ValidateBuild checks a configuration against O-BLD-01 and T-08.
func ValidateBuild(w Wear) error {
	total := 0
	for i, v := range w {
		lo, hi := buildLimits[i][0], buildLimits[i][1]
		if v < lo || v > hi {
			return fmt.Errorf("%s %d: must be from %d to %d (T-08)", Category(i), v, lo, hi)
		}
		total += v
	}
	if total != 20 {
		return fmt.Errorf("the points add up to %d; spread exactly 20 (O-BLD-01)", total)
	}
	return nil
}

// PendingAll lists every decision the game waits for: during setup and
// qualifying several players decide at once.
func (g *Game) PendingAll() []Decision {
	// sized once, at most the game's own and one a setup or session
	// (issue 14: grown by append, the setup's list was copied four times)
	n := len(g.setupPending) + len(g.quali)
	if g.pending != nil {
		n++
	}
	if n == 0 {
		return nil
	}
	out := make([]Decision, 0, n)
	if g.pending != nil {
		g.optionLists.lend()
		out = append(out, *g.pending)
	}
	for _, n := range g.setupCars() {
		out = append(out, *g.setupPending[n])
	}
	for _, n := range g.qualiCars() {
		if d := g.quali[n].Pending(); d != nil {
			q := *d
			q.Car = n
			q.Session = "qualifying"
			out = append(out, q)
		}
	}
	if len(out) == 0 {
		return nil // as before: no decision, no list
	}
	return out
}

func (g *Game) setupCars() []int {
	var cars []int
	for n := range g.setupPending {
		cars = append(cars, n)
	}
	sort.Ints(cars)
	return cars
}

func (g *Game) qualiCars() []int {
	var cars []int
	for n := range g.quali {
		cars = append(cars, n)
	}
	sort.Ints(cars)
	return cars
}

// advanceSetup plays the setup stages until a decision is needed or the
// race starts. It reports whether the race has started.
func (g *Game) advanceSetup(src dice.Source) (bool, error) {
	if started, handled, err := g.rules().Setup(g, src); handled {
		return started, err // fdr R1–R5; street U-DRV-01
	}
	opt := g.Config.Optional
	for g.setupStage < setupDone {
		if len(g.setupPending) > 0 || g.qualifyingOpen() {
			return false, nil
		}
		stage := g.setupStage
		g.setupStage++
		switch stage {
		case setupWeatherQuali:
			if opt.Weather && opt.Qualifying {
				w, err := g.rollWeather(src, "weather-qualifying")
				if err != nil {
					return false, err
				}
				// O-WX-01: variable leaves qualifying dry
				g.qualiWeather = w
				g.emit(Encode(WeatherEvent{Session: "qualifying", State: w.String()}))
			}
		case setupBuild:
			if opt.Building {
				for i := range g.Cars {
					g.askSetup(g.Cars[i].Number, DecideBuild)
				}
			}
		case setupTyresQuali:
			if opt.Tyres && opt.Qualifying {
				for i := range g.Cars {
					g.askSetup(g.Cars[i].Number, DecideTyres)
				}
			}
		case setupQualifying:
			if opt.Qualifying {
				if err := g.openQualifying(src); err != nil {
					return false, err
				}
			}
		case setupWeatherRace:
			if opt.Weather {
				w, err := g.rollWeather(src, "weather")
				if err != nil {
					return false, err
				}
				g.weather = w
				g.emit(Encode(WeatherEvent{Session: "race", State: w.String()}))
			}
		case setupTyresRace:
			if opt.Tyres {
				for i := range g.Cars {
					g.askSetup(g.Cars[i].Number, DecideTyres)
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

func (g *Game) rollWeather(src dice.Source, purpose string) (WeatherState, error) {
	v, err := g.black(src, 0, purpose)
	if err != nil {
		return 0, err
	}
	t, err := g.Track.WeatherFor(v)
	if err != nil {
		return 0, err
	}
	return weatherFromTable(t), nil
}

// SetUpSetting is an optional interface of a DownforceRule whose setting
// a player sets at the race set-up (AskedAtSetUp: 5-B's wing, 5-C's
// lock): the base asks the decision and applies the order, and the
// variant keeps the setting in its own slot, so the base asks it the
// settings, the one fitted and the fitting.
type SetUpSetting interface {
	// SetUpSettings are the setup decision's options, in their order.
	SetUpSettings() []string
	// FittedSetting is the setting fitted to car c ("" or the variant's
	// default before one is).
	FittedSetting(c *Car) string
	// FitSetting fits setting, one of SetUpSettings, to car c.
	FitSetting(c *Car, setting string)
}

// setUpSettings are the options of the game's setup decision of a
// downforce setting (SetUpSetting), none without one.
func (g *Game) setUpSettings() []string {
	if s, ok := g.hooks.downforce.(SetUpSetting); ok {
		return s.SetUpSettings()
	}
	return nil
}

func (g *Game) askSetup(car int, kind DecisionKind) {
	d := &Decision{Car: car, Kind: kind}
	switch kind {
	case DecideBuild:
		if opts, handled := g.rules().BuildOptions(g, car); handled {
			d.Options = opts // fdr R5.2: builds from the pit points
			break
		}
		d.Options = make([]Option, 0, len(BuildPresets)) // sized once (issue 14)
		for i, w := range BuildPresets {
			d.Options = append(d.Options, Option{Letter: letter(i), Build: w})
		}
	case DecideTyres:
		tyres := g.raceTyres(g.car(car), g.tyreTypes(g.tyreWeather()))
		if len(tyres) > 0 {
			d.Options = make([]Option, 0, len(tyres)) // sized once (issue 14)
		}
		for i, t := range tyres {
			d.Options = append(d.Options, Option{Letter: letter(i), Tyre: t})
		}
	case DecideWing: // WingRule: league 5-B
		for i, w := range g.setUpSettings() {
			d.Options = append(d.Options, Option{Letter: letter(i), Wing: w})
		}
	case DecideLock: // DownforceRule: league 5-C
		for i, l := range g.setUpSettings() {
			d.Options = append(d.Options, Option{Letter: letter(i), Lock: l})
		}
	}
	g.setupPending[car] = d
}

// submitSetup applies an order to a setup decision.
func (g *Game) submitSetup(o Order, d *Decision) error {
	c := g.car(o.Car)
	if handled, err := g.rules().SetupOrder(g, c, o, d); handled { // street U-DRV-01, U-DRV-02 Julien; fdr R5.2
		if err != nil {
			return err
		}
		delete(g.setupPending, c.Number)
		return nil
	}
	switch d.Kind {
	case DecideBuild:
		if o.BoostersChosen {
			return fmt.Errorf("%w: booster points are built under the competition rules (fdr) only", ErrIllegal)
		}
		w := o.Build
		if o.Letter != "" {
			op, err := pickLetter(d, o.Letter)
			if err != nil {
				return err
			}
			w = op.Build
		}
		if err := ValidateBuild(w); err != nil {
			return fmt.Errorf("%w: %v", ErrIllegal, err)
		}
		g.emit(OrderEvent{Car: c.Number, Build: w.Compact()}.line())
		c.Wear = w
		g.startWear[c.Number] = w
		g.emit(Encode(ConfigurationEvent{Car: c.Number, Wear: w.Compact()}))
	case DecideBox:
		op, err := pickLetter(d, o.Letter) // fdr R4.1
		if err != nil {
			return err
		}
		g.emit(OrderEvent{Car: c.Number, Choose: op.Letter}.line())
		if g.hooks.pitBoxes != nil {
			g.hooks.pitBoxes.BoxChosen(Setup{g}, c.Number, op.Box) // PitBoxRule
			break
		}
		c.box = op.Box
		g.emit(Encode(PitBoxEvent{Car: c.Number, Box: op.Box}))
	case DecideTyres:
		op, err := pickLetter(d, o.Letter)
		if err != nil {
			return err
		}
		g.emit(OrderEvent{Car: c.Number, Choose: op.Letter}.line())
		c.Tyre, c.TyreAge = op.Tyre, 0
		g.emit(Encode(TyresEvent{Car: c.Number, Type: op.Tyre.String()}))
	case DecideWing: // WingRule: league 5-B
		op, err := pickLetter(d, o.Letter)
		if err != nil {
			return err
		}
		g.emit(OrderEvent{Car: c.Number, Choose: op.Letter}.line())
		g.hooks.downforce.(SetUpSetting).FitSetting(c, op.Wing) // its options were the module's (setUpSettings)
		g.emit(Encode(WingEvent{Car: c.Number, Setting: op.Wing}))
	case DecideLock: // DownforceRule: league 5-C
		op, err := pickLetter(d, o.Letter)
		if err != nil {
			return err
		}
		g.emit(OrderEvent{Car: c.Number, Choose: op.Letter}.line())
		g.hooks.downforce.(SetUpSetting).FitSetting(c, op.Lock) // its options were the module's (setUpSettings)
		g.emit(Encode(LockEvent{Car: c.Number, Level: op.Lock}))
	default:
		return fmt.Errorf("setup decision %q", d.Kind)
	}
	delete(g.setupPending, c.Number)
	return nil
}

func pickLetter(d *Decision, l string) (Option, error) {
	for _, op := range d.Options {
		if strings.EqualFold(op.Letter, l) {
			return op, nil
		}
	}
	return Option{}, fmt.Errorf("%w: %s", ErrIllegal, describeLegal(d))
}

// placeGrid puts the cars on the grid: by qualifying (O-QUA-06) or by the
// black die (R-SET-02).
func (g *Game) placeGrid(src dice.Source) error {
	var order []int
	var err error
	if g.Config.Optional.Qualifying {
		order, err = g.qualifyingOrder(src)
	} else {
		order, err = g.rollGrid(src, carNumbers(len(g.Cars)))
	}
	if err != nil {
		return err
	}
	for i, n := range order {
		g.car(n).Space = g.Track.Grid[i]
	}
	g.emit(Encode(GridEvent{Order: order}))
	if g.Config.Optional.Qualifying {
		g.creditQualifyingGrid(order) // 23-A(c), (i): the grid's earning before the race
	}
	return nil
}

// startingWear is the car's start values: its configuration under O-BLD.
func (g *Game) startingWear(c *Car) Wear {
	if w, ok := g.startWear[c.Number]; ok {
		return w
	}
	return g.Config.Start
}

// weatherChange is O-WX-04: after the engine tests of a 20 or 30, the
// black die on the circuit's table moves the ladder (AMB-24).
func (g *Game) weatherChange(src dice.Source) error {
	if !g.Config.Optional.Weather || !g.weather.Changeable() || g.qualifying {
		return nil
	}
	v, err := g.black(src, 0, "weather")
	if err != nil {
		return err
	}
	t, err := g.Track.WeatherFor(v)
	if err != nil {
		return err
	}
	before := g.weather
	switch t {
	case tracks.Sun:
		g.weather--
	case tracks.Rain:
		g.weather++
	}
	g.emit(Encode(WeatherEvent{Session: "race", State: g.weather.String(), Was: before.String()}))
	g.rules().WeatherChanged(g, before) // street U-DRV-02: Julien may re-roll
	return nil
}
