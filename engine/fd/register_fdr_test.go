package fd_test

// engine/fd's own tests play fdr races (the frozen records, the speed
// freeze, the league variants, which sit on fdr …) through the competition
// rules' module, which lives in engine/fd/fdr and registers itself in its
// init, as street's does (register_street_test.go): this external test
// file, linked into the same test binary, registers it for every test here.
import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/fdr"
	"github.com/pitwall/pitwall/engine/fd/fdtest"
	"github.com/pitwall/pitwall/tracks"
)

// The base tests' buildFits (base_tests_fdr_test.go) accepts what fdr's
// own check accepts: every build of 0 to 11 in each category around fdr
// AMB-45's, under R5.2's spread (fdr.ValidateFDRBuild). It moved here from
// package fd when fdr left (issue 13); fdr's check of the narrower spreads
// (5-E, 23-A, AX-5) is unexported in package fdr, so the next test compares
// those through a game's build order.
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

// The base tests' buildFits accepts what fdr's own check accepts under the
// league variants' narrower spreads too, the ones the test above compared
// before fdr left (issue 13): a season pot's 18 (5-E), a bigger spread
// (23-A with 23-B's point: 24) and AX-5's one configuration. fdr's check
// of them is unexported in package fdr, so each build is ordered as a
// player does, by its numbers, for a car of a two-car fdr game with the
// variants on (both cars given the same spread), and fdr's accepting or
// refusing it (ErrIllegal) is compared with BuildFits under that car's
// spread. The builds are the test above's,
// plus those around the game's first offered preset (AX-5's one build is
// none of the others'). A refused build changes nothing (R5.2), so a game
// is only set up again once both its cars have built.
func TestBuildFitsIsFDRsCheckInTheVariants(t *testing.T) {
	lab := fdtest.FDRLab(t)
	for _, tc := range []struct {
		specs  []string
		spread fd.Spread
	}{
		{[]string{"5-E:totals=18/18"}, fd.Spread{Total: 18, CarMin: 18, CarMax: 18}},
		{[]string{"23-A:build=1/1", "23-B:scheme=a,build=1/1"}, fd.Spread{Total: 24, CarMin: 22, CarMax: 24}},
		{[]string{"AX-5"}, fd.Spread{Total: 12, CarMin: 12, CarMax: 12, Only: fd.Wear{6, 1, 2, 1, 1, 1}}},
	} {
		t.Run(strings.Join(tc.specs, "+"), func(t *testing.T) {
			cfg := fd.ConfigFor(fd.FDR)
			for _, s := range tc.specs {
				require.NoError(t, cfg.EnableVariant(s))
			}
			g, cars := buildStageOf(t, cfg, lab), []int{1, 2}
			preset := g.PendingAll()[0].Options[0].Build
			accepted, refused := 0, 0
			for _, around := range []fd.Wear{cfg.Start, {2, 2, 2, 2, 2, 2}, {4, 3, 2, 5, 4, 4}, preset} {
				for cat := range around {
					for v := range 12 {
						w := around
						w[cat] = v
						if len(cars) == 0 { // both cars built: a fresh game at the same stage
							g, cars = buildStageOf(t, cfg, lab), []int{1, 2}
						}
						car := cars[0]
						require.Equal(t, tc.spread, g.Spread(car), "car %d's spread", car)
						want := fd.BuildFits(w, g.Spread(car))
						err := g.Submit(fd.Order{Car: car, Build: w}, dice.NewScripted())
						if err != nil && !errors.Is(err, fd.ErrIllegal) {
							require.NoError(t, err, "%s: neither taken nor refused as illegal", w.Compact())
						}
						assert.Equal(t, err == nil, want == nil, "%s under %+v: fdr says %v, buildFits %v", w.Compact(), tc.spread, err, want)
						if err == nil {
							accepted++
							cars = cars[1:]
						} else {
							refused++
						}
					}
				}
			}
			t.Logf("%d builds taken, %d refused", accepted, refused)
			assert.Positive(t, accepted, "some builds fit")
			assert.Positive(t, refused, "some builds do not")
		})
	}
}

// buildStageOf is a game of two cars on FDR Lab under cfg whose setup the
// autopilot played up to the configuration (R5.2): both cars are asked
// their builds.
func buildStageOf(t *testing.T, cfg fd.Config, lab *tracks.Circuit) *fd.Game {
	t.Helper()
	g, err := fd.NewGame("build fits", cfg, lab, 2)
	require.NoError(t, err)
	src := dice.NewSeeded(fd.SeedFrom("build fits"))
	require.NoError(t, g.Start(src))
	for {
		d := g.PendingAll()
		if len(d) == 2 && d[0].Kind == fd.DecideBuild && d[1].Kind == fd.DecideBuild {
			return g
		}
		o, ok := fd.Autopilot(g)
		require.True(t, ok, "the autopilot answers the setup's decisions")
		require.NoError(t, g.Submit(o, src))
	}
}
