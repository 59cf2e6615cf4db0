package bot

import (
	"fmt"
	"strings"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/internal/phrasebook"
)

// words in both languages for the replies players read.
var words = map[string][2]string{
	"waiting": {"Waiting for", "En attente de"},
	"car":     {"Car", "Voiture"},
}

func tr(lang, key string) string {
	w, ok := words[key]
	if !ok {
		return key
	}
	if lang == "fr" {
		return w[1]
	}
	return w[0]
}

// askedText says a decision as the game reports it (engine.Asked): its
// question, then each option under its key with its facts, then how to
// answer beyond a key; a decision whose options the reader may not read
// is said without them.
func askedText(a engine.Asked, lang string) string {
	if a.Ask.IsZero() {
		return ""
	}
	var b strings.Builder
	b.WriteString(phrasebook.Text(lang, a.Ask))
	if a.Hidden { // league 5-D
		return b.String() + " " + phrasebook.Text(lang, phrase.New("dec.options-hidden"))
	}
	listed := a.Listed
	if listed == nil {
		listed = make([]int, len(a.Options))
		for i := range listed {
			listed[i] = i
		}
	}
	for _, i := range listed {
		op := a.Options[i]
		fmt.Fprintf(&b, "\n  %s: %s", op.Key, factsText(op.Facts, lang))
	}
	for _, h := range a.Help {
		b.WriteString("\n  " + phrasebook.Text(lang, h))
	}
	return b.String()
}

// factsText says an option's facts, joined as replies and buttons join
// them.
func factsText(facts []phrase.Phrase, lang string) string {
	return strings.Join(phrasebook.Texts(lang, facts), " — ")
}

// optionText says the facts of car's option key, as the rules that made
// it wrote them, through the contract (fd.Contract.OptionFacts) and the
// one catalog the boards use too.
func optionText(l *live, car int, key string, lang string) string {
	return factsText(l.contract().OptionFacts(car-1, key), lang)
}
