package fdtest_test

// The harness's tests place competition-rules cars (FDRAt asks the
// rulesets table's fdr row for its start): link in the fdr rules module,
// which registers itself with engine/fd's rulesets table.
import _ "github.com/pitwall/pitwall/engine/fd/fdr"
