// Package dice owns Pitwall's dice: the face tables as data, the seeded
// HMAC source whose rolls can be committed to and verified, and the
// scripted source used by tests and by records that carry their own dice.
//
// design.md §2 ("Dice people can trust"): each game draws a random 32-byte
// seed, publishes SHA-256(seed) when it starts (Commitment) and reveals the
// seed when it ends, so anyone can recompute every roll (VerifyRoll). A roll
// is a pure function of (seed, Key, die), so a retry or a crash never
// re-rolls.
//
// Shuffles (shuffle.go): a card deck is ordered by a keyed Fisher–Yates
// shuffle drawn from the same seed (Seeded.Shuffle), so every shuffle is,
// like a roll, a pure function of (seed, key) that anyone can check once
// the seed is revealed (VerifyShuffle); ScriptedShuffles stacks decks for
// tests. Racing Simulator's decks use it (racing-simulator.md §2.3).
//
// Faces (formula-d-2008.md T-01b, R-GEAR-02, R-GEAR-03, AMB-01): the gear
// dice are not uniform ranges, so a die is a list of faces and a roll picks
// a face index uniformly; the value is the face at that index. DefaultSet
// holds the standard dice; a game record header may carry another set in the
// text form documented on ParseSet.
//
// The package is pure: it does no I/O, reads no clock, has no package-level
// mutable state and no global random generator. It must not import os, net,
// time, log, math/rand, database/... or embed, nor any other Pitwall
// package (.ci/check-imports.sh).
package dice
