package bot

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/persistence"
)

// A league's deadline paces every event's race; one that cannot be kept is
// refused when the league is created.
func TestLeagueDeadlineGoesToEveryEvent(t *testing.T) {
	svc, store := newTestService(t)
	ctx := context.Background()
	_, err := svc.CreateLeague(ctx, LeagueRequest{Name: "Too Fast", Deadline: 30 * time.Second})
	assert.ErrorContains(t, err, "whole minutes")

	id, err := svc.CreateLeague(ctx, LeagueRequest{Name: "Paced", Rules: "fd2008", Deadline: 48 * time.Hour})
	require.NoError(t, err)
	_, err = svc.AddLeagueEvent(ctx, id, "test-oval", svc.opts.Now().Add(time.Hour), 1)
	require.NoError(t, err)
	for _, p := range []string{"Anna", "Bob"} {
		require.NoError(t, svc.EnterLeague(ctx, EnterRequest{League: id, Player: p}))
	}
	require.NoError(t, svc.openEvent(ctx, id, 0))
	v, err := svc.League(ctx, id)
	require.NoError(t, err)
	require.NotEmpty(t, v.Events[0].Game)
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		row, err := tx.Game(v.Events[0].Game)
		if err != nil {
			return err
		}
		m, err := decodeMeta(row)
		if err != nil {
			return err
		}
		assert.Equal(t, 48*60, m.Deadline, "the event's game has the league's deadline, in minutes")
		return nil
	}))
}
