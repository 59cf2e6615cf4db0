package fd

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// Test harness: a game started from a position with StartFrom, driven with
// Submit and scripted dice. Every step gives the exact rolls it needs; a
// step that asks for more rolls, or leaves some unused, fails the test, so
// each test also pins which dice the rules roll.

// labTrack is a triangle with a 1-, a 2- and a 3-stop corner and long
// straights (the derived scenarios need a 3-stop corner and room for
// slipstreams). Segments a (levels 0–9), one (10–15), b (16–35), two
// (36–41), c (42–61), three (62–67), d (68–77); the pit lane runs from d.1
// to a.4.
const labTrack = `circuit lab
name "Lab"
description "Triangle with a 1-, 2- and 3-stop corner."
lanes 3
laps 2
weather sun 1-12 changeable 13-16 rain 17-20
grid 10
straight 10 id=a
corner "One" right stops=1 angle=120 id=one
straight 20 id=b
corner "Two" right stops=2 angle=120 id=two
straight 20 id=c
corner "Three" right stops=3 angle=120 id=three
straight 10 id=d
pit side=left entry=d.1 exit=a.4 boxes=10
`

// twinTrack is an oval whose bends are each split into two 90° corners
// three levels apart, so that an overshoot can end in the next corner
// (R-OVS-05).
const twinTrack = `circuit twin
name "Twin"
description "Oval whose bends are split in two 90-degree corners three levels apart."
lanes 3
laps 2
weather sun 1-12 changeable 13-16 rain 17-20
grid 10
straight 6 id=start
corner "North A" right stops=1 angle=90 id=na
straight 3 id=ngap
corner "North B" right stops=1 angle=90 id=nb
straight 16 id=back
corner "South A" right stops=2 angle=90 id=sa
straight 3 id=sgap
corner "South B" right stops=2 angle=90 id=sb
straight 10 id=main
`

func ovalTrack(t testing.TB) *tracks.Circuit {
	t.Helper()
	c, err := tracks.Get("test-oval")
	require.NoError(t, err)
	return c
}

func inlineTrack(t testing.TB, src string) *tracks.Circuit {
	t.Helper()
	c, err := tracks.Load("inline.track", []byte(src))
	require.NoError(t, err)
	return c
}

// ovalWith is test-oval with its source edited (e.g. the South Bend made a
// 3-stop corner).
func ovalWith(t testing.TB, old, new string) *tracks.Circuit {
	t.Helper()
	src, err := tracks.EmbeddedSource("test-oval")
	require.NoError(t, err)
	require.Contains(t, string(src), old)
	return inlineTrack(t, strings.Replace(string(src), old, new, 1))
}

// at places a started car that has crossed the start line, with full wear.
func at(space string, gear int) CarPosition {
	return CarPosition{Space: space, Gear: gear, Wear: DefaultWear(), Flags: []string{"started", "crossed"}}
}

func (cp CarPosition) laps(n int) CarPosition  { cp.Laps = n; return cp }
func (cp CarPosition) stops(n int) CarPosition { cp.Stops = n; return cp }
func (cp CarPosition) pits(n int) CarPosition  { cp.PitStops = n; return cp }
func (cp CarPosition) wear(s string) CarPosition {
	w, err := ParseWearCompact(s)
	if err != nil {
		panic(err)
	}
	cp.Wear = w
	return cp
}
func (cp CarPosition) set(cat Category, n int) CarPosition { cp.Wear[cat] = n; return cp }
func (cp CarPosition) flag(f ...string) CarPosition {
	cp.Flags = append(append([]string(nil), cp.Flags...), f...)
	return cp
}

type harness struct {
	t    testing.TB
	g    *Game
	c    *tracks.Circuit
	mark int
}

// play starts a game on c from the cars (numbered in order) and the debris,
// with the rolls StartFrom needs to reach the first decision.
func play(t testing.TB, c *tracks.Circuit, cfg Config, cars []CarPosition, debris []string, rolls ...int) *harness {
	t.Helper()
	for i := range cars {
		cars[i].Car = i + 1
	}
	g, err := NewGame("t", cfg, c, len(cars))
	require.NoError(t, err)
	h := &harness{t: t, g: g, c: c}
	src := dice.NewScripted(rolls...)
	require.NoError(t, g.StartFrom(Position{Round: 1, Debris: debris, Cars: cars}, src))
	require.Zero(t, src.Remaining(), "StartFrom left rolls unused")
	h.mark = len(cars) + 1 // since() starts after the position lines
	return h
}

func (h *harness) id(name string) tracks.SpaceID {
	h.t.Helper()
	id, ok := h.c.Lookup(name)
	require.True(h.t, ok, "no space %q", name)
	return id
}

func (h *harness) name(id tracks.SpaceID) string {
	if id == tracks.NoSpace {
		return "-"
	}
	return h.c.Spaces[id].Name
}

func (h *harness) car(n int) *Car { return &h.g.Cars[n-1] }

func (h *harness) pending() *Decision {
	h.t.Helper()
	d := h.g.Pending()
	require.NotNil(h.t, d, "nothing pending; events:\n%s", h.dump())
	return d
}

// expect asserts which car must decide what.
func (h *harness) expect(car int, kind DecisionKind) *Decision {
	h.t.Helper()
	d := h.pending()
	require.Equal(h.t, car, d.Car, "deciding car; events:\n%s", h.dump())
	require.Equal(h.t, kind, d.Kind, "decision kind")
	return d
}

func (h *harness) submit(o Order, rolls ...int) {
	h.t.Helper()
	src := dice.NewScripted(rolls...)
	require.NoError(h.t, h.g.Submit(o, src), "events:\n%s", h.dump())
	require.Zero(h.t, src.Remaining(), "the order left scripted rolls unused; events:\n%s", h.dump())
}

// gear engages a gear for the pending car.
func (h *harness) gear(n int, rolls ...int) {
	h.t.Helper()
	d := h.pending()
	require.Equal(h.t, DecideGear, d.Kind)
	h.submit(Order{Car: d.Car, Gear: n}, rolls...)
}

// ends lists the option ends of the pending decision.
func (h *harness) ends() []string {
	var out []string
	for _, op := range h.pending().Options {
		out = append(out, h.name(op.End))
	}
	return out
}

// option finds the option of the pending decision that ends on end after
// moving steps spaces (steps < 0: any length, but then exactly one must
// match).
func (h *harness) option(end string, steps int) Option {
	h.t.Helper()
	d := h.pending()
	var found []Option
	for _, op := range d.Options {
		if op.Stop || h.name(op.End) != end {
			continue
		}
		if steps >= 0 && len(op.Path) != steps {
			continue
		}
		found = append(found, op)
	}
	require.Len(h.t, found, 1, "options ending on %s after %d steps in:\n%s", end, steps, h.describe(d))
	return found[0]
}

func (h *harness) hasEnd(end string) bool {
	for _, op := range h.pending().Options {
		if !op.Stop && h.name(op.End) == end {
			return true
		}
	}
	return false
}

// move chooses the option ending on end (of any length, unique).
func (h *harness) move(end string, rolls ...int) Option {
	h.t.Helper()
	op := h.option(end, -1)
	h.submit(Order{Car: h.pending().Car, Letter: op.Letter}, rolls...)
	return op
}

// moveN chooses the option ending on end after steps spaces.
func (h *harness) moveN(end string, steps int, rolls ...int) Option {
	h.t.Helper()
	op := h.option(end, steps)
	h.submit(Order{Car: h.pending().Car, Letter: op.Letter}, rolls...)
	return op
}

// noSlip declines a pending slipstream.
func (h *harness) noSlip(rolls ...int) {
	h.t.Helper()
	d := h.pending()
	require.Equal(h.t, DecideSlipstream, d.Kind)
	for _, op := range d.Options {
		if op.Stop {
			h.submit(Order{Car: d.Car, Letter: op.Letter}, rolls...)
			return
		}
	}
	h.t.Fatal("no stop option")
}

func (h *harness) describe(d *Decision) string {
	var b strings.Builder
	fmt.Fprintf(&b, "car %d %s rolled %d distance %d\n", d.Car, d.Kind, d.Rolled, d.Distance)
	for _, op := range d.Options {
		var path []string
		for _, s := range op.Path {
			path = append(path, h.name(s))
		}
		fmt.Fprintf(&b, "  %s gear=%d end=%s steps=%d cost=%s elim=%v spin=%v over=%d braked=%d blocked=%d danger=%d pit=%v stop=%v path=%s\n",
			op.Letter, op.Gear, h.name(op.End), len(op.Path), op.Cost.Compact(), op.Eliminated, op.Spin, op.Overshoot, op.Braked, op.Blocked, op.Dangerous, op.Pit, op.Stop, strings.Join(path, ","))
	}
	return b.String()
}

// since returns the events emitted since the last call (or the start), as
// text, and moves the mark.
func (h *harness) since() []string {
	var out []string
	for _, e := range h.g.Events[h.mark:] {
		out = append(out, e.String())
	}
	h.mark = len(h.g.Events)
	return out
}

func (h *harness) dump() string {
	var b strings.Builder
	for _, e := range h.g.Events {
		b.WriteString(e.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// kinds filters event lines by kind.
func kinds(lines []string, kind ...string) []string {
	var out []string
	for _, l := range lines {
		k, _, _ := strings.Cut(l, " ")
		for _, want := range kind {
			if k == want {
				out = append(out, l)
			}
		}
	}
	return out
}

// withoutCause drops the cause= of wear and eliminated lines, so that tests
// pin what happened and not the wording.
func withoutCause(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		if j := strings.Index(l, " cause="); j >= 0 {
			l = l[:j]
		}
		out[i] = l
	}
	return out
}

func (h *harness) wear(n int) string { return h.car(n).Wear.Compact() }

func (h *harness) space(n int) string { return h.name(h.car(n).Space) }

func (h *harness) debris() []string {
	var out []string
	for _, d := range h.g.Position().Debris {
		out = append(out, d)
	}
	return out
}
