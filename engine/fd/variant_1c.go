package fd

// 1-C No timed qualifying (league-variants.md ch. 1, AMB-06): the grid is
// 2 × the place in the last race + the championship place + a d20, lowest
// on pole; the league gives both places when it creates the game.

func variant1C() Variant {
	return Variant{ID: "1-C", Name: "Grid by formula", NameFR: "Pas d'essais chronométrés", Chapter: "1 Qualifying", Scope: ScopeRace, Engine: true,
		Params: []VariantParam{
			{Key: "last", Default: "", Help: "each car's place in the last race, car 1 first, separated by / (0: did not start)"},
			{Key: "championship", Default: "", Help: "each car's championship place, car 1 first, separated by / (0: not ranked)"},
		},
		Help: "no qualifying session: 2 × last race place + championship place + d20, lowest on pole",
	}
}
