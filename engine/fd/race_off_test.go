//go:build !race

package fd

const raceDetector = false
