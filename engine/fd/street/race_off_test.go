//go:build !race

package street

const raceDetector = false
