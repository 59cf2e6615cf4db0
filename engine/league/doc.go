// Package league is the pure arithmetic of a league season
// (league-variants.md §3): the classification of a race by distance
// (21-A), the points scales (AMB-59, 24-A), the drivers' and constructors'
// championships (LF-10, LF-11), the qualifying and media rankings (24-A,
// 24-B), the Coupe "Pas de Bol" (24-D), the black-flag vote (7-A) and
// the side events' rankings: the qualifying contest and the marathon
// (AX-2, AX-3, LF-52), the Dragster bracket (AX-1, LF-50, dragster.go),
// the Fureur de vivre ledger (AX-4, LF-53, rebel.go), and the FD Blitz's
// heats, matches and knock-out bracket with its circuit pools (AX-5,
// LF-51, blitz.go).
//
// It also books the season build pot (5-E, pot.go) and plays the season
// transitions of 25-A (market.go): bankruptcy, engine suppliers, the
// driver market, whose dice come through engine/dice like a race's.
// It rolls 20-A's injuries of a pilot after an accident (injury.go), and
// checks and splits a team's build of 4-B(b) and 19-F (teambuild.go),
// and counts 5-D's configuration violations with their DSQ and suspension
// (violation.go).
//
// It is given what happened (who finished where, how far the others went,
// who drove for which team at that event) and computes standings; it does
// no I/O and reads no clock; the market's rolls come from a dice.Source
// and are kept in its outcome. Storage, calendars and notifications live
// in bot.
//
// league imports only engine/dice of Pitwall's packages (engine may
// import engine/... and tracks).
package league
