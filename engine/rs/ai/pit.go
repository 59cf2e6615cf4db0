package ai

import (
	"github.com/pitwall/pitwall/engine/ai"
	"github.com/pitwall/pitwall/engine/rs"
)

// A stop costs the circuit's pit time and a pit card of the careful deck,
// about 4 squares more (R-PIT-03, R-PIT-05).
const pitCardSquares = 4

// stop decides whether the car stops at the end of this green turn, and
// with which tyres (R-PIT, R-TYR, T-09).
func (d Driver) stop(g *rs.Game, seat int) stopPlan {
	pile := g.Std.Piles[seat]
	left := g.Turns - g.Turn
	if len(pile) == 0 || left == 0 {
		return noStop
	}
	if d.Level == ai.Rookie { // the absent player's rule: worn tyres only
		if a := g.Autopilot(seat); a.Pit {
			return stopPlan{Tyre: a.Tyre, Deck: a.Deck}
		}
		return noStop
	}
	t, h := g.Std.Tyres[seat], g.Race.Hum
	now := rs.TW(t, pile[0], h, g.Cfg.Weather)
	pit := left >= 2 && (pile[0].Worn || now <= -3)
	if styleOf(d.Level).pitWindow {
		// before the tyres are gone: when the next turn would start on
		// a worn card, unless running on to the flag costs less
		next := pile[min(rs.WearCount(t, h), len(pile)-1)]
		gone := now <= -3 || rs.TW(t, next, h, g.Cfg.Weather) <= -3
		pit = left >= 2 && gone && runOnCost(g, seat) > float64(g.Circuit.PitStop+pitCardSquares)
		// but it runs the first worn turn, as the pro does, when stopping
		// a turn later saves a whole stop before the flag
		if pit && !pile[0].Worn && next.Worn && stopsToFlag(g, left-1) < stopsToFlag(g, left) {
			pit = false
		}
	}
	if !pit {
		return noStop
	}
	return d.fit(g, seat, left)
}

// runOnCost is the squares the car loses running on these tyres to the
// flag at today's humidity: each turn's drop-back (R-REC-03) and as much
// again in speed (R-SPD-04), the pile worn down as R-TYR-05 says.
func runOnCost(g *rs.Game, seat int) float64 {
	pile := g.Std.Piles[seat]
	t, h := g.Std.Tyres[seat], g.Race.Hum
	wc := rs.WearCount(t, h)
	cost := 0.0
	i := 0
	for range g.Turns - g.Turn + 1 {
		tw := rs.TW(t, pile[min(i, len(pile)-1)], h, g.Cfg.Weather)
		cost += 2 * float64(max(0, -tw))
		i += wc
	}
	return cost
}

// stopsToFlag is how many stops a car stopping now makes to run turns
// more turns, each on a new set of the tyre plannedTyre plans.
func stopsToFlag(g *rs.Game, turns int) int {
	h := g.Race.Hum
	n := 0
	for ; turns > 0; n++ {
		life := setLife(g, plannedTyre(h, turns), h)
		if life == 0 {
			return n + 1
		}
		turns -= life
	}
	return n
}

// setLife is how many turns a new set of t lasts at humidity h: the
// turns that start on a new card, then one on the first worn card, the
// pile worn as R-TYR-05 says (R-TYR-01, R-TYR-02, R-ADV-08); 0 when the
// set does not wear (no wear at this humidity, or no worn card in it).
func setLife(g *rs.Game, t rs.Tyre, h int) int {
	wc := rs.WearCount(t, h)
	if wc == 0 {
		return 0
	}
	pile, life := g.FreshPile(t), 1
	for ; len(pile) > 1 && !pile[0].Worn; life++ {
		pile, _ = rs.Wear(pile, wc)
	}
	if len(pile) == 0 || !pile[0].Worn {
		return 0 // a pile with no worn card never wears out
	}
	return life
}

// plannedTyre is the tyre a stop plans for with left turns to run: the
// best for the humidity, and on a dry track hards for a long run and
// softs for the last 6 turns (T-09).
func plannedTyre(h, left int) rs.Tyre {
	want := rs.BestTyre(h)
	if want.Slick() {
		want = rs.Hard
		if left <= 6 {
			want = rs.Soft
		}
	}
	return want
}

// fit chooses the tyres a stop fits: the best for the humidity (T-09);
// on a dry track softs for a short run and hards for a long one, and the
// other slick when the car has fitted only its starting one (R-PEN-03);
// only a type with a set left (R-ADV-01); the careful deck (no incident).
func (d Driver) fit(g *rs.Game, seat, left int) stopPlan {
	h := g.Race.Hum
	want := plannedTyre(h, left)
	fitted := g.Std.Fitted[seat]
	if want.Slick() {
		if len(fitted) > 0 && rs.TyreRulePenalty(fitted[0], fitted, 1) > 0 {
			want = rs.Soft
			if fitted[0] == rs.Soft {
				want = rs.Hard
			}
		}
	}
	if !g.MayFit(seat, want) {
		best, found := rs.Tyre(""), false
		for _, t := range g.PitTyres(seat) {
			tw := rs.TW(t, rs.NewPile(t, rs.StandardPiles[t])[0], h, g.Cfg.Weather)
			if !found || tw > rs.TW(best, rs.NewPile(best, rs.StandardPiles[best])[0], h, g.Cfg.Weather) {
				best, found = t, true
			}
		}
		if !found {
			return noStop // every set spent: run on (R-ADV-01)
		}
		want = best
	}
	return stopPlan{Tyre: want, Deck: "careful"}
}

// safetyCar decides under the safety car: stay out, or stop now when the
// car will need a stop before the flag anyway (a stop under the safety
// car costs less, R-SC-03, R-SC-06). A rookie does what the autopilot
// does.
func (d Driver) safetyCar(g *rs.Game, seat int) rs.Order {
	auto := g.Autopilot(seat)
	left := g.Turns - g.Turn
	if d.Level == ai.Rookie || auto.Pit || left < 3 || len(g.Std.Piles[seat]) == 0 {
		return auto
	}
	if runOnCost(g, seat) < float64(g.Circuit.PitStop)/2 {
		return auto
	}
	s := d.fit(g, seat, left)
	if s.Tyre == "" {
		return auto
	}
	for _, o := range g.Options(seat) { // pits closed offer no stop (R-SC-03)
		if o.Pit && o.Tyre == s.Tyre && o.Deck == s.Deck {
			return rs.Order{Seat: seat, Pit: true, Tyre: s.Tyre, Deck: s.Deck}
		}
	}
	return auto
}
