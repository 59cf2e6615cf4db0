package main

// pitwall's sim, race and replay commands make games of every ruleset
// without bot: the rules modules in packages of their own are linked in
// here too (they register themselves with engine/fd's rulesets table).
import (
	_ "github.com/pitwall/pitwall/engine/fd/fdr"      // the competition rules (FD-Règles)
	_ "github.com/pitwall/pitwall/engine/fd/street"   // the street races (§2.18)
	_ "github.com/pitwall/pitwall/engine/fd/variants" // the league variants, registered by id
)
