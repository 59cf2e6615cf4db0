package rs

import (
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/rs/decks"
)

func tc(pits ...int) []decks.TimeCard {
	var out []decks.TimeCard
	for _, p := range pits {
		y := 15
		if p == decks.Mecano {
			y = -1
		}
		out = append(out, decks.TimeCard{Chrono: 500, Start: 6, Dir: "S", Pit: p, Yellow: y})
	}
	return out
}

// stdGame: 3 players (cars 1–3) and 2 system cars (4, 5) following seat 1,
// on a circuit whose stop is 10 squares and drive-through 7.
func stdGame(t *testing.T) *Game {
	g := newFamily(t, 3, testCircuit(nil), []int{1, 1, 1})
	g.Std = &StdState{Owner: map[int]int{4: 0, 5: 0}, Tyres: map[int]Tyre{0: Hard, 1: Hard, 2: Hard},
		Piles: map[int][]TyreCard{}, Fitted: map[int][]Tyre{0: {Hard}, 1: {Hard}, 2: {Hard}}, Nose: map[int]bool{},
		Chrono: map[string][]decks.TimeCard{}, ChronoUsed: map[string][]decks.TimeCard{}}
	return g
}

func eventsOf(g *Game, from int, kinds ...string) string {
	var out []string
	for _, e := range g.Events[from:] {
		for _, k := range kinds {
			if e.Kind == k {
				out = append(out, e.Text())
			}
		}
	}
	return strings.Join(out, "\n")
}

// R-PIT-01..04, R-PIT-07, T-35b: a seat that pits stops with every system
// car following it, last to first; two cards from its deck, the first for
// its system cars, the second for itself; drop = card + the circuit's
// stop (R-POS-05, pushing or inserting); a new pile for the tyres named.
// R-PIT-02: last to first; R-VSJ-06: the system cars stop with their
// owner; R-TYR-08: the pile is rebuilt brand new (8 soft cards).
func TestPitStopsWithSystemCars(t *testing.T) {
	g := stdGame(t)
	place(g, map[int]int{4: 40, 1: 39, 2: 38, 5: 37, 3: 30})
	g.Std.Chrono["careful"] = tc(3, 5)
	from := len(g.Events)
	if err := g.pitStops([]PitOrder{{Seat: 0, Deck: "careful", Tyre: Soft}}, scripted(nil)); err != nil {
		t.Fatal(err)
	}
	// last to first: car 5 (system, 3 + 10 = 13 → 24); car 1 (own, 5 + 10
	// = 15 → 24, taken by car 5 → 23); car 4 (13 → 27).
	if got := fileText(g); got != "2@38 3@30 4@27 5@24 1@23" {
		t.Fatalf("file %s", got)
	}
	if got := eventsOf(g, from, "pit-card"); got != "pit-card seat=1 for=system deck=careful card=3\npit-card seat=1 for=own deck=careful card=5" {
		t.Fatalf("cards:\n%s", got)
	}
	if g.Std.Tyres[0] != Soft || len(g.Std.Piles[0]) != 8 || g.Std.Fitted[0][1] != Soft {
		t.Fatalf("tyres %s, pile %d, fitted %v", g.Std.Tyres[0], len(g.Std.Piles[0]), g.Std.Fitted[0])
	}
}

// R-PIT-05, R-PIT-06, AMB-31: a lollipop-man error on the seat's own card
// draws a pit incident and takes the system cars' card as its base time;
// without system cars another card is drawn (skipping errors); a system
// car never gets the error: it draws again (R-VSJ-07, its pit part).
func TestPitStopMecano(t *testing.T) {
	g := stdGame(t)
	place(g, map[int]int{4: 60, 1: 50, 2: 40, 5: 30, 3: 20})
	// seat 2 (car 2, no system car): own card mecano → time-5; base: next
	// card, a mecano skipped, then 2: 2 + 10 + 5 = 17 → 23.
	g.Std.Chrono["risky"] = tc(decks.Mecano, decks.Mecano, 2)
	g.Std.PitInc = []decks.Card{{Kind: "time", N: 5}}
	from := len(g.Events)
	if err := g.pitStops([]PitOrder{{Seat: 1, Deck: "risky", Tyre: Hard}}, scripted(nil)); err != nil {
		t.Fatal(err)
	}
	if g.car(2).Dist != 23 {
		t.Fatalf("car 2 at %d, want 23; events:\n%s", g.car(2).Dist, eventsOf(g, from, "pit-card", "pit-incident", "drop"))
	}
	// seat 1 with system cars: the system card is a mecano → drawn again
	// (1); own card mecano → drive-through (+7) on the system card's base 1.
	g = stdGame(t)
	place(g, map[int]int{4: 60, 1: 50, 2: 40, 5: 30, 3: 20})
	g.Std.Chrono["risky"] = tc(decks.Mecano, 1, decks.Mecano)
	g.Std.PitInc = []decks.Card{{Kind: "drive-through"}}
	if err := g.pitStops([]PitOrder{{Seat: 0, Deck: "risky", Tyre: Hard}}, scripted(nil)); err != nil {
		t.Fatal(err)
	}
	// car 5: 1 + 10 → 19; car 1: 1 + 10 + 7 = 18 → 32; car 4: 11 → 49.
	if got := fileText(g); got != "4@49 2@40 1@32 3@20 5@19" {
		t.Fatalf("file %s", got)
	}
}

// R-PIT-08, AMB-28: a damaged nose is changed at the stop for +3 squares
// (and the damage goes), unless the order keeps it.
func TestPitStopNoseChange(t *testing.T) {
	for _, change := range []bool{true, false} {
		g := stdGame(t)
		place(g, map[int]int{4: 90, 5: 80, 2: 60, 1: 50, 3: 40})
		g.Std.Owner = map[int]int{}
		g.Std.Nose[2] = true
		g.car(2).Slow = 1
		g.Std.Chrono["careful"] = tc(4)
		if err := g.pitStops([]PitOrder{{Seat: 1, Deck: "careful", Tyre: Hard, Nose: change}}, scripted(nil)); err != nil {
			t.Fatal(err)
		}
		want, slow := 60-14, 1
		if change {
			want, slow = 60-17, 0
		}
		// the target square may hold car 3 (40) or car 1 (50): 46 and 43 are free
		if g.car(2).Dist != want || g.car(2).Slow != slow || g.Std.Nose[2] == change {
			t.Fatalf("nose change %v: car 2 at %d slow %d nose %v", change, g.car(2).Dist, g.car(2).Slow, g.Std.Nose[2])
		}
	}
}

// R-VSJ-01-like: an empty chrono deck is rebuilt from its used cards by a
// recorded shuffle.
func TestPitDeckReshuffles(t *testing.T) {
	g := stdGame(t)
	place(g, map[int]int{4: 90, 5: 80, 2: 60, 1: 50, 3: 40})
	g.Std.Owner = map[int]int{}
	g.Std.ChronoUsed["careful"] = tc(3, 4)
	from := len(g.Events)
	if err := g.pitStops([]PitOrder{{Seat: 2, Deck: "careful", Tyre: Hard}}, scripted(nil, []int{1, 0})); err != nil {
		t.Fatal(err)
	}
	if got := eventsOf(g, from, "shuffle", "pit-card"); !strings.Contains(got, "for=deck-chrono-careful") || !strings.Contains(got, "card=4") {
		t.Fatalf("events:\n%s", got)
	}
	if g.car(3).Dist != 40-14 {
		t.Fatalf("car 3 at %d", g.car(3).Dist)
	}
}
