package fd

// The league's weather × tyre matrix (league-variants.md 8-C), as data:
// one cell per weather (fine, rain, deluge, heatwave) and tyre (hard,
// soft, monsoon, rain), read by the turn wherever a tyre or the weather
// changes play. The cells follow the spec's rebuilt tables (league AMB-26:
// a blank cell is merged with the one on its left).
//
// Without 8-C, only the Deluge and Heatwave rows are read, for the soft,
// hard and rain tyres, when 3-A or 3-B bring those weathers; fine and rain
// keep the base tables (T3, T6, R8, R9). With 8-C every row is read and
// the monsoon tyre is offered on a wet track.

// tyreCell is one cell of the matrix: what a weather does to a car on a
// tyre.
type tyreCell struct {
	slide     int    // the slide at a stop owed in a corner (R8.13), 0 for none
	maxGear   int    // the highest gear the car may choose, 0 for every gear
	aqua      [2]int // the lowest and highest gear that aquaplane, 0 for none
	aquaRaw   int    // the least raw d20 that aquaplanes (league AMB-01)
	handling  int    // the highest losing roll of a handling test (T6)
	stall     int    // the highest start roll that stalls the car (R9.2)
	setLaps   int    // the set laps at cost; from the next, +1 a square (league AMB-26)
	cost      int    // tyre points a square overshot (R10)
	collision int    // the addition to a normal collision test's threshold (T6: 1)
	engine    int    // the highest losing roll of an engine test (T6: 4)
	bonus     int    // the optional spaces on the set's first lap (R8.5)
	boost     int    // the gear a boost (5-A, 16-F) may be declared in: 0 any, -1 none
	closed    bool   // the tyre may not be chosen in this weather
}

// matrixRows maps the weathers to the matrix's four tables: changeable
// weather reads the table of its track (fine when dry, rain when wet).
var matrixRows = map[WeatherState]WeatherState{
	Fine: Fine, Overcast: Fine, ChangeableWet: Wet, Wet: Wet, Deluge: Deluge, Heatwave: Heatwave,
}

// weatherMatrix is 8-C's four tables. Every cell cites its row of the
// spec: "Bend movement" (slide), "Allowed gears" (maxGear),
// "Aquaplaning" (aqua, aquaRaw), "Road holding" (handling), "Wheelspin"
// (stall), "Lifetime" (setLaps), "Overshoot cost" (cost), "Collision"
// (collision, over the base's 1), "Engine failure" (engine), "Move
// bonus" (bonus), "Boosters" (boost).
var weatherMatrix = map[WeatherState]map[Tyre]tyreCell{
	// FINE: the base's cells, but hard tyres last three set laps, rain
	// tyres one (both then +1); monsoon tyres may not be chosen on a dry
	// track and, fitted when it dries, last one lap at the rain tyre's 2
	// (their "–" cost, league AMB-26).
	Fine: {
		Hard:     {handling: 4, stall: 1, setLaps: 3, cost: 1, engine: 4},
		Soft:     {handling: 4, stall: 1, setLaps: 2, cost: 2, engine: 4, bonus: 1},
		Monsoon:  {handling: 4, stall: 1, setLaps: 1, cost: 2, engine: 4, closed: true},
		RainTyre: {handling: 4, stall: 1, setLaps: 1, cost: 2, engine: 4},
	},
	// RAIN: dry tyres slide 3, stop at 5th, aquaplane in 4th or 5th from 15,
	// stall on 1–3, last one lap (soft 3 a square, hard 2), never boost;
	// monsoon slides 3 (AMB-26), aquaplanes in 6th on 20, 2 a square for
	// two laps; rain tyres slide 1, aquaplane in 5th or 6th on 20, 1 a
	// square for three; both stop at 6th ("1–6 (B6)": 6-D's seventh is
	// bolted onto a six-speed box, §0.3) and boost in 6th only.
	Wet: {
		Hard:     {slide: 3, maxGear: 5, aqua: [2]int{4, 5}, aquaRaw: 15, handling: 5, stall: 3, setLaps: 1, cost: 2, collision: 1, engine: 3, boost: -1},
		Soft:     {slide: 3, maxGear: 5, aqua: [2]int{4, 5}, aquaRaw: 15, handling: 5, stall: 3, setLaps: 1, cost: 3, collision: 1, engine: 3, boost: -1},
		Monsoon:  {slide: 3, maxGear: 6, aqua: [2]int{6, 6}, aquaRaw: 20, handling: 5, stall: 1, setLaps: 2, cost: 2, collision: 1, engine: 3, boost: 6},
		RainTyre: {slide: 1, maxGear: 6, aqua: [2]int{5, 6}, aquaRaw: 20, handling: 5, stall: 1, setLaps: 3, cost: 1, collision: 1, engine: 3, boost: 6},
	},
	// DELUGE: dry tyres slide 4, stop at 4th, aquaplane in 4th from 15;
	// monsoon slides 1, stops at 5th (AMB-26), aquaplanes in 5th or 6th on
	// 20; rain tyres slide 2, stop at 5th, aquaplane in 5th from 15;
	// collisions 1–4 (AMB-30), engines 1–3; no boost.
	Deluge: {
		Hard:     {slide: 4, maxGear: 4, aqua: [2]int{4, 4}, aquaRaw: 15, handling: 6, stall: 4, setLaps: 1, cost: 3, collision: 3, engine: 3, boost: -1},
		Soft:     {slide: 4, maxGear: 4, aqua: [2]int{4, 4}, aquaRaw: 15, handling: 6, stall: 4, setLaps: 1, cost: 3, collision: 3, engine: 3, boost: -1},
		Monsoon:  {slide: 1, maxGear: 5, aqua: [2]int{5, 6}, aquaRaw: 20, handling: 5, stall: 2, setLaps: 3, cost: 2, collision: 3, engine: 3, boost: -1},
		RainTyre: {slide: 2, maxGear: 5, aqua: [2]int{5, 5}, aquaRaw: 15, handling: 5, stall: 2, setLaps: 3, cost: 1, collision: 3, engine: 3, boost: -1},
	},
	// HEATWAVE: soft lasts one lap at 3 a square, hard two at 2; handling
	// ≤5, engines ≤5 ("for every engine"); the empty rain and monsoon
	// cells take the fine column (the spec's decision) with the
	// heatwave's engine test.
	Heatwave: {
		Hard:     {handling: 5, stall: 1, setLaps: 2, cost: 2, engine: 5},
		Soft:     {handling: 5, stall: 1, setLaps: 1, cost: 3, engine: 5, bonus: 1},
		Monsoon:  {handling: 4, stall: 1, setLaps: 1, cost: 2, engine: 5, closed: true},
		RainTyre: {handling: 4, stall: 1, setLaps: 1, cost: 2, engine: 5},
	},
}

// heatwaveRainBase is a heatwave's rain tyre without 8-C: the fine column
// the spec sends it to is then the base's (T3: 2 a square for two set
// laps, then 3).
var heatwaveRainBase = tyreCell{handling: 4, stall: 1, setLaps: 2, cost: 2, engine: 5}

// weatherCell is the matrix's column for what it says of every tyre
// alike (collisions, engines); ok is false where the base tables hold.
func (g *Game) weatherCell() (tyreCell, bool) {
	return g.extremeCellOf(Hard)
}

// extremeCell is the matrix cell of the car's tyre; ok is false where the
// base tables hold (without 8-C, every weather but a Deluge or a
// Heatwave).
func (g *Game) extremeCell(c *Car) (tyreCell, bool) {
	if c == nil {
		return tyreCell{}, false
	}
	return g.extremeCellOf(c.Tyre)
}

// extremeCellOf is extremeCell for a tyre; a TyreCompound (8-B) takes the
// soft's cell.
func (g *Game) extremeCellOf(tyre Tyre) (tyreCell, bool) {
	return g.cellIn(g.weather, tyre)
}

// cellIn is extremeCellOf in weather w.
func (g *Game) cellIn(w WeatherState, tyre Tyre) (tyreCell, bool) {
	if g.softLike(tyre) {
		tyre = Soft
	}
	row := matrixRows[w]
	if g.hooks.matrix == nil { // TyreMatrix: 8-C off
		switch {
		case row != Deluge && row != Heatwave:
			return tyreCell{}, false
		case row == Heatwave && tyre == RainTyre:
			return heatwaveRainBase, true
		}
	}
	cell, ok := weatherMatrix[row][tyre]
	if m := g.hooks.matrix; ok && m != nil {
		cell = m.Adjust(row, tyre, cell) // TyreMatrix: the league's parameters
	}
	return cell, ok
}

// overshootFactor is the cell's cost a square overshot, one more
// once the set has run its laps (league AMB-26).
func (cell tyreCell) overshootFactor(setLap int) int {
	if setLap > cell.setLaps {
		return cell.cost + 1
	}
	return cell.cost
}

// gearLimit is hi lowered to the cell's allowed gears, never under lo.
func (cell tyreCell) gearLimit(lo, hi int) int {
	if cell.maxGear == 0 {
		return hi
	}
	return min(hi, max(cell.maxGear, lo))
}

// boostAllows reports the cell lets a car boost in gear (8-C's "Boosters"
// row: 5-A, 16-F).
func (cell tyreCell) boostAllows(gear int) bool {
	return cell.boost == 0 || cell.boost == gear
}

// aquaplanes reports a move rolled in gear whose raw d20 r aquaplanes
// (8-C's "Aquaplaning" row); r is 0 where no d20 was rolled (a classic
// box turns the row off, league AMB-01).
func (cell tyreCell) aquaplanes(gear, r int) bool {
	return r > 0 && cell.aquaRaw > 0 && gear >= cell.aqua[0] && gear <= cell.aqua[1] && r >= cell.aquaRaw
}

// aquaplane plays the matrix's "Aquaplaning" row at the end of a play
// (PlayEnd): a move whose raw d20 aquaplanes in its gear drops the car one
// gear ("you downshift one gear IMMEDIATELY"), free, after its move
// (league AMB-26). 8-C reads it in every weather, 3-A in its deluge.
func aquaplane(t Turn) {
	c := t.Car()
	cell, ok := t.tyreCell()
	if !ok || !cell.aquaplanes(c.Gear, t.Raw()) {
		return
	}
	c.Gear--
	t.Emit(Encode(AquaplaningEvent{Car: c.Number, Type: c.Tyre.String(), Raw: t.Raw(), Gear: c.Gear}))
}
