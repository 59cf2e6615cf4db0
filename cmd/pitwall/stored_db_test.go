package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestStoredDatabaseV1Continues opens a database written before the
// engine was reshaped (testdata/db/README.md) and plays each of its games,
// stopped mid-race, to the end: they load, continue, finish and verify,
// and the league in it still reads (issue 13: "stored games in an existing
// database still load and continue").
func TestStoredDatabaseV1Continues(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "db", "v1.db"))
	require.NoError(t, err)
	db := filepath.Join(t.TempDir(), "v1.db")
	require.NoError(t, os.WriteFile(db, raw, 0o600))

	type shown struct {
		Rules   string `json:"rules"`
		State   string `json:"state"`
		Orders  int    `json:"orders"`
		Seed    string `json:"seed"`
		Results []struct {
			Status string `json:"status"`
		} `json:"results"`
	}
	show := func(id string) shown {
		t.Helper()
		out, errOut, err := runTrackCLI(t, "--db", db, "game", "show", id, "--json")
		require.NoError(t, err, errOut)
		var s shown
		require.NoError(t, json.Unmarshal([]byte(out), &s))
		return s
	}
	for _, g := range []struct{ id, rules string }{{"g-af08e5cfe8", "fd2008"}, {"g-9d6afb7608", "fdr"}, {"g-bf32cc263d", "street"}} {
		id, rules := g.id, g.rules
		t.Run(rules, func(t *testing.T) {
			before := show(id)
			assert.Equal(t, rules, before.Rules)
			assert.Equal(t, "running", before.State, "stored mid-race")
			assert.Positive(t, before.Orders)
			assert.Empty(t, before.Seed, "the seed stays secret while the race runs")

			_, errOut, err := runTrackCLI(t, "--db", db, "game", "autoplay", id)
			require.NoError(t, err, errOut)
			after := show(id)
			assert.Equal(t, "finished", after.State)
			assert.Greater(t, after.Orders, before.Orders, "the game went on from where it was stored")
			assert.NotEmpty(t, after.Seed, "the seed is revealed at the end")
			for _, r := range after.Results {
				assert.Contains(t, []string{"finished", "eliminated"}, r.Status)
			}
			_, errOut, err = runTrackCLI(t, "--db", db, "game", "verify", id)
			assert.NoError(t, err, errOut)
		})
	}

	out, errOut, err := runTrackCLI(t, "--db", db, "league", "show", "Frozen Cup", "--json")
	require.NoError(t, err, errOut)
	var league struct {
		Rules   string            `json:"rules"`
		Events  []json.RawMessage `json:"events"`
		Entries []struct {
			Pilot string `json:"pilot"`
		} `json:"entries"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &league))
	assert.Equal(t, "fdr", league.Rules)
	assert.Len(t, league.Events, 1)
	require.Len(t, league.Entries, 2)
	assert.Equal(t, "A. Rossi", league.Entries[0].Pilot)
}
