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
	if most, ok := l.game.BoosterChoice(); ok && d.Kind == fd.DecideBuild && len(d.Options) > 0 {
		b.WriteString("\n  " + boosterChoiceHelp(most, lang))
	}
	return b.String()
}

// describeDecisionFor is describeDecision as reader (readerOf) may read
// it: under 5-D a racing car whose build reader may not see has its
// decision said without its options, whose facts tell what is left of
// its build (a cost against its points, 5-A's and 16-F's booster points
// left), as replay --at leaves them out (StateAt).
func describeDecisionFor(l *live, d fd.Decision, lang string, names map[int]string, reader int) string {
	if l.game.SeesCar(reader, d.Car) {
		return describeDecision(l, d, lang, names)
	}
	head := l.game.DecisionPhrase(&d, names[d.Car])
	if head.IsZero() {
		return ""
	}
	return phrasebook.Text(lang, head) + " " + inLang(lang, [2]string{"its options are hidden with its build until its race ends",
		"ses options sont cachées avec sa configuration jusqu'à la fin de sa course"})
}

// boosterChoiceHelp says how a player builds his booster points (5-A,
// league AMB-14) with the configuration order.
func boosterChoiceHelp(most int, lang string) string {
	return inLangf(lang, "Booster points: write boost and their number after the letter or the numbers, 0 to %d (config A boost 3, config 5/3/3/2/2/2 boost 0); unsaid, %d.",
		"Points de booster : écrivez booster et leur nombre après la lettre ou les nombres, de 0 à %d (reglage A booster 3, reglage 5/3/3/2/2/2 booster 0) ; sans rien dire, %d.", most, most)
}

// optionText says an option's facts, as the rules that made it wrote
// them (fd.Game.OptionFacts), through the one catalog the boards use too.
func optionText(l *live, d fd.Decision, op fd.Option, lang string) string {
	return strings.Join(phrasebook.Texts(lang, l.game.OptionFacts(&d, op)), " — ")
}

// optionHead says what an option is (its gear, where it goes) without
// what it costs: the label a reader who may not see the car's build
// reads (league variant 5-D), since its costs and points left tell it.
func optionHead(l *live, d fd.Decision, op fd.Option, lang string) string {
	facts := l.game.OptionFacts(&d, op)
	if len(facts) == 0 {
		return ""
	}
	return phrasebook.Text(lang, facts[0])
}
