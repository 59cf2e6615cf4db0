package fd

import (
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// fdrTestFiles are the test files that test fdr's rules: they move to
// engine/fd/fdr with fdr_*.go and then compile as tests of package fdr
// (issue 13, step (4)), so fdr's own names are those of the non-test
// fdr_*.go files and of these.
var fdrTestFiles = []string{"fdr_events_test.go", "fdr_harness_test.go", "fdr_module_test.go", "fdr_paths_test.go",
	"fdr_pitlimit_test.go", "fdr_position_played_test.go", "fdr_properties_test.go", "fdr_race_off_test.go", "fdr_race_on_test.go", "fdr_reason_test.go", "fdr_rules_test.go",
	"fdr_scenarios_test.go", "fdr_session_test.go", "fdr_setup_test.go", "fdrconfig_test.go"}

// fdrTestsPackageReady are the fdr test files that use nothing of
// engine/fd a package fdr test could not: only fdr's own names,
// engine/fd's exported API (not what other engine/fd test files declare)
// and other packages. A file leaves this list only when it moves.
var fdrTestsPackageReady = []string{"fdr_events_test.go", "fdr_harness_test.go", "fdr_module_test.go", "fdr_paths_test.go", "fdr_pitlimit_test.go", "fdr_position_played_test.go", "fdr_properties_test.go", "fdr_race_off_test.go", "fdr_race_on_test.go", "fdr_reason_test.go", "fdr_rules_test.go", "fdr_scenarios_test.go", "fdr_session_test.go", "fdr_setup_test.go", "fdrconfig_test.go"}

// TestFDRTestsUseOnlyTheHostAPI measures what keeps fdr's tests from
// moving with fdr: for each of fdrTestFiles, the names of engine/fd it
// uses that a package fdr test would not see (hostInternalsUsedByFDRTests)
// and the methods it declares on engine/fd's types, which a package of
// its own cannot declare. A file of fdrTestsPackageReady must have none;
// the others' figures are logged for the next round.
func TestFDRTestsUseOnlyTheHostAPI(t *testing.T) {
	outside := hostInternalsUsedByFDRTests(t)
	fdrTypes := typesDeclaredByFDR(t)
	for _, f := range fdrTestFiles {
		for name := range typesDeclaredIn(t, f) {
			fdrTypes[name] = true
		}
	}
	for _, ready := range fdrTestsPackageReady {
		require.Contains(t, fdrTestFiles, ready, "a package-ready fdr test file that is not one of fdr's test files")
	}
	for _, f := range fdrTestFiles {
		names := outside[f]
		for _, m := range methodsOnHostTypes(t, f, fdrTypes) {
			names = append(names, "declares "+m)
		}
		if slices.Contains(fdrTestsPackageReady, f) {
			if len(names) > 0 {
				t.Errorf("%s is package-ready but uses what a package fdr test cannot: %s (use engine/fd's exported API or fdr's own names)", f, strings.Join(names, ", "))
			}
			continue
		}
		t.Logf("%s: %d names a package fdr test cannot use: %s", f, len(names), strings.Join(names, ", "))
	}
}

// hostInternalsUsedByFDRTests type-checks engine/fd with its package fd
// test files and maps each of fdrTestFiles to the sorted names it uses
// that are declared outside fdr's files (the non-test fdr_*.go files and
// fdrTestFiles) and that a package fdr test could not name: what another
// engine/fd test file declares, exported or not, and engine/fd's
// unexported package-level names, fields and methods (Type.name), as
// hostName names them; a literal without keys counts the unexported
// fields it sets, as hostInternalsUsedByFDR counts them.
func hostInternalsUsedByFDRTests(t *testing.T) map[string][]string {
	t.Helper()
	c := checkEngineFDWithTests(t)
	fset, files, info, pkg := c.fset, c.files, c.info, c.pkg

	fileOf := func(pos token.Pos) string { return filepath.Base(fset.Position(pos).Filename) }
	isFDRTest := func(pos token.Pos) bool { return slices.Contains(fdrTestFiles, fileOf(pos)) }
	isFDRs := func(pos token.Pos) bool {
		name := fileOf(pos)
		return slices.Contains(fdrTestFiles, name) || strings.HasPrefix(name, "fdr_") && !strings.HasSuffix(name, "_test.go")
	}
	inOtherTest := func(pos token.Pos) bool { return strings.HasSuffix(fileOf(pos), "_test.go") && !isFDRs(pos) }

	used := map[string]map[string]bool{}
	for _, f := range fdrTestFiles {
		used[f] = map[string]bool{}
	}
	for id, obj := range info.Uses {
		if obj.Pkg() != pkg || !isFDRTest(id.Pos()) || isFDRs(obj.Pos()) {
			continue
		}
		if obj.Exported() && !inOtherTest(obj.Pos()) {
			continue
		}
		// A field or method of an instance (Slot[Wreck]) is named by its
		// generic type's.
		switch o := obj.(type) {
		case *types.Var:
			obj = o.Origin()
		case *types.Func:
			obj = o.Origin()
		}
		name, ok := hostName(pkg, obj)
		if !ok {
			continue
		}
		if inOtherTest(obj.Pos()) {
			name += " (" + fileOf(obj.Pos()) + ")"
		}
		used[fileOf(id.Pos())][name] = true
	}
	for _, f := range files {
		if !isFDRTest(f.Pos()) {
			continue
		}
		file := fileOf(f.Pos())
		for _, name := range unexportedFieldsSetByLiterals(f, info, pkg, isFDRs) {
			used[file][name] = true
		}
	}
	return sortedNames(used)
}
