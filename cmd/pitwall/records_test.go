package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/rs"
	"github.com/pitwall/pitwall/tracks"
)

// pitwall sim plays its race through the game contract (autopilotRace over
// engine.Game); the records it writes must be the ones fd.Simulate and
// rs.Simulate write, byte for byte, whatever the game, ruleset, optional
// rules, variants and seed.
func TestSimThroughTheContractIsSimulate(t *testing.T) {
	type fdCase struct {
		track             string
		cars, laps        int
		rules             string
		optional, variant []string
	}
	fdCases := []fdCase{
		{track: "test-oval", cars: 5, rules: "fd2008"},
		{track: "test-oval", cars: 10, laps: 3, rules: "fd2008"},
		{track: "test-oval", cars: 4, rules: "fd2008", optional: []string{"weather", "tyres", "qualifying"}},
		{track: "test-oval", cars: 4, laps: 3, rules: "fd2008", optional: []string{"team", "building", "pit-options"}},
		{track: "test-oval", cars: 3, laps: 1, rules: "fdr"},
		{track: "test-oval", cars: 3, laps: 1, rules: "fdr", variant: []string{"6-C:box=B62", "18-A"}},
		{track: "test-oval", cars: 2, laps: 1, rules: "fdr", variant: []string{"5-D"}},
		{track: "race-city", cars: 3, rules: "street"},
	}
	for i, fc := range fdCases {
		for _, seed := range []string{"contract-a", "contract-b"} {
			name := fmt.Sprintf("fd-%d-%s-%s", i, fc.rules, seed)
			t.Run(name, func(t *testing.T) {
				cfg := fd.ConfigFor(fd.Ruleset(fc.rules))
				args := []string{"sim", "--track", fc.track, "--cars", fmt.Sprint(fc.cars), "--seed", seed, "--rules", fc.rules}
				if fc.laps != 0 {
					cfg.Laps = fc.laps
					args = append(args, "--laps", fmt.Sprint(fc.laps))
				}
				for _, o := range fc.optional {
					require.NoError(t, cfg.EnableOptional(o))
				}
				if len(fc.optional) > 0 {
					args = append(args, "--optional", strings.Join(fc.optional, ","))
				}
				for _, v := range fc.variant {
					require.NoError(t, cfg.EnableVariant(v))
					args = append(args, "--variant", v)
				}
				circuit, err := tracks.Get(fc.track)
				require.NoError(t, err)
				_, want, err := fd.Simulate(cfg, circuit, fc.track, fc.cars, fd.SeedFrom(seed))
				require.NoError(t, err)
				assert.Equal(t, want.Text(), simRecordText(t, args), "sim's record is fd.Simulate's")
			})
		}
	}

	type rsCase struct {
		track    string
		mode     rs.Mode
		seats    int
		optional []string
	}
	rsCases := []rsCase{
		{track: "cragsby", mode: rs.Family, seats: 2},
		{track: "windmere", mode: rs.Family, seats: 6},
		{track: "windmere", mode: rs.Standard, seats: 3, optional: []string{"weather", "tyre-allocation"}},
		{track: "windmere", mode: rs.Standard, seats: 3, optional: []string{"quick-start"}},
		{track: "windmere", mode: rs.Standard, seats: 4},
	}
	for i, rc := range rsCases {
		for _, seed := range []string{"contract-a", "contract-b"} {
			t.Run(fmt.Sprintf("rs-%d-%s-%s", i, rc.mode, seed), func(t *testing.T) {
				cfg := rs.Config{Mode: rc.mode, Seats: rc.seats}
				args := []string{"sim", "--game", "rs", "--mode", string(rc.mode), "--track", rc.track, "--cars", fmt.Sprint(rc.seats), "--seed", seed}
				for _, o := range rc.optional {
					require.NoError(t, cfg.SetOptional(o))
				}
				if len(rc.optional) > 0 {
					args = append(args, "--optional", strings.Join(rc.optional, ","))
				}
				_, want, err := rs.Simulate(cfg, rc.track, rs.SeedFrom(seed))
				require.NoError(t, err)
				assert.Equal(t, want.Text(), simRecordText(t, args), "sim's record is rs.Simulate's")
			})
		}
	}
}

// simRecordText runs pitwall sim with args and returns the record it wrote.
func simRecordText(t *testing.T, args []string) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "sim.rec")
	_, stderr, err := runTrackCLI(t, append(args, "--record", file)...)
	require.NoError(t, err, stderr)
	b, err := os.ReadFile(file)
	require.NoError(t, err)
	return string(b)
}
