// Package ai is the AI drivers of Racing Simulator (issue 20): the levels
// of engine/ai (rookie, pro, legend) for the second game, apart from the
// autopilot ((*rs.Game).Autopilot), which stays the driver of an absent
// player.
//
// Every level weighs each legal option key of the contract the same way:
// it guesses the others' speeds many times (common guesses for every
// option), runs the turn's comparisons on each guess with rs.Game.Foresee
// (R-CMP, R-OVT: the zone's threshold plus the gap), and values the place
// and the gap it ends with, less the card's price (a high card spent now
// is missing later: every card of a hand is played once, R-ORD-05), the
// risk card's price (the chance of a risk incident times what the house
// risk deck's cards cost, R-RSK) and, in the standard game, the tyre cards
// Tapez spends and Economise saves (R-ADJ-01).
//
//   - rookie guesses a few times, spends its best cards early, prices risk
//     at half its cost and, about one turn in six, plays its highest card
//     without thinking; it stops for tyres only once they are worn.
//   - pro guesses often, spends its cards as the race runs out, and stops
//     when the top tyre card is worn or the tyres lose 3 or more to the
//     weather (T-09), fitting the tyres best for the humidity.
//   - legend guesses more, models the others' risk, and plans the pit
//     window over the rest of the race: it stops before its tyres are gone
//     (when running on to the flag would lose more squares than a stop),
//     stops under the safety car when it will need a stop anyway (the
//     stop costs less there, R-SC-03), and plays a low card on the turn it
//     stops (the stop drops it back whatever it passes).
//
// What a level reads is what its seat may know: the public file, gaps,
// tyres and damage, the cards every seat has played (revealed), its own
// hand (View) and the composition of the risk deck — never another seat's
// hand or sealed order, nor a deck's order. The only chance it draws on is
// a seed derived from the game's seed, so the same game gives the same
// order; its orders go into the record like a player's, so a replay never
// needs it. Qualifying and the start are the autopilot's.
//
// Bench races the levels against each other and the autopilot (pitwall
// ai-bench --game rs).
//
// ai imports engine/rs, engine/ai (the levels), engine/dice and tracks
// only; like all of engine it does no I/O, reads no clock and uses no
// global random generator.
package ai
