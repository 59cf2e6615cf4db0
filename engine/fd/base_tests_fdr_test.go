package fd

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
)

// fdrConfig is the fdr row's base configuration for engine/fd's own
// tests, which cannot import fdr once it is package fdr (it imports
// engine/fd): the rulesets table hands out the module's (FDRConfig today)
// through its ConfigModule hook, as streetConfig does street's.
func fdrConfig() Config { return ConfigFor(FDR) }

// fdrDefaultBuild is the build a car starts with when it chooses none
// under the competition rules (fdr AMB-45's league standard), as the base
// asks it: the start of the ruleset's configuration.
func fdrDefaultBuild() Wear { return fdrConfig().Start }

// submitBuild orders car's build w as a player does, by numbers, through
// the setup's order (SetupOrder: fdr's R5.2 and T10 and the league
// variants' hooks on them); fdr's own tests call fdrSubmitBuild.
func submitBuild(g *Game, car int, w Wear) error {
	return g.submitSetup(Order{Car: car, Build: w}, &Decision{Car: car, Kind: DecideBuild})
}

// inertiaOf is car's engine inertia (R16.4, R16.7) as the game's position
// writes it: "" none, "pending" the engine just blew and the next play is
// the inertia move, then "moved", "extended", "extended-moving".
func inertiaOf(t *testing.T, g *Game, car int) string {
	t.Helper()
	for _, cp := range g.Position().Cars {
		if cp.Car == car {
			return cp.Inertia
		}
	}
	require.Failf(t, "no such car", "car %d is not in the position", car)
	return ""
}

// setupPlayedToRaceTyres is a game of cars on the FDR Lab under cfg whose
// setup the autopilot played as its players would (qualifying, pit boxes,
// builds) up to where every car is asked its race tyres (R8.1): the
// setup's last decision before the cars are placed on the grid (and
// before any league variant's start, 9-A's formation lap). The base tests
// reach that stage so, since fdr's stages are fdr's own.
func setupPlayedToRaceTyres(t *testing.T, name string, cfg Config, cars int) *Game {
	t.Helper()
	g, err := NewGame(name, cfg, fdrLab(t), cars)
	require.NoError(t, err)
	src := dice.NewSeeded(SeedFrom("setup of " + name))
	require.NoError(t, g.Start(src))
	raceTyres := func() bool { // R1.5 asks tyres before each session too
		d := g.PendingAll()
		qs, ok := g.qualifyingState()
		return ok && !qs.InQualifying && len(d) == cars && d[0].Kind == DecideTyres
	}
	autopilotUntil(t, g, src, raceTyres)
	require.True(t, raceTyres(), "every car is asked its race tyres")
	return g
}

// chooseRaceTyres answers each car's race tyres (R8.1) with tyre(car), in
// car order, by the letter its player would send; the last answer ends the
// setup and plays on with src, the earlier ones roll nothing.
func chooseRaceTyres(t *testing.T, g *Game, tyre func(car int) Tyre, src dice.Source) {
	t.Helper()
	cars := CarNumbers(len(g.Cars))
	for i, n := range cars {
		from := dice.Source(dice.NewScripted())
		if i == len(cars)-1 {
			from = src
		}
		letter := ""
		for _, d := range g.PendingAll() {
			if d.Car != n || d.Kind != DecideTyres {
				continue
			}
			for _, op := range d.Options {
				if op.Tyre == tyre(n) {
					letter = op.Letter
				}
			}
		}
		require.NotEmpty(t, letter, "car %d is offered %s", n, tyre(n))
		require.NoError(t, g.Submit(Order{Car: n, Letter: letter}, from))
	}
}

// buildFits says why w is not a configuration sp allows, restating R5.2
// for the base tests (fdr's own check, validateSpread, is fdr's): every
// category at least 1, CarMin to CarMax points on the car, and sp.Only's
// configuration when the spread has one (AX-5).
func buildFits(w Wear, sp Spread) error {
	if sp.Only != (Wear{}) && w != sp.Only {
		return fmt.Errorf("%s: the spread allows %s only", w.Compact(), sp.Only.Compact())
	}
	for cat, v := range w {
		if v < 1 {
			return fmt.Errorf("%s: category %d below 1 (R5.2)", w.Compact(), cat)
		}
	}
	if n := w.CarPoints(); n < sp.CarMin || n > sp.CarMax {
		return fmt.Errorf("%s: %d points on the car, not %d to %d (R5.2)", w.Compact(), n, sp.CarMin, sp.CarMax)
	}
	return nil
}

// The base tests' fdrConfig and fdrDefaultBuild are fdr's own, so that a
// test that moved from FDRConfig and FDRDefaultBuild tests the same game.
// This test names fdr's and moves with fdr (baseTestsPendingFDR).
func TestFDRConfigIsTheTables(t *testing.T) {
	require.True(t, reflect.DeepEqual(FDRConfig(), fdrConfig()), "ConfigFor(FDR) %+v, FDRConfig %+v", fdrConfig(), FDRConfig())
	require.Equal(t, FDRDefaultBuild(), fdrDefaultBuild())
}

// buildFits accepts what fdr's own check accepts: every build of 0 to 11
// in each category around fdr AMB-45's, under R5.2's spread, a season pot's
// (5-E), a bigger one (23-A, 23-B) and AX-5's one configuration.
func TestBuildFitsIsFDRsCheck(t *testing.T) {
	spreads := []Spread{BaseSpread, {Total: 18, CarMin: 18, CarMax: 18}, {Total: 24, CarMin: 22, CarMax: 24},
		{Total: 12, CarMin: 12, CarMax: 12, Only: Wear{2, 2, 2, 2, 2, 2}}}
	accepted := 0
	for _, sp := range spreads {
		for cat := range fdrDefaultBuild() {
			for v := range 12 {
				for _, w := range []Wear{fdrDefaultBuild(), {2, 2, 2, 2, 2, 2}, {4, 3, 2, 5, 4, 4}} {
					w[cat] = v
					want := validateSpread(w, sp)
					assert.Equal(t, want == nil, buildFits(w, sp) == nil, "%s under %+v: fdr says %v", w.Compact(), sp, want)
					if want == nil {
						accepted++
					}
				}
			}
		}
	}
	assert.Greater(t, accepted, 10, "some builds fit")
}

// isFDRTestFile reports whether a test file of engine/fd is fdr's own
// (fdr_*_test.go, fdrconfig_test.go, fdtest_fdr_test.go): it moves into
// package fdr with fdr's files, so it may name what fdr declares.
func isFDRTestFile(name string) bool {
	return strings.HasPrefix(name, "fdr_") || name == "fdrconfig_test.go" || name == "fdtest_fdr_test.go"
}

// baseTestsPendingFDR are the base test files that may still name these
// of fdr's declared names (issue 13): once fdr is package fdr, engine/fd's
// internal tests cannot import it (fdr imports fd), as they cannot import
// street today. Any other base test file names nothing of fdr's; a name
// not listed here fails.
var baseTestsPendingFDR = map[string][]string{
	// The two tests holding fdrConfig, fdrDefaultBuild and buildFits to
	// fdr's own: they go with fdr.
	"base_tests_fdr_test.go": {"FDRConfig", "FDRDefaultBuild", "validateSpread"},
}

// TestBaseTestsNameNothingOfFDR holds engine/fd's own internal tests
// (package fd, not fdr's test files) to the names they may keep once fdr
// is its own package: none declared in fdr's non-test files (fdr_*.go),
// exported or not, but a method fdr still declares on engine/fd's types
// (fdrMethodsKept, empty since the fdr-reason round). They reach fdr's ruleset
// through the rulesets table (fdrConfig) and its hooks, as they reach
// street's.
func TestBaseTestsNameNothingOfFDR(t *testing.T) {
	byFile, helpers := fdrNamesUsedByBaseTests(t)
	require.NotEmpty(t, byFile, "no base test file was checked")
	for _, file := range slices.Sorted(maps.Keys(byFile)) {
		allowed := baseTestsPendingFDR[file]
		var extra []string
		for _, n := range byFile[file] {
			if !slices.Contains(allowed, n) {
				extra = append(extra, n)
			}
		}
		if len(extra) > 0 {
			t.Errorf("%s names fdr's %s: reach fdr through fdrConfig, the rulesets table or a module hook", file, strings.Join(extra, ", "))
		}
	}
	// The check sees the uses this very file makes (TestFDRConfigIsTheTables
	// names FDRConfig), so it can fail. A pending name a file no longer
	// uses, or a pending file that is gone, fails too: the list says
	// exactly what is left.
	require.Contains(t, byFile["base_tests_fdr_test.go"], "FDRConfig", "the check does not see this file's own use of fdr's FDRConfig")
	for _, file := range slices.Sorted(maps.Keys(baseTestsPendingFDR)) {
		if _, ok := byFile[file]; !ok {
			t.Errorf("%s is pending but not a base test file: take it off baseTestsPendingFDR", file)
			continue
		}
		for _, n := range baseTestsPendingFDR[file] {
			if !slices.Contains(byFile[file], n) {
				t.Errorf("%s no longer names fdr's %s: shorten baseTestsPendingFDR", file, n)
			}
		}
	}
	// What fdr's test files declare moves with them (fdrTestFiles): the
	// base's tests use the base's copies (harness_fdrgames_test.go's fdrLab,
	// fdrAt, fdrPlayCfg …), and any use of fdr's test helpers fails.
	for _, file := range slices.Sorted(maps.Keys(helpers)) {
		if len(helpers[file]) > 0 {
			t.Errorf("%s uses fdr's test files' %s, which leave with fdr: use or add a base helper (harness_fdrgames_test.go)", file, strings.Join(helpers[file], ", "))
		}
	}
}

// fdrNamesUsedByBaseTests maps each base test file of package fd (a
// _test.go file that isFDRTestFile does not claim) to the sorted names it
// uses that fdr's non-test files declare, as hostName names them, but
// fdrMethodsKept; a file that uses none is listed with none. helpers maps
// them to what they use of fdr's test files, those that move with fdr
// (fdrTestFiles; not fdr_host_test.go, the base's check of fdr's files).
func fdrNamesUsedByBaseTests(t *testing.T) (used map[string][]string, helpers map[string][]string) {
	t.Helper()
	c := checkEngineFDWithTests(t)
	declared, fromTests := map[string]map[string]bool{}, map[string]map[string]bool{}
	isBaseTest := func(name string) bool {
		return strings.HasSuffix(name, "_test.go") && !isFDRTestFile(name)
	}
	for _, f := range c.files {
		if name := c.fileOf(f.Pos()); isBaseTest(name) {
			declared[name], fromTests[name] = map[string]bool{}, map[string]bool{}
		}
	}
	for id, obj := range c.info.Uses {
		if obj.Pkg() != c.pkg || !isBaseTest(c.fileOf(id.Pos())) {
			continue
		}
		into := declared
		switch decl := c.fileOf(obj.Pos()); {
		case c.isFDRFile(obj.Pos()):
		case slices.Contains(fdrTestFiles, decl):
			into = fromTests
		default:
			continue
		}
		// A field or method of a generic type's instance is named by its
		// origin's.
		switch o := obj.(type) {
		case *types.Var:
			obj = o.Origin()
		case *types.Func:
			obj = o.Origin()
		}
		name, ok := hostName(c.pkg, obj)
		if !ok || slices.Contains(fdrMethodsKept, name) {
			continue
		}
		into[c.fileOf(id.Pos())][name] = true
	}
	return sortedNames(declared), sortedNames(fromTests)
}

// checkEngineFDWithTests type-checks engine/fd's files of package fd, its
// internal test files included (the external ones, package fd_test, may
// import fdr once it moves, as they import street).
func checkEngineFDWithTests(t *testing.T) checkedEngineFD {
	t.Helper()
	paths, err := filepath.Glob("*.go")
	require.NoError(t, err)
	fset := token.NewFileSet()
	var files []*ast.File
	for _, p := range paths {
		// The files this build takes (race_off_test.go, not race_on_test.go).
		if match, err := build.Default.MatchFile(".", p); err != nil || !match {
			require.NoError(t, err)
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		require.NoError(t, err)
		if f.Name.Name != "fd" {
			continue
		}
		files = append(files, f)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check("github.com/pitwall/pitwall/engine/fd", fset, files, info)
	require.NoError(t, err)
	return checkedEngineFD{fset, files, info, pkg}
}
