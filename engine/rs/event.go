package rs

import (
	"fmt"
	"strconv"
	"strings"
)

// Arg is one key=value of an event.
type Arg struct{ K, V string }

// Audience says who may read an event while the race runs. The record
// keeps every event; a view for a seat shows only what its audience
// allows, and everything once the race is over.
type Audience struct {
	// Seats, when not empty, are the only seats that may read the event
	// (a sealed order, a hand). Empty with Hidden false: everyone.
	Seats []int
	// Hidden events are read by no seat until the race is over (the order
	// a shuffle gave a deck). Everyone may know that they happened.
	Hidden bool
}

// Public is the audience of an event everyone reads.
var Public = Audience{}

// Event is one line of the record: a kind, ordered arguments and who may
// read it.
type Event struct {
	Kind string
	Args []Arg
	To   Audience
}

func ev(kind string, to Audience, kv ...any) Event {
	e := Event{Kind: kind, To: to}
	for i := 0; i+1 < len(kv); i += 2 {
		e.Args = append(e.Args, Arg{kv[i].(string), fmt.Sprint(kv[i+1])})
	}
	return e
}

// Get returns the value of key k, or "".
func (e Event) Get(k string) string {
	for _, a := range e.Args {
		if a.K == k {
			return a.V
		}
	}
	return ""
}

// Int returns the value of key k as an int (0 when absent or not a number).
func (e Event) Int(k string) int {
	v, _ := strconv.Atoi(e.Get(k))
	return v
}

// Text is the record line: KIND key=value …; an audience other than
// everyone is written first as to=SEATS or to=none (seats are 1-based).
func (e Event) Text() string {
	var b strings.Builder
	b.WriteString(e.Kind)
	switch {
	case e.To.Hidden:
		b.WriteString(" to=none")
	case len(e.To.Seats) > 0:
		b.WriteString(" to=")
		for i, s := range e.To.Seats {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Itoa(s + 1))
		}
	}
	for _, a := range e.Args {
		b.WriteByte(' ')
		b.WriteString(a.K)
		b.WriteByte('=')
		b.WriteString(a.V)
	}
	return b.String()
}

// VisibleTo reports whether seat may read e now; over is whether the race
// is over (then every event is public).
func (e Event) VisibleTo(seat int, over bool) bool {
	if over {
		return true
	}
	if e.To.Hidden {
		return false
	}
	if len(e.To.Seats) == 0 {
		return true
	}
	for _, s := range e.To.Seats {
		if s == seat {
			return true
		}
	}
	return false
}

// ParseEvent reads a record line written by Text.
func ParseEvent(line string) (Event, error) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return Event{}, fmt.Errorf("empty event")
	}
	e := Event{Kind: f[0]}
	if !wordOK(e.Kind) {
		return Event{}, fmt.Errorf("event kind %q: a word of a-z and '-'", e.Kind)
	}
	for i, kv := range f[1:] {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || !wordOK(k) {
			return Event{}, fmt.Errorf("%q is not key=value", kv)
		}
		if i == 0 && k == "to" {
			if v == "none" {
				e.To.Hidden = true
				continue
			}
			for _, s := range strings.Split(v, ",") {
				n, err := strconv.Atoi(s)
				if err != nil || n < 1 || n > MaxSeats {
					return Event{}, fmt.Errorf("to=%s: seats are 1 to %d", v, MaxSeats)
				}
				e.To.Seats = append(e.To.Seats, n-1)
			}
			continue
		}
		e.Args = append(e.Args, Arg{k, v})
	}
	return e, nil
}

func wordOK(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if (r < 'a' || r > 'z') && r != '-' {
			return false
		}
	}
	return true
}
