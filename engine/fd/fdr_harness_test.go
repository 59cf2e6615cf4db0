package fd

import (
	"encoding/hex"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// Test helpers for the competition rules (fdr): games started from a
// position with StartFrom and driven with Submit and scripted dice, as the
// fd2008 harness does.

// fdrLabTrack is a rectangle with a 34-space straight after the line and a
// 44-space back straight (room for a 30 in 6th), corners One (1 stop), Two
// (2), Three (3) and Four (1), and a pit lane from home.1 to long.4.
const fdrLabTrack = `circuit fdrlab
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
// written with fmt.Sprint (fdr's own copy of event_bykey_test.go's ev, so
// that fdr's tests need no other engine/fd test file when they move).
func fdrEvent(kind string, kv ...any) Event {
	e := Event{Kind: kind, Args: make([]Arg, 0, len(kv)/2)}
	for i := 0; i+1 < len(kv); i += 2 {
		e.Args = append(e.Args, Arg{fmt.Sprint(kv[i]), fmt.Sprint(kv[i+1])})
	}
	return e
}

func fdrLab(t testing.TB) *tracks.Circuit { return inlineTrack(t, fdrLabTrack) }

// fdrAt places a started car that has crossed the line, with the default
// configuration (9/3/2/2/2/2, 2 pit points) intact.
func fdrAt(space string, gear int) CarPosition {
	return CarPosition{Space: space, Gear: gear, Wear: FDRDefaultBuild(), Flags: []string{"started", "crossed"}}
}

func (cp CarPosition) tyre(t Tyre, age int) CarPosition { cp.Tyre, cp.TyreAge = t, age; return cp }
func (cp CarPosition) build(w Wear, pit int) CarPosition {
	cp.Config, cp.Pit, cp.Wear = w, pit, w
	return cp
}
func (cp CarPosition) arrival(n int) CarPosition { cp.Arrival = n; return cp }

// fdrPlay starts a competition-rules game from a position (round 1 done,
// the given weather) with the rolls StartFrom needs.
func fdrPlay(t testing.TB, c *tracks.Circuit, wx WeatherState, cars []CarPosition, debris []string, rolls ...int) *harness {
	t.Helper()
	return fdrPlayCfg(t, c, FDRConfig(), Position{Round: 1, Weather: wx, Debris: debris, Cars: cars}, rolls...)
}

func fdrPlayCfg(t testing.TB, c *tracks.Circuit, cfg Config, p Position, rolls ...int) *harness {
	t.Helper()
	for i := range p.Cars {
		p.Cars[i].Car = i + 1
	}
	g, err := NewGame("t", cfg, c, len(p.Cars))
	require.NoError(t, err)
	h := &harness{t: t, g: g, c: c}
	src := dice.NewScripted(rolls...)
	require.NoError(t, g.StartFrom(p, src), "events:\n%s", h.dump())
	require.Zero(t, src.Remaining(), "StartFrom left rolls unused; events:\n%s", h.dump())
	h.mark = len(p.Cars) + 1
	return h
}

// gears lists the gears offered.
func (h *harness) gears() []int {
	var out []int
	for _, op := range h.pending().Options {
		out = append(out, op.Gear)
	}
	return out
}

// gearOption finds the offered gear.
func (h *harness) gearOption(n int) Option {
	h.t.Helper()
	for _, op := range h.pending().Options {
		if op.Gear == n {
			return op
		}
	}
	h.t.Fatalf("gear %d not offered: %v", n, h.gears())
	return Option{}
}

// pick chooses the first option of the pending decision that satisfies ok.
func (h *harness) pick(ok func(Option) bool, rolls ...int) Option {
	h.t.Helper()
	d := h.pending()
	for _, op := range d.Options {
		if ok(op) {
			h.submit(Order{Car: d.Car, Letter: op.Letter}, rolls...)
			return op
		}
	}
	h.t.Fatalf("no option fits in:\n%s", h.describe(d))
	return Option{}
}

// find returns the options of the pending decision that satisfy ok.
func (h *harness) find(ok func(Option) bool) []Option {
	var out []Option
	for _, op := range h.pending().Options {
		if ok(op) {
			out = append(out, op)
		}
	}
	return out
}

func hexSeed(s [dice.SeedSize]byte) string { return hex.EncodeToString(s[:]) }

// lastEngineAtLong is the scene of the tests that save a last engine
// point: car 1 in 4th on long.2.1 with one engine point, car 2 behind;
// longest picks a 5th's 20 spaces unbraked, a roll that calls the engine
// test (R16.3).
func lastEngineAtLong() (func() Position, func(Option) bool) {
	lastEngine := func() Position {
		p := fdrAt("long.2.1", 4)
		p.Wear[Engine] = 1
		return Position{Round: 1, Cars: []CarPosition{p, fdrAt("long.0.0", 1)}}
	}
	return lastEngine, func(op Option) bool { return len(op.Path) == 20 && op.Braked == 0 }
}

// plainFifthBlowsTheEngine plays lastEngineAtLong's scene under cfg with
// no declaration: a 20 in 5th, the black die's 3 blows the last engine
// point (R16.4).
func plainFifthBlowsTheEngine(t *testing.T, c *tracks.Circuit, cfg Config) *harness {
	t.Helper()
	lastEngine, longest := lastEngineAtLong()
	h := fdrPlayCfg(t, c, cfg, lastEngine())
	h.submit(Order{Car: 1, Letter: "5"}, 20)
	h.pick(longest, 3)
	assert.Zero(t, h.car(1).Wear[Engine], "a plain 5th: the 3 stands, the last engine point goes (R16.4)")
	return h
}
