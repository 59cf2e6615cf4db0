package rs

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine"
)

// loadedRSGame is the game a load served through the contract.
func loadedRSGame(t *testing.T) func(g engine.Game, err error) *Game {
	return func(g engine.Game, err error) *Game {
		t.Helper()
		require.NoError(t, err)
		con, ok := g.(Contract)
		require.True(t, ok, "a Racing Simulator game served through the contract")
		return con.G
	}
}

// The loader (engine.Replayer) rebuilds a Racing Simulator game from its
// record lines as Replay, ReplayTurn and ReplayAt do, in both modes; it
// takes no turn back (ReplayOn) and refuses a record that does not
// replay.
func TestContractLoaderReplaysAsReplay(t *testing.T) {
	for _, mode := range []Mode{Family, Standard} {
		t.Run(string(mode), func(t *testing.T) {
			_, rec, err := Simulate(Config{Mode: mode, Seats: 3}, "windmere", SeedFrom("loader "+string(mode)))
			require.NoError(t, err)
			header := *rec
			header.Events = nil
			load := Loader{Header: &header, Say: say}
			lines := make([]string, len(rec.Events))
			for i, e := range rec.Events {
				lines[i] = e.Text()
			}

			want, err := Replay(rec)
			require.NoError(t, err)
			got := loadedRSGame(t)(load.Replay(lines))
			assert.Equal(t, want.Events, got.Events)
			assert.True(t, got.Over)

			for _, n := range []int{0, 1, want.Turns / 2} {
				want, err := ReplayTurn(rec, n)
				require.NoError(t, err)
				got := loadedRSGame(t)(load.ReplayAfter(lines, n))
				assert.Equal(t, want.Events, got.Events, "after turn %d", n)
			}
			past := loadedRSGame(t)(load.ReplayAfter(lines, want.Turns+5))
			assert.Equal(t, want.Events, past.Events, "past the last turn: the whole record")
			for _, n := range []int{1, len(lines) / 2, len(lines)} {
				want, err := ReplayAt(rec, n)
				require.NoError(t, err)
				got := loadedRSGame(t)(load.ReplayAt(lines, n))
				assert.Equal(t, want.Events, got.Events, "at line %d", n)
			}

			_, err = load.ReplayOn(lines[:len(lines)/2], nil)
			assert.True(t, errors.Is(err, errors.ErrUnsupported), "no turn is taken back: %v", err)
			_, err = load.Replay(append(append([]string(nil), lines[:len(lines)-1]...), lines[len(lines)/2]))
			assert.Error(t, err, "a line the rules do not give")
		})
	}
}
