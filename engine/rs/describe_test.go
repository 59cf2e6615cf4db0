package rs

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/dice"
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
				s := g.Describe(e, lang)
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
	en := g.Describe(Event{Kind: "pass", Args: []Arg{{"car", "1"}, {"over", "3"}, {"speed", "299"}, {"against", "295"}, {"need", "3"}}}, English)
	fr := g.Describe(Event{Kind: "pass", Args: []Arg{{"car", "1"}, {"over", "3"}, {"speed", "299"}, {"against", "295"}, {"need", "3"}}}, French)
	if en != "The blue car overtakes system car 1: 299 against 295 km/h, 3 needed." || fr != "La voiture bleue double la voiture système 1 : 299 contre 295 km/h, il fallait 3." {
		t.Fatalf("%q / %q", en, fr)
	}
	for _, e := range g.EventsFor(1) {
		if e.Kind == "shuffle" && strings.ContainsAny(g.Describe(e, English), "0123456789") {
			t.Fatalf("a hidden shuffle tells its content: %q", g.Describe(e, English))
		}
	}
}
