package render

import (
	"slices"
	"testing"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/internal/phrasebook"
)

// boardViewFor is the view Board, BoardPNG, Crop and CropPNG draw for opt.
func boardViewFor(t *testing.T, r *Renderer, g *fd.Game, opt BoardOptions) *gameView {
	t.Helper()
	v, err := r.newGameView(g, opt)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// askedOfPending is the pending decision as the contract asks it of
// reader (a board's reader, by his car): what the texts say to him.
func askedOfPending(t *testing.T, g *fd.Game, d *fd.Decision, reader int) engine.Asked {
	t.Helper()
	for _, a := range fd.NewContract(g, nil).Asked(fd.ReaderOfCar(reader), nil) {
		if a.Seat == d.Car-1 && a.Kind == string(d.Kind) && a.Session == d.Session {
			return a
		}
	}
	t.Fatalf("the contract does not ask car %d's %s decision", d.Car, d.Kind)
	return engine.Asked{}
}

// race5DDecidingACost is board-5d's race (midRace5D) at its first play
// from the middle on where the car to decide has an option that costs
// something (more facts than what it is): what 5-D hides from the others.
func race5DDecidingACost(t *testing.T) *fd.Game {
	t.Helper()
	rec, c := raceWith(t, "board-5d", "5-D") // midRace5D's race
	for n := rec.LastPlay() / 2; n < rec.LastPlay(); n++ {
		g, err := fd.ReplayUntil(rec, c, n)
		if err != nil {
			t.Fatal(err)
		}
		if d := g.Pending(); d != nil {
			for _, op := range d.Options {
				if len(g.OptionFacts(d, op)) > 1 {
					t.Logf("play %d: car %d's %s decision", n, d.Car, d.Kind)
					return g
				}
			}
		}
	}
	t.Fatal("no decision with a cost in the second half of the race")
	return nil
}

// Issue 13, 5-D (league AMB-17): the options panel of a board (and of a
// crop, drawn from the same view) draws for each reader what the texts
// tell him of the pending decision, no more: another seat and a spectator
// read each option of a car whose build they may not see by its first
// fact only, not what it costs (its wear, its risk, which tell the
// build), the deciding seat and the game master read every fact. The
// panel's texts (row and risk column) are compared with the facts of
// Contract.Asked for the reader, said by the same catalog; an option's
// letter is coloured by a risk only when the reader reads that risk.
func TestBoard5DOptionsSayWhatTheTextsSay(t *testing.T) {
	r := New()
	g := race5DDecidingACost(t)
	d := g.Pending()
	owner, other := d.Car, d.Car%len(g.Cars)+1
	for _, tc := range []struct {
		name   string
		reader int
		whole  bool
	}{
		{"deciding seat", owner, true},
		{"another seat", other, false},
		{"spectator", 0, false},
		{"game master", fd.GameMaster, true},
	} {
		for _, lang := range phrasebook.Languages {
			v := boardViewFor(t, r, g, BoardOptions{Lang: lang, Reader: tc.reader})
			asked := askedOfPending(t, g, d, tc.reader)
			if asked.Hidden == tc.whole {
				t.Fatalf("%s: the contract hides car %d's build: %v, want %v", tc.name, d.Car, asked.Hidden, !tc.whole)
			}
			if len(v.facts) != len(d.Options) || len(asked.Options) != len(d.Options) {
				t.Fatalf("%s: %d options, the panel has %d, the contract asks %d", tc.name, len(d.Options), len(v.facts), len(asked.Options))
			}
			for i, op := range d.Options {
				drawn := slices.Clone(v.facts[i])
				if v.riskTexts[i] != "" {
					drawn = append(drawn, v.riskTexts[i])
				}
				told := phrasebook.Texts(lang, asked.Options[i].Facts)
				if tc.whole && len(told) != len(g.OptionFacts(d, op)) {
					t.Errorf("%s (%s), option %s: the contract tells %d facts of %d", tc.name, lang, op.Letter, len(told), len(g.OptionFacts(d, op)))
				}
				slices.Sort(drawn)
				slices.Sort(told)
				if !slices.Equal(drawn, told) {
					t.Errorf("%s (%s), option %s: the panel draws %q, the texts say %q", tc.name, lang, op.Letter, drawn, told)
				}
				if v.risk[i] > 0 && v.riskTexts[i] == "" {
					t.Errorf("%s (%s), option %s: its letter is coloured by a risk of %.2f the reader does not read", tc.name, lang, op.Letter, v.risk[i])
				}
			}
		}
	}
}

// The boards of the moment above kept as drawn (testdata/board-5d-cost-*.png,
// compared by decoded pixels): car 4's gear options, 1st a downshift that
// costs gas; another seat reads each by its gear alone on the board and the
// crop, while its owner's crop lists the downshift and its cost.
func TestBoard5DCostGolden(t *testing.T) {
	r := New()
	g := race5DDecidingACost(t)
	d := g.Pending()
	owner, other := d.Car, d.Car%len(g.Cars)+1
	matchBoards5D(t, r, g, "board-5d-cost-", "TestBoard5DCostGolden", []board5DCase{
		{"other-seat", other, false},
		{"other-seat-crop", other, true},
		{"seat-crop", owner, true},
	})
}
