package rs

import (
	"errors"
	"testing"
)

func pileText(p []TyreCard) string {
	v := make([]int, len(p))
	for i, c := range p {
		v[i] = c.Value
	}
	return joinInts(v)
}

// R-TYR-01, R-TYR-02, T-02: the piles, new cards on top, then −3, −4, −5.
func TestTyrePiles(t *testing.T) {
	for tyre, want := range map[Tyre]string{
		Hard:  "0,0,0,0,0,0,0,-3,-3,-4,-4,-5",
		Soft:  "2,2,2,2,2,-3,-4,-5",
		Inter: "0,0,0,0,0,0,0,-3,-3,-3",
		Rain:  "0,0,0,0,0,-3,-3,-3",
	} {
		if got := pileText(NewPile(tyre, StandardPiles[tyre])); got != want {
			t.Errorf("%s: %s, want %s", tyre, got, want)
		}
	}
	p := NewPile(Hard, StandardPiles[Hard])
	if p[6].Worn || !p[7].Worn {
		t.Fatal("worn flags")
	}
}

// R-SPD-04, T-09, AMB-10: slicks read their card up to humidity 3, the
// table from 4 (no soft +2 then); intermediates and rain read the table at
// every humidity; without weather the card alone counts.
func TestTyreWeatherModifier(t *testing.T) {
	newSoft, wornSoft := TyreCard{Value: 2}, TyreCard{Value: -4, Worn: true}
	newInter, wornInter := TyreCard{}, TyreCard{Value: -3, Worn: true}
	for _, tc := range []struct {
		tyre    Tyre
		top     TyreCard
		h       int
		weather bool
		want    int
	}{
		{Soft, newSoft, 0, true, 2},
		{Soft, newSoft, 3, true, 2},
		{Soft, newSoft, 4, true, -2},
		{Soft, newSoft, 5, true, -4},
		{Soft, wornSoft, 2, true, -4}, // P-x
		{Soft, wornSoft, 4, true, -6},
		{Hard, TyreCard{}, 12, true, -9},
		{Inter, newInter, 0, true, -6},
		{Inter, newInter, 3, true, 0},
		{Inter, wornInter, 5, true, -1},
		{Inter, wornInter, 11, true, -5},
		{Rain, TyreCard{}, 6, true, -1},
		{Rain, TyreCard{}, 7, true, 0},
		{Rain, TyreCard{Value: -3, Worn: true}, 15, true, -3},
		{Soft, newSoft, 9, false, 2}, // R-MODE-03: no weather
		{Hard, TyreCard{Value: -5, Worn: true}, 15, false, -5},
	} {
		if got := TW(tc.tyre, tc.top, tc.h, tc.weather); got != tc.want {
			t.Errorf("%s %+v h=%d weather=%v: TW %d, want %d", tc.tyre, tc.top, tc.h, tc.weather, got, tc.want)
		}
	}
}

// R-TYR-05: cards set aside per turn by tyre and humidity.
func TestTyreWearCount(t *testing.T) {
	for _, tc := range []struct {
		tyre Tyre
		h    int
		want int
	}{
		{Rain, 11, 0}, {Rain, 15, 0}, {Rain, 5, 2}, {Rain, 0, 2}, {Rain, 6, 1}, {Rain, 10, 1},
		{Inter, 6, 0}, {Hard, 6, 0}, {Soft, 14, 0},
		{Inter, 0, 2}, {Inter, 1, 1}, {Inter, 5, 1},
		{Hard, 0, 1}, {Soft, 5, 1},
	} {
		if got := WearCount(tc.tyre, tc.h); got != tc.want {
			t.Errorf("%s at %d: %d, want %d", tc.tyre, tc.h, got, tc.want)
		}
	}
}

// R-TYR-04, AMB-55: the last card is never set aside.
func TestTyreWearKeepsTheLastCard(t *testing.T) {
	p := NewPile(Soft, StandardPiles[Soft])
	for range 20 {
		p, _ = Wear(p, 1)
	}
	if pileText(p) != "-5" {
		t.Fatalf("after 20 turns: %s", pileText(p))
	}
	p = []TyreCard{{Value: 0}, {Value: -3, Worn: true}}
	rest, removed := Wear(p, 2)
	if pileText(rest) != "-3" || len(removed) != 1 {
		t.Fatalf("2 to remove from 2: %s, removed %d", pileText(rest), len(removed))
	}
}

// R-ADJ-03, AMB-07: under Economise the worn-off cards are saved; at 2
// saved, one goes back on top and the other is discarded.
func TestEconomiseSavesTyreCards(t *testing.T) {
	p := NewPile(Hard, StandardPiles[Hard])
	p, removed := Wear(p, 1)
	p, saved, discarded := Save(p, nil, removed)
	if len(saved) != 1 || len(discarded) != 0 || len(p) != 11 {
		t.Fatalf("first save: pile %d saved %d", len(p), len(saved))
	}
	p, removed = Wear(p, 1)
	p, saved, discarded = Save(p, saved, removed)
	if len(saved) != 0 || len(discarded) != 1 || len(p) != 11 {
		t.Fatalf("second save: pile %d saved %d discarded %d; two Economise turns buy one turn", len(p), len(saved), len(discarded))
	}
}

// R-REC-02..05: step 1 drops a car back by its negative modifier (R-REC-03): worn −4
// drops 4; tyre 0 and one damage card drops 2 (ALO in the worked
// example); a system car ignores damage; a positive modifier never moves
// a car forward.
func TestStepOneDropBack(t *testing.T) {
	for _, tc := range []struct {
		tw, damage int
		system     bool
		want       int
	}{{-4, 0, false, 4}, {0, 1, false, 2}, {0, 1, true, 0}, {2, 0, false, 0}, {-3, 2, false, 7}} {
		if got := StepOneDrop(Modifier(tc.tw, tc.damage, tc.system)); got != tc.want {
			t.Errorf("%+v: drop %d, want %d", tc, got, tc.want)
		}
	}
}

// R-ADJ-01, AMB-09: Economise drops M 0 → 2, +2 → 0, −2 → 2 more; Tapez
// advances min(2, squares dropped at step 1).
func TestTapezEconomiseAdjustment(t *testing.T) {
	for m, want := range map[int]int{0: 2, 2: 0, -2: 2, 1: 1, -5: 2} {
		if got := EconomiseDrop(m); got != want {
			t.Errorf("Economise at M=%d: %d, want %d", m, got, want)
		}
	}
	for m, want := range map[int]int{0: 0, 2: 0, -1: 1, -2: 2, -5: 2} {
		if got := TapezAdvance(m); got != want {
			t.Errorf("Tapez at M=%d: %d, want %d", m, got, want)
		}
	}
}

// R-SPD-01, R-SPD-02, T-32: "298, +2, +2 = 302"; the worked example's
// totals; a system car adds its owner's tyre and Tapez/Economise only.
func TestStandardSpeedTotals(t *testing.T) {
	if got := StandardSpeed(298, true, 2, false, false, 0); got != 302 {
		t.Fatalf("298 + risk + soft = %d", got)
	}
	for _, tc := range []struct {
		name                string
		card, tw            int
		tapez, econ, system bool
		damage, want        int
	}{
		{"SUT", 293, -3, false, false, true, 0, 290},
		{"RIC", 296, 0, false, true, false, 0, 294},
		{"VER", 293, 0, false, true, true, 0, 291},
		{"HAM", 300, -3, false, false, false, 0, 297},
		{"RAI", 293, 0, true, false, true, 0, 295},
		{"ROS", 293, -3, false, false, true, 0, 290},
		{"VET", 293, 0, false, true, true, 0, 291},
		{"KVY", 299, 0, true, false, true, 0, 301},
		{"ALO", 298, 0, true, false, false, 1, 298},
	} {
		got := StandardSpeed(tc.card, false, tc.tw, tc.tapez, tc.econ, tc.damage)
		if tc.system {
			got = SystemSpeed(tc.card, tc.tw, tc.tapez, tc.econ)
		}
		if got != tc.want {
			t.Errorf("%s: %d, want %d (T-32)", tc.name, got, tc.want)
		}
	}
}

// R-ORD-02, R-ORD-03, AMB-14, AMB-50: what an order may combine.
func TestStandardOrderLegality(t *testing.T) {
	newHard, worn := TyreCard{}, TyreCard{Value: -3, Worn: true}
	ok := []StandardOrder{
		{Card: 297, Risk: true, Tapez: true},
		{Card: 297, Economise: true},
		{Card: 297, Pit: true, PitTyre: Soft, PitDeck: "careful"},
	}
	for _, o := range ok {
		if err := CheckStandardOrder(o, Hard, newHard, 0); err != nil {
			t.Errorf("%+v refused: %v", o, err)
		}
	}
	for _, tc := range []struct {
		o      StandardOrder
		tyre   Tyre
		top    TyreCard
		damage int
	}{
		{StandardOrder{Card: 297, Tapez: true, Economise: true}, Hard, newHard, 0},
		{StandardOrder{Card: 297, Risk: true}, Hard, newHard, 1},
		{StandardOrder{Card: 297, Risk: true, Economise: true}, Hard, newHard, 0},
		{StandardOrder{Card: 297, Risk: true}, Hard, worn, 0},
		{StandardOrder{Card: 297, Tapez: true}, Hard, worn, 0},
		{StandardOrder{Card: 297, Economise: true}, Inter, newHard, 0},
		{StandardOrder{Card: 297, Pit: true, PitTyre: Soft, PitDeck: "fast"}, Hard, newHard, 0},
		{StandardOrder{Card: 297, Pit: true, PitDeck: "careful"}, Hard, newHard, 0},
	} {
		if err := CheckStandardOrder(tc.o, tc.tyre, tc.top, tc.damage); !errors.Is(err, ErrIllegal) {
			t.Errorf("%+v on %s %+v damage %d: %v", tc.o, tc.tyre, tc.top, tc.damage, err)
		}
	}
}

// R-VSJ-03: the system cars ahead of the best-placed player are fast
// (cards 297 and 295, best player 4th: the 1st–3rd play 297); with none
// ahead, the best-placed system car alone.
func TestFastSystemCars(t *testing.T) {
	sys := func(id int) *Car { return &Car{ID: id, Seat: -1} }
	player := func(id int) *Car { return &Car{ID: id, Seat: 0} }
	file := []*Car{sys(1), sys(2), sys(3), player(4), sys(5), player(6), sys(7)}
	fast := FastSystemCars(file)
	if len(fast) != 3 || !fast[file[0]] || !fast[file[2]] || fast[file[4]] {
		t.Fatalf("fast %v", fast)
	}
	file = []*Car{player(1), sys(2), player(3), sys(4)}
	fast = FastSystemCars(file)
	if len(fast) != 1 || !fast[file[1]] {
		t.Fatalf("fast %v", fast)
	}
}

// R-ORD-05, R-EOT-02/03: no draw in turns 1–8 and 17–24, a rebuild after
// turn 8, a draw after turns 9–16.
func TestStandardHandCycle(t *testing.T) {
	counts := map[string]int{}
	for turn := 1; turn <= 24; turn++ {
		counts[HandAfterTurn(turn)]++
	}
	if counts["rebuild"] != 1 || counts["draw"] != 8 || counts[""] != 15 || HandAfterTurn(8) != "rebuild" || HandAfterTurn(17) != "" {
		t.Fatalf("%v", counts)
	}
}
