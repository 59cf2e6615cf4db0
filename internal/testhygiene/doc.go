// Package testhygiene checks the repository's own tests for the habits the
// project forbids and go vet does not see: a require assertion (or a
// t.Fatal, t.FailNow, t.Skip) called on a goroutine the test started,
// where it stops that goroutine instead of the test (testing's FailNow
// must run on the test's goroutine), and a benchmark written on b.N
// instead of b.Loop().
//
// It owns those checks only. It reads the Go files of the module with
// go/parser and imports no Pitwall package (.ci/check-imports.sh lets
// internal/ import anything; this one needs the standard library only).
package testhygiene
