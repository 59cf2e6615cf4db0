package fd

// 6-A The Top (league-variants.md ch. 6, AMB-19): once per lap a driver
// may move one space more or one less than the die says, after seeing it;
// an unused Top is lost when the car crosses the line. Race only, not in
// qualifying; a −1 costs no brake point. The move options then include,
// beside those of the roll V, those of V+1 and V−1 (marked Top), each
// judged as a move of that many spaces (§0.4: the Top is a modifier before
// the move).

func variant6A() Variant {
	return Variant{ID: "6-A", Name: "The Top", NameFR: "Le Top", Chapter: "6 Gearbox and movement", Scope: ScopeRace, Engine: true,
		Params: []VariantParam{},
		Help:   "once per lap, one space more or one less than the roll, chosen after seeing it; lost at the line if unused",
		set: func(c *Config, _ map[string]string) error {
			c.Variants.Top = true
			return nil
		},
		get: func(c Config) (map[string]string, bool) { return onOff(c.Variants.Top) },
	}
}

// topDeltas are the Top's moves open to this play: none when the variant
// is off, in qualifying, for a move no die rolled (a super start, a quick
// stop's exit, inertia), or when this lap's Top is spent.
func (g *Game) topDeltas(t *turn) []int {
	if g.qualifying || t.face == 0 || t.fdr.inertia || !(g.topOpen(t.car) || g.pilotPointOpen(t.car)) { // and 23-A's pilot point
		return nil
	}
	if t.distance <= 1 {
		return []int{+1}
	}
	return []int{-1, +1}
}

// topOpen says the car's Top of this lap is still to play.
func (g *Game) topOpen(c *Car) bool { return g.Config.Variants.Top && !c.TopUsed }

// useTop spends the lap's Top (a "top" event before the move), or when it
// is spent a pilot point of 23-A.
func (g *Game) useTop(c *Car, delta int) {
	if !g.topOpen(c) {
		g.usePilotPoint(c, delta)
		return
	}
	c.TopUsed = true
	g.emit(ev("top", "car", c.Number, "delta", delta))
}
