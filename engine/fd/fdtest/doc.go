// Package fdtest is the test harness of rules modules (engine/fd/street,
// and the others as they leave engine/fd): a game on a circuit started from
// cars placed by hand (a space and lane, a gear, wear, laps, flags) with
// scripted dice, a decision played by key (a gear, an option ending on a
// space, an option a test picks), the events a play emitted read back as
// record lines, and the board's invariants checked after a play.
//
// Every step names the exact rolls it needs: a step that asks for more,
// or leaves some unused, fails the test, so a test also pins which dice
// the rules roll (R-DIE).
//
// It is built on engine/fd's exported API only (with the read-only seam
// of engine/fd/testhost.go) and imports testify: it is for _test.go files
// and must never be imported by non-test code (.ci/check-imports.sh fails
// a package that does).
package fdtest
