package fd

import "github.com/pitwall/pitwall/engine/phrase"

// The pilot points a league ledger keeps (23-A's earned points and season
// tokens, 23-C's nationality point, 4-B(b)'s team budget): the status
// (contract_status.go), a ±1 option's facts (facts.go), a position
// (position.go, qualifying_position.go) and the qualifying sessions
// (qualifying.go, setup.go) ask them of the base, which asks the chain's
// PilotPointLedger, SeasonTokens and QualifyingLedger modules. A
// qualifying session's spent points are counted on the race car in 23-A's
// own slots, which it names here from its init (KeepEarnedPilotPoints),
// as KeepDriedTrackGrace does for 8-C: the copy of the session's events
// and a position inside qualifying set them without the module.
var earnedPilotPointSlots struct {
	spent, inQualifying Slot[int]
	kept                bool
}

// KeepEarnedPilotPoints names 23-A's slots of the earned points spent
// this race ("pilot-point") and of those spent in qualifying
// ("qualifying-point"). Call it once, from the variant's init; a second
// call panics.
func KeepEarnedPilotPoints(spent, inQualifying Slot[int]) {
	if earnedPilotPointSlots.kept {
		panic("fd: KeepEarnedPilotPoints called twice")
	}
	earnedPilotPointSlots.spent, earnedPilotPointSlots.inQualifying, earnedPilotPointSlots.kept = spent, inQualifying, true
}

// qualifyingPoints is the distance chain of car's qualifying session:
// the copies of the modifiers that play in qualifying (23-A(i)'s point,
// with the points the race car has left). The Top (6-A), 23-C's and
// 4-B(b)'s points play in the race only.
func qualifyingPoints(chain []DistanceModifier, car *Car) []DistanceModifier {
	var out []DistanceModifier
	for _, m := range chain {
		if q, ok := m.(QualifyingLedger); ok {
			if s, ok := q.QualifyingCopy(car); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

// spentInQualifying counts a session's pilot point spent on the race car
// (copyQualiEvents): "if a pilot uses his bonus in qualifying he cannot
// use it in the race" (23-A(i)), so the race's uses are spent by it.
func spentInQualifying(race *Car, e Event) {
	if !earnedPilotPointSlots.kept {
		return
	}
	if x, ok := decoded[PilotPointEvent](e); ok && x.Point == "earned" {
		s := &earnedPilotPointSlots
		s.spent.Set(race, s.spent.Of(race)+1)
		s.inQualifying.Set(race, s.inQualifying.Of(race)+1)
	}
}

// restoreQualifyingPoints takes back the pilot points a position inside
// qualifying says the race car spent in its sessions (23-A(i)), before
// its session is opened with what it has left.
func restoreQualifyingPoints(g *Game, c *Car, cp CarPosition) {
	g.restorePilotPoints(c, countFlag(cp.Flags, "pilot-point"))
	if earnedPilotPointSlots.kept {
		earnedPilotPointSlots.inQualifying.Set(c, countFlag(cp.Flags, "qualifying-point"))
	}
}

// creditQualifyingGrid opens the pilot point a qualified grid place
// earns (23-A(c) "credited at GRID, before the race", 23-A(i)).
func (g *Game) creditQualifyingGrid(order []int) {
	for _, m := range g.hooks.distance {
		if q, ok := m.(QualifyingLedger); ok {
			q.CreditQualifyingGrid(g, order)
		}
	}
}

// PilotPointsSpentInQualifying counts the pilot points car spent in its
// qualifying sessions (23-A(i)): the race's status says why none is left.
func (g *Game) PilotPointsSpentInQualifying(car int) int {
	if car < 1 || car > len(g.Cars) || !earnedPilotPointSlots.kept {
		return 0
	}
	return earnedPilotPointSlots.inQualifying.Of(g.car(car))
}

// PilotPointsLeft is what car may still spend of its pilot points (23-A's
// earned, 23-C's nationality point) in this race.
func (g *Game) PilotPointsLeft(car int) int {
	if car < 1 || car > len(g.Cars) {
		return 0
	}
	n := 0
	for _, m := range g.hooks.distance {
		if p, ok := m.(PilotPointLedger); ok {
			n += p.PilotPointsLeft(g.car(car))
		}
	}
	return n
}

// TopSpendsPilotPoint says a ±1 option of car spends a pilot point (23-A,
// 23-C) rather than the lap's Top (6-A): the first modifier of the chain
// open to it is a pilot point.
func (g *Game) TopSpendsPilotPoint(car int) bool {
	if car < 1 || car > len(g.Cars) {
		return false
	}
	_, ok := g.distanceModifier(g.car(car)).(PilotPointLedger)
	return ok
}

// pilotPointsSpent counts the pilot points a car spent this race, one
// position flag each: 23-A's earned, 23-C's nationality point, 4-B(b)'s
// team budget, each its module's slot under "pilot-point".
func (c *Car) pilotPointsSpent() int { return sharedSlotsCount(c, "pilot-point") }

// restorePilotPoints shares the n pilot points a position says car spent
// among the chain's pilot points, in its order (the nationality point
// first, as it was spent first).
func (g *Game) restorePilotPoints(c *Car, n int) {
	for _, m := range g.hooks.distance {
		if p, ok := m.(PilotPointLedger); ok && n > 0 {
			n = p.RestorePilotPointsSpent(c, n)
		}
	}
}

// countFlag counts a position flag given once per use.
func countFlag(flags []string, name string) int {
	n := 0
	for _, f := range flags {
		if f == name {
			n++
		}
	}
	return n
}

// SeasonTokensLeft is what car may still spend of its season boost
// tokens (23-A(c)) this race; ok is false where the race has none.
func (g *Game) SeasonTokensLeft(car int) (n int, ok bool) {
	if car < 1 || car > len(g.Cars) {
		return 0, false
	}
	for _, m := range g.hooks.distance {
		if s, is := m.(SeasonTokens); is {
			if n, ok := s.SeasonTokensLeft(g.car(car)); ok {
				return n, true
			}
		}
	}
	return 0, false
}

// pilotPointFacts says a ±1 option of car spends a pilot point, not the
// Top, and how many the car has left this race before it (23-A, 23-C):
// the Top's phrase appendMoveCauses wrote becomes the pilot point's, or
// the season token's with the tokens left (23-A(c)).
func (g *Game) pilotPointFacts(out []phrase.Phrase, car, delta int) []phrase.Phrase {
	key, left := "fact.pilot-more", g.PilotPointsLeft(car)
	if delta < 0 {
		key = "fact.pilot-less"
	}
	if s, ok := g.distanceModifier(g.car(car)).(SeasonTokens); ok && s.SpendsSeasonToken(g.car(car), delta) {
		key = "fact.season-token"
		left, _ = s.SeasonTokensLeft(g.car(car))
	}
	for i := range out {
		if out[i].Key == "fact.top-more" || out[i].Key == "fact.top-less" {
			out[i] = phrase.New(key, left)
		}
	}
	return out
}

// KeepsPilotPoints says the race has pilot points a league ledger keeps
// (23-A, 23-C, 4-B(b)): the status shows each car's count.
func (g *Game) KeepsPilotPoints() bool {
	for _, m := range g.hooks.distance {
		if _, ok := m.(PilotPointLedger); ok {
			return true
		}
	}
	return false
}
