package render

import (
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/fd"
)

// The car's state a player decides on (issue 16), on the board as in the
// status text (fd.Game.CarState): each car's status cell says this lap's
// Top (6-A), the race's Super Top (6-B) and this lap's pedal (16-B), so
// spending one (or getting it back at the line) changes the drawing
// (compared by decoded pixels), in English and French; without the
// variants the flags draw nothing.
func TestBoardShowsTheCarState(t *testing.T) {
	r := New()
	for _, tc := range []struct {
		name   string
		specs  []string
		flip   func(c *fd.Car) (spent bool)
		en, fr [2]string // what the car's status cell says: unspent, spent
	}{
		{"6-A", []string{"6-A"}, flipFlag("top-used"),
			[2]string{"the Top free this lap", "the Top spent this lap"}, [2]string{"Top disponible ce tour", "Top utilisé ce tour"}},
		{"6-B", []string{"6-B"}, flipFlag("super-top-used"),
			[2]string{"Super Top held", "Super Top spent"}, [2]string{"Super Top en réserve", "Super Top utilisé"}},
		{"16-B", []string{"16-B"}, flipFlag("pedal-used"),
			[2]string{"pedal to the metal free this lap", "pedal to the metal spent this lap"}, [2]string{"pédale au plancher disponible ce tour", "pédale au plancher utilisée ce tour"}},
		{"none", nil, func(c *fd.Car) bool {
			for _, f := range []string{"top-used", "super-top-used", "pedal-used"} {
				flipFlag(f)(c)
			}
			return true
		}, [2]string{}, [2]string{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before, after := midRacePair(t, "board-car-state", tc.specs...)
			var car *fd.Car
			for i := range after.Cars {
				if after.Cars[i].Status == fd.Racing {
					car = &after.Cars[i]
					break
				}
			}
			if car == nil {
				t.Fatal("no car racing halfway through the race")
			}
			spent := 0
			if tc.flip(car) {
				spent = 1
			}
			for _, lang := range []string{"en", "fr"} {
				opt := BoardOptions{Lang: lang}
				a, err := r.Board(before, opt)
				if err != nil {
					t.Fatal(err)
				}
				b, err := r.Board(after, opt)
				if err != nil {
					t.Fatal(err)
				}
				if changed, want := !samePixels(a, b), tc.specs != nil; changed != want {
					t.Errorf("%s: car %d's state flipped, the board changed: %v, want %v", lang, car.Number, changed, want)
				}
				lex, err := lexiconFor(lang)
				if err != nil {
					t.Fatal(err)
				}
				gb := &gameBoard{v: &gameView{g: after, c: after.Track, lex: lex}}
				got, _ := gb.status(car)
				want := map[string]string{"en": tc.en[spent], "fr": tc.fr[spent]}[lang]
				if want != "" && !strings.Contains(got, want) {
					t.Errorf("%s: car %d's status %q does not say %q", lang, car.Number, got, want)
				}
			}
		})
	}
}

// flipFlag flips a variant's per-car flag (a position's flag, "top-used")
// and says whether it is now set; it panics on a flag no variant keeps.
func flipFlag(flag string) func(c *fd.Car) bool {
	return func(c *fd.Car) bool {
		on := !c.ModuleFlag(flag)
		if !c.SetModuleFlag(flag, on) {
			panic("no variant keeps the per-car flag " + flag)
		}
		return on
	}
}
