package fd_test

// engine/fd's own tests play street races (the speed freeze, the frozen
// records, the refused orders, the typed events …; the street scenarios
// themselves live in engine/fd/street, on engine/fd/fdtest) through the
// street rules module, which lives in
// engine/fd/street and registers itself in its init. An internal test of
// package fd cannot import it (street imports fd: a cycle), but this
// external test file is linked into the same test binary, against the same
// fd package: its blank import registers the module for every test here.
import _ "github.com/pitwall/pitwall/engine/fd/street"
