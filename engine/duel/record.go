package duel

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/pitwall/pitwall/engine/dice"
)

// Replay rebuilds a duel from its record lines without rolling: the orders
// are played again with the recorded rolls, and what they cause must be
// the record, line for line. With seed non-nil the rolls are rolled again
// from it instead and must match (Verify).
func Replay(id string, cfg Config, lines []string, seed *[dice.SeedSize]byte) (*Game, error) {
	g, err := New(id, cfg)
	if err != nil {
		return nil, err
	}
	evs := make([]Event, len(lines))
	for i, l := range lines {
		if evs[i], err = ParseEvent(l); err != nil {
			return nil, fmt.Errorf("line %d: %w", i+1, err)
		}
	}
	var src dice.Source = &recorded{evs: evs}
	if seed != nil {
		src = dice.NewSeeded(*seed)
	}
	for i, e := range evs {
		if e.Name != "order" {
			continue
		}
		if len(g.Evs) != i {
			return nil, fmt.Errorf("%w: line %d (%s) comes before the rules reach it", ErrNotReplayed, i+1, e.Line())
		}
		if r, ok := src.(*recorded); ok {
			r.next = i + 1
		}
		if _, err := g.Submit(e.Int("seat")-1, e.Get("key"), src); err != nil {
			return nil, fmt.Errorf("%w: line %d: %v", ErrNotReplayed, i+1, err)
		}
	}
	if len(g.Evs) != len(evs) {
		return nil, fmt.Errorf("%w: %d lines, the rules make %d", ErrNotReplayed, len(evs), len(g.Evs))
	}
	for i := range evs {
		if got := g.Evs[i].Line(); got != lines[i] {
			return nil, fmt.Errorf("%w: line %d is %q, the rules make %q", ErrNotReplayed, i+1, lines[i], got)
		}
	}
	return g, nil
}

// Verify replays a finished duel rolling every die again from its seed:
// the count of rolls that matched, or why it does not.
func Verify(id string, cfg Config, lines []string, seed [dice.SeedSize]byte) (int, error) {
	g, err := Replay(id, cfg, lines, &seed)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, e := range g.Evs {
		if e.Name == "roll" {
			n++
		}
	}
	return n, nil
}

// recorded gives back a record's rolls in order, each where it was rolled.
type recorded struct {
	evs  []Event
	next int
}

func (r *recorded) Roll(k dice.Key, d dice.Die) (dice.Roll, error) {
	for ; r.next < len(r.evs); r.next++ {
		e := r.evs[r.next]
		if e.Name == "order" {
			break
		}
		if e.Name != "roll" {
			continue
		}
		r.next++
		if e.Int("tick") != k.Play || e.Int("car") != k.Car || e.Get("for") != k.Purpose || e.Int("n") != k.Counter || e.Get("die") != d.Name {
			return dice.Roll{}, fmt.Errorf("the record rolls %q where the rules roll %s", e.Line(), k)
		}
		idx, err := strconv.Atoi(e.Get("face"))
		if err != nil || idx < 0 || idx >= len(d.Faces) || d.Faces[idx] != e.Int("value") {
			return dice.Roll{}, fmt.Errorf("the record's roll %q is not a face of %s", e.Line(), d.Name)
		}
		return dice.Roll{Key: k, Die: d.Name, Index: idx, Value: d.Faces[idx]}, nil
	}
	return dice.Roll{}, fmt.Errorf("the record has no roll left for %s", k)
}

// Simulate plays a whole duel with the autopilot in both seats.
func Simulate(id string, cfg Config, src dice.Source) (*Game, error) {
	g, err := New(id, cfg)
	if err != nil {
		return nil, err
	}
	for i := 0; !g.Over; i++ {
		if i > 1000 {
			return nil, fmt.Errorf("duel %s: no end after 1000 ticks", id)
		}
		if _, err := g.Expire(src); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// Lines are the record lines.
func (g *Game) Lines() []string {
	out := make([]string, len(g.Evs))
	for i, e := range g.Evs {
		out[i] = e.Line()
	}
	return slices.Clip(out)
}
