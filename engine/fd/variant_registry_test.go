package fd

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The ids of league-variants.md §6, list by list as the spec prints them
// ((c) without 10-A's rail cases, which are part of 10-A, and with the
// annexes last).
var (
	spec6a = []string{"6-C", "21-A", "1-C", "1-B", "4-A", "6-A", "18-A", "19-B", "19-H", "7-A", "24-A", "24-B", "24-D", "22-A"}
	spec6b = []string{"23-A", "23-B", "23-C", "25-A", "5-E", "1-D", "4-B", "19-F", "19-G", "20-B", "6-B",
		"3-A", "3-B", "3-C", "2-A", "8-A", "8-B", "5-A", "5-B", "5-D", "5-E2", "16-A", "16-B", "16-C", "16-E",
		"9-A", "10-A", "14-A", "14-B", "17-A", "17-B", "17-C", "17-D", "19-A", "19-C", "19-D", "19-E", "24-C"}
	spec6c     = []string{"2-B", "1-A", "5-C", "6-D", "8-C", "15-A", "16-D", "16-F", "20-A", "21-B"}
	specAnnexe = []string{"AX-1", "AX-2", "AX-3", "AX-4", "AX-5"}
)

// §1's count: 62 numbered variants and 5 side events, each of §6's ids
// once, in §6's group, with what `pitwall variants` prints filled in.
func TestVariantRegistryListsEveryVariant(t *testing.T) {
	list := VariantList()
	require.Len(t, list, 62+5)
	side := 0
	for _, v := range list {
		if v.Scope == ScopeSideEvent {
			side++
		}
	}
	assert.Equal(t, 5, side, "the annexes are side events")
	assert.Len(t, spec6a, 14)
	assert.Len(t, spec6b, 38)
	assert.Len(t, spec6c, 10)

	group := map[string]string{}
	for _, v := range list {
		_, dup := group[v.ID]
		assert.False(t, dup, "%s is listed twice", v.ID)
		group[v.ID] = v.Group
		assert.NotEmpty(t, v.Name, v.ID)
		assert.NotEmpty(t, v.NameFR, v.ID)
		assert.NotEmpty(t, v.Chapter, v.ID)
		assert.NotEmpty(t, v.Help, v.ID)
		assert.NotNil(t, v.Params, "%s: params is [] in JSON, never null", v.ID)
		assert.Contains(t, []VariantScope{ScopeRace, ScopeLeague, ScopeSideEvent}, v.Scope, v.ID)
		assert.Equal(t, v.Ready, v.Engine && v.Implemented, "%s: ready is a game switch the engine applies", v.ID)
		for _, p := range v.Params {
			if len(p.Values) > 0 {
				assert.Contains(t, p.Values, p.Default, "%s %s: the default is a legal value", v.ID, p.Key)
			}
		}
	}
	for g, ids := range map[string][]string{"a": spec6a, "b": spec6b, "c": append(slices.Clone(spec6c), specAnnexe...)} {
		for _, id := range ids {
			assert.Equal(t, g, group[id], "%s is in §6(%s)", id, g)
		}
	}
	for _, id := range spec6a {
		v, _ := LookupVariant(id)
		assert.True(t, v.Implemented, "§6(a) is built: %s", id)
	}
}

// A variant listed but not built (an entry made with listed, as a new
// variant starts) is refused by name; every entry of the registry is
// built (issue 16), and one the league applies is sent to the league.
func TestVariantListedButNotBuiltIsRefused(t *testing.T) {
	for _, v := range VariantList() {
		assert.True(t, v.Implemented, "%s is built", v.ID)
	}
	v := listed("99-Z", "c", "Test only", "Test seulement", chAnnexes, ScopeRace, "a variant listed and not built")
	assert.False(t, v.Implemented)
	assert.EqualError(t, v.NotBuilt(), "variant 99-Z (Test only) is listed but not built yet")
	cfg := fdrConfig()
	assert.ErrorContains(t, cfg.EnableVariant("99-Z"), "unknown variant")
	assert.Equal(t, fdrConfig(), cfg, "a refused variant leaves the config as it was")
	assert.ErrorContains(t, cfg.EnableVariant("21-A"), "is a league rule")
}

// Every variant said implemented has tests citing its id: the engine's in
// engine/fd or engine/fd/variants, the league's in engine/league or bot.
func TestVariantImplementedHasTests(t *testing.T) {
	var files []string
	for _, dir := range []string{".", "variants", "../league", "../../bot"} {
		m, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
		require.NoError(t, err)
		files = append(files, m...)
	}
	texts := map[string]string{}
	for _, f := range files {
		if filepath.Base(f) == "variant_registry_test.go" {
			continue // this file names every id
		}
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		if strings.Contains(string(b), "func Test") {
			texts[f] = string(b)
		}
	}
	for _, v := range VariantList() {
		if !v.Implemented {
			continue
		}
		cites := regexp.MustCompile(`(^|[^0-9A-Za-z-])` + regexp.QuoteMeta(v.ID) + `($|[^0-9A-Za-z])`)
		var in []string
		for f, text := range texts {
			if cites.MatchString(text) {
				in = append(in, f)
			}
		}
		assert.NotEmpty(t, in, "%s is implemented: a test file must cite it", v.ID)
	}
}
