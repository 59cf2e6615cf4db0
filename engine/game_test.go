package engine

import "testing"

type line struct {
	kind string
	to   Audience
}

func (l line) Kind() string       { return l.kind }
func (l line) Line() string       { return l.kind }
func (l line) Audience() Audience { return l.to }

// TestAudience: an event for everyone is read by every seat and by a
// channel (seat −1); one addressed to seats by them only; a hidden one by
// nobody; once the game is over, every event by everyone.
func TestAudience(t *testing.T) {
	pub, mine, hidden := line{"place", Audience{}}, line{"order", Audience{Seats: []int{1}}}, line{"shuffle", Audience{Hidden: true}}
	cases := []struct {
		e         line
		seat      int
		over, can bool
	}{
		{pub, 0, false, true}, {pub, -1, false, true},
		{mine, 1, false, true}, {mine, 0, false, false}, {mine, -1, false, false}, {mine, 0, true, true},
		{hidden, 1, false, false}, {hidden, -1, false, false}, {hidden, -1, true, true},
	}
	for _, c := range cases {
		if got := c.e.to.Includes(c.seat, c.over); got != c.can {
			t.Errorf("%s to %+v, seat %d, over %v: reads %v, want %v", c.e.kind, c.e.to, c.seat, c.over, got, c.can)
		}
	}
	if !pub.to.Everyone() || mine.to.Everyone() || hidden.to.Everyone() {
		t.Error("only an event with no seats and not hidden is everyone's")
	}
	got := For([]Event{pub, mine, hidden}, 0, false)
	if len(got) != 1 || got[0].Kind() != "place" {
		t.Errorf("seat 1 reads %v, want the public event only", got)
	}
	if got := For([]Event{pub, mine, hidden}, 1, false); len(got) != 2 {
		t.Errorf("seat 2 reads %d events, want 2 (the public one and its own)", len(got))
	}
}
