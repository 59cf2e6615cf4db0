package fd

import (
	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/tracks"
)

// The facts of an option, as language-neutral phrases: what the option is,
// where it ends, the wear it costs by category and by cause, the rolls it
// brings, the chance the black die eliminates the car, and why it
// eliminates the car for sure. They read the Option's fields, which the
// rules that build the options fill in (move.go, fdr/move.go, gear.go …):
// nothing here judges a move again. A rules module in a package of its
// own says the facts its rules add and those of its own decision kinds
// (OptionFactsModule: street's, engine/fd/street/describe.go), and those
// players read among the base's at a named place (PlacedFactsModule:
// fdr's, engine/fd/fdr/describe.go). Replies, mails,
// Discord posts and boards all say these phrases through one catalog
// (package phrasebook), so a player reads the same facts everywhere, in
// English or in French.

// Reason is why a rule eliminates an option (or gives points back), for
// players: the catalog key of its phrase, the corner it names ("" for
// none) and up to three numbers. It holds no interface, so the move
// generator writes one for each option it eliminates without allocating
// (a phrase's arguments would); OptionFacts says it as a phrase.
type Reason struct {
	Key    string
	Corner string
	Nums   [3]int32
	N      int8
}

// because is the reason of key, naming corner (or "") and the numbers.
func because(key, corner string, nums ...int) Reason {
	r := Reason{Key: key, Corner: corner, N: int8(min(len(nums), 3))}
	for i := range int(r.N) {
		r.Nums[i] = int32(nums[i])
	}
	return r
}

// IsZero reports whether r says nothing.
func (r Reason) IsZero() bool { return r.Key == "" }

// Phrase is r as a phrase: the corner first, then the numbers.
func (r Reason) Phrase() phrase.Phrase {
	var args []any
	if r.Corner != "" {
		args = append(args, r.Corner)
	}
	for _, n := range r.Nums[:r.N] {
		args = append(args, int(n))
	}
	return phrase.New(r.Key, args...)
}

// LoadedWingForm is an optional interface of a WingRule that says which
// form its loaded wing takes (league 5-B, AMB-15): "a", a space less in
// 4th–6th, or "b", the caps on the straights, which the wing option's
// fact says apart ("opt.wing.loaded-b").
type LoadedWingForm interface {
	LoadedWingForm() string
}

// OptionFacts lists the facts of op, an option of decision d, in the order
// a player reads them: what it is first, then where it ends, its wear, its
// causes and extras, its risk, its elimination.
func (g *Game) OptionFacts(d *Decision, op Option) []phrase.Phrase {
	if sub, solo, ok := g.soloLap(d); ok { // O-QUA: the car's solo lap is its own game
		return sub.OptionFacts(solo, op)
	}
	var out []phrase.Phrase
	add := func(key string, args ...any) { out = append(out, phrase.New(key, args...)) }
	switch d.Kind {
	case DecideGear:
		out = append(out, g.gearWhat(op.Gear))
		if c := g.decisionCar(d); c != nil {
			if delta := g.compulsoryDelta(c, op.Gear); delta != 0 {
				add("fact.compulsory", phrase.Signed(delta)) // §0.4 step 3 (league 5-C)
			}
		}
		if c := g.decisionCar(d); c != nil {
			for _, h := range g.hooks.gearFacts { // GearFacts (league 16-D)
				out = append(out, h.GearFacts(c, op.Gear, g.carEngineLimit(c), g.hooks.gears != nil)...)
			}
		}
		if x := g.hooks.extraGear; x != nil && op.Gear > dice.NumGears {
			out = append(out, x.Fact(op.Gear)) // ExtraGear (league 6-D): its engine tests
		}
		if c := g.decisionCar(d); c != nil && op.Cost != (Wear{}) && op.Gear < c.Gear {
			add("fact.downshift", c.Gear, op.Gear) // R-DWN-01, FDR T2: the cost below is the downshift's
		}
		out = g.appendWear(out, op.Cost)
		out = g.appendDeclarationFacts(out, g.decisionCar(d), op)
	case DecideMove, DecideSlipstream:
		if op.Reroll {
			if r, ok := (Turn{g, g.turn}).Reroll().(RerollFact); ok && g.turn != nil {
				out = append(out, r.RerollFact(Turn{g, g.turn})) // league 23-A(g)
				break
			}
			add("opt.telemetry", d.Rolled) // league 5-E2: no move yet
			break
		}
		switch {
		case op.Stop:
			add("opt.no-slipstream")
		case len(op.Path) == 0:
			add("opt.stay")
		case d.Kind == DecideSlipstream:
			add("opt.slipstream", len(op.Path))
		default:
			add("opt.spaces", len(op.Path))
		}
		if !op.Stop {
			if p, ok := g.placeOf(op.End); ok {
				out = append(out, p)
			}
		}
		out = g.appendWear(out, op.Cost)
		out = appendMoveCauses(out, op, g.describe.placed)
		if m := g.describe.options; m != nil {
			out = m.MoveFacts(out, op) // the module's extras (street's nitro, drift …)
		}
		if g.hooks.markerLoss != nil && !op.Stop { // league 17-B: what the dangerous spaces cost
			tested, sure := g.dangerLosses(&op)
			for _, cat := range []Category{Body, Engine} {
				if n := tested[cat] + sure[cat]; n > 0 {
					add("fact.marker-cost", n, phrase.Category(g.Config.Rules.CategoryName(cat)))
				}
			}
		}
		if !op.Stop {
			out = g.runawayFacts(out, op.Path) // league 10-A: a runaway car's area on the way
		}
		if c := g.decisionCar(d); c != nil {
			out = g.compoundSpentFact(out, c, op) // league 8-B: no pit stop left before the line
		}
		if op.Top != 0 && g.TopSpendsPilotPoint(d.Car) { // 23-A, 23-C: the lap's Top is spent
			out = g.pilotPointFacts(out, d.Car, op.Top)
		}
		if op.Top != 0 {
			out = g.pricedFact(d.Car, out, op.Top) // PricedModifier (16-B)
		}
		if op.Cost == (Wear{}) && !op.Eliminated {
			add("fact.no-wear")
		}
	case DecidePit: // O-PIT-02, FDR R19.17
		if op.Technical {
			add("opt.technical-stop", g.tyreTerm(op.Tyre))
			out = g.appendTyreCell(out, g.weather, op.Tyre)
			out = g.appendRepair(out, op.Repair)
			out = g.appendDownforceFact(out, op) // league 5-B, 5-C
			if op.Engineer > 0 {
				add("fact.engineers", op.Engineer) // league variant 19-F
			}
			if c := g.decisionCar(d); c != nil {
				// league variant 19-D, as the stop judges it (PitStopRules.Excess)
				r := g.pitStopRules(c)
				repaired, paid, _ := r.Repairs(op)
				switch roll, held := r.Excess(repaired, paid); {
				case held:
					add("fact.excess-held", r.ExcessHeld)
				case roll:
					add("fact.excess-roll", r.ExcessRoll)
				}
			}
		} else {
			add("opt.tyre-stop", g.tyreTerm(op.Tyre))
			out = g.appendTyreCell(out, g.weather, op.Tyre)
			out = g.appendRepair(out, op.Repair) // league variant 19-C: the gas refilled
			out = g.appendDownforceFact(out, op) // league 5-B, 5-C: a step toward less, free
			c := g.decisionCar(d)
			switch {
			case op.Engineer > 0:
				add("fact.engineer-sure") // league variant 19-F
			case c != nil && g.pitStopRules(c).QuickExitMax > 0 && g.pitStopRules(c).QuickStopTop != 10:
				r := g.pitStopRules(c)
				add("fact.quick-stop-team", r.QuickStopTop, r.QuickExitMax) // league variant 23-B(c)
			case c != nil && g.pitStopRules(c).QuickStopTop != 10:
				add("fact.quick-stop-top", g.pitStopRules(c).QuickStopTop) // league variant 19-G
			}
		}
	case DecideTyres: // O-TYR-01
		add("opt.tyres", g.tyreTerm(op.Tyre))
		out = g.appendTyreCell(out, g.tyreWeather(), op.Tyre)
	case DecideWing: // league variant 5-B
		key := "opt.wing." + op.Wing
		if f, ok := g.hooks.wing.(LoadedWingForm); ok && op.Wing == WingLoaded && f.LoadedWingForm() == "b" {
			key += "-b" // the loaded wing caps the moves on the straights
		}
		add(key)
	case DecideLock: // league variant 5-C
		add("opt.lock." + op.Lock)
	case DecideBox: // FDR R4.1
		out = append(out, g.boxFact(op.Box)) // PitBoxRule: a team's two pits
	case DecideBuild: // O-BLD, T-08; FDR R5.2
		add("opt.build")
		for cat := Category(0); cat < NumCategories; cat++ {
			add("fact.points", phrase.Category(g.Config.Rules.CategoryName(cat)), op.Build[cat])
		}
		if m := g.describe.placed; m != nil {
			out = m.PlacedFacts(AfterBuildPoints, out, op) // the module's own points (fdr's pit points)
		}
		if b := g.builtShare(d.Car); b > 0 && g.can().PitPointBuild {
			add("fact.booster-points", b) // BuildShare: league 5-A, AMB-14
			// the player's to choose (league 5-A, AMB-14): what they are
			if most, ok := g.BoosterChoice(); ok {
				add("fact.booster-choice", most, g.boostSpaces())
			}
		}
	default: // the module's own decision kinds (street's driver draft …)
		if m := g.describe.options; m != nil {
			if facts, ok := m.DecisionFacts(g, *d, op); ok {
				return facts
			}
		}
	}
	if risk := g.EliminationRisk(d, op); risk > 0 && risk < 1 {
		add("fact.risk", phrase.Percent(risk)) // the black die (R-COL, R-DEB-03, R-ENG)
	}
	if op.Eliminated {
		add("fact.eliminated")
		if !op.Why.IsZero() {
			out = append(out, op.Why.Phrase())
		}
	}
	return out
}

// soloLap is the qualifying session d belongs to (O-QUA: each car's solo
// lap is a game of its own) and d as that game numbers the car.
func (g *Game) soloLap(d *Decision) (*Game, *Decision, bool) {
	if d.Session != "qualifying" {
		return nil, nil, false
	}
	sub := g.quali[d.Car]
	if sub == nil || len(sub.Cars) != 1 {
		return nil, nil, false
	}
	solo := *d
	solo.Car, solo.Session = sub.Cars[0].Number, ""
	return sub, &solo, true
}

// appendMoveCauses adds what a move brings besides its wear: the causes
// of that wear, the rolls it brings and the rulesets' extras. A module's
// own causes are said at their places among these (placed, nil for none:
// fdr's slipstream brake, penalty and wall), its other facts after them
// all (MoveFacts).
func appendMoveCauses(out []phrase.Phrase, op Option, placed PlacedFactsModule) []phrase.Phrase {
	add := func(key string, args ...any) { out = append(out, phrase.New(key, args...)) }
	if op.Braked > 0 && !op.Stop {
		add("fact.braking", op.Braked) // R-BRK-01, FDR R11
	}
	if placed != nil {
		out = placed.PlacedFacts(AfterBraking, out, op)
	}
	if op.Blocked > 0 {
		add("fact.blocked", op.Blocked) // T-04, FDR T5
	}
	if op.Overshoot > 0 {
		add("fact.overshoot", op.Overshoot) // R-OVS-01, FDR R10
	}
	if op.Spin {
		add("fact.spin") // R-OVS-07
	}
	if placed != nil {
		out = placed.PlacedFacts(AfterSpin, out, op)
	}
	if op.Dangerous > 0 && !op.Stop {
		add("fact.dangerous", op.Dangerous) // R-DEB-03, FDR R17
	}
	if placed != nil {
		out = placed.PlacedFacts(AfterDangerous, out, op)
	}
	if op.Slide > 0 {
		add("fact.slide", op.Slide) // O-TYR-08, FDR R8.13
	}
	if op.Compound > 0 {
		add("fact.supersoft-bonus", op.Compound) // league 8-B
	} else if op.Bonus {
		add("fact.soft-bonus") // O-TYR-04, FDR R8.10
	}
	switch op.Top { // league variant 6-A (OptionFacts says a pilot point of 23-A instead)
	case 1:
		add("fact.top-more")
	case -1:
		add("fact.top-less")
	}
	return out
}

// gearWhat is "4th gear (d12): 7–12 spaces" (every gear offered has its
// die: Config.Validate checks the dice set).
func (g *Game) gearWhat(gear int) phrase.Phrase {
	die, _ := g.gearDie(gear)
	return phrase.New("opt.gear", phrase.Ordinal(gear), die.Name, die.Min(), die.Max())
}

// appendWear adds one fact per category the option costs, named as the
// ruleset names it (gas under fdr).
func (g *Game) appendWear(out []phrase.Phrase, w Wear) []phrase.Phrase {
	for cat := Category(0); cat < NumCategories; cat++ {
		if w[cat] > 0 {
			out = append(out, phrase.New("fact.wear", phrase.Category(g.Config.Rules.CategoryName(cat)), w[cat]))
		}
	}
	return out
}

// appendRepair adds one fact per category the option gives points back to.
func (g *Game) appendRepair(out []phrase.Phrase, w Wear) []phrase.Phrase {
	for cat := Category(0); cat < NumCategories; cat++ {
		if w[cat] > 0 {
			out = append(out, phrase.New("fact.repair", phrase.Category(g.Config.Rules.CategoryName(cat)), w[cat]))
		}
	}
	return out
}

// appendTyreCell says, with 8-C's matrix on (TyreMatrix), what w, the
// weather of the choice, does to a tyre: its highest gear, its cost a
// square overshot and the set laps at that cost, and its aquaplaning on a
// d20 box (league AMB-01).
func (g *Game) appendTyreCell(out []phrase.Phrase, w WeatherState, t Tyre) []phrase.Phrase {
	if g.hooks.matrix == nil {
		return out
	}
	cell, ok := g.cellIn(w, t)
	if !ok {
		return out
	}
	top := g.topGear()
	if cell.maxGear > 0 {
		top = min(top, cell.maxGear)
	}
	out = append(out, phrase.New("fact.tyre-cell", top, cell.cost, cell.setLaps))
	if cell.aquaRaw > 0 && g.hooks.gears != nil {
		if lo, hi := cell.aqua[0], cell.aqua[1]; lo == hi {
			out = append(out, phrase.New("fact.tyre-aquaplaning", lo, cell.aquaRaw))
		} else {
			out = append(out, phrase.New("fact.tyre-aquaplaning2", lo, hi, cell.aquaRaw))
		}
	}
	return out
}

func (g *Game) tyreTerm(t Tyre) phrase.Term { return phrase.Tyre(t.String()) }

func (g *Game) decisionCar(d *Decision) *Car {
	if d == nil || d.Car < 1 || d.Car > len(g.Cars) {
		return nil
	}
	return &g.Cars[d.Car-1]
}

// placeOf names a space as a player finds it on the board: the pit lane,
// the car's pit box, the corner it lies in, or the straight before the
// next corner, with its lane.
func (g *Game) placeOf(s tracks.SpaceID) (phrase.Phrase, bool) {
	return placeOn(g.Track, s, false)
}

// placeOn names space s of c, where an option goes or, for an event,
// where a car is: then its pit box is "in its pit box" rather than "into",
// a lane is named on the open track only (not in a tunnel), and a straight
// no corner follows is named too (the texts players read before issue 13).
func placeOn(c *tracks.Circuit, s tracks.SpaceID, forEvent bool) (phrase.Phrase, bool) {
	if c == nil || s < 0 || int(s) >= len(c.Spaces) {
		return phrase.Phrase{}, false
	}
	sp := c.Space(s)
	switch sp.Kind {
	case tracks.KindPit:
		return phrase.New("place.pit-lane"), true
	case tracks.KindBox:
		if forEvent {
			return phrase.New("place.in-box"), true
		}
		return phrase.New("place.box"), true
	}
	lane, hasLane := laneOf(c, s)
	if forEvent && sp.Kind != tracks.KindTrack {
		hasLane = false
	}
	if sp.Corner >= 0 && sp.Corner < len(c.Corners) {
		if hasLane {
			return phrase.New("place.corner-lane", c.Corners[sp.Corner].Name, lane), true
		}
		return phrase.New("place.corner", c.Corners[sp.Corner].Name), true
	}
	if next := c.NextCorner(sp.Level); next >= 0 && next < len(c.Corners) {
		if hasLane {
			return phrase.New("place.straight-lane", c.Corners[next].Name, lane), true
		}
		return phrase.New("place.straight-before", c.Corners[next].Name), true
	}
	if !forEvent {
		return phrase.Phrase{}, false // a circuit without corners: nothing to say
	}
	if hasLane {
		return phrase.New("place.any-straight-lane", lane), true
	}
	return phrase.New("place.any-straight"), true
}

// laneOf is the lane of a track space among the spaces beside it; false
// where the track has one lane.
func laneOf(c *tracks.Circuit, s tracks.SpaceID) (phrase.Term, bool) {
	left, right := false, false
	for _, o := range c.Beside(s) {
		if c.Space(o).Offset < c.Space(s).Offset {
			left = true
		} else {
			right = true
		}
	}
	switch {
	case left && right:
		return "lane.middle", true
	case right:
		return "lane.left", true
	case left:
		return "lane.right", true
	}
	return "", false
}

// appendDownforceFact says the downforce setting a pit option fits and
// the repairs it counts (DownforceRule, league 5-B, 5-C).
func (g *Game) appendDownforceFact(out []phrase.Phrase, op Option) []phrase.Phrase {
	if op.Downforce == "" || g.hooks.downforce == nil {
		return out
	}
	return append(out, g.hooks.downforce.DownforceFact(op.Downforce, op.DownforceUp))
}
