package fdr

import (
	"fmt"
	"slices"
	"sort"
	"strconv"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// The play pipeline of the competition rules (R6.11): the decisions of a
// play, then its consequences in the engine's consolidated order — brakes,
// overshoots, handling and wall tests, blocking, the pit, collisions, the
// deferred wall test, engine tests — and the end of the round.

// fdrDecisionFor builds the decision of the current stage of the play,
// or runs an automatic stage and returns nil.
func fdrDecisionFor(g *fd.Game, play fd.Turn, src dice.Source) (*fd.Decision, error) {
	c := play.Car()
	switch {
	case play.AtGear():
		if playStateOf(play).flying {
			return &fd.Decision{Car: c.Number, Kind: fd.DecideGear, Options: g.QualifyingStartRule().StartGears(play)}, nil // QualifyingStart
		}
		return g.KeptDecision(fd.Decision{Car: c.Number, Kind: fd.DecideGear, Options: play.DeclarationOptions(fdrGearOptions(g, c))}), nil
	case play.AtMove():
		opts := fdrMoveOptions(g, play)
		if len(opts) == 0 {
			return nil, fmt.Errorf("car %d on %s: no legal move (a bug)", c.Number, g.Track.Spaces[c.Space].Name)
		}
		if play.Reroll() != nil && len(play.Path()) == 0 {
			opts = append(opts, fd.Option{Reroll: true, End: c.Space, Letter: fd.OptionLetter(len(opts))}) // MoveReroll
		}
		return g.KeptDecision(fd.Decision{Car: c.Number, Kind: fd.DecideMove, Options: opts, Rolled: play.Rolled(), Distance: play.Distance()}), nil
	case play.AtSlipstream():
		opts := fdrSlipOptions(g, play)
		if len(opts) == 0 {
			return nil, fdrEndMove(g, src)
		}
		opts = append(opts, fd.Option{Stop: true, End: c.Space, Letter: fd.OptionLetter(len(opts))})
		return &fd.Decision{Car: c.Number, Kind: fd.DecideSlipstream, Options: opts}, nil
	case play.AtPit():
		return &fd.Decision{Car: c.Number, Kind: fd.DecidePit, Options: fdrPitOptions(g, c)}, nil
	}
	return nil, fmt.Errorf("turn stage %d", play.Stage())
}

// fdrPlans is the consolidated play's plans of the play's die (R6.11).
func fdrPlans(play fd.Turn) []fd.Option { return fdrMoveOptions(play.Game(), play) }

// fdrApply plays a chosen option.
func fdrApply(g *fd.Game, op fd.Option, kind fd.DecisionKind, src dice.Source) error {
	switch kind {
	case fd.DecideGear:
		return g.EngageGear(op, src)
	case fd.DecideMove:
		if op.Reroll {
			return rerollMove(g, src)
		}
		return fdrSegment(g, op, src, false)
	case fd.DecideSlipstream:
		if op.Stop {
			return fdrEndMove(g, src)
		}
		return fdrSegment(g, op, src, true)
	case fd.DecidePit:
		return fdrPitStop(g, op, src)
	}
	return fmt.Errorf("unknown decision %q", kind)
}

// fdrGearOptions lists the legal gears (R6.2, R13, T2) with their
// over-rev costs, under the pit-lane obligations (R19.7, R19.8, AMB-36,
// AMB-37) and extended inertia (R16.7).
func fdrGearOptions(g *fd.Game, c *fd.Car) []fd.Option {
	// appendOver appends the shift from from to to when it is legal,
	// filled where it lies in the list (issue 14: an option is a few
	// hundred bytes, and each was built aside and copied in)
	appendOver := func(opts []fd.Option, from, to int) []fd.Option {
		opts = append(opts, fd.Option{})
		op := &opts[len(opts)-1]
		op.Gear, op.Letter = to, strconv.Itoa(to)
		if to >= from-1 {
			return opts
		}
		cost, ok := fd.DownshiftCost(from, to) // T2 skips = T-05 drops − 1
		if !ok || c.Wear[fd.Gearbox] == 0 || cost[fd.Brakes] > c.Wear[fd.Brakes] {
			return opts[:len(opts)-1] // R13.2, R13.3, R13.8
		}
		op.Cost = cost
		if cost[fd.Engine] >= c.Wear[fd.Engine] {
			op.Eliminated, op.Cause = true, "the over-rev takes the last engine point: the engine blows (R13.5)"
			op.Why = fd.Because("why.over-rev-last-engine", "")
		}
		return opts
	}
	var opts []fd.Option
	if inertiaState(c) == InertiaExtendedMove {
		// R16.7, AMB-26: one gear down each play, Gas may skip gears
		for gear := c.Gear - 1; gear >= max(1, c.Gear-4); gear-- {
			opts = appendOver(opts, c.Gear, gear)
		}
		if len(opts) == 0 {
			opts = append(opts, fd.Option{Gear: max(1, c.Gear-1), Letter: strconv.Itoa(max(1, c.Gear-1))})
		}
		return opts
	}
	lo, hi := max(1, c.Gear-4), min(g.TopGear(), c.Gear+1)
	if !g.Qualifying() {
		hi = g.TyreGearLimit(c, lo, hi) // league 3-A, 8-C: the weather's allowed gears
	}
	free := g.Qualifying() // R1.1, R13.7: no points in qualifying
	if c.SlowStop {
		lo, hi, free = 2, 4, true // R19.15, R19.17, AMB-36: 2nd to 4th, no cost
	}
	kind := g.Track.Spaces[c.Space].Kind
	if g.RulesSuspended(c.Space) {
		free = true // SpaceRule: over-rev suspended here
	}
	if kind != tracks.KindTrack && !c.Pitting {
		lo = max(lo, 2) // R19.8: no 1st from the pit stop to the pit-lane exit
	}
	if hi >= lo {
		opts = g.OptionSpace(hi - lo + 1)
	}
	for gear := hi; gear >= lo; gear-- {
		if free {
			opts = append(opts, fd.Option{Gear: gear, Letter: strconv.Itoa(gear)})
			continue
		}
		opts = appendOver(opts, c.Gear, gear)
	}
	if len(opts) == 0 {
		opts = nil // as before: no legal gear is no list
	}
	if kind != tracks.KindTrack {
		opts = g.PitLaneGears(opts) // PitLaneRule
	}
	if c.Pitting && kind == tracks.KindPit {
		// R19.7, AMB-37: a gear whose top face reaches the pit, or else
		// the highest gear the last play allows
		dist := distanceToBox(g, c)
		var reach []fd.Option
		for _, op := range opts {
			if die, err := g.GearDie(op.Gear); err == nil && die.Max() >= dist {
				reach = append(reach, op)
			}
		}
		if len(reach) == 0 && len(opts) > 0 {
			reach = opts[:1]
		}
		opts = reach
	}
	return opts
}

// fdrRefusal says which rule a gear that is not offered breaks (R6.2, R13,
// R16.7, R19.7, R19.8, R19.15), or "" when no rule below tells.
func fdrRefusal(g *fd.Game, d *fd.Decision, o fd.Order) string {
	c := g.Car(d.Car)
	to := o.Gear
	kind := g.Track.Spaces[c.Space].Kind
	free := g.Qualifying() || c.SlowStop
	switch {
	case to < 1 || to > g.TopGear():
		return fmt.Sprintf("there is no gear %d: a car has %d (R6.1)", to, g.TopGear())
	case inertiaState(c) == InertiaExtendedMove && to >= c.Gear:
		return fmt.Sprintf("gear %d from %d: in extended inertia a car shifts down each play (R16.7)", to, c.Gear)
	case c.SlowStop && (to < 2 || to > 4):
		return fmt.Sprintf("gear %d: a car leaving its pit after a stop takes 2nd, 3rd or 4th (R19.15, AMB-36)", to)
	case to > c.Gear+1:
		return fmt.Sprintf("gear %d from %d: no gear may be skipped going up (R6.2)", to, c.Gear)
	case c.Gear-to >= 5:
		return fmt.Sprintf("gear %d from %d: skipping 4 gears is forbidden (R6.2, R13.3)", to, c.Gear)
	case to == 1 && kind != tracks.KindTrack && !c.Pitting:
		return "1st gear: from the pit stop to the pit-lane exit 1st is forbidden (R19.8)"
	case !free && to < c.Gear-1 && c.Wear[fd.Gearbox] == 0:
		return fmt.Sprintf("gear %d from %d: with no gas point left a car downshifts one gear at a time (R13.2, AMB-05)", to, c.Gear)
	case !free && to < c.Gear-1:
		if cost, ok := fd.DownshiftCost(c.Gear, to); ok && cost[fd.Brakes] > c.Wear[fd.Brakes] {
			return fmt.Sprintf("gear %d from %d: the downshift needs %d brake points and the car has %d (R13.8, AMB-05)", to, c.Gear, cost[fd.Brakes], c.Wear[fd.Brakes])
		}
	}
	if kind != tracks.KindTrack && !g.PitLaneGear(to) {
		return fmt.Sprintf("gear %d: the league's speed limit in the pit lane forbids it (19-A)", to)
	}
	if c.Pitting && kind == tracks.KindPit {
		return fmt.Sprintf("gear %d: in the pit lane a car takes a gear whose top face reaches its pit, else the highest it may (R19.7, AMB-37)", to)
	}
	return ""
}

// distanceToBox counts the spaces from a pit-lane car to its pit.
func distanceToBox(g *fd.Game, c *fd.Car) int {
	box := g.OwnBox(c)
	dist := map[tracks.SpaceID]int{c.Space: 0}
	queue := []tracks.SpaceID{c.Space}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		if s == box {
			return dist[s]
		}
		for _, n := range g.Track.Spaces[s].Next {
			k := g.Track.Spaces[n].Kind
			if _, seen := dist[n]; seen || (k == tracks.KindBox && n != box) || k == tracks.KindTrack {
				continue
			}
			dist[n] = dist[s] + 1
			queue = append(queue, n)
		}
	}
	return 99
}

// fdrOverRev pays T2 before the roll (R6.3, R13.1): an engine point lost
// makes the starting space dangerous (R13.4); the last one blows the engine
// in 1st or 2nd gear, without inertia (R13.5).
func fdrOverRev(g *fd.Game, c *fd.Car, op fd.Option, from int) bool {
	for _, cat := range []fd.Category{fd.Gearbox, fd.Brakes, fd.Engine} {
		n := op.Cost[cat]
		if n == 0 {
			continue
		}
		at := tracks.NoSpace
		if cat == fd.Engine {
			at = c.Space
		}
		if !fdrLose(g, c, cat, n, fmt.Sprintf("over-rev %d→%d (T2, R13.1)", from, op.Gear), at, "") {
			return false
		}
	}
	return true
}

// fdrGearRolled is R16.1 and R3.5: 20 in 5th or 30 in 6th calls the engine
// tests after the play, and a weather test at the end of the round while
// the weather is changeable — also from the pit lane (R19.3).
func fdrGearRolled(g *fd.Game, play fd.Turn, top bool) {
	play.SetEngineTested(top)
	if top && !g.Qualifying() && g.Weather().Changeable() {
		fdrRaceState(g).wxPending++
	}
}

// rerollMove is a MoveReroll's new roll of the play's die: the new result
// stands, and calls the engine and weather tests of its own face as any
// gear-die result does (R16.1, R3.5); those the first face called stand.
func rerollMove(g *fd.Game, src dice.Source) error {
	play := g.CurrentPlay()
	play.Reroll().SpendReroll(play)
	v, top, _, err := play.RollMove(play.Car().Gear, src) // a new roll's engine tests: those of the first face stand
	if err != nil {
		return err
	}
	play.SettleRoll(play.Car().Gear, v)
	if top {
		fdrGearRolled(g, play, true)
	}
	return nil
}

// fdrSegment moves the car along a chosen main move or slipstream; the
// consequences wait for the end of the move (R6.11).
func fdrSegment(g *fd.Game, op fd.Option, src dice.Source, slip bool) error {
	play := g.CurrentPlay()
	c, f := play.Car(), playStateOf(play)
	f.braked += op.Braked
	f.freeBraked += play.FreeBrake(op.Braked, op.Path) // WingRule
	f.slipCost += op.SlipBrake
	f.blockK += op.Blocked
	if op.Slide > 0 {
		f.slid = true
	}
	if op.Bonus {
		f.bonus = true
	}
	if op.Braked > 0 || op.Blocked > 0 {
		f.noSlip = true // R11.5
	}
	if op.Top != 0 {
		play.SpendDistance(op.Top) // DistanceModifier
	}
	if slip {
		f.slips++ // Turn.Slipstreams
	}
	m := fd.MoveEvent{Car: c.Number, Path: g.SpaceNames(op.Path), Braked: op.Braked, Blocked: op.Blocked, Slide: max(0, op.Slide)}
	if op.Bonus {
		m.Bonus = max(1, op.Compound) // 1, or a TyreCompound's spaces
	}
	if slip {
		g.Emit(fd.SlipstreamEvent(m).LineIn(g))
	} else {
		g.Emit(m.LineIn(g))
	}
	prev := c.Space
	for i, s := range op.Path {
		laps := c.Laps
		g.CrossLine(c, prev, s)
		if c.Laps > laps && c.Laps >= g.Config.Laps && f.finishAt < 0 {
			f.finishAt = len(play.Path()) + i // R21.5
		}
		if g.Track.Spaces[prev].Kind == tracks.KindTrack && g.Track.Spaces[s].Kind == tracks.KindPit {
			c.Pitting = true
			g.Emit(fd.Encode(fd.PitLaneEvent{Car: c.Number}))
			play.PayPitEntry() // PitLaneRule
		}
		prev = s
	}
	play.Extend(op.Path)
	if len(op.Path) > 0 {
		c.Space = op.Path[len(op.Path)-1]
	}
	if f.finishAt >= 0 || (c.Pitting && c.Space == g.OwnBox(c)) {
		return fdrEndMove(g, src)
	}
	play.AskSlipstream()
	return nil
}

// fdrEndMove settles the unresolved part of the play (R6.11 steps 8–12).
func fdrEndMove(g *fd.Game, src dice.Source) error {
	play := g.CurrentPlay()
	c, f := play.Car(), playStateOf(play)
	seg := play.Path()[f.resolved:]
	// step 8: brakes chosen, and slipstreams into corners (R11, R18.7)
	if n := f.braked + f.slipCost - f.freeBraked; n > 0 && !g.Qualifying() {
		cause := fmt.Sprintf("braked %d (R11.1)", f.braked)
		if f.freeBraked > 0 {
			cause = fmt.Sprintf("braked %d (R11.1), %d of them free with a high wing (5-B)", f.braked, f.freeBraked)
		}
		switch {
		case f.braked == 0:
			cause = "slipstream into a corner (R18.7)"
		case f.slipCost > 0:
			cause = fmt.Sprintf("braked %d (R11.1) and slipstream into a corner (R18.7)", f.braked)
		}
		fdrLose(g, c, fd.Brakes, n, cause, tracks.NoSpace, "")
	}
	f.braked, f.slipCost, f.freeBraked = 0, 0, 0
	for cat, n := range f.owed { // Turn.Charge (16-B)
		if n > 0 && c.Status == fd.Racing {
			fdrLose(g, c, fd.Category(cat), n, f.owedCause, tracks.NoSpace, "")
		}
	}
	f.owed = fd.Wear{}
	// step 9: overshoots (R10)
	limit := seg
	if f.finishAt >= f.resolved {
		limit = play.Path()[f.resolved : f.finishAt+1]
	}
	factor := fdrOvershootFactor(g, c)
	if f.coast {
		limit = nil // CoastRule: no stop owed, no overshoot
	}
	for _, o := range play.SegmentOverruns(limit) {
		f.overshotAny = true
		corner := g.Track.Corners[o.Corner()]
		g.Emit(fd.OvershootEvent{Car: c.Number, Corner: corner.Name, Spaces: o.Spaces(), Stops: o.Stops(), Required: corner.Stops}.Line())
		if c.Status != fd.Racing {
			continue
		}
		if o.Stops() <= corner.Stops-2 {
			if g.Qualifying() {
				fdrEliminate(g, c, fd.ReasonOvershoot, fmt.Sprintf("session aborted: left %s with %d of %d stops (R1.10)", corner.Name, o.Stops(), corner.Stops))
			} else {
				fdrEliminate(g, c, fd.ReasonOvershoot, fmt.Sprintf("left %s with %d of %d stops: excessive overshooting (R10.3, R20.1)", corner.Name, o.Stops(), corner.Stops))
			}
			continue
		}
		loss := o.Spaces() * factor // R10.2, T3, T4
		if g.Qualifying() {
			g.AddQualifyingPenalty(loss) // R1.9
			g.Emit(fd.Encode(PenaltyEvent{Car: c.Number, Rolls: loss}))
			continue
		}
		cause := fmt.Sprintf("overshot %s by %d (R10.2)", corner.Name, o.Spaces())
		if factor > 1 {
			cause = fmt.Sprintf("overshot %s by %d, ×%d for the tyres (R10.2, T3)", corner.Name, o.Spaces(), factor)
		}
		left, spin, elim := tyreLoss(c.Wear[fd.Tyres], loss)
		if elim && g.UnpaidOvershootRule() != nil { // UnpaidOvershootRule (league 10-A's rails)
			kept, err := g.UnpaidOvershootRule().UnpaidOvershoot(play, corner, o.Spaces(), src)
			if err != nil {
				return err
			}
			if kept {
				continue
			}
		}
		if elim {
			fdrEliminate(g, c, fd.ReasonOvershoot, fmt.Sprintf("%s: %d tyre points with %d left (R10.8, R20.1)", cause, loss, c.Wear[fd.Tyres]))
			continue
		}
		fdrLose(g, c, fd.Tyres, c.Wear[fd.Tyres]-left, cause, tracks.NoSpace, "")
		if spin {
			c.Spun = true // R10.9, R10.10
			g.Emit(fd.Encode(fd.SpinEvent{Car: c.Number, Corner: corner.Name}))
		}
	}
	if c.Status != fd.Racing {
		return fdrAbortPlay(g, src)
	}
	// step 10: handling and wall tests, in path order (R17.2, R15.2,
	// AMB-31, AMB-32)
	if !g.Qualifying() {
		prev := f.segFrom
		var met []tracks.SpaceID // the markers on the way as the car entered their spaces
		for i, s := range seg {
			idx := f.resolved + i
			if f.finishAt >= 0 && idx >= f.finishAt {
				break // R17.6, AMB-46: beyond the flag, no test and no cleaning
			}
			danger := fdrDangerous(g, s) // as the car enters it
			if g.Debris[s] {
				met = append(met, s)
			}
			if fdrWallEntry(g, prev, s) {
				if idx == len(play.Path())-1 && len(fdrContacts(g, c, s)) > 0 {
					f.wallDeferred = true // R15.5
				} else if err := fdrWallTest(g, c, s, src); err != nil {
					return err
				}
				if c.Status != fd.Racing {
					return fdrAbortPlay(g, src)
				}
			}
			if danger && g.HandlingTested(c) { // HandlingRule
				cat, tested := g.MarkerLoss(s) // MarkerLossRule (17-B)
				lost := true
				if tested {
					v, err := g.TestBlack(src, c, "handling", func(v int) bool { return g.HandlingLoses(c, v) })
					if err != nil {
						return err
					}
					lost = g.HandlingLoses(c, v) // T6: 1–4 dry, 1–5 wet
				}
				if lost && !fdrLose(g, c, cat, 1, g.MarkerCause(s), tracks.NoSpace, "") {
					return fdrAbortPlay(g, src)
				}
			}
			prev = s
		}
		// MarkerRule: after the tests on them; not a marker the move itself
		// dropped (a wall's body point, 17-D's passages would count it)
		play.CleanMarkers(met)
	}
	// step 11: blocking (R12)
	if k := f.blockK; k > 0 {
		f.blockK = 0
		if !g.Qualifying() && !g.InPitLane(c) {
			fdrBlocking(g, c, k)
		}
	}
	f.resolved = len(play.Path())
	if c.Status != fd.Racing {
		return fdrAbortPlay(g, src)
	}
	// step 12: the pit (R19)
	if c.Pitting && c.Space == g.OwnBox(c) {
		play.AskPit()
		return nil
	}
	return fdrFinishMove(g, src)
}

// fdrAbortPlay ends the play of a car eliminated during it: a wreck still
// gets its collision tests (R12.6), and the engine tests its roll called
// for still happen.
func fdrAbortPlay(g *fd.Game, src dice.Source) error {
	play := g.CurrentPlay()
	if isWreck(play.Car()) {
		return fdrFinishMove(g, src)
	}
	if play.EngineTested() {
		if err := fdrEngineTests(g, play.Car(), src); err != nil {
			return err
		}
	}
	g.EndPlay()
	return nil
}

// fdrWallTest is R15.2: a body test on entering the wall lane, 1 dry and
// 1–2 wet; a failure makes the space dangerous, and a car eliminated there
// ends its move there and waits for removal (AMB-31).
func fdrWallTest(g *fd.Game, c *fd.Car, at tracks.SpaceID, src dice.Source) error {
	g.Emit(fd.Encode(WallEvent{Car: c.Number, Space: g.Track.Spaces[at].Name}))
	v, err := g.TestBlack(src, c, "wall", g.CollisionLoses)
	if err != nil {
		return err
	}
	if !g.CollisionLoses(v) {
		return nil
	}
	if c.Wear[fd.Body] <= 1 {
		c.Space = at // AMB-31
	}
	fdrLose(g, c, fd.Body, 1, "the wall at "+g.Track.Spaces[at].Name+" (R15.2)", at, fd.ReasonWall)
	return nil
}

// fdrBlocking is R12.2–R12.6: T5 in full, brakes without substitution, the
// tyres through the tyre-loss function; otherwise a fatal blocking.
func fdrBlocking(g *fd.Game, c *fd.Car, k int) {
	b, ty, ok := fdrT5(k)
	cause := fmt.Sprintf("blocked %d spaces short (T5, R12.2)", k)
	if ok && c.Wear[fd.Brakes] >= b {
		left, spin, elim := tyreLoss(c.Wear[fd.Tyres], ty)
		if !elim {
			fdrLose(g, c, fd.Brakes, b, cause, tracks.NoSpace, "")
			fdrLose(g, c, fd.Tyres, c.Wear[fd.Tyres]-left, cause, tracks.NoSpace, "")
			if spin {
				c.Spun = true // R12.9
				g.Emit(fd.Encode(fd.SpinEvent{Car: c.Number, Blocked: k}))
			}
			return
		}
	}
	// R12.5, R12.6: eliminated, a wreck with a sticker until its next
	// turn; the car directly in front loses a body point, no roll
	front := fdrCarInFront(g, c)
	fdrEliminate(g, c, fd.ReasonBlocking, fmt.Sprintf("blocked %d spaces short and cannot pay T5 (R12.5)", k))
	if front != nil {
		playStateOf(g.CurrentPlay()).blockFront = front.Number
		fdrLose(g, front, fd.Body, 1, fmt.Sprintf("fatal blocking of car %d behind it (R12.6)", c.Number), front.Space, fd.ReasonCollision)
	}
}

// fdrCarInFront is AMB-19: the car on the space the blocked car would
// enter next, the one in the same lane first.
func fdrCarInFront(g *fd.Game, c *fd.Car) *fd.Car {
	if a, ok := g.Track.AheadSameLane(c.Space); ok {
		if n := g.Occupied(a); n != 0 {
			return g.Car(n)
		}
	}
	for _, s := range g.Track.Spaces[c.Space].Next {
		if n := g.Occupied(s); n != 0 && n != c.Number {
			return g.Car(n)
		}
	}
	return nil
}

// fdrFinishMove is the rest of the play (R6.11 steps 13–14): the stop, the
// inertia sticker, the finish, collisions and the deferred wall test, the
// engine tests.
func fdrFinishMove(g *fd.Game, src dice.Source) error {
	play := g.CurrentPlay()
	c, f := play.Car(), playStateOf(play)
	if c.Status == fd.Racing {
		fdrStopAccounting(g, play)
		if f.inertia && !f.coast && c.Space != tracks.NoSpace {
			g.DropMarker(c.Space, fd.MarkerOil) // R16.4, R16.7, R17.1: a sticker after each inertia move (17-B: oil)
		}
	}
	finished := false
	if f.finishAt >= 0 && c.Status == fd.Racing && inertiaState(c) != InertiaMoved && !g.Qualifying() && g.RedFlagAggregateEnd(c) {
		finished = true // league 21-B: Part 2's winner ends a two-part race
	}
	if f.finishAt >= 0 && c.Status == fd.Racing && inertiaState(c) != InertiaMoved {
		// R21.1, R21.4: places in the order the line is crossed; the car
		// leaves the board (AMB-46); extended inertia is classified (AMB-26)
		c.Status = fd.Finished
		c.Place = g.NextPlace()
		c.FinishedPlay = g.Play
		engineInertia.Set(c, InertiaNone)
		g.Emit(fd.Encode(fd.FinishEvent{Car: c.Number, Place: c.Place}))
		if g.Qualifying() {
			path := play.Path()
			fdrRaceState(g).qPast = len(path) - f.finishAt
			if len(path) > 0 {
				fdrRaceState(g).qLane = g.Track.Spaces[path[len(path)-1]].Lane // AX-3, league AMB-56
			}
		}
		c.Space = tracks.NoSpace
		finished = true
	}
	if !finished && c.OnBoard() {
		if err := fdrCollisions(g, c, src); err != nil {
			return err
		}
		if f.wallDeferred && c.Status == fd.Racing {
			if err := fdrWallTest(g, c, c.Space, src); err != nil {
				return err
			}
		}
	}
	if play.EngineTested() {
		if err := fdrEngineTests(g, c, src); err != nil {
			return err
		}
	}
	if err := fdrDeclaredTests(g, c, src); err != nil {
		return err
	}
	for _, h := range g.PlayEndRules() { // PlayEnd
		if c.Status != fd.Racing || !c.OnBoard() || g.Qualifying() {
			break
		}
		if err := h.PlayEnded(play, src); err != nil {
			return err
		}
	}
	play.TakeSpares() // SpareCar (20-B)
	g.EndPlay()
	return nil
}

// fdrDeclaredTests are the engine tests a declaration calls after the
// move (DeclaredRoll: 16-E, 5-A), each its own threshold as its module
// sets it (5-A's moved by the weather, 16-E's not); a failure costs an engine point with its sticker (R16.3).
func fdrDeclaredTests(g *fd.Game, c *fd.Car, src dice.Source) error {
	f := playStateOf(g.CurrentPlay())
	tests := f.declaredTests
	f.declaredTests = nil
	for _, limit := range tests {
		for range g.EngineTestRolls(c) { // EngineTestRule (16-C)
			if c.Status != fd.Racing || inertiaState(c) != InertiaNone || g.Qualifying() {
				return nil
			}
			v, err := g.TestBlack(src, c, "engine", func(v int) bool { return v <= limit })
			if err != nil {
				return err
			}
			if v <= limit {
				fdrLose(g, c, fd.Engine, 1, fmt.Sprintf("engine test 1–%d of a declaration", limit), c.Space, "")
			}
		}
	}
	return nil
}

// fdrStopAccounting is R7.2, R10.5 and AMB-33: a play that ends in a corner
// is a stop there, unless it overshot into it from the corner before.
func fdrStopAccounting(g *fd.Game, play fd.Turn) {
	c := play.Car()
	if c.Space == tracks.NoSpace {
		return
	}
	sp := g.Track.Spaces[c.Space]
	overshot := playStateOf(play).overshotAny
	play.CountStop(overshot)
	if start := play.Start(); g.Track.Spaces[start].Level != sp.Level || start != c.Space {
		fdrRaceState(g).arrival++
		levelArrival.Set(c, fdrRaceState(g).arrival) // R6.8
	}
}

// fdrLose takes points from a category (R5.1): a lost body or engine point
// leaves a sticker at `at` (R17.1); the last body, engine or handling point
// eliminates the car (R5.3) — an engine blows (R16.4). It reports whether
// the car still races.
func fdrLose(g *fd.Game, c *fd.Car, cat fd.Category, n int, cause string, at tracks.SpaceID, bodyReason string) bool {
	if n <= 0 {
		return c.Status == fd.Racing
	}
	before := c.Wear[cat]
	if before == n && (cat == fd.Body || cat == fd.Engine || cat == fd.Handling) && g.SavesLastPoint(c, cat) {
		// LastPointSave (6-B): one point of the loss cancelled, the car
		// keeps its last one, and no sticker for it
		if n == 1 {
			return c.Status == fd.Racing
		}
		n--
		at = tracks.NoSpace
	}
	c.Wear[cat] = max(0, before-n)
	g.Emit(fd.WearEvent{Car: c.Number, WearPoints: g.CategoryPoints(cat, -min(n, before)), Cause: cause}.Line())
	if (cat == fd.Body || cat == fd.Engine) && at != tracks.NoSpace {
		kind := fd.MarkerDebris // 17-B: a body point's debris, an engine's oil
		if cat == fd.Engine {
			kind = fd.MarkerOil
		}
		g.DropMarker(at, kind)
	}
	if c.Wear[cat] > 0 {
		return c.Status == fd.Racing
	}
	switch cat {
	case fd.Body:
		if bodyReason == "" {
			bodyReason = fd.ReasonCollision
		}
		fdrEliminate(g, c, bodyReason, "lost its last body point ("+cause+")")
	case fd.Handling:
		fdrEliminate(g, c, fd.ReasonHandling, "lost its last handling point ("+cause+", R17.3)")
	case fd.Engine:
		fdrEngineBlow(g, c, cause)
	}
	return c.Status == fd.Racing
}

// fdrEngineBlow is R16.4–R16.8: in 5th or 6th the car makes an inertia
// move at its next play (extended after the penultimate corner of its last
// lap); in 4th or lower, or spun out, it is eliminated and removed at once
// (R16.5, R10.13, R13.5).
func fdrEngineBlow(g *fd.Game, c *fd.Car, cause string) {
	if c.Status != fd.Racing {
		return
	}
	onTrack := c.Space != tracks.NoSpace && g.Track.Spaces[c.Space].Kind == tracks.KindTrack
	if _, inertia := g.InertiaGear(c.Gear); inertia && !c.Spun && onTrack { // CoastRule
		kind := "single"
		engineInertia.Set(c, InertiaPending)
		if c.Gear >= 5 && g.AfterPenultimate(c) {
			kind = "extended"
			engineInertia.Set(c, InertiaExtended)
		}
		g.Emit(fd.Encode(EngineBlownEvent{Car: c.Number, Inertia: kind}))
		return
	}
	fdrEliminate(g, c, fd.ReasonEngine, fmt.Sprintf("its engine blew in gear %d, no inertia (%s; R16.5)", c.Gear, cause))
}

// fdrContacts is AMB-21: the cars beside the space or ahead of it (same
// lane or diagonally), on the track (R14.8, R19.20).
func fdrContacts(g *fd.Game, c *fd.Car, at tracks.SpaceID) []*fd.Car {
	return appendContacts(nil, g, c, at)
}

// appendContacts appends fdrContacts' cars to dst, in its order: each car
// once, as first met, then sorted stably in track order. The autopilot
// asks it of every move option (issue 14), so it keeps off the heap when
// dst has room: a car already met is found in the few listed rather than
// a map, and the sort is the insertion sort sort.SliceStable runs on so
// few cars (under 20), the same comparisons in the same order, without
// reflection's swapper.
func appendContacts(dst []*fd.Car, g *fd.Game, c *fd.Car, at tracks.SpaceID) []*fd.Car {
	return appendContactsAmong(dst, g, c, at, nil)
}

// appendContactsAmong is appendContacts with where the cars stand worked
// out once for every option of a decision (cars, when not nil; issue 14:
// carNear passed over the cars for each option the autopilot scores).
// It finds the same cars in the same order: carNear is true exactly when
// a car stands on at's level or on a space ahead of at (carNearAmong),
// and a space no car stands on is one Occupied says 0 of.
func appendContactsAmong(dst []*fd.Car, g *fd.Game, c *fd.Car, at tracks.SpaceID, cars *fd.CarSpaces) []*fd.Car {
	if at == tracks.NoSpace || g.Track.Spaces[at].Kind != tracks.KindTrack {
		return dst
	}
	known := cars != nil
	if known {
		if !carNearAmong(g, at, cars) {
			return dst
		}
	} else if !carNear(g, at) {
		return dst // most ends: nobody to find, and no list of the spaces beside made
	}
	first := len(dst)
	add := func(s tracks.SpaceID) {
		if g.Track.Spaces[s].Kind != tracks.KindTrack {
			return
		}
		if known && !cars.Has(s) {
			return // Occupied(s) is 0
		}
		n := g.Occupied(s)
		if n == 0 || n == c.Number {
			return
		}
		p := &g.Cars[n-1] // g.Car(n), kept small enough to inline
		if slices.Contains(dst[first:], p) {
			return
		}
		dst = append(dst, p)
	}
	var beside []tracks.SpaceID
	if known {
		// the circuit's shared lists, made once (issue 14: Beside makes
		// one at each call): the spaces beside at, then the one ahead in
		// its lane, which is one of the spaces ahead added below, so the
		// same spaces and the same cars are met; a car met twice is
		// listed once, and the sort below puts them in track order,
		// whatever the order they were met in (trackBefore is a strict
		// order: the keys end in the car's number)
		beside = g.ContactSpaces(at)
	} else {
		beside = g.Track.Beside(at)
	}
	for _, s := range beside {
		add(s)
	}
	for _, s := range g.Track.Spaces[at].Next {
		add(s)
	}
	out := dst[first:]
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && trackBefore(g, out[j], out[j-1]); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return dst
}

// trackBefore is track order, the front first (AMB-23, R16.1).
func trackBefore(g *fd.Game, a, b *fd.Car) bool {
	pa, pb := fd.Progress(g.Track, a), fd.Progress(g.Track, b)
	if pa != pb {
		return pa > pb
	}
	return earlier(fdrKey(g, a), fdrKey(g, b))
}

// carNear reports whether a car on the board, the mover included, stands
// on at's level or on a space just ahead of at: every car appendContacts
// can find does, since the spaces beside at are on its level
// (Track.Beside). One pass over the cars answers it, where Occupied would
// pass over them for each space beside and ahead (issue 14).
func carNear(g *fd.Game, at tracks.SpaceID) bool {
	spaces := g.Track.Spaces
	level := spaces[at].Level
	next := spaces[at].Next
	// the levels of the spaces ahead: a car on none of them is on none of
	// those spaces, and is not looked for among them
	lo, hi := level, level
	for _, s := range next {
		lo, hi = min(lo, spaces[s].Level), max(hi, spaces[s].Level)
	}
	for i := range g.Cars {
		o := &g.Cars[i]
		if !o.OnBoard() {
			continue
		}
		if l := spaces[o.Space].Level; l == level || (l >= lo && l <= hi && slices.Contains(next, o.Space)) {
			return true
		}
	}
	return false
}

// carNearAmong is carNear read from the cars' spaces and levels (cars,
// not nil): a car stands on at's level, or on a space just ahead of at
// (carNear's second test: a car on one of the spaces ahead is on one of
// their levels).
func carNearAmong(g *fd.Game, at tracks.SpaceID, cars *fd.CarSpaces) bool {
	s := &g.Track.Spaces[at]
	if cars.OnLevel(s.Level) {
		return true
	}
	for _, n := range s.Next {
		if cars.Has(n) {
			return true
		}
	}
	return false
}

// fdrCollisionLimit is T6's highest losing roll of a collision test taken
// by a car on at: normal 1 dry, 1–2 wet; aggravated 1–2 dry, 1–3 wet
// (R14.3, R14.4); a CollisionRule module may change the normal 1.
func fdrCollisionLimit(g *fd.Game, at tracks.SpaceID, aggravated bool) int {
	limit := g.CollisionThreshold(at) // CollisionRule
	if add, ok := g.WeatherCollision(); ok {
		limit += add // league 3-A: +3 in a Deluge (league AMB-30)
	} else if fdrWet(g) {
		limit++
	}
	if aggravated {
		limit++
	}
	return limit
}

// collisionLimitsAt is the highest losing roll of each collision test a
// car ending on at would take, one per partner: what the tests roll
// against (fdrCollisionLimit: T6, 14-B, 3-A, R14.4) and what the risk a
// player is shown and the autopilot's price read, so the three agree. The
// base rules' tests (R-COL-03, T-10) take 1 dry, 1–2 wet.
func collisionLimitsAt(g *fd.Game, c *fd.Car, at tracks.SpaceID) []int {
	if at == tracks.NoSpace || g.Track.Spaces[at].Kind != tracks.KindTrack {
		return nil
	}
	return appendCollisionLimits(nil, g, c, at)
}

// appendCollisionLimits appends collisionLimitsAt's limits to dst, in its
// order; the autopilot's price asks it of every move option with a
// buffer on its stack (issue 14).
func appendCollisionLimits(dst []int, g *fd.Game, c *fd.Car, at tracks.SpaceID) []int {
	return appendCollisionLimitsAmong(dst, g, c, at, nil)
}

// appendCollisionLimitsAmong is appendCollisionLimits with the cars'
// spaces and levels worked out once for a decision's options (cars, when
// not nil: appendContactsAmong).
func appendCollisionLimitsAmong(dst []int, g *fd.Game, c *fd.Car, at tracks.SpaceID, cars *fd.CarSpaces) []int {
	if at == tracks.NoSpace || g.Track.Spaces[at].Kind != tracks.KindTrack {
		return dst
	}
	if fdrRaceState(g) != nil {
		var buf [8]*fd.Car
		for _, p := range appendContactsAmong(buf[:0], g, c, at, cars) {
			dst = append(dst, fdrCollisionLimit(g, at, aggravating(c) || aggravating(p)))
		}
		return dst
	}
	return append(dst, g.BaseCollisionLimits(c, at)...)
}

// fdrCollisions is R14: each car beside or ahead rolls once, in track
// order; then the mover loses a body point for each car the collision
// eliminated (R14.6) and rolls once for each other car, last (R14.2). A
// wreck does not roll for itself (AMB-22), nor does the car that already
// lost a body point to a fatal blocking (R12.7).
func fdrCollisions(g *fd.Game, c *fd.Car, src dice.Source) error {
	if g.Qualifying() {
		return nil // R1.1
	}
	var partners []*fd.Car
	for _, p := range fdrContacts(g, c, c.Space) {
		if p.Number != playStateOf(g.CurrentPlay()).blockFront {
			partners = append(partners, p)
		}
	}
	agg := map[int]bool{}
	knocked := map[int]bool{}
	for _, p := range partners {
		agg[p.Number] = aggravating(c) || aggravating(p)
		g.Emit(fd.ContactEvent{Car: c.Number, With: p.Number, Aggravated: agg[p.Number]}.Line())
		if p.Status != fd.Racing {
			continue // AMB-22
		}
		v, err := g.Black(src, p.Number, "collision")
		if err != nil {
			return err
		}
		if v <= fdrCollisionLimit(g, p.Space, agg[p.Number]) {
			if !fdrLose(g, p, fd.Body, 1, fmt.Sprintf("collision with car %d (R14.3)", c.Number), p.Space, fd.ReasonCollision) {
				knocked[p.Number] = true
			}
		}
	}
	if c.Status != fd.Racing {
		return nil // a wreck does not roll (R12.6, AMB-22)
	}
	for _, p := range partners {
		if knocked[p.Number] && !fdrLose(g, c, fd.Body, 1, fmt.Sprintf("collision eliminated car %d: automatic (R14.6)", p.Number), c.Space, fd.ReasonCollision) {
			return nil
		}
	}
	for _, p := range partners {
		if knocked[p.Number] && !g.TestsAfterKnock() { // KnockRule
			continue
		}
		limit := fdrCollisionLimit(g, c.Space, agg[p.Number])
		v, err := g.TestBlack(src, c, "collision", func(v int) bool { return v <= limit })
		if err != nil {
			return err
		}
		if v <= limit {
			if !fdrLose(g, c, fd.Body, 1, fmt.Sprintf("collision with car %d (R14.3)", p.Number), c.Space, fd.ReasonCollision) {
				return nil
			}
		}
	}
	return nil
}

// fdrEngineTests is R16.1–R16.3: the roller and every car in 5th or 6th on
// the track, in track order; not in the pit lane or a pit, not a wreck, not
// a car whose engine already blew (AMB-52). 1–4 dry, 1–3 wet (AMB-24).
func fdrEngineTests(g *fd.Game, roller *fd.Car, src dice.Source) error {
	if g.Qualifying() {
		return nil // R16.11
	}
	eligible := func(o *fd.Car) bool {
		return o.Status == fd.Racing && o.OnBoard() && inertiaState(o) == InertiaNone && !g.InPitLane(o)
	}
	var testers []*fd.Car
	for i := range g.Cars {
		o := &g.Cars[i]
		if o == roller && ownReplaced(g) {
			continue // DeclaredRoll: its own test replaces this one (AMB-36)
		}
		if eligible(o) && (o == roller || o.Gear >= 5) { // 5th, 6th, and 6-D's 7th
			testers = append(testers, o)
		}
	}
	sort.SliceStable(testers, func(i, j int) bool { return trackBefore(g, testers[i], testers[j]) })
	g.Emit(fd.Encode(fd.EngineTestEvent{Car: roller.Number}))
	for _, o := range testers {
		if !eligible(o) {
			continue
		}
		for range g.EngineTestRolls(o) { // EngineTestRule (16-C)
			if !eligible(o) {
				break
			}
			v, err := g.TestBlack(src, o, "engine", func(v int) bool { return g.CarEngineLoses(o, v) })
			if err != nil {
				return err
			}
			if g.CarEngineLoses(o, v) {
				fdrLose(g, o, fd.Engine, 1, "engine test (R16.3)", o.Space, "")
			}
		}
	}
	return nil
}

// ownReplaced reports whether the play under way's declaration replaces
// its car's own engine test (DeclaredRoll, AMB-36).
func ownReplaced(g *fd.Game) bool {
	play, ok := g.PlayUnderWay()
	if !ok {
		return false
	}
	f := playStateOf(play)
	return f != nil && f.ownReplaced
}

// fdrWeatherTests is R3.5, R3.6 and T11: at the end of the round, one test
// per 20 or 30 rolled (AMB-29); SUN dries the track, RAIN wets it,
// CHANGEABLE keeps it; two SUN or two RAIN in a row make it final.
func fdrWeatherTests(g *fd.Game, src dice.Source) error {
	f := fdrRaceState(g)
	n := f.wxPending
	f.wxPending = 0
	for range n {
		if !g.Weather().Changeable() {
			break
		}
		v, err := g.Black(src, 0, "weather")
		if err != nil {
			return err
		}
		w, err := g.Track.WeatherFor(v)
		if err != nil {
			return err
		}
		before := g.Weather()
		switch w {
		case tracks.Sun:
			g.SetWeather(fd.Overcast)
			if f.wxLast == tracks.Sun {
				g.SetWeather(fd.Fine)
			}
		case tracks.Rain:
			g.SetWeather(fd.ChangeableWet)
			if f.wxLast == tracks.Rain {
				g.SetWeather(fd.Wet)
			}
		}
		if g.Weather().Changeable() && g.WeatherFinal(f.wxLast, w) {
			g.SetWeather(g.Weather().Settled())
		}
		if x, ok := g.RaceWeatherRoll(fd.WeatherDraw{Face: v, Result: w, Last: f.wxLast}); ok {
			g.SetWeather(x) // WeatherRoll: league 3-A
		}
		f.wxLast = w
		final := !g.Weather().Changeable()
		g.Emit(fd.Encode(fd.WeatherEvent{Session: "race", Test: w.String(), State: g.Weather().String(), Was: before.String(), Final: &final}))
		g.MonsoonDried(before) // league 8-C
	}
	return nil
}
