package bot

import (
	"fmt"
	"strings"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/internal/phrasebook"
)

// Saying a game's state from the phrases it reports (engine.Reported):
// Formula Dé's statusText (service.go) and a contract game's status
// (Racing Simulator) lay their lines out differently, but each line is
// said here, with the one catalog. A contract game that reports nothing
// (the duel) is said by its own Status and Facts.

// standingText is one standing's line: head (its place, its car), then
// its facts.
func standingText(head string, st engine.Standing, lang string) string {
	return head + strings.Join(phrasebook.Texts(lang, st.Facts), ", ")
}

// writeLines writes each phrase of ps on a line of its own.
func writeLines(b *strings.Builder, ps []phrase.Phrase, lang string) {
	for _, p := range ps {
		b.WriteString(phrasebook.Text(lang, p) + "\n")
	}
}

// reportText is a contract game's report as a text: its progress, each
// standing by place, then its notes (who has ordered, the reader's own
// cards).
func reportText(r engine.Report, lang string) string {
	var b strings.Builder
	b.WriteString(phrasebook.Text(lang, r.Progress) + "\n")
	for _, st := range r.Standings {
		head := ""
		if st.Place > 0 {
			head = fmt.Sprintf("%d. ", st.Place)
		}
		b.WriteString("  " + standingText(head, st, lang) + "\n")
	}
	writeLines(&b, r.Notes, lang)
	return strings.TrimRight(b.String(), "\n")
}

// optionFacter is a contract game that says an option's facts as
// phrases (rs.Contract): the facts of every option a seat may order,
// also while its sealed order may still be changed.
type optionFacter interface {
	OptionFacts(seat int, key string) []phrase.Phrase
}

// status is the game as seat (−1: a channel, a spectator, the game
// master) may read it.
func (l *served) status(seat int, lang string) string {
	if r, ok := l.game.(engine.Reported); ok {
		return reportText(r.Report(seat), lang)
	}
	return l.game.Status(seat, lang)
}

// facts says what choosing key means for seat now.
func (l *served) facts(seat int, key, lang string) string {
	if f, ok := l.game.(optionFacter); ok {
		return factsText(f.OptionFacts(seat, key), lang)
	}
	return l.game.Facts(seat, key, lang)
}

// asked is seat's pending decision as seat reads it, when the game
// reports its decisions.
func (l *served) asked(seat int) (engine.Asked, bool) {
	r, ok := l.game.(engine.Reported)
	if !ok {
		return engine.Asked{}, false
	}
	for _, a := range r.Asked(seat, nil) {
		if a.Seat == seat {
			return a, true
		}
	}
	return engine.Asked{}, false
}
