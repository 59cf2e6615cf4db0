package email

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/bot"
)

// The league's commands by mail need no game in the subject: standings
// and calendar answered in the member's language, a vote refused with its
// reason.
func TestLeagueCommandsByMail(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, "", nil, Config{})
	token, err := f.svc.RegisterEmail(ctx, "Dora", "dora@d.test")
	require.NoError(t, err)
	_, err = f.svc.CreateLeague(ctx, bot.LeagueRequest{Name: "Mardi", MasterName: "Maud", Lang: "fr"})
	require.NoError(t, err)
	_, err = f.svc.AddLeagueEvent(ctx, "mardi", "test-oval", time.Date(2030, 1, 1, 20, 0, 0, 0, time.UTC), 1)
	require.NoError(t, err)
	require.NoError(t, f.svc.EnterLeague(ctx, bot.EnterRequest{League: "mardi", Identity: bot.Identity{Kind: bot.KindEmail, Value: "dora@d.test"}, Team: "Rouge"}))

	deliver(t, f.imap, "pitwall", "secret", "INBOX", order("dora@d.test", "league", "l1@d.test", "calendar", "standings", "vote Bob", "token "+token))
	require.NoError(t, f.m.PollOnce(ctx))
	text := lastText(t, f, "dora@d.test")
	assert.Contains(t, text, "round 1: test-oval on 2030-01-01 20:00 UTC, to come")
	assert.Contains(t, text, "No event has been raced yet.")
	assert.Contains(t, text, "no Pas de Bol vote is open")
}
