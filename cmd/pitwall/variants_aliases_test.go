package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
)

// pitwall variants lists the spec's names of a parameter (its aliases),
// in text and JSON; sim --variant takes them, and the record keeps the
// registry's key.
func TestVariantsCLIParamAliases(t *testing.T) {
	out, _, err := runTrackCLI(t, "variants", "--json")
	require.NoError(t, err)
	var list []fd.Variant
	require.NoError(t, json.Unmarshal([]byte(out), &list))
	var limit fd.VariantParam
	for _, v := range list {
		if v.ID == "19-A" {
			limit = v.Params[0]
		}
	}
	assert.Equal(t, "limit", limit.Key)
	assert.Equal(t, []string{"pit_limit"}, limit.Aliases)
	text, _, err := runTrackCLI(t, "variants")
	require.NoError(t, err)
	assert.Contains(t, text, "      limit (also pit_limit) (a, b, c), default a:")

	rec := filepath.Join(t.TempDir(), "race.rec")
	_, _, err = runTrackCLI(t, "sim", "--track", "test-oval", "--cars", "3", "--rules", "fdr", "--laps", "1", "--seed", "aliases",
		"--variant", "19-A:pit_limit=B", "--variant", "8-B:supersoft_bonus_exact=true", "--record", rec)
	require.NoError(t, err)
	b, err := os.ReadFile(rec)
	require.NoError(t, err)
	assert.Contains(t, string(b), "option variant.19-A=limit=b,max_gear=4\n")
	assert.Contains(t, string(b), "option variant.8-B=exact_bonus=yes\n")
	_, _, err = runTrackCLI(t, "verify", rec)
	require.NoError(t, err)
}
