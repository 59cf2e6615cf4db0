package fd

// The league's weather × tyre matrix (league-variants.md 8-C), as data:
// the cells of the two extreme weathers the variants 3-A (Deluge) and 3-B
// (Heatwave) bring, for the soft, hard and rain tyres. Fine and rain keep
// the base tables (T3, T6, R8, R9), which are the matrix's Fine and Rain
// columns for those tyres. The cells follow the spec's rebuilt tables
// (league AMB-26: a blank cell is merged with the one on its left).

// tyreCell is one cell of the matrix: what a weather does to a car on a
// tyre.
type tyreCell struct {
	slide     int // the slide at a stop owed in a corner (R8.13), 0 for none
	maxGear   int // the highest gear the car may choose
	handling  int // the highest losing roll of a handling test (T6)
	stall     int // the highest start roll that stalls the car (R9.2)
	setLaps   int // the set laps at cost; from the next, +1 a square (league AMB-26)
	cost      int // tyre points a square overshot (R10)
	collision int // the addition to a normal collision test's threshold (T6: 1)
	engine    int // the highest losing roll of an engine test (T6: 4)
}

// extremeCells are the Deluge and Heatwave columns, by tyre (Hard, Soft,
// RainTyre). Deluge: dry tyres slide 4 and may not pass 4th, rain tyres
// slide 2 and may not pass 5th; collisions ≤4 (league AMB-30: +3), engines ≤3.
// Heatwave: soft lasts one lap at 3 a square, hard two at 2; handling ≤5,
// engines ≤5 ("for every engine"); rain tyres take the Fine column (the
// spec's decision for the empty cells), which without 8-C is the base's
// T3: 2 a square for two set laps.
var extremeCells = map[WeatherState][3]tyreCell{
	Deluge: {
		Hard:     {slide: 4, maxGear: 4, handling: 6, stall: 4, setLaps: 1, cost: 3, collision: 3, engine: 3},
		Soft:     {slide: 4, maxGear: 4, handling: 6, stall: 4, setLaps: 1, cost: 3, collision: 3, engine: 3},
		RainTyre: {slide: 2, maxGear: 5, handling: 5, stall: 2, setLaps: 3, cost: 1, collision: 3, engine: 3},
	},
	Heatwave: {
		Hard:     {maxGear: 6, handling: 5, stall: 1, setLaps: 2, cost: 2, engine: 5},
		Soft:     {maxGear: 6, handling: 5, stall: 1, setLaps: 1, cost: 3, engine: 5},
		RainTyre: {maxGear: 6, handling: 4, stall: 1, setLaps: 2, cost: 2, engine: 5},
	},
}

// weatherCell is the column of a Deluge or a Heatwave for what it says of
// every tyre alike (collisions, engines).
func (g *Game) weatherCell() (tyreCell, bool) {
	col, ok := extremeCells[g.weather]
	return col[Hard], ok
}

// extremeCell is the matrix cell of the car's tyre in a Deluge or a
// Heatwave; ok is false in every other weather, where the base tables
// hold.
func (g *Game) extremeCell(c *Car) (tyreCell, bool) {
	if c == nil {
		return tyreCell{}, false
	}
	return g.extremeCellOf(c.Tyre)
}

// extremeCellOf is extremeCell for a tyre; a module's compound (8-B) takes
// the soft's cell.
func (g *Game) extremeCellOf(tyre Tyre) (tyreCell, bool) {
	col, ok := extremeCells[g.weather]
	if g.softLike(tyre) {
		tyre = Soft
	}
	if !ok || tyre < Hard || tyre > RainTyre {
		return tyreCell{}, false
	}
	return col[tyre], true
}

// overshootFactor is the cell's cost a square overshot, one more
// once the set has run its laps (league AMB-26).
func (cell tyreCell) overshootFactor(setLap int) int {
	if setLap > cell.setLaps {
		return cell.cost + 1
	}
	return cell.cost
}
