package fd

// Orders given in words (issue 13, group 1 of docs/engine.md "What is
// left"): the command language lets a player name an option by what it
// does rather than by its key — a street driver by name (U-DRV-01), tyres
// by word (O-TYR), the pit by kind (O-PIT-02, R19.17). Which option that
// is depends on the option's own fields, which only the race knows, so
// the contract answers with the key: bot reads no option's fields.

// OptionBy names an option by what it does. Every field set must hold;
// an unset field asks nothing.
type OptionBy struct {
	// Driver is a street driver card's key (street.DriverLiTsu …).
	Driver string
	// Tyres is the tyres the option fits, by word ("hard", "soft",
	// "rain"): a tyre choice, a pit stop's.
	Tyres string
	// PitLane asks for a move that ends in the pit lane or the box.
	PitLane bool
	// Stop asks for a pit stop by its length: "long" the technical stop
	// (O-PIT-02; under fdr the long stop, R19.17), "quick" any other.
	Stop string
}

// holds reports whether op is what by names.
func (by OptionBy) holds(op *Option) bool {
	switch {
	case by.Driver != "" && op.Driver != by.Driver,
		by.Tyres != "" && op.Tyre.String() != by.Tyres,
		by.PitLane && !op.Pit,
		by.Stop == "long" && !op.Technical,
		by.Stop == "quick" && op.Technical:
		return false
	}
	return true
}

// KeyBy is the key of the first option of seat's pending decision, in
// the order Options lists them, that is what by names; "" when none is
// (or seat has nothing to decide).
func (c Contract) KeyBy(seat int, by OptionBy) string {
	d, ok := c.decisionOf(seat + 1)
	if !ok {
		return ""
	}
	for i := range d.Options {
		if by.holds(&d.Options[i]) {
			return OptionKey(&d, d.Options[i])
		}
	}
	return ""
}
