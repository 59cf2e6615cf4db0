package fd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
)

func TestRulesetTable(t *testing.T) {
	for _, info := range Rulesets() {
		cfg := ConfigFor(info.ID)
		assert.Equal(t, info.ID, cfg.Rules, "the base configuration is of its own ruleset")
		assert.NoError(t, cfg.Validate())
		assert.Equal(t, info.Name, info.ID.Info().Name)
		assert.NotEmpty(t, info.Name[0])
		assert.NotEmpty(t, info.Name[1])
	}
	assert.Equal(t, FD2008, ConfigFor("").Rules, "no ruleset is the complete rules")
	assert.Equal(t, 1, ConfigFor(FDR).Sessions, "fdr qualifies (R1.1)")
	assert.True(t, Street.Info().Drivers)
	assert.False(t, FDR.Info().Drivers)
	bad := ConfigFor("calvinball")
	assert.ErrorContains(t, bad.Validate(), "unknown ruleset \"calvinball\"")
}

// The table says what each ruleset's turn does differently; the complete
// rules are the zero value, so that a new capability is off by default.
func TestRulesetCapabilities(t *testing.T) {
	assert.Equal(t, Capabilities{}, FD2008.Info().Can, "the complete rules change nothing")
	fdr, street := FDR.Info().Can, Street.Info().Can
	assert.Equal(t, SetupCompetition, fdr.Setup, "FDR R1–R5")
	assert.Equal(t, QualifyingSessions, fdr.Qualifying, "FDR R1.1")
	assert.True(t, fdr.OverRevGearbox && fdr.PitLane && fdr.LeagueVariants && fdr.DeadlineDefaults)
	assert.Equal(t, QualifyingNone, street.Qualifying)
	assert.False(t, street.PitLane || street.LeagueVariants || street.OverRevGearbox)
	for _, info := range Rulesets() {
		assert.Equal(t, "fd2008", info.Modules[0], "%s: every ruleset plays on the base turn", info.ID)
	}
	assert.Equal(t, "gas", FDR.CategoryName(Gearbox), "R0.3")
	assert.Equal(t, "gearbox", Street.CategoryName(Gearbox))
	assert.Equal(t, Capabilities{}, Ruleset("calvinball").Info().Can, "an unknown ruleset reads as the complete rules")
}

// A game answers from its ruleset's line, built by NewGame or by hand.
func TestGameCanIsItsRuleset(t *testing.T) {
	g, err := NewGame("t", fdrConfig(), ovalTrack(t), 2)
	require.NoError(t, err)
	assert.Equal(t, FDR.Info().Can, g.Can())
	assert.Equal(t, Street.Info().Can, (&Game{Config: streetConfig()}).Can())
}

// ConfigFromOptions reads a header's options over the ruleset's base; an
// option of another ruleset is refused naming the one it belongs to.
func TestConfigFromOptions(t *testing.T) {
	cfg, err := ConfigFromOptions(FDR, []string{"laps=2", "sessions=2", "variant.18-A=on"})
	require.NoError(t, err)
	assert.Equal(t, 2, cfg.Laps)
	assert.Equal(t, 2, cfg.Sessions)
	assert.Equal(t, []string{"18-A"}, cfg.VariantSpecs())
	assert.Equal(t, Wear{9, 3, 2, 2, 2, 2}, cfg.Start, "the competition's base build (R5.2, AMB-45)")

	_, err = ConfigFromOptions(FD2008, []string{"sessions=1"})
	assert.ErrorContains(t, err, "option sessions belongs to the competition rules (fdr)")
	_, err = ConfigFromOptions(Street, []string{"variant.18-A=on"})
	assert.ErrorContains(t, err, "the league variants sit on the competition rules")
	_, err = ConfigFromOptions(FD2008, []string{"laps"})
	assert.ErrorContains(t, err, "want key=value")

	// The street row's base is its module's (ConfigModule): Li-Tsu's card,
	// T-13's first, two laps, the default dice.
	cfg, err = ConfigFromOptions(Street, nil)
	require.NoError(t, err)
	assert.Equal(t, Config{Rules: Street, Laps: 2, Start: Wear{7, 3, 2, 2, 3, 3}, Dice: dice.DefaultSet()}, cfg)
}

// Whatever the options, ConfigFromOptions does not panic, and a valid
// configuration it reads writes back the options that rebuild it.
func FuzzConfigFromOptions(f *testing.F) {
	f.Add("fdr", "laps=3\nsessions=1\nvariant.6-C=box=B61")
	f.Add("fd2008", "laps=2\ntyres=true\nstart=6/3/3/3/3/2")
	f.Add("street", "weather=true")
	f.Add("fdr", "sessions=x\nvariant.4-A=alloc=b")
	f.Fuzz(func(t *testing.T, rules, lines string) {
		var opts []string
		if lines != "" {
			opts = strings.Split(lines, "\n")
		}
		cfg, err := ConfigFromOptions(Ruleset(rules), opts)
		if err != nil || cfg.Validate() != nil {
			return
		}
		again, err := ConfigFromOptions(cfg.Rules, cfg.Options())
		require.NoError(t, err, "options %q", cfg.Options())
		assert.Equal(t, cfg.Options(), again.Options())
	})
}
