// Package league is the pure arithmetic of a league season
// (league-variants.md §3): the classification of a race by distance
// (21-A), the points scales (AMB-59, 24-A), the drivers' and constructors'
// championships (LF-10, LF-11), the qualifying and media rankings (24-A,
// 24-B), the Coupe "Pas de Bol" (24-D) and the black-flag vote (7-A).
//
// It is given what happened (who finished where, how far the others went,
// who drove for which team at that event) and computes standings; it does
// no I/O, reads no clock and rolls no dice. Storage, calendars and
// notifications live in bot.
//
// league imports none of Pitwall's packages (engine may import only
// tracks, and this package needs nothing of it).
package league
