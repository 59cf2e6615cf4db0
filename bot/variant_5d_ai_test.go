package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/internal/hiddenbuild"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/tracks"
)

// League variant 5-D against an ai: seat. Anna creates a game against
// ai:pro, so she is its game master as well as car 2's driver: while the
// AI's car 1 races, nothing she is told — her order replies, her terminal
// and Discord notices, status, log, why, her web log — nor the race's
// Discord thread carries its build or its wear; she reads its build total.
// Once the race is over her log tells it. (Before, a seated game master
// read every build, so the only player of a game against AI drivers read
// theirs all.)
func TestVariant5DHidesAIBuildFromSeatedMaster(t *testing.T) {
	svc, store := newTestService(t)
	ctx := context.Background()
	require.NoError(t, store.Update(ctx, func(tx persistence.Tx) error {
		ids := []persistence.Identity{{Kind: persistence.IdentityCLI, Value: "anna"}, {Kind: persistence.IdentityDiscord, Value: "d-anna"}}
		return tx.CreatePlayer(persistence.Player{ID: "cli:anna", Name: "Anna", Language: "en", TimeZone: "UTC", Identities: ids})
	}))
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Rules: "fdr", Laps: 1, Seats: []string{"ai:pro", "Anna"}, Seed: "hidden-ai", Variants: []string{"5-D"}})
	require.NoError(t, err)
	require.NoError(t, svc.AddChannel(ctx, id, Channel{Transport: KindDiscord, Target: "thread-1"}))
	link, err := svc.PersonalLink(ctx, "Anna", false)
	require.NoError(t, err)
	_, token, ok := strings.Cut(link, "?t=")
	require.True(t, ok, link)
	oval, err := tracks.Get("test-oval")
	require.NoError(t, err)
	ask := func(text string) string {
		out, err := svc.Handle(ctx, Request{Identity: cli("Anna"), Game: id, Text: text})
		require.NoError(t, err, text)
		return out
	}

	var aiBuild []string
	totalTold, wearHidden := false, false
	for step := 0; step < 400; step++ {
		table, err := svc.Table(ctx, id, "en")
		require.NoError(t, err)
		if table.State == persistence.GameFinished {
			break
		}
		require.NotEmpty(t, table.Pending, "the AI decides at once: the game waits for Anna")
		d := table.Pending[0]
		require.Equal(t, 2, d.Car)
		reply := ask(d.Options[0].Command)
		var told []string
		for _, tr := range []string{KindCLI, KindDiscord} {
			ms, err := svc.PendingOutgoing(ctx, tr, 0)
			require.NoError(t, err)
			for _, m := range ms {
				require.NoError(t, svc.MarkSent(ctx, m.ID))
				told = append(told, m.Target+": "+m.Text)
			}
		}
		if aiBuild == nil {
			if aiBuild, err = hiddenbuild.Stored(ctx, store, oval, id, 1); err != nil || aiBuild == nil {
				require.NoError(t, err)
				continue
			}
		}
		v, err := svc.Show(ctx, id)
		require.NoError(t, err)
		if v.State == persistence.GameFinished {
			break // the commit that ends the race tells every build
		}
		status := ask("status")
		web, err := svc.WebGame(ctx, id, token, "en", false)
		require.NoError(t, err)
		var webLog strings.Builder
		for _, p := range web.Log {
			webLog.WriteString(p.Text + "\n")
		}
		for what, text := range map[string]string{"the reply": reply, "the notices": strings.Join(told, "\n"), "status": status,
			"log": ask("log 200"), "why": ask("why"), "the web log": webLog.String()} {
			assertHidesBuild(t, text, aiBuild, "%s at step %d", what, step)
		}
		totalTold = totalTold || strings.Contains(reply+strings.Join(told, "\n"), "Car 1 is set up: ")
		wearHidden = wearHidden || strings.Contains(status, "1. Car 1: racing") && strings.Contains(status, "hidden build of")
		for _, line := range strings.Split(status, "\n") {
			if strings.Contains(line, "Car 1: racing") {
				assert.NotContains(t, line, "wear points", "Anna's status tells the AI's wear")
			}
		}
	}
	require.NotNil(t, aiBuild, "the AI's car was built")
	assert.True(t, totalTold, "Anna read the AI's build by its total")
	assert.True(t, wearHidden, "Anna's status said the AI's build hidden while it raced")

	v, err := svc.Show(ctx, id)
	require.NoError(t, err)
	require.Equal(t, persistence.GameFinished, v.State)
	assertTellsBuild(t, ask("log 200"), aiBuild, "at the flag Anna's log tells the AI's build")
}

// readerOf: a seated player reads as his car's seat, the game master who
// drives one included (5-D hides the others' builds from him); a game
// master without a car reads everything (the contract's referee); anyone
// else as a spectator.
func TestReaderOfSeatedMasterIsHisCar(t *testing.T) {
	assert.Equal(t, 1, readerOf(2, true, true), "a game master who drives car 2 reads as its seat")
	assert.Equal(t, 1, readerOf(2, true, false))
	assert.Equal(t, engine.Referee, readerOf(0, false, true), "a game master without a car")
	assert.Equal(t, -1, readerOf(0, false, false), "a spectator")
}
