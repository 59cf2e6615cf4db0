// Package decks holds Racing Simulator's card decks as data: the speed
// card sets and the "Pitwall house decks", Pitwall's own compositions for
// the decks whose printed faces the rules text lacks (racing-simulator.md
// AMB-30). Each house deck is one file (risk.go, …) whose text, in the
// rs-deck format documented in docs/rs-decks.md, respects every count and
// constraint the digest gives; a league may load its own transcribed deck
// in the same format instead (Parse).
//
// decks is pure data and parsing: it does no I/O and imports nothing of
// Pitwall's (it sits under engine/rs, which imports it).
package decks
