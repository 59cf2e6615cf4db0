package rs

// Runner is one car of a foreseen turn: where it is and the speed it
// runs.
type Runner struct {
	ID, Dist, Speed int
}

// Foresee runs a turn's speed comparisons (R-CMP-01..08, R-LAP-01) for
// the cars of field, where field puts them and at the speeds it gives,
// on a copy of the game, and returns them in file order afterwards,
// leader first (Speed 0). A car left out of field takes no part (as a car
// out of the race would not): a driver may foresee the few cars around
// its own, which is all one turn's comparisons can change for it, and
// much cheaper; and it may foresee a later turn by placing the cars where
// it guesses they will be. It reads only what every seat sees (the
// cars' damage and which are system cars, the circuit), so an AI driver
// may weigh an order against guessed orders of the others without
// reading their hands or sealed orders; the game is unchanged.
func (g *Game) Foresee(field []Runner) []Runner {
	n := *g
	n.Cars = make([]*Car, len(g.Cars))
	for i, c := range g.Cars {
		n.Cars[i] = &Car{ID: c.ID, Seat: c.Seat, Slow: c.Slow, Out: true}
	}
	for _, r := range field {
		c := n.Cars[r.ID-1]
		c.Dist, c.speed, c.Out = r.Dist, r.Speed, g.Cars[r.ID-1].Out
	}
	n.Events = nil // the comparisons' events are thrown away with the copy
	n.compare()
	f := n.File()
	out := make([]Runner, len(f))
	for i, c := range f {
		out[i] = Runner{ID: c.ID, Dist: c.Dist}
	}
	return out
}
