package rs

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/dice"
)

// No order is revealed early (issue 17): over many races with random
// orders, changed orders and deadlines, after every call, what each seat
// may read holds no other seat's order of the turn in progress, no other
// seat's hand or draw, and no deck order; and every order of a turn is
// revealed in one step, after the last seat ordered.
func TestNoOrderIsRevealedEarly(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 17))
	for i := range 60 {
		seats := 2 + i%5
		seed := SeedFrom(fmt.Sprintf("secret-%d", i))
		src := dice.NewSeeded(seed)
		g, err := NewGame("s", Config{Mode: Family, Seats: seats}, circuit(t, "windmere"), src)
		if err != nil {
			t.Fatal(err)
		}
		for !g.Over {
			pend := g.Pending()
			var st Step
			if rng.IntN(5) == 0 {
				st, err = g.Expire(src)
			} else {
				st, err = g.Submit(randomOrder(g, pend[rng.IntN(len(pend))].Seat, rng), src)
			}
			if err != nil {
				t.Fatal(err)
			}
			// a step either reveals every order of the turn or none
			plays := 0
			for _, e := range st.Events {
				if e.Kind == "play" {
					plays++
				}
			}
			if plays != 0 && plays != seats {
				t.Fatalf("race %d: %d of %d orders revealed in one step", i, plays, seats)
			}
			for s := range seats {
				for _, e := range g.EventsFor(s) {
					if g.Over {
						break
					}
					switch e.Kind {
					case "order", "deal", "draw":
						if e.Int("seat") != s+1 {
							t.Fatalf("race %d: seat %d reads %q", i, s+1, e.Text())
						}
					case "shuffle":
						if e.Get("perm") != "" {
							t.Fatalf("race %d: seat %d reads a deck order %q", i, s+1, e.Text())
						}
					}
				}
				v := g.View(s)
				if v.Mine != nil && v.Mine.Seat != s {
					t.Fatal("a view shows another seat's order")
				}
			}
		}
	}
}

// The reveal: the plays of a turn appear all together, after the last
// sealed order of that turn, never before.
func TestRevealComesAfterTheLastOrder(t *testing.T) {
	_, rec, err := Simulate(Config{Mode: Family, Seats: 4}, "cragsby", SeedFrom("reveal"))
	if err != nil {
		t.Fatal(err)
	}
	sealed, plays := 0, 0
	for _, e := range rec.Events {
		switch e.Kind {
		case "turn":
			sealed, plays = 0, 0
		case "sealed":
			if plays > 0 {
				t.Fatal("an order sealed after the reveal")
			}
			sealed++
		case "reveal":
			if sealed != 4 {
				t.Fatalf("revealed after %d of 4 orders", sealed)
			}
		case "play":
			plays++
		}
	}
	// once over, the record is whole: hidden events read in full
	g, _ := Replay(rec)
	full := 0
	for _, e := range g.EventsFor(0) {
		if e.Kind == "shuffle" && strings.Contains(e.Text(), "perm=") {
			full++
		}
	}
	if full == 0 {
		t.Fatal("after the race the shuffles are not revealed")
	}
}
