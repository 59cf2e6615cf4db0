package fd

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// streetEngineSpared asks the street module for Dimitri's engine test, as
// street_rules_test.go has always called it (that test stays as written,
// on a game built by hand, which has no module of its own).
func (g *Game) streetEngineSpared(c *Car, v int) bool {
	return newStreetRules().EngineSpared(g, c, v)
}

// The rulesets table names each ruleset's rules module: the street row
// its streetRules, a fresh value per game; the others play the base turn
// unchanged.
func TestRulesetModules(t *testing.T) {
	a, ok := Street.entry().newRules().(*streetRules)
	require.True(t, ok, "the street row names the street module (§2.18)")
	b := Street.entry().newRules().(*streetRules)
	assert.NotSame(t, a, b, "each game has its own street state")
	assert.Nil(t, FD2008.entry().newRules(), "the complete rules: no module")
	assert.NotNil(t, FDR.entry().newRules(), "fdr's module: TestFDRRulesModule")

	g, err := NewGame("m", StreetConfig(), raceCity(t), 2)
	require.NoError(t, err)
	_, ok = g.rules().(*streetRules)
	assert.True(t, ok, "NewGame keeps the module of its ruleset")
	g, err = NewGame("m", DefaultConfig(), ovalTrack(t), 2)
	require.NoError(t, err)
	assert.Nil(t, g.module)
	assert.Equal(t, theBaseRules, g.rules(), "the base turn unchanged")
}

// The base turn reaches the street rules through RulesModule only: no
// file of engine/fd but street_*.go calls a street function or names the
// street module's state (issue 13). The rulesets table alone names the
// module's constructor.
func TestBaseTurnNamesNoStreetFunction(t *testing.T) {
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	streetCall := regexp.MustCompile(`\bstreet[A-Z]\w*\(|\bg\.street\b|\bstreetRules\b|\bstreetPlayState\b|\bnewStreetRules\b`)
	checked := 0
	for _, f := range files {
		if strings.HasPrefix(f, "street_") || strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		checked++
		for i, line := range strings.Split(string(src), "\n") {
			if f == "rulesets.go" && strings.Contains(line, "module: newStreetRules") {
				continue // the table's street row
			}
			if m := streetCall.FindString(line); m != "" && !strings.HasPrefix(strings.TrimSpace(line), "//") {
				t.Errorf("%s:%d calls %s: reach the street rules through RulesModule (phases.go)", f, i+1, m)
			}
		}
	}
	assert.Greater(t, checked, 20, "the base turn's files were read")
}
