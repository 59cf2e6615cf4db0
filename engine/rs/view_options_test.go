package rs

import (
	"reflect"
	"testing"

	"github.com/pitwall/pitwall/engine/dice"
)

// The board's view shows what the optional rules add, from the game's
// public state and events: a seat's second car marked and its speed on
// the seat's card (R-VAR-05), the tyre sets left (R-ADV-01), the
// manufacturer's roll (R-ADV-08, T-19), the fixed fast system cars
// (R-VAR-03), each car's teammate and a team's wait (R-PIT-10).
func TestBoardViewOptions(t *testing.T) {
	cfg := Config{Mode: Standard, Seats: 3, Weather: true, TyreAllocation: true, TeamPits: true, Manufacturer: true, FixedFast: true, TwoCars: true}
	_, rec, err := Simulate(cfg, "windmere", SeedFrom("t3"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := ReplayTurn(rec, 6)
	if err != nil {
		t.Fatal(err)
	}
	v := g.Board(-1)
	if !v.TwoCars || !v.Teams || v.FastRule != OptFixedFast || v.Manufacturer == nil {
		t.Fatalf("options not on the view: %+v", v)
	}
	hard, soft := ManufacturerPiles(v.Manufacturer.Blue)
	if v.Manufacturer.Hard != hard.String() || v.Manufacturer.Soft != soft.String() {
		t.Fatalf("manufacturer %+v, want %s and %s", v.Manufacturer, hard, soft)
	}
	if !reflect.DeepEqual(v.TyreSets, g.Std.Sets) {
		t.Fatalf("tyre sets %v, want %v", v.TyreSets, g.Std.Sets)
	}
	v.TyreSets[0][Hard] = 99 // a copy: the view cannot change the game
	if g.Std.Sets[0][Hard] == 99 {
		t.Fatal("the view shares the game's tyre sets")
	}
	fast, seconds := 0, 0
	for _, c := range v.File {
		if c.Fast != g.Std.Fast[c.ID] {
			t.Fatalf("car %d: fast %v", c.ID, c.Fast)
		}
		if c.Fast {
			fast++
		}
		if c.Mate != g.Std.Mate[c.ID] || c.Mate == 0 {
			t.Fatalf("car %d: teammate %d, want %d", c.ID, c.Mate, g.Std.Mate[c.ID])
		}
		if c.Second {
			seconds++
			if c.Seat < 0 || c.ID == g.Seats[c.Seat].Car {
				t.Fatalf("car %d marked second", c.ID)
			}
		}
		if _, ok := v.Speeds[c.ID]; !ok && !c.Out {
			t.Fatalf("car %d: no speed", c.ID)
		}
	}
	if fast != FixedFastPerSeat(3)*3 || seconds != 3 {
		t.Fatalf("%d fast system cars, %d second cars", fast, seconds)
	}
	waits := 0
	for _, e := range v.Last {
		if e.Kind == "drop" && e.Get("cause") == "team-wait" {
			waits++
		}
		if e.Kind == "second-car" {
			o := v.Orders[e.Int("seat")-1]
			if o.SecondCar != e.Int("car") || o.SecondSpeed != e.Int("speed") || v.Speeds[o.SecondCar] != o.SecondSpeed {
				t.Fatalf("seat %d's order %+v, event %s", e.Int("seat"), o, e.Text())
			}
		}
	}
	if waits == 0 {
		t.Fatal("turn 6's team wait is not in the last turn")
	}
	// variant 10.2: the fast system cars are those fastSystemCars takes
	// next turn, at most three
	_, rec3, err := Simulate(Config{Mode: Standard, Seats: 2, ThreeFast: true}, "windmere", SeedFrom("golden"))
	if err != nil {
		t.Fatal(err)
	}
	g3, err := ReplayTurn(rec3, 3)
	if err != nil {
		t.Fatal(err)
	}
	want := g3.fastSystemCars()
	n := 0
	for _, c := range g3.Board(-1).File {
		if c.Fast != want[g3.car(c.ID)] {
			t.Fatalf("v10-2: car %d fast %v", c.ID, c.Fast)
		}
		if c.Fast {
			n++
		}
	}
	if n == 0 || n > MaxFast {
		t.Fatalf("v10-2: %d fast system cars", n)
	}
}

// During the advanced qualifying the view says the phase being ordered,
// each car's attempts and best time so far and each seat's last revealed
// choice, ranks the cars by time, and holds no sealed order: a phase's
// view with some orders sealed is the view before them (R-QX-01..09).
func TestBoardViewAdvancedQualifying(t *testing.T) {
	src := dice.NewSeeded(SeedFrom("board-aq"))
	g, err := NewGame("aq", Config{Mode: Standard, Seats: 3, AdvancedQuali: true, TwoCars: true}, circuit(t, "cragsby"), src)
	if err != nil {
		t.Fatal(err)
	}
	phases, out := 0, 0
	for g.Board(-1).Quali != nil {
		v := g.Board(-1)
		q := v.Quali
		if q.Phase < 1 || q.Phase > q.Phases || (q.Session != "q2" && q.Session != "q3") {
			t.Fatalf("phase %d of %d in %s", q.Phase, q.Phases, q.Session)
		}
		for i, c := range v.File {
			if !q.In[c.ID] {
				out++
				if q.Session != "q3" {
					t.Fatalf("car %d out of %s", c.ID, q.Session)
				}
			}
			if i > 0 && q.In[c.ID] && !q.In[v.File[i-1].ID] {
				t.Fatalf("car %d, still in %s, listed after a car knocked out", c.ID, q.Session)
			}
			if i > 0 && q.In[c.ID] && q.Best[c.ID] < q.Best[v.File[i-1].ID] {
				t.Fatalf("car %d ranked after a slower car", c.ID)
			}
			if q.In[c.ID] && (q.Attempts[c.ID] != len(g.Race.AQ.Tries[c.ID]) || q.Attempts[c.ID] > MaxAttempts) {
				t.Fatalf("car %d: %d attempts", c.ID, q.Attempts[c.ID])
			}
		}
		for _, e := range v.Last {
			if e.Kind == "quali-attempt" && q.Choices[e.Int("seat")-1] != e.Get("deck") {
				t.Fatalf("seat %d: choice %q, event %s", e.Int("seat"), q.Choices[e.Int("seat")-1], e.Text())
			}
		}
		pending := g.Pending()
		for i, d := range pending {
			o := g.Autopilot(d.Seat)
			if i < len(pending)-1 && g.mayAttempt(d.Seat) {
				o.Deck = "risky" // not always the autopilot's: a real secret
			}
			if _, err := g.Submit(o, src); err != nil {
				t.Fatal(err)
			}
			if i < len(pending)-1 && !reflect.DeepEqual(g.Board(-1), v) {
				t.Fatalf("%s phase %d: the view changed with a sealed order", q.Session, q.Phase)
			}
		}
		phases++
	}
	if phases != 5 || out == 0 || g.Race.Phase != PhaseStart {
		t.Fatalf("%d phases, %d cars shown out of Q3, then %s", phases, out, g.Race.Phase)
	}
}
