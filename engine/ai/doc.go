// Package ai is the AI drivers of Formula Dé: three levels that fill a seat
// as an opponent (issue 20), apart from the autopilot (engine/fd), which
// stays the driver of an absent player.
//
//   - rookie drives like a beginner: the pro's look-ahead without planned
//     skips of gears, and in about one play in seven a gear off by one
//     (too greedy or too timid, the better-looking of the two), when that
//     does not look like a disaster.
//   - pro weighs every gear by every face of its die against the exact
//     move options the engine would offer (fd.Game.MovesIf), each move by
//     the spaces it gains, the wear it costs (scarce points weigh more, and
//     more so with many laps left), its black-die risk, and the next play
//     it leaves: the room before the next corner's stops and the downshift
//     it will need.
//   - legend looks a second play ahead exactly (solo.go): for each move
//     within a few spaces of the best by the pro's estimate, it sets the
//     car alone in a game of its own where the move leaves it and weighs
//     its next gear the pro's way (under every ruleset); it also counts the downshift the play
//     after next will need while stops are still owed, prices the black die with
//     fd.Game.EliminationRisk (under fdr an oval's wall tests too), values ending behind a car it may
//     slipstream, and spends its points as the race runs out (its tyres
//     excepted: a tyre point spent early is a pit stop later, so it prices
//     them at half a pro's price and pays tyres to run through a 1-stop
//     corner where a pro brakes; on its last lap under fd2008, no stop
//     left, at a pro's price times the share of the lap's stops still owed
//     to the flag, kept for the corners ahead). A Memo keeps its look-ahead's
//     values through a game (the same orders, sooner).
//
// Decisions outside the race (configurations, tyres, drivers, qualifying
// sessions, the stop itself in the pits) are the autopilot's. Entering the
// pit lane is the level's: a rookie pits with its tyres half gone, a pro
// and a legend with a third left; every level stops for tyres of the wrong
// type for the weather where the stop may change them.
//
// A driver is deterministic: the same game, car, level and seed give the
// same order, and the seed is the only chance a rookie's mistakes draw on.
// Its orders go into the record like a player's, so a replay never needs
// it.
//
// Bench races the levels against each other and the autopilot (pitwall
// ai-bench).
//
// ai imports engine/fd, engine/dice and tracks only; like all of engine it does no I/O,
// reads no clock and uses no global random generator.
package ai
