package ai

// The AI drivers' tests race every ruleset, street included: link in the
// street rules module, which registers itself with engine/fd's rulesets
// table (a program using the AI drivers makes its games through bot,
// which links it in).
import _ "github.com/pitwall/pitwall/engine/fd/street"
