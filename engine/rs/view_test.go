package rs

import (
	"reflect"
	"testing"

	"github.com/pitwall/pitwall/engine/dice"
)

// A board's view holds nothing sealed: mid-turn, with some orders sealed
// and not revealed, the view for everyone (and for a seat that has not
// ordered) equals the view before the first order; once the last order is
// in, the reveal shows every order as sealed (issue 17, Boards; R-FAM-06).
func TestBoardViewHidesSealedOrders(t *testing.T) {
	for _, cfg := range []Config{{Mode: Family, Seats: 4}, {Mode: Standard, Seats: 3, Weather: true},
		// and with the optional rules a board shows (tyre sets, teams, the
		// manufacturer, fast system cars, two cars and hands of five)
		{Mode: Standard, Seats: 3, Weather: true, TyreAllocation: true, TeamPits: true, Manufacturer: true, FixedFast: true, TwoCars: true, SmallHands: true}} {
		src := dice.NewSeeded(SeedFrom("board-view"))
		g, err := NewGame("bv", cfg, circuit(t, "cragsby"), src)
		if err != nil {
			t.Fatal(err)
		}
		for g.Turn < 4 { // play the first turns with the autopilot
			for _, d := range g.Pending() {
				if _, err := g.Submit(g.Autopilot(d.Seat), src); err != nil {
					t.Fatal(err)
				}
			}
		}
		before, beforeSeat := g.Board(-1), g.Board(len(g.Seats)-1)
		var sealed []Order
		for _, d := range g.Pending()[:len(g.Seats)-1] {
			o := g.Autopilot(d.Seat)
			if o.Card != 0 {
				o.Card = g.Seats[d.Seat].Hand[len(g.Seats[d.Seat].Hand)-1] // not the autopilot's: a real secret
			}
			sealed = append(sealed, o)
			if _, err := g.Submit(o, src); err != nil {
				t.Fatal(err)
			}
		}
		if got := g.Board(-1); !reflect.DeepEqual(got, before) {
			t.Fatalf("%s: the view for everyone changed with sealed orders:\n%+v\n%+v", cfg.Mode, before, got)
		}
		if got := g.Board(len(g.Seats) - 1); !reflect.DeepEqual(got, beforeSeat) {
			t.Fatalf("%s: the last seat's view changed with the others' sealed orders", cfg.Mode)
		}
		last := g.Pending()[0].Seat
		if _, err := g.Submit(g.Autopilot(last), src); err != nil {
			t.Fatal(err)
		}
		v := g.Board(-1)
		if v.LastTurn != 4 || len(v.Orders) != len(g.Seats) {
			t.Fatalf("%s: after the reveal: turn %d, %d orders", cfg.Mode, v.LastTurn, len(v.Orders))
		}
		for _, o := range sealed {
			r := v.Orders[o.Seat]
			if r.Seat != o.Seat || r.Card != o.Card || r.Risk != o.Risk || r.Tapez != o.Tapez || r.Economise != o.Economise {
				t.Fatalf("%s: seat %d ordered %+v, the board shows %+v", cfg.Mode, o.Seat+1, o, r)
			}
		}
		if len(v.Dice) != 3 {
			t.Fatalf("%s: %d dice shown for the turn", cfg.Mode, len(v.Dice))
		}
		for _, c := range v.File {
			if _, ok := v.Speeds[c.ID]; !ok && !c.Out {
				t.Fatalf("%s: no speed for car %d", cfg.Mode, c.ID)
			}
		}
	}
}

// The view for everyone holds no hand and no event it may not read; a
// seat's view holds its own hand; positions, gaps and places are the
// game's (R-POS-03, R-END-02); the standard view carries every car's
// tyres, a system car those of the seat it follows (R-SET-04).
func TestBoardViewPublicAndOwn(t *testing.T) {
	g, _, err := Simulate(Config{Mode: Standard, Seats: 2, Weather: true}, "windmere", SeedFrom("board-view-2"))
	if err != nil {
		t.Fatal(err)
	}
	g.Over = false // read it as a running race: hidden events stay hidden
	v := g.Board(-1)
	if v.Hand != nil || v.Seat != -1 {
		t.Fatalf("the view for everyone has a hand %v (seat %d)", v.Hand, v.Seat)
	}
	for _, e := range v.Last {
		if !e.VisibleTo(-1, false) && !e.To.Hidden {
			t.Fatalf("the view for everyone holds %q", e.Text())
		}
		if e.Get("perm") != "" {
			t.Fatalf("the view for everyone holds a deck order %q", e.Text())
		}
	}
	own := g.Board(1)
	if !reflect.DeepEqual(own.Hand, g.Seats[1].Hand) || own.Seat != 1 {
		t.Fatalf("seat 2's view: hand %v, want %v", own.Hand, g.Seats[1].Hand)
	}
	file := g.File()
	for i, c := range v.File[:len(file)] {
		if c.ID != file[i].ID || c.Gap != g.Gap(file[i]) || c.Gap < 0 {
			t.Fatalf("file position %d: car %d gap %d, want car %d gap %d", i+1, c.ID, c.Gap, file[i].ID, g.Gap(file[i]))
		}
		if c.Tyre == "" || c.TyreCards == 0 && c.Tyre != "" && len(g.Std.Piles[c.Seat]) > 0 {
			t.Fatalf("car %d: no tyres on the view", c.ID)
		}
		if c.Seat < 0 && (c.Follows < 0 || c.Tyre != g.Std.Tyres[c.Follows]) {
			t.Fatalf("system car %d: follows %d, tyres %s", c.ID, c.Follows, c.Tyre)
		}
	}
	for i, c := range g.Classification() {
		if v.File[placeIndex(v.File, c.ID)].Place != i+1 {
			t.Fatalf("car %d: place %d, want %d", c.ID, v.File[placeIndex(v.File, c.ID)].Place, i+1)
		}
	}
}

func placeIndex(f []BoardCar, id int) int {
	for i, c := range f {
		if c.ID == id {
			return i
		}
	}
	return -1
}

// ReplayTurn stops where turn n+1 is to be ordered; ReplayAt before the
// input on line n; both refuse what the record does not hold.
func TestReplayTurnAndAt(t *testing.T) {
	_, rec, err := Simulate(Config{Mode: Family, Seats: 3}, "windmere", SeedFrom("replay-turn"))
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; n < FamilyTurns; n++ {
		g, err := ReplayTurn(rec, n)
		if err != nil {
			t.Fatal(err)
		}
		if g.Turn != n+1 || g.Over || g.Sealed[0] != nil {
			t.Fatalf("after turn %d: turn %d, over %v", n, g.Turn, g.Over)
		}
	}
	g, err := ReplayTurn(rec, FamilyTurns)
	if err != nil || !g.Over {
		t.Fatalf("after the last turn: %v, over %v", err, g != nil && g.Over)
	}
	if _, err := ReplayTurn(rec, FamilyTurns+1); err == nil {
		t.Fatal("a turn after the last replayed")
	}
	inputs := rec.Inputs()
	at := inputs[1] + 1 // the line of the second order
	g, err = ReplayAt(rec, at)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Events) != inputs[1] {
		t.Fatalf("at line %d: %d events, want %d (before the order on it)", at, len(g.Events), inputs[1])
	}
	if _, err := ReplayAt(rec, len(rec.Events)+1); err == nil {
		t.Fatal("a line after the last replayed")
	}
}

// Before the grid start the cars are not on the circuit: the view says
// so and lists them without squares or gaps, in car order during
// qualifying and in grid order once qualifying made the grid (R-QB-09,
// R-GRID-01).
func TestBoardViewBeforeTheGrid(t *testing.T) {
	src := dice.NewSeeded(SeedFrom("board-grid"))
	g, err := NewGame("bg", Config{Mode: Standard, Seats: 2}, circuit(t, "windmere"), src)
	if err != nil {
		t.Fatal(err)
	}
	check := func(want []int) {
		t.Helper()
		v := g.Board(-1)
		if v.Placed || len(v.File) != len(g.Cars) {
			t.Fatalf("%s: placed %v, %d cars", g.Race.Phase, v.Placed, len(v.File))
		}
		for i, c := range v.File {
			if c.Place != i+1 || c.Gap != 0 || c.Lap != 0 || (want != nil && c.ID != want[i]) {
				t.Fatalf("%s: position %d: %+v", g.Race.Phase, i+1, c)
			}
		}
	}
	ids := make([]int, len(g.Cars))
	for i := range ids {
		ids[i] = i + 1
	}
	check(ids)
	for g.Race.Phase == PhaseQuali {
		for _, d := range g.Pending() {
			if _, err := g.Submit(g.Autopilot(d.Seat), src); err != nil {
				t.Fatal(err)
			}
		}
	}
	if g.Race.Phase != PhaseStart {
		t.Fatalf("after qualifying: %s", g.Race.Phase)
	}
	check(append(append([]int{}, g.Race.Quali.Grid...), g.Race.Quali.PitLane...))
	for g.Race.Phase == PhaseStart {
		for _, d := range g.Pending() {
			if _, err := g.Submit(g.Autopilot(d.Seat), src); err != nil {
				t.Fatal(err)
			}
		}
	}
	if v := g.Board(-1); !v.Placed {
		t.Fatal("after the start the cars are not placed")
	}
}
