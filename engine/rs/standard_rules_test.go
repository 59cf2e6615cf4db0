package rs

import (
	"slices"
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/rs/decks"
	"github.com/pitwall/pitwall/tracks/rscircuit"
)

// newStd sets a standard race up on c with the quick start and identity
// deck orders: car k drawn k-th, so car 1 is last on the start square
// advanced by the start dice and car 18 leads (R-QA-01). It returns the
// game and the script its later dice come from.
func newStd(t *testing.T, seats int, c *rscircuit.Circuit, start []int, later ...int) (*Game, *script) {
	t.Helper()
	return newStdCfg(t, Config{Mode: Standard, Seats: seats, QuickStart: true}, c, start, later...)
}

// newStdCfg is newStd with the configuration given.
func newStdCfg(t *testing.T, cfg Config, c *rscircuit.Circuit, start []int, later ...int) (*Game, *script) {
	t.Helper()
	src := scripted(append(slices.Clone(start), later...))
	g, err := NewGame("t", cfg, c, src)
	if err != nil {
		t.Fatal(err)
	}
	return g, src
}

func submitAll(t *testing.T, g *Game, src *script, keys ...string) {
	t.Helper()
	for s, k := range keys {
		o, err := ParseStandardKey(s, k)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Submit(o, src); err != nil {
			t.Fatalf("seat %d %q: %v", s+1, k, err)
		}
	}
}

// R-SET-01, R-SET-02, R-SET-04, R-PRE-02, R-PRE-05, R-QA-01: 18 cars, each system
// car following a seat (T-03: 3 players, 5 each); a hand of one block and
// no draw pile; slicks on a dry track; the quick start places the first
// random car drawn last, on the start square advanced by the highest die,
// the others in front in the order drawn, no gaps.
func TestStandardSetupAndQuickStart(t *testing.T) {
	g, _ := newStd(t, 3, testCircuit(nil), []int{2, 7, 0}) // move 10 (0 counts 10)
	if len(g.Cars) != 18 || g.Turns != StandardTurns {
		t.Fatalf("%d cars, %d turns", len(g.Cars), g.Turns)
	}
	per := map[int]int{}
	for _, s := range g.Std.Owner {
		per[s]++
	}
	if per[0] != 5 || per[1] != 5 || per[2] != 5 {
		t.Fatalf("system cars per seat %v (T-03: 5 each)", per)
	}
	for s, seat := range g.Seats {
		if !slices.Equal(seat.Hand, decks.Block) || len(seat.Pile) != 0 || g.Std.Tyres[s] != Soft || len(g.Std.Piles[s]) != 8 {
			t.Fatalf("seat %d: hand %v pile %v tyres %s", s+1, seat.Hand, seat.Pile, g.Std.Tyres[s])
		}
	}
	f := g.File()
	if f[17].ID != 1 || f[17].Dist != 10 || f[0].ID != 18 || f[0].Dist != 27 {
		t.Fatalf("file %s", fileText(g))
	}
	for _, c := range f {
		if g.Gap(c) != 0 {
			t.Fatalf("gap behind car %d", c.ID)
		}
	}
}

// R-PRE-07, R-ROLL-01, AMB-56: in heavy rain the start is rolling and it
// is turn 1: no drop-back, and every pass needs the lowest die.
func TestStandardHeavyRainStartsRolling(t *testing.T) {
	// race weather: blue 5, white 0, red 2 → D100 02 → heavy rain, 15
	src := scripted([]int{5, 0, 2, 1, 1, 1})
	g, err := NewGame("t", Config{Mode: Standard, Seats: 2, QuickStart: true, Weather: true}, testCircuit(nil), src)
	if err != nil {
		t.Fatal(err)
	}
	if g.Race.Weather != HeavyRain || g.Race.Hum != 15 || !g.Race.Restart || g.Std.Tyres[0] != Rain {
		t.Fatalf("weather %s %d, rolling %v, tyres %s", g.Race.Weather, g.Race.Hum, g.Race.Restart, g.Std.Tyres[0])
	}
}

// R-LAP-01, AMB-20: after the comparisons, the leader directly behind the
// last car of the file (round the loop) passes it with 1 km/h more in any
// zone, and the last car is lapped: a lap down (R-LAP-02).
func TestLeaderLapsTheLastCar(t *testing.T) {
	c := testCircuit(map[int]rscircuit.Zone{20: rscircuit.Z7})
	g := newFamily(t, 2, c, []int{1, 1, 1})
	// a lap is 80: the leader (car 3) on square 20, the red car on square
	// 21, directly in front of it round the loop, 79 squares behind it.
	place(g, map[int]int{3: 100, 4: 90, 1: 42, 2: 21})
	for id, v := range map[int]int{3: 296, 4: 293, 1: 293, 2: 293} {
		g.car(id).speed = v
	}
	g.compare()
	if got := fileText(g); got != "3@101 2@20 4@90 1@42" {
		t.Fatalf("file %s", got)
	}
	if !strings.Contains(eventsOf(g, 0, "pass", "lapped"), "pass car=3 over=2 speed=296 against=293 need=1\nlapped car=2 by=3") {
		t.Fatalf("events %s", eventsOf(g, 0, "pass", "lapped"))
	}
	if g.lapsDown(g.leaderDist(), g.car(2)) != 1 {
		t.Fatal("the red car is not a lap down")
	}
	// a system car leader never laps a system car (R-VSJ-04)
	g = newFamily(t, 2, c, []int{1, 1, 1})
	place(g, map[int]int{3: 100, 1: 60, 2: 42, 4: 21})
	for id, v := range map[int]int{3: 300, 1: 293, 2: 293, 4: 293} {
		g.car(id).speed = v
	}
	g.compare()
	if eventsOf(g, 0, "pass") != "" {
		t.Fatalf("%s", eventsOf(g, 0, "pass"))
	}
}

// R-LAP-03, R-OVT-04: a lapped car sits in the file where it physically
// is; the car directly behind passes it under blue flags with 1 km/h more
// in any zone (zone 7 here); the next car to pass it needs 2, plus any gap.
func TestBlueFlags(t *testing.T) {
	c := testCircuit(map[int]rscircuit.Zone{10: rscircuit.Z7})
	g := newFamily(t, 2, c, []int{1, 1, 1})
	// leader car 3 on square 40; the red car a lap down on square 11;
	// the blue car on square 10, directly behind it; car 4 on square 0,
	// on the lead lap.
	place(g, map[int]int{3: 200, 2: 91, 1: 170, 4: 160})
	if got := fileText(g); got != "3@200 2@91 1@170 4@160" {
		t.Fatalf("file order %s", got)
	}
	for id, v := range map[int]int{3: 300, 2: 296, 1: 297, 4: 293} {
		g.car(id).speed = v
	}
	g.compare()
	if got := eventsOf(g, 0, "pass"); got != "pass car=1 over=2 speed=297 against=296 need=1" {
		t.Fatalf("passes %q", got)
	}
	if got := fileText(g); got != "3@200 1@171 2@90 4@160" {
		t.Fatalf("file %s", got)
	}
	// car 4, 9 squares behind it, would now need 2 (the second car) + 9
	if n := g.need(g.car(4), g.car(2)); n != 11 {
		t.Fatalf("need %d", n)
	}
	// without blue flags (same lap) zone 7 would ask 7
	g2 := newFamily(t, 2, c, []int{1, 1, 1})
	place(g2, map[int]int{3: 200, 2: 171, 1: 170, 4: 80})
	if n := g2.need(g2.car(1), g2.car(2)); n != 7 {
		t.Fatalf("need on the same lap %d", n)
	}
}

// scCircuit: a loop of 80, the pits' exit on 2 and entry on 70 (the
// trapped zone is 3–70, AMB-22).
func scCircuit() *rscircuit.Circuit { return testCircuit(nil) }

// R-SC-01, R-SC-02, R-SC-03, R-SC-05, R-EVT-05: an event card calls the
// safety car (4 laps → 2 turns); the pits are open on a D100 under 95, so
// the next decision is whether to stop now (green-flag stops, trapped
// cars excepted), after which the file lines up on the start square with
// no gaps and the safety-car turns begin: no event is drawn under it.
func TestSafetyCarComesOut(t *testing.T) {
	g, src := newStd(t, 2, scCircuit(), []int{1, 1, 1},
		0, 5, 5, // turn 1: blue 0 draws an event, D100 55: pits open
	)
	g.Race.Events.Dry = []decks.Card{card("safety-car-4"), card("sun")}
	// after turn 1's move of 10 the leader is on square 75 (outside
	// 3–70): nobody is trapped
	for _, c := range g.Cars {
		c.Dist = 65 + 80 - 2*(18-c.ID)
	}
	g.Std.Chrono["careful"] = tc(2, 3, 4)
	submitAll(t, g, src, "296", "296")
	if g.Turn != 2 || g.Race.Phase != PhaseSCStop || g.Race.SC != 1 {
		t.Fatalf("turn %d phase %s sc %d", g.Turn, g.Race.Phase, g.Race.SC)
	}
	if !strings.Contains(eventsOf(g, 0, "safety-car-out"), "turns=2 pits=open") {
		t.Fatal(eventsOf(g, 0, "safety-car-out"))
	}
	if d := g.Pending(); len(d) != 2 || d[0].Kind != PhaseSC+"-stop" || d[0].Options[0].Key != "stay" {
		t.Fatalf("pending %+v", d)
	}
	if _, err := g.Submit(Order{Seat: 0, Card: 296}, src); err == nil {
		t.Fatal("a speed card under the safety car")
	}
	submitAll(t, g, src, "pit-hard-careful", "stay")
	if g.Race.Phase != PhaseSC || g.Std.Tyres[0] != Hard || g.Std.Tyres[1] != Soft {
		t.Fatalf("phase %s tyres %v", g.Race.Phase, g.Std.Tyres)
	}
	f := g.File()
	if g.square(f[0].Dist) != g.Circuit.Start {
		t.Fatalf("leader on square %d", g.square(f[0].Dist))
	}
	for _, c := range f {
		if g.Gap(c) != 0 {
			t.Fatalf("gap behind car %d: %s", c.ID, fileText(g))
		}
	}
	if n := strings.Count(eventsOf(g, 0, "drop"), "cause=pit"); n != 9 {
		t.Fatalf("%d stops, want seat 1's car and its 8 system cars", n)
	}
}

// R-SC-03 (AMB-22): with the leader between the pit exit and the pit
// entry, the cars in that zone are trapped and cannot stop; R-SC-04: on a
// D100 of 95–99 the pits are closed and the file lines up at once.
func TestSafetyCarTrappedAndClosed(t *testing.T) {
	g, src := newStd(t, 2, scCircuit(), []int{1, 1, 1}, 0, 5, 5)
	g.Race.Events.Dry = []decks.Card{card("safety-car-2")}
	// after turn 1's move of 10 the leader is on square 30 and cars 1–4
	// on 76, 78, 0 and 2, outside the zone 3–70; cars 5–18 are in it.
	for _, c := range g.Cars {
		c.Dist = 100 - 2*(18-c.ID)
	}
	g.Std.Chrono["careful"] = tc(2, 3, 4, 2, 3, 4)
	submitAll(t, g, src, "296", "296")
	submitAll(t, g, src, "pit-hard-careful", "pit-hard-careful")
	trapped := eventsOf(g, 0, "trapped")
	if strings.Count(trapped, "\n")+1 != 14 || strings.Contains(trapped, "car=4\n") || strings.Contains(trapped, "car=1\n") {
		t.Fatalf("trapped %q", trapped)
	}
	// seat 1's car 1 and system cars 3 and 4, seat 2's car 2 stop
	if got := strings.Count(eventsOf(g, 0, "drop"), "cause=pit"); got != 4 {
		t.Fatalf("%d stops: %s", got, eventsOf(g, 0, "drop"))
	}
	// 1 turn (2 laps halved): this turn is the only safety-car turn
	if g.Race.SC != 0 || g.Race.Phase != PhaseSC {
		t.Fatalf("sc %d phase %s", g.Race.SC, g.Race.Phase)
	}

	g, src = newStd(t, 2, scCircuit(), []int{1, 1, 1}, 0, 9, 7) // D100 97
	g.Race.Events.Dry = []decks.Card{card("safety-car-4")}
	submitAll(t, g, src, "296", "296")
	if g.Race.Phase != PhaseSC || !strings.Contains(eventsOf(g, 0, "safety-car-out"), "pits=closed") || eventsOf(g, 0, "line-up") == "" {
		t.Fatalf("phase %s: %s", g.Race.Phase, eventsOf(g, 0, "safety-car-out", "line-up"))
	}
}

// R-SC-06, R-SC-07, R-SC-08, R-TYR-06: a safety-car turn: no wear, no
// movement; the seat that stops goes through the pit-lane board with all
// its system cars, each arriving in file order on 0.0, 0.3 … (R-SC-09: 0.3
// s a square, so square 17 is 5.1) and moving
// on by its yellow-flag time, and they rejoin the tail in pit-lane order;
// every seat discards a speed card by exchange (two cards summing 593 or
// more, the neighbour picking one at random).
func TestSafetyCarTurn(t *testing.T) {
	g, src := newStd(t, 2, scCircuit(), []int{1, 1, 1})
	g.Race.Phase, g.Race.SC = PhaseSC, 1
	g.lineUp()
	before := fileText(g)
	// seat 1's cars in file order: 10, 9, …, 3, then 1. Its system cars'
	// card (yellow 2.4) is drawn first, then its own (yellow 0.6).
	g.Std.Chrono["careful"] = []decks.TimeCard{{Chrono: 1, Start: 5, Dir: "S", Pit: 3, Yellow: 24}, {Chrono: 2, Start: 5, Dir: "S", Pit: 3, Yellow: 6}}
	submitAll(t, g, src, "pit-rain-careful", "stay")
	f := g.File()
	var stayed, stopped []int
	for _, c := range f {
		if s, _ := g.seatOf(c); s == 0 {
			stopped = append(stopped, c.ID)
		} else {
			stayed = append(stayed, c.ID)
		}
	}
	// seat 2's nine cars first, in their order; then seat 1's in
	// pit-lane order. The system cars arrive on 0.0 … 2.1 and move on 2.4
	// s, each to the first free square from there (squares 9–16, since
	// car 1 still sits on 2.4); car 1 arrived last on 2.4 and with 0.6 s
	// would leave from 3.0, but every square from there is taken: it
	// leaves last, never moving another car.
	if !slices.Equal(stayed, []int{18, 17, 16, 15, 14, 13, 12, 11, 2}) {
		t.Fatalf("stayed %v (file %s, before %s)", stayed, fileText(g), before)
	}
	if !slices.Equal(stopped, []int{10, 9, 8, 7, 6, 5, 4, 3, 1}) {
		t.Fatalf("stopped %v: %s", stopped, eventsOf(g, 0, "pit-lane"))
	}
	if !strings.Contains(eventsOf(g, 0, "pit-lane"), "pit-lane car=1 square=17 time=5.1") {
		t.Fatalf("%s", eventsOf(g, 0, "pit-lane"))
	}
	if eventsOf(g, 0, "wear", "move") != "" {
		t.Fatal("tyres wore or cars moved under the safety car")
	}
	if g.Std.Tyres[0] != Rain || len(g.Seats[0].Hand) != 7 || len(g.Seats[1].Hand) != 7 {
		t.Fatalf("tyres %s, hands %v %v", g.Std.Tyres[0], g.Seats[0].Hand, g.Seats[1].Hand)
	}
	// the offer is 296+297 (593, the lowest top card), and with identity
	// shuffles the neighbour takes the first
	if got := eventsOf(g, 0, "exchange"); got != "exchange seat=1 card=296\nexchange seat=2 card=296" {
		t.Fatalf("%s", got)
	}
	if g.Turn != 2 || g.Race.Phase != PhaseSC || g.Race.SC != 0 {
		t.Fatalf("turn %d phase %s sc %d", g.Turn, g.Race.Phase, g.Race.SC)
	}
}

// R-SC-10, R-ROLL-08, AMB-47, R-ROLL-04: when the safety-car turns are
// done the lapped cars pass the safety car to the tail, a lap regained,
// and the next turn is a restart compared on the lowest die (R-TRN-02);
// in it no drop-back though the tyres are worn (R-ROLL-05, R-REC-06).
func TestRestartWithWaveAround(t *testing.T) {
	g, src := newStd(t, 2, scCircuit(), []int{1, 1, 1}, 9, 9, 3)
	g.Race.Phase, g.Race.SC = PhaseSC, 0
	g.car(5).Dist -= 80 // car 5 a lap down, in the middle of the file
	g.lineUp()
	lead := g.leaderDist()
	if g.lapsDown(lead, g.car(5)) != 1 {
		t.Fatal("car 5 is not a lap down")
	}
	submitAll(t, g, src, "stay", "stay")
	f := g.File()
	if f[17] != g.car(5) || g.lapsDown(g.leaderDist(), g.car(5)) != 0 || !g.Race.Restart || g.Race.Phase != PhaseRace {
		t.Fatalf("file %s, restart %v", fileText(g), g.Race.Restart)
	}
	for _, c := range f {
		if g.Gap(c) != 0 {
			t.Fatalf("gap behind car %d", c.ID)
		}
	}
	// the restart turn: no drop-back though the tyres are worn, every pass
	// needs the lowest die (3)
	g.Std.Piles[0] = NewPile(Soft, StandardPiles[Soft])[5:]
	submitAll(t, g, src, "300", "293")
	if eventsOf(g, 0, "drop") != "" || !strings.Contains(eventsOf(g, 0, "rolling"), "rolling need=3") || g.Race.Restart {
		t.Fatalf("%s", eventsOf(g, 0, "drop", "rolling"))
	}
}

// R-END-01, R-SC-12, R-END-02: the race ends after turn 24 even when the
// safety car was just called, classified by distance.
func TestRaceEndsAfterTurn24(t *testing.T) {
	g, src := newStd(t, 1, scCircuit(), []int{1, 1, 1}, 5, 5, 5)
	for g.Turn < StandardTurns {
		o := g.Autopilot(0)
		if _, err := g.Submit(o, src); err != nil {
			t.Fatal(err)
		}
		src.Scripted = scripted([]int{5, 5, 5}).Scripted
	}
	g.Race.Events.Dry = []decks.Card{card("safety-car-4")}
	src.Scripted = scripted([]int{0, 5, 5}).Scripted
	if _, err := g.Submit(g.Autopilot(0), src); err != nil {
		t.Fatal(err)
	}
	if !g.Over || g.Race.Phase != PhaseRace || len(g.Pending()) != 0 {
		t.Fatalf("over %v phase %s", g.Over, g.Race.Phase)
	}
	cl := g.Classification()
	for i := 1; i < len(cl); i++ {
		if cl[i].Dist > cl[i-1].Dist {
			t.Fatal("not classified by distance")
		}
	}
}

// R-PEN-03 on the last turn (AMB-27): a seat that started on slicks and
// fitted nothing else serves a drive-through plus 10 with its system cars.
func TestTyreRuleOnTheLastTurn(t *testing.T) {
	g, src := newStd(t, 2, scCircuit(), []int{1, 1, 1}, 5, 5, 5)
	g.Turn = StandardTurns
	g.Std.Fitted[1] = []Tyre{Soft, Hard}
	submitAll(t, g, src, "296", "296")
	got := eventsOf(g, 0, "drop")
	if n := strings.Count(got, "cause=tyre-rule"); n != 9 || !strings.Contains(got, "car=1 by=17") {
		t.Fatalf("%d penalties: %s", n, got)
	}
}

// AMB-12, R-EVT-01: by default the accelerated game's odds (dry 0–1, wet
// 0–4); the optional rule full-length-events takes the prose's (dry 0,
// wet 0–2): a blue 1 on a dry track then draws no event.
func TestFullLengthEventOdds(t *testing.T) {
	for blue := range 10 {
		if EventDrawnFull(blue, 0) != (blue == 0) || EventDrawnFull(blue, 3) != (blue <= 2) {
			t.Fatalf("blue %d", blue)
		}
	}
	for _, full := range []bool{false, true} {
		g, src := newStd(t, 1, scCircuit(), []int{1, 1, 1}, 1, 5, 5)
		g.Race.Events.FullLength = full
		g.Race.Events.Dry = []decks.Card{card("sun")}
		submitAll(t, g, src, "296")
		if drew := eventsOf(g, 0, "event-card") != ""; drew == full {
			t.Fatalf("full-length %v: drew %v", full, drew)
		}
	}
	cfg := Config{Mode: Standard, Seats: 1}
	if err := cfg.SetOptional(OptFullEvents); err != nil || !cfg.FullEvents || cfg.Optional()[0] != OptFullEvents {
		t.Fatal(err, cfg)
	}
}
