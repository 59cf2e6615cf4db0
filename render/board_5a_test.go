package render

import (
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/fd"
)

// League 5-A and 16-F on the board: the dashboard's status column says
// each car's booster points left ("2 boosters left" / "2 boosters
// restants"), so a boost changes the drawing (compared by decoded
// pixels); without the variants a car's boost count draws nothing, and
// under 5-D another seat does not see a car's boosters, part of its build.
func TestBoardShowsBoostersLeft(t *testing.T) {
	r := New()
	boosted := func(g *fd.Game) int {
		for i := range g.Cars {
			c := &g.Cars[i]
			if n := c.ModuleCount("boost"); c.Status == fd.Racing && n < 3 {
				if !c.SetModuleCount("boost", n+1) {
					t.Fatal("5-A's boost count is no module count")
				}
				return c.Number
			}
		}
		t.Fatal("no car racing with a booster point left halfway through the race")
		return 0
	}
	for _, tc := range []struct {
		name    string
		specs   []string
		reader  int
		changes bool
	}{
		{"5-A", []string{"5-A:points=3/3/3/3"}, 0, true},
		{"16-F", []string{"16-F:points=3/3/3/3"}, 0, true},
		{"no boosters", nil, 0, false},
		{"5-A and 5-D, another seat", []string{"5-A:points=3/3/3/3", "5-D"}, -1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before, after := midRacePair(t, "board-5a", tc.specs...)
			car := boosted(after)
			reader := tc.reader
			if reader < 0 {
				reader = car%len(after.Cars) + 1
			}
			for _, lang := range []string{"en", "fr"} {
				opt := BoardOptions{Lang: lang, Reader: reader}
				a, err := r.Board(before, opt)
				if err != nil {
					t.Fatal(err)
				}
				b, err := r.Board(after, opt)
				if err != nil {
					t.Fatal(err)
				}
				if changed := !samePixels(a, b); changed != tc.changes {
					t.Errorf("%s: car %d boosted once more, the board changed: %v, want %v", lang, car, changed, tc.changes)
				}
			}
			if !tc.changes {
				return
			}
			lex, err := lexiconFor("fr")
			if err != nil {
				t.Fatal(err)
			}
			v := &gameView{g: after, c: after.Track, lex: lex, reader: reader}
			gb := &gameBoard{v: v}
			got, _ := gb.status(&after.Cars[car-1])
			left := 3 - after.Cars[car-1].ModuleCount("boost")
			want := map[int]string{0: "plus de booster", 1: "1 booster restant", 2: "2 boosters restants"}[left]
			if !strings.Contains(got, want) {
				t.Errorf("car %d's status %q does not say %q", car, got, want)
			}
		})
	}
}
