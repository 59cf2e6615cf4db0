package fd_test

// engine/fd's own tests play the league variants by id (the frozen
// records, the table's tests, each variant's game tests); the variants
// live in engine/fd/variants and register themselves from its files'
// inits, as fdr's module does (register_fdr_test.go): this external test
// file links them into the test binary for every test here (issue 13).
import _ "github.com/pitwall/pitwall/engine/fd/variants"
