package bot

import (
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/internal/optionwalk"
	"github.com/pitwall/pitwall/internal/phrasebook"
)

// Issue 13: every fact of every option of every ruleset reaches the
// player's text, in English and in French. The walk plays seeded races of
// each ruleset, optional rule and built variant, and hands over each
// decision that brings an option kind or a fact not met before; the
// decision as a reply, mail or Discord post writes it (describeDecision)
// must hold each fact of each option, said by the catalog, and read as
// prose (no key=value, no rule id, no English in French).
func TestEveryOptionFactInText(t *testing.T) {
	checked := 0
	_, err := optionwalk.WalkAll(func(o optionwalk.Offer) error {
		g, d := o.Game, o.Decision
		l := &live{meta: &meta{Rules: o.Case.Rules, Track: g.Track.ID, Cars: o.Case.Cars}, track: g.Track, game: fd.NewContract(g, sayPhrase)}
		for _, lang := range phrasebook.Languages {
			text := describeDecision(l, d, lang, nil)
			checkProse(t, g.Track, o.Case.Name+", "+string(d.Kind), text, lang)
			for _, op := range d.Options {
				for _, f := range g.OptionFacts(&d, op) {
					fact := phrasebook.Text(lang, f)
					if !strings.Contains(text, fact) {
						t.Errorf("%s, seed %q, %s option %s (%s): the text lacks %q (%s):\n%s", o.Case.Name, o.Seed, d.Kind, op.Letter, lang, fact, f.Key, text)
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
