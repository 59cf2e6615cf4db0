package fd

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// What the league variants of the second round's heavy files (issue 13,
// part B: 8-C, 2-B, AX-5 …) ask of engine/fd on their way to
// engine/fd/variants, beside host_variants.go's first round. As there,
// each host function is a field access or a call the compiler inlines,
// so that a variant plays exactly what it played (the frozen records
// hold it); TestVariantFilesUseOnlyTheHostAPI holds the package-ready
// files at none of engine/fd's unexported names. What the base itself
// calls of a variant stays here as the base's, asking the variant through
// a hook (the monsoon's grace, Game.ClockOut).

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

// The lap of grace of a wet compound on a track that dried (8-C): the
// base reads it where the move prices an overshoot (fdrOvershootFactor),
// and ends it at the line (crossLine) and at a new set (the pit stop),
// so it must find the slot, which the variant declares in its own file
// and names here from its init, as fdr names its reason table
// (KeepEliminationReasons). kept is false in a program that links no
// variant keeping it: no car is then in grace, and nothing writes a slot
// that is not the grace's.
var driedTrackGrace struct {
	slot Slot[bool]
	kept bool
}

// KeepDriedTrackGrace names the slot of the lap of grace a wet compound
// runs at cost once the track dries (8-C's "monsoon-grace"). Call it
// once, from the variant's init; a second call panics.
func KeepDriedTrackGrace(s Slot[bool]) {
	if driedTrackGrace.kept {
		panic("fd: KeepDriedTrackGrace called twice")
	}
	driedTrackGrace.slot, driedTrackGrace.kept = s, true
}

// inMonsoonGrace: the car's monsoon set runs at the dry cell's cost until
// it next crosses the line (8-C).
func (c *Car) inMonsoonGrace() bool {
	return driedTrackGrace.kept && flagIn(c, driedTrackGrace.slot)
}

// setMonsoonGrace gives the car its one more lap, or ends it (the line
// crossed, a new set, rain again).
func (c *Car) setMonsoonGrace(on bool) {
	if driedTrackGrace.kept {
		driedTrackGrace.slot.Set(c, on)
	}
}

// monsoonDried tells the game's TyreMatrix that the weather changed from
// before (fdr's weather test), when it hears it (MatrixWeatherChange):
// 8-C gives its monsoon sets their lap of grace on a track that dried.
func (g *Game) monsoonDried(before WeatherState) {
	if m, ok := g.hooks.matrix.(MatrixWeatherChange); ok {
		m.WeatherChanged(g, before)
	}
}

// ParamsIn is the variant's parameters in the configuration c (their
// defaults filled in), on false when c does not play it: a variant's
// exported reader of its own parameters (2-B's ClockCapital, AX-5's
// BlitzTimeBank) asks it of its registry entry.
func (v Variant) ParamsIn(c Config) (map[string]string, bool) { return v.get(c) }

// ClockOut enters into the record that a racing car's bank of response
// time ran out: the service, which keeps the clocks, calls it when the
// car's bank is spent (2-B's race clock, a "clock-out" line; AX-5's heat
// bank, a "time-out" line, the car frozen where it stands). It replays
// like an order. A refused clock-out changes nothing. The game's
// ClockBank module says what the line is and does; the base keeps the
// checks, as for the race direction's exclusion (exclude.go), since the
// line comes from outside the turn.
func (g *Game) ClockOut(car int, capital string, src dice.Source) error {
	bank := g.hooks.clock
	if bank == nil {
		return fmt.Errorf("%w: the race plays no chess clock (2-B) and no time bank (AX-5)", ErrIllegal)
	}
	if !g.started || g.Over || g.setupStage < setupDone || g.qualifying {
		return fmt.Errorf("%w: a clock runs out while the race runs (2-B)", ErrIllegal)
	}
	if car < 1 || car > len(g.Cars) {
		return fmt.Errorf("%w: there is no car %d", ErrIllegal, car)
	}
	c := g.car(car)
	if c.Status != Racing || bank.RanOut(c) {
		return fmt.Errorf("%w: car %d is not racing on time (2-B)", ErrIllegal, car)
	}
	bank.RunOut(g, c, capital)
	return g.advance(src)
}

// clockOutFromEvent enters a clock-out line (2-B) or a blitz time-out
// (AX-5, whose bank= is the capital spent): replayed, or given by an
// official (Contract.Official). A line without its car, or whose car is
// not a number, is the codec's DecodeError.
func (g *Game) clockOutFromEvent(e Event, src dice.Source) error {
	if e.Kind == "time-out" {
		x, err := decodeGiven[TimeOutEvent](e, "car")
		if err != nil {
			return err
		}
		return g.ClockOut(x.Car, x.Bank, src)
	}
	x, err := decodeGiven[ClockOutEvent](e, "car")
	if err != nil {
		return err
	}
	return g.ClockOut(x.Car, x.Capital, src)
}

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

// The carries of the QualifyingCarry hook (AX-3's marathon: league AMB-56),
// which the base plays: fdr's setup announces them as the circuit opens
// (AnnounceCarries), the qualifying lap starts from them (qualifying.go's
// carryInto) and tells at its end what the car takes on (carryOut). The
// module says only what each car brings (Carried).

// announceCarries tells, as the circuit opens, what each carried car
// brings (QualifyingCarry), and gives the car its life points: its gear,
// lane (the start square's, the nearest lane where the start is narrower)
// and life points; a car whose lap ended on the circuit before stands on
// the qualifying start (R1.4).
func (g *Game) announceCarries() {
	for i := range g.Cars {
		c := &g.Cars[i]
		carry, ok := g.carried(c.Number)
		if !ok {
			continue
		}
		c.Wear = carry.Wear
		space := g.Track.Spaces[g.carriedStart(carry)]
		g.emit(Encode(CarryInEvent{Car: c.Number, Gear: carry.Gear, Lane: space.Lane, Space: space.Name, Wear: carry.Wear.Compact()}))
	}
}

// carried is what car n brings into the circuit, if anything.
func (g *Game) carried(n int) (Carry, bool) {
	for _, h := range g.hooks.carries {
		if carry, ok := h.Carried(n); ok {
			return carry, true
		}
	}
	return Carry{}, false
}

// carriedStart is the square a carried car starts its lap on.
func (g *Game) carriedStart(carry Carry) tracks.SpaceID {
	if carry.Gear == 0 {
		return g.Track.QualifyingStart // standing, as R1.3 and R1.4 say
	}
	return g.startSquareInLane(carry.Lane)
}

// carryInto sets a carried car's solo lap (QualifyingCarry): its life
// points, and unless its lap ended on the circuit before its gear, already
// under way, on the start square of its lane.
func (g *Game) carryInto(c *Car, sub *Game) {
	carry, ok := g.carried(c.Number)
	if !ok {
		return
	}
	lap := &sub.Cars[0]
	lap.Wear = carry.Wear
	if carry.Gear > 0 {
		lap.Space = g.carriedStart(carry)
		lap.Corner = g.Track.Spaces[lap.Space].Corner
		lap.Gear, lap.Started = carry.Gear, true // not R1.3's standing start: the car is under way
	}
}

// startSquareInLane is the qualifying start's square in lane (R1.4: the
// squares side by side with it), or the nearest lane's.
func (g *Game) startSquareInLane(lane int) tracks.SpaceID {
	start := g.Track.QualifyingStart
	best, gap := start, 1<<30
	for i := range g.Track.Spaces {
		s := &g.Track.Spaces[i]
		if s.Level != g.Track.Spaces[start].Level || s.Kind != tracks.KindTrack || !s.Playable() {
			continue
		}
		d := s.Lane - lane
		if d < 0 {
			d = -d
		}
		if d < gap || (d == gap && tracks.SpaceID(i) == start) {
			best, gap = tracks.SpaceID(i), d
		}
	}
	return best
}

// carryOut tells what car n takes from its finished lap to the next
// circuit (QualifyingCarry): its gear, lane and life points; gear 0 when
// the lap ended before the line.
func (g *Game) carryOut(n int, sub *Game) {
	if len(g.hooks.carries) == 0 {
		return
	}
	lap := sub.Cars[0]
	gear, lane := 0, 0
	if lap.Status == Finished {
		gear, lane = lap.Gear, sub.QualifyingLapLane() // off the board past the line (fdr AMB-46): where the lap ended
	}
	g.emit(Encode(CarryOutEvent{Car: n, Gear: gear, Lane: lane, Wear: lap.Wear.Compact()}))
}

// The d20s of session 1's running order (1-A's unranked cars, a
// drawnRunningOrder): the base rolls them (fdr's setup asks
// DrawRunningOrder) and a position says them (position.go's
// order-draws=), so the rolls and their text are the base's.

// drawRunningOrder rolls the d20s of session 1's running order (1-A's
// unranked cars), once, before the order is told.
func (g *Game) drawRunningOrder(src dice.Source) error {
	d, ok := g.hooks.running.(drawnRunningOrder)
	if !ok || !g.RunningOrderDrawsDue() {
		return nil
	}
	draws := map[int]int{}
	g.KeepRunningOrderDraws(draws) // kept first, filled as rolled: as far as it got if a roll fails
	for _, n := range d.Draws(carNumbers(len(g.Cars))) {
		v, err := g.black(src, n, "running-order")
		if err != nil {
			return err
		}
		draws[n] = v
	}
	return nil
}

// joinDraws writes session 1's running-order d20s as a position says them
// (order-draws=car:d20,…), by car number.
func joinDraws(draws map[int]int) string {
	parts := make([]string, 0, len(draws))
	for _, n := range slices.Sorted(maps.Keys(draws)) {
		parts = append(parts, strconv.Itoa(n)+":"+strconv.Itoa(draws[n]))
	}
	return strings.Join(parts, ",")
}

// parseDraws reads order-draws=car:d20,…: each car once, a d20's face.
func parseDraws(v string) (map[int]int, error) {
	draws := map[int]int{}
	for _, part := range strings.Split(v, ",") {
		car, face, ok := strings.Cut(part, ":")
		n, errCar := strconv.Atoi(car)
		d, errFace := strconv.Atoi(face)
		if !ok || errCar != nil || errFace != nil || n < 1 || n > MaxCars || d < 1 || d > 20 || strconv.Itoa(n) != car || strconv.Itoa(d) != face {
			return nil, fmt.Errorf("position: order-draws=%q: car:d20 pairs separated by commas, a car 1 to %d and a d20 1 to 20 (league 1-A)", v, MaxCars)
		}
		if _, twice := draws[n]; twice {
			return nil, fmt.Errorf("position: order-draws=%q gives car %d twice (league 1-A)", v, n)
		}
		draws[n] = d
	}
	return draws, nil
}

// The teams of a game, which several variants read (4-A's pit boxes, 4-B's
// builds, 19-F's engineers, 20-B's spares, 21-B's reparations): the
// parameter that names them, the default pairs, and the teams of cars as
// 4-B's own parameter, else 4-A's boxes (PitBoxRule), else the pairs say
// them. They are the base's, beside pitBoxTeams, since variants of other
// files read them.

// ParseTeams reads a teams parameter, "1/1/2/3/3": each car's team, car 1
// first; a team has one or two cars.
func ParseTeams(s string) ([]int, error) { return parseTeams(s) }

// parseTeams reads "1/1/2/3/3": each car's team, car 1 first; a team has
// one or two cars.
func parseTeams(s string) ([]int, error) {
	if s == "" {
		return nil, nil
	}
	var out []int
	count := map[int]int{}
	for _, p := range strings.Split(s, "/") {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > MaxCars {
			return nil, fmt.Errorf("teams %q: %q is not a team number from 1 to %d", s, p, MaxCars)
		}
		if count[n]++; count[n] > 2 {
			return nil, fmt.Errorf("teams %q: team %d has more than two cars", s, n)
		}
		out = append(out, n)
	}
	return out, nil
}

// teamOf is the team of car by default: cars 1 and 2 team 1, 3 and 4
// team 2 … (O-TEAM's TeamOf, options.go, which a variant calls)
func teamOf(car int) int { return (car + 1) / 2 }

// TeamsOfCars lists the teams of cars 1 to n, each its cars in order
// (teamsOfCars): 4-B's check of a team's budget reads them.
func (c Config) TeamsOfCars(n int) [][]int { return c.teamsOfCars(n) }

// PlayedParam is the parameter key of variant id as the configuration
// plays it (variantParam), on false when the variant is off: a variant
// that reads another's parameter (4-B reads 19-F's points) asks it so.
func (c Config) PlayedParam(id, key string) (value string, on bool) { return c.variantParam(id, key) }

// teamsOfCars lists the teams of cars 1 to n (at least those a teams
// parameter names), each its cars in order: as 4-B's teams say, else
// 4-A's, else cars 1 and 2 are team 1, 3 and 4 team 2 …
func (c Config) teamsOfCars(n int) [][]int {
	own, _ := c.variantParam("4-B", "teams")
	teams, _ := parseTeams(own)
	pitTeams := c.pitBoxTeams()
	team := func(car int) int {
		switch {
		case car <= len(teams):
			return teams[car-1]
		case car <= len(pitTeams):
			return pitTeams[car-1]
		}
		return teamOf(car)
	}
	return groupCars(max(n, len(teams), len(pitTeams)), team)
}

// groupCars lists the teams of cars 1 to n, each its cars in order, in
// the order of their first cars.
func groupCars(n int, team func(car int) int) [][]int {
	var out [][]int
	at := map[int]int{}
	for car := 1; car <= n; car++ {
		t := team(car)
		i, ok := at[t]
		if !ok {
			i = len(out)
			at[t] = i
			out = append(out, nil)
		}
		out[i] = append(out[i], car)
	}
	return out
}

// variantParam is a parameter of variant id as the configuration plays
// it; on is false when the variant is off.
func (c Config) variantParam(id, key string) (value string, on bool) {
	for _, m := range c.Variants.modules {
		if m.id == id {
			return m.params[key], true
		}
	}
	return "", false
}

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
