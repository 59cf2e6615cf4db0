package main

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// `pitwall sim --rules street`: street races on race-city, byte-identical
// output for the same seed, each car's driver in the results, a record
// that replays and verifies.
func TestSimStreet(t *testing.T) {
	out1, rec := simTwice(t, "--track", "race-city", "--cars", "6", "--seed", "street-contract", "--rules", "street")

	var got struct {
		Rules   string `json:"rules"`
		Laps    int    `json:"laps"`
		Results []struct {
			Car    int    `json:"car"`
			Driver string `json:"driver"`
		} `json:"results"`
	}
	require.NoError(t, json.Unmarshal([]byte(out1), &got))
	assert.Equal(t, "street", got.Rules)
	assert.Equal(t, 2, got.Laps)
	require.Len(t, got.Results, 6)
	seen := map[string]bool{}
	for _, r := range got.Results {
		require.NotEmpty(t, r.Driver, "car %d", r.Car)
		assert.False(t, seen[r.Driver], "driver %s twice", r.Driver)
		seen[r.Driver] = true
	}
	b, err := os.ReadFile(rec)
	require.NoError(t, err)
	assert.Contains(t, string(b), "\nrules street\n")

	replayed, _, err := runTrackCLI(t, "replay", rec, "--json")
	require.NoError(t, err)
	assert.Equal(t, out1, replayed)
	vout, _, err := runTrackCLI(t, "verify", rec)
	require.NoError(t, err)
	assert.Contains(t, vout, "verified")

	text, _, err := runTrackCLI(t, "sim", "--track", "race-city", "--cars", "3", "--seed", "street-contract", "--rules", "street")
	require.NoError(t, err)
	assert.Contains(t, text, "street on race-city")
	assert.Contains(t, text, "(Dimitri Tzarof)")

	// street races need a street circuit
	_, _, err = runTrackCLI(t, "sim", "--track", "port-azur", "--cars", "3", "--seed", "x", "--rules", "street")
	require.Error(t, err)
}
