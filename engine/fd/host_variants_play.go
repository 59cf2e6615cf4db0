package fd

import (
	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// What the league variants of the second round's heavy files (issue 13,
// part B: 8-C, 2-B, AX-5 …) ask of engine/fd from engine/fd/variants,
// beside host_variants.go's. As there, each host function is a field
// access or a call the compiler inlines, so that a variant plays exactly
// what it played (the frozen records hold it); the package sees nothing
// else of engine/fd (the compiler holds it). What the base itself
// runs of these variants is the base's, in a file per concept, asking the
// variant through a hook: dried_track_grace.go (8-C's lap of grace),
// clock_out.go (2-B's and AX-5's banks), qualifying_carries.go (AX-3),
// running_order_draws.go (1-A), teams.go (the teams 4-A, 4-B, 19-F, 20-B
// and 21-B read) and variants.go's variantParam.

// MatrixCell is the weather × tyre matrix's cell of tyre in weather w
// (a TyreMatrix game), ok false where the base tables hold: 8-C asks the
// monsoon's cell of the weather before a change, to know whether the set
// was still within its laps when the track dried.
func (g *Game) MatrixCell(w WeatherState, tyre Tyre) (TyreCell, bool) { return g.cellIn(w, tyre) }

// SetLaps is the cell's lifetime: the set laps run at cost, from the
// next +1 a square (league AMB-26).
func (c tyreCell) SetLaps() int { return c.setLaps }

// WithSlide is the cell with its slide set to n: a TyreMatrix's Adjust
// sets the league's contested cells (8-C's monsoon slide in the rain).
func (c tyreCell) WithSlide(n int) TyreCell {
	c.slide = n
	return c
}

// ParamsIn is the variant's parameters in the configuration c (their
// defaults filled in), on false when c does not play it: a variant's
// exported reader of its own parameters (2-B's ClockCapital, AX-5's
// BlitzTimeBank) asks it of its registry entry.
func (v Variant) ParamsIn(c Config) (map[string]string, bool) { return v.get(c) }

// StopWhereItStands eliminates a racing car from outside the turn
// (exclude.go's stopWhereItStands): it leaves the race where it stands,
// classified on distance, its pending decision or turn dropped. AX-5's
// time bank spent freezes the car so (its ClockBank).
func (g *Game) StopWhereItStands(c *Car, reason, cause string) { g.stopWhereItStands(c, reason, cause) }

// RollGrid orders cars by the black die, ties rolled again (R2's grid
// roll, game.go's rollGrid): AX-5's symmetric heat draws who takes the
// inside of bend 1 so.
func (s Setup) RollGrid(src dice.Source, cars []int) ([]int, error) { return s.g.rollGrid(src, cars) }

// Circuit is the circuit the game is set up on: a GridSpaceRule finds its
// squares on it (AX-5's symmetric heat).
func (s Setup) Circuit() *tracks.Circuit { return s.g.Track }

// ReadMove reads a move or a slipstream line as the engine writes it, by
// hand (events_read.go's readMove, the board's reader), false for a line
// written otherwise: a variant that reads every move of a record (AX-5's
// heat) reads them as fast as the board does, and decodes the others.
func ReadMove(e Event) (MoveEvent, bool) { return readMove(e) }

// Decoded reads e as the struct T of its kind (event_codec.go's decoded),
// false when e is of another kind or a line the codec refuses; the kind
// is compared first, so that a reader scanning a whole record decodes
// only its lines.
func Decoded[T TypedEvent](e Event) (T, bool) { return decoded[T](e) }

// ParseTeams reads a teams parameter, "1/1/2/3/3": each car's team, car 1
// first; a team has one or two cars.
func ParseTeams(s string) ([]int, error) { return parseTeams(s) }

// TeamsOfCars lists the teams of cars 1 to n, each its cars in order
// (teamsOfCars): 4-B's check of a team's budget reads them.
func (c Config) TeamsOfCars(n int) [][]int { return c.teamsOfCars(n) }

// PlayedParam is the parameter key of variant id as the configuration
// plays it (variantParam), on false when the variant is off: a variant
// that reads another's parameter (4-B reads 19-F's points) asks it so.
func (c Config) PlayedParam(id, key string) (value string, on bool) { return c.variantParam(id, key) }

// Game is the game being set up: a TeamBuildRule reads the teammates'
// given builds of it (4-B).
func (s Setup) Game() *Game { return s.g }

// GivenBuild is car's configuration as given (R5.2), before any 19-F tune,
// false while it has given none (modules.go's givenBuild): 4-B judges a
// teammate's build by it.
func (g *Game) GivenBuild(car int) (Wear, bool) { return g.givenBuild(car) }

// Declared is the declaration the car made with its gear this play, nil
// for none (a Declaration: 6-B's Super Top, 4-B's pilot point held for
// the black die): a BlackReroll asks whether its own is held.
func (t Turn) Declared() Declaration { return t.t.declared }

// BlackRerolled reports that the point held for the black die was spent
// this play (4-B(b)): one reroll a play.
func (t Turn) BlackRerolled() bool { return t.t.blackRerolled }

// SpendBlackReroll marks the point held for the black die spent this play.
func (t Turn) SpendBlackReroll() { t.t.blackRerolled = true }

// EngineLimit is the black die an engine test fails at or under, the
// weather's (engineLimit: 1–4, 1–3 on a wet track, a Deluge's or a
// Heatwave's own): 5-A's boost test moves with it.
func (g *Game) EngineLimit() int { return g.engineLimit() }

// TeamOfCar is car's team in the game (teamOfCar): as the PitBoxRule's
// teams say, else cars 1–2 team 1 …; 4-A gives a team its boxes by it,
// 4-B judges a teammate by it.
func (g *Game) TeamOfCar(car int) int { return g.teamOfCar(car) }

// ModuleStateOf is the game's state of type S of a StatefulModule
// (moduleStateOf): a module in another package reaches its own state so
// (4-A's box stage); the zero S when the game has none.
func ModuleStateOf[S any](g *Game) S { return moduleStateOf[S](g) }

// StartRunaway sets car's runaway car spinning past the bend corner it
// left onto exit until the turn's end (10-A's rail table, 16–20,
// league AMB-28): the base keeps the runaway cars, since its move options,
// facts, status, positions and boards read them.
func (g *Game) StartRunaway(car int, exit tracks.SpaceID, corner string) {
	g.runaways = append(g.runaways, runaway{Car: car, Exit: exit, Corner: corner})
}

// MeetRunaways: the turn's car takes the tests of each runaway car's area
// its move entered (10-A's PlayEnd, league AMB-28).
func (t Turn) MeetRunaways(src dice.Source) error { return t.g.meetRunaways(t.t.car, t.t.path, src) }

// StopRunaways stops the runaway cars at the turn's end, markers on the
// 3 × 3 spaces round the centre of each one's area of length spaces
// (10-A's RoundEnd).
func (g *Game) StopRunaways(length int) { g.stopRunaways(length) }

// QualifyingSquareDeltas are a ±1's deltas in the race or in qualifying,
// for a modifier that plays there too (23-A(i)'s session copy): none on a
// forced move, only +1 for a move of one space.
func QualifyingSquareDeltas(t Turn) []int { return squareDeltas(t) }
