package fd

import "slices"

// MovesIf lists the move options the car whose gear decision is pending
// would be offered had it engaged gear and rolled v, every other car
// standing where it stands: the same list Pending would give after that
// roll (R-MOV, R-BLK, R-OVS; FDR R6.11), without rolling any die. It is
// the look-ahead of the AI drivers (engine/ai); the game is left
// unchanged. It returns nil when no gear decision of the race is pending.
func (g *Game) MovesIf(gear, v int) []Option {
	t := g.turn
	if t == nil || t.stage != stageGear || g.pending == nil || g.pending.Kind != DecideGear {
		return nil
	}
	cp := *t
	car := *t.car
	car.Gear = gear
	cp.car = &car
	cp.path = slices.Clone(t.path)
	if t.fdr != nil {
		f := *t.fdr
		cp.fdr = &f
	}
	g.optionLists.lend() // the list below is the caller's
	cp.face, cp.stage = v, stageMove
	cp.distance = max(0, g.moveLength(&cp, v)+g.compulsoryDelta(&car, gear)) // WingRule, CompulsoryModifier
	if g.can().ConsolidatedPlay {
		return g.fdrMoveOptions(&cp)
	}
	return g.moveOptions(&cp)
}
