package fd

import (
	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/phrase"
)

// A refused test (league-variants.md 23-A(d) "cancel one black-die test
// before it is rolled", and 6-B's use 3, option refuse_test): one
// mechanism for both. An asynchronous player cannot answer between the
// roll of his move and a test, so the refusal is declared with the gear,
// before the roll ("5R", a Declaration: 6-B's "Use 3 requires a
// declaration before the roll" [DEC]); the first black-die test of the
// car's own in that play (an engine test, a handling test, a wall, a
// collision) is then not rolled and passes, and only then is the point
// (or the Super Top) spent. A play with no test leaves it unspent. The
// other cars' tests in the play are theirs (as 4-B(b)'s reroll).

// refusalSource is what a refusal spends: 23-A(d)'s earned pilot point,
// 6-B's Super Top.
type refusalSource interface {
	// refusalsLeft is what car c may still spend on a refusal.
	refusalsLeft(c *Car) int
	// spendRefusal spends one and says, for the event, what it was
	// ("earned": the league's ledger debits it; "super-top").
	spendRefusal(c *Car) (by string)
}

// testRefusal is the declaration of a refused test, over its source.
type testRefusal struct {
	mark   string // "R" (23-A(d)), "T" (6-B)
	source refusalSource
	fact   string // the gear option's fact key
}

// Mark: the refusal's letter after the gear.
func (r testRefusal) Mark() string { return r.mark }

// Declarable: in the race, a move the car chooses, something to spend.
func (r testRefusal) Declarable(t Turn, _ int) bool {
	return !t.Qualifying() && !t.Forced() && r.source.refusalsLeft(t.Car()) > 0
}

// Declare spends nothing yet: the point goes when a test comes.
func (testRefusal) Declare(Turn) {}

// Pays: the autopilot holds a refusal when a failed test would take the
// car's last engine, handling or body point.
func (testRefusal) Pays(t Turn, _ int) bool {
	c := t.Car()
	return c.Wear[Engine] == 1 || c.Wear[Body] == 1 || c.Wear[Handling] == 1
}

// Fact: what holding it does, with what is left.
func (r testRefusal) Fact(c *Car, _ dice.Set, _ int) phrase.Phrase {
	if c == nil {
		return phrase.Phrase{}
	}
	return phrase.New(r.fact, r.source.refusalsLeft(c))
}

// RefusesBlack spends the refusal held this play on the first test of
// the car's own (a "test-refused" event naming the test and what paid).
func (r testRefusal) RefusesBlack(t Turn, c *Car, purpose string) bool {
	if d := t.t.declared; d == nil || d.Mark() != r.mark || t.t.testRefused || r.source.refusalsLeft(c) == 0 {
		return false
	}
	t.t.testRefused = true
	by := r.source.spendRefusal(c)
	t.Emit(Encode(TestRefusedEvent{Car: c.Number, For: purpose, By: by}))
	return true
}

// moduleParts is a variant's module made of several, each with its own
// hooks (23-A(d)'s pilot point and its refusal, two declarations of 6-B):
// Config.eachModule hands each part on.
type moduleParts []any
