package fd

import (
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The league variants' tests on the way to the variants' own package
// (issue 13). When the variant files leave for engine/fd/variants,
// engine/fd's in-package tests can no longer name anything they declare:
// an internal test of engine/fd cannot import a package that imports
// engine/fd. Such a test keeps playing the variants by id, the package
// linked into the test binary by a blank import from an external test
// file, as register_fdr_test.go links fdr. So each test file either names
// nothing a moving variant file declares and stays, or moves with the
// variants (variantTestsThatMove) and names nothing of engine/fd but its
// exported API. The two lists below shrink to nothing before the move.

// variantTestsNamingVariants are engine/fd's test files that still name
// something a moving variant file declares, one per line. A file leaves
// the list when it names nothing of them (the test fails while a listed
// file names none, so the list says what is left).
var variantTestsNamingVariants = []string{}

// variantTestsThatMove are the test files that will move with the variant
// files, one per line: unit tests of a variant's own code (a parser, a
// table) that read it directly. They may name what the moving files
// declare, and of the rest only engine/fd's exported API (no unexported
// name, no helper of engine/fd's tests).
var variantTestsThatMove = []string{
	"variant_19f_tunes_test.go",
	"variant_20b_spare_cuts_test.go",
	"variant_2b_capital_test.go",
	"variant_5e_pot_rules_test.go",
}

// thisFile names 18-A's module type on purpose (measuredName), to show
// the check sees such a name; the move deletes it with this check, whose
// work the compiler does from then on.
const thisFile = "variant_tests_host_test.go"

var measuredName = (*singleSlipstream)(nil)

// checkEngineFDTests is engine/fd with its in-package test files,
// type-checked: who names what, across the line the move draws.
func checkEngineFDTests(t *testing.T) checkedEngineFD {
	t.Helper()
	paths, err := filepath.Glob("*.go")
	require.NoError(t, err)
	fset := token.NewFileSet()
	var files []*ast.File
	for _, p := range paths {
		// The default build context: race_off_test.go, not race_on_test.go.
		if ok, err := build.Default.MatchFile(".", p); err != nil || !ok {
			require.NoError(t, err)
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		require.NoError(t, err)
		if f.Name.Name != "fd" { // fd_test: an external test names only the API
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

// namesAcrossTheVariantMove maps each in-package test file to the names it
// uses that the move would put out of its reach: for a test that stays,
// what the moving variant files declare (exported or not); for a test
// that moves, engine/fd's unexported names and its tests' helpers.
func namesAcrossTheVariantMove(c checkedEngineFD) map[string][]string {
	isTest := func(name string) bool { return strings.HasSuffix(name, "_test.go") }
	used := map[string]map[string]bool{}
	for _, f := range c.files {
		if name := c.fileOf(f.Pos()); isTest(name) {
			used[name] = map[string]bool{}
		}
	}
	for id, obj := range c.info.Uses {
		user, decl := c.fileOf(id.Pos()), c.fileOf(obj.Pos())
		if obj.Pkg() != c.pkg || !isTest(user) || user == decl {
			continue
		}
		name, ok := hostName(c.pkg, obj)
		if !ok {
			continue
		}
		declMoves := movesWithVariants(decl) || slices.Contains(variantTestsThatMove, decl)
		if slices.Contains(variantTestsThatMove, user) {
			if !declMoves && !obj.Exported() {
				used[user][name] = true
			}
		} else if declMoves {
			used[user][name] = true
		}
	}
	return sortedNames(used)
}

// TestBaseTestsNameNothingOfTheVariants holds the ratchet: a test file not
// listed names nothing the move puts out of its reach, and a listed one
// still does (its names are logged: what is left to mend).
func TestBaseTestsNameNothingOfTheVariants(t *testing.T) {
	c := checkEngineFDTests(t)
	crossing := namesAcrossTheVariantMove(c)
	for _, listed := range append(slices.Clone(variantTestsNamingVariants), variantTestsThatMove...) {
		require.Contains(t, crossing, listed, "a listed test file that is no longer an in-package test of engine/fd")
	}
	// The measure itself: a listing that sees nothing would pass every
	// file, so this file names one moving declaration (measuredName) and
	// the listing must see it.
	require.Equal(t, []string{"singleSlipstream"}, crossing[thisFile], "the listing does not see this file naming 18-A's module: the measure is broken")
	seen := 0
	for _, f := range slices.Sorted(maps.Keys(crossing)) {
		names := crossing[f]
		switch {
		case f == thisFile:
		case slices.Contains(variantTestsThatMove, f):
			if len(names) > 0 {
				t.Errorf("%s moves with the variants but names engine/fd's unexported %s: use the exported API", f, strings.Join(names, ", "))
			}
		case slices.Contains(variantTestsNamingVariants, f):
			if len(names) == 0 {
				t.Errorf("%s names nothing of the moving variant files any more: remove it from variantTestsNamingVariants", f)
			}
			seen += len(names)
			t.Logf("%s: %d names of the moving variant files: %s", f, len(names), strings.Join(names, ", "))
		default:
			if len(names) > 0 {
				t.Errorf("%s names %s, declared in a variant file that moves to engine/fd/variants: play the variant by id and read what a player or the record sees, or move the test with the variants (variantTestsThatMove)", f, strings.Join(names, ", "))
			}
		}
	}
	t.Logf("%d test files still name %d things of the moving variant files; %d move with them", len(variantTestsNamingVariants), seen, len(variantTestsThatMove))
}
