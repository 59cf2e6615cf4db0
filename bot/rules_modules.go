package bot

// bot makes and reloads games of every ruleset (the lobby, stored records,
// the web boards): it links in every rules module that lives in a package
// of its own, which registers itself with engine/fd's rulesets table in
// its init (docs/engine.md, "How a rules module registers").
import (
	_ "github.com/pitwall/pitwall/engine/fd/fdr"      // the competition rules (FD-Règles)
	_ "github.com/pitwall/pitwall/engine/fd/street"   // the street races (§2.18)
	_ "github.com/pitwall/pitwall/engine/fd/variants" // the league variants, registered by id
)
