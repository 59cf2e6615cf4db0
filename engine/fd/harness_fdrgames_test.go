package fd

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// The base's way to games of the competition rules (fdr) for engine/fd's
// own tests, the league variants' above all: fdr's configuration through
// the rulesets table (fdrConfig), its games on the internal harness. These
// helpers were fdr's test files' (fdr/harness_test.go, fdr/setup_test.go,
// fdr/paths_test.go, fdr/properties_test.go, fdr/position_played_test.go),
// which left with fdr for engine/fd/fdr (issue 13): the base's tests keep
// their names here, and fdr's tests use engine/fd/fdtest's (FDRLab,
// EventsText, RolledFor, AutopilotRace, PositionText …). They stay copies
// because engine/fd's internal tests can import neither package fdr nor
// fdtest: both import engine/fd, a cycle.

// fdrLabTrack is FDR Lab: a rectangle with a 34-space straight after the
// line and a 44-space back straight (room for a 30 in 6th), corners One
// (1 stop), Two (2), Three (3) and Four (1), and a pit lane from home.1 to
// long.4. The same circuit as fdtest's FDRLabSource.
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

func fdrLab(t testing.TB) *tracks.Circuit { return inlineTrack(t, fdrLabTrack) }

// fdrAt places a started car that has crossed the line, with fdr's default
// configuration (9/3/2/2/2/2, 2 pit points) intact.
func fdrAt(space string, gear int) CarPosition {
	return CarPosition{Space: space, Gear: gear, Wear: fdrDefaultBuild(), Flags: []string{"started", "crossed"}}
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
	return fdrPlayCfg(t, c, fdrConfig(), Position{Round: 1, Weather: wx, Debris: debris, Cars: cars}, rolls...)
}

// fdrPlayCfg starts a game of cfg from p (its cars numbered in order) with
// the rolls StartFrom needs; unlike play, p keeps its weather and round.
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
	h.mark = len(p.Cars) + 1 // since() starts after the position lines
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

// eventsText is the game's record lines, one a line.
func eventsText(g *Game) string {
	var b strings.Builder
	for _, e := range g.Events {
		b.WriteString(e.String() + "\n")
	}
	return b.String()
}

// rolledFor keeps the roll lines of evs made for what (for=what).
func rolledFor(evs []string, what string) []string {
	var out []string
	for _, e := range kinds(evs, "roll") {
		if strings.Contains(e, " for="+what+" ") {
			out = append(out, e)
		}
	}
	return out
}

// fdrCheckedRace plays an autopilot race from seed, checking the board
// with fdrCheckBoard before the first play and after each, and returns the
// game and its record.
func fdrCheckedRace(t *testing.T, cfg Config, c *tracks.Circuit, id string, cars int, seed [dice.SeedSize]byte) (*Game, *Record) {
	t.Helper()
	return playChecked(t, cfg, c, id, cars, seed, fdrCheckBoard)
}

// fdrCheckBoard fails the test with every fault BoardFaults finds: the
// board checks a module's own (checkBoard's full-wear bound is fd2008's).
func fdrCheckBoard(t *testing.T, g *Game) {
	t.Helper()
	for _, fault := range g.BoardFaults() {
		t.Error(fault)
	}
}

// fdrCheckRecord checks an fdr race's record once it is over: a car plays
// at most twice a round (R6.10), the finishers ran every lap (but a
// contest's, a red flag's, an accident's) and fill the places, an
// eliminated car has its T8 reason and leaves the board but as a wreck
// (R12.6), and the results write six wear categories with gas (R0.3). A
// wreck is told by its position flag ("wreck"), as the base reads a
// module's flags.
func fdrCheckRecord(t *testing.T, g *Game) {
	t.Helper()
	played := map[string]int{}
	for _, e := range g.Events {
		switch e.Kind {
		case "round":
			played = map[string]int{}
		case "turn":
			car := e.Get("car")
			played[car]++
			assert.LessOrEqual(t, played[car], 2, "car %s plays more than twice in a round (R6.10)", car)
		}
	}
	require.True(t, g.Over)
	places := map[int]bool{}
	for i := range g.Cars {
		c := &g.Cars[i]
		assert.NotEqual(t, Racing, c.Status, "car %d still racing when the race is over", c.Number)
		if c.Status == Finished {
			// a contest's cars drove its sessions, not the race (AX-2); a red
			// flag classifies on the lap before, a second part when its
			// winner crosses the line (21-B)
			if !g.ContestOnly() && g.RedFlagLap() == 0 && !splitByARedFlag(g) && !endedByAnAccident(g) {
				assert.Equal(t, g.Config.Laps, c.Laps, "car %d finished", c.Number)
			}
			places[c.Place] = true
		}
		if c.Status == Eliminated {
			assert.NotEmpty(t, c.EliminationReason(), "car %d: T8 reason", c.Number)
			// a wreck stays until its next turn (R12.6): one made by the
			// race's last play is still there when the race is over
			if c.ModuleFlag("wreck") {
				assert.Contains(t, []string{ReasonBlocking, ReasonCollision, ReasonWall}, c.EliminationReason(), "car %d: only a blocking, a collision or the wall leaves a wreck", c.Number)
			} else {
				assert.False(t, c.OnBoard(), "car %d is still on the board", c.Number)
			}
		}
	}
	for p := 1; p <= len(places); p++ {
		assert.True(t, places[p], "place %d missing", p)
	}
	for _, r := range g.Results() {
		assert.Len(t, r.Wear, 6)
		assert.Contains(t, r.Wear, "gas", "R0.3: gas, not gearbox")
		assert.NotContains(t, r.Wear, "gearbox")
	}
}

// splitByARedFlag says a red flag split the race in two (21-B,
// fdr AMB-46): Part 1's standing is in the record (red-flag-part).
func splitByARedFlag(g *Game) bool {
	kind := RedFlagPartEvent{}.EventKind()
	return slices.ContainsFunc(g.Events, func(e Event) bool { return e.Kind == kind })
}

// endedByAnAccident says a serious accident ended the race after its first
// lap (20-A, league AMB-43).
func endedByAnAccident(g *Game) bool {
	for _, e := range g.Events {
		if e.Kind == "accident-stop" && e.Get("outcome") == "ended" {
			return true
		}
	}
	return false
}

// positionText writes a position as record lines and reads it back, as a
// record would carry it.
func positionText(t *testing.T, p Position) (Position, string) {
	t.Helper()
	var text []string
	for _, e := range p.Events() {
		text = append(text, e.String())
	}
	var lines []Event
	for _, l := range text {
		e, err := ParseEvent(l)
		require.NoError(t, err, l)
		lines = append(lines, e)
	}
	back, err := ParsePosition(lines)
	require.NoError(t, err, strings.Join(text, "\n"))
	return back, strings.Join(text, "\n")
}

// scenarioRoundTrips checks that a scripted game (started from a position
// on an inline circuit of that source) resumes from every position it
// passed through (R6.10, AMB-40): the position reads back the same, gives
// the same decision, and the race played on from it is the original, event
// for event, to the same results. It returns how many positions it took.
func scenarioRoundTrips(t *testing.T, h *harness, source string) int {
	t.Helper()
	rec := &Record{Game: h.g.ID, Rules: h.g.Config.Rules, Options: h.g.Config.Options(), TrackSource: source, Cars: len(h.g.Cars), Scripted: true, Events: h.g.Events}
	var orders []int
	for i, e := range rec.Events {
		if e.Kind == "order" || e.Kind == "q-order" {
			orders = append(orders, i)
		}
	}
	pos, dec := map[int]Position{}, map[int]*Decision{}
	k := 0
	_, err := replayHook(rec, h.c, func(g *Game) (bool, error) {
		i := orders[k]
		k++
		if p, err := g.PositionExact(); err == nil {
			pos[i] = p
			d := *g.Pending()
			dec[i] = &d
		}
		return false, nil
	})
	require.NoError(t, err)
	for i, p := range pos {
		resumedFromPosition(t, rec, h.c, h.g.Results(), p, dec[i], i)
	}
	return len(pos)
}

// resumedFromPosition starts a game from the position p taken before event
// i of rec, checks it gives the decision want, and replays the rest of the
// race on it: every event, roll and order as the original had them, to the
// same results.
func resumedFromPosition(t *testing.T, rec *Record, c *tracks.Circuit, results []Result, p Position, want *Decision, i int) {
	t.Helper()
	back, text := positionText(t, p)
	require.Equal(t, p, back, "event %d: the position reads back\n%s", i+1, text)
	// the position's lines, then the record from the turn under way at i
	// (from the round line when the position names the round before)
	cut := i
	for cut > 0 && rec.Events[cut].Kind != "turn" {
		cut--
	}
	if back.Next == 0 && len(back.Played) == 0 && cut > 0 && rec.Events[cut-1].Kind == "round" {
		cut--
	}
	resumed := *rec
	resumed.Events = append(back.Events(), rec.Events[cut:]...)
	first := true
	g, err := replayHook(&resumed, c, func(g *Game) (bool, error) {
		if first {
			first = false
			got := g.Pending()
			require.NotNil(t, got, "event %d\n%s", i+1, text)
			require.Equal(t, want.Car, got.Car, "event %d: deciding car\n%s", i+1, text)
			require.Equal(t, want.Kind, got.Kind, "event %d\n%s", i+1, text)
			require.Equal(t, want.Options, got.Options, "event %d\n%s", i+1, text)
		}
		return false, nil
	})
	require.NoError(t, err, "event %d: the race resumed from the position departs from the original\n%s", i+1, text)
	require.Equal(t, results, g.Results(), "event %d\n%s", i+1, text)
}
