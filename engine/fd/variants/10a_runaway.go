package variants

import (
	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
)

// 10-A's runaway car (league-variants.md ch. 10, the rail table's 16–20,
// league AMB-28): the car is out of the race, but it goes on spinning in
// the three lanes × hazard_len spaces past the bend it left (railsHazard) until the end of
// the game turn it ran away in — "until it stops". Every other car whose
// move enters that area in the meantime takes a collision test there, the
// competition rules' normal one (R14.3, T6: 1 dry, 1–2 wet, a CollisionRule
// and 3-A's Deluge on top). Hit, it loses a tyre point, then rolls the spin
// die: 10 or less and it loses a body point and another tyre point and is
// spun (R10.10: turned round at the turn's end, restarting in 1st at most
// with the restart roll, where 10-A's stall eliminates). When the turn
// ends the runaway stops, and markers go under it and all around it.

// The runaway cars themselves are the base's (runaways.go); this is what
// 10-A's module does with them.

// PlayEnded: the car whose move entered a runaway car's area takes its
// tests there, one set a runaway car, in the order they ran away.
func (severeSpinRails) PlayEnded(t fd.Turn, src dice.Source) error { return t.MeetRunaways(src) }

// RoundEnded: the runaway cars stop; markers go under each and all around
// it (the 3 × 3 spaces round the centre of its area).
func (m severeSpinRails) RoundEnded(g *fd.Game) { g.StopRunaways(m.hazardLen) }

// RunawayAreaLength: a runaway car's area is hazard_len spaces past the
// exit (league AMB-28), three lanes wide.
func (m severeSpinRails) RunawayAreaLength() int { return m.hazardLen }
