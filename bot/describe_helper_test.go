package bot

import (
	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/fd"
)

// The tests' way to say one fd.Decision they hold (from PendingAll): the
// service itself says a car's decision by its seat through the contract
// (live.askedOf, fd.Contract.AskedSeat; the web page's Asked), and these
// say the same phrases the same way (askedText).

// describeDecision asks a pending decision, as the rules say it, and lists
// its options with their facts: the race's phrases for it
// (fd.Contract.AskedOf, as the game master reads it) in the catalog's words.
func describeDecision(l *live, d fd.Decision, lang string, names map[int]string) string {
	return askedText(l.contract().AskedOf(&d, names[d.Car], engine.Referee), lang)
}

// describeDecisionFor is describeDecision as reader (readerOf: a seat, −1,
// engine.Referee) may read
// it: under 5-D a racing car whose build reader may not see has its
// decision said without its options, whose facts tell what is left of
// its build (a cost against its points, 5-A's and 16-F's booster points
// left), as replay --at leaves them out (StateAt).
func describeDecisionFor(l *live, d fd.Decision, lang string, names map[int]string, reader int) string {
	return askedText(l.contract().AskedOf(&d, names[d.Car], reader), lang)
}
