package tracks_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/tracks"
)

// randomSource writes a circuit file from a small grammar of the format:
// mostly well-formed lines with values near and past their limits, so that
// the builder (not only the parser) meets unusual combinations: pit lanes
// across corners and tunnels, overrides that change kinds, hand-written
// edges between any two spaces, zones over generated corners.
func randomSource(rng *rand.Rand) string {
	var b strings.Builder
	pick := func(xs ...string) string { return xs[rng.IntN(len(xs))] }
	fmt.Fprintf(&b, "circuit r%d\n", rng.IntN(1000))
	if rng.IntN(4) > 0 {
		fmt.Fprintf(&b, "lanes %d\n", rng.IntN(7)+1)
	}
	b.WriteString(pick("weather sun 1-12 changeable 13-16 rain 17-20\n", "weather sun 1-20\n", "weather sun 0-20\n", "weather rain 1-21\n", "weather sun 1-10 rain 10-20\n", ""))
	b.WriteString(pick("grid 10\n", "grid 10\n", "grid 12\n", "grid 3\n", "grid 30\n", "grid s1.0.0 s1.0.0\n", ""))
	b.WriteString(pick("", "", "oval\nwall right\n", "street\n", "police s2\n", "qualifying s1.0.1\n"))
	type seg struct {
		id    string
		steps int
		lanes int
	}
	var segs []seg
	if rng.IntN(3) > 0 {
		// a closed lap: two U-turns joined by two sides of equal length,
		// each side in pieces (straights of any width, maybe a tunnel)
		radius := []float64{3, 3.5, 4, 6}[rng.IntN(4)]
		sideLen := rng.IntN(20) + 14
		n := 0
		add := func(kind string, steps int, extra string) {
			n++
			fmt.Fprintf(&b, "%s %d%s\n", kind, steps, extra)
			segs = append(segs, seg{fmt.Sprintf("s%d", n), steps, 3})
		}
		uturn := func() {
			dir := "right"
			if rng.IntN(2) == 0 {
				n++
				fmt.Fprintf(&b, "corner \"U%d\" %s stops=%d angle=180 radius=%g\n", n, dir, rng.IntN(3)+1, radius)
				segs = append(segs, seg{fmt.Sprintf("s%d", n), 1, 3})
				return
			}
			for range 2 {
				n++
				fmt.Fprintf(&b, "corner \"Q%d\" %s stops=%d angle=90 radius=%g\n", n, dir, rng.IntN(3)+1, radius)
				segs = append(segs, seg{fmt.Sprintf("s%d", n), 1, 3})
			}
		}
		side := func(last bool) {
			left := sideLen
			if rng.IntN(3) == 0 {
				a := rng.IntN(4) + 1
				add("straight", a, []string{"", " lanes=2", " lanes=4", " noise"}[rng.IntN(4)])
				left -= a
			}
			if rng.IntN(4) == 0 {
				k := rng.IntN(3) + 1
				add("straight", 2, "")
				add("tunnel", k, "")
				left -= k + 2
			}
			add("straight", left, []string{"", " dangerous", ""}[rng.IntN(3)])
			_ = last
		}
		uturn()
		side(false)
		uturn()
		side(true)
		if rng.IntN(2) == 0 {
			last := segs[len(segs)-1]
			fmt.Fprintf(&b, "pit side=%s entry=%s.%d exit=%s.%d boxes=10 %s\n", pick("left", "right"),
				last.id, rng.IntN(3), segs[len(segs)-1].id, last.steps-1-rng.IntN(2), pick("", "unused"))
		}
	}
	nseg := rng.IntN(10) + 1
	if len(segs) > 0 {
		nseg = 0
	}
	for i := range nseg {
		id := fmt.Sprintf("s%d", i+1)
		lanes := 0
		lanesOpt := ""
		if rng.IntN(3) == 0 {
			lanes = rng.IntN(6) + 1
			lanesOpt = fmt.Sprintf(" lanes=%d", lanes)
		}
		if lanes == 0 {
			lanes = 3
		}
		switch rng.IntN(5) {
		case 0, 1:
			n := rng.IntN(25) + 1
			fmt.Fprintf(&b, "straight %d%s %s\n", n, lanesOpt, pick("", "dangerous", "noise", "wall"))
			segs = append(segs, seg{id, n, lanes})
		case 2, 3:
			radius := []string{"", " radius=0.5", " radius=2", " radius=3.5", " radius=12", " radius=40"}[rng.IntN(6)]
			fmt.Fprintf(&b, "corner \"C%d\" %s stops=%d angle=%d%s%s\n", i, pick("left", "right"), rng.IntN(5), []int{1, 10, 45, 90, 135, 180, 270, 360}[rng.IntN(8)], radius, lanesOpt)
			segs = append(segs, seg{id, 1, lanes})
		case 4:
			n := rng.IntN(6) + 1
			fmt.Fprintf(&b, "tunnel %d%s\n", n, lanesOpt)
			segs = append(segs, seg{id, n, lanes})
		}
	}
	name := func() string {
		s := segs[rng.IntN(len(segs))]
		switch rng.IntN(8) {
		case 0:
			return fmt.Sprintf("pit.%d", rng.IntN(14))
		case 1:
			return fmt.Sprintf("box.%d", rng.IntN(12))
		}
		return fmt.Sprintf("%s.%d.%d", s.id, rng.IntN(s.steps+2), rng.IntN(s.lanes+1))
	}
	ref := func() string {
		s := segs[rng.IntN(len(segs))]
		return fmt.Sprintf("%s.%d", s.id, rng.IntN(s.steps+1))
	}
	if nseg > 0 && rng.IntN(2) == 0 {
		fmt.Fprintf(&b, "pit side=%s entry=%s exit=%s boxes=%d %s\n", pick("left", "right"), ref(), ref(), rng.IntN(12)+1, pick("", "unused"))
	}
	for range rng.IntN(8) - 3 {
		switch rng.IntN(5) {
		case 0:
			fmt.Fprintf(&b, "space %s %s\n", name(), pick("+dangerous", "-grid", "kind=pit", "kind=tunnel", "kind=box box=3", "tunnel=2", "+tunnel-entry"))
		case 1:
			fmt.Fprintf(&b, "space h%d lane=%d level=%d\n", rng.IntN(5), rng.IntN(6), rng.IntN(60))
		case 2:
			fmt.Fprintf(&b, "edge %s %s\n", name(), name())
		case 3:
			fmt.Fprintf(&b, "noedge %s %s\n", name(), name())
		case 4:
			fmt.Fprintf(&b, "zone \"Z\" %s stops=%d spaces=%s,%s\n", pick("left", "right"), rng.IntN(4), name(), name())
		}
	}
	return b.String()
}

// Thousands of random sources (fixed seed): Load never panics, refuses with
// Problems, and what it accepts satisfies the invariants. A few must be
// accepted, or the generator tests nothing past the validator.
func TestRandomSourcesNeverPanic(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	accepted := 0
	n := 2000
	if testing.Short() {
		n = 300
	}
	for i := range n {
		src := randomSource(rng)
		var c *tracks.Circuit
		var err error
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("source %d panicked: %v\n%s", i, r, src)
				}
			}()
			c, err = tracks.Load("random.track", []byte(src))
		}()
		if err != nil {
			problemsOf(t, err)
			continue
		}
		accepted++
		checkInvariants(t, c)
	}
	require.Positive(t, accepted, "no random source was valid")
	t.Logf("%d of %d random sources were valid circuits", accepted, n)
}
