package ai

// A position of any game lists the league variants' slots in their order
// (engine/fd's position.go), so the AI drivers' tests link in the
// variants' package (engine/fd/variants), whose files register their
// slots and their variants by id, as register_fdr_test.go links fdr.
import _ "github.com/pitwall/pitwall/engine/fd/variants"
