package fd

import (
	"flag"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

var snapshotEvery = flag.Int("snapshot-every", 13, "TestSnapshotResumesIdentically checks every Nth snapshot")

// snapshotPoint is a snapshot taken when the game had `at` events.
type snapshotPoint struct {
	at   int
	snap Snapshot
}

// snapshotRace plays an autopilot race and takes a snapshot at every
// decision where one is given.
func snapshotRace(t *testing.T, cfg Config, c *tracks.Circuit, cars int, seed string) (*Game, *Record, []snapshotPoint, int) {
	t.Helper()
	s := SeedFrom(seed)
	g, err := NewGame(GameIDFor(s), cfg, c, cars)
	require.NoError(t, err)
	src := dice.NewSeeded(s)
	require.NoError(t, g.Start(src))
	var points []snapshotPoint
	decisions := 0
	for !g.Over {
		decisions++
		if snap, err := g.Snapshot(); err == nil {
			points = append(points, snapshotPoint{at: len(g.Events), snap: snap})
		}
		o, ok := Autopilot(g)
		require.True(t, ok)
		require.NoError(t, g.Submit(o, src))
	}
	_, err = g.Snapshot()
	assert.Error(t, err, "a finished race has no snapshot")
	rec := &Record{Game: g.ID, Rules: cfg.Rules, Options: cfg.Options(), Track: c.ID, Cars: cars,
		Commitment: dice.Commitment(s), Events: g.Events}
	return g, rec, points, decisions
}

// fromSnapshot is the record a service replays after loading a snapshot:
// the position, then the record from the snapshot's tail on.
func fromSnapshot(rec *Record, p snapshotPoint) *Record {
	r := *rec
	r.Events = append(append([]Event(nil), p.snap.Position...), rec.Events[p.at-p.snap.Tail:]...)
	return &r
}

// A snapshot never changes behaviour (issue 14): a game restored from any
// snapshot of a race, given the rest of the record, produces every further
// event of it identically (Replay compares each one) and ends in the same
// classification and position as the race itself. Checked on both rulesets
// snapshots are taken in, with every league variant, on every 13th snapshot (all of them take a
// minute; run with -snapshot-every 1 to check them all).
func TestSnapshotResumesIdentically(t *testing.T) {
	_, circuit := largestCircuit(t)
	fdr := fdrConfig()
	variants := fdrConfig()
	variants.Laps = 2
	for _, spec := range allVariantSpecs() {
		if strings.HasPrefix(spec, "21-B") || strings.HasPrefix(spec, "15-A") || strings.HasPrefix(spec, "20-A") {
			continue // a race that may stop is not snapshotted (variants/21b.go, variants/20a.go)
		}
		require.NoError(t, variants.EnableVariant(spec))
	}
	require.NoError(t, variants.Validate())
	fd2008 := DefaultConfig()
	fd2008.Laps = 3
	for _, tc := range []struct {
		name string
		cfg  Config
		c    *tracks.Circuit
		cars int
	}{
		{"fd2008", fd2008, circuit, 10},
		{"fdr", fdr, circuit, 10},
		{"fdr-every-league-variant", variants, circuit, 6},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, rec, points, decisions := snapshotRace(t, tc.cfg, tc.c, tc.cars, "snapshot "+tc.name)
			t.Logf("%d decisions, %d of them with a snapshot", decisions, len(points))
			require.Greater(t, len(points), decisions/40, "the race gives snapshots all along")
			checked := 0
			for i := 0; i < len(points); i += *snapshotEvery {
				p := points[i]
				again, err := Replay(fromSnapshot(rec, p), tc.c)
				require.NoError(t, err, "snapshot at event %d", p.at)
				require.True(t, again.Over)
				assert.Equal(t, g.Results(), again.Results(), "snapshot at event %d", p.at)
				assert.Equal(t, g.Position(), again.Position(), "snapshot at event %d", p.at)
				checked++
			}
			assert.Positive(t, checked)
		})
	}
}

// A snapshot that does not fit its record is refused by Replay: the record
// is the truth. A wear point changed in the position, or the tail cut one
// event short, both stop the replay.
func TestSnapshotThatDoesNotFitIsRefused(t *testing.T) {
	_, circuit := largestCircuit(t)
	cfg := DefaultConfig()
	cfg.Laps = 1
	_, rec, points, _ := snapshotRace(t, cfg, circuit, 6, "snapshot refused")
	require.NotEmpty(t, points)
	p := points[len(points)/2]

	short := p
	short.snap.Tail--
	_, err := Replay(fromSnapshot(rec, short), circuit)
	assert.Error(t, err, "a tail one event short")

	bent := p
	bent.snap.Position = append([]Event(nil), p.snap.Position...)
	for i, e := range bent.snap.Position {
		if e.Kind == "position-car" {
			args := append([]Arg(nil), e.Args...)
			for j := range args {
				if args[j].Key == "space" {
					args[j].Val = "nowhere.1.1"
				}
			}
			bent.snap.Position[i] = Event{Kind: e.Kind, Args: args}
			break
		}
	}
	_, err = Replay(fromSnapshot(rec, bent), circuit)
	assert.Error(t, err, "a car moved in the position")
}

// Street races and races with optional rules are not snapshotted: their
// position misses part of their state (a street lap's police awards,
// §2.19; the O-PIT pools: resumed, the autopilot chose another pit), and a
// snapshot must never change behaviour. No decision of theirs gives one.
func TestSnapshotRefusedWherePositionIsNotWhole(t *testing.T) {
	streetTrack, err := tracks.Get("race-city")
	require.NoError(t, err)
	_, circuit := largestCircuit(t)
	optional := DefaultConfig()
	for _, name := range OptionalNames() {
		require.NoError(t, optional.EnableOptional(name))
	}
	for _, tc := range []struct {
		name, why string
		cfg       Config
		c         *tracks.Circuit
	}{
		{"street", "street races are not snapshotted", streetConfig(), streetTrack},
		{"optional", "races with optional rules are not snapshotted", optional, circuit},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := SeedFrom(tc.name)
			g, err := NewGame(tc.name, tc.cfg, tc.c, 6)
			require.NoError(t, err)
			src := dice.NewSeeded(s)
			require.NoError(t, g.Start(src))
			for !g.Over {
				_, err := g.Snapshot()
				require.ErrorContains(t, err, tc.why)
				o, ok := Autopilot(g)
				require.True(t, ok)
				require.NoError(t, g.Submit(o, src))
			}
		})
	}
}
