package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// `pitwall sim --rules fdr`: the competition rules, three laps by default,
// byte-identical output for the same seed, gas in place of gearbox, a
// record that replays and verifies.
func TestSimFDR(t *testing.T) {
	out1, rec := simTwice(t, "--track", "port-azur", "--cars", "6", "--seed", "fdr-contract", "--rules", "fdr")

	var got struct {
		Rules   string `json:"rules"`
		Laps    int    `json:"laps"`
		Results []struct {
			Status string         `json:"status"`
			Cause  string         `json:"cause"`
			Reason string         `json:"reason"`
			Wear   map[string]int `json:"wear"`
		} `json:"results"`
	}
	require.NoError(t, json.Unmarshal([]byte(out1), &got))
	assert.Equal(t, "fdr", got.Rules)
	assert.Equal(t, 3, got.Laps, "R0.1: three laps")
	require.Len(t, got.Results, 6)
	for _, r := range got.Results {
		assert.ElementsMatch(t, []string{"tyres", "brakes", "gas", "body", "engine", "handling"}, fdrWearKeys(r.Wear))
		if r.Status == "eliminated" {
			assert.NotEmpty(t, r.Cause)
			assert.Contains(t, []string{"overshoot", "blocking", "collision", "wall", "engine", "handling"}, r.Reason, "T8")
		}
	}
	b, err := os.ReadFile(rec)
	require.NoError(t, err)
	assert.Contains(t, string(b), "\nrules fdr\n")
	assert.Contains(t, string(b), "\noption laps=3\n")

	replayed, _, err := runTrackCLI(t, "replay", rec, "--json")
	require.NoError(t, err)
	assert.Equal(t, out1, replayed)
	vout, _, err := runTrackCLI(t, "verify", rec)
	require.NoError(t, err)
	assert.Contains(t, vout, "verified")

	// --laps still overrides; the text output says gas
	text, _, err := runTrackCLI(t, "sim", "--track", "test-oval", "--cars", "3", "--seed", "fdr-text", "--rules", "fdr", "--laps", "1")
	require.NoError(t, err)
	assert.Contains(t, text, "fdr on test-oval, 1 laps, 3 cars")
	assert.Contains(t, text, " gas ")
	assert.NotContains(t, text, "gearbox")

	// the optional rules belong to fd2008
	_, _, err = runTrackCLI(t, "sim", "--track", "test-oval", "--seed", "x", "--rules", "fdr", "--optional", "weather")
	require.Error(t, err)
	assert.True(t, strings.Contains(err.Error(), "fd2008") || err.Error() == "exit 1")
}

func fdrWearKeys(m map[string]int) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
