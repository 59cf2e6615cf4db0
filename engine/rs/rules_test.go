package rs

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/rs/decks"
	"github.com/pitwall/pitwall/tracks/rscircuit"
)

// R-FAM-01: 2 to 6 players in the table's colours, plus 2 system cars.
func TestFamilyCarsByPlayers(t *testing.T) {
	g := newFamily(t, 3, testCircuit(nil), []int{1, 1, 1})
	var names []string
	for _, c := range g.Cars {
		names = append(names, c.Name)
	}
	if strings.Join(names, ",") != "blue,red,black,system-1,system-2" {
		t.Fatalf("cars %v", names)
	}
	if !g.car(4).System() || !g.car(5).System() || g.car(3).System() {
		t.Fatal("system cars are the last two")
	}
	for _, n := range []int{1, 7} {
		if _, err := NewGame("t", Config{Mode: Family, Seats: n}, testCircuit(nil), scripted([]int{1, 1, 1})); err == nil {
			t.Fatalf("%d players accepted", n)
		}
	}
	if _, err := NewGame("t", Config{Mode: "rally", Seats: 3}, testCircuit(nil), scripted(nil)); err == nil {
		t.Fatal("an unknown mode accepted")
	}
	if _, err := NewGame("t", Config{Mode: Family, Seats: 3, Weather: true}, testCircuit(nil), scripted([]int{1, 1, 1})); err == nil {
		t.Fatal("an optional rule accepted in the family game")
	}
}

// R-FAM-02, R-FAM-03: 12 hippo cards shuffled, 8 in hand and 4 face down;
// the green deck of 24 and the 24 risk cards shuffled; every shuffle is a
// hidden event.
func TestFamilySetupDecks(t *testing.T) {
	rev := []int{11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0}
	g := newFamily(t, 2, testCircuit(nil), []int{1, 1, 1}, rev)
	// seat 1 got the hippo set reversed: 298,297,296,295,300,…,293 → hand
	// = the first 8, pile = the last 4 in order.
	if got := joinInts(g.Seats[0].Hand); got != "295,296,297,297,298,298,299,300" {
		t.Fatalf("hand %s", got)
	}
	if got := joinInts(g.Seats[0].Pile); got != "296,295,294,293" {
		t.Fatalf("pile %s", got)
	}
	if len(g.Seats[1].Hand) != 8 || len(g.Seats[1].Pile) != 4 || len(g.Green) != 24 || len(g.Risk) != 24 {
		t.Fatalf("seat 2 %d+%d, green %d, risk %d", len(g.Seats[1].Hand), len(g.Seats[1].Pile), len(g.Green), len(g.Risk))
	}
	n := 0
	for _, e := range g.Events {
		if e.Kind == "shuffle" {
			n++
			if !e.To.Hidden {
				t.Fatalf("shuffle %s is not hidden", e.Text())
			}
		}
		if e.Kind == "deal" && (len(e.To.Seats) != 1 || e.To.Seats[0] != e.Int("seat")-1) {
			t.Fatalf("deal %s is not addressed to its seat only", e.Text())
		}
	}
	if n != 4 { // 2 speed decks, green, risk
		t.Fatalf("%d shuffles", n)
	}
}

// R-FAM-04, R-FAM-09: system car 1 on the start square advanced by the
// highest die (0 = 10); players behind in colour order; system car 2 at
// the tail; no gaps.
func TestFamilyPlacement(t *testing.T) {
	c := testCircuit(nil)
	c.Start = 5
	g := newFamily(t, 3, c, []int{3, 8, 7})
	if got := fileText(g); got != "4@13 1@12 2@11 3@10 5@9" {
		t.Fatalf("file %s", got)
	}
	g = newFamily(t, 2, c, []int{0, 4, 2})
	if got := fileText(g); got != "3@15 1@14 2@13 4@12" {
		t.Fatalf("file with a 0 (=10): %s", got)
	}
	for _, car := range g.Cars {
		if g.Gap(car) != 0 {
			t.Fatalf("car %d gap %d", car.ID, g.Gap(car))
		}
	}
}

func TestDiceReadings(t *testing.T) {
	// R-MOV-01 examples: (3, 8, 7) → 8; (0, 4, 2) → 10.
	if (Dice{3, 8, 7}).Move() != 8 || (Dice{0, 4, 2}).Move() != 10 {
		t.Fatal("Move")
	}
	if (Dice{0, 4, 2}).Low() != 0 || (Dice{5, 6, 5}).D100() != 65 {
		t.Fatal("Low, D100")
	}
}

// R-FAM-05, T-18: a turn runs reveal, system cards, comparisons, dice,
// movement, risk, refill.
func TestFamilyTurnSequence(t *testing.T) {
	g := newFamily(t, 2, testCircuit(nil), []int{1, 1, 1})
	src := scripted([]int{0, 4, 2})
	if _, err := g.Submit(order(0, 300, true), src); err != nil {
		t.Fatal(err)
	}
	st, err := g.Submit(order(1, 293, false), src)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(kinds(st.Events), " ")
	want := "order sealed reveal play system-cards system-speed pass roll move draw turn"
	if got != want {
		t.Fatalf("turn sequence\n got %s\nwant %s", got, want)
	}
}

// R-FAM-06, R-SPD-03: one speed card from the hand, optionally risk (+2: 297 + 2 =
// 299); a card not in hand is refused.
func TestFamilyOrders(t *testing.T) {
	g := newFamily(t, 2, testCircuit(nil), []int{1, 1, 1})
	if _, err := g.Submit(order(0, 301, false), scripted(nil)); !errors.Is(err, ErrIllegal) {
		t.Fatalf("301: %v", err)
	}
	g.Seats[0].Hand = []int{297, 299}
	if _, err := g.Submit(order(0, 298, false), scripted(nil)); !errors.Is(err, ErrIllegal) {
		t.Fatalf("a card not in hand: %v", err)
	}
	if _, err := g.Submit(order(0, 297, true), scripted(nil)); err != nil {
		t.Fatal(err)
	}
	st, err := g.Submit(order(1, 293, false), scripted([]int{5, 5, 5}))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range st.Events {
		if e.Kind == "play" && e.Int("seat") == 1 && e.Int("speed") != 299 {
			t.Fatalf("297 + risk: %s", e.Text())
		}
	}
	// 297 spent; the identity pile is 295,296,297,298: 295 is drawn.
	if got := joinInts(g.Seats[0].Hand); got != "295,299" {
		t.Fatalf("hand after the turn %s", got)
	}
}

// R-FAM-07, AMB-04: the higher green card goes to the system car in front
// now, the lower to the one behind, whichever they are.
func TestFamilySystemCardsByPosition(t *testing.T) {
	// green deck order: the first two cards are 293 and 300.
	green := make([]int, 24)
	for i := range green {
		green[i] = i
	}
	green[1], green[7] = green[7], green[1] // identity green: 293..300,295..298,…: index 7 is 300
	g := newFamily(t, 2, testCircuit(nil), []int{1, 1, 1}, nil, nil, green)
	place(g, map[int]int{4: 50, 1: 30, 2: 20, 3: 40}) // system-2 (car 4) now ahead of system-1
	src := scripted([]int{5, 5, 5})
	g.Submit(order(0, 293, false), src)
	st, err := g.Submit(order(1, 293, false), src)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range st.Events {
		if e.Kind == "system-speed" {
			got = append(got, e.Text())
		}
	}
	if strings.Join(got, "; ") != "system-speed car=4 speed=300; system-speed car=3 speed=293" {
		t.Fatalf("system speeds: %v", got)
	}
}

// compareWith sets speeds and positions and runs the comparisons only.
func compareWith(g *Game, at map[int]int, speed map[int]int) {
	place(g, at)
	for id, s := range speed {
		g.car(id).speed = s
	}
	g.compare()
}

// R-CMP-02, R-OVT-01, R-OVT-02, R-OVT-03: a pass needs the zone's threshold plus the gap;
// the zone is the square directly behind the target (AMB-01).
func TestCompareOvertakeThreshold(t *testing.T) {
	// cars 1, 2 players; 3, 4 system cars far away.
	c := testCircuit(map[int]rscircuit.Zone{19: rscircuit.Z3, 18: rscircuit.Z7})
	far := map[int]int{3: 60, 4: 0}
	for _, tc := range []struct {
		name        string
		p1, p2      int // distances of car 2 (attacker) and car 1 (target)
		s2, s1      int
		passes      bool
		wantFileTop string
	}{
		{"zone 3, gap 0, diff 3 passes", 19, 20, 298, 295, true, "2@20 1@19"},
		{"zone 3, gap 0, diff 2 fails", 19, 20, 297, 295, false, "1@20 2@19"},
		// gap 1: the square behind the target is 19 (zone 3), need 3+1
		{"zone 3 with a gap of 1 needs 4", 18, 20, 299, 295, true, "2@20 1@19"},
		{"zone 3 with a gap of 1, diff 3 closes", 18, 20, 298, 295, false, "1@20 2@19"},
	} {
		g := newFamily(t, 2, c, []int{1, 1, 1})
		at := map[int]int{2: tc.p1, 1: tc.p2}
		for k, v := range far {
			at[k] = v
		}
		compareWith(g, at, map[int]int{2: tc.s2, 1: tc.s1, 3: 300, 4: 293})
		if got := fileText(g); !strings.HasPrefix(got, "3@60 "+tc.wantFileTop) {
			t.Errorf("%s: file %s", tc.name, got)
		}
	}
}

// R-OVT-01, AMB-02: in a braking zone a car passes even 1 km/h slower.
func TestCompareBrakingZone(t *testing.T) {
	c := testCircuit(map[int]rscircuit.Zone{19: rscircuit.Brake})
	g := newFamily(t, 2, c, []int{1, 1, 1})
	compareWith(g, map[int]int{1: 20, 2: 19, 3: 60, 4: 0}, map[int]int{1: 296, 2: 295, 3: 300, 4: 293})
	if got := fileText(g); got != "3@60 2@20 1@19 4@0" {
		t.Fatalf("braking zone, 1 km/h slower: %s", got)
	}
	g = newFamily(t, 2, c, []int{1, 1, 1})
	compareWith(g, map[int]int{1: 20, 2: 19, 3: 60, 4: 0}, map[int]int{1: 297, 2: 295, 3: 300, 4: 293})
	if got := fileText(g); got != "3@60 1@20 2@19 4@0" {
		t.Fatalf("braking zone, 2 km/h slower passes: %s", got)
	}
}

// R-POS-04 Swap: the passer takes the target's square, the target the
// square behind it, and the gap disappears for every car behind.
func TestCompareSwapRemovesTheGap(t *testing.T) {
	g := newFamily(t, 2, testCircuit(nil), []int{1, 1, 1})
	// 3 (system) at 40; player 2 at 37 (gap 2), player 1 at 30, system 4 at 25
	compareWith(g, map[int]int{3: 40, 2: 37, 1: 30, 4: 25}, map[int]int{3: 293, 2: 297, 1: 293, 4: 293})
	// car 1 (rearmost player) first: 293 vs 297 ahead, nothing; system 4
	// behind equal speed: nothing. Then car 2: 297-293 = 4 ≥ 1 + 2 → pass.
	if got := fileText(g); got != "2@40 3@39 1@32 4@27" {
		t.Fatalf("file %s", got)
	}
}

// R-CMP-03: a system car directly behind a player passes him.
// R-CMP-04: otherwise it closes the gap by 1 square per km/h; then the
// player closes on the car ahead (example: gap 2, 296 vs 293 → closed).
func TestCompareSystemCarAttacksAndCatchUp(t *testing.T) {
	g := newFamily(t, 2, testCircuit(nil), []int{1, 1, 1})
	compareWith(g, map[int]int{3: 60, 1: 40, 4: 39, 2: 10}, map[int]int{3: 293, 1: 293, 4: 296, 2: 293})
	if got := fileText(g); got != "3@60 4@40 1@39 2@10" {
		t.Fatalf("system car behind passes: %s", got)
	}
	g = newFamily(t, 2, testCircuit(nil), []int{1, 1, 1})
	// player 1 at 40 with car 3 ahead at 43 (gap 2), system 4 at 36 (gap 3) behind.
	compareWith(g, map[int]int{3: 43, 1: 40, 4: 36, 2: 10}, map[int]int{3: 294, 1: 296, 4: 299, 2: 293})
	// car 2 (rearmost player) first: 293 against 299 ahead, nothing.
	// Car 1: 296-294=2 < 1+2 → no pass. Car 4 behind: 299-296=3 < 1+3 →
	// no pass; it closes min(3,3)=3 → 39 (car 2 behind moves too). Then
	// car 1 closes min(2,2)=2 on car 3: 1 at 42, and 4 and 2 with it.
	if got := fileText(g); got != "3@43 1@42 4@41 2@15" {
		t.Fatalf("catch-up: %s", got)
	}
}

// R-CMP-07, R-FAM-08: comparisons never open a gap; a slower car keeps
// its gap and loses no ground.
func TestCompareNeverOpensAGap(t *testing.T) {
	g := newFamily(t, 2, testCircuit(nil), []int{1, 1, 1})
	compareWith(g, map[int]int{3: 50, 1: 48, 2: 47, 4: 44}, map[int]int{3: 300, 1: 293, 2: 293, 4: 293})
	if got := fileText(g); got != "3@50 1@48 2@47 4@44" {
		t.Fatalf("file %s", got)
	}
}

// R-CMP-05, R-CMP-06, AMB-03: the passer is locked; the passed player is
// skipped; a car is passed at most once a turn.
func TestCompareLockedAndOnce(t *testing.T) {
	g := newFamily(t, 3, testCircuit(nil), []int{1, 1, 1})
	// file: 4 (sys) 50, 1 49, 2 48, 3 47, 5 (sys) 46. Car 3 (rearmost
	// player) is fastest: passes car 2; then car 3 is locked; the next
	// player ahead of 3's square is car 1, which cannot pass car 4 (equal).
	compareWith(g, map[int]int{4: 50, 1: 49, 2: 48, 3: 47, 5: 46}, map[int]int{4: 295, 1: 295, 2: 293, 3: 300, 5: 300})
	if got := fileText(g); got != "4@50 1@49 3@48 2@47 5@46" {
		t.Fatalf("file %s", got)
	}
	// car 2 was passed and skipped: system car 5 behind it (300 vs 293)
	// never attacks it (its Cas 2 is checked only when car 2 is processed).
	if !g.car(3).locked || !g.car(2).passed {
		t.Fatal("locks")
	}
}

// R-FAM-10, R-RSK-01, R-RSK-03 (last to first): red 0 or 1, every risk-taker draws; red 2, only
// players next to each other who both took risk; red 3, nobody.
func TestFamilyRiskTrigger(t *testing.T) {
	for _, tc := range []struct {
		red  int
		want string // cars drawing, last to first
	}{{0, "3,1"}, {1, "3,1"}, {2, ""}, {3, ""}} {
		g := newFamily(t, 3, testCircuit(nil), []int{1, 1, 1})
		// file: sys 4, 1, 2, 3, sys 5; players 1 and 3 take risk (not adjacent)
		src := scripted([]int{5, 5, tc.red})
		g.Submit(order(0, 293, true), src)
		g.Submit(order(1, 293, false), src)
		st, err := g.Submit(order(2, 293, true), src)
		if err != nil {
			t.Fatal(err)
		}
		var cars []string
		for _, e := range st.Events {
			if e.Kind == "risk-card" {
				cars = append(cars, e.Get("car"))
			}
		}
		if strings.Join(cars, ",") != tc.want {
			t.Errorf("red %d: draws by %v, want %s", tc.red, cars, tc.want)
		}
	}
	// red 2 with two neighbours both taking risk (AMB-13): both draw. The
	// green deck gives the front system car 300 so nobody passes it.
	green := make([]int, 24)
	for i := range green {
		green[i] = i
	}
	green[0], green[7] = 7, 0
	g := newFamily(t, 3, testCircuit(nil), []int{1, 1, 1}, nil, nil, nil, green)
	src := scripted([]int{5, 5, 2})
	g.Submit(order(0, 293, true), src)
	g.Submit(order(1, 293, true), src)
	st, _ := g.Submit(order(2, 293, false), src)
	var cars []string
	for _, e := range st.Events {
		if e.Kind == "risk-card" {
			cars = append(cars, e.Get("car"))
		}
	}
	if strings.Join(cars, ",") != "2,1" {
		t.Fatalf("red 2, neighbours: %v", cars)
	}
}

// R-FAM-10, R-RSK-04, R-SPD-03: sun does nothing; off-track drops back n squares
// (R-POS-05); slow is −2 km/h to the end of the race, and the car can no
// longer take risk.
func TestFamilyRiskEffects(t *testing.T) {
	// risk deck stacked: identity is sun×12, off-1×2, off-2×3, off-3×3, slow×4;
	// put off-3 (index 19) on top, then slow (index 20).
	risk := make([]int, 24)
	for i := range risk {
		risk[i] = i
	}
	risk[0], risk[19] = 19, 0
	risk[1], risk[20] = 20, 1
	g := newFamily(t, 2, testCircuit(nil), []int{1, 1, 1}, nil, nil, nil, risk)
	// file: sys 3 @ 1, 1 @ 0, 2 @ -1, sys 4 @ -2. Both players take risk, red 0.
	src := scripted([]int{1, 1, 0})
	g.Submit(order(0, 293, true), src)
	st, err := g.Submit(order(1, 293, true), src)
	if err != nil {
		t.Fatal(err)
	}
	// move 10 (red 0): 3@11 1@10 2@9 4@8. Car 2 (behind) draws first:
	// off-3 → from 9 back to 6, behind car 4, which it passed over.
	var got []string
	for _, e := range st.Events {
		switch e.Kind {
		case "risk-card", "drop", "pushed", "slow":
			got = append(got, e.Text())
		}
	}
	want := []string{
		"risk-card car=2 card=off-3",
		"drop car=2 by=3 from=9 to=6 cause=off-track",
		"risk-card car=1 card=slow",
		"slow car=1 cards=1",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("risk effects\n got %s\nwant %s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// car 1 is slow: −2 every turn, and no risk.
	if _, err := g.Submit(order(0, 294, true), src); !errors.Is(err, ErrIllegal) {
		t.Fatalf("risk on a slow car: %v", err)
	}
	for _, o := range g.Options(0) {
		if o.Risk {
			t.Fatal("a slow car is offered risk")
		}
	}
	src = scripted([]int{5, 5, 5})
	g.Submit(order(0, 300, false), src)
	st, _ = g.Submit(order(1, 293, false), src)
	for _, e := range st.Events {
		if e.Kind == "play" && e.Int("car") == 1 && e.Int("speed") != 298 {
			t.Fatalf("slow car: %s", e.Text())
		}
	}
}

// R-POS-05: drop back onto an occupied square: the car goes behind the
// occupant, pushing the block behind back one square.
func TestDropBackPushes(t *testing.T) {
	g := newFamily(t, 3, testCircuit(nil), []int{1, 1, 1})
	place(g, map[int]int{4: 20, 1: 19, 2: 16, 3: 15, 5: 14})
	pushed := g.dropBack(g.car(1), 3) // target 16 taken by 2 → 15, pushing 3 and 5
	if got := fileText(g); got != "4@20 2@16 1@15 3@14 5@13" {
		t.Fatalf("file %s", got)
	}
	if len(pushed) != 2 {
		t.Fatalf("pushed %d", len(pushed))
	}
	g.dropBack(g.car(4), 2) // target 18 free
	if got := fileText(g); got != "4@18 2@16 1@15 3@14 5@13" {
		t.Fatalf("file %s", got)
	}
}

// R-FAM-11: a speed card is drawn at the end of turns 1-4 only; the risk
// card comes back every turn. R-FAM-12: after 12 turns the race is over,
// classified by position.
func TestFamilyHandCycleAndEnd(t *testing.T) {
	g := newFamily(t, 2, testCircuit(nil), []int{1, 1, 1})
	for turn := 1; turn <= 12; turn++ {
		src := scripted([]int{5, 5, 5})
		for s := range 2 {
			if _, err := g.Submit(order(s, g.Seats[s].Hand[0], true), src); err != nil {
				t.Fatalf("turn %d seat %d: %v", turn, s+1, err)
			}
		}
		wantHand := 8
		if turn > 4 {
			wantHand = 12 - turn
		}
		if len(g.Seats[0].Hand) != wantHand {
			t.Fatalf("after turn %d: %d cards in hand, want %d", turn, len(g.Seats[0].Hand), wantHand)
		}
	}
	if !g.Over || len(g.Pending()) != 0 {
		t.Fatal("the race is not over after 12 turns")
	}
	if _, err := g.Submit(order(0, 293, false), scripted(nil)); !errors.Is(err, ErrOver) {
		t.Fatalf("after the end: %v", err)
	}
	var places []string
	for _, e := range g.Events {
		if e.Kind == "finish" {
			places = append(places, e.Get("car"))
		}
	}
	var want []string
	for _, c := range g.Classification() {
		want = append(want, itoa(c.ID))
	}
	if strings.Join(places, ",") != strings.Join(want, ",") || len(places) != 4 {
		t.Fatalf("finish %v, classification %v", places, want)
	}
	if g.Events[len(g.Events)-1].Text() != "over turns=12" {
		t.Fatal(g.Events[len(g.Events)-1].Text())
	}
}

func itoa(n int) string { return joinInts([]int{n}) }

// The league's own risk deck replaces the house deck (AMB-30).
func TestLeagueRiskDeck(t *testing.T) {
	d, err := decks.Parse("league", "rs-deck 1\ndeck risk\nname League\ncard off-5 x24\n")
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGame("t", Config{Mode: Family, Seats: 2, Risk: d}, testCircuit(nil), scripted([]int{1, 1, 1}))
	if err != nil {
		t.Fatal(err)
	}
	if g.Risk[0].String() != "off-5" || g.Events[0].Get("risk-deck") != "league" {
		t.Fatalf("%v %s", g.Risk[0], g.Events[0].Text())
	}
	_ = slices.Clone(g.Risk)
}

// R-VSJ-04, R-CMP-08: two system cars are never compared: no pass, no
// gap closed between them, whatever their speeds.
func TestSystemCarsNeverCompared(t *testing.T) {
	g := newFamily(t, 2, testCircuit(nil), []int{1, 1, 1})
	// players far ahead; system 3 at 20, system 4 at 18 (gap 1) much faster.
	compareWith(g, map[int]int{1: 60, 2: 50, 3: 20, 4: 18}, map[int]int{1: 300, 2: 300, 3: 293, 4: 300})
	if got := fileText(g); got != "1@60 2@50 3@20 4@18" {
		t.Fatalf("file %s", got)
	}
}

// R-CMP-01, AMB-03: comparisons start with the rearmost player and go on
// with the nearest player in front of the last one processed: here car 2
// (rear) passes car 1 first, so car 1, now behind it, is skipped and never
// attacks the system car in front.
func TestCompareProcessingOrder(t *testing.T) {
	g := newFamily(t, 2, testCircuit(nil), []int{1, 1, 1})
	compareWith(g, map[int]int{3: 30, 1: 29, 2: 28, 4: 10}, map[int]int{3: 293, 1: 299, 2: 300, 4: 293})
	if got := fileText(g); got != "3@30 2@29 1@28 4@10" {
		t.Fatalf("file %s", got)
	}
}

// R-POS-08, R-FAM-09: movement moves every car by the same amount: order
// and gaps are unchanged.
func TestMovementKeepsGaps(t *testing.T) {
	g := newFamily(t, 2, testCircuit(nil), []int{1, 1, 1})
	place(g, map[int]int{3: 30, 1: 27, 2: 26, 4: 20})
	gaps := func() []int {
		var out []int
		for _, c := range g.File() {
			out = append(out, g.Gap(c))
		}
		return out
	}
	before := gaps()
	src := scripted([]int{2, 9, 3}) // move 9; no risk taken
	g.Submit(order(0, 293, false), src)
	// every speed is 293 or 294 (the front system car): no comparison
	// changes anything, so only the movement acts.
	if _, err := g.Submit(order(1, 293, false), src); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(gaps(), before) {
		t.Fatalf("gaps %v → %v", before, gaps())
	}
	if g.car(3).Dist != 39 {
		t.Fatalf("the leader moved to %d, want 39", g.car(3).Dist)
	}
}

// R-RSK-02, AMB-13: "deux joueurs qui se suivent … peu importe l'écart":
// neighbours in the file whatever the gap; a system car between them
// breaks the pair.
func TestRiskPairsWhateverTheGap(t *testing.T) {
	for _, tc := range []struct {
		name string
		at   map[int]int
		want string
	}{
		{"a gap of 5 between them", map[int]int{4: 60, 1: 40, 2: 34, 3: 20, 5: 10}, "2,1"},
		{"a system car between them", map[int]int{1: 60, 4: 40, 2: 34, 3: 20, 5: 10}, ""},
	} {
		green := make([]int, 24)
		for i := range green {
			green[i] = i
		}
		green[0], green[7] = 7, 0 // the front system car gets 300: nobody passes it
		g := newFamily(t, 3, testCircuit(nil), []int{1, 1, 1}, nil, nil, nil, green)
		place(g, tc.at)
		src := scripted([]int{5, 5, 2})
		g.Submit(order(0, 293, true), src)
		g.Submit(order(1, 293, true), src)
		st, err := g.Submit(order(2, 293, false), src)
		if err != nil {
			t.Fatal(err)
		}
		var cars []string
		for _, e := range st.Events {
			if e.Kind == "risk-card" {
				cars = append(cars, e.Get("car"))
			}
		}
		if strings.Join(cars, ",") != tc.want {
			t.Errorf("%s: draws by %v, want %q", tc.name, cars, tc.want)
		}
	}
}

// R-POS-06: Tapez's advance onto an occupied square takes the square in
// front, pushing the block there forward.
func TestAdvancePushes(t *testing.T) {
	g := newFamily(t, 3, testCircuit(nil), []int{1, 1, 1})
	place(g, map[int]int{4: 22, 1: 21, 2: 20, 3: 18, 5: 10})
	pushed := g.advance(g.car(3), 2) // target 20 (car 2) → 21, pushing 1 and 4
	if got := fileText(g); got != "4@23 1@22 3@21 2@20 5@10" || len(pushed) != 2 {
		t.Fatalf("file %s, pushed %d", got, len(pushed))
	}
	g.advance(g.car(5), 3) // 13 is free
	if g.car(5).Dist != 13 {
		t.Fatalf("car 5 at %d", g.car(5).Dist)
	}
}

// R-POS-09: closing up keeps the leader and removes every gap.
func TestCloseUp(t *testing.T) {
	g := newFamily(t, 2, testCircuit(nil), []int{1, 1, 1})
	place(g, map[int]int{3: 40, 1: 33, 2: 30, 4: 12})
	g.closeUp()
	if got := fileText(g); got != "3@40 1@39 2@38 4@37" {
		t.Fatalf("file %s", got)
	}
}

// R-QA-01: the first random-car card drawn is the last car, on the start
// square advanced by the dice; each next card goes directly in front.
func TestQuickGrid(t *testing.T) {
	got := QuickGrid([]int{7, 2, 9}, 5, 8)
	if got[7] != 13 || got[2] != 14 || got[9] != 15 {
		t.Fatalf("%v", got)
	}
}
