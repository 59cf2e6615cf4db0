//go:build !race

package fd

const fdrRaceDetector = false
