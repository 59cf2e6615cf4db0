package rs

import (
	"fmt"
	"slices"
)

// The standard game's advanced rules and variants switched on one by one
// (R-MODE-01, racing-simulator.md §3.24): each is an optional rule of
// Optionals, written in the record header, and changes nothing when off.

// TyreSets are the sets of each type a seat has for qualifying and the
// race together under tyre-allocation (R-ADV-01). Its system cars fit
// what it fits and spend nothing (AMB-57). Pitwall's basic qualifying
// runs on no tyres, so the first set spent is the starting one.
var TyreSets = map[Tyre]int{Soft: 3, Hard: 3, Rain: 3, Inter: 4}

// newSets is a seat's allocation before the weekend.
func newSets() map[Tyre]int {
	out := map[Tyre]int{}
	for t, n := range TyreSets {
		out[t] = n
	}
	return out
}

// MayFit reports whether seat may fit a new set of t now: always, unless
// tyre-allocation is on and the seat has spent every set of t (R-ADV-01).
func (g *Game) MayFit(seat int, t Tyre) bool {
	if g.Std == nil || g.Std.Sets == nil {
		return true
	}
	return g.Std.Sets[seat][t] > 0
}

// PitTyres lists the tyres a stop of seat may fit now, hard, soft,
// intermediate, rain: those it still has a set of (R-ADV-01). Stops are
// ordered by adding "+pit-TYRE-DECK" to a speed order; these are the
// TYREs a menu offers.
func (g *Game) PitTyres(seat int) []Tyre {
	var out []Tyre
	for _, t := range []Tyre{Hard, Soft, Inter, Rain} {
		if g.MayFit(seat, t) {
			out = append(out, t)
		}
	}
	return out
}

// tyresEvent is the event of seat fitting new tyres of type t; under
// tyre-allocation it spends one of the seat's sets and says how many of
// that type are left.
func (g *Game) tyresEvent(seat int, t Tyre) Event {
	if g.Std.Sets == nil {
		return ev("tyres", Public, "seat", seat+1, "type", t)
	}
	g.Std.Sets[seat][t]--
	return ev("tyres", Public, "seat", seat+1, "type", t, "sets-left", g.Std.Sets[seat][t])
}

// checkSets refuses a stop, or starting tyres, of a type the seat has no
// set of left (R-ADV-01). At the start the set fitted by default is
// given back when another is named, so naming it again is always legal.
func (g *Game) checkSets(o Order) error {
	if o.Tyre == "" || (!o.Pit && o.Tyre == g.Std.Tyres[o.Seat]) || g.MayFit(o.Seat, o.Tyre) {
		return nil
	}
	return fmt.Errorf("%w: seat %d has no set of %s tyres left (tyre allocation, R-ADV-01)", ErrIllegal, o.Seat+1, o.Tyre)
}

// emergencyTyre is the type a seat fits at a puncture or a repair stop
// (AMB-45): the same type while sets remain, else the first of hard,
// soft, intermediate, rain it has a set of; ok is false when it has none.
func (g *Game) emergencyTyre(seat int) (Tyre, bool) {
	if t := g.Std.Tyres[seat]; g.MayFit(seat, t) {
		return t, true
	}
	for _, t := range []Tyre{Hard, Soft, Inter, Rain} {
		if g.MayFit(seat, t) {
			return t, true
		}
	}
	return "", false
}

// allowedTyre is the autopilot's tyre choice within the allocation: want
// if a set is left, else the type with a set left that loses least on a
// new card at humidity h (R-ADV-01); ok is false when no set is left.
func (g *Game) allowedTyre(seat int, want Tyre, h int) (Tyre, bool) {
	if g.MayFit(seat, want) {
		return want, true
	}
	best, found := Tyre(""), false
	for _, t := range []Tyre{Hard, Soft, Inter, Rain} {
		if g.MayFit(seat, t) && (!found || TW(t, g.FreshPile(t)[0], h, g.Cfg.Weather) > TW(best, g.FreshPile(best)[0], h, g.Cfg.Weather)) {
			best, found = t, true
		}
	}
	return best, found
}

// teams pairs the cars into teams of two, as T-03 groups them: each
// seat's group (its own car, then the system cars following it by
// number) two by two; a group of odd size leaves its last car over, and
// the cars left over pair up across seats in seat order (T-03's WIL19 of
// Blue and WIL77 of Red at four players). 18 cars always pair up.
func (g *Game) teams() map[int]int {
	mate := map[int]int{}
	var left []int
	for s, seat := range g.Seats {
		group := []int{seat.Car}
		for _, c := range g.Cars {
			if o, ok := g.Std.Owner[c.ID]; (ok && o == s) || (c.Seat == s && c.ID != seat.Car) {
				group = append(group, c.ID)
			}
		}
		for len(group) >= 2 {
			mate[group[0]], mate[group[1]] = group[1], group[0]
			group = group[2:]
		}
		left = append(left, group...)
	}
	for ; len(left) >= 2; left = left[2:] {
		mate[left[0]], mate[left[1]] = left[1], left[0]
	}
	return mate
}

// teamWait is a team's second car waiting behind the first in the pits.
type teamWait struct {
	first, second *Car
	between       int // the squares between them before the stops
}

// teamWaits lists, under team-pit-restriction, the team cars that stop
// on the same turn as their better-placed teammate (R-PIT-10, AMB-25):
// file is the order before the stops, stops says which cars stop.
func (g *Game) teamWaits(file []*Car, stops func(*Car) bool) []teamWait {
	if g.Std.Mate == nil {
		return nil
	}
	var out []teamWait
	for i, first := range file {
		if !stops(first) {
			continue
		}
		for _, second := range file[i+1:] {
			if g.Std.Mate[first.ID] == second.ID && stops(second) {
				out = append(out, teamWait{first, second, g.between(second, first)})
			}
		}
	}
	return out
}

// ManufacturerPiles is T-19: the hard and soft piles for the blue die of
// the manufacturer option (R-ADV-08); 0–2 gives T-02's.
func ManufacturerPiles(blue int) (hard, soft PileSpec) {
	switch {
	case blue <= 2:
		return PileSpec{7, 2, 2, 1}, PileSpec{5, 1, 1, 1}
	case blue <= 4:
		return PileSpec{8, 2, 2, 1}, PileSpec{5, 1, 1, 1}
	case blue == 5:
		return PileSpec{9, 3, 3, 1}, PileSpec{6, 1, 1, 1}
	case blue == 6:
		return PileSpec{10, 3, 3, 1}, PileSpec{7, 2, 2, 1}
	case blue == 7:
		return PileSpec{11, 4, 4, 1}, PileSpec{7, 2, 2, 1}
	}
	return PileSpec{12, 4, 4, 1}, PileSpec{8, 2, 2, 1}
}

// rollManufacturer rolls the manufacturer's blue die and fixes the hard
// and soft piles of the race (R-ADV-08, T-19); intermediate and rain
// piles stay T-02's.
func (g *Game) rollManufacturer(r Random) error {
	blue, err := g.roll("manufacturer", Blue, r)
	if err != nil {
		return err
	}
	hard, soft := ManufacturerPiles(blue)
	g.Std.Specs = map[Tyre]PileSpec{Hard: hard, Soft: soft}
	g.emit(ev("manufacturer", Public, "blue", blue, "hard", hard.String(), "soft", soft.String()))
	return nil
}

// String writes a pile as T-19 does: new/−3/−4/−5 cards.
func (p PileSpec) String() string { return fmt.Sprintf("%d/%d/%d/%d", p.New, p.M3, p.M4, p.M5) }

// FreshPile is a brand-new pile of t, of the manufacturer's size when its
// die was rolled (R-ADV-08), else T-02's (R-TYR-01).
func (g *Game) FreshPile(t Tyre) []TyreCard {
	if spec, ok := g.Std.Specs[t]; ok {
		return NewPile(t, spec)
	}
	return NewPile(t, StandardPiles[t])
}

// FixedFastPerSeat is how many fixed fast system cars each seat has under
// variant 10.3 (R-VAR-03): as many for every seat, about the four of the
// rules' example (VET, ALO, RAI, HAM) in all: 4 with one player, 2 each
// with two, 1 each from three; never more than a seat's system cars.
func FixedFastPerSeat(seats int) int { return max(1, 4/max(1, seats)) }

// fixedFast picks each seat's fixed fast system cars: its first
// FixedFastPerSeat by number.
func (g *Game) fixedFast() map[int]bool {
	fast := map[int]bool{}
	per := map[int]int{}
	k := FixedFastPerSeat(len(g.Seats))
	for _, c := range g.Cars {
		if s, ok := g.Std.Owner[c.ID]; ok && per[s] < k {
			per[s]++
			fast[c.ID] = true
		}
	}
	return fast
}

// MaxFast is the most fast system cars under variant 10.2 (R-VAR-02).
const MaxFast = 3

// fastSystemCars are the system cars that take the higher green card this
// turn: the fixed ones under variant 10.3 (R-VAR-03), else those ahead of
// the best-placed player car (R-VSJ-03, AMB-05), under variant 10.2 the
// first three of them (R-VAR-02).
func (g *Game) fastSystemCars() map[*Car]bool {
	if g.Std.Fast == nil && g.Cfg.ThreeFast {
		file := g.File()
		all, fast := FastSystemCars(file), map[*Car]bool{}
		for _, c := range file {
			if all[c] && len(fast) < MaxFast {
				fast[c] = true
			}
		}
		return fast
	}
	if g.Std.Fast == nil {
		return FastSystemCars(g.File())
	}
	fast := map[*Car]bool{}
	for _, c := range g.File() {
		if g.Std.Fast[c.ID] {
			fast[c] = true
		}
	}
	return fast
}

// seatCars are the cars seat drives: its own, and under variant 10.5 its
// second car, in its colour (R-VAR-05).
func (g *Game) seatCars(seat int) []*Car {
	out := []*Car{g.car(g.Seats[seat].Car)}
	if !g.Cfg.TwoCars {
		return out
	}
	for _, c := range g.Cars {
		if c.Seat == seat && c.ID != g.Seats[seat].Car {
			out = append(out, c)
		}
	}
	return out
}

// SmallHand is the hand of variant 10.1 (R-VAR-01): 5 speed cards, the
// rest of the block (3) or blocks (11) to draw one a turn.
const SmallHand = 5

// dealHand shuffles cards, a seat's block or blocks, and deals them: 8 in
// hand and the rest to draw (R-EOT-03), SmallHand under variant 10.1.
func (g *Game) dealHand(s int, cards []int, r Random) error {
	perm, err := g.shuffle("speed", s+1, len(cards), r)
	if err != nil {
		return err
	}
	cards = permute(cards, perm)
	n := 8
	if g.Cfg.SmallHands {
		n = SmallHand
	}
	seat := g.Seats[s]
	seat.Hand = slices.Sorted(slices.Values(cards[:n]))
	seat.Pile = slices.Clone(cards[n:])
	g.emit(ev("deal", Audience{Seats: []int{s}}, "seat", s+1, "hand", joinInts(seat.Hand), "pile", len(seat.Pile)))
	return nil
}

// SlowestFastGreen is the lowest card of the fast green pile under
// variant 10.4 (R-VAR-04): 297–300 fast, 293–296 slow.
const SlowestFastGreen = 297

// drawGreenFast and drawGreenSlow draw from the fast and the slow green
// piles of variant 10.4 (R-VAR-04). The two piles are the green deck's
// fast and slow cards in the order its recorded shuffle gave them, which
// deals them as two shuffled piles would; one of each is drawn every
// turn, so both run out together and are shuffled again together.
func (g *Game) drawGreenFast(r Random) (int, error) { return g.drawGreenOf(r, true) }
func (g *Game) drawGreenSlow(r Random) (int, error) { return g.drawGreenOf(r, false) }

func (g *Game) drawGreenOf(r Random, fast bool) (int, error) {
	of := func(v int) bool { return (v >= SlowestFastGreen) == fast }
	if !slices.ContainsFunc(g.Green, of) { // the pile is empty: every card shuffled again
		all := slices.Concat(g.Green, g.GreenDiscard)
		perm, err := g.shuffle("green", 0, len(all), r)
		if err != nil {
			return 0, err
		}
		g.Green, g.GreenDiscard = permute(all, perm), nil
	}
	i := slices.IndexFunc(g.Green, of)
	if i < 0 {
		return 0, fmt.Errorf("rs: the %s green pile is empty", map[bool]string{true: "fast", false: "slow"}[fast])
	}
	v := g.Green[i]
	g.Green = slices.Delete(slices.Clone(g.Green), i, i+1)
	return v, nil
}
