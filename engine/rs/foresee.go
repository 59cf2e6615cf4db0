package rs

// Foreseen is one car after a foreseen comparison step.
type Foreseen struct {
	ID   int
	Dist int
}

// Foresee runs a turn's speed comparisons (R-CMP-01..08, R-LAP-01) on a
// copy of the game with the speeds given by car ID and returns those cars
// in file order afterwards, leader first. A car left out of speeds takes
// no part (as a car out of the race would not): a driver may foresee the
// few cars around its own, which is all one turn's comparisons can change
// for it, and much cheaper. It reads only what every seat sees (the file,
// the circuit), so an AI driver may weigh an order against guessed orders
// of the others without reading their hands or sealed orders; the game is
// unchanged.
func (g *Game) Foresee(speeds map[int]int) []Foreseen {
	n := *g
	n.Cars = make([]*Car, len(g.Cars))
	for i, c := range g.Cars {
		v, in := speeds[c.ID]
		n.Cars[i] = &Car{ID: c.ID, Seat: c.Seat, Dist: c.Dist, Slow: c.Slow, Out: c.Out || !in, speed: v}
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
