package fd

// 23-A Pilot experience points and 23-B Team points
// (league-variants.md ch. 23): league ledgers, kept by the league layer
// (engine/league/ledger.go, bot/league_ledgers.go) from each event's
// result; a race plays them through no game switch yet, so they have no
// set here.

func variant23A() Variant {
	return Variant{ID: "23-A", Group: "b", byLeague: true, Name: "Pilot experience points", NameFR: "Points de pilotes", Chapter: chExperience, Scope: ScopeLeague,
		Params: []VariantParam{param("scheme", "c", "the earning and spending scheme of §2 23-A", "a1", "a2", "b", "c", "d", "e", "f", "g", "h", "i")},
		Help:   "a ledger of bonus points each pilot earns from his results (and, by scheme, his team), spendable in whole units a race, capped, carried to the next season; balances in the standings"}
}

func variant23B() Variant {
	return Variant{ID: "23-B", Group: "b", byLeague: true, Name: "Team points", NameFR: "Points d'écuries", Chapter: chExperience, Scope: ScopeLeague,
		Params: []VariantParam{param("scheme", "c", "a: build point per 3 wins, b: decimal bonus, c: quick-stop bonus", "a", "b", "c")},
		Help:   "a team ledger: a permanent build point per 3 wins, a decimal team bonus, or a quick-stop success per whole team point; balances in the standings"}
}
