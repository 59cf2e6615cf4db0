package fd

// 24-C Side trophies (league-variants.md ch. 24): end-of-season rankings
// the league layer computes from its recorded results
// (engine/league/trophies.go); no game switch.

func variant24C() Variant {
	return Variant{ID: "24-C", Group: "b", byLeague: true, Name: "Side trophies", NameFR: "Trophées annexes", Chapter: chSide, Scope: ScopeLeague,
		Params: []VariantParam{},
		Help:   "side rankings from the recorded results: complete pilot and team (race + qualifying points), best climb and worst fall, fewest retirements; the time trophies need a live qualifying and are not offered"}
}
