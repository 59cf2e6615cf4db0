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
//   - rookie guesses a few times, spends its best cards without a
//     thought for later, prices risk at a third of its cost and, about one
//     turn in four, plays its highest card without thinking; it stops for
//     tyres only once they are worn, as the autopilot does.
//   - pro guesses often, spends its cards as the race runs out, and stops
//     when the top tyre card is worn or the tyres lose 3 or more to the
//     weather (T-09), fitting the tyres best for the humidity. In the
//     family game, where only the order at the flag scores and a slow
//     card lasts to the flag (R-FAM-10, R-FAM-12), it prices its high
//     cards twice as dear and the risk card at 2.5 times its cost.
//   - legend looks a turn ahead: for each guess it moves the file on by a
//     guessed roll (the zones change under the cars, R-POS-08), guesses
//     the others' next speeds again and plays its best next card from the
//     hand this one leaves, valuing where that turn leaves it (so it keeps
//     a high card for the easier portion just ahead). It models the
//     others' risk, and plans the pit window over the rest of the race:
//     it stops before its tyres are gone (the turn before the next card is
//     worn, unless running on to the flag loses fewer squares than a
//     stop), stops under the safety car when it will need a stop anyway
//     (the stop costs less there, R-SC-03), and plays a low card on the
//     turn it stops (the stop drops it back whatever it passes).
//
// A pro and a legend guess another seat's card from its habit, read from
// its public reveals (issue 20, round 23): where its card sat among the
// cards it had not played yet, on average, and how often it took risk;
// the more reveals, the more guesses follow the habit (the others drawn
// from its unplayed cards alike). The family pro plays its lowest cards
// first and the autopilot its lower median card without risk, which
// guesses drawn alike misjudged. A rookie guesses alike.
//
// Each guess holds only the cars within three places of the driver's:
// one turn's comparisons change its place only through them (R-CMP-05).
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
// ai-bench --game rs), the seats rotated forwards and backwards in turn
// so that each of two entrants starts ahead of the other as often.
//
// ai imports engine/rs, engine/ai (the levels), engine/dice and tracks
// only; like all of engine it does no I/O, reads no clock and uses no
// global random generator.
package ai
