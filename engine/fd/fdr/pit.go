package fdr

import (
	"slices"
	"sort"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
)

// Pit stops under the competition rules (R19). Pit selection (R4.1) is
// simplified: car N owns pit N, as under the complete rules.

// fdrPitOptions lists what a car arriving in its pit may announce: the tyre
// type first (R19.14), then a quick stop (R19.15) or a long stop repairing
// up to its pit points, never above the configured values (R19.17,
// AMB-39); a long stop may repair nothing. The league's pit variants
// (PitStopRule) add free repairs (19-E) and the fuel refilled (19-C): a
// long stop refills all the gas points, a quick stop what it may.
func fdrPitOptions(g *fd.Game, c *fd.Car) []fd.Option {
	cfg := g.StartingWear(c)
	r := g.PitStopRules(c)
	budget := r.FreeRepairs + r.Engineers
	if r.PitRepairs {
		budget += r.PitPoints
	}
	var repairs []fd.Wear
	var spread func(cat fd.Category, left int, w fd.Wear)
	spread = func(cat fd.Category, left int, w fd.Wear) {
		if cat == fd.NumCategories {
			repairs = append(repairs, w)
			return
		}
		for n := 0; n <= left; n++ {
			if (cat == fd.Tyres || cat == fd.Gearbox && r.Refuel) && n > 0 {
				break // tyres are restored anyway, and 19-C's gas too
			}
			if c.Wear[cat]+n > cfg[cat] {
				break
			}
			w[cat] = n
			spread(cat+1, left-n, w)
		}
	}
	spread(fd.Tyres, budget, fd.Wear{})
	sort.SliceStable(repairs, func(i, j int) bool { return repairs[i].Compact() > repairs[j].Compact() })
	var quick, long fd.Wear
	if r.Refuel {
		missing := cfg[fd.Gearbox] - c.Wear[fd.Gearbox]
		quick[fd.Gearbox], long[fd.Gearbox] = min(missing, r.QuickRefuel), missing
	}
	// sized once (issue 14: grown by append, a long stop's list of 528-byte
	// options was copied several times, the largest allocation of a pit),
	// in the decision's generation of the game's option memory, as the
	// gear's list (fdrGearOptions): a list of its own for each pit was
	// about 60 KB of a fdr race
	tyres := g.TyreTypes(g.Weather())
	per := 1 + len(repairs)
	if r.Engineers > 0 {
		per++
	}
	opts := g.OptionSpace(len(tyres) * per)
	for _, t := range tyres {
		opts = append(opts, fd.Option{Tyre: t, Repair: quick})
		if r.Engineers > 0 {
			opts = append(opts, fd.Option{Tyre: t, Repair: quick, Engineer: 1}) // 19-F: a sure quick stop
		}
		for _, w := range repairs {
			w[fd.Gearbox] += long[fd.Gearbox]
			op := fd.Option{Tyre: t, Technical: true, Repair: w}
			_, _, op.Engineer = r.Repairs(op)
			opts = append(opts, op)
		}
	}
	opts = downforceOptions(g, c, r, budget, opts)
	for i := range opts {
		opts[i].Letter = fd.OptionLetter(i)
		opts[i].End = c.Space
	}
	return opts
}

// downforceOptions adds, after each stop of opts, the same stop fitting
// each other downforce setting the car's crew may (DownforceRule, league
// 5-B, 5-C): a step toward less downforce free at any stop, each one
// toward more a repair of a long stop, within its budget of repairs.
func downforceOptions(g *fd.Game, c *fd.Car, r fd.PitStopRules, budget int, opts []fd.Option) []fd.Option {
	h := g.Downforce()
	if h == nil {
		return opts
	}
	now, ok := h.Downforce(c)
	ladder := h.Ladder()
	from := slices.Index(ladder, now)
	if !ok || from < 0 {
		return opts
	}
	out := make([]fd.Option, 0, len(opts)*len(ladder))
	for _, op := range opts {
		out = append(out, op)
		repaired, _, _ := r.Repairs(op)
		for to, setting := range ladder {
			up := max(0, to-from)
			if to == from || up > 0 && (!op.Technical || repaired+up > budget) {
				continue
			}
			changed := op
			changed.Downforce, changed.DownforceUp = setting, up
			if op.Technical {
				_, _, changed.Engineer = r.Repairs(changed)
			}
			out = append(out, changed)
		}
	}
	return out
}

// fdrPitStop is R19.11–R19.17: all tyre points back and a new set of the
// announced type (R19.11, R19.14); a long stop repairs from the pit points
// and leaves at the next play; a quick stop rolls the black die: 1–10 the
// car leaves at once, ceil(d/2) spaces in 4th (T9), 11–20 it waits for its
// next play. The league's pit variants (PitStopRule) refill the gas free
// (19-C), repair free points first (19-E), hold a car that repaired too
// much one more turn (19-D), widen the quick stop (19-G) and spend the
// engineer points (19-F).
func fdrPitStop(g *fd.Game, op fd.Option, src dice.Source) error {
	play, _ := g.PlayUnderWay()
	c := play.Car()
	c.Pitting = false
	c.PitStops++
	cfg := g.StartingWear(c)
	restored := cfg[fd.Tyres] - c.Wear[fd.Tyres]
	c.Wear[fd.Tyres] = cfg[fd.Tyres]
	c.Tyre, c.TyreAge = op.Tyre, 0
	c.SetMonsoonGrace(false) // league 8-C: a new set
	g.Emit(fd.Encode(fd.PitStopEvent{Car: c.Number, Tyres: restored, Type: op.Tyre.String()}))
	r := g.PitStopRules(c)
	if r.Refuel {
		if n := op.Repair[fd.Gearbox]; n > 0 {
			c.Wear[fd.Gearbox] = min(cfg[fd.Gearbox], c.Wear[fd.Gearbox]+n)
			g.Emit(fd.Encode(fd.RefuelEvent{Car: c.Number, Gas: n}))
		}
		op.Repair[fd.Gearbox] = 0 // refilled, not repaired
	}
	if op.Technical {
		repaired, paid, engineers := r.Repairs(op) // 19-E's free points first
		for cat := fd.Category(0); cat < fd.NumCategories; cat++ {
			if n := op.Repair[cat]; n > 0 {
				c.Wear[cat] = min(cfg[cat], c.Wear[cat]+n)
				g.Emit(fd.Encode(fd.RepairEvent{Car: c.Number, WearPoints: g.CategoryPoints(cat, n)}))
			}
		}
		changeDownforce(g, op)
		g.SetPitPool(c.Number, g.PitPool(c.Number)-paid)
		spendEngineers(g, c, engineers)
		c.SlowStop = true
		g.Emit(fd.Encode(PitLongEvent{Car: c.Number, Pit: g.PitPool(c.Number)}))
		if err := excessiveRepair(g, r, repaired, paid, src); err != nil {
			return err
		}
		return fdrFinishMove(g, src)
	}
	changeDownforce(g, op) // a step toward less downforce, free
	v, err := g.Black(src, c.Number, "pit")
	if err != nil {
		return err
	}
	n := (v + 1) / 2 // T9, league AMB-42: 11 and 12 give 6, 13 gives 7
	if r.QuickExitMax > 0 {
		n = min(n, r.QuickExitMax) // 23-B(c)
	}
	if op.Engineer > 0 {
		// 19-F: an engineer point makes it sure; the die divided by 4,
		// rounded up, is the exit (league AMB-41); no mechanics point
		spendEngineers(g, c, op.Engineer)
		return fdrQuickExit(g, c, (v+3)/4)
	}
	if v > r.QuickStopTop {
		c.SlowStop = true
		g.Emit(fd.Encode(fd.PitSlowEvent{Car: c.Number}))
		return fdrFinishMove(g, src)
	}
	if r.Mechanics {
		earned := fd.EarnMechanicsPoint(c) // 19-G: the crew's point, for its team
		g.Emit(fd.Encode(fd.MechanicsPointEvent{Car: c.Number, Earned: earned}))
	}
	return fdrQuickExit(g, c, n)
}

// fdrQuickExit is a quick stop made (R19.15, R19.16): the car leaves at
// once, n spaces in 4th.
func fdrQuickExit(g *fd.Game, c *fd.Car, n int) error {
	t, _ := g.PlayUnderWay()
	f := playStateOf(t)
	from := c.Gear
	c.Gear = 4
	g.Emit(fd.Encode(fd.PitQuickEvent{Car: c.Number, Spaces: n, Gear: 4, From: from}))
	// R19.16, AMB-38, AMB-49: the exit move may brake, slide and, once
	// out of the pit lane, slipstream; never the soft +1
	f.exit, f.noSlip = true, false
	f.segFrom, f.segCorner, f.segStops = c.Space, -1, 0
	f.resolved = len(t.Path())
	t.MoveWithoutDie(n)
	return nil
}

// excessiveRepair holds a car that repaired too much in one long stop one
// more turn in its pit (PitStopRules.Excess).
func excessiveRepair(g *fd.Game, r fd.PitStopRules, repaired, paid int, src dice.Source) error {
	t, _ := g.PlayUnderWay()
	c := t.Car()
	roll, held := r.Excess(repaired, paid)
	if roll {
		v, err := g.Black(src, c.Number, "pit")
		if err != nil {
			return err
		}
		held = v > r.QuickStopTop
	}
	if held {
		fd.HoldInPit(c) // league variant 19-D
		g.Emit(fd.Encode(fd.PitHeldEvent{Car: c.Number, Repaired: repaired}))
	}
	return nil
}

// changeDownforce fits the downforce setting a stop's option chose
// (DownforceRule); its repairs are paid with the stop's.
func changeDownforce(g *fd.Game, op fd.Option) {
	if h := g.Downforce(); op.Downforce != "" && h != nil {
		play, _ := g.PlayUnderWay()
		h.ChangeDownforce(play, op.Downforce, op.DownforceUp)
	}
}

// spendEngineers spends n of the car's engineer points (19-F).
func spendEngineers(g *fd.Game, c *fd.Car, n int) {
	if n > 0 {
		fd.SpendEngineerPoints(c, n)
		g.Emit(fd.Encode(fd.EngineerPointEvent{Car: c.Number, Points: n}))
	}
}

// pitClosed is R19.6 and AMB-12: the pit lane is open from the end of
// lap 1 to the end of the lap before the last, once per lap; closed during
// the start, the last lap and inertia (R16.10), and to a car leaving its
// pit. A nil play (no consolidated play under way) closes nothing. The
// mover asks it under the PitLane capability through the play's module
// value (PlayPitClosed, no argument: a hook taking the turn would move
// every mover's turn to the heap, an interface call's arguments escape).
func (f *fdrTurn) pitClosed() bool {
	return f != nil && (f.exit || f.inertia)
}
