package rs

import (
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/rs/decks"
)

func card(s string) decks.Card {
	c, err := decks.ParseCard(s)
	if err != nil {
		panic(err)
	}
	return c
}

// R-EVT-01/02: no event without the blue die; the dry deck on a dry
// track, the wet deck from humidity 3; the blank cards do nothing.
func TestTurnEventTriggerAndDeck(t *testing.T) {
	g := stdGame(t)
	ed := &EventDecks{Dry: []decks.Card{card("sun")}, Wet: []decks.Card{card("rain")}}
	before := len(g.Events)
	if err := g.turnEvent(ed, 2, 0, scripted(nil)); err != nil || len(g.Events) != before {
		t.Fatal("blue 2 on a dry track draws nothing")
	}
	g.turnEvent(ed, 4, 3, scripted(nil))
	if g.Events[len(g.Events)-1].Text() != "event-card card=rain" || len(ed.Wet) != 0 {
		t.Fatalf("wet deck: %s", g.Events[len(g.Events)-1].Text())
	}
	g.turnEvent(ed, 1, 0, scripted(nil))
	if g.Events[len(g.Events)-1].Text() != "event-card card=sun" {
		t.Fatal("dry deck")
	}
}

// R-EVT-03/04, R-ELM-01, R-PEN-01, AMB-41, AMB-43: the random-car draw
// picks the responsible car; a collision's victim is the car ahead or
// behind; retirement leaves the hole (R-POS-10: the file is not closed
// up); a drive-through is served at once.
func TestTurnEventCollision(t *testing.T) {
	g := stdGame(t)
	g.Std.Owner = map[int]int{4: 0, 5: 0}
	place(g, map[int]int{1: 50, 2: 49, 3: 48, 4: 47, 5: 46})
	ed := &EventDecks{Dry: []decks.Card{card("collision:retire/drive-through")}}
	// random-car shuffle over the 5 running cars (file order 1,2,3,4,5):
	// perm [2,…] picks car 3; victims [2, 4]: perm [1,0] picks car 4.
	src := scripted(nil, []int{2, 0, 1, 3, 4}, []int{1, 0})
	if err := g.turnEvent(ed, 0, 0, src); err != nil {
		t.Fatal(err)
	}
	if !g.car(3).Out {
		t.Fatal("car 3 should have retired")
	}
	// car 4 drops 7 from 47 → 40; the hole at 48 stays
	if got := fileText(g); got != "1@50 2@49 5@46 4@40" {
		t.Fatalf("file %s", got)
	}
	// with the system-cars-only option players are never drawn
	g = stdGame(t)
	place(g, map[int]int{1: 50, 2: 49, 4: 48, 3: 47, 5: 46})
	ed = &EventDecks{Dry: []decks.Card{card("retire")}, SystemOnly: true}
	if err := g.turnEvent(ed, 0, 0, scripted(nil, []int{1, 0})); err != nil {
		t.Fatal(err)
	}
	if !g.car(5).Out || g.car(1).Out || g.car(2).Out || g.car(3).Out {
		t.Fatalf("system-only retirement hit %s", fileText(g))
	}
}

// R-EVT-04: damage never touches a system car; a puncture is a stop with
// its squares; a safety card calls ceil(n/2) turns (R-SC-01).
func TestTurnEventEffects(t *testing.T) {
	g := stdGame(t)
	g.Std.Owner = map[int]int{4: 0, 5: 0}
	g.Std.Piles[0] = NewPile(Hard, StandardPiles[Hard])[5:]
	g.Std.Chrono["careful"] = tc(4)
	place(g, map[int]int{1: 50, 2: 49, 3: 48, 4: 47, 5: 46})
	ed := &EventDecks{}
	g.applyEffect(ed, g.car(4), card("damage"), scripted(nil))
	g.applyEffect(ed, g.car(2), card("damage"), scripted(nil))
	if g.car(4).Slow != 0 || g.car(2).Slow != 1 {
		t.Fatal("damage")
	}
	if err := g.applyEffect(ed, g.car(1), card("puncture-3"), scripted(nil)); err != nil {
		t.Fatal(err)
	}
	// 4 + 10 + 3 = 17: 50 → 33; new hard tyres for seat 1
	if g.car(1).Dist != 33 || len(g.Std.Piles[0]) != 12 {
		t.Fatalf("puncture: car 1 at %d, pile %d", g.car(1).Dist, len(g.Std.Piles[0]))
	}
	g.applyEffect(ed, g.car(3), card("safety-car-5"), scripted(nil))
	if ed.SafetyCar != 3 || !strings.Contains(g.Events[len(g.Events)-1].Text(), "safety-car laps=5 turns=3") {
		t.Fatalf("safety car %d", ed.SafetyCar)
	}
}

// R-EVT-04: a third car, random between the car in front of the pair and
// the car behind it.
func TestTurnEventThirdCar(t *testing.T) {
	g := stdGame(t)
	g.Std.Owner = map[int]int{}
	place(g, map[int]int{1: 50, 2: 49, 3: 48, 4: 47, 5: 46})
	ed := &EventDecks{Dry: []decks.Card{card("collision:off-1/off-1/off-9")}}
	// responsible: car 2 (perm [1,…]); victim: [1, 3] → perm [1,0] car 3;
	// third: in front of the pair car 1, behind car 4 → perm [0,1] car 1;
	// all chosen before anyone moves; then 2 and 3 drop 1, car 1 drops 9.
	src := scripted(nil, []int{1, 0, 2, 3, 4}, []int{1, 0}, []int{0, 1})
	if err := g.turnEvent(ed, 0, 0, src); err != nil {
		t.Fatal(err)
	}
	if g.car(1).Dist != 41 || g.car(4).Out {
		t.Fatalf("the third car should be car 1, dropped 9: %s", fileText(g))
	}
}
