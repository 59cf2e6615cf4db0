package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/persistence/postgres/pgtest"
)

// The game service contract from the terminal: create prints the id alone,
// say answers as the player, show prints sim's JSON plus state and pending,
// autoplay plays on, verify checks the chain and the rolls.
func TestGameCLIContract(t *testing.T) {
	gameCLIContract(t, filepath.Join(t.TempDir(), "league.db"))
}

// The same contract with --db postgres://…
func TestGameCLIContractPostgres(t *testing.T) {
	gameCLIContract(t, pgtest.URL(t))
}

// PITWALL_DB names the database as --db does.
func TestDBFromEnvironment(t *testing.T) {
	t.Setenv("PITWALL_DB", pgtest.URL(t))
	out, stderr, err := runTrackCLI(t, "game", "create", "--track", "test-oval", "--seat", "Anna", "--seed", "env-1")
	require.NoError(t, err, stderr)
	id := strings.TrimSpace(out)
	out, _, err = runTrackCLI(t, "game", "show", id, "--json")
	require.NoError(t, err)
	assert.Contains(t, out, `"state"`)
	_, stderr, err = runTrackCLI(t, "backup", "-o", filepath.Join(t.TempDir(), "copy.db"))
	require.Error(t, err)
	assert.Contains(t, stderr, "pg_dump")
}

func gameCLIContract(t *testing.T, db string) {
	out, stderr, err := runTrackCLI(t, "--db", db, "game", "create", "--track", "test-oval", "--rules", "fd2008", "--seat", "Anna", "--seat", "Bob", "--seed", "cli-1")
	require.NoError(t, err, stderr)
	id := strings.TrimSpace(out)
	require.NotEmpty(t, id)
	assert.Equal(t, 1, strings.Count(out, "\n"), "the id alone on one line")

	show := func() map[string]any {
		out, _, err := runTrackCLI(t, "--db", db, "game", "show", id, "--json")
		require.NoError(t, err)
		var v map[string]any
		require.NoError(t, json.Unmarshal([]byte(out), &v))
		return v
	}
	v := show()
	for _, k := range []string{"seed", "commitment", "rules", "track", "plays", "results", "state", "pending"} {
		assert.Contains(t, v, k)
	}
	assert.Equal(t, "running", v["state"])
	pending := v["pending"].([]any)
	require.NotEmpty(t, pending)
	first := pending[0].(map[string]any)
	player := first["player"].(string)
	option := first["options"].([]any)[0].(string)

	reply, _, err := runTrackCLI(t, "--db", db, "say", player, "--game", id, option)
	require.NoError(t, err)
	assert.NotEmpty(t, reply)

	// a stranger is refused with a reason
	_, stderr, err = runTrackCLI(t, "--db", db, "say", "Mallory", "--game", id, "gear 2")
	require.Error(t, err)
	assert.Contains(t, stderr, "unknown player")

	out, _, err = runTrackCLI(t, "--db", db, "game", "autoplay", id, "--max", "3")
	require.NoError(t, err)
	assert.Contains(t, out, "3 decision(s)")
	out, _, err = runTrackCLI(t, "--db", db, "game", "verify", id)
	require.NoError(t, err)
	assert.Contains(t, out, "hash chain intact")

	_, _, err = runTrackCLI(t, "--db", db, "game", "autoplay", id)
	require.NoError(t, err)
	v = show()
	assert.Equal(t, "finished", v["state"])
	assert.Len(t, v["seed"], 64)
	out, _, err = runTrackCLI(t, "--db", db, "game", "verify", id)
	require.NoError(t, err)
	assert.Contains(t, out, "every roll matches the seed")
}

// game create --variant: the game plays the league variants it names
// (here to the end by the autopilot) and refuses a league rule.
func TestGameCreateWithVariants(t *testing.T) {
	db := filepath.Join(t.TempDir(), "v.db")
	out, stderr, err := runTrackCLI(t, "--db", db, "game", "create", "--track", "test-oval", "--rules", "fdr", "--laps", "1",
		"--seat", "Anna", "--seat", "Bob", "--seed", "variants-1", "--variant", "6-C:box=B61", "--variant", "22-A")
	require.NoError(t, err, stderr)
	id := strings.TrimSpace(out)
	_, stderr, err = runTrackCLI(t, "--db", db, "game", "autoplay", id)
	require.NoError(t, err, stderr)
	out, _, err = runTrackCLI(t, "--db", db, "game", "verify", id)
	require.NoError(t, err)
	assert.Contains(t, out, "verified")
	_, stderr, err = runTrackCLI(t, "--db", db, "game", "create", "--track", "test-oval", "--rules", "fdr", "--seat", "Anna", "--variant", "24-B")
	require.Error(t, err)
	assert.Contains(t, stderr, "league rule")
}
