package fd

import (
	"sync/atomic"
	"testing"

	"github.com/pitwall/pitwall/engine/dice"
)

// TestAutopilotAnswersTheFirstQualifyingSession: during FDR qualifying
// (O-QUA, R1) the autopilot answers the session PendingAll lists first,
// with the order the lending path (Pending, then autopilot) gives,
// without lending the session's option lists; and between orders the
// sessions hold no scratch of their own, the race holds the one they
// share (issue 14).
func TestAutopilotAnswersTheFirstQualifyingSession(t *testing.T) {
	_, c := largestCircuit(t)
	cfg := ConfigFor(FDR)
	cfg.Laps = 1
	g, err := NewGame("quali-autopilot", cfg, c, 10)
	if err != nil {
		t.Fatal(err)
	}
	src := dice.NewSeeded(SeedFrom("quali-autopilot"))
	if err := g.Start(src); err != nil {
		t.Fatal(err)
	}
	checked := 0
	for !g.Over && checked < 400 {
		n, sub := g.firstQualifyingSession()
		if sub == nil {
			if checked > 0 {
				break // qualifying is over
			}
			o, ok := Autopilot(g)
			if !ok {
				t.Fatal("nothing pending before qualifying")
			}
			if err := g.Submit(o, src); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, ok := Autopilot(g)
		if !ok {
			t.Fatalf("no order for car %d's session", n)
		}
		if checked < 100 {
			// nothing has called Pending yet: no session's lists are lent
			for car, s := range g.quali {
				if atomic.LoadUint32(&s.optionLists.lent[0]) != 0 || atomic.LoadUint32(&s.optionLists.lent[1]) != 0 {
					t.Fatalf("car %d's session's option lists were lent by the autopilot", car)
				}
			}
		} else {
			d := g.Pending() // lends: the path the autopilot no longer takes
			if d == nil || d.Session != "qualifying" || d.Car != n {
				t.Fatalf("Pending lists %+v first, the autopilot answered car %d", d, n)
			}
			want, _ := g.autopilot(d)
			if got.Car != want.Car || got.Gear != want.Gear || got.Letter != want.Letter {
				t.Fatalf("car %d: the autopilot ordered %+v, through Pending %+v", n, got, want)
			}
		}
		if err := g.Submit(got, src); err != nil {
			t.Fatal(err)
		}
		for car, s := range g.quali {
			if s.scratch != nil {
				t.Fatalf("car %d's session keeps a scratch of its own between orders", car)
			}
		}
		if g.scratch == nil {
			t.Fatal("the race holds no scratch after a session's order")
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no qualifying decision met")
	}
	t.Logf("%d qualifying decisions compared", checked)
}
