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
	if g.Race != nil {
		return g.resolveStd(r)
	}
	g.emit(ev("reveal", Public, "turn", g.Turn))
	for _, c := range g.Cars {
		c.speed, c.locked, c.passed, c.blue = 0, false, false, 0
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
// target plus the gap (R-OVT-02, R-OVT-03, AMB-01, AMB-02). A lapped car
// (a back-marker: physically in front, a lap or more behind) is passed
// under blue flags: 1 for the first car to pass it this turn, k for the
// k-th, in any zone, plus the gap still to close (R-OVT-04, R-LAP-03).
func (g *Game) need(attacker, target *Car) int {
	gap := g.between(attacker, target)
	if backMarker(attacker, target) {
		return target.blue + 1 + gap
	}
	return g.Circuit.ZoneAt(target.Dist-1).Threshold() + gap
}

// backMarker: target, physically in front of attacker, is a lap or more
// behind it.
func backMarker(attacker, target *Car) bool { return target.Dist < attacker.Dist }

// compare runs the speed comparisons (R-CMP-01..08, R-FAM-08): player
// cars drive them, from the rearmost in the file; after a player, the
// next is the nearest unprocessed player car in front of its current
// square (AMB-03). Then the leader may lap the last car (R-LAP-01).
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
		f := g.File()
		for i := slices.Index(f, p) - 1; i >= 0; i-- {
			if !f[i].System() && !done[f[i]] {
				next = f[i]
				break
			}
		}
		p = next
	}
	g.lapLast()
}

// lapLast is R-LAP-01 (AMB-20): after the comparisons, if the leader is
// on the square directly behind the last car of the file (round the
// loop), it passes it with a difference of 1 in any zone, gaps never
// counting; a locked car takes no part and two system cars are never
// compared.
func (g *Game) lapLast() {
	f := g.File()
	if len(f) < 2 {
		return
	}
	lead, last := f[0], f[len(f)-1]
	if g.between(lead, last) != 0 || lead.locked || last.locked || (lead.System() && last.System()) {
		return
	}
	if diff := lead.speed - last.speed; diff >= 1 {
		g.emit(ev("pass", Public, "car", lead.ID, "over", last.ID, "speed", lead.speed, "against", last.speed, "need", 1))
		g.swap(lead, last)
		lead.locked = true
		last.blue++
		g.emit(ev("lapped", Public, "car", last.ID, "by", lead.ID))
	}
}

// canBePassed: a car passed once this turn cannot be passed again, unless
// it is a back-marker for the attacker (R-CMP-06, R-LAP-03).
func canBePassed(attacker, target *Car) bool {
	return !target.locked && (!target.passed || backMarker(attacker, target))
}

func (g *Game) compareOne(p *Car) {
	// Blue flags first: p passes the back-markers directly in front of it
	// one after the other, as long as it has passed no car on its own lap
	// this turn (R-LAP-03).
	for a := g.ahead(p); a != nil && backMarker(p, a) && !p.locked && !(p.System() && a.System()) && canBePassed(p, a); a = g.ahead(p) {
		need, diff := g.need(p, a), p.speed-a.speed
		if diff < need {
			break
		}
		g.emit(ev("pass", Public, "car", p.ID, "over", a.ID, "speed", p.speed, "against", a.speed, "need", need))
		g.swap(p, a)
		a.passed = true
		a.blue++
	}
	a := g.ahead(p)
	// Cas 1: p attacks the car in front (R-CMP-02); a car passes and is
	// passed at most once a turn (R-CMP-05, R-CMP-06).
	if a != nil && canBePassed(p, a) && !p.locked {
		need, diff := g.need(p, a), p.speed-a.speed
		if diff >= need {
			g.emit(ev("pass", Public, "car", p.ID, "over", a.ID, "speed", p.speed, "against", a.speed, "need", need))
			g.swap(p, a)
			p.locked, a.passed = true, true
			if backMarker(p, a) {
				a.blue++
			}
			return
		}
	}
	// Cas 2: a system car directly behind attacks p (R-CMP-03).
	b := g.behind(p)
	if b != nil && b.System() && !b.locked && canBePassed(b, p) {
		need, diff := g.need(b, p), b.speed-p.speed
		if diff >= need {
			g.emit(ev("pass", Public, "car", b.ID, "over", p.ID, "speed", b.speed, "against", p.speed, "need", need))
			g.swap(b, p)
			b.locked, p.passed = true, true
			if backMarker(b, p) {
				p.blue++
			}
			return
		}
	}
	// Cas 2b: catching up, 1 square per km/h (R-CMP-04); never opening a
	// gap (R-CMP-07).
	if b != nil && b.System() && !b.locked {
		if gb := g.between(b, p); gb > 0 && b.speed > p.speed {
			k := min(gb, b.speed-p.speed)
			g.reduceGap(b, k)
			g.emit(ev("close", Public, "car", b.ID, "on", p.ID, "by", k, "gap", gb-k))
		}
	}
	if a != nil && !a.locked {
		if ga := g.between(p, a); ga > 0 && p.speed > a.speed {
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
		if !o.Risk {
			continue
		}
		for i, c := range g.seatCars(s) { // R-VAR-05: the order is every undamaged car's
			if i == 0 || c.Slow == 0 {
				took[c] = true
			}
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
