package rs

import (
	"fmt"
	"slices"
	"sort"

	"github.com/pitwall/pitwall/engine/rs/decks"
)

// resolve plays the turn once every order is in, in the family sequence
// of T-18 (R-FAM-05): reveal, system cards, comparisons, dice, movement,
// risk, refill.
func (g *Game) resolve(r Random) error {
	g.emit(ev("reveal", Public, "turn", g.Turn))
	for _, c := range g.Cars {
		c.speed, c.locked, c.passed = 0, false, false
	}
	for s, o := range g.Sealed {
		seat := g.Seats[s]
		i := slices.Index(seat.Hand, o.Card)
		seat.Hand = slices.Delete(seat.Hand, i, i+1)
		seat.Played = append(seat.Played, o.Card)
		car := g.car(seat.Car)
		car.speed = o.Card - 2*car.Slow // R-SPD-03
		risk := 0
		if o.Risk {
			car.speed += 2
			risk = 1
		}
		g.emit(ev("play", Public, "seat", s+1, "car", car.ID, "card", o.Card, "risk", risk, "speed", car.speed))
	}
	if err := g.systemCards(r); err != nil {
		return err
	}
	g.compare()
	d, err := g.roll3("turn", r)
	if err != nil {
		return err
	}
	// R-FAM-09, R-POS-08: the whole file advances by the highest die.
	m := d.Move()
	for _, c := range g.Cars {
		if !c.Out {
			c.Dist += m
		}
	}
	g.emit(ev("move", Public, "by", m))
	if err := g.risk(d, r); err != nil {
		return err
	}
	g.endTurn()
	return nil
}

// drawGreen draws the top green card, reshuffling the discards into a new
// deck when it is empty (R-VSJ-01).
func (g *Game) drawGreen(r Random) (int, error) {
	if len(g.Green) == 0 {
		perm, err := g.shuffle("green", 0, len(g.GreenDiscard), r)
		if err != nil {
			return 0, err
		}
		g.Green, g.GreenDiscard = permute(g.GreenDiscard, perm), nil
		if len(g.Green) == 0 {
			return 0, fmt.Errorf("rs: the green deck is empty")
		}
	}
	v := g.Green[0]
	g.Green = g.Green[1:]
	return v, nil
}

// systemCards draws the two green cards: the higher to the system car in
// front, the lower to the one behind (R-FAM-07, AMB-04: by position now).
func (g *Game) systemCards(r Random) error {
	var sys []*Car
	for _, c := range g.File() {
		if c.System() {
			sys = append(sys, c)
		}
	}
	if len(sys) == 0 {
		return nil
	}
	a, err := g.drawGreen(r)
	if err != nil {
		return err
	}
	b, err := g.drawGreen(r)
	if err != nil {
		return err
	}
	g.GreenDiscard = append(g.GreenDiscard, a, b)
	hi, lo := max(a, b), min(a, b)
	g.emit(ev("system-cards", Public, "cards", joinInts([]int{a, b})))
	for i, c := range sys {
		c.speed = lo
		if i == 0 {
			c.speed = hi
		}
		g.emit(ev("system-speed", Public, "car", c.ID, "speed", c.speed))
	}
	return nil
}

// need is the speed difference attacker needs to pass target, directly
// in front of it: the threshold of the zone of the square directly behind
// target plus the gap (R-OVT-02, R-OVT-03, AMB-01, AMB-02).
func (g *Game) need(attacker, target *Car) int {
	gap := target.Dist - attacker.Dist - 1
	return g.Circuit.ZoneAt(target.Dist-1).Threshold() + gap
}

// compare runs the speed comparisons (R-CMP-01..08, R-FAM-08): player
// cars drive them, from the rearmost; after a player, the next is the
// nearest unprocessed player car in front of its current square (AMB-03).
func (g *Game) compare() {
	done := map[*Car]bool{}
	var p *Car
	for _, c := range g.File() {
		if !c.System() {
			p = c // the rearmost player car, once the loop ends
		}
	}
	for p != nil {
		done[p] = true
		g.compareOne(p)
		var next *Car
		for _, c := range g.Cars {
			if !c.Out && !c.System() && !done[c] && c.Dist > p.Dist && (next == nil || c.Dist < next.Dist) {
				next = c
			}
		}
		p = next
	}
}

func (g *Game) compareOne(p *Car) {
	a := g.ahead(p)
	// Cas 1: p attacks the car in front (R-CMP-02); a car passes and is
	// passed at most once a turn (R-CMP-05, R-CMP-06).
	if a != nil && !a.locked && !a.passed && !p.locked {
		need, diff := g.need(p, a), p.speed-a.speed
		if diff >= need {
			g.emit(ev("pass", Public, "car", p.ID, "over", a.ID, "speed", p.speed, "against", a.speed, "need", need))
			g.swap(p, a)
			p.locked, a.passed = true, true
			return
		}
	}
	// Cas 2: a system car directly behind attacks p (R-CMP-03).
	b := g.behind(p)
	if b != nil && b.System() && !b.locked && !p.passed {
		need, diff := g.need(b, p), b.speed-p.speed
		if diff >= need {
			g.emit(ev("pass", Public, "car", b.ID, "over", p.ID, "speed", b.speed, "against", p.speed, "need", need))
			g.swap(b, p)
			b.locked, p.passed = true, true
			return
		}
	}
	// Cas 2b: catching up, 1 square per km/h (R-CMP-04); never opening a
	// gap (R-CMP-07).
	if b != nil && b.System() && !b.locked {
		if gb := p.Dist - b.Dist - 1; gb > 0 && b.speed > p.speed {
			k := min(gb, b.speed-p.speed)
			g.reduceGap(b, k)
			g.emit(ev("close", Public, "car", b.ID, "on", p.ID, "by", k, "gap", gb-k))
		}
	}
	if a != nil && !a.locked {
		if ga := a.Dist - p.Dist - 1; ga > 0 && p.speed > a.speed {
			k := min(ga, p.speed-a.speed)
			g.reduceGap(p, k)
			g.emit(ev("close", Public, "car", p.ID, "on", a.ID, "by", k, "gap", ga-k))
		}
	}
}

// risk resolves the risks taken this turn on the red die (R-FAM-10,
// R-RSK-01..04): red 0 or 1, every risk-taker draws; red 2, only players
// next to each other in the file who both took risk (AMB-13). Last to
// first, from the order at the start of the step (AMB-52).
func (g *Game) risk(d Dice, r Random) error {
	took := map[*Car]bool{}
	for s, o := range g.Sealed {
		if o.Risk {
			took[g.car(g.Seats[s].Car)] = true
		}
	}
	if len(took) == 0 || d.Red > 2 {
		return nil
	}
	file := g.File()
	draw := map[*Car]bool{}
	for i, c := range file {
		if !took[c] {
			continue
		}
		if d.Red <= 1 {
			draw[c] = true
			continue
		}
		if (i > 0 && took[file[i-1]]) || (i+1 < len(file) && took[file[i+1]]) {
			draw[c] = true
		}
	}
	for i := len(file) - 1; i >= 0; i-- {
		c := file[i]
		if !draw[c] {
			continue
		}
		card, err := g.drawRisk(r)
		if err != nil {
			return err
		}
		g.emit(ev("risk-card", Public, "car", c.ID, "card", card))
		switch card.Kind {
		case "off":
			g.RiskDiscard = append(g.RiskDiscard, card)
			g.dropBackEv(c, card.N, "off-track")
		case "slow":
			c.Slow++
			c.Cards = append(c.Cards, card) // the card stays on the board (R-FAM-10)
			if g.Std != nil {
				g.Std.Nose[c.ID] = true // standard: until a nose change at a stop (R-RSK-04)
			}
			g.emit(ev("slow", Public, "car", c.ID, "cards", c.Slow))
		default: // sun: nothing happens
			g.RiskDiscard = append(g.RiskDiscard, card)
		}
	}
	return nil
}

func (g *Game) drawRisk(r Random) (decks.Card, error) {
	if len(g.Risk) == 0 {
		perm, err := g.shuffle("risk", 0, len(g.RiskDiscard), r)
		if err != nil {
			return decks.Card{}, err
		}
		g.Risk, g.RiskDiscard = permute(g.RiskDiscard, perm), nil
		if len(g.Risk) == 0 {
			return decks.Card{}, fmt.Errorf("rs: the risk deck is empty: every card is on a car")
		}
	}
	c := g.Risk[0]
	g.Risk = g.Risk[1:]
	return c, nil
}

// endTurn: the risk card goes back to hand (it never left it in this
// model), each player draws a speed card if his pile is not empty
// (R-FAM-11), the turn marker advances; after the last turn the race is
// over and classified by position (R-FAM-12).
func (g *Game) endTurn() {
	for s, seat := range g.Seats {
		if len(seat.Pile) > 0 {
			v := seat.Pile[0]
			seat.Pile = seat.Pile[1:]
			i, _ := slices.BinarySearch(seat.Hand, v)
			seat.Hand = slices.Insert(seat.Hand, i, v)
			g.emit(ev("draw", Audience{Seats: []int{s}}, "seat", s+1, "card", v, "pile", len(seat.Pile)))
		}
	}
	for i := range g.Sealed {
		g.Sealed[i] = nil
	}
	if g.Turn >= g.Turns {
		g.Over = true
		for i, c := range g.Classification() {
			g.emit(ev("finish", Public, "car", c.ID, "place", i+1, "square", g.square(c.Dist), "dist", c.Dist))
		}
		g.emit(ev("over", Public, "turns", g.Turn))
		return
	}
	g.Turn++
	g.emit(ev("turn", Public, "n", g.Turn))
}

// Classification is the running order: distance, descending (R-END-02).
func (g *Game) Classification() []*Car {
	f := g.File()
	sort.SliceStable(f, func(i, j int) bool { return f[i].Dist > f[j].Dist })
	return f
}
