package optionwalk

// The walk plays races of every ruleset: the rules modules in packages of
// their own register themselves with engine/fd's rulesets table when
// linked in.
import (
	_ "github.com/pitwall/pitwall/engine/fd/fdr"      // the competition rules (FD-Règles)
	_ "github.com/pitwall/pitwall/engine/fd/street"   // the street races (§2.18)
	_ "github.com/pitwall/pitwall/engine/fd/variants" // the league variants, registered by id
)
