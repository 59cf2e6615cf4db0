package fd

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
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
	return Street.entry().newRules().EngineSpared(g, c, v)
}

// The rulesets table names each ruleset's rules module: the street row
// the module engine/fd/street registers (this test binary links it in,
// register_street_test.go), a fresh value per game; the others play the
// base turn unchanged.
func TestRulesetModules(t *testing.T) {
	a, b := Street.entry().newRules(), Street.entry().newRules()
	require.NotNil(t, a, "the street row names the street module (§2.18)")
	assert.NotSame(t, a, b, "each game has its own street state")
	assert.Nil(t, FD2008.entry().newRules(), "the complete rules: no module")
	assert.NotNil(t, FDR.entry().newRules(), "fdr's module: TestFDRRulesModule")

	g, err := NewGame("m", streetConfig(), raceCity(t), 2)
	require.NoError(t, err)
	require.NotNil(t, g.module, "NewGame keeps the module of its ruleset")
	assert.Equal(t, "street", filepath.Base(reflectPkgPath(g.module)))
	g, err = NewGame("m", DefaultConfig(), ovalTrack(t), 2)
	require.NoError(t, err)
	assert.Nil(t, g.module)
	assert.Equal(t, theBaseRules, g.rules(), "the base turn unchanged")
}

// A program that plays a ruleset whose module it does not link gets a
// clear error naming the package to import, not a game without its rules;
// and the registry is closed once games are made (read-only while they
// run).
func TestRulesModuleNotRegistered(t *testing.T) {
	row := &RulesetInfo{ID: "league-x", rulesModule: "league-x"}
	err := row.moduleMissing()
	require.Error(t, err)
	assert.Contains(t, err.Error(), `import _ "github.com/pitwall/pitwall/engine/fd/league-x"`)
	assert.Nil(t, row.newRules())
	assert.NoError(t, Street.entry().moduleMissing(), "street is linked in this binary")
	assert.NoError(t, FD2008.entry().moduleMissing(), "no module to link")
	assert.PanicsWithValue(t, `fd: rules module "street" registered after the first game: register it in an init function`,
		func() { RegisterRulesModule("street", func() RulesModule { return BaseRules{} }) })
}

// The base turn reaches the street rules through RulesModule only: no
// non-test file of engine/fd calls a street function, names a street
// driver's ability (the driver keys), the street module's state, or
// declares a function of engine/fd/street's again (issue 13). The street
// package reaches engine/fd through its exported host API only: the
// compiler holds it to that.
func TestBaseTurnNamesNoStreetFunction(t *testing.T) {
	streetFuncs := map[string]bool{}
	fset := token.NewFileSet()
	pkgFiles, err := filepath.Glob("street/*.go")
	require.NoError(t, err)
	for _, f := range pkgFiles {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		require.NoError(t, err)
		for _, d := range file.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && fn.Name.Name != "init" && fn.Name.Name != "New" {
				streetFuncs[fn.Name.Name] = true
			}
		}
	}
	require.Contains(t, streetFuncs, "optionsCharmed", "engine/fd/street's functions were read")

	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	streetCall := regexp.MustCompile(`\bstreet[A-Z]\w*\(|\bg\.street\b|\bstreetRules\b|\bstreetPlayState\b|\bnewStreetRules\b|engine/fd/street"`)
	ability := regexp.MustCompile(`\bDriver(LiTsu|Jack|Stanley|Dimitri|Julien|Jenny|Montoya|Derek|Diane|Temana)\b`)
	checked := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		checked++
		for i, line := range strings.Split(string(src), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "//") {
				continue
			}
			if m := streetCall.FindString(line); m != "" {
				t.Errorf("%s:%d names %s: reach the street rules through RulesModule (phases.go)", f, i+1, m)
			}
			if m := ability.FindString(line); m != "" && f != "street_config.go" {
				t.Errorf("%s:%d names the driver %s: a driver's ability is the street module's (engine/fd/street)", f, i+1, m)
			}
		}
		file, err := parser.ParseFile(fset, f, src, 0)
		require.NoError(t, err)
		for _, d := range file.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && streetFuncs[fn.Name.Name] {
				t.Errorf("%s declares %s, a function of engine/fd/street: keep the street rules in their package", f, fn.Name.Name)
			}
		}
	}
	assert.Greater(t, checked, 20, "the base turn's files were read")
}

// reflectPkgPath is the import path of the package that declares v's type.
func reflectPkgPath(v any) string {
	ty := reflect.TypeOf(v)
	for ty.Kind() == reflect.Pointer {
		ty = ty.Elem()
	}
	return ty.PkgPath()
}
