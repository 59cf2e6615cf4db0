package rs

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks/rscircuit"
)

// script is a Random for tests: d10 digits as shown (0–9) in order, and
// deck orders in order (nil or none: the deck stays as it is).
type script struct {
	*dice.Scripted
	*dice.ScriptedShuffles
}

func digits(ds ...int) []int {
	out := make([]int, len(ds))
	for i, d := range ds {
		if d == 0 {
			d = 10
		}
		out[i] = d
	}
	return out
}

func scripted(ds []int, perms ...[]int) *script {
	return &script{dice.NewScripted(digits(ds...)...), dice.NewScriptedShuffles(perms...)}
}

func circuit(t testing.TB, id string) *rscircuit.Circuit {
	t.Helper()
	c, err := rscircuit.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// testCircuit is a loop whose zones a test sets square by square; all
// zone 1 unless told.
func testCircuit(zones map[int]rscircuit.Zone) *rscircuit.Circuit {
	c := &rscircuit.Circuit{ID: "test", Name: "Test", Kind: rscircuit.Fast, PitStop: 10, DriveThrough: 7, Grid: rscircuit.GridStandard, PitEntry: 70, PitExit: 2}
	c.Squares = make([]rscircuit.Zone, 80)
	for i := range c.Squares {
		c.Squares[i] = rscircuit.Z1
	}
	for s, z := range zones {
		c.Squares[s] = z
	}
	return c
}

// newFamily sets a family game up with the start dice given (identity
// deck orders unless perms say otherwise).
func newFamily(t *testing.T, seats int, c *rscircuit.Circuit, start []int, perms ...[]int) *Game {
	t.Helper()
	g, err := NewGame("t", Config{Mode: Family, Seats: seats}, c, scripted(start, perms...))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// place puts the cars at distances, car ID → dist.
func place(g *Game, at map[int]int) {
	for id, d := range at {
		g.car(id).Dist = d
	}
}

// fileText is the file front to back as "ID@dist".
func fileText(g *Game) string {
	var s []string
	for _, c := range g.File() {
		s = append(s, fmt.Sprintf("%d@%d", c.ID, c.Dist))
	}
	return strings.Join(s, " ")
}

// snapshot is everything a game holds, as text: two snapshots are equal
// exactly when nothing changed.
func snapshot(g *Game) string {
	var b strings.Builder
	fmt.Fprintf(&b, "turn %d over %v shuffles %d\n", g.Turn, g.Over, g.shuffles)
	for _, c := range g.Cars {
		fmt.Fprintf(&b, "car %+v\n", *c)
	}
	for _, s := range g.Seats {
		fmt.Fprintf(&b, "seat %+v\n", *s)
	}
	for i, o := range g.Sealed {
		if o != nil {
			fmt.Fprintf(&b, "sealed %d %+v\n", i, *o)
		}
	}
	fmt.Fprintf(&b, "green %v %v risk %v %v\n", g.Green, g.GreenDiscard, g.Risk, g.RiskDiscard)
	for _, e := range g.Events {
		b.WriteString(e.Text())
		b.WriteByte('\n')
	}
	return b.String()
}

// kinds lists the kinds of events, for sequence checks.
func kinds(evs []Event) []string {
	var out []string
	for _, e := range evs {
		if len(out) == 0 || out[len(out)-1] != e.Kind {
			out = append(out, e.Kind)
		}
	}
	return out
}

func order(seat, card int, risk bool) Order { return Order{Seat: seat, Card: card, Risk: risk} }
