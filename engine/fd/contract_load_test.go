package fd

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/tracks"
)

// frozenLoader reads a frozen record (testdata/records/v1) as a service
// holds it: its header, a loader for it and its lines as text.
func frozenLoader(t *testing.T, name string) (*Record, Loader, []string) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", "records", "v1", name))
	require.NoError(t, err)
	rec, err := ParseRecord(string(raw))
	require.NoError(t, err)
	c, err := tracks.Get(rec.Track)
	require.NoError(t, err)
	lines := make([]string, len(rec.Events))
	for i, e := range rec.Events {
		lines[i] = e.String()
	}
	header := *rec
	header.Events = nil
	return rec, Loader{Header: &header, Track: c}, lines
}

// loadedRace returns the race a load served through the contract, failing
// t when the load failed.
func loadedRace(t *testing.T) func(g engine.Game, err error) *Game {
	return func(g engine.Game, err error) *Game {
		t.Helper()
		require.NoError(t, err)
		con, ok := g.(Contract)
		require.True(t, ok, "a Formula Dé race served through the contract")
		return con.G
	}
}

// The loader (engine.Replayer) rebuilds a race from its record lines as
// the replay functions do: the whole record, after play n, at line n, and
// a record cut at a play's start played on with the dice given. Checked
// on every frozen record, each ruleset among them.
func TestContractLoaderReplaysAsReplay(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "records", "v1", "*.rec"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			rec, load, lines := frozenLoader(t, filepath.Base(file))
			want, err := Replay(rec, load.Track)
			require.NoError(t, err)
			got := loadedRace(t)(load.Replay(lines))
			assert.Equal(t, want.Events, got.Events)
			assert.True(t, got.Over)

			last := rec.LastPlay()
			for _, n := range []int{0, 1, last / 2, last} {
				want, err := ReplayUntil(rec, load.Track, n)
				require.NoError(t, err)
				got := loadedRace(t)(load.ReplayAfter(lines, n))
				assert.Equal(t, want.Play, got.Play, "after play %d", n)
				assert.Equal(t, want.PendingAll(), got.PendingAll(), "after play %d", n)
				assert.Equal(t, want.Position(), got.Position(), "after play %d", n)
			}
			for _, n := range []int{1, len(lines) / 3, len(lines)} {
				want, err := ReplayAtEvent(rec, load.Track, n)
				require.NoError(t, err)
				got := loadedRace(t)(load.ReplayAt(lines, n))
				assert.Equal(t, want.Events, got.Events, "at line %d", n)
			}
		})
	}
}

// ReplayOn plays a record cut at a play's start on with the dice given,
// as ReplayPrefix: with the record's own rolls after the cut (a take-back
// of a seeded race) it writes the record's lines again.
func TestContractLoaderReplaysOnWithTheDiceGiven(t *testing.T) {
	rec, load, lines := frozenLoader(t, "fd2008-port-azur.rec")
	cut := -1
	for i, e := range rec.Events {
		if e.Kind == "turn" && i > len(lines)/2 {
			cut = i
			break
		}
	}
	require.Positive(t, cut)
	rolls := &replayDice{}
	for _, e := range rec.Events[cut:] {
		if e.Kind == "roll" {
			rolls.rolls = append(rolls.rolls, e)
		}
	}
	got := loadedRace(t)(load.ReplayOn(lines[:cut], recordRandom{rolls}))
	require.Greater(t, len(got.Events), cut, "it played on to the next decision")
	for i, e := range got.Events {
		assert.Equal(t, lines[i], e.String(), "line %d", i+1)
	}
}

// A record that does not replay is refused through the loader as by
// Replay: a line the rules do not give, or one the codec cannot read.
func TestContractLoaderRefusesWhatDoesNotReplay(t *testing.T) {
	_, load, lines := frozenLoader(t, "fd2008-port-azur.rec")
	tampered := append([]string(nil), lines...)
	for i, l := range tampered {
		if strings.HasPrefix(l, "move ") {
			tampered[i] = strings.Replace(l, "move ", "move extra=1 ", 1)
			break
		}
	}
	_, err := load.Replay(tampered)
	require.Error(t, err)
	_, err = load.Replay(append(append([]string(nil), lines[:5]...), "not = a line"))
	require.Error(t, err)
	var mismatch *MismatchError
	_, err = load.Replay(append(append([]string(nil), lines[:len(lines)-1]...), "turn play=999 car=1"))
	assert.True(t, errors.As(err, &mismatch), "a line the rules do not give: %v", err)
}

// Contract.Snapshot (engine.Snapshotter) writes Game.Snapshot's position
// line for line (the text a service stores), and its lines followed by the
// record from the tail on load a race that plays to the same end.
func TestContractSnapshotResumesThroughTheLoader(t *testing.T) {
	rec, load, lines := frozenLoader(t, "fd2008-port-azur.rec")
	whole, err := Replay(rec, load.Track)
	require.NoError(t, err)
	resumed := 0
	for n := 1; n < rec.LastPlay(); n += 3 {
		g := loadedRace(t)(load.ReplayAfter(lines, n))
		con := NewContract(g, nil)
		snap, err := con.Snapshot()
		if err != nil {
			continue
		}
		direct, err := g.Snapshot()
		require.NoError(t, err)
		require.Len(t, snap.Lines, len(direct.Position))
		for i, e := range direct.Position {
			assert.Equal(t, e.String(), snap.Lines[i])
		}
		assert.Equal(t, direct.Tail, snap.Tail)

		from := len(g.Events) - snap.Tail
		again := loadedRace(t)(load.Replay(append(append([]string(nil), snap.Lines...), lines[from:]...)))
		assert.True(t, again.Over, "after play %d", n)
		assert.Equal(t, whole.Results(), again.Results(), "after play %d", n)
		assert.Equal(t, whole.Position(), again.Position(), "after play %d", n)
		resumed++
	}
	assert.Positive(t, resumed, "the race gives snapshots")

	over := NewContract(whole, nil)
	_, err = over.Snapshot()
	assert.Error(t, err, "a race over is not frozen")
}

// ReplayEach (engine.Historian) calls back at the same plays, with the
// race as it stood there, as ReplayEach does.
func TestContractLoaderReplaysEachPlayAsReplayEach(t *testing.T) {
	rec, load, lines := frozenLoader(t, "fdr-oval-qualifying.rec")
	type stop struct{ play, events int }
	var want, got []stop
	_, err := ReplayEach(rec, load.Track, func(g *Game, play int) error {
		want = append(want, stop{play, len(g.Events)})
		return nil
	})
	require.NoError(t, err)
	_, err = load.ReplayEach(lines, func(g engine.Game, play int) error {
		got = append(got, stop{play, len(g.Events())})
		return nil
	})
	require.NoError(t, err)
	require.NotEmpty(t, want)
	assert.Equal(t, want, got)

	stopped := errors.New("stop here")
	_, err = load.ReplayEach(lines, func(engine.Game, int) error { return stopped })
	assert.ErrorIs(t, err, stopped, "an error from each stops the replay")
}
