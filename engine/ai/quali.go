package ai

import (
	"github.com/pitwall/pitwall/engine/fd"
)

// A legend drives its own qualifying lap under fdr (R1): the lap is a
// solo session whose score is its rolls plus penalty rolls, the spaces
// overshot times the tyres' factor (R1.9); leaving a 2-stop corner without
// a stop (3-stop: fewer than 2) aborts it, the car last on the grid
// (R1.10). No points are used (R1.1: no braking, no cost for a skipped
// downshift, no tests), so the only stakes are the rolls. The autopilot,
// which drives every other level's lap, weighs a move alone; the legend
// weighs each gear by every face of its die against the exact moves of
// the session (the pro's way), a penalty roll at qualiRoll spaces.
//
// qualiRoll is what a roll is worth in spaces: a play in 4th, the mean of
// its die (9.5). qualiPast rewards the spaces past the line among moves
// that end the lap with the same penalty (fdr AMB-42's tie-break), never more
// than a roll.
const (
	qualiRoll = 9.5
	qualiPast = 0.01
)

// qualifyingOrder is a legend's order for its qualifying lap under fdr,
// or false when the autopilot should answer (the tyre declaration, or a
// decision the lap's game does not have).
func (d Driver) qualifyingOrder(g *fd.Game, car int) (fd.Order, bool) {
	if d.Level < Legend || g.Config.Rules != fd.FDR {
		return fd.Order{}, false
	}
	sub, ok := g.QualifyingLap(car)
	if !ok {
		return fd.Order{}, false
	}
	dec := sub.Pending()
	if dec == nil || dec.Car != 1 || len(dec.Options) == 0 {
		return fd.Order{}, false
	}
	p := newPlanner(sub, 1, d.Level)
	p.quali = true
	p.penaltyRolls = qualiFactor(sub)
	switch dec.Kind {
	case fd.DecideGear:
		if gear, ok := p.gear(dec); ok {
			return fd.Order{Car: car, Gear: gear}, true
		}
	case fd.DecideMove, fd.DecideSlipstream:
		return fd.Order{Car: car, Letter: p.move(dec)}, true
	}
	return fd.Order{}, false
}

// qualiFactor is T3's qualifying factor of the lap's tyres (R1.5): hard
// ×1, rain tyres ×1 on a wet track, soft and rain tyres on a dry one ×2
// (their lap-1 factors).
func qualiFactor(sub *fd.Game) int {
	c := &sub.Cars[0]
	switch {
	case c.Tyre == fd.Hard:
		return 1
	case c.Tyre == fd.RainTyre && sub.Weather().Rain():
		return 1
	}
	return 2
}
