// Package tracks owns the circuits: the track model (a directed graph of
// spaces with lanes, levels, corners, pit lane, grid and weather table), the
// authoring format a person writes and reviews in a diff, the builder that
// turns that format into graph and geometry, validation, and the circuits
// embedded in the binary.
//
// Rule references: formula-d-2008.md §6 ("Board / track data an engine
// needs") and fd-competition-rules.md §2 ("Track data").
//
// tracks imports none of Pitwall's other packages: the engine, the renderer
// and the bot all stand on it. It does no I/O beyond reading its own embedded
// files; callers hand it bytes.
package tracks
