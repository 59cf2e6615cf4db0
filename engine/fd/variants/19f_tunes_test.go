package variants

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// 19-F's own parsers of the engineers' tunes (parseTunes, the game's
// parameter; ParseTune, one car's, which bot reads): unit tests of the
// variant's code that no game asks for every string, so they move with
// 19f.go to engine/fd/variants (issue 13) and name nothing of
// engine/fd but its exported API.

func FuzzParseTunes(f *testing.F) {
	for _, s := range []string{"engine+brakes/-/tyres", "", "gas/handling+body+gearbox", "engine+engine", "/+/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tunes, err := parseTunes(s)
		if err != nil {
			return
		}
		if s != "" {
			assert.Len(t, tunes, strings.Count(s, "/")+1, "one tune a car")
		}
		for _, w := range tunes {
			for _, n := range w {
				assert.Contains(t, []int{0, 1}, n, "at most one point a characteristic")
			}
		}
	})
}

// FuzzParseTune: one car's tune as a league declares it never panics,
// and what it accepts writes back, joined by +, as the same tune.
func FuzzParseTune(f *testing.F) {
	for _, s := range []string{"engine+brakes", "-", "", "tyres", "engine+engine", "wings", "engine/brakes", "gas+body+handling"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		names, err := ParseTune(s)
		if err != nil {
			return
		}
		again, err := ParseTune(strings.Join(names, "+"))
		if err != nil || strings.Join(again, "+") != strings.Join(names, "+") {
			t.Fatalf("%q read as %v, written back as %v (%v)", s, names, again, err)
		}
	})
}
