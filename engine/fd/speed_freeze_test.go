package fd

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"hash"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// updateSpeedFreeze rewrites testdata/speed_freeze.golden from the code as
// it is. It was run once, before the engine was made faster (issue 14);
// the optimisation must never need it again.
var updateSpeedFreeze = flag.Bool("update-speed-freeze", false, "rewrite testdata/speed_freeze.golden (only before changing what the engine decides)")

const speedFreezeGolden = "testdata/speed_freeze.golden"

// freezeRace is one seeded autopilot race of the freeze: its options are
// record header lines (laps=3, weather=true, variant.6-C=box=B61).
type freezeRace struct {
	rules Ruleset
	track string
	cars  int
	opts  string
}

// freezeRaces cover every ruleset, every embedded circuit, 2 to 10 cars,
// 1 to 3 laps, the optional rules and the league variants the engine plays.
var freezeRaces = []freezeRace{
	{FD2008, "test-oval", 2, "laps=1"},
	{FD2008, "test-oval", 3, "laps=2"},
	{FD2008, "test-oval", 10, "laps=3"},
	{FD2008, "oval", 4, "laps=2"},
	{FD2008, "oval", 10, "laps=3"},
	{FD2008, "port-azur", 5, "laps=2"},
	{FD2008, "port-azur", 10, "laps=3"},
	{FD2008, "kestrel-downs", 10, "laps=3"},
	{FD2008, "kestrel-downs", 7, "laps=2"},
	{FD2008, "hollowmere", 6, "laps=2"},
	{FD2008, "hollowmere", 10, "laps=3"},
	{FD2008, "race-city", 6, "laps=2"},
	{FD2008, "port-azur", 8, "laps=2 strict-block-table=true"},
	{FD2008, "hollowmere", 6, "laps=2 building=true qualifying=true weather=true tyres=true pit-options=true team=true"},
	{FD2008, "kestrel-downs", 10, "laps=3 building=true qualifying=true weather=true tyres=true pit-options=true team=true"},
	{FD2008, "port-azur", 4, "laps=3 weather=true tyres=true"},
	{FD2008, "oval", 8, "laps=3 pit-options=true"},
	{FD2008, "test-oval", 6, "laps=2 qualifying=true building=true"},
	{FD2008, "kestrel-downs", 6, "laps=1 team=true"},
	{FD2008, "port-azur", 10, "laps=2 team=true tyres=true weather=true"},
	{FDR, "oval", 8, "laps=2"},
	{FDR, "oval", 10, "laps=3"},
	{FDR, "port-azur", 6, "laps=1"},
	{FDR, "port-azur", 10, "laps=3"},
	{FDR, "kestrel-downs", 10, "laps=3"},
	{FDR, "kestrel-downs", 4, "laps=2 sessions=2"},
	{FDR, "hollowmere", 6, "laps=2 sessions=0"},
	{FDR, "hollowmere", 10, "laps=3"},
	{FDR, "port-azur", 6, "laps=1 variant.6-C=box=B61 variant.18-A=on variant.22-A=on"},
	{FDR, "oval", 6, "laps=2 variant.6-C=box=B60 variant.6-A=on"},
	{FDR, "kestrel-downs", 8, "laps=2 variant.6-C=box=B62 variant.19-B=on variant.19-H=on"},
	{FDR, "hollowmere", 6, "laps=2 variant.4-A=mode=a variant.1-B=mode=gear"},
	{FDR, "port-azur", 10, "laps=2 variant.1-C=last=,championship= variant.18-A=on"},
	{FDR, "oval", 4, "laps=3 variant.4-A=mode=c variant.22-A=on variant.6-A=on"},
	{FDR, "race-city", 5, "laps=2"},
	{Street, "race-city", 2, "laps=2"},
	{Street, "race-city", 5, "laps=2 weather=true"},
	{Street, "race-city", 8, "laps=3"},
	{Street, "race-city", 3, "laps=1 weather=true"},
	{Street, "race-city", 6, "laps=3 weather=true"},
	{Street, "race-city", 4, "laps=2"},
}

func (r freezeRace) name(i int) string {
	return fmt.Sprintf("%02d-%s-%s-%dcars-%s", i, r.rules, r.track, r.cars, strings.ReplaceAll(r.opts, " ", ","))
}

func (r freezeRace) config(tb testing.TB) Config {
	cfg := ConfigFor(r.rules)
	for _, kv := range strings.Fields(r.opts) {
		k, v, _ := strings.Cut(kv, "=")
		require.NoError(tb, cfg.SetOption(k, v), kv)
	}
	return cfg
}

// freezeDigest plays race i twice: Simulate writes its record, and a
// second play-out with the same seed hashes every decision the game offers
// on the way (every option with its path, costs and risks) and, at each
// gear decision, the moves MovesIf foresees for each gear's highest face
// (the look-ahead of engine/ai). It returns the record's SHA-256, the
// decisions' SHA-256 and the number of plays.
func freezeDigest(tb testing.TB, i int, r freezeRace) (string, string, int) {
	c, err := tracks.Get(r.track)
	require.NoError(tb, err)
	cfg := r.config(tb)
	seed := SeedFrom(fmt.Sprintf("speed-freeze-%d", i))
	g, rec, err := Simulate(cfg, c, r.track, r.cars, seed)
	require.NoError(tb, err)
	require.True(tb, g.Over)
	recSum := sha256.Sum256([]byte(rec.Text()))

	h := sha256.New()
	replayed := playHashingDecisions(tb, cfg, c, r.cars, seed, h)
	require.Equal(tb, g.Events, replayed.Events, "the second play-out (asking MovesIf on the way) is the same race")
	return hex.EncodeToString(recSum[:]), hex.EncodeToString(h.Sum(nil)), g.Play
}

// playHashingDecisions is Simulate's loop, writing each pending decision to
// h before the autopilot answers it.
func playHashingDecisions(tb testing.TB, cfg Config, c *tracks.Circuit, cars int, seed [dice.SeedSize]byte, h hash.Hash) *Game {
	g, err := NewGame(GameIDFor(seed), cfg, c, cars)
	require.NoError(tb, err)
	src := dice.NewSeeded(seed)
	require.NoError(tb, g.Start(src))
	for !g.Over {
		for _, d := range g.PendingAll() {
			fmt.Fprintln(h, withoutWhy(d))
		}
		if d := g.pending; d != nil && d.Kind == DecideGear {
			for _, op := range d.Options {
				if die, err := g.Config.Dice.Gear(op.Gear); err == nil {
					fmt.Fprintf(h, "if %d/%d: %s\n", op.Gear, die.Max(), withoutWhy(g.MovesIf(op.Gear, die.Max())))
				}
			}
		}
		o, ok := Autopilot(g)
		require.True(tb, ok)
		fmt.Fprintf(h, "order %s\n", withoutWhy(o))
		require.NoError(tb, g.Submit(o, src))
	}
	return g
}

// withoutWhy writes v (a Decision or options) as the golden was
// written, before options had a Why (issue 13): the phrase says Cause,
// which is written, for players; nor the fields options gained after the
// golden, empty in every frozen race (newFieldsRE): a race that uses none
// offers what it offered.
func withoutWhy(v any) string {
	return newFieldsRE.ReplaceAllString(whyRE.ReplaceAllString(fmt.Sprintf("%+v", v), ""), "")
}

// newFieldsRE matches, as %+v writes them, the zero fields options gained
// after the golden: Compound (league 8-B), Wing (5-B), Engineer (19-F),
// RailsKept (10-A's rails), Lock, Downforce and DownforceUp (5-B, 5-C);
// and those orders gained: Boosters and BoostersChosen (5-A's chosen
// booster points).
var newFieldsRE = regexp.MustCompile(` Compound:0\b| Wing:\B| Lock:\B| Downforce:\B| DownforceUp:0\b| Engineer:0\b| RailsKept:0\b| Boosters:0\b| BoostersChosen:false\b`)

// whyRE matches an option's Why as %+v writes it.
var whyRE = regexp.MustCompile(` Why:\{Key:\S* Corner:.*? Nums:\[[-0-9 ]*\] N:-?\d+\}`)

// TestSpeedFreeze is the guard of issue 14's optimisation: the engine made
// faster must do the same work. Forty-one seeded autopilot races (fd2008
// with and without the optional rules, fdr with the league variants,
// street; every embedded circuit; 2 to 10 cars) must write the very same
// records and offer the very same decisions, option for option, as the
// engine did before it was made faster (testdata/speed_freeze.golden).
func TestSpeedFreeze(t *testing.T) {
	want := map[string]string{}
	if !*updateSpeedFreeze {
		f, err := os.Open(speedFreezeGolden)
		require.NoError(t, err)
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			name, rest, ok := strings.Cut(sc.Text(), " ")
			require.True(t, ok, sc.Text())
			want[name] = rest
		}
		require.NoError(t, sc.Err())
		require.Len(t, want, len(freezeRaces), "one golden line per race")
	}
	var lines []string
	for i, r := range freezeRaces {
		name := r.name(i)
		recSum, decSum, plays := freezeDigest(t, i, r)
		got := fmt.Sprintf("record=%s decisions=%s plays=%d", recSum, decSum, plays)
		lines = append(lines, name+" "+got)
		if !*updateSpeedFreeze {
			assert.Equal(t, want[name], got, "race %s plays differently from before the optimisation", name)
		}
	}
	if *updateSpeedFreeze {
		require.NoError(t, os.MkdirAll(filepath.Dir(speedFreezeGolden), 0o755))
		require.NoError(t, os.WriteFile(speedFreezeGolden, []byte(strings.Join(lines, "\n")+"\n"), 0o644))
	}
}
