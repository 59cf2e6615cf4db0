//go:build !race

package fdr

const fdrRaceDetector = false
