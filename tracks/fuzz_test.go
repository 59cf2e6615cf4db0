package tracks_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/tracks"
)

// FuzzLoad feeds arbitrary bytes to Load: it must not panic or hang, a
// refusal is always a Problems list, and a circuit it accepts satisfies the
// invariants the engine relies on.
//
//	go test -run='^$' -fuzz=FuzzLoad -fuzztime=60s ./tracks
//
// Crashers land in testdata/fuzz/FuzzLoad and are replayed by go test.
func FuzzLoad(f *testing.F) {
	for _, id := range tracks.IDs() {
		src, err := tracks.EmbeddedSource(id)
		require.NoError(f, err)
		f.Add(src)
	}
	for _, tc := range brokenCases {
		if len(tc.src) <= 64<<10 { // the oversized case would slow every run
			f.Add([]byte(tc.src))
		}
	}
	for _, pattern := range []string{"testdata/*.track", "testdata/broken/*"} {
		files, err := filepath.Glob(pattern)
		require.NoError(f, err)
		for _, file := range files {
			src, err := os.ReadFile(file)
			require.NoError(f, err)
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		start := time.Now()
		c, err := tracks.Load("fuzz.track", src)
		if elapsed := time.Since(start); elapsed > 5*time.Second {
			t.Fatalf("Load took %v on %d bytes", elapsed, len(src))
		}
		if err != nil {
			var ps tracks.Problems
			if !errors.As(err, &ps) || len(ps) == 0 {
				t.Fatalf("Load failed with %T %v, not a Problems list", err, err)
			}
			for _, p := range ps {
				if p.Msg == "" || p.Line < 0 {
					t.Fatalf("empty or unlocated problem %+v", p)
				}
			}
			return
		}
		checkInvariants(t, c)
	})
}

// checkInvariants checks what every valid circuit promises.
func checkInvariants(t testing.TB, c *tracks.Circuit) {
	t.Helper()
	n := len(c.Spaces)
	if n == 0 || c.LapLength <= 0 || c.Levels <= 0 {
		t.Fatalf("valid circuit with %d spaces, lap %d, %d levels", n, c.LapLength, c.Levels)
	}
	if c.LapLength > n {
		t.Fatalf("lap of %d spaces on a board of %d", c.LapLength, n)
	}
	for i := range c.Spaces {
		s := &c.Spaces[i]
		if s.ID != tracks.SpaceID(i) {
			t.Fatalf("space %d has id %d", i, s.ID)
		}
		if s.Level < 0 || s.Level >= c.Levels {
			t.Fatalf("space %s level %d outside 0..%d", s.Name, s.Level, c.Levels-1)
		}
		if id, ok := c.Lookup(s.Name); !ok || id != s.ID {
			t.Fatalf("Lookup(%q) = %d, %v", s.Name, id, ok)
		}
		if s.Playable() && len(s.Next) == 0 && (s.Kind == tracks.KindTrack || c.Pit.Usable) {
			t.Fatalf("valid circuit with a dead end at %s", s.Name)
		}
		for _, nx := range s.Next {
			if nx < 0 || int(nx) >= n {
				t.Fatalf("space %s has edge to %d, outside 0..%d", s.Name, nx, n-1)
			}
			if !c.Spaces[nx].Playable() {
				t.Fatalf("edge %s -> %s into an unplayable space", s.Name, c.Spaces[nx].Name)
			}
			if c.Spaces[nx].Level == s.Level {
				t.Fatalf("edge %s -> %s stays on level %d", s.Name, c.Spaces[nx].Name, s.Level)
			}
		}
		if i%max(1, n/300) != 0 {
			continue // Beside scans the board: sample a few hundred spaces
		}
		for _, b := range c.Beside(s.ID) {
			if c.Spaces[b].Level != s.Level {
				t.Fatalf("%s beside %s on another level", s.Name, c.Spaces[b].Name)
			}
		}
	}
	if len(c.Grid) < tracks.MinGridSlots {
		t.Fatalf("valid circuit with %d grid slots", len(c.Grid))
	}
	for _, g := range c.Grid {
		if g < 0 || int(g) >= n {
			t.Fatalf("grid slot %d out of range", g)
		}
	}
	if c.QualifyingStart < 0 || int(c.QualifyingStart) >= n {
		t.Fatalf("qualifying start %d out of range", c.QualifyingStart)
	}
	for _, k := range c.Corners {
		if k.Stops < 1 || k.Stops > 3 || k.ShortPath < 1 || k.ShortPath > k.LongPath {
			t.Fatalf("corner %q: stops %d, paths %d-%d", k.Name, k.Stops, k.ShortPath, k.LongPath)
		}
	}
	for face := 1; face <= 20; face++ {
		if _, err := c.WeatherFor(face); err != nil {
			t.Fatalf("valid circuit without weather for %d: %v", face, err)
		}
	}
	if got := independentLapLength(c); got != c.LapLength {
		t.Fatalf("LapLength %d, but the shortest lap is %d", c.LapLength, got)
	}
	if ps := tracks.Validate(c, nil); len(ps) > 0 {
		t.Fatalf("Load accepted a circuit Validate refuses: %v", ps)
	}
}

// The invariants hold on the circuits that should pass them, so the fuzz
// target's checks are not vacuous.
func TestCheckInvariantsOnGoodCircuits(t *testing.T) {
	forEachCircuit(t, func(t *testing.T, c *tracks.Circuit) { checkInvariants(t, c) })
	checkInvariants(t, loadHandmade(t))
}

// The largest inputs the format's limits allow still load (or are refused)
// quickly: the builder's work must not grow with the product of segments,
// steps, lanes and pit length, and a few kilobytes must not ask for
// hundreds of thousands of spaces.
// bigCase is a track source at the edge of the loader's limits.
type bigCase struct {
	src     string
	refused string // words of the expected problem; "" when it loads
}

// worstCaseSources are the largest sources the limits let through, and
// the first ones they refuse.
func worstCaseSources() map[string]bigCase {
	header := "circuit big\nlanes %d\nweather sun 1-20\ngrid 10\n"
	cases := map[string]bigCase{}
	var b strings.Builder

	// 200 six-lane straights of 200 steps would be 240,000 spaces
	fmt.Fprintf(&b, header, 6)
	for i := range 200 {
		fmt.Fprintf(&b, "straight 200 id=t%d\n", i)
	}
	cases["longest straights"] = bigCase{b.String(), "more than 10000 spaces"}

	// 200 full circles of the largest radius, 213,000 spaces
	b.Reset()
	fmt.Fprintf(&b, header, 6)
	for range 200 {
		b.WriteString("corner c right stops=1 angle=360 radius=40\n")
	}
	cases["largest corners"] = bigCase{b.String(), "more than 10000 spaces"}

	// just under the space limit: a one-lane lap of two 4,800-space sides
	// joined by U-turns, with a pit lane along a whole side
	closed := func(lanes, perSide int, extra string) string {
		var b strings.Builder
		fmt.Fprintf(&b, header, lanes)
		for side := range 2 {
			fmt.Fprintf(&b, "corner c%d right stops=1 angle=180 radius=40\n", side)
			for i := range perSide {
				fmt.Fprintf(&b, "straight 200 id=t%d-%d\n", side, i)
			}
		}
		b.WriteString(extra)
		return b.String()
	}
	cases["long lap with a long pit lane"] = bigCase{closed(1, 24, "pit side=left entry=t0-0.1 exit=t0-23.190 boxes=20\n"), ""}

	// the most zones, each over the whole first side
	var zones strings.Builder
	for range 200 {
		zones.WriteString("zone z left stops=1 spaces=t0-0.0.0")
		for i := 1; i < 24; i++ {
			fmt.Fprintf(&zones, ",t0-%d.0.0", i)
		}
		zones.WriteString("\n")
	}
	cases["most zones"] = bigCase{closed(1, 24, zones.String()), "belongs to two corners"}
	cases["one zone too many"] = bigCase{closed(1, 1, strings.Repeat("zone z left stops=1 spaces=t0-0.0.0\n", 201)), "more than 200 zone lines"}

	// as many hand-declared spaces and edges as fit
	b.Reset()
	b.WriteString("circuit hand\nweather sun 1-20\n")
	for i := range 2000 {
		fmt.Fprintf(&b, "space n%d lane=0 level=%d\n", i, i*50)
	}
	for i := 0; b.Len() < tracks.MaxSourceSize-100; i++ {
		fmt.Fprintf(&b, "edge n%d n%d\n", i%2000, (i*7+1)%2000)
	}
	cases["many declared spaces and edges"] = bigCase{b.String(), "goes back"}
	return cases
}

// The limits refuse what would be too large and let the largest allowed
// circuits load whole. How long the worst cases take is measured by
// BenchmarkLoadWorstCase, not asserted here (a timed test fails on a busy
// machine and proves nothing on an idle one).
func TestLoadLimitsAreBounded(t *testing.T) {
	for name, tc := range worstCaseSources() {
		t.Run(name, func(t *testing.T) {
			require.LessOrEqual(t, len(tc.src), tracks.MaxSourceSize)
			c, err := tracks.Load("big.track", []byte(tc.src))
			if tc.refused == "" {
				require.NoError(t, err)
				assert.Greater(t, len(c.Spaces), 9000)
				checkInvariants(t, c)
				return
			}
			ps := problemsOf(t, err)
			found := false
			for _, p := range ps {
				found = found || strings.Contains(p.Msg, tc.refused)
			}
			assert.True(t, found, "no problem says %q: %v", tc.refused, ps[0])
		})
	}
}

// BenchmarkLoadWorstCase measures the loader on the largest sources its
// limits allow: a hostile upload costs at most this much.
func BenchmarkLoadWorstCase(b *testing.B) {
	for name, tc := range worstCaseSources() {
		src := []byte(tc.src)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, _ = tracks.Load("big.track", src)
			}
		})
	}
}
