package fd

import (
	"reflect"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fdrVariantCfg is the competition rules with some league variants on.
func fdrVariantCfg(t testing.TB, specs ...string) Config {
	t.Helper()
	cfg := fdrConfig()
	for _, s := range specs {
		require.NoError(t, cfg.EnableVariant(s))
	}
	return cfg
}

// 6-C: every gear rolls a d20, the raw roll R is kept in the record and the
// box's table gives the spaces (B60 normal, B61 midi, B62 maxi).
func TestVariant6CGearboxTables(t *testing.T) {
	c := fdrLab(t)
	for _, tc := range []struct {
		box       string
		gear, raw int
		spaces    int
	}{
		{"B60", 4, 17, 12}, {"B61", 4, 17, 11}, {"B62", 4, 17, 12},
		{"B60", 4, 5, 8}, {"B61", 4, 5, 9}, {"B62", 4, 5, 10},
		{"B60", 3, 1, 4}, {"B62", 3, 13, 8}, {"B61", 2, 15, 3},
	} {
		t.Run(tc.box, func(t *testing.T) {
			cfg := fdrVariantCfg(t, "6-C:box="+tc.box)
			h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Cars: []CarPosition{fdrAt("long.2.1", tc.gear-1)}})
			h.gear(tc.gear, tc.raw) // the raw d20, not the squares
			evs := h.since()
			assert.Contains(t, evs, "roll play=1 car=1 for=gear n=0 die=black value="+itoa(tc.raw), "R is the roll the seed checks")
			assert.Contains(t, evs, "gearbox car=1 box="+tc.box+" gear="+itoa(tc.gear)+" raw="+itoa(tc.raw)+" value="+itoa(tc.spaces))
			for _, op := range h.pending().Options {
				assert.Equal(t, tc.spaces, len(op.Path)+op.Braked+op.Blocked, "every option drives V spaces")
			}
		})
	}
	t.Run("without 6-C the gear die rolls the spaces itself", func(t *testing.T) {
		h := fdrPlay(t, c, Fine, []CarPosition{fdrAt("long.2.1", 3)}, nil)
		h.gear(4, 12)
		assert.Contains(t, h.since(), "roll play=1 car=1 for=gear n=0 die=d12 value=12")
		assert.NotContains(t, kindsOf(h.g), "gearbox")
	})
}

// 6-C, §0.2, AMB-01: the engine tests of R16.1 fire on the raw roll (19 or
// 20 in 5th or 6th), not on the squares: B61's 19 in 5th gives 19 spaces
// and a test, B62's 18 gives 20 spaces and none — where the gear dice
// would test on 20 and not on 19.
func TestVariant6CEngineTestOnRawRoll(t *testing.T) {
	c := fdrLab(t)
	engineTest := func(h *harness) bool { return len(kinds(h.since(), "engine-test")) > 0 }

	h := fdrPlayCfg(t, c, fdrVariantCfg(t, "6-C:box=B61"), Position{Round: 1, Cars: []CarPosition{fdrAt("long.2.1", 4)}})
	h.gear(5, 19)
	h.moveN("long.21.1", 19, 10) // the engine test: 10 passes
	assert.True(t, engineTest(h), "B61: R=19 in 5th")

	h = fdrPlayCfg(t, c, fdrVariantCfg(t, "6-C:box=B62"), Position{Round: 1, Cars: []CarPosition{fdrAt("long.2.1", 4)}})
	h.gear(5, 18)
	h.moveN("long.22.1", 20)
	assert.False(t, engineTest(h), "B62: V=20 from R=18 calls no test")

	h = fdrPlay(t, c, Fine, []CarPosition{fdrAt("long.2.1", 4)}, nil)
	h.gear(5, 19)
	h.moveN("long.21.1", 19)
	assert.False(t, engineTest(h), "the gear dice: 19 in 5th is no top face")
	h = fdrPlay(t, c, Fine, []CarPosition{fdrAt("long.2.1", 4)}, nil)
	h.gear(5, 20)
	h.moveN("long.22.1", 20, 10)
	assert.True(t, engineTest(h), "the gear dice: 20 in 5th (R16.1)")
}

// The switch is written in the record header and read back, so a record
// replays alone; the registry refuses what a game cannot play.
func TestVariantSwitchesInTheRecord(t *testing.T) {
	cfg := fdrVariantCfg(t, "6-C:box=B61", "18-A")
	assert.Contains(t, cfg.Options(), "variant.6-C=box=B61")
	assert.Contains(t, cfg.Options(), "variant.18-A=on")
	assert.Equal(t, []string{"6-C:box=B61", "18-A"}, cfg.VariantSpecs())
	rec := &Record{Rules: FDR, Options: cfg.Options()}
	back, err := rec.Config()
	require.NoError(t, err)
	assert.Equal(t, cfg.Variants, back.Variants)
	assert.Equal(t, cfg.Dice.String(), back.Dice.String(), "the box's dice come from the option, no dice line")
	assert.Equal(t, "b61-4", back.Dice.Gears[3].Name)

	for _, tc := range []struct {
		rules      Ruleset
		spec, want string
	}{
		{FDR, "9-Z", `unknown variant "9-Z"`},
		{FDR, "6-C:box=B70", `box="B70" must be one of B60, B61, B62`},
		{FDR, "6-C:colour=red", `"colour=red" is not one of its parameters (box)`},
		{FDR, "18-A:x=1", "it has none"},
		{FDR, "21-A", "is a league rule"},
		{FD2008, "6-C", "sit on the competition rules"},
	} {
		c := fdrConfig()
		c.Rules = tc.rules
		if tc.rules == FD2008 {
			c = DefaultConfig()
		}
		assert.ErrorContains(t, c.EnableVariant(tc.spec), tc.want, tc.spec)
	}
	v, ok := LookupVariant("6-c")
	require.True(t, ok)
	assert.Equal(t, "6-C", v.ID)
	assert.True(t, v.Ready)
	assert.Equal(t, ScopeRace, v.Scope)
	l, ok := LookupVariant("24-D")
	require.True(t, ok)
	assert.False(t, l.Engine)
	assert.Equal(t, ScopeLeague, l.Scope)
}

func FuzzParseVariantSpec(f *testing.F) {
	for _, s := range []string{"6-C", "6-C:box=B62", "4-A:mode=d,ranking=2/1/3", "1-C:last=1/2,championship=2/1", "x:y=z", ":", "6-C:box=", "18-A:on", "23-A:scheme=i,uses=2/0/1", "23-C:uses=0/1", "23-A:uses=3", "23-C", "1-D:bids=1/20,championship=1/0", "1-D:per_circuit=x",
		"19-A:pit_limit=C,max_gear=5", "19-A:limit=a,pit_limit=b", "8-B:supersoft_bonus_exact=true", "8-A:dry_tyre_rain_slide=BASE", "19-E:long_stop_pit_repairs_additive=FALSE", "10-A:rails=yes,hazard_len=5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		v, p, err := ParseVariantSpec(spec)
		if err != nil {
			return
		}
		for _, prm := range v.Params {
			val, ok := p[prm.Key]
			if !ok {
				t.Fatalf("%q: parameter %s missing", spec, prm.Key)
			}
			if len(prm.Values) > 0 && val != prm.Default {
				found := false
				for _, x := range prm.Values {
					found = found || x == val
				}
				if !found {
					t.Fatalf("%q: %s=%q is not a legal value", spec, prm.Key, val)
				}
			}
		}
		cfg := fdrConfig()
		if cfg.EnableVariant(spec) == nil {
			rec := &Record{Rules: FDR, Options: cfg.Options()}
			back, err := rec.Config()
			if err != nil {
				t.Fatalf("%q: the record's options do not read back: %v", spec, err)
			}
			if !reflect.DeepEqual(back.Variants, cfg.Variants) {
				t.Fatalf("%q: %+v read back as %+v", spec, cfg.Variants, back.Variants)
			}
		}
	})
}

func itoa(n int) string { return strconv.Itoa(n) }

func kindsOf(g *Game) []string {
	var out []string
	for _, e := range g.Events {
		out = append(out, e.Kind)
	}
	return out
}
