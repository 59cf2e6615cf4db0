package fd

import (
	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// The host API: what a rules module in a package of its own (the street
// races', engine/fd/street) may ask of the base turn, beyond the exported
// fields of Game, Car and the circuit. Each is a thin wrapper of the base
// turn's own function, so that the module plays exactly what the turn
// plays (the frozen records and the speed freeze hold the street races to
// it); the internals it wraps stay unexported. A rules module changes the
// game through these and through the Car it is handed, never otherwise.

// Emit adds an event to the record: a module's typed event,
// fd.Encode(MyEvent{…}).
func (g *Game) Emit(e Event) { g.emit(e) }

// Car is the car of number n (1…len(Cars)).
func (g *Game) Car(n int) *Car { return g.car(n) }

// Black rolls the black die for car (0: no car) as a recorded roll event
// naming its purpose (R-DIE).
func (g *Game) Black(src dice.Source, car int, purpose string) (int, error) {
	return g.black(src, car, purpose)
}

// Lose takes n points of cat from c, writing the wear event with its
// cause and eliminating the car at none left; it reports whether the car
// survives (R-PS-03).
func (g *Game) Lose(c *Car, cat Category, n int, cause string) bool {
	return g.lose(c, cat, n, cause)
}

// DropDebris leaves debris on space s (R-DEB-01; one flag per space,
// R-DEB-06).
func (g *Game) DropDebris(s tracks.SpaceID) { g.dropDebris(s) }

// StartingWear is c's starting values: its own (a street driver's card,
// an O-BLD build) or the configuration's Start.
func (g *Game) StartingWear(c *Car) Wear { return g.startingWear(c) }

// SetStartingWear makes w the starting values of c (a street driver's
// card, U-DRV-01): the ceiling of every repair.
func (g *Game) SetStartingWear(c *Car, w Wear) { g.startWear[c.Number] = w }

// WearPoints writes the categories of w that are not 0, under the names
// of the game's ruleset (R0.3: gas for the gearbox under fdr), as wear and
// repair lines carry them.
func (g *Game) WearPoints(w Wear) WearPoints {
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

// InPitLane reports whether c stands in the pit lane.
func (g *Game) InPitLane(c *Car) bool { return g.inPitLane(c) }

// TouchesCorner reports whether a path enters a corner zone.
func (g *Game) TouchesCorner(path []tracks.SpaceID) bool { return g.touchesCorner(path) }

// RainSlide is the extra distance a move of c touching a corner must go
// (O-TYR-03/05/07; the rules module's Slide first), 0 without it.
func (g *Game) RainSlide(c *Car) int { return g.slide(c) }

// SetWeather sets the race weather (a module's own weather roll: Julien's
// re-roll, U-DRV-02).
func (g *Game) SetWeather(w WeatherState) { g.weather = w }

// RollWeather rolls the race weather on the black die (O-WX) as a
// recorded roll naming its purpose; the caller sets and writes it.
func (g *Game) RollWeather(src dice.Source, purpose string) (WeatherState, error) {
	return g.rollWeather(src, purpose)
}

// RollWeatherChange is O-WX-04's change roll, which may move the weather
// (and call the module's WeatherChanged).
func (g *Game) RollWeatherChange(src dice.Source) error { return g.weatherChange(src) }

// PlaceGrid puts the cars on the grid: by qualifying (O-QUA-06) or by
// the black die (R-SET-02, the module's GridFirst breaking ties).
func (g *Game) PlaceGrid(src dice.Source) error { return g.placeGrid(src) }

// SetupStep is a stage of the setup a module's Setup plays (in this
// order; the others are the base's own).
type SetupStep int

const (
	SetupStepBuild       SetupStep = setupBuild       // the cars are built (or drivers drawn)
	SetupStepRaceWeather SetupStep = setupWeatherRace // the race weather is rolled (O-WX)
	SetupStepGrid        SetupStep = setupGrid        // the grid is placed (R-SET-02)
)

// NextSetupStep is the setup stage to play next, the game moving past
// it; ok is false once the setup is done. A module's Setup calls it while
// no setup decision waits (SetupWaiting).
func (g *Game) NextSetupStep() (step SetupStep, ok bool) {
	if g.setupStage >= setupDone {
		return 0, false
	}
	step = SetupStep(g.setupStage)
	g.setupStage++
	return step, true
}

// SetupDone reports whether the setup stages are all played.
func (g *Game) SetupDone() bool { return g.setupStage >= setupDone }

// SetupWaiting reports whether a setup decision waits for a player.
func (g *Game) SetupWaiting() bool { return len(g.setupPending) > 0 }

// AskSetup makes d the setup decision its car waits on.
func (g *Game) AskSetup(d *Decision) { g.setupPending[d.Car] = d }

// SetupDecision is the setup decision car waits on, nil for none; the
// module may change its options (drivers taken meanwhile).
func (g *Game) SetupDecision(car int) *Decision { return g.setupPending[car] }

// FinishPlay goes on with the end of the play (§2.19 after the weather:
// the module's EndOfPlay, the finish, the next car) after a decision the
// module held the play for.
func (g *Game) FinishPlay(src dice.Source) error { return g.finishTail(src) }

// PlayUnderWay is the play under way, ok false between two plays.
func (g *Game) PlayUnderWay() (t Turn, ok bool) {
	if g.turn == nil {
		return Turn{}, false
	}
	return Turn{g, g.turn}, true
}

// OpenBetweenPlays opens a play of c that no move owns, held for the
// module's decision (RulesModule.BetweenPlays: a street police award
// completed by an elimination, U-POL-01).
func (g *Game) OpenBetweenPlays(c *Car) Turn {
	g.turn = &turn{car: c, stage: stageModule, between: true}
	return Turn{g, g.turn}
}

// CloseBetweenPlays ends a play OpenBetweenPlays opened: the next car's
// play comes.
func (g *Game) CloseBetweenPlays() { g.turn = nil }

// Game is the game the play belongs to.
func (t Turn) Game() *Game { return t.g }

// Start is the space the car left this play.
func (t Turn) Start() tracks.SpaceID { return t.t.start }

// Between reports a play OpenBetweenPlays opened, which no move owns.
func (t Turn) Between() bool { return t.t.between }

// HandTo gives the play to c (the next spread of a play between plays).
func (t Turn) HandTo(c *Car) { t.t.car = c }

// Hold holds the play for the module's own decision (its Decision and
// Apply hooks are asked until it lets go).
func (t Turn) Hold() { t.t.stage = stageModule }

// LetGo ends Hold: the turn no longer asks the module for a decision.
func (t Turn) LetGo() { t.t.stage = stageMove }

// Held reports whether the play is held for the module's decision.
func (t Turn) Held() bool { return t.t.stage == stageModule }

// MoveOptionsAt lists the base move's options at a distance from the
// play's start, as the turn lists them for the die it rolled (no slide,
// no module declaration).
func (t Turn) MoveOptionsAt(distance int) []Option { return t.g.moveOptionsFor(t.t, distance) }

// Pick is the option of d under letter l (any case), ErrIllegal naming
// the legal letters otherwise.
func (d *Decision) Pick(l string) (Option, error) { return pickLetter(d, l) }

// Illegal is why an order fits none of d's options: the legal ones.
func (d *Decision) Illegal() string { return describeLegal(d) }

// OptionLetter is the letter of the i-th option of a decision (A, B, …).
func OptionLetter(i int) string { return letter(i) }

// Progress is how far car has gone: laps and levels, for ordering cars.
func Progress(c *tracks.Circuit, car *Car) int { return progress(c, car) }

// ErrNoModuleDecision: the rules module was asked for a decision while
// it holds none.
var ErrNoModuleDecision = errNoModuleDecision
