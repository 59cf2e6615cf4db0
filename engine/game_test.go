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

// redactedLine is a line that a reader outside its audience reads as a
// stand-in.
type redactedLine struct {
	line
	in Event
}

func (r redactedLine) StandIn() Event { return r.in }

// TestTold: a reader in an event's audience reads it; one outside reads
// its stand-in when it has one, else nothing; the referee reads every
// event; once the game is over everyone reads the event itself.
func TestTold(t *testing.T) {
	stand := line{"stand-in", Audience{}}
	mine := line{"order", Audience{Seats: []int{1}}}
	redacted := redactedLine{line{"build", Audience{Seats: []int{1}}}, stand}
	bare := redactedLine{line{"hand", Audience{Seats: []int{1}}}, nil}
	cases := []struct {
		e      Event
		reader int
		over   bool
		want   string // "" for nothing
	}{
		{mine, 1, false, "order"}, {mine, 0, false, ""}, {mine, -1, false, ""}, {mine, Referee, false, "order"}, {mine, 0, true, "order"},
		{redacted, 1, false, "build"}, {redacted, 0, false, "stand-in"}, {redacted, -1, false, "stand-in"}, {redacted, Referee, false, "build"}, {redacted, -1, true, "build"},
		{bare, 0, false, ""}, {bare, 1, false, "hand"},
	}
	for _, c := range cases {
		got, ok := Told(c.e, c.reader, c.over)
		if ok != (c.want != "") || ok && got.Kind() != c.want {
			t.Errorf("%s told to %d (over %v): %v %v, want %q", c.e.Kind(), c.reader, c.over, got, ok, c.want)
		}
	}
}
