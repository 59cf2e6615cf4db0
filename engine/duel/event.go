package duel

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine"
)

// Event is one line of a duel's record: a keyword and its fields in
// order. Seat ≥ 0 on a sealed order: only that seat reads it until the
// game is over.
type Event struct {
	Name   string
	Fields [][2]string
	Sealed int // seat+1 of a sealed order; 0: public
}

// Kind is the record keyword.
func (e Event) Kind() string { return e.Name }

// Line writes the event as its record line.
func (e Event) Line() string {
	var b strings.Builder
	b.WriteString(e.Name)
	for _, f := range e.Fields {
		b.WriteString(" " + f[0] + "=" + f[1])
	}
	return b.String()
}

// Audience: a sealed order is its seat's own until the reveal.
func (e Event) Audience() engine.Audience {
	if e.Sealed > 0 {
		return engine.Audience{Seats: []int{e.Sealed - 1}}
	}
	return engine.Audience{}
}

// Get is a field's value, "" when absent.
func (e Event) Get(k string) string {
	for _, f := range e.Fields {
		if f[0] == k {
			return f[1]
		}
	}
	return ""
}

// Int is a field read as a number (0 when absent).
func (e Event) Int(k string) int {
	n, _ := strconv.Atoi(e.Get(k))
	return n
}

func ev(name string, kv ...any) Event {
	e := Event{Name: name}
	for i := 0; i+1 < len(kv); i += 2 {
		e.Fields = append(e.Fields, [2]string{kv[i].(string), fmt.Sprint(kv[i+1])})
	}
	return e
}

// ParseEvent reads a record line back.
func ParseEvent(line string) (Event, error) {
	parts := strings.Fields(line)
	if len(parts) == 0 {
		return Event{}, fmt.Errorf("duel: empty record line")
	}
	e := Event{Name: parts[0]}
	if !knownKinds[e.Name] {
		return Event{}, fmt.Errorf("duel: unknown record line %q", parts[0])
	}
	for _, p := range parts[1:] {
		k, v, ok := strings.Cut(p, "=")
		if !ok || k == "" || v == "" {
			return Event{}, fmt.Errorf("duel: field %q is not key=value", p)
		}
		e.Fields = append(e.Fields, [2]string{k, v})
	}
	if e.Name == "order" {
		seat := e.Int("seat")
		if seat < 1 || seat > 2 {
			return Event{}, fmt.Errorf("duel: order of seat %q", e.Get("seat"))
		}
		e.Sealed = seat
	}
	return e, nil
}

var knownKinds = map[string]bool{"order": true, "reveal": true, "roll": true, "move": true, "incident": true,
	"control": true, "parachute": true, "cross": true, "crash": true, "stop": true, "injury": true, "result": true,
	"marsh": true, "faster": true}
