package rs

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/rs/decks"
)

// What players read is prose in English or French: every kind of event a
// race makes (risk, deadlines and changed orders included) reads as a
// sentence in both languages, with no record syntax and no formatting
// error, and a hidden event's sentence tells nothing of its content.
func TestEveryEventReadsAsProse(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	seen := map[string]bool{}
	for i := range 20 {
		src := dice.NewSeeded(SeedFrom(fmt.Sprintf("prose-%d", i)))
		g, err := NewGame("p", Config{Mode: Family, Seats: 3}, circuit(t, "cragsby"), src)
		if err != nil {
			t.Fatal(err)
		}
		for !g.Over {
			pend := g.Pending()
			if rng.IntN(4) == 0 {
				g.Expire(src)
			} else if _, err := g.Submit(randomOrder(g, pend[rng.IntN(len(pend))].Seat, rng), src); err != nil {
				t.Fatal(err)
			}
		}
		for _, e := range g.Events {
			seen[e.Kind] = true
			for _, lang := range []string{English, French} {
				s := describe(g, e, lang)
				if s == "" || strings.Contains(s, "=") || strings.Contains(s, "%!") || strings.Contains(s, "Something happened") || strings.Contains(s, "Il s'est passé") {
					t.Fatalf("%s (%s): %q", e.Text(), lang, s)
				}
			}
		}
	}
	for _, k := range []string{"setup", "car", "shuffle", "deal", "roll", "place", "turn", "order", "sealed", "deadline", "reveal", "play",
		"system-cards", "system-speed", "pass", "close", "move", "risk-card", "drop", "slow", "draw", "finish", "over"} {
		if !seen[k] {
			t.Errorf("no %s event in 20 races: the test does not cover it", k)
		}
	}
	g := newFamily(t, 2, testCircuit(nil), []int{1, 1, 1})
	en := describe(g, Event{Kind: "pass", Args: []Arg{{"car", "1"}, {"over", "3"}, {"speed", "299"}, {"against", "295"}, {"need", "3"}}}, English)
	fr := describe(g, Event{Kind: "pass", Args: []Arg{{"car", "1"}, {"over", "3"}, {"speed", "299"}, {"against", "295"}, {"need", "3"}}}, French)
	if en != "The blue car overtakes system car 1: 299 against 295 km/h, 3 needed." || fr != "La voiture bleue double la voiture système 1 : 299 contre 295 km/h, il fallait 3." {
		t.Fatalf("%q / %q", en, fr)
	}
	for _, e := range g.EventsFor(1) {
		if e.Kind == "shuffle" && strings.ContainsAny(describe(g, e, English), "0123456789") {
			t.Fatalf("a hidden shuffle tells its content: %q", describe(g, e, English))
		}
	}
}

// An option's facts: its speed, what passing the car ahead needs, and the
// risk card's danger, in both languages.
func TestOptionFacts(t *testing.T) {
	c := testCircuit(nil)
	c.Squares[19] = 3
	g := newFamily(t, 2, c, []int{1, 1, 1})
	place(g, map[int]int{3: 30, 1: 21, 2: 18, 4: 10}) // car 2 at 18, car 1 at 21: gap 2, square behind car 1 is 20 (zone 1)
	en := facts(g, 1, Option{Card: 297, Risk: true}, English)
	want := "299 km/h. To pass the blue car ahead you need 3 km/h more than it (zone 1, gap 2); otherwise you close 1 square per km/h more. Risk: on a red die of 0 or 1 (or 2 when your neighbour in the file takes risk too) you draw a card; 12 of 24 do nothing, the others send you off the track or slow you for good."
	if en != want {
		t.Fatalf("got  %q\nwant %q", en, want)
	}
	place(g, map[int]int{3: 30, 1: 20, 2: 19, 4: 10}) // now the square behind car 1 is 19 (zone 3), gap 0
	fr := facts(g, 1, Option{Card: 297}, French)
	if fr != "297 km/h. Pour doubler la voiture bleue, devant, il faut 3 km/h de plus qu'elle (zone 3, écart 0) ; sinon vous reprenez 1 case par km/h de plus." {
		t.Fatalf("%q", fr)
	}
	place(g, map[int]int{3: 30, 1: 40, 2: 19, 4: 10})
	if got := facts(g, 0, Option{Card: 293}, English); got != "293 km/h. You lead the race." {
		t.Fatalf("%q", got)
	}
}

// The standard game's events read as prose too, from the tests that make
// them (pit stops, events, Tapez, wear).
func TestStandardEventsReadAsProse(t *testing.T) {
	g := stdGame(t)
	g.Std.Owner = map[int]int{4: 0, 5: 0}
	for s := range 3 {
		g.Std.Piles[s] = NewPile(Hard, StandardPiles[Hard])
	}
	g.Std.Piles[0] = []TyreCard{{Value: -3, Worn: true}, {Value: -4, Worn: true}, {Value: -5, Worn: true}}
	place(g, map[int]int{1: 60, 4: 50, 2: 40, 5: 30, 3: 20})
	g.Std.Chrono["risky"] = tc(2, decks.Mecano, 3)
	g.Std.PitInc = []decks.Card{card("time-5")}
	ms := g.stepOne(0, false)
	g.stepFour(ms, map[int]bool{0: true}, nil)
	g.stepNine(0, nil, map[int][]TyreCard{})
	if err := g.pitStops([]PitOrder{{Seat: 0, Deck: "risky", Tyre: Soft}}, scripted(nil)); err != nil {
		t.Fatal(err)
	}
	ed := &EventDecks{Dry: []decks.Card{card("collision:retire/off-2"), card("safety-car-4"), card("sun")}}
	src := scripted(nil) // every random-car draw takes the first candidate
	for range 3 {
		if err := g.turnEvent(ed, 0, 0, src); err != nil {
			t.Fatal(err)
		}
	}
	g.applyEffect(ed, g.car(3), card("spin"), src)
	kinds := map[string]bool{}
	for _, e := range g.Events {
		kinds[e.Kind] = true
		for _, lang := range []string{English, French} {
			s := describe(g, e, lang)
			if s == "" || strings.Contains(s, "=") || strings.Contains(s, "%!") || strings.Contains(s, "Something happened") || strings.Contains(s, "Il s'est passé") {
				t.Fatalf("%s (%s): %q", e.Text(), lang, s)
			}
		}
	}
	for _, k := range []string{"advance", "tyre-card", "wear", "pit-card", "pit-incident", "tyres", "event-card", "retired", "safety-car", "to-tail"} {
		if !kinds[k] {
			t.Errorf("no %s event made", k)
		}
	}
}
