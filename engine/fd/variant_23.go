package fd

import "fmt"

// 23-A Pilot experience points and 23-B Team points
// (league-variants.md ch. 23): ledgers the league keeps from each event's
// result (engine/league/ledger.go, bot/league_ledgers.go).
//
// 23-A's race side is the pilot point spent as ±1 square on one move
// (§0.4 step 4, the modifier the Top is): the league gives each event's
// game the uses each car's balance opens (uses=1/0/2, car 1 first); a car
// with a use left is offered the moves of its roll ±1 as it is under the
// Top (6-A), race only. With 6-A on too, a ±1 spends the lap's Top first
// and a pilot point only once the Top is spent: one ±1 a move, never two
// [DEC]. Each point spent is a "pilot-point" event the league reads back
// to debit the ledger. 23-B's uses (build points, quick stops) and 23-A's
// reroll, refused test and build point have no race hook yet: their
// ledgers are kept and shown, and a game gets no use from them.

func variant23A() Variant {
	return Variant{ID: "23-A", Group: "b", Name: "Pilot experience points", NameFR: "Points de pilotes", Chapter: chExperience, Scope: ScopeLeague, Engine: true,
		Params: []VariantParam{
			param("scheme", "c", "the earning and spending scheme of §2 23-A", "a1", "a2", "b", "c", "d", "e", "f", "g", "h", "i"),
			{Key: "uses", Default: "", OmitEmpty: true, Help: "each car's pilot points open this race, car 1 first, separated by / (the league fills it from its ledger)"},
		},
		Help: "a ledger of bonus points each pilot earns from his results (and, by scheme, his team), spent in whole units as ±1 square on a move, capped, carried to the next season; balances in the standings",
		set: func(c *Config, p map[string]string) error {
			uses, err := parsePlaces(p["uses"])
			if err != nil {
				return fmt.Errorf("variant 23-A: uses: %w", err)
			}
			for _, n := range uses {
				if n > 2 {
					return fmt.Errorf("variant 23-A: uses: %d pilot points in one race, at most 2 (23-A(a1))", n)
				}
			}
			c.Variants.PilotScheme, c.Variants.PilotPoints = p["scheme"], p["uses"]
			return nil
		},
		get: func(c Config) (map[string]string, bool) {
			return map[string]string{"scheme": c.Variants.PilotScheme, "uses": c.Variants.PilotPoints}, c.Variants.PilotScheme != ""
		},
	}
}

func variant23B() Variant {
	return Variant{ID: "23-B", Group: "b", byLeague: true, Name: "Team points", NameFR: "Points d'écuries", Chapter: chExperience, Scope: ScopeLeague,
		Params: []VariantParam{param("scheme", "c", "a: build point per 3 wins, b: decimal bonus, c: quick-stop bonus", "a", "b", "c")},
		Help:   "a team ledger: a permanent build point per 3 wins, a decimal team bonus, or a quick-stop success per whole team point; balances in the standings"}
}

// PilotPointsLeft is what car may still spend of 23-A's pilot points in
// this race.
func (g *Game) PilotPointsLeft(car int) int {
	if car < 1 || car > len(g.Cars) {
		return 0
	}
	uses := usesOf(g.Config.Variants.PilotPoints, car) + usesOf(g.Config.Variants.NationalPoints, car) // and 23-C's
	return max(uses-g.car(car).PilotPointsUsed, 0)
}

// TopSpendsPilotPoint says a ±1 option of car spends a pilot point (23-A)
// rather than the lap's Top (6-A).
func (g *Game) TopSpendsPilotPoint(car int) bool {
	return car >= 1 && car <= len(g.Cars) && !g.topOpen(g.car(car))
}

func (g *Game) pilotPointOpen(c *Car) bool { return g.PilotPointsLeft(c.Number) > 0 }

// usePilotPoint spends one of the car's pilot points (a "pilot-point"
// event before the move): 23-C's nationality point first, which the race
// ends, then an earned one of 23-A.
func (g *Game) usePilotPoint(c *Car, delta int) {
	point := "earned"
	if c.PilotPointsUsed < usesOf(g.Config.Variants.NationalPoints, c.Number) {
		point = "national"
	}
	c.PilotPointsUsed++
	g.emit(ev("pilot-point", "car", c.Number, "delta", delta, "point", point))
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
