package fdtest

import (
	"encoding/hex"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// AutopilotRace plays a whole race of cfg on c (named id in the record)
// from seed, every order the autopilot's, and checks the board before the
// first play and after each (CheckBoard): the first play that leaves a
// fault stops the test there, where it can be read. It returns the game
// and its record, for a test to replay or verify.
func AutopilotRace(t testing.TB, cfg fd.Config, c *tracks.Circuit, id string, cars int, seed [dice.SeedSize]byte) (*fd.Game, *fd.Record) {
	t.Helper()
	gid := fd.GameIDFor(seed)
	g, err := fd.NewGame(gid, cfg, c, cars)
	require.NoError(t, err)
	src := dice.NewSeeded(seed)
	require.NoError(t, g.Start(src))
	CheckBoard(t, g)
	for !g.Over {
		o, ok := fd.Autopilot(g)
		require.True(t, ok, "nothing pending in a game that is not over")
		require.NoError(t, g.Submit(o, src))
		CheckBoard(t, g)
		if t.Failed() {
			t.FailNow()
		}
	}
	rec := &fd.Record{Game: gid, Rules: cfg.Rules, Options: cfg.Options(), Track: id, Cars: cars,
		Commitment: dice.Commitment(seed), Seed: hex.EncodeToString(seed[:]), Events: g.Events}
	return g, rec
}
