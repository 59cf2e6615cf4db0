package rs

// Foreseen is one car after a foreseen comparison step.
type Foreseen struct {
	ID   int
	Dist int
}

// Foresee runs a turn's speed comparisons (R-CMP-01..08, R-LAP-01) on a
// copy of the game with the speeds given by car ID (a car left out runs
// at 0) and returns the running cars in file order afterwards, leader
// first. It reads only what every seat sees (the file, the circuit), so an
// AI driver may weigh an order against guessed orders of the others
// without reading their hands or sealed orders; the game is unchanged.
func (g *Game) Foresee(speeds map[int]int) []Foreseen {
	n := *g
	n.Cars = make([]*Car, len(g.Cars))
	for i, c := range g.Cars {
		n.Cars[i] = &Car{ID: c.ID, Seat: c.Seat, Dist: c.Dist, Slow: c.Slow, Out: c.Out, speed: speeds[c.ID]}
	}
	n.Events = nil // the comparisons' events are thrown away with the copy
	n.compare()
	f := n.File()
	out := make([]Foreseen, len(f))
	for i, c := range f {
		out[i] = Foreseen{ID: c.ID, Dist: c.Dist}
	}
	return out
}
