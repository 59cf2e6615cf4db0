package bot

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/persistence"
)

// requireSeasonVerifies checks every race of a league's season played, and
// every qualifying contest beside it (AX-2), as `pitwall game verify` does
// (Service.Verify): the hash chain, then, the race over, the whole record
// replayed without rolling, every roll against the revealed seed and every
// event against the rules (issue 16: "its records replay and verify"). A
// hash chain alone would pass a record the rules do not.
func requireSeasonVerifies(t *testing.T, svc *Service, store persistence.Store, leagueID string) {
	t.Helper()
	ctx := context.Background()
	var games []string
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		_, doc, err := findLeague(tx, leagueID)
		if err != nil {
			return err
		}
		for _, ev := range doc.Events {
			games = append(games, ev.Game)
		}
		for _, c := range doc.Contests {
			games = append(games, c.Game)
		}
		return nil
	}))
	require.NotEmpty(t, games, "%s played something", leagueID)
	for _, g := range games {
		require.NotEmpty(t, g, "%s: every event opened", leagueID)
		out, err := svc.Verify(ctx, g)
		require.NoError(t, err, "%s: game %s verifies", leagueID, g)
		require.Contains(t, out, g+": verified:", "%s: game %s is over and every roll checked", leagueID, g)
	}
}
