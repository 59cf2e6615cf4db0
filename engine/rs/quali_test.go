package rs

import (
	"slices"
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/rs/decks"
)

// newQuali sets a standard race up at qualifying (no quick start), with
// identity deck orders unless perms say otherwise.
func newQuali(t *testing.T, seats int, ds []int, perms ...[]int) (*Game, *script) {
	t.Helper()
	src := scripted(ds, perms...)
	g, err := NewGame("t", Config{Mode: Standard, Seats: seats}, testCircuit(nil), src)
	if err != nil {
		t.Fatal(err)
	}
	if g.Race.Phase != PhaseQuali || g.Turn != 0 {
		t.Fatalf("phase %s turn %d", g.Race.Phase, g.Turn)
	}
	return g, src
}

// gridOf is the grid, pole first, as car IDs.
func gridOf(g *Game) []int { return slices.Clone(g.Race.Quali.Grid) }

// R-QB-01, R-QB-02, R-QB-03, R-QB-04, R-QB-06, R-QB-07, R-QB-08, AMB-34:
// 18 cars run Q2 (10 go through) and Q3; the 8 fallers take places 11–18
// by their Q2 times, Q3 sets 1–10; both decks are shuffled whole before
// each session; a player draws from the deck it ordered, system cars
// alternately from the risky and the careful deck, never keeping a
// penalty.
func TestQualifyingKnockout(t *testing.T) {
	g, src := newQuali(t, 2, nil)
	submitAll(t, g, src, "careful", "risky")
	if n := strings.Count(eventsOf(g, 0, "shuffle"), "for=deck-chrono-q2-") + strings.Count(eventsOf(g, 0, "shuffle"), "for=deck-chrono-q3-"); n != 4 {
		t.Fatalf("%d session shuffles", n)
	}
	// identity decks: in Q2 car 1 draws the careful deck's first (.672),
	// car 2 the risky deck's first (.000); system cars 3, 5, … the risky
	// deck's next, 4, 6, … the careful deck's next.
	q2 := eventsOf(g, 0, "chrono")
	for _, want := range []string{"chrono session=q2 car=1 deck=careful time=.672", "chrono session=q2 car=2 deck=risky time=.000",
		"chrono session=q2 car=3 deck=risky time=.031", "chrono session=q2 car=4 deck=careful time=.418"} {
		if !strings.Contains(q2, want) {
			t.Fatalf("no %q in\n%s", want, q2)
		}
	}
	if strings.Contains(q2, "time=penalty") {
		t.Fatal("a penalty was kept")
	}
	grid := gridOf(g)
	if len(grid) != 18 || grid[0] != 2 || g.Race.Phase != PhaseStart {
		t.Fatalf("grid %v phase %s", grid, g.Race.Phase)
	}
	// places 11–18 are the Q2 fallers, ordered by their Q2 time
	times := map[int]string{}
	for _, l := range strings.Split(q2, "\n") {
		e, _ := ParseEvent(l)
		if e.Get("session") == "q2" {
			times[e.Int("car")] = e.Get("time")
		}
	}
	for i := 11; i < 18; i++ {
		if times[grid[i]] < times[grid[i-1]] {
			t.Fatalf("places %d and %d out of Q2 order: %v", i, i+1, grid)
		}
	}
	for _, id := range grid[10:] {
		if strings.Contains(q2, "session=q3 car="+joinInts([]int{id})+" ") {
			t.Fatalf("car %d fell in Q2 but ran Q3", id)
		}
	}
}

// R-QB-05: a seat redraws once when its card is worse than the time it
// ordered (a penalty counts as the worst).
func TestQualifyingRedraw(t *testing.T) {
	g, src := newQuali(t, 1, nil)
	submitAll(t, g, src, "careful+redraw-500") // .672 → redraw → .418
	got := eventsOf(g, 0, "chrono-redraw", "chrono")
	if !strings.Contains(got, "chrono-redraw session=q2 car=1 discarded=.672\nchrono session=q2 car=1 deck=careful time=.418") {
		t.Fatalf("%s", got)
	}
}

// R-QB-09 (AMB-30's house table): a penalty card kept rolls the blue die:
// 0–4 demoted 3 places (after a time from the same deck), 8 a pit-lane
// start (out of the grid, 3 squares behind the last car after the start),
// 9 out of fuel (no time, last on the grid, AMB-53).
func TestQualifyingPenalties(t *testing.T) {
	if k, n := PenaltyResult(2); k != "demoted" || n != 3 {
		t.Fatal(k, n)
	}
	if k, n := PenaltyResult(6); k != "demoted" || n != 5 {
		t.Fatal(k, n)
	}
	if k, _ := PenaltyResult(8); k != "pit-lane" {
		t.Fatal(k)
	}
	if k, _ := PenaltyResult(9); k != "out-of-fuel" {
		t.Fatal(k)
	}
	// the careful deck's penalty is its 10th card: put it on top
	top := make([]int, 32)
	top[0] = 9
	for i := 1; i < 32; i++ {
		top[i] = i - 1
		if i-1 >= 9 {
			top[i] = i
		}
	}
	// shuffles: green, risk, dry, wet, pit, start, chrono-risky, chrono-careful
	// (race), then Q2's risky and careful
	perms := [][]int{nil, nil, nil, nil, nil, nil, nil, nil, nil, top}
	g, src := newQuali(t, 1, []int{9}, perms...)
	submitAll(t, g, src, "careful")
	if !strings.Contains(eventsOf(g, 0, "penalty"), "penalty session=q2 car=1 result=out-of-fuel") {
		t.Fatal(eventsOf(g, 0, "penalty", "chrono"))
	}
	if grid := gridOf(g); grid[17] != 1 {
		t.Fatalf("out of fuel but grid %v", grid)
	}
	g, src = newQuali(t, 1, []int{8}, perms...)
	submitAll(t, g, src, "careful")
	if !slices.Equal(g.Race.Quali.PitLane, []int{1}) || slices.Contains(gridOf(g), 1) {
		t.Fatalf("pit lane %v grid %v", g.Race.Quali.PitLane, gridOf(g))
	}
}

// R-GRID-04, AMB-37: a launch: a first diagonal step costs 2 points, then
// straight on; a car stops, its points lost, before a taken square; a
// diagonal off the board is played straight.
func TestGridMove(t *testing.T) {
	free := func(gridPos) bool { return false }
	if got := GridMove(gridPos{0, 1}, 10, Straight, free); got != (gridPos{10, 1}) {
		t.Fatal(got)
	}
	if got := GridMove(gridPos{0, 1}, 10, Inside, free); got != (gridPos{9, 2}) {
		t.Fatal(got)
	}
	if got := GridMove(gridPos{0, 0}, 10, Outside, free); got != (gridPos{10, 0}) {
		t.Fatal(got)
	}
	wall := func(p gridPos) bool { return p == gridPos{4, 1} }
	if got := GridMove(gridPos{0, 1}, 10, Straight, wall); got != (gridPos{3, 1}) {
		t.Fatal(got)
	}
	if got := GridMove(gridPos{3, 0}, 10, Inside, wall); got != (gridPos{3, 0}) {
		t.Fatal(got)
	}
	// slots: odd on lane 1, even (inside) on lane 2, a row apart
	if r, l := GridSlot(1); r != 0 || l != 1 {
		t.Fatal(r, l)
	}
	if r, l := GridSlot(4); r != -3 || l != 2 {
		t.Fatal(r, l)
	}
}

// R-GRID-01, R-GRID-03, R-GRID-05, R-GRID-06, R-PRE-05: the start: players draw
// from their deck, cars launch from pole to last (system cars drawing as
// they come, alternately risky and careful), are ranked by row with the
// inside ahead on a tie, and go onto the track from the last, on the
// start square advanced by the highest die, no gaps; turn 1 opens.
func TestGridStart(t *testing.T) {
	g, src := newQuali(t, 2, []int{1, 1, 1})
	submitAll(t, g, src, "careful", "risky")
	grid := gridOf(g)
	if _, err := g.Submit(Order{Seat: 0, Deck: "careful", Dir: Straight, Tyre: "slicks"}, src); err == nil {
		t.Fatal("unknown starting tyres accepted")
	}
	submitAll(t, g, src, "careful+straight+tyres-hard", "risky+inside")
	if g.Race.Phase != PhaseRace || g.Turn != 1 {
		t.Fatalf("phase %s turn %d", g.Race.Phase, g.Turn)
	}
	// R-PRE-05: seat 1 named hard tyres with its start order; seat 2 kept
	// the engine's choice for a dry track
	if g.Std.Tyres[0] != Hard || len(g.Std.Piles[0]) != 12 || !slices.Equal(g.Std.Fitted[0], []Tyre{Hard}) || g.Std.Tyres[1] != Soft {
		t.Fatalf("tyres %v fitted %v", g.Std.Tyres, g.Std.Fitted)
	}
	launches := eventsOf(g, 0, "launch")
	if strings.Count(launches, "\n")+1 < 17 {
		t.Fatalf("%s", launches)
	}
	// the pole car launches first
	first, _ := ParseEvent(strings.SplitN(launches, "\n", 2)[0])
	if first.Int("car") != grid[0] {
		t.Fatalf("first launch %s, pole %d", first.Text(), grid[0])
	}
	f := g.File()
	for i, c := range f {
		if g.Gap(c) != 0 {
			t.Fatalf("gap behind car %d", c.ID)
		}
		if i == len(f)-1 && c.Dist != g.Circuit.Start+1 {
			t.Fatalf("last car at %d", c.Dist)
		}
	}
	// ranking: rows descending, the inside first on a tie
	rows := map[int][2]int{}
	for _, l := range strings.Split(launches, "\n") {
		e, _ := ParseEvent(l)
		rows[e.Int("car")] = [2]int{e.Int("row"), e.Int("lane")}
	}
	for i := 1; i < len(f); i++ {
		a, b := rows[f[i-1].ID], rows[f[i].ID]
		if a[0] < b[0] || (a[0] == b[0] && a[1] < b[1]) {
			t.Fatalf("car %d %v ahead of car %d %v", f[i-1].ID, a, f[i].ID, b)
		}
	}
}

// R-GRID-07, AMB-39: a jump start launches 12 points before everyone and
// serves a drive-through at the end of turn 1 (AMB-58).
func TestJumpStart(t *testing.T) {
	// the risky deck's jump card is its 15th (index 14): put it on top of
	// the start's risky deck
	jump := make([]int, 32)
	jump[0] = 14
	for i := 1; i < 32; i++ {
		jump[i] = i - 1
		if i-1 >= 14 {
			jump[i] = i
		}
	}
	// shuffles: 8 for the race decks, 3 per session (Q2, Q3: two decks and
	// the tie-break), then the start's risky deck, the 15th
	perms := make([][]int, 15)
	perms[14] = jump
	g, src := newQuali(t, 1, []int{1, 1, 1, 5, 5, 5}, perms...)
	submitAll(t, g, src, "careful")
	submitAll(t, g, src, "risky+outside")
	if !strings.Contains(eventsOf(g, 0, "start-card"), "start-card car=1 card=jump") || g.Race.Due[1] != 7 {
		t.Fatalf("%s due %v", eventsOf(g, 0, "start-card"), g.Race.Due)
	}
	launches := eventsOf(g, 0, "launch")
	if !strings.HasPrefix(launches, "launch car=1 points=12 dir=outside") {
		t.Fatalf("%s", launches)
	}
	// turn 1: the drive-through is served after the event
	submitAll(t, g, src, "296")
	if !strings.Contains(eventsOf(g, 0, "drop"), "car=1 by=7") || len(g.Race.Due) != 0 {
		t.Fatalf("%s", eventsOf(g, 0, "drop"))
	}
}

// R-GRID-08, R-GRID-09: a start incident: a stalled car stays on its grid
// square; a spin sends the car to the tail.
func TestStartIncidents(t *testing.T) {
	inc := func(kind string) *Game {
		// the risky deck's first incident card is its 7th (index 6)
		p := make([]int, 32)
		p[0] = 6
		for i := 1; i < 32; i++ {
			p[i] = i - 1
			if i-1 >= 6 {
				p[i] = i
			}
		}
		perms := make([][]int, 15)
		perms[14] = p
		g, src := newQuali(t, 1, []int{1, 1, 1}, perms...)
		g.Race.StartInc = []decks.Card{card(kind)}
		submitAll(t, g, src, "careful")
		submitAll(t, g, src, "risky+straight")
		return g
	}
	g := inc("stall")
	if !strings.Contains(eventsOf(g, 0, "launch"), "launch car=1 points=0") {
		t.Fatal(eventsOf(g, 0, "start-incident", "launch"))
	}
	// a system car draws the (reshuffled) spin too: both go to the tail,
	// car 1 first
	g = inc("spin")
	if f := g.File(); f[len(f)-2].ID != 1 || eventsOf(g, 0, "to-tail") != "to-tail car=1\nto-tail car=9" {
		t.Fatalf("file %s\n%s", fileText(g), eventsOf(g, 0, "start-incident", "to-tail", "place", "launch", "shuffle"))
	}
}

// ParseStandardKey reads what a player types: it never panics, and what
// it accepts writes back (Key) to a key that reads as the same order.
func FuzzParseStandardKey(f *testing.F) {
	for _, k := range []string{"297", "297+risk+tapez", "296+economise+pit-hard-careful", "pit-soft-risky", "stay",
		"pit-inter-careful-keep-nose", "risky+redraw-500", "careful+straight+tyres-rain", "tyres-x+pit-a-b", "careful+redraw-6+inside", "300+risky", " STAY ", "+", "redraw-0", "pit-", "293+risk+risk"} {
		f.Add(k)
	}
	f.Fuzz(func(t *testing.T, key string) {
		o, err := ParseStandardKey(2, key)
		if err != nil {
			return
		}
		back, err := ParseStandardKey(2, o.Key())
		if err != nil || back != o {
			t.Fatalf("%q → %+v → %q → %+v (%v)", key, o, o.Key(), back, err)
		}
	})
}
