package fdr

import (
	"encoding/hex"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// Test helpers for the competition rules (fdr): games started from a
// position with StartFrom and driven with Submit and scripted dice, as the
// fd2008 harness does.

// fdrLabSource is a rectangle with a 34-space straight after the line and a
// 44-space back straight (room for a 30 in 6th), corners One (1 stop), Two
// (2), Three (3) and Four (1), and a pit lane from home.1 to long.4.
const fdrLabSource = `circuit fdrlab
name "FDR Lab"
description "Competition-rules lab: long straights, a 1-, a 2- and a 3-stop corner, a pit lane."
lanes 3
laps 3
weather sun 1-12 changeable 13-16 rain 17-20
grid 10
straight 34 id=long
corner "One" right stops=1 angle=90 radius=6 id=one
straight 8 id=b
corner "Two" right stops=2 angle=90 radius=6 id=two
straight 44 id=c
corner "Three" right stops=3 angle=90 radius=6 id=three
straight 8 id=d
corner "Four" right stops=1 angle=90 radius=6 id=four
straight 10 id=home
pit side=left entry=home.1 exit=long.4 boxes=10
`

// fdrEvent is an event from its kind and key-value pairs, each value
// written with fmt.Sprint (fdr's own copy of event_bykey_test.go's ev).
func fdrEvent(kind string, kv ...any) fd.Event {
	e := fd.Event{Kind: kind, Args: make([]fd.Arg, 0, len(kv)/2)}
	for i := 0; i+1 < len(kv); i += 2 {
		e.Args = append(e.Args, fd.Arg{Key: fmt.Sprint(kv[i]), Val: fmt.Sprint(kv[i+1])})
	}
	return e
}

// fdrLabCircuit is FDR Lab, fdr's own (the base's tests have theirs,
// fdrLab, in harness_fdrgames_test.go).
func fdrLabCircuit(t testing.TB) *tracks.Circuit { return fdrInlineTrack(t, fdrLabSource) }

func hexSeed(s [dice.SeedSize]byte) string { return hex.EncodeToString(s[:]) }

// fdr's harness: fdr's own copy of harness_test.go's harness and its
// car placements, on engine/fd's exported API only, so that fdr's tests
// need no other engine/fd test file when they move to package fdr (issue
// 13); there fdtest's (fdtest_test.go), which a package fd test
// cannot import, can take its place. Every step gives the exact rolls it
// needs: a step that asks for more, or leaves some unused, fails the
// test, so each test also pins which dice the rules roll.

// fdrOval is the embedded test-oval.
func fdrOval(t testing.TB) *tracks.Circuit {
	t.Helper()
	c, err := tracks.Get("test-oval")
	require.NoError(t, err)
	return c
}

// fdrInlineTrack loads a circuit from its source.
func fdrInlineTrack(t testing.TB, src string) *tracks.Circuit {
	t.Helper()
	c, err := tracks.Load("inline.track", []byte(src))
	require.NoError(t, err)
	return c
}

// fdrCar is a car placed by hand, as a position line gives it; its
// methods return a changed copy, so that a placement reads as one
// expression (fdrCarAt("long.2.1", 4).laps(1).flag("restart")). It is
// fdr's own type, as fdtest.CarAt is a module's: a package fdr cannot
// declare methods on engine/fd's CarPosition.
type fdrCar fd.CarPosition

// fdrCarAt places a started car that has crossed the line, with the
// default configuration (9/3/2/2/2/2, 2 pit points) intact.
func fdrCarAt(space string, gear int) fdrCar {
	return fdrCar{Space: space, Gear: gear, Wear: FDRDefaultBuild(), Flags: []string{"started", "crossed"}}
}

// fdrCarFullWear places a started car that has crossed the line with
// fd2008's full wear (DefaultWear), as harness_test.go's at does.
func fdrCarFullWear(space string, gear int) fdrCar {
	return fdrCar{Space: space, Gear: gear, Wear: fd.DefaultWear(), Flags: []string{"started", "crossed"}}
}

func (cp fdrCar) laps(n int) fdrCar  { cp.Laps = n; return cp }
func (cp fdrCar) stops(n int) fdrCar { cp.Stops = n; return cp }
func (cp fdrCar) pits(n int) fdrCar  { cp.PitStops = n; return cp }

// wear sets the wear from its compact form; a malformed one panics (a
// typo in a test).
func (cp fdrCar) wear(s string) fdrCar {
	w, err := fd.ParseWearCompact(s)
	if err != nil {
		panic(err)
	}
	cp.Wear = w
	return cp
}
func (cp fdrCar) set(cat fd.Category, n int) fdrCar { cp.Wear[cat] = n; return cp }
func (cp fdrCar) flag(f ...string) fdrCar {
	cp.Flags = append(append([]string(nil), cp.Flags...), f...)
	return cp
}
func (cp fdrCar) tyre(t fd.Tyre, age int) fdrCar { cp.Tyre, cp.TyreAge = t, age; return cp }
func (cp fdrCar) build(w fd.Wear, pit int) fdrCar {
	cp.Config, cp.Pit, cp.Wear = w, pit, w
	return cp
}
func (cp fdrCar) arrival(n int) fdrCar { cp.Arrival = n; return cp }

// fdrCars are the placements as a position's cars.
func fdrCars(cars ...fdrCar) []fd.CarPosition {
	out := make([]fd.CarPosition, len(cars))
	for i, c := range cars {
		out[i] = fd.CarPosition(c)
	}
	return out
}

// fdrHarness is a game a test drives: its circuit, and the mark since()
// reads the events from.
type fdrHarness struct {
	t    testing.TB
	g    *fd.Game
	c    *tracks.Circuit
	mark int
}

// fdrStart starts a competition-rules game from a position (round 1 done,
// the given weather) with the rolls StartFrom needs.
func fdrStart(t testing.TB, c *tracks.Circuit, wx fd.WeatherState, cars []fdrCar, debris []string, rolls ...int) *fdrHarness {
	t.Helper()
	return fdrStartCfg(t, c, FDRConfig(), fd.Position{Round: 1, Weather: wx, Debris: debris, Cars: fdrCars(cars...)}, rolls...)
}

// fdrStartCfg starts a game of cfg from p (its cars numbered in order)
// with the rolls StartFrom needs.
func fdrStartCfg(t testing.TB, c *tracks.Circuit, cfg fd.Config, p fd.Position, rolls ...int) *fdrHarness {
	t.Helper()
	for i := range p.Cars {
		p.Cars[i].Car = i + 1
	}
	g, err := fd.NewGame("t", cfg, c, len(p.Cars))
	require.NoError(t, err)
	h := &fdrHarness{t: t, g: g, c: c}
	src := dice.NewScripted(rolls...)
	require.NoError(t, g.StartFrom(p, src), "events:\n%s", h.dump())
	require.Zero(t, src.Remaining(), "StartFrom left rolls unused; events:\n%s", h.dump())
	h.mark = len(p.Cars) + 1 // since() starts after the position lines
	return h
}

func (h *fdrHarness) id(name string) tracks.SpaceID {
	h.t.Helper()
	id, ok := h.c.Lookup(name)
	require.True(h.t, ok, "no space %q", name)
	return id
}

func (h *fdrHarness) name(id tracks.SpaceID) string {
	if id == tracks.NoSpace {
		return "-"
	}
	return h.c.Spaces[id].Name
}

func (h *fdrHarness) car(n int) *fd.Car { return &h.g.Cars[n-1] }

func (h *fdrHarness) pending() *fd.Decision {
	h.t.Helper()
	d := h.g.Pending()
	require.NotNil(h.t, d, "nothing pending; events:\n%s", h.dump())
	return d
}

// expect asserts which car must decide what.
func (h *fdrHarness) expect(car int, kind fd.DecisionKind) *fd.Decision {
	h.t.Helper()
	d := h.pending()
	require.Equal(h.t, car, d.Car, "deciding car; events:\n%s", h.dump())
	require.Equal(h.t, kind, d.Kind, "decision kind")
	return d
}

func (h *fdrHarness) submit(o fd.Order, rolls ...int) {
	h.t.Helper()
	src := dice.NewScripted(rolls...)
	require.NoError(h.t, h.g.Submit(o, src), "events:\n%s", h.dump())
	require.Zero(h.t, src.Remaining(), "the order left scripted rolls unused; events:\n%s", h.dump())
}

// gear engages a gear for the pending car.
func (h *fdrHarness) gear(n int, rolls ...int) {
	h.t.Helper()
	d := h.pending()
	require.Equal(h.t, fd.DecideGear, d.Kind)
	h.submit(fd.Order{Car: d.Car, Gear: n}, rolls...)
}

// option finds the option of the pending decision that ends on end after
// moving steps spaces (steps < 0: any length, but then exactly one must
// match).
func (h *fdrHarness) option(end string, steps int) fd.Option {
	h.t.Helper()
	d := h.pending()
	var found []fd.Option
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

func (h *fdrHarness) hasEnd(end string) bool {
	for _, op := range h.pending().Options {
		if !op.Stop && h.name(op.End) == end {
			return true
		}
	}
	return false
}

// move chooses the option ending on end (of any length, unique).
func (h *fdrHarness) move(end string, rolls ...int) fd.Option {
	h.t.Helper()
	op := h.option(end, -1)
	h.submit(fd.Order{Car: h.pending().Car, Letter: op.Letter}, rolls...)
	return op
}

// moveN chooses the option ending on end after steps spaces.
func (h *fdrHarness) moveN(end string, steps int, rolls ...int) fd.Option {
	h.t.Helper()
	op := h.option(end, steps)
	h.submit(fd.Order{Car: h.pending().Car, Letter: op.Letter}, rolls...)
	return op
}

func (h *fdrHarness) describe(d *fd.Decision) string {
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
func (h *fdrHarness) since() []string {
	var out []string
	for _, e := range h.g.Events[h.mark:] {
		out = append(out, e.String())
	}
	h.mark = len(h.g.Events)
	return out
}

func (h *fdrHarness) dump() string {
	var b strings.Builder
	for _, e := range h.g.Events {
		b.WriteString(e.String())
		b.WriteByte('\n')
	}
	return b.String()
}

func (h *fdrHarness) wear(n int) string { return h.car(n).Wear.Compact() }

func (h *fdrHarness) space(n int) string { return h.name(h.car(n).Space) }

func (h *fdrHarness) debris() []string { return append([]string(nil), h.g.Position().Debris...) }

// gears lists the gears offered.
func (h *fdrHarness) gears() []int {
	var out []int
	for _, op := range h.pending().Options {
		out = append(out, op.Gear)
	}
	return out
}

// gearOption finds the offered gear.
func (h *fdrHarness) gearOption(n int) fd.Option {
	h.t.Helper()
	for _, op := range h.pending().Options {
		if op.Gear == n {
			return op
		}
	}
	h.t.Fatalf("gear %d not offered: %v", n, h.gears())
	return fd.Option{}
}

// pick chooses the first option of the pending decision that satisfies ok.
func (h *fdrHarness) pick(ok func(fd.Option) bool, rolls ...int) fd.Option {
	h.t.Helper()
	d := h.pending()
	for _, op := range d.Options {
		if ok(op) {
			h.submit(fd.Order{Car: d.Car, Letter: op.Letter}, rolls...)
			return op
		}
	}
	h.t.Fatalf("no option fits in:\n%s", h.describe(d))
	return fd.Option{}
}

// find returns the options of the pending decision that satisfy ok.
func (h *fdrHarness) find(ok func(fd.Option) bool) []fd.Option {
	var out []fd.Option
	for _, op := range h.pending().Options {
		if ok(op) {
			out = append(out, op)
		}
	}
	return out
}

// fdrKinds keeps the event lines of those kinds.
func fdrKinds(lines []string, kind ...string) []string {
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

// fdrWithoutCause drops the cause= of wear and eliminated lines, so that
// tests pin what happened and not the wording.
func fdrWithoutCause(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		if j := strings.Index(l, " cause="); j >= 0 {
			l = l[:j]
		}
		out[i] = l
	}
	return out
}
