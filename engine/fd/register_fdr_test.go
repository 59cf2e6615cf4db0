package fd_test

// engine/fd's own tests play fdr races (the frozen records, the speed
// freeze, the league variants, which sit on fdr …) through the competition
// rules' module, which lives in engine/fd/fdr and registers itself in its
// init, as street's does (register_street_test.go): this external test
// file, linked into the same test binary, registers it for every test here.
import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/fdr"
)

// The base tests' buildFits (base_tests_fdr_test.go) accepts what fdr's
// own check accepts: every build of 0 to 11 in each category around fdr
// AMB-45's, under R5.2's spread (fdr.ValidateFDRBuild). It moved here from
// package fd when fdr left (issue 13): fdr's check of the narrower spreads
// (5-E, 23-A, AX-5) is unexported in package fdr.
func TestBuildFitsIsFDRsCheck(t *testing.T) {
	start := fd.ConfigFor(fd.FDR).Start
	accepted := 0
	for cat := range start {
		for v := range 12 {
			for _, w := range []fd.Wear{start, {2, 2, 2, 2, 2, 2}, {4, 3, 2, 5, 4, 4}} {
				w[cat] = v
				want := fdr.ValidateFDRBuild(w)
				assert.Equal(t, want == nil, fd.BuildFits(w, fd.BaseSpread) == nil, "%s: fdr says %v", w.Compact(), want)
				if want == nil {
					accepted++
				}
			}
		}
	}
	assert.Greater(t, accepted, 10, "some builds fit")
}
