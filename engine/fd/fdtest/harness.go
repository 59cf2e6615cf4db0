package fdtest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// Harness is a game under test: started from a position, driven with
// Submit and scripted dice, its events read back play by play.
type Harness struct {
	T     testing.TB
	G     *fd.Game
	Track *tracks.Circuit
	mark  int // Since reads the events from here
}

// Start starts a game on c under cfg from the cars (numbered in order)
// and the debris (space names) in round 1, with the rolls StartFrom needs
// to reach the first decision.
func Start(t testing.TB, c *tracks.Circuit, cfg fd.Config, cars []CarAt, debris []string, rolls ...int) *Harness {
	t.Helper()
	return StartPosition(t, c, cfg, fd.Position{Round: 1, Debris: debris, Cars: Positions(cars...)}, rolls...)
}

// StartPosition starts a game on c under cfg from a whole position (its
// round, weather, debris; its cars numbered in order), with the rolls
// StartFrom needs to reach the first decision.
func StartPosition(t testing.TB, c *tracks.Circuit, cfg fd.Config, p fd.Position, rolls ...int) *Harness {
	t.Helper()
	for i := range p.Cars {
		p.Cars[i].Car = i + 1
	}
	g, err := fd.NewGame("t", cfg, c, len(p.Cars))
	require.NoError(t, err)
	h := &Harness{T: t, G: g, Track: c}
	src := dice.NewScripted(rolls...)
	require.NoError(t, g.StartFrom(p, src), "events:\n%s", h.Dump())
	require.Zero(t, src.Remaining(), "StartFrom left rolls unused; events:\n%s", h.Dump())
	h.mark = len(p.Cars) + 1 // Since starts after the position lines
	return h
}

// ID is the space of that name; an unknown name fails the test.
func (h *Harness) ID(name string) tracks.SpaceID {
	h.T.Helper()
	id, ok := h.Track.Lookup(name)
	require.True(h.T, ok, "no space %q", name)
	return id
}

// Name is a space's name ("-" off the board).
func (h *Harness) Name(id tracks.SpaceID) string {
	if id == tracks.NoSpace {
		return "-"
	}
	return h.Track.Spaces[id].Name
}

// Car is car n (1…).
func (h *Harness) Car(n int) *fd.Car { return &h.G.Cars[n-1] }

// Wear is car n's wear in its compact form.
func (h *Harness) Wear(n int) string { return h.Car(n).Wear.Compact() }

// Space is the name of the space car n stands on.
func (h *Harness) Space(n int) string { return h.Name(h.Car(n).Space) }

// Debris lists the spaces with debris.
func (h *Harness) Debris() []string { return append([]string(nil), h.G.Position().Debris...) }

// Pending is the decision waiting; none fails the test.
func (h *Harness) Pending() *fd.Decision {
	h.T.Helper()
	d := h.G.Pending()
	require.NotNil(h.T, d, "nothing pending; events:\n%s", h.Dump())
	return d
}

// Expect asserts which car must decide what, and returns the decision.
func (h *Harness) Expect(car int, kind fd.DecisionKind) *fd.Decision {
	h.T.Helper()
	d := h.Pending()
	require.Equal(h.T, car, d.Car, "deciding car; events:\n%s", h.Dump())
	require.Equal(h.T, kind, d.Kind, "decision kind")
	return d
}

// Submit plays an order with exactly these rolls: an error, a roll
// missing or a roll left over fails the test.
func (h *Harness) Submit(o fd.Order, rolls ...int) {
	h.T.Helper()
	src := dice.NewScripted(rolls...)
	require.NoError(h.T, h.G.Submit(o, src), "events:\n%s", h.Dump())
	require.Zero(h.T, src.Remaining(), "the order left scripted rolls unused; events:\n%s", h.Dump())
}

// Gear engages gear n for the pending car (a gear decision).
func (h *Harness) Gear(n int, rolls ...int) {
	h.T.Helper()
	d := h.Pending()
	require.Equal(h.T, fd.DecideGear, d.Kind)
	h.Submit(fd.Order{Car: d.Car, Gear: n}, rolls...)
}

// Choose plays one of the pending decision's options.
func (h *Harness) Choose(op fd.Option, rolls ...int) {
	h.T.Helper()
	h.Submit(fd.Order{Car: h.Pending().Car, Letter: op.Letter}, rolls...)
}

// Ends lists the ends of the pending decision's options.
func (h *Harness) Ends() []string {
	var out []string
	for _, op := range h.Pending().Options {
		out = append(out, h.Name(op.End))
	}
	return out
}

// Option is the one option of the pending decision that ends on end after
// steps spaces (steps < 0: of any length); none or several fail the test.
func (h *Harness) Option(end string, steps int) fd.Option {
	h.T.Helper()
	d := h.Pending()
	var found []fd.Option
	for _, op := range d.Options {
		if op.Stop || h.Name(op.End) != end {
			continue
		}
		if steps >= 0 && len(op.Path) != steps {
			continue
		}
		found = append(found, op)
	}
	require.Len(h.T, found, 1, "options ending on %s after %d steps in:\n%s", end, steps, h.Describe(d))
	return found[0]
}

// HasEnd reports whether an option of the pending decision ends on end.
func (h *Harness) HasEnd(end string) bool {
	for _, op := range h.Pending().Options {
		if !op.Stop && h.Name(op.End) == end {
			return true
		}
	}
	return false
}

// Move plays the one option ending on end (of any length).
func (h *Harness) Move(end string, rolls ...int) fd.Option {
	h.T.Helper()
	op := h.Option(end, -1)
	h.Choose(op, rolls...)
	return op
}

// MoveN plays the one option ending on end after steps spaces.
func (h *Harness) MoveN(end string, steps int, rolls ...int) fd.Option {
	h.T.Helper()
	op := h.Option(end, steps)
	h.Choose(op, rolls...)
	return op
}

// NoSlip declines a pending slipstream.
func (h *Harness) NoSlip(rolls ...int) {
	h.T.Helper()
	d := h.Pending()
	require.Equal(h.T, fd.DecideSlipstream, d.Kind)
	for _, op := range d.Options {
		if op.Stop {
			h.Submit(fd.Order{Car: d.Car, Letter: op.Letter}, rolls...)
			return
		}
	}
	h.T.Fatal("no stop option")
}

// Pick plays the first option of the pending decision that satisfies ok;
// none fails the test.
func (h *Harness) Pick(ok func(fd.Option) bool, rolls ...int) fd.Option {
	h.T.Helper()
	d := h.Pending()
	for _, op := range d.Options {
		if ok(op) {
			h.Submit(fd.Order{Car: d.Car, Letter: op.Letter}, rolls...)
			return op
		}
	}
	h.T.Fatalf("no option fits in:\n%s", h.Describe(d))
	return fd.Option{}
}

// Find lists the options of the pending decision that satisfy ok.
func (h *Harness) Find(ok func(fd.Option) bool) []fd.Option {
	var out []fd.Option
	for _, op := range h.Pending().Options {
		if ok(op) {
			out = append(out, op)
		}
	}
	return out
}

// Gears lists the gears the pending decision offers.
func (h *Harness) Gears() []int {
	var out []int
	for _, op := range h.Pending().Options {
		out = append(out, op.Gear)
	}
	return out
}

// GearOption is the offered option of gear n; not offered fails the test.
func (h *Harness) GearOption(n int) fd.Option {
	h.T.Helper()
	for _, op := range h.Pending().Options {
		if op.Gear == n {
			return op
		}
	}
	h.T.Fatalf("gear %d not offered: %v", n, h.Gears())
	return fd.Option{}
}

// Describe writes a decision and its options, one a line, for a failing
// test's message.
func (h *Harness) Describe(d *fd.Decision) string {
	var b strings.Builder
	fmt.Fprintf(&b, "car %d %s rolled %d distance %d\n", d.Car, d.Kind, d.Rolled, d.Distance)
	for _, op := range d.Options {
		var path []string
		for _, s := range op.Path {
			path = append(path, h.Name(s))
		}
		fmt.Fprintf(&b, "  %s gear=%d end=%s steps=%d cost=%s elim=%v spin=%v over=%d braked=%d blocked=%d danger=%d pit=%v stop=%v path=%s\n",
			op.Letter, op.Gear, h.Name(op.End), len(op.Path), op.Cost.Compact(), op.Eliminated, op.Spin, op.Overshoot, op.Braked, op.Blocked, op.Dangerous, op.Pit, op.Stop, strings.Join(path, ","))
	}
	return b.String()
}

// Since returns the events emitted since the last call (or the start), as
// record lines, and moves the mark.
func (h *Harness) Since() []string {
	lines := EventLines(h.G)[h.mark:]
	h.mark = len(h.G.Events)
	return lines
}

// Dump is the whole record so far, one event a line.
func (h *Harness) Dump() string {
	var b strings.Builder
	for _, e := range h.G.Events {
		b.WriteString(e.String())
		b.WriteByte('\n')
	}
	return b.String()
}
