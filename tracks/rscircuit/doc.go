// Package rscircuit owns Racing Simulator's circuits: the model (a loop of
// squares in single file, each in an overtaking-difficulty zone 1, 3, 5 or
// 7 or in a braking zone), the text format a person writes and reviews in
// a diff (docs/rs-circuits.md), validation that lists every problem at
// once, and the circuits embedded in the binary.
//
// Rule references: racing-simulator.md §2.5 (what a track needs), R-OVT-01
// (the zones), T-27 / Ann. C (the circuit constants: type, stop and
// drive-through durations, grid, weather modifier) and AMB-29 (the boxed
// boards are not in the text, so Pitwall ships original circuits).
//
// rscircuit imports none of Pitwall's other packages (it sits beside
// tracks, under the same rule: the engine stands on it, never the other
// way). It does no I/O beyond reading its own embedded files; callers hand
// it bytes.
package rscircuit
