package render

// The boards' tests draw league variants' games (5-A's boosters, 5-D's
// hidden builds, 10-A, 17-B …): link in the variants' package
// (engine/fd/variants), whose files register themselves by id with
// engine/fd's variants table, as register_fdr_test.go links fdr.
import _ "github.com/pitwall/pitwall/engine/fd/variants"
