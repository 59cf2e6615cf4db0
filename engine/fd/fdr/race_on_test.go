//go:build race

package fdr

// fdrRaceDetector: fdr's tests run under -race, where the engine is some
// ten times slower; the property tests then play fewer races. fdr's own
// copy of race_on_test.go's raceDetector, which moves with fdr's tests
// (issue 13).
const fdrRaceDetector = true
