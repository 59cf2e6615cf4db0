//go:build race

package street

// raceDetector: the tests run under -race, where the engine is some ten
// times slower; the property tests then play fewer races.
const raceDetector = true
