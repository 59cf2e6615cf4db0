package optionwalk

// The walk plays races of every ruleset: the street races' rules module
// registers itself with engine/fd's rulesets table when linked in.
import _ "github.com/pitwall/pitwall/engine/fd/street" // the street races (§2.18)
