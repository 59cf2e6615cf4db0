package rs

import "slices"

// The position primitives of racing-simulator.md §3.2. Cars keep an
// unwrapped distance; a square holds one car (R-POS-01).

// reduceGap closes k squares of the gap in front of x: x and every car
// behind it move forward k; the cars ahead do not move (R-POS-04).
func (g *Game) reduceGap(x *Car, k int) {
	f := g.File()
	at := slices.Index(f, x)
	for _, c := range f[max(at, 0):] {
		c.Dist += k
	}
}

// swap puts p, directly behind a with a gap, in a's square and a on the
// square directly behind it; the gap disappears, so every car behind them
// moves forward by it (R-POS-04 Swap).
//
// Round the loop: p moves forward the squares to a's square (keeping its
// laps, so passing a lapped car or the leader is what it physically is,
// R-LAP-01..04) and a moves back one.
func (g *Game) swap(p, a *Car) {
	gap := g.between(p, a)
	f := g.File()
	at := slices.Index(f, p)
	for _, c := range f[at+1:] {
		c.Dist += gap
	}
	p.Dist += gap + 1
	a.Dist--
}

// dropBack moves c back n squares (R-POS-05): onto the target square if
// it is free, otherwise directly behind the car on it, pushing back one
// square each car of the block behind until a free square absorbs it.
// It returns the cars pushed.
func (g *Game) dropBack(c *Car, n int) []*Car {
	if n <= 0 {
		return nil
	}
	c.Out = true // c leaves its square
	t := c.Dist - n
	if g.occupied(t) != nil {
		t--
	}
	var pushed []*Car
	for d := t; g.occupied(d) != nil; d-- {
		pushed = append(pushed, g.occupied(d))
	}
	for i := len(pushed) - 1; i >= 0; i-- { // rearmost first, so no square ever holds two cars
		pushed[i].Dist--
	}
	c.Out = false
	c.Dist = t
	return pushed
}

// dropBackEv drops c back and writes the events.
func (g *Game) dropBackEv(c *Car, n int, cause string) {
	from := c.Dist
	pushed := g.dropBack(c, n)
	g.emit(ev("drop", Public, "car", c.ID, "by", n, "from", g.square(from), "to", g.square(c.Dist), "cause", cause))
	for _, p := range pushed {
		g.emit(ev("pushed", Public, "car", p.ID, "to", g.square(p.Dist)))
	}
}

// advance moves c forward n squares (R-POS-06, used by Tapez): onto the
// target if free, otherwise onto the square in front of it, pushing the
// block of cars from there forward one square each. It returns the cars
// pushed.
func (g *Game) advance(c *Car, n int) []*Car {
	if n <= 0 {
		return nil
	}
	c.Out = true
	t := c.Dist + n
	if g.occupied(t) != nil {
		t++
	}
	var pushed []*Car
	for d := t; g.occupied(d) != nil; d++ {
		pushed = append(pushed, g.occupied(d))
	}
	for i := len(pushed) - 1; i >= 0; i-- { // frontmost first
		pushed[i].Dist++
	}
	c.Out = false
	c.Dist = t
	return pushed
}

// closeUp removes every gap (R-POS-09): the leader keeps its square and
// each following car goes directly behind the one in front.
// A lapped car keeps its place in the file and its laps down (AMB-49).
func (g *Game) closeUp() {
	f := g.File()
	if len(f) == 0 {
		return
	}
	lead := f[0].Dist
	for i := 1; i < len(f); i++ {
		f[i].Dist = lead - i - g.lapsDown(lead, f[i])*g.Circuit.Len()
	}
}

// QuickGrid is the alternative quick start (R-QA-01): cars in the order
// their random-car cards were drawn, the first drawn placed last on the
// start square advanced by move, each next one directly in front. It
// returns each car's distance.
func QuickGrid(drawn []int, start, move int) map[int]int {
	out := map[int]int{}
	for i, car := range drawn {
		out[car] = start + move + i
	}
	return out
}
