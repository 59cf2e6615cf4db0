package fd

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

// TestBaseNamesNothingFDRDeclares holds the base's side of fdr's move to
// engine/fd/fdr (issue 13): the base cannot import fdr, so no non-test
// file outside fdr_*.go may name what an fdr file declares, exported
// (fd.ReasonWall, a name bot can keep reading as the base's) or not — a
// package-level name, a field or a method. baseFreeOfFDR holds listed
// files to fdr's unexported names; this holds every base file to all of
// them. The elimination reasons (Reason*) and Car.EliminationReason moved
// to elimination_reason.go for it (the fdr-reason round).
func TestBaseNamesNothingFDRDeclares(t *testing.T) {
	c := checkEngineFD(t)
	named := map[string]map[string]bool{}
	for id, obj := range c.info.Uses {
		if obj.Pkg() != c.pkg || c.isFDRFile(id.Pos()) || !c.isFDRFile(obj.Pos()) {
			continue
		}
		name, ok := hostName(c.pkg, obj)
		if !ok {
			continue
		}
		file := c.fileOf(id.Pos())
		if named[file] == nil {
			named[file] = map[string]bool{}
		}
		named[file][name] = true
	}
	for _, file := range slices.Sorted(maps.Keys(named)) {
		t.Errorf("%s names fdr's %s: declare it in the base or ask fdr through a hook", file, strings.Join(slices.Sorted(maps.Keys(named[file])), ", "))
	}
}
