package fd

// 17-A Low speed (league-variants.md ch. 17): a car in 1st gear that
// crosses a dangerous space takes no handling test there. It hooks the
// dangerous-space test of R17.2 (step 10 of the play, and the option's
// judgement, so that the move's facts and the autopilot count no test);
// the wall tests of R15.2 and everything else stay.

func variant17A() Variant {
	return Variant{ID: "17-A", Group: "b", Name: "Low speed", NameFR: "Petite vitesse", Chapter: chRoadHold, Scope: ScopeRace, Engine: true,
		Params: []VariantParam{},
		Help:   "no road-holding test crossing a dangerous square in 1st gear",
		set: func(c *Config, _ map[string]string) error {
			c.Variants.LowSpeed = true
			return nil
		},
		get: func(c Config) (map[string]string, bool) { return onOff(c.Variants.LowSpeed) },
	}
}

// handlingTested is R17.2 under 17-A: whether a car crossing a dangerous
// space in its gear takes the handling test.
func (g *Game) handlingTested(c *Car) bool {
	return !(g.Config.Variants.LowSpeed && c.Gear == 1)
}
