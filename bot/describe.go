package bot

import (
	"fmt"
	"strings"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/fd"
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

// describeDecision asks a pending decision, as the rules say it, and lists
// its options with their facts: the race's phrases for it
// (fd.Contract.AskedOf, as the game master reads it) in the catalog's words.
func describeDecision(l *live, d fd.Decision, lang string, names map[int]string) string {
	return askedText(l.contract().AskedOf(&d, names[d.Car], engine.Referee), lang)
}

// describeDecisionFor is describeDecision as reader (readerOf) may read
// it: under 5-D a racing car whose build reader may not see has its
// decision said without its options, whose facts tell what is left of
// its build (a cost against its points, 5-A's and 16-F's booster points
// left), as replay --at leaves them out (StateAt).
func describeDecisionFor(l *live, d fd.Decision, lang string, names map[int]string, reader int) string {
	return askedText(l.contract().AskedOf(&d, names[d.Car], contractReader(reader)), lang)
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

// contractReader is a reader as readerOf names it (a car, fd.GameMaster,
// 0 for nobody's car) as the game contract names it (a seat,
// engine.Referee, −1).
func contractReader(reader int) int {
	switch {
	case reader == fd.GameMaster:
		return engine.Referee
	case reader > 0:
		return reader - 1
	}
	return -1
}

// optionText says the facts of car's option key, as the rules that made
// it wrote them, through the contract (fd.Contract.OptionFacts) and the
// one catalog the boards use too.
func optionText(l *live, car int, key string, lang string) string {
	return factsText(l.contract().OptionFacts(car-1, key), lang)
}
