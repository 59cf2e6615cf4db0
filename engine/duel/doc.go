// Package duel is the two-car duel on a straight that the annexes' side
// events play (league-variants.md AX-1 Dragster and AX-4 "Fureur de
// vivre"): one game is one AX-1 run or one AX-4 duel. Both pilots order
// at once each tick; an order is sealed (its event addressed to its own
// seat) until every awaited order is in, then the tick resolves for both
// cars (league AMB-54, AMB-57). Dice come through engine.Random and every
// roll is an event of the record, so a game replays from its orders and
// rolls without rolling and verifies against its seed (Replay).
//
// It owns the duel's rules, its record lines and its sentences in English
// and French; the match, the bracket and the Glory/Shame ledger are the
// league's (engine/league, bot). It imports only engine and engine/dice:
// never bot, persistence, render, nor anything doing I/O or reading the
// clock.
package duel
