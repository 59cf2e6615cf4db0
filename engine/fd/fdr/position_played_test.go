package fdr

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/fdtest"
	"github.com/pitwall/pitwall/tracks"
)

// fdrPositions are the positions a game passed through, taken at every
// order where one can be written (PositionExact), with the decision
// pending there; key: the index of the order's event, the number of
// events before it.
type fdrPositions struct {
	pos map[int]fd.Position
	dec map[int]*fd.Decision
}

func newFDRPositions() *fdrPositions {
	return &fdrPositions{pos: map[int]fd.Position{}, dec: map[int]*fd.Decision{}}
}

// take is called before an order is submitted to g: it keeps the position
// if one can be written there.
func (ps *fdrPositions) take(g *fd.Game) {
	d := g.Pending()
	if d == nil {
		return
	}
	if p, err := g.PositionExact(); err == nil {
		i := len(g.Events)
		ps.pos[i] = p
		cp := *d
		ps.dec[i] = &cp
	}
}

// fdrAutopilotPositions plays again the race Simulate played for rec (the
// same game, seed and autopilot orders) and takes the position before
// every order: the race itself, not a replay stopped at each order, which
// would replay it once per order. The race played must be rec's, event
// for event.
func fdrAutopilotPositions(t *testing.T, cfg fd.Config, c *tracks.Circuit, cars int, seed [dice.SeedSize]byte, rec *fd.Record) *fdrPositions {
	t.Helper()
	g, err := fd.NewGame(fd.GameIDFor(seed), cfg, c, cars)
	require.NoError(t, err)
	src := dice.NewSeeded(seed)
	require.NoError(t, g.Start(src))
	ps := newFDRPositions()
	for !g.Over {
		ps.take(g)
		o, ok := fd.Autopilot(g)
		require.True(t, ok, "nothing pending")
		require.NoError(t, g.Submit(o, src))
	}
	require.Equal(t, rec.Events, g.Events, "the race played again is the simulated one")
	_, err = fd.Replay(rec, c)
	require.NoError(t, err, "the simulated race's record replays")
	return ps
}

// resumeRecord is the record a position taken before event i starts: the
// position's lines, then the record from the turn under way at i (from the
// round line when the position names the round before).
func resumeRecord(rec *fd.Record, p fd.Position, i int) *fd.Record {
	cut := i
	for cut > 0 && rec.Events[cut].Kind != "turn" {
		cut--
	}
	if p.Next == 0 && len(p.Played) == 0 && cut > 0 && rec.Events[cut-1].Kind == "round" {
		cut--
	}
	out := *rec
	out.Events = append(p.Events(), rec.Events[cut:]...)
	return &out
}

// resumeCheck starts a game from the position taken before event i, checks
// it gives the same decision, and replays the rest of the race on it: every
// event, roll and order must come out as the original race had them, to the
// end and the same results.
func resumeCheck(t *testing.T, rec *fd.Record, c *tracks.Circuit, results []fd.Result, p fd.Position, want *fd.Decision, i int) {
	t.Helper()
	back, text := fdtest.PositionText(t, p)
	require.Equal(t, p, back, "event %d: the position reads back\n%s", i+1, text)
	r := resumeRecord(rec, back, i)
	// the decision the resumed game waits on at its first order
	first := 0
	for n, e := range r.Events {
		if e.Kind == "order" || e.Kind == "q-order" {
			first = n + 1
			break
		}
	}
	require.Positive(t, first, "event %d: the resumed record has the order the position was taken before", i+1)
	at, err := fd.ReplayAtEvent(r, c, first)
	require.NoError(t, err, "event %d: the race resumed from the position\n%s", i+1, text)
	got := at.Pending()
	require.NotNil(t, got, "event %d\n%s", i+1, text)
	require.Equal(t, want.Car, got.Car, "event %d: deciding car\n%s", i+1, text)
	require.Equal(t, want.Kind, got.Kind, "event %d\n%s", i+1, text)
	require.Equal(t, want.Options, got.Options, "event %d\n%s", i+1, text)
	g, err := fd.Replay(r, c)
	require.NoError(t, err, "event %d: the race resumed from the position departs from the original\n%s", i+1, text)
	require.Equal(t, results, g.Results(), "event %d\n%s", i+1, text)
}

// R6.10, AMB-40, R3.5: a position written at any decision of an fdr race
// where no car's play is under way past its gear choice — mid-round
// included (played=, next=, still=, weather-owed=) — loaded again gives
// the same decision, and played on with the race's own rolls and orders
// gives the race itself, event for event, to the end.
func TestFDRPositionMidRoundRoundTrip(t *testing.T) {
	type race struct {
		track      string
		cars, laps int
		seed       string
	}
	races := []race{
		{"test-oval", 5, 2, "fdrpos1"},
		{"oval", 7, 2, "fdrpos-oval-10"},                  // the wall lane
		{"port-azur", 7, 2, "fdrpos-port-azur-10"},        // a car that played without moving (still=)
		{"kestrel-downs", 8, 3, "fdrpos-kestrel-downs-5"}, // weather tests owed (R3.5), wrecks that played (T8)
	}
	// every position with a rare feature, and a sample of the others
	every := 3
	if testing.Short() || fdrRaceDetector {
		every = 25
	}
	seen := map[string]int{}
	for _, r := range races {
		c, err := tracks.Get(r.track)
		require.NoError(t, err)
		cfg := FDRConfig()
		cfg.Laps = r.laps
		g, rec, err := fd.Simulate(cfg, c, r.track, r.cars, fd.SeedFrom(r.seed))
		require.NoError(t, err)
		taken := fdrAutopilotPositions(t, cfg, c, r.cars, fd.SeedFrom(r.seed), rec)
		pos, dec := taken.pos, taken.dec
		n := 0
		for i := range rec.Events {
			p, ok := pos[i]
			if !ok || p.Session > 0 {
				continue // inside qualifying: TestFDRPositionInsideQualifying
			}
			if n++; n%every != 0 && !rare(p) {
				continue
			}
			countFeatures(p, seen)
			t.Run(fmt.Sprintf("%s/event-%d", r.seed, i+1), func(t *testing.T) {
				resumeCheck(t, rec, c, g.Results(), p, dec[i], i)
			})
		}
	}
	t.Logf("positions checked: %v", seen)
	assert.Greater(t, seen["next"], 900/every, "mid-round positions were checked")
	for _, k := range []string{"still", "weather-owed", "wreck played"} {
		assert.Positive(t, seen[k], k)
	}
}

// rare: a position mid-round with a car still, a wreck that played, a
// second play or weather tests owed.
func rare(p fd.Position) bool {
	seen := map[string]int{}
	countFeatures(p, seen)
	return len(seen) > 2
}

// countFeatures counts what a position holds, to show the test reaches it.
func countFeatures(p fd.Position, seen map[string]int) {
	seen["position"]++
	if p.Next > 0 {
		seen["next"]++
	}
	if len(p.Still) > 0 {
		seen["still"]++
	}
	if p.WeatherOwed > 0 {
		seen["weather-owed"]++
	}
	count := map[int]int{}
	for _, n := range p.Played {
		if count[n]++; count[n] == 2 || n == p.Next && count[n] == 1 {
			seen["second play"]++
		}
		if slices.Contains(p.Cars[n-1].Flags, "wreck") {
			seen["wreck played"]++
		}
	}
}

// fdrScenarioRoundTrips checks resumeCheck at every position a scripted
// game (started from a position on an inline circuit) passed through, as
// taken before each of its orders.
func fdrScenarioRoundTrips(t *testing.T, h *fdtest.Harness, source string, taken *fdrPositions) int {
	t.Helper()
	rec := &fd.Record{Game: h.G.ID, Rules: h.G.Config.Rules, Options: h.G.Config.Options(), TrackSource: source, Cars: len(h.G.Cars), Scripted: true, Events: h.G.Events}
	_, err := fd.Replay(rec, h.Track)
	require.NoError(t, err, "the scripted game's record replays")
	for i, p := range taken.pos {
		resumeCheck(t, rec, h.Track, h.G.Results(), p, taken.dec[i], i)
	}
	return len(taken.pos)
}

// R6.10: a lapped car that passes the leader plays again in the round; a
// position taken at its second play lists it once in played= and names it
// in next=, and the round resumed from it gives it that play, then the
// next round starts with the leader.
func TestFDRPositionSecondPlay(t *testing.T) {
	c := fdtest.FDRLab(t)
	h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{fdtest.FDRAt("long.20.1", 1).WithLaps(2), fdtest.FDRAt("long.10.1", 4).WithLaps(1)}, nil)
	taken := newFDRPositions() // before each of h's orders
	taken.take(h.G)
	h.Gear(1, 1)
	taken.take(h.G)
	h.MoveN("long.21.1", 1)
	p, err := h.G.PositionExact()
	require.NoError(t, err)
	assert.Equal(t, "position round=2 play=1 played=1 next=2", p.Events()[0].String())
	taken.take(h.G)
	h.Gear(4, 12)
	taken.take(h.G)
	h.MoveN("long.22.1", 12) // car 2 passes the leader: it plays again
	p, err = h.G.PositionExact()
	require.NoError(t, err)
	assert.Equal(t, "position round=2 play=2 played=1,2 next=2", p.Events()[0].String())

	// the round resumed from that position: car 2's second play, then
	// round 3 with the leader
	back, _ := fdtest.PositionText(t, p)
	h2 := fdtest.StartPosition(t, c, FDRConfig(), back) // no roll to start: the round is under way
	g := h2.G
	h2.Expect(2, fd.DecideGear)
	h2.Gear(4, 7)
	h2.MoveN("long.29.1", 7)
	assert.Equal(t, []string{"turn play=3 car=2", "turn play=4 car=1"}, fdtest.Kinds(h2.Since(), "turn"))
	assert.Equal(t, 3, g.Round)

	taken.take(h.G)
	h.Gear(4, 7)
	taken.take(h.G)
	h.MoveN("long.29.1", 7)
	assert.Equal(t, 3, fdrScenarioRoundTrips(t, h, fdtest.FDRLabSource, taken), "every gear decision")
}

// EX-C-06, AMB-40: a lapped car the leader passes plays one time fewer; the
// round resumed from a position taken before the last car plays ends
// without it.
func TestFDRPositionOnePlayFewer(t *testing.T) {
	c := fdtest.FDRLab(t)
	h := fdrStart(t, c, fd.Fine, []fdtest.CarAt{fdtest.FDRAt("long.10.1", 3).WithLaps(2), fdtest.FDRAt("long.12.1", 2).WithLaps(1), fdtest.FDRAt("long.5.1", 2).WithLaps(1)}, nil)
	taken := newFDRPositions() // before each of h's orders
	taken.take(h.G)
	h.Gear(3, 6)
	taken.take(h.G)
	h.MoveN("long.16.1", 6) // the leader passes car 2
	p, err := h.G.PositionExact()
	require.NoError(t, err)
	assert.Equal(t, "position round=2 play=1 played=1 next=3", p.Events()[0].String())
	taken.take(h.G)
	h.Gear(2, 2)
	taken.take(h.G)
	h.MoveN("long.7.1", 2) // car 3; then the round ends before car 2 plays
	taken.take(h.G)
	h.Gear(3, 6)
	assert.Equal(t, 3, fdrScenarioRoundTrips(t, h, fdtest.FDRLabSource, taken), "every gear decision")
}

// R6.10, R-ORD-01: inconsistent rounds in progress are refused with the
// reason, by the parser or when the game starts from them, and leave the
// game unstarted.
func TestFDRPositionPlayedRefusals(t *testing.T) {
	c := fdtest.FDRLab(t)
	cars := func() []fdtest.CarAt {
		cs := []fdtest.CarAt{fdtest.FDRAt("long.20.1", 1).WithLaps(2), fdtest.FDRAt("long.10.1", 4).WithLaps(1), fdtest.FDRAt("long.5.1", 2).WithLaps(1)}
		for i := range cs {
			cs[i].Car = i + 1
		}
		return cs
	}
	parse := func(head string) (fd.Position, error) {
		t.Helper()
		lines := fd.Position{Cars: fdrCars(cars()...)}.Events()
		e, err := fd.ParseEvent(head)
		require.NoError(t, err)
		lines[0] = e
		return fd.ParsePosition(lines)
	}
	for _, tc := range []struct{ head, want string }{
		{"position round=2 played=1,2,2,2 next=3", "car 2 3 times: a car plays at most twice"},
		{"position round=2 played=1,2,2 next=2", "car 2 has played twice this round"},
		{"position round=2 played=1,2 still=2 next=2", "has not moved since: no second play (R6.10)"},
		{"position round=2 played=1 still=3 next=2", "still= lists car 3, which has not played"},
		{"position round=2 played=1 still=1,1 next=2", "still= lists car 1 twice"},
		{"position round=2 played=1 next=4", "next=4, but the position has 3 cars"},
		{"position round=2 played=1 next=x", "position: next=\"x\" is not a number as the record writes it"},
		{"position round=2 played=1 next=21", "next=\"21\" is not a car number"},
		{"position round=0 played=1 next=2", "round in progress"},
		{"position round=2 weather-owed=1", "belong to a round in progress"},
		{"position round=2 played=1 next=2 weather-owed=99", "weather-owed=\"99\" must be a number from 1"},
		{"position round=2 played=1 next=2 weather-owed=-1", "weather-owed=\"-1\" must be a number from 1"},
		{"position round=2 play=-1", "play=\"-1\" must be a number"},
	} {
		_, err := parse(tc.head)
		require.Error(t, err, tc.head)
		assert.Contains(t, err.Error(), tc.want, tc.head)
	}
	// a finished car is neither listed nor next; a wreck on the board may
	// be listed (its removal waits for its next play, T8)
	fin := fd.Position{Round: 2, Played: []int{1, 3}, Next: 2, Cars: fdrCars(cars()...)}
	fin.Cars[2].Status, fin.Cars[2].Place, fin.Cars[2].Space, fin.Cars[2].Flags = fd.Finished, 1, "", nil
	_, err := fd.ParsePosition(fin.Events())
	assert.ErrorContains(t, err, "car 3, which has finished")
	fin.Played, fin.Next = []int{1}, 3
	_, err = fd.ParsePosition(fin.Events())
	assert.ErrorContains(t, err, "next=3 names a car that is no longer racing")
	wreck := fd.Position{Round: 2, Played: []int{1, 3}, Next: 2, Cars: fdrCars(cars()...)}
	wreck.Cars[2].Status, wreck.Cars[2].Reason, wreck.Cars[2].Flags = fd.Eliminated, fd.ReasonCollision, []string{"started", "crossed", "wreck"}
	back, _ := fdtest.PositionText(t, wreck)
	g, err := fd.NewGame("t", FDRConfig(), c, 3)
	require.NoError(t, err)
	require.NoError(t, g.StartFrom(back, dice.NewScripted()))
	assert.Equal(t, 2, g.Pending().Car, "the round resumes with car 2")

	// the rules decide the rest: played= needs next= under fdr, next= and
	// its kin belong to fdr
	g, err = fd.NewGame("t", FDRConfig(), c, 3)
	require.NoError(t, err)
	require.ErrorContains(t, g.StartFrom(fd.Position{Round: 2, Played: []int{1}, Cars: fdrCars(cars()...)}, dice.NewScripted()), "names the car that plays next (next=)")
	assert.Empty(t, g.Events)
	// position_played_test.go's played3 cars, under fd2008
	fd2008Cars := fdrCars(fdtest.At("back.6.1", 4), fdtest.At("back.3.0", 3), fdtest.At("back.3.1", 5))
	for i := range fd2008Cars {
		fd2008Cars[i].Car = i + 1
	}
	g, err = fd.NewGame("t", fd.DefaultConfig(), fdtest.Track(t, "test-oval"), 3)
	require.NoError(t, err)
	require.ErrorContains(t, g.StartFrom(fd.Position{Round: 4, Played: []int{1}, Next: 3, Cars: fd2008Cars}, dice.NewScripted()), "belong to rules fdr")
	assert.Empty(t, g.Events)
}
