package fd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/tracks"
)

// specAliases pairs a variant as league-variants.md names its parameters
// (its forms in capitals, its booleans true/false) with the registry's
// own spelling.
var specAliases = []struct{ spec, canonical string }{
	{"8-A:dry_tyre_rain_slide=B", "8-A:slide=b"},
	{"8-B:supersoft_bonus_exact=true", "8-B:exact_bonus=yes"},
	{"5-B:wing_loaded_version=B", "5-B:loaded=b"},
	{"9-A:max_start_attempts_before_shortening=2,shortened_laps=1", "9-A:max_starts=2,shortened_laps=1"},
	{"19-A:pit_limit=C,max_gear=5", "19-A:limit=c,max_gear=5"},
	{"19-E:long_stop_free_repairs=3,long_stop_pit_repairs_additive=true", "19-E:free_repairs=3,pit_repairs_too=yes"},
	{"2-B:time_capital=15m", "2-B:capital=15m"},
}

// The spec's parameter names are aliases (VariantParam.Aliases): each
// spelling reads to the same parameters, and an autopilot race played
// with either writes the same record, whose header keeps the registry's
// key.
func TestVariantParamAliasesGiveTheSameRecord(t *testing.T) {
	c, err := tracks.Get("test-oval")
	require.NoError(t, err)
	for _, tc := range specAliases {
		t.Run(tc.spec, func(t *testing.T) {
			v, p, err := ParseVariantSpec(tc.spec)
			require.NoError(t, err)
			_, want, err := ParseVariantSpec(tc.canonical)
			require.NoError(t, err)
			assert.Equal(t, want, p)

			cfg, canonical := fdrConfig(), fdrConfig()
			cfg.Laps, canonical.Laps = 2, 2
			require.NoError(t, cfg.EnableVariant(tc.spec))
			require.NoError(t, canonical.EnableVariant(tc.canonical))
			_, rec := fdrCheckedRace(t, cfg, c, "test-oval", 3, SeedFrom("aliases"))
			_, want2 := fdrCheckedRace(t, canonical, c, "test-oval", 3, SeedFrom("aliases"))
			assert.Equal(t, want2.Text(), rec.Text(), "both spellings play the same race")
			back, err := rec.Config()
			require.NoError(t, err)
			header := back.variantOptions()["variant."+v.ID]
			for _, prm := range v.Params {
				for _, alias := range prm.Aliases {
					assert.NotContains(t, header, alias+"=", "the record keeps the key %s", prm.Key)
				}
			}
			assert.Equal(t, tc.canonical, v.ID+":"+header, "the header is the registry's spelling")
		})
	}
}

// An alias names a parameter only once, a form the variant does not have
// is refused with a sentence, and a value in other letters than capitals
// of the registry's stays refused (5-C's A1 is not a1).
func TestVariantParamAliasesRefusals(t *testing.T) {
	for spec, want := range map[string]string{
		"19-A:limit=a,pit_limit=b":     "variant 19-A: limit is given twice (limit and pit_limit name the same parameter)",
		"8-A:dry_tyre_rain_slide=BASE": `variant 8-A: dry_tyre_rain_slide="BASE" must be one of a, b`,
		"19-A:pit_limit=NONE":          `variant 19-A: pit_limit="NONE" must be one of a, b, c`,
		"8-B:supersoft_bonus_exact=1":  `variant 8-B: supersoft_bonus_exact="1" must be one of no, yes`,
		"5-C:level=a1":                 `variant 5-C: level="a1" must be one of choose, A1, A2, A3, none`,
		"19-E:pit_limit=a":             "variant 19-E: \"pit_limit=a\" is not one of its parameters (free_repairs or long_stop_free_repairs, pit_repairs_too or long_stop_pit_repairs_additive)",
	} {
		_, _, err := ParseVariantSpec(spec)
		require.Error(t, err, spec)
		assert.Equal(t, want, err.Error(), spec)
	}
}

// Every alias is the spec's name of one parameter only: no alias is
// another parameter's key or alias in the same variant.
func TestVariantParamAliasesAreUnique(t *testing.T) {
	for _, v := range VariantList() {
		seen := map[string]string{}
		for _, prm := range v.Params {
			for _, name := range append([]string{prm.Key}, prm.Aliases...) {
				other, dup := seen[name]
				assert.False(t, dup, "%s: %s names both %s and %s", v.ID, name, other, prm.Key)
				seen[name] = prm.Key
			}
		}
	}
}

// 10-A's hazard_len (league AMB-28, default 3): the runaway car's area is
// hazard_len spaces long past the exit, three lanes wide; it spins in its
// middle, and the markers go on that middle and the eight spaces around it.
// Hooks UnpaidOvershootRule, PlayEnd, RoundEnd.
func TestVariant10AHazardLength(t *testing.T) {
	play := func(spec string) (*harness, []string) {
		h := runawaySpinningWith(t, spec, 20)
		h.gear(4, 12)
		h.since()
		h.pick(throughHazard, 2) // car 2 crosses the area: missed
		return h, h.since()
	}
	h3, evs3 := play("10-A:rails=yes")
	h5, evs5 := play("10-A:rails=yes,hazard_len=5")
	assert.Contains(t, evs3, "runaway-stopped car=1 space=b.1.1")
	assert.Contains(t, evs5, "runaway-stopped car=1 space=b.2.1", "the middle of five levels")
	assert.Equal(t, []string{"b.0.0", "b.0.1", "b.0.2", "b.1.0", "b.1.1", "b.1.2", "b.2.0", "b.2.1", "b.2.2"}, h3.debris())
	assert.Equal(t, []string{"b.1.0", "b.1.1", "b.1.2", "b.2.0", "b.2.1", "b.2.2", "b.3.0", "b.3.1", "b.3.2"}, h5.debris(),
		"the centre and the eight spaces around it")
	exit, ok := h5.g.Track.Lookup("b.0.1")
	require.True(t, ok)
	assert.Len(t, railsHazard(h5.g.Track, exit, 5), 15, "three lanes of five levels")

	cfg := fdrVariantCfg(t, "10-A:rails=yes")
	assert.Equal(t, "rails=yes", cfg.variantOptions()["variant.10-A"], "the default stays out of the header, as before hazard_len")
	cfg = fdrVariantCfg(t, "10-A:rails=yes,hazard_len=5")
	assert.Equal(t, "rails=yes,hazard_len=5", cfg.variantOptions()["variant.10-A"])
	for _, bad := range []string{"0", "10", "x", "03"} {
		cfg := fdrConfig()
		err := cfg.EnableVariant("10-A:hazard_len=" + bad)
		require.Error(t, err, bad)
		assert.True(t, strings.HasPrefix(err.Error(), "variant 10-A: hazard_len is a number of spaces from 1 to 9"), err.Error())
	}
}
