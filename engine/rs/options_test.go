package rs

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/rs/decks"
)

// newSeededStd sets a seeded standard race up with the optional rules named.
func newSeededStd(t *testing.T, seats int, seed string, optional ...string) (*Game, Random) {
	t.Helper()
	cfg := Config{Mode: Standard, Seats: seats}
	for _, o := range optional {
		if err := cfg.SetOptional(o); err != nil {
			t.Fatal(err)
		}
	}
	src := dice.NewSeeded(SeedFrom(seed))
	g, err := NewGame(seed, cfg, circuit(t, "windmere"), src)
	if err != nil {
		t.Fatal(err)
	}
	return g, src
}

// Every optional rule name switches its rule on alone, is written back in
// Optionals' order, and an unknown name is refused.
func TestOptionalNamesRoundTrip(t *testing.T) {
	var all Config
	for _, name := range Optionals {
		var cfg Config
		if err := cfg.SetOptional(name); err != nil {
			t.Fatal(err)
		}
		if got := cfg.Optional(); !slices.Equal(got, []string{name}) {
			t.Fatalf("%s: Optional() = %v", name, got)
		}
		if err := all.SetOptional(name); err != nil {
			t.Fatal(err)
		}
	}
	if got := all.Optional(); !slices.Equal(got, Optionals) {
		t.Fatalf("all on: %v, want %v", got, Optionals)
	}
	var cfg Config
	if err := cfg.SetOptional("turbo"); err == nil || !strings.Contains(err.Error(), OptTyreAllocation) {
		t.Fatalf("unknown rule: %v", err)
	}
	for _, name := range Optionals { // players read them in words
		for _, lang := range []string{English, French} {
			if n := say(optionalPhrase(name), lang); n == name || n == "" {
				t.Errorf("%s has no %s name", name, lang)
			}
		}
	}
}

// sealAll seals seat's order and the autopilot's for every other seat
// still to order, so the phase resolves.
func sealAll(t *testing.T, g *Game, src Random, o Order) {
	t.Helper()
	if _, err := g.Submit(o, src); err != nil {
		t.Fatal(err)
	}
	for _, d := range g.Pending() {
		if _, err := g.Submit(g.Autopilot(d.Seat), src); err != nil {
			t.Fatal(err)
		}
	}
}

// R-ADV-01, AMB-57: under tyre-allocation a seat starting on soft may fit
// soft twice more, not a third time ("On ne peut donc pas partir en
// course en pneu dur, et reprendre 4 fois des pneus tendres"); the
// refused stop changes nothing; its system cars stop with it and spend
// no set; PitTyres stops offering soft.
func TestTyreAllocationLimitsTheSets(t *testing.T) {
	g, src := newSeededStd(t, 2, "alloc-1", OptQuickStart, OptTyreAllocation)
	if g.Std.Tyres[0] != Soft || g.Std.Sets[0][Soft] != 2 || g.Std.Sets[0][Hard] != 3 || g.Std.Sets[0][Inter] != 4 || g.Std.Sets[0][Rain] != 3 {
		t.Fatalf("after the start on %s: sets %v", g.Std.Tyres[0], g.Std.Sets[0])
	}
	if !strings.Contains(eventsOf(g, 0, "tyres"), "tyres seat=1 type=soft sets-left=2") {
		t.Fatalf("the starting set is not spent: %s", eventsOf(g, 0, "tyres"))
	}
	stops := 0
	for stops < 2 {
		if g.Race.Phase != PhaseRace { // a safety car: everyone stays out
			sealAll(t, g, src, Order{Seat: 0})
			continue
		}
		from := len(g.Events)
		sealAll(t, g, src, Order{Seat: 0, Card: g.Seats[0].Hand[0], Pit: true, Tyre: Soft, Deck: "careful"})
		stops++
		if want := fmt.Sprintf("tyres seat=1 type=soft sets-left=%d", 2-stops); !strings.Contains(eventsOf(g, from, "tyres"), want) {
			t.Fatalf("stop %d: %q not in\n%s", stops, want, eventsOf(g, from, "tyres"))
		}
	}
	for g.Race.Phase != PhaseRace {
		sealAll(t, g, src, Order{Seat: 0})
	}
	if slices.Contains(g.PitTyres(0), Soft) || !slices.Equal(g.PitTyres(1), []Tyre{Hard, Soft, Inter, Rain}) {
		t.Fatalf("pit tyres %v and %v", g.PitTyres(0), g.PitTyres(1))
	}
	before := snapshot(g) + fmt.Sprint(g.Std.Sets)
	_, err := g.Submit(Order{Seat: 0, Card: g.Seats[0].Hand[0], Pit: true, Tyre: Soft, Deck: "careful"}, src)
	if !errors.Is(err, ErrIllegal) || !strings.Contains(err.Error(), "R-ADV-01") {
		t.Fatalf("a fourth soft set: %v", err)
	}
	if snapshot(g)+fmt.Sprint(g.Std.Sets) != before {
		t.Fatal("the refused stop changed the game")
	}
	if _, err := g.Submit(Order{Seat: 0, Card: g.Seats[0].Hand[0], Pit: true, Tyre: Hard, Deck: "careful"}, src); err != nil {
		t.Fatalf("a hard set: %v", err)
	}
}

// R-ADV-01: under the safety car the stops offered are those of the sets
// left; the autopilot's worn tyres are changed for the best type left,
// and with no set left at all it runs on.
func TestTyreAllocationOptionsAndAutopilot(t *testing.T) {
	g, _ := newSeededStd(t, 2, "alloc-2", OptQuickStart, OptTyreAllocation)
	g.Std.Sets[0][Rain] = 0
	g.Race.Phase = PhaseSCStop
	for _, o := range g.Options(0) {
		if o.Pit && o.Tyre == Rain {
			t.Fatalf("a stop for rain tyres is offered: %s", o.Key)
		}
	}
	if n := len(g.Options(1)); n != 1+len(pitChoices) {
		t.Fatalf("seat 2 has %d options", n)
	}
	g.Race.Phase = PhaseRace
	g.Std.Piles[0] = []TyreCard{{Value: -3, Worn: true}}
	// started on soft and fitted nothing else: hard, for the tyre rule (R-PEN-03)
	if o := g.Autopilot(0); !o.Pit || o.Tyre != Hard {
		t.Fatalf("worn softs, sets left: %+v", o)
	}
	g.Std.Sets[0][Hard] = 0
	if o := g.Autopilot(0); !o.Pit || o.Tyre != Soft {
		t.Fatalf("worn softs, no hard left: %+v", o)
	}
	g.Std.Sets[0][Soft] = 0
	if o := g.Autopilot(0); !o.Pit || o.Tyre != Inter {
		t.Fatalf("worn softs, no slick left: %+v", o)
	}
	g.Std.Sets[0][Inter] = 0
	if o := g.Autopilot(0); o.Pit {
		t.Fatalf("no set left at all, yet it stops: %+v", o)
	}
}

// R-ADV-01, R-PRE-05: starting tyres named at the start replace the set
// fitted by default, which is given back: one set spent, not two.
func TestTyreAllocationStartingTyres(t *testing.T) {
	g, src := newSeededStd(t, 2, "alloc-3", OptTyreAllocation)
	for g.Race.Phase == PhaseQuali {
		sealAll(t, g, src, g.Autopilot(0))
	}
	if g.Race.Phase != PhaseStart {
		t.Fatalf("phase %s after qualifying", g.Race.Phase)
	}
	o := g.Autopilot(0)
	o.Tyre = Hard
	sealAll(t, g, src, o)
	if s := g.Std.Sets[0]; s[Soft] != 3 || s[Hard] != 2 || g.Std.Tyres[0] != Hard {
		t.Fatalf("after starting on hard: sets %v, tyres %s", s, g.Std.Tyres[0])
	}
	if s := g.Std.Sets[1]; s[Soft] != 2 || s[Hard] != 3 {
		t.Fatalf("seat 2 kept its soft start: sets %v", s)
	}
}

// Every optional rule, alone and with all the others that go with it
// (all but v10-2 and quick-start, "all"): the autopilot's races end, replay byte for byte
// and verify, the setup line names the rule, and every event reads as a
// sentence in English and French.
func TestOptionalRulesSimulate(t *testing.T) {
	for _, name := range append(slices.Clone(Optionals), "all") {
		for i := range 4 {
			cfg := Config{Mode: Standard, Seats: 1 + (3*i)%9}
			for _, o := range Optionals {
				if o == name || (name == "all" && o != OptThreeFast && o != OptQuickStart) {
					if err := cfg.SetOptional(o); err != nil {
						t.Fatal(err)
					}
				}
			}
			g, rec, err := Simulate(cfg, []string{"windmere", "cragsby"}[i%2], SeedFrom(fmt.Sprintf("opt-%s-%d", name, i)))
			if err != nil {
				t.Fatalf("%s %d: %v", name, i, err)
			}
			if !g.Over || (name != "all" && !strings.Contains(g.Events[0].Get("optional"), name)) {
				t.Fatalf("%s %d: over %v, setup %q", name, i, g.Over, g.Events[0].Text())
			}
			replaysAndVerifies(t, rec)
			for _, e := range g.Events {
				readsAsProse(t, g, e)
			}
		}
	}
}

// R-PIT-10, R-ADV-05, AMB-25: two cars of a team stopping on one turn:
// the second (the worse placed) loses 6 + the first's stop − the squares
// between them before the stops, once the first's stop is known; far
// enough behind it loses nothing; a teammate staying out costs nothing.
func TestTeamPitRestriction(t *testing.T) {
	for _, tc0 := range []struct {
		at5  int
		want string
		wait string
	}{
		// car 1 (39) first, car 5 (37) second: 1 between; car 1's stop
		// is 5 + 10 = 15 (to 23, its square 24 taken by car 5's own
		// stop): car 5 waits 6 + 15 − 1 = 20, from 24 to 4.
		{37, "2@38 3@30 4@27 1@23 5@4", "drop car=5 by=20 from=24 to=4 cause=team-wait"},
		// car 5 at 10: 28 between, 6 + 15 − 28 < 0: no wait.
		{10, "2@38 3@30 4@27 1@24 5@-3", ""},
	} {
		g := stdGame(t)
		g.Std.Mate = map[int]int{1: 5, 5: 1, 4: 3, 3: 4, 2: 6}
		place(g, map[int]int{4: 40, 1: 39, 2: 38, 5: tc0.at5, 3: 30})
		g.Std.Chrono["careful"] = tc(3, 5)
		from := len(g.Events)
		if err := g.pitStops([]PitOrder{{Seat: 0, Deck: "careful", Tyre: Soft}}, scripted(nil)); err != nil {
			t.Fatal(err)
		}
		if got := fileText(g); got != tc0.want {
			t.Fatalf("car 5 at %d: file %s, want %s", tc0.at5, got, tc0.want)
		}
		var waits []string
		for _, e := range g.Events[from:] {
			if e.Get("cause") == "team-wait" {
				waits = append(waits, e.Text())
			}
		}
		if strings.Join(waits, "\n") != tc0.wait {
			t.Fatalf("car 5 at %d: waits %q, want %q", tc0.at5, waits, tc0.wait)
		}
	}
}

// T-03, R-PIT-10: every car has one teammate, and the pairs are T-03's:
// at 9 players each player's car with its one system car; at 4 the odd
// cars of Blue's and Red's groups (WIL19, WIL77) together.
func TestTeamsPairLikeT03(t *testing.T) {
	for seats := 1; seats <= MaxSeats; seats++ {
		g, _ := newSeededStd(t, seats, fmt.Sprint("teams-", seats), OptQuickStart, OptTeamPits)
		m := g.Std.Mate
		if len(m) != 18 {
			t.Fatalf("%d players: %d cars in teams", seats, len(m))
		}
		for a, b := range m {
			if m[b] != a || a == b {
				t.Fatalf("%d players: %d's teammate %d, whose teammate is %d", seats, a, b, m[b])
			}
		}
		if seats == 9 {
			for s := range 9 {
				if mate := m[s+1]; g.Std.Owner[mate] != s {
					t.Fatalf("9 players: seat %d's car teams with car %d of seat %d", s+1, mate, g.Std.Owner[mate]+1)
				}
			}
		}
		if seats == 4 {
			odd := 0
			for a, b := range m {
				sa, _ := g.seatOf(g.car(a))
				sb, _ := g.seatOf(g.car(b))
				if sa != sb {
					odd++
					if sa+sb != 1 {
						t.Fatalf("4 players: cars %d and %d of seats %d and %d", a, b, sa+1, sb+1)
					}
				}
			}
			if odd != 2 {
				t.Fatalf("4 players: %d cars team across seats, want 2", odd)
			}
		}
	}
}

// T-19, R-ADV-08: the manufacturer's piles for each face of the blue die;
// 0–2 is T-02's.
func TestManufacturerTable(t *testing.T) {
	want := map[int]string{0: "7/2/2/1 5/1/1/1", 2: "7/2/2/1 5/1/1/1", 3: "8/2/2/1 5/1/1/1", 4: "8/2/2/1 5/1/1/1",
		5: "9/3/3/1 6/1/1/1", 6: "10/3/3/1 7/2/2/1", 7: "11/4/4/1 7/2/2/1", 8: "12/4/4/1 8/2/2/1", 9: "12/4/4/1 8/2/2/1"}
	for blue, w := range want {
		h, s := ManufacturerPiles(blue)
		if got := h.String() + " " + s.String(); got != w {
			t.Fatalf("blue %d: %s, want %s", blue, got, w)
		}
	}
	if h, s := ManufacturerPiles(0); h != StandardPiles[Hard] || s != StandardPiles[Soft] {
		t.Fatal("0–2 is not T-02's piles")
	}
}

// R-ADV-08: the blue die is rolled at setup, before qualifying (a roll of
// the record), and every new hard or soft pile of the race has the
// manufacturer's size; intermediate and rain piles keep T-02's.
func TestManufacturerSetsThePiles(t *testing.T) {
	cfg := Config{Mode: Standard, Seats: 2, QuickStart: true, Manufacturer: true}
	g, _ := newStdCfg(t, cfg, testCircuit(nil), []int{6, 2, 7, 0})
	if got := eventsOf(g, 0, "manufacturer"); got != "manufacturer blue=6 hard=10/3/3/1 soft=7/2/2/1" {
		t.Fatalf("manufacturer event %q", got)
	}
	if !strings.Contains(eventsOf(g, 0, "roll"), "for=manufacturer n=0 die=blue value=6") {
		t.Fatalf("no manufacturer roll:\n%s", eventsOf(g, 0, "roll"))
	}
	if g.Std.Tyres[0] != Soft || len(g.Std.Piles[0]) != 12 {
		t.Fatalf("the starting soft pile holds %d cards, want 7+2+2+1", len(g.Std.Piles[0]))
	}
	g.fitTyres(0, Hard)
	g.fitTyres(1, Inter)
	if len(g.Std.Piles[0]) != 17 || len(g.Std.Piles[1]) != 10 {
		t.Fatalf("hard pile %d cards (want 17), intermediate %d (want T-02's 10)", len(g.Std.Piles[0]), len(g.Std.Piles[1]))
	}
}

// R-VAR-03: under variant 10.3 every seat has as many fixed fast system
// cars, whatever the places: its first ones by number.
func TestFixedFastSystemCarsPerSeat(t *testing.T) {
	for seats := 1; seats <= MaxSeats; seats++ {
		g, _ := newSeededStd(t, seats, fmt.Sprint("fast-", seats), OptQuickStart, OptFixedFast)
		per := map[int]int{}
		for id := range g.Std.Fast {
			per[g.Std.Owner[id]]++
		}
		for s := range seats {
			if per[s] != FixedFastPerSeat(seats) {
				t.Fatalf("%d players: seat %d has %d fast system cars, want %d", seats, s+1, per[s], FixedFastPerSeat(seats))
			}
		}
		if !strings.Contains(eventsOf(g, 0, "car"), "follows=1 fast=1") {
			t.Fatalf("%d players: the car lines do not say which are fast", seats)
		}
	}
}

// R-VAR-03, R-VSJ-02: the fixed fast system cars take the higher of the
// two green cards (294 with the deck unshuffled) and every other system
// car the lower (293), although with the quick start the system cars
// 4–18 all run ahead of the best player car, which would make them all
// fast under R-VSJ-03. Dry, new soft tyres: +2.
func TestFixedFastSystemCarsTakeTheHigherCard(t *testing.T) {
	cfg := Config{Mode: Standard, Seats: 3, QuickStart: true, FixedFast: true}
	systemSpeedsOfTurnOne(t, cfg, func(id int) bool { return id == 4 || id == 9 || id == 14 }) // each seat's first system car
}

// systemSpeedsOfTurnOne plays the first turn of a 3-seat quick-start race
// on the autopilot and checks every system car's speed: 296 for the cars
// fast names, 295 for the others.
func systemSpeedsOfTurnOne(t *testing.T, cfg Config, fast func(id int) bool) {
	t.Helper()
	g, src := newStdCfg(t, cfg, testCircuit(nil), []int{2, 7, 0}, 5, 5, 5)
	for s := range 3 {
		if _, err := g.Submit(g.Autopilot(s), src); err != nil {
			t.Fatal(err)
		}
	}
	speeds := eventsOf(g, 0, "system-speed")
	for id := 4; id <= 18; id++ {
		want := 295
		if fast(id) {
			want = 296
		}
		if line := fmt.Sprintf("system-speed car=%d speed=%d", id, want); !strings.Contains(speeds, line) {
			t.Fatalf("no %q in\n%s", line, speeds)
		}
	}
}

// R-VAR-05: under variant 10.5 each seat drives two cars, its own and
// its first system car made its second, in its colour; 18 cars in all.
func TestTwoCarsASeat(t *testing.T) {
	for seats := 1; seats <= MaxSeats; seats++ {
		g, _ := newSeededStd(t, seats, fmt.Sprint("two-", seats), OptQuickStart, OptTwoCars)
		if len(g.Cars) != 18 || len(g.Std.Owner) != 18-2*seats {
			t.Fatalf("%d players: %d cars, %d system cars", seats, len(g.Cars), len(g.Std.Owner))
		}
		for s := range seats {
			cars := g.seatCars(s)
			if len(cars) != 2 || cars[1].Name != StdColours[s] || cars[1].System() {
				t.Fatalf("%d players: seat %d drives %v", seats, s+1, cars)
			}
		}
	}
	g, _ := newSeededStd(t, 3, "two-names", OptQuickStart, OptTwoCars)
	if say(g.carPhrase(4), English) != "the second blue car" || say(g.carPhrase(9), French) != "la deuxième voiture rouge" {
		t.Fatalf("names %q, %q", say(g.carPhrase(4), English), say(g.carPhrase(9), French))
	}
}

// R-VAR-05, R-SPD-01, R-RSK-01: one order is both cars': the second car
// runs on the seat's card, risk and tyres with its own damage; a damaged
// second car takes no risk (R-ORD-02). On a red 0 both risk-takers draw.
func TestTwoCarsRunOnOneCard(t *testing.T) {
	for _, damaged := range []bool{false, true} {
		cfg := Config{Mode: Standard, Seats: 3, QuickStart: true, TwoCars: true}
		g, src := newStdCfg(t, cfg, testCircuit(nil), []int{2, 7, 0}, 5, 5, 0)
		if damaged {
			g.car(4).Slow = 1
		}
		if _, err := g.Submit(Order{Seat: 0, Card: 300, Risk: true}, src); err != nil {
			t.Fatal(err)
		}
		for s := 1; s < 3; s++ {
			if _, err := g.Submit(g.Autopilot(s), src); err != nil {
				t.Fatal(err)
			}
		}
		// 300 + 2 (risk) + 2 (new softs, dry); damaged: no risk, −2
		want, risky := "second-car seat=1 car=4 risk=1 speed=304", "risk-card car=1 risk-card car=4"
		if damaged {
			want, risky = "second-car seat=1 car=4 risk=0 speed=300", "risk-card car=1"
		}
		if got := eventsOf(g, 0, "second-car"); !strings.Contains(got, want) {
			t.Fatalf("damaged %v: %q not in\n%s", damaged, want, got)
		}
		var drew []string
		for _, e := range g.Events {
			if e.Kind == "risk-card" {
				drew = append(drew, "risk-card car="+e.Get("car"))
			}
		}
		if strings.Join(drew, " ") != risky { // last to first: car 1 is last on the quick start
			t.Fatalf("damaged %v: risk cards %v, want %s", damaged, drew, risky)
		}
	}
}

// R-VAR-05, R-QB-04, R-GRID-03: in qualifying and at the start the
// seat's order is both cars': each draws from the seat's deck.
func TestTwoCarsQualifyOnOneOrder(t *testing.T) {
	g, src := newSeededStd(t, 2, "two-quali", OptTwoCars)
	sealAll(t, g, src, Order{Seat: 0, Deck: "careful"})
	for _, id := range []int{1, 3} { // seat 1's two cars (3 is its second)
		if !strings.Contains(eventsOf(g, 0, "chrono"), fmt.Sprintf("chrono session=q2 car=%d deck=careful", id)) {
			t.Fatalf("car %d: no careful chrono in\n%s", id, eventsOf(g, 0, "chrono"))
		}
	}
	sealAll(t, g, src, Order{Seat: 0, Deck: "risky", Dir: Inside})
	for _, id := range []int{1, 3} {
		if !strings.Contains(eventsOf(g, 0, "launch"), fmt.Sprintf("launch car=%d ", id)) {
			t.Fatalf("car %d does not launch:\n%s", id, eventsOf(g, 0, "launch"))
		}
	}
}

// R-VAR-01, R-ORD-05: under variant 10.1 a hand holds 5 speed cards: block
// 1 dealt 5 in hand and 3 to draw, one drawn a turn; at the end of turn
// 8 the two blocks shuffled, 5 in hand and 11 to draw; so 5 cards in hand
// up to turn 4, then 4 … 1; 5 again from turn 9 to 20, then 4 … 1. One
// card a turn, safety-car turns included (the exchange).
func TestSmallHands(t *testing.T) {
	want := func(turn int) int {
		switch {
		case turn <= 4:
			return 5
		case turn <= 8:
			return 9 - turn
		case turn <= 20:
			return 5
		}
		return 25 - turn
	}
	underSC := 0
	for i := range 12 {
		g, src := newSeededStd(t, 2, fmt.Sprint("small-hands-", i), OptQuickStart, OptSmallHands, OptWeather)
		if h := g.Seats[0]; len(h.Hand) != SmallHand || len(h.Pile) != 3 || !strings.Contains(eventsOf(g, 0, "deal"), "pile=3") {
			t.Fatalf("dealt %v, pile %v", h.Hand, h.Pile)
		}
		for !g.Over {
			for s, seat := range g.Seats {
				if len(seat.Hand) != want(g.Turn) {
					t.Fatalf("race %d, turn %d (%s): seat %d holds %v", i, g.Turn, g.Race.Phase, s+1, seat.Hand)
				}
			}
			if g.Race.Phase == PhaseSC {
				underSC++
			}
			for _, d := range g.Pending() {
				if _, err := g.Submit(g.Autopilot(d.Seat), src); err != nil {
					t.Fatal(err)
				}
			}
		}
		if !strings.Contains(eventsOf(g, 0, "deal"), "pile=11") {
			t.Fatalf("race %d: no deal of 5 and 11 after turn 8:\n%s", i, eventsOf(g, 0, "deal"))
		}
	}
	if underSC == 0 {
		t.Fatal("no safety-car turn in 12 races: the exchange is not tested")
	}
}

// R-VAR-02, R-VSJ-03: under variant 10.2 only the first three of the
// system cars ahead of the best player car are fast. With the quick
// start the system cars 18 … 4 lead the file (car 18 first), all ahead
// of the player cars: 18, 17 and 16 take 294 (+2), the others 293 (+2).
func TestThreeFastSystemCarsAtMost(t *testing.T) {
	cfg := Config{Mode: Standard, Seats: 3, QuickStart: true, ThreeFast: true}
	systemSpeedsOfTurnOne(t, cfg, func(id int) bool { return id >= 16 })
	cfg.FixedFast = true
	if _, err := NewGame("t", cfg, testCircuit(nil), scripted([]int{2, 7, 0})); err == nil || !strings.Contains(err.Error(), "two ways") {
		t.Fatalf("v10-2 with v10-3: %v", err)
	}
}

// R-VAR-04: under variant 10.4 the fast system cars take the top card of
// the fast pile (297–300), the slow ones the top of the slow pile
// (293–296): with the deck unshuffled 297 and 293 on turn 1, 298 and 294
// on turn 2 (without the variant: 293 and 294, then 295 and 296). Both
// piles run out together and are shuffled again.
func TestTwoGreenPiles(t *testing.T) {
	cfg := Config{Mode: Standard, Seats: 3, QuickStart: true, TwoPiles: true}
	g, src := newStdCfg(t, cfg, testCircuit(nil), []int{2, 7, 0}, 5, 5, 5, 5, 5, 5)
	for range 2 {
		for s := range 3 {
			if _, err := g.Submit(g.Autopilot(s), src); err != nil {
				t.Fatal(err)
			}
		}
	}
	if got := eventsOf(g, 0, "system-cards"); got != "system-cards cards=297,293\nsystem-cards cards=298,294" {
		t.Fatalf("green cards:\n%s", got)
	}
	if !strings.Contains(eventsOf(g, 0, "system-speed"), "system-speed car=18 speed=299") {
		t.Fatalf("the leading system car does not run on 297:\n%s", eventsOf(g, 0, "system-speed"))
	}
	// 16 cards: 8 turns empty both piles; the next draw shuffles all 16
	g.Green, g.GreenDiscard = nil, decks.Blocks(2)
	a, err := g.drawGreenFast(scripted(nil))
	if err != nil || a < SlowestFastGreen {
		t.Fatalf("fast draw after the piles ran out: %d, %v", a, err)
	}
	if b, err := g.drawGreenSlow(scripted(nil)); err != nil || b >= SlowestFastGreen || len(g.Green) != 14 {
		t.Fatalf("slow draw: %d, %v, %d left", b, err, len(g.Green))
	}
}

// The autopilot's standard race with every optional rule that goes with
// the others (all but v10-2 and advanced-qualifying, which quick-start
// replaces), against BenchmarkStandardRace's (quick start and weather).
func BenchmarkStandardRaceAllOptions(b *testing.B) {
	cfg := Config{Mode: Standard, Seats: 4}
	for _, o := range Optionals {
		if o != OptThreeFast && o != OptAdvancedQuali {
			if err := cfg.SetOptional(o); err != nil {
				b.Fatal(err)
			}
		}
	}
	seed := SeedFrom("bench")
	for b.Loop() {
		if _, _, err := Simulate(cfg, "cragsby", seed); err != nil {
			b.Fatal(err)
		}
	}
}
