package fdtest_test

// The harness reads positions, which list the league variants' slots in
// their order (engine/fd's position.go): its tests link in the variants'
// package (engine/fd/variants), whose files register their slots and
// their variants by id, as register_fdr_test.go links fdr.
import _ "github.com/pitwall/pitwall/engine/fd/variants"
