package rs

import (
	"slices"
	"testing"

	"github.com/pitwall/pitwall/engine/rs/decks"
)

// the worked example's first steps (T-33, EX-R-20 in spirit): seat 1's
// car on worn −3 tyres drops 3; seat 2's car on new hard tyres with one
// damage card drops 2 while its system car does not (R-REC-05); a soft
// +2 never moves forward. R-TYR-03: the top card (−3, worn) is the
// tyres' state.
func TestStepOneDropBacks(t *testing.T) {
	g := stdGame(t)
	g.Std.Owner = map[int]int{4: 1, 5: 2}
	g.Std.Piles[0] = []TyreCard{{Value: -3, Worn: true}, {Value: -4, Worn: true}}
	g.Std.Piles[1] = NewPile(Hard, StandardPiles[Hard])
	g.Std.Tyres[2] = Soft
	g.Std.Piles[2] = NewPile(Soft, StandardPiles[Soft])
	g.car(2).Slow = 1
	place(g, map[int]int{1: 50, 4: 40, 2: 30, 3: 20, 5: 10})
	ms := g.stepOne(0, false)
	if got := fileText(g); got != "1@47 4@40 2@28 3@20 5@10" {
		t.Fatalf("file %s", got)
	}
	if ms[g.car(1)] != -3 || ms[g.car(2)] != -2 || ms[g.car(4)] != 0 || ms[g.car(3)] != 2 {
		t.Fatalf("modifiers %d %d %d %d", ms[g.car(1)], ms[g.car(2)], ms[g.car(4)], ms[g.car(3)])
	}
	// R-REC-01, AMB-52: last to first on the snapshot: with weather, humidity
	// 5, slicks read P-4: every car of seats 2 and 3 (and their system cars) drops.
	g2 := stdGame(t)
	g2.Std.Owner = map[int]int{4: 0, 5: 0}
	for s := range 3 {
		g2.Std.Piles[s] = NewPile(Hard, StandardPiles[Hard])
	}
	place(g2, map[int]int{1: 50, 4: 49, 2: 48, 3: 47, 5: 46})
	g2.stepOne(5, true)
	for _, c := range g2.Cars {
		if c.Dist > 46 {
			t.Fatalf("humidity 5 on slicks: %s", fileText(g2))
		}
	}
}

// R-ADJ-01, R-ADJ-02: Economise drops a car on new hard tyres 2 squares,
// its system cars too; Tapez brings back min(2, the step-1 drop) and
// costs the seat one tyre card, once for all its cars. R-ADV-03, R-ADV-04,
// R-VSJ-06: the owner's Tapez and Economise move its system cars too.
func TestStepFourTapezEconomise(t *testing.T) {
	g := stdGame(t)
	g.Std.Owner = map[int]int{4: 0, 5: 1}
	g.Std.Piles[0] = NewPile(Hard, StandardPiles[Hard])
	g.Std.Piles[1] = []TyreCard{{Value: -3, Worn: true}, {Value: -4, Worn: true}}
	g.Std.Piles[2] = NewPile(Hard, StandardPiles[Hard])
	place(g, map[int]int{1: 60, 4: 50, 2: 40, 5: 30, 3: 20})
	ms := g.stepOne(0, false) // seat 2's cars drop 3: car 2 → 37, car 5 → 27
	g.stepFour(ms, map[int]bool{1: true}, map[int]bool{0: true})
	// economise (seat 1: cars 1 and 4, M 0) → −2; tapez (seat 2: cars 2
	// and 5, M −3) → +2
	if got := fileText(g); got != "1@58 4@48 2@39 5@29 3@20" {
		t.Fatalf("file %s", got)
	}
	if len(g.Std.Piles[1]) != 1 {
		t.Fatalf("tapez should cost one card for the seat: %d left", len(g.Std.Piles[1]))
	}
}

// R-TYR-04/05/07, R-ADJ-03: step 9 wears each seat's pile once (its
// system cars share it); under Economise the cards are saved and every
// second one comes back.
func TestStepNineWear(t *testing.T) {
	g := stdGame(t)
	for s := range 3 {
		g.Std.Piles[s] = NewPile(Hard, StandardPiles[Hard])
	}
	g.Std.Tyres[1] = Inter
	g.Std.Piles[1] = NewPile(Inter, StandardPiles[Inter])
	saved := map[int][]TyreCard{}
	g.stepNine(0, map[int]bool{2: true}, saved)
	if len(g.Std.Piles[0]) != 11 || len(g.Std.Piles[1]) != 8 || len(g.Std.Piles[2]) != 11 || len(saved[2]) != 1 {
		t.Fatalf("piles %d %d %d, saved %d", len(g.Std.Piles[0]), len(g.Std.Piles[1]), len(g.Std.Piles[2]), len(saved[2]))
	}
	g.stepNine(0, map[int]bool{2: true}, saved)
	if len(g.Std.Piles[2]) != 11 || len(saved[2]) != 0 {
		t.Fatalf("two economise turns: pile %d saved %d", len(g.Std.Piles[2]), len(saved[2]))
	}
}

// R-ORD-05, R-EOT-02/03, AMB-51: after turn 8, two blocks shuffled, 8 in
// hand and 8 face down, each value twice across them; the green deck
// rebuilt as 32; draws after turns 9–16, none after 17.
func TestStandardHandsCycle(t *testing.T) {
	g := stdGame(t)
	for _, s := range g.Seats {
		s.Hand, s.Pile = nil, nil
	}
	if err := g.stdHands(8, scripted(nil)); err != nil {
		t.Fatal(err)
	}
	for _, s := range g.Seats {
		count := map[int]int{}
		for _, v := range append(slices.Clone(s.Hand), s.Pile...) {
			count[v]++
		}
		if len(s.Hand) != 8 || len(s.Pile) != 8 || len(count) != 8 || count[293] != 2 || count[300] != 2 {
			t.Fatalf("hand %v pile %v", s.Hand, s.Pile)
		}
	}
	if len(g.Green) != 32 || len(g.GreenDiscard) != 0 {
		t.Fatalf("green %d", len(g.Green))
	}
	for turn := 9; turn <= 17; turn++ {
		g.stdHands(turn, scripted(nil))
	}
	if len(g.Seats[0].Hand) != 16 || len(g.Seats[0].Pile) != 0 {
		t.Fatalf("after turn 17: hand %d pile %d", len(g.Seats[0].Hand), len(g.Seats[0].Pile))
	}
}

// R-RSK-04 (standard): a slow risk card is nose damage until a stop
// changes the nose; the card then goes from the car to the discard.
func TestStandardNoseDamageRepaired(t *testing.T) {
	risk := make([]int, 24)
	for i := range risk {
		risk[i] = i
	}
	risk[0], risk[20] = 20, 0 // slow on top
	g := newFamily(t, 2, testCircuit(nil), []int{1, 1, 1}, nil, nil, nil, risk)
	g.Std = &StdState{Owner: map[int]int{}, Tyres: map[int]Tyre{0: Hard, 1: Hard}, Piles: map[int][]TyreCard{}, Fitted: map[int][]Tyre{},
		Nose: map[int]bool{}, Chrono: map[string][]decks.TimeCard{"careful": tc(4)}, ChronoUsed: map[string][]decks.TimeCard{}}
	src := scripted([]int{5, 5, 0})
	g.Submit(order(0, 293, true), src)
	g.Submit(order(1, 293, false), src)
	if !g.Std.Nose[1] || g.car(1).Slow != 1 || len(g.car(1).Cards) != 1 {
		t.Fatalf("nose %v slow %d", g.Std.Nose[1], g.car(1).Slow)
	}
	discarded := len(g.RiskDiscard)
	if err := g.pitStops([]PitOrder{{Seat: 0, Deck: "careful", Tyre: Hard, Nose: true}}, scripted(nil)); err != nil {
		t.Fatal(err)
	}
	if g.Std.Nose[1] || g.car(1).Slow != 0 || len(g.car(1).Cards) != 0 || len(g.RiskDiscard) != discarded+1 {
		t.Fatalf("after the nose change: nose %v slow %d cards %d", g.Std.Nose[1], g.car(1).Slow, len(g.car(1).Cards))
	}
}
