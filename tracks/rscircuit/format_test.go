package rscircuit

import (
	"errors"
	"strings"
	"testing"
)

func TestEmbeddedCircuitsParse(t *testing.T) {
	ids := IDs()
	if strings.Join(ids, ",") != "cragsby,windmere" {
		t.Fatalf("embedded circuits %v, want cragsby and windmere", ids)
	}
	want := map[string]struct {
		kind     Kind
		len      int
		stop, dt int
	}{"windmere": {Fast, 88, 10, 7}, "cragsby": {Slow, 76, 11, 8}}
	for _, id := range ids {
		c, err := Get(id)
		if err != nil {
			t.Fatal(err)
		}
		w := want[id]
		if c.ID != id || c.Kind != w.kind || c.Len() != w.len || c.PitStop != w.stop || c.DriveThrough != w.dt {
			t.Errorf("%s: kind %s len %d stop %d dt %d, want %+v", id, c.Kind, c.Len(), c.PitStop, c.DriveThrough, w)
		}
		back, err := Parse("text", []byte(c.Text()))
		if err != nil {
			t.Fatalf("%s: Text does not parse back: %v", id, err)
		}
		if back.Text() != c.Text() {
			t.Errorf("%s: round trip differs", id)
		}
	}
}

// The fast circuit passes more easily than the technical one: its mean
// zone threshold is lower.
func TestFastCircuitIsEasierToPassThanTechnical(t *testing.T) {
	mean := func(id string) float64 {
		c, err := Get(id)
		if err != nil {
			t.Fatal(err)
		}
		s := 0
		for _, z := range c.Squares {
			s += z.Threshold()
		}
		return float64(s) / float64(c.Len())
	}
	if f, s := mean("windmere"), mean("cragsby"); f >= s-1 {
		t.Fatalf("mean threshold: windmere %.2f, cragsby %.2f; the fast circuit should be clearly easier", f, s)
	}
}

func TestZoneAtWraps(t *testing.T) {
	c, _ := Get("windmere")
	if c.ZoneAt(c.Len()) != c.Squares[0] || c.ZoneAt(-1) != c.Squares[c.Len()-1] || c.ZoneAt(9) != Brake {
		t.Fatalf("ZoneAt: %v %v %v", c.ZoneAt(c.Len()), c.ZoneAt(-1), c.ZoneAt(9))
	}
}

func TestValidationListsEveryProblem(t *testing.T) {
	src := `rs-circuit 1
id Bad_Id
type quick
pit-stop 10
drive-through 6
grid wide
start 99
pit-entry 5
pit-exit 5
squares 1*20 3*20 X 9*2
colour red
pit-stop 11
`
	_, err := Parse("bad", []byte(src))
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("got %v, want *Error", err)
	}
	text := e.Error()
	for _, want := range []string{
		`line 2: id "Bad_Id"`, `line 3: type "quick"`, `line 6: grid "wide"`,
		`line 10: squares: "X"`, `line 10: squares: "9*2"`, `line 11: unknown key "colour"`,
		`line 12: pit-stop given twice`, "missing name", "missing weather-modifier",
		"no square in zone 5", "no square in zone 7", "no square in zone B",
		"start 99 is not a square", "pit-entry and pit-exit are the same square 5",
		"drive-through 6: Ann. C makes it the stop less 3 seconds, 7",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("missing problem %q in:\n%s", want, text)
		}
	}
}

func TestValidationLapLength(t *testing.T) {
	src := "rs-circuit 1\nid short\nname Short\ntype fast\npit-stop 10\ndrive-through 7\ngrid standard\nweather-modifier 0\nstart 0\npit-entry 8\npit-exit 1\nsquares 1*3 3*3 5*3 7*3 B*3\n"
	_, err := Parse("short", []byte(src))
	if err == nil || !strings.Contains(err.Error(), "the lap has 15 squares") {
		t.Fatalf("got %v", err)
	}
	if _, err := Parse("v", []byte("rs-circuit 2\n")); err == nil || !strings.Contains(err.Error(), `must be "rs-circuit 1"`) {
		t.Fatalf("version: %v", err)
	}
	if _, err := Get("nowhere"); err == nil {
		t.Fatal("unknown circuit accepted")
	}
}

func FuzzParse(f *testing.F) {
	for _, id := range IDs() {
		b, _ := Source(id)
		f.Add(b)
	}
	f.Add([]byte("rs-circuit 1\nsquares 1*999999999\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		c, err := Parse("fuzz", b)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || len(e.Problems) == 0 {
				t.Fatalf("error without problems: %v", err)
			}
			return
		}
		if c.Len() < MinSquares || c.Len() > MaxSquares || c.Start < 0 || c.Start >= c.Len() {
			t.Fatalf("accepted an invalid circuit: %+v", c)
		}
		back, err := Parse("again", []byte(c.Text()))
		if err != nil || back.Text() != c.Text() {
			t.Fatalf("round trip: %v", err)
		}
	})
}
