// Command fdrmove rehearses the move of the competition rules (ruleset
// "fdr", engine/fd's fdr_*.go files) into a package of their own,
// engine/fd/fdr (issue 13, docs/engine.md's fdr item, the fdr-move round).
//
// Given a checkout (-src) and an empty scratch directory (-dst), it copies
// the checkout into the scratch directory and rewrites the copy only:
// the non-test fdr_*.go files of engine/fd become engine/fd/fdr's, as
// package fdr; every identifier in them that resolves (go/types) to a
// package-level object of engine/fd declared outside those files is
// prefixed with "fd."; the engine/fd import is added. The copy's
// engine/fd test files are dropped unless -keep-tests is given: they still
// name fdr's names (docs/engine.md lists which), and this round rehearses
// the non-test code. Then, in the scratch directory,
//
//	go build ./engine/fd ./engine/fd/fdr && go vet ./engine/fd ./engine/fd/fdr
//
// says what stops the move. It never writes outside -dst, so it cannot
// land the move by accident.
//
// It is a program, not a library: nothing imports it.
package main
