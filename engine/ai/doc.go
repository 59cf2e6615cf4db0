// Package ai is the AI drivers of Formula Dé: three levels that fill a seat
// as an opponent (issue 20), apart from the autopilot (engine/fd), which
// stays the driver of an absent player.
//
//   - rookie drives like a beginner: the autopilot's choices, but now and
//     then a gear too high or the longest move, and no look-ahead.
//   - pro weighs every gear by every face of its die against the exact
//     move options the engine would offer (fd.Game.MovesIf), each move by
//     the spaces it gains, the wear it costs (scarce points weigh more, and
//     more so with many laps left), its black-die risk, and the next play
//     it leaves: the room before the next corner's stops and the downshift
//     it will need.
//   - legend looks one play further (the stops still owed after the next
//     play, and the downshift the play after will need), prices the black
//     die with fd.Game.EliminationRisk, and weighs the slipstreams by
//     where they leave the car.
//
// Decisions outside the race (configurations, tyres, drivers, qualifying
// sessions, the stop itself in the pits) are the autopilot's, as is the
// choice of entering the pit lane.
//
// A driver is deterministic: the same game, car, level and seed give the
// same order, and the seed is the only chance a rookie's mistakes draw on.
// Its orders go into the record like a player's, so a replay never needs
// it.
//
// ai imports engine/fd and tracks only; like all of engine it does no I/O,
// reads no clock and uses no global random generator.
package ai
