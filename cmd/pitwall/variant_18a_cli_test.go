package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/bot"
	"github.com/pitwall/pitwall/persistence/sqlite"
)

// Issue 13's proof variant, 18-A (one slipstream per play), switched on by
// `--variant` on `game create` as on `sim`: the stored game's record
// carries it in its header (`option variant.18-A=on`), the race plays to
// its end, and the record as the web page hands it out replays and
// verifies through `replay` and `verify`, which read the variant back from
// that header.
func TestGameCreateWithVariant18A(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "v.db")
	out, stderr, err := runTrackCLI(t, "--db", db, "game", "create", "--track", "test-oval", "--rules", "fdr", "--laps", "1",
		"--seat", "Anna", "--seat", "Bob", "--seat", "Chloe", "--seed", "single-slipstream", "--variant", "18-A")
	require.NoError(t, err, stderr)
	id := strings.TrimSpace(out)
	_, stderr, err = runTrackCLI(t, "--db", db, "game", "autoplay", id)
	require.NoError(t, err, stderr)

	ctx := context.Background()
	store, err := sqlite.Open(ctx, db)
	require.NoError(t, err)
	svc := bot.New(bot.Options{Store: store})
	text, err := svc.GameRecord(ctx, id)
	svc.Close()
	require.NoError(t, store.Close())
	require.NoError(t, err)
	assert.Contains(t, text, "\noption variant.18-A=on\n", "the header switches 18-A on")

	rec := filepath.Join(dir, "18a.rec")
	require.NoError(t, os.WriteFile(rec, []byte(text), 0o644))
	out, stderr, err = runTrackCLI(t, "verify", rec)
	require.NoError(t, err, stderr)
	assert.Contains(t, out, "verified: the seed matches commitment")
	replayed, stderr, err := runTrackCLI(t, "replay", rec, "--json")
	require.NoError(t, err, stderr)
	shown, stderr, err := runTrackCLI(t, "--db", db, "game", "show", id, "--json")
	require.NoError(t, err, stderr)
	var game, replay struct {
		State   string
		Results []map[string]any
	}
	require.NoError(t, json.Unmarshal([]byte(shown), &game))
	require.NoError(t, json.Unmarshal([]byte(replayed), &replay))
	assert.Equal(t, "finished", game.State)
	require.NotEmpty(t, game.Results)
	assert.Equal(t, game.Results, replay.Results, "the record replays to the stored game's classification")
}
