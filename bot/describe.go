package bot

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/fd"
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

// describeDecision asks a pending decision, as the rules say it
// (fd.Game.DecisionPhrase), and lists its options with their facts.
func describeDecision(l *live, d fd.Decision, lang string, names map[int]string) string {
	var b strings.Builder
	head := l.game.DecisionPhrase(&d, names[d.Car])
	if head.IsZero() {
		return ""
	}
	b.WriteString(phrasebook.Text(lang, head))
	options := d.Options
	if d.Kind == fd.DecideGear { // listed by gear, each under its number
		options = append([]fd.Option(nil), d.Options...)
		sort.SliceStable(options, func(i, j int) bool { return options[i].Gear < options[j].Gear })
	}
	for _, op := range options {
		key := op.Letter
		if d.Kind == fd.DecideGear && op.Declared() == "" { // a declared gear by its letter ("5S")
			key = strconv.Itoa(op.Gear)
		}
		fmt.Fprintf(&b, "\n  %s: %s", key, optionText(l, d, op, lang))
	}
	return b.String()
}

// optionText says an option's facts, as the rules that made it wrote
// them (fd.Game.OptionFacts), through the one catalog the boards use too.
func optionText(l *live, d fd.Decision, op fd.Option, lang string) string {
	return strings.Join(phrasebook.Texts(lang, l.game.OptionFacts(&d, op)), " — ")
}
