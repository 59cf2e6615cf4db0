package ai

// The AI drivers' tests race the competition rules too: link in the fdr
// rules module (engine/fd/fdr), which registers itself with engine/fd's
// rulesets table, as register_street_test.go does street's.
import _ "github.com/pitwall/pitwall/engine/fd/fdr"
