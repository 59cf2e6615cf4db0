package rs

import (
	"slices"

	"github.com/pitwall/pitwall/engine/rs/decks"
)

// Steps 1, 4 and 9 of the standard turn (R-TRN-01) on the file, tested on
// their own; the standard race that runs them is not playable yet.

// seatOf returns the seat whose tyres and strategy car c uses: its own,
// or its owner's for a system car (R-VSJ-06, R-TYR-07).
func (g *Game) seatOf(c *Car) (int, bool) {
	if c.System() {
		s, ok := g.Std.Owner[c.ID]
		return s, ok
	}
	return c.Seat, true
}

// modifier is car c's step-1 modifier M at humidity h (R-REC-02).
func (g *Game) modifier(c *Car, h int, weather bool) int {
	seat, ok := g.seatOf(c)
	if !ok {
		return 0
	}
	pile := g.Std.Piles[seat]
	if len(pile) == 0 {
		return 0
	}
	return Modifier(TW(g.Std.Tyres[seat], pile[0], h, weather), c.Slow, c.System())
}

// stepOne drops back every car whose modifier is negative, last to first
// from the order at the start of the step (R-REC-01..05, AMB-52); a
// positive modifier never moves a car forward. It returns each car's M,
// which step 4 needs.
func (g *Game) stepOne(h int, weather bool) map[*Car]int {
	ms := map[*Car]int{}
	file := g.File()
	for _, c := range file {
		ms[c] = g.modifier(c, h, weather)
	}
	for i := len(file) - 1; i >= 0; i-- {
		if n := StepOneDrop(ms[file[i]]); n > 0 {
			g.dropBackEv(file[i], n, "tyres")
		}
	}
	return ms
}

// stepFour applies Tapez and Economise (R-ADJ-01, R-ADJ-02): last to
// first, each car whose seat (its own, or its owner's) played one drops
// back (Economise) or advances (Tapez) by the rule's amount from its
// step-1 modifier; Tapez then discards the seat's top tyre card, once for
// the seat (its system cars share the pile).
func (g *Game) stepFour(ms map[*Car]int, tapez, economise map[int]bool) {
	file := g.File()
	for i := len(file) - 1; i >= 0; i-- {
		c := file[i]
		seat, ok := g.seatOf(c)
		if !ok {
			continue
		}
		switch {
		case economise[seat]:
			if n := EconomiseDrop(ms[c]); n > 0 {
				g.dropBackEv(c, n, "economise")
			}
		case tapez[seat]:
			if n := TapezAdvance(ms[c]); n > 0 {
				from := c.Dist
				pushed := g.advance(c, n)
				g.emit(ev("advance", Public, "car", c.ID, "by", n, "from", g.square(from), "to", g.square(c.Dist), "cause", "tapez"))
				for _, p := range pushed {
					g.emit(ev("pushed", Public, "car", p.ID, "to", g.square(p.Dist)))
				}
			}
		}
	}
	for seat := range g.Seats {
		if tapez[seat] {
			pile := g.Std.Piles[seat]
			if len(pile) > 1 {
				g.Std.Piles[seat] = pile[1:]
				g.emit(ev("tyre-card", Public, "seat", seat+1, "discarded", pile[0].Value, "cause", "tapez"))
			}
		}
	}
}

// stepNine wears every seat's tyres at humidity h (R-TYR-04, R-TYR-05):
// the cards set aside are discarded, or saved under Economise (R-ADJ-03).
// System cars share their owner's pile and wear nothing of their own
// (R-TYR-07).
func (g *Game) stepNine(h int, economise map[int]bool, saved map[int][]TyreCard) {
	for seat := range g.Seats {
		pile := g.Std.Piles[seat]
		rest, removed := Wear(pile, WearCount(g.Std.Tyres[seat], h))
		if economise[seat] {
			rest, saved[seat], _ = Save(rest, saved[seat], removed)
		}
		g.Std.Piles[seat] = rest
		g.emit(ev("wear", Public, "seat", seat+1, "removed", len(removed), "left", len(rest)))
	}
}

// stdHands runs the standard hand cycle at the end of turn t (R-ORD-05,
// R-EOT-02/03, AMB-51): after turn 8 each seat shuffles its two blocks,
// 8 to the hand and 8 face down, and the green deck is rebuilt as 4
// blocks, shuffled, whatever was left of it; after turns 9–16 each seat
// draws one card.
func (g *Game) stdHands(t int, r Random) error {
	cycle := HandAfterTurn(t)
	if g.Cfg.SmallHands && cycle == "" { // R-VAR-01: a card drawn whenever the pile holds one
		cycle = "draw"
	}
	switch cycle {
	case "rebuild":
		for s := range g.Seats {
			if err := g.dealHand(s, decks.Blocks(2), r); err != nil {
				return err
			}
		}
		green := decks.GreenStandard(t + 1)
		perm, err := g.shuffle("green", 0, len(green), r)
		if err != nil {
			return err
		}
		g.Green, g.GreenDiscard = permute(green, perm), nil
	case "draw":
		for s, seat := range g.Seats {
			if len(seat.Pile) == 0 {
				continue
			}
			v := seat.Pile[0]
			seat.Pile = seat.Pile[1:]
			i, _ := slices.BinarySearch(seat.Hand, v)
			seat.Hand = slices.Insert(seat.Hand, i, v)
			g.emit(ev("draw", Audience{Seats: []int{s}}, "seat", s+1, "card", v, "pile", len(seat.Pile)))
		}
	}
	return nil
}
