package render

import (
	"regexp"
	"strings"
	"testing"

	"github.com/pitwall/pitwall/internal/optionwalk"
	"github.com/pitwall/pitwall/internal/phrasebook"
)

// Issue 13: every fact of every option of every ruleset reaches the
// board, in English and in French. The walk plays seeded races of each
// ruleset, optional rule and built variant, and hands over each decision
// that brings an option kind or a fact not met before; the strings the
// deciding player's board hands its drawer (its labels, no OCR) must
// hold each fact of each option, said by the catalog the replies use,
// and none reads key=value.
func TestEveryOptionFactOnTheBoard(t *testing.T) {
	r := New()
	keyValue := regexp.MustCompile(`\b[a-z-]+=\S`)
	checked := 0
	_, err := optionwalk.WalkAll(func(o optionwalk.Offer) error {
		g, d := o.Game, o.Decision
		for _, lang := range phrasebook.Languages {
			// the deciding player's board: another seat reads under 5-D
			// what the texts tell it (TestBoard5DOptionsSayWhatTheTextsSay)
			opt := BoardOptions{Lang: lang, Reader: d.Car}
			v, err := r.newGameView(g, opt)
			if err != nil {
				return err
			}
			gb, err := r.drawBoard(v, opt, false)
			if err != nil {
				return err
			}
			var texts []string
			for _, l := range *gb.labels {
				texts = append(texts, l.text)
				if m := keyValue.FindString(l.text); m != "" {
					t.Errorf("%s (%s): the board reads %q in %q", o.Case.Name, lang, m, l.text)
				}
			}
			// an option's facts are joined by " · ", and a fact too long
			// for its line goes on over the next
			board := strings.ReplaceAll(strings.Join(texts, " "), " · ", " ")
			for _, op := range d.Options {
				for _, f := range g.OptionFacts(&d, op) {
					fact := phrasebook.Text(lang, f)
					if !strings.Contains(board, fact) {
						t.Errorf("%s, seed %q, %s option %s (%s): the board lacks %q (%s)", o.Case.Name, o.Seed, d.Kind, op.Letter, lang, fact, f.Key)
					}
					checked++
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked == 0 {
		t.Fatal("the walk offered no option")
	}
}
