package fd

import (
	"fmt"
	"strconv"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// downshiftCost is T-05: the wear for dropping from gear `from` to `to`.
// ok is false for a drop of five gears (R-GEAR-08).
func downshiftCost(from, to int) (w Wear, ok bool) {
	switch from - to {
	case 2:
		w[Gearbox] = 1
	case 3:
		w[Gearbox], w[Brakes] = 1, 1
	case 4:
		w[Gearbox], w[Brakes], w[Engine] = 1, 1, 1
	case 5:
		return w, false
	}
	return w, true
}

// inPitLane reports whether the car stands in the pit lane or its box,
// where downshifting and braking cost nothing (R-PIT-08).
func (g *Game) inPitLane(c *Car) bool {
	return g.pitSpace(c.Space)
}

// pitSpace reports whether s is a space of the pit lane or a box.
func (g *Game) pitSpace(s tracks.SpaceID) bool {
	if s == tracks.NoSpace {
		return false
	}
	k := g.Track.Spaces[s].Kind
	return k == tracks.KindPit || k == tracks.KindBox
}

// gearOptions lists the legal gears with their downshift penalties
// (R-GEAR-05..09, R-DWN, R-PIT-06, R-PIT-08).
func (g *Game) gearOptions(c *Car) []Option {
	lo, hi := max(1, c.Gear-4), min(6, c.Gear+1)
	free := g.inPitLane(c) || g.qualifying // R-PIT-08; O-QUA-03: skips are free
	if c.SlowStop {
		// R-PIT-06, O-PIT-02: leave in 4th or lower, no penalty
		lo, hi, free = 1, 4, true
	}
	if c.Wear[Gearbox] == 0 && !free {
		lo = max(1, c.Gear-1) // R-DWN-03
	}
	// the list is built in place in the decision's option memory: built
	// aside and copied out, six zeroed options and each option's copies
	// were a gear decision's main cost (issue 14)
	opts := g.optionLists.space(hi - lo + 1)
	for gear := hi; gear >= lo; gear-- {
		if g.qualifying && c.Gear-gear >= 5 {
			continue // O-QUA-03: 6→1 stays forbidden
		}
		var cost Wear
		skip := !free && gear < c.Gear-1
		if skip {
			var ok bool
			if cost, ok = downshiftCost(c.Gear, gear); !ok {
				continue
			}
			if cost[Brakes] > c.Wear[Brakes] {
				continue // R-DWN-04: a skip needing brakes is illegal without them
			}
		}
		opts = opts[:len(opts)+1]
		op := &opts[len(opts)-1]
		*op = Option{} // the memory may hold an earlier decision's list
		op.Gear, op.Letter = gear, strconv.Itoa(gear)
		if skip {
			op.Cost = cost
			if cost[Engine] >= c.Wear[Engine] {
				op.Eliminated = true
				op.Cause = "the downshift takes the last engine point"
				op.Why = because("why.downshift-last-engine", "")
			}
		}
	}
	if len(opts) == 0 {
		return nil // as before: no legal gear is no list
	}
	return opts[:len(opts):len(opts)] // capped at its length: appending never writes over the next list
}

// engageGear pays the downshift, rolls the gear die and moves on to the
// move decision.
func (g *Game) engageGear(op Option, src dice.Source) error {
	t := g.turn
	c := t.car
	from := c.Gear
	c.Gear = op.Gear
	c.SlowStop, c.Technical = false, false
	g.emit(GearEvent{Car: c.Number, From: from, To: op.Gear}.lineIn(g.lines()))
	if m := g.turnRules; m != nil && !m.GearEngaged(g, c, op, from) { // fdr R13: an over-rev the car cannot pay
		g.endTurn()
		return nil
	}
	cause := "" // written only for a downshift that costs
	if op.Cost != (Wear{}) {
		cause = "downshift " + strconv.Itoa(from) + "→" + strconv.Itoa(op.Gear) + " (R-DWN-01)"
	}
	for cat := Category(0); cat < NumCategories && !g.can().OverRevGearbox; cat++ {
		if cat == Engine && op.Cost[cat] > 0 && op.Cost[cat] < c.Wear[cat] {
			// R-DWN-05: the debris goes on the space where this turn's
			// move ends (finishMove); losing the last point eliminates
			// the car here and leaves it where the car stands (§2.19 step 2)
			c.Wear[cat] -= op.Cost[cat]
			g.emit(WearEvent{Car: c.Number, WearPoints: onePoint(cat.String(), -op.Cost[cat]), Cause: cause}.line())
			t.downshiftDebris = true
			continue
		}
		if op.Cost[cat] > 0 && !g.lose(c, cat, op.Cost[cat], cause) {
			g.endTurn()
			return nil
		}
	}
	if out, err := g.beforeMoveRoll(t, src); err != nil || out {
		if out {
			g.endTurn()
		}
		return err
	}
	if d := g.declaration(declaredMark(op.Letter)); d != nil {
		t.declared = d
		d.Declare(Turn{g, t}) // Declaration, before the roll (§0.4)
		if _, ok := d.(ChosenMove); ok {
			die, err := g.gearDie(op.Gear)
			if err != nil {
				return err
			}
			// 6-B, AMB-20: no die, so nothing a die calls (engine or
			// weather tests)
			t.chosen, t.distance, t.span = true, die.Min(), die.Max()-die.Min()
			t.stage = stageMove
			return nil
		}
	}
	v, top, extraTests, err := g.rollMove(t, op.Gear, src)
	if err != nil {
		return err
	}
	g.settleRoll(t, op.Gear, v)
	g.extraGearTests(t, extraTests)
	if g.qualifying {
		g.qRolls++ // O-QUA-04: the score counts gear-die rolls
	}
	t.engine = top
	if m := g.turnRules; m != nil {
		m.GearRolled(Turn{g, t}, top) // fdr R3.5, R16.1, R19.3
	}
	t.stage = stageMove
	return nil
}

// settleRoll makes face v of the gear's die the play's move: first the
// compulsory changes (§0.4 step 3: the wing's, WingRule, then the
// CompulsoryModifiers', then a DeclaredRoll's), then the spaces a
// RollBonus offers (step 4). A MoveReroll settles its new face the same
// way: the modifiers read the face that stands.
func (g *Game) settleRoll(t *turn, gear, v int) {
	c := t.car
	t.face = v
	t.distance = g.moveLength(t, v)              // WingRule
	if d := g.compulsoryDelta(c, gear); d != 0 { // CompulsoryModifier
		before := t.distance
		t.distance = max(0, before+d)
		g.emit(Encode(CompulsoryEvent{Car: c.Number, Gear: gear, Delta: t.distance - before}))
	}
	p := inPlayModule(t) // the play's state keeps the declared tests (fdr R6.11)
	if dr, ok := t.declared.(DeclaredRoll); ok && p != nil {
		bonus, tests, replaced := dr.AfterRoll(Turn{g, t}, gear) // §0.4 step 3
		t.distance += bonus
		p.PlayKeepDeclaredTests(tests, replaced) // a new roll keeps the first face's (5-E2)
	}
	if p != nil && !p.PlayInertia() {
		t.span = g.rollBonus(t, gear) // RollBonus, §0.4 step 4: any of them
	}
}

// rollMove rolls the move of a gear and reports whether its face calls
// the engine tests, and the engine tests the car takes after its move for
// a gear above the sixth (ExtraGear, 6-D).
func (g *Game) rollMove(t *turn, gear int, src dice.Source) (v int, top bool, extraTests int, err error) {
	if x := g.hooks.extraGear; x != nil && gear > dice.NumGears {
		// ExtraGear: the box's own gears rolled for it
		v, extraTests, top, err = x.RollExtra(Turn{g, t}, gear, func(gear int) (int, bool, error) {
			return g.rollGearDie(t, src, gear)
		})
	} else {
		v, top, err = g.rollGearDie(t, src, gear)
	}
	if err != nil {
		return 0, false, 0, err
	}
	if p := playModule(t); p != nil && p.PlayPitLaneStart() && g.rulesSuspended(t.start) {
		top = false // SpaceRule: no engine-failure rule here
	}
	return v, top, extraTests, nil
}

// extraGearTests adds the engine tests an ExtraGear's roll calls to the
// car's own after its move (6-D): its tests are its own, the others' on
// top.
func (g *Game) extraGearTests(t *turn, n int) {
	if n == 0 {
		return
	}
	if p := inPlayModule(t); p != nil { // the play's state holds the tests (fdr R6.11)
		p.PlayAddEngineTests(g.carEngineLimit(t.car), n) // the car's usual limit: 16-D's stage (6-D spec)
	}
}

// rollGearDie rolls the move of one of the box's gears: its die, or a
// GearRoller's roll, and whether it is the top face that calls the engine
// tests (R-ENG-01).
func (g *Game) rollGearDie(t *turn, src dice.Source, gear int) (v int, top bool, err error) {
	if roller := g.hooks.gears; roller != nil {
		return roller.RollGear(Turn{g, t}, src, gear) // GearRoller
	}
	die, err := g.Config.Dice.Gear(gear)
	if err != nil {
		return 0, false, err
	}
	v, err = g.roll(src, t.car.Number, "gear", die)
	// R-ENG-01: the raw top face of the 5th or 6th die
	// (AMB-19: from the pit lane too; the roller is exempt if it stops there)
	return v, (gear == 5 || gear == 6) && v == die.Max(), err
}

// refusal names the rule an illegal order breaks, when one rule explains
// it (a gear under the complete rules and street races), or "".
func (g *Game) refusal(d *Decision, o Order) string {
	if d.Kind != DecideGear || o.Letter != "" {
		return ""
	}
	if why, handled := g.rules().Refusal(g, d, o); handled {
		return why // fdr R13
	}
	c := g.car(d.Car)
	to := o.Gear
	free := g.inPitLane(c) || g.qualifying
	switch {
	case to < 1 || to > 6:
		return fmt.Sprintf("there is no gear %d: a car has 6 (R-GEAR-01)", to)
	case c.SlowStop && to > 4:
		return fmt.Sprintf("gear %d: a car leaving its box after a slow or technical stop leaves in 4th or lower (R-PIT-06, O-PIT-02)", to)
	case to > c.Gear+1:
		return fmt.Sprintf("gear %d from %d: no gear may be skipped going up (R-GEAR-05)", to, c.Gear)
	case c.Gear-to >= 5:
		return fmt.Sprintf("gear %d from %d: a downshift of 5 gears is forbidden (R-GEAR-08)", to, c.Gear)
	case c.Wear[Gearbox] == 0 && !free && to < c.Gear-1:
		return fmt.Sprintf("gear %d from %d: with no gearbox point left a car downshifts one gear at a time (R-DWN-03)", to, c.Gear)
	case !free && to < c.Gear-1:
		if cost, ok := downshiftCost(c.Gear, to); ok && cost[Brakes] > c.Wear[Brakes] {
			return fmt.Sprintf("gear %d from %d: the downshift needs %d brake points and the car has %d (R-DWN-04, AMB-05)", to, c.Gear, cost[Brakes], c.Wear[Brakes])
		}
	}
	return ""
}
