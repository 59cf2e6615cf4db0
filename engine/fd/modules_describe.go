package fd

import (
	"sync"

	"github.com/pitwall/pitwall/engine/phrase"
)

// A rules module describes the options its rules make and the decisions
// it asks (issue 13, engine-modules.md: "descriptions live with the rules
// that own them"), as its event kinds say themselves (EventModule). Both
// hooks are optional capabilities of the ruleset's module, found once when
// the game is given its module from the rulesets table (setRules), not by
// any registration of their own: OptionFacts and DecisionPhrase then ask
// the module for what only it knows (street's nitro, drift and driver
// cards, its decision kinds) and name none of it.

// OptionFactsModule is a rules module that says the facts of the options
// its rules made. The values are copies: a hook reads them, never keeps
// them (the option lists are read concurrently by render and bot).
type OptionFactsModule interface {
	// DecisionFacts is every fact of op, an option of d, when d is of one
	// of the module's own decision kinds; false for any other kind, which
	// OptionFacts says itself. engine/fd adds nothing to a module's list.
	DecisionFacts(g *Game, d Decision, op Option) ([]phrase.Phrase, bool)
	// MoveFacts appends to out what the module's rules add to a move or
	// slipstream option, said after the base's causes of the wear and
	// before the variants' extras.
	MoveFacts(out []phrase.Phrase, op Option) []phrase.Phrase
}

// FactPlace names a place in the base's list of an option's facts where a
// module's own facts go, so that a module moved out of engine/fd says them
// where players have always read them (bot's and render's goldens,
// internal/optionwalk): a place is named after the base fact it follows,
// whether or not that fact is said for the option.
type FactPlace uint8

const (
	// AfterBraking is a move's or slipstream's place after its braking
	// (fact.braking) and before its blocked spaces (fact.blocked).
	AfterBraking FactPlace = iota
	// AfterSpin is a move's place after the spin (fact.spin) and before
	// the dangerous spaces (fact.dangerous).
	AfterSpin
	// AfterDangerous is a move's place after the dangerous spaces and
	// before the slide (fact.slide).
	AfterDangerous
	// AfterBuildPoints is a build's place after its points by category
	// (fact.points) and before the booster points (fact.booster-points).
	AfterBuildPoints
)

// PlacedFactsModule is a rules module that says facts of the base's own
// option kinds (moves, slipstreams, builds) among the base's facts rather
// than after them (MoveFacts): OptionFacts asks it at each FactPlace of
// the option's kind, in order, and it appends to out what its rules add
// there (fdr's slipstream brake, penalty, wall and pit points,
// engine/fd/fdr/describe.go). op is a copy, never kept.
type PlacedFactsModule interface {
	PlacedFacts(at FactPlace, out []phrase.Phrase, op Option) []phrase.Phrase
}

// DecisionPhraseModule is a rules module that says the headers of its
// own decision kinds: who is the dec.who phrase naming the car, the player
// and the session; false for a kind that is not the module's.
type DecisionPhraseModule interface {
	DecisionPhrase(g *Game, d Decision, who phrase.Phrase) (phrase.Phrase, bool)
}

// describers are the ruleset module's description hooks, nil where it has
// none (found by setRules).
type describers struct {
	options   OptionFactsModule
	placed    PlacedFactsModule
	decisions DecisionPhraseModule
}

// findDescribers sorts m by the description hooks it implements.
func findDescribers(m RulesModule) describers {
	var d describers
	d.options, _ = m.(OptionFactsModule)
	d.placed, _ = m.(PlacedFactsModule)
	d.decisions, _ = m.(DecisionPhraseModule)
	return d
}

// AppendRepairFacts adds one fact per category w gives points back to
// (for a module's option facts: street's repair spreads).
func (g *Game) AppendRepairFacts(out []phrase.Phrase, w Wear) []phrase.Phrase {
	return g.appendRepair(out, w)
}

// WeatherPhrase names a weather as the event phrases do (for a module's
// decision headers: Julien's re-roll).
func WeatherPhrase(w WeatherState) phrase.Phrase { return weatherWord(w.String()) }

// DriverModule is a rules module with driver cards (street's T-13): the
// position reader, sim's summary and the test harness read a card by key
// (DriverByKey) without naming the module, and a position writes a car's
// driver (DriverOf: the module keeps it in its own per-car slot).
type DriverModule interface {
	Drivers() []Driver
	DriverOf(c *Car) (Driver, bool)
}

// driverCards are the cards of every module the rulesets table names and
// this program links, by key: built at the first use, read-only after
// (read concurrently), sealing the registry as the kind table does.
var driverCards = sync.OnceValue(func() map[string]Driver {
	modulesSealed.Store(true)
	cards := map[string]Driver{}
	for _, info := range rulesets {
		if newModule := registeredModules[info.rulesModule]; info.rulesModule != "" && newModule != nil {
			if m, ok := newModule().(DriverModule); ok {
				for _, d := range m.Drivers() {
					cards[d.Key] = d
				}
			}
		}
	}
	return cards
})
