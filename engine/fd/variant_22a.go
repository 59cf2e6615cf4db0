package fd

// 22-A Shape of life points (league-variants.md ch. 22): life points are
// drawn as symbols and counted clearly, on the board and in text. No rules
// effect: the board's dashboard draws every category as filled and empty
// pips against the car's start with the count (render), and under 22-A the
// status text writes them the same way ("tyres ●●●●○○ 4/6").

func variant22A() Variant {
	return Variant{ID: "22-A", Name: "Life-point display", NameFR: "Forme des points de vie", Chapter: "22 Equipment", Scope: ScopeRace, Engine: true,
		Params: []VariantParam{},
		Help:   "each car's life points shown as filled and empty marks with their count, on the board and in text",
		set: func(c *Config, _ map[string]string) error {
			c.Variants.LifePoints = true
			return nil
		},
		get: func(c Config) (map[string]string, bool) { return onOff(c.Variants.LifePoints) },
	}
}
