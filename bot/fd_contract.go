package bot

import (
	"errors"
	"fmt"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/internal/phrasebook"
)

// Formula Dé's orders and officials' lines reach the race through the game
// contract (issue 13, docs/engine.md "What is left"): bot holds the race
// as the contract (live.game, an engine.Game: the fd.Contract built where
// the race is built, replayed, resumed, rebuilt or unfolded). Every order
// a player, the game master, the autopilot or an AI driver makes is a key
// given to engine.Game.Submit, and the race direction's lines go through
// engine.Officiated; what a command stores and tells is the steps those
// calls return (its journal, bot/journal.go). The status and the pending
// decisions are said from the phrases the race reports (engine.Reported);
// each line is told to a reader as the contract hands it out
// (engine.Told); loading, snapshots and history go through
// engine.Replayer, Snapshotter and Historian (fd.Loader); replay --at's
// position lines through engine.Positioned, the clocks' names and periods
// through engine.Timed, the round, plays, laps and whether a car still
// races through engine.Progressed, the deadline's default through
// engine.Defaulted. What only Formula Dé has reads its *fd.Game through
// one accessor, live.race, whose readers docs/engine.md lists.

// contract is the held race typed as Formula Dé's contract, for the
// contract's own Formula Dé words that no engine interface has: the key of
// an order said in words (KeyBy), an option's facts and a seat's decision
// as phrases (OptionFacts, AskedSeat), a Formula Dé line handed out to a
// reader (HandOut: the record download's stand-ins). They read no state
// past the contract; the zero Contract without a race.
func (l *live) contract() fd.Contract {
	con, _ := l.game.(fd.Contract)
	return con
}

// race is Formula Dé's own state behind the held contract: the one place
// bot reads it (grep 'l.race()'). Each reader says why it needs it; the
// list is in docs/engine.md ("Where this stands"). nil without a race.
func (l *live) race() *fd.Game { return l.contract().G }

// reported is the live race's state and pending decisions as phrases
// (statusText, pendingViews, nextText).
func (l *live) reported() engine.Reported { return l.game.(engine.Reported) }

// progress is where the live race stands as the contract counts it
// (engine.Progressed): its round, its plays, its laps; zero before the
// race is set up.
func (l *live) progress() engine.Progress {
	p, ok := l.game.(engine.Progressed)
	if !ok {
		return engine.Progress{}
	}
	return p.Progress()
}

// inPlay reports whether car still races as the contract says it
// (engine.Progressed.InPlay: neither finished nor out); false for no such
// car or before the race is set up.
func (l *live) inPlay(car int) bool {
	p, ok := l.game.(engine.Progressed)
	return ok && p.InPlay(car-1)
}

// namesFDRules reports a request that names Formula Dé rules of its own:
// any but the default, the rulesets table's first row (fd.Rulesets), which
// a request naming none carries too. A game served through the contract
// alone has no Formula Dé rules and refuses those.
func namesFDRules(rules string) bool {
	return rules != "" && fd.Ruleset(rules) != fd.Rulesets()[0].ID
}

// sayPhrase is the catalog as the contract takes it.
func sayPhrase(p phrase.Phrase, lang string) string { return phrasebook.Text(lang, p) }

// submitKey gives car's order by its key (fd.Contract.OrderFor reads it)
// and returns exactly the record lines it appended, which it adds to the
// command's journal (bot/journal.go). A refusal changed nothing and wraps
// engine.ErrIllegal (refused) beside fd's own error, whose sentence it
// keeps.
func (s *Service) submitKey(l *live, car int, key string) (engine.Step, error) {
	step, err := l.game.Submit(car-1, key, s.dice(l))
	l.took(step)
	return step, err
}

// official enters an official's line (fd.ClockOutLine, ExclusionLine,
// ClassificationLine) and returns exactly the lines the race wrote for it,
// which it adds to the command's journal.
func (s *Service) official(l *live, line string) (engine.Step, error) {
	officials, ok := l.game.(engine.Officiated)
	if !ok {
		return engine.Step{}, fmt.Errorf("game %s takes no official's line", l.row.ID)
	}
	step, err := officials.Official(line, s.dice(l))
	l.took(step)
	return step, err
}

// isRefusal reports whether the race refused an order or a line by its
// rules, changing nothing; any other error is the game's own failure.
func isRefusal(err error) bool {
	return errors.Is(err, engine.ErrIllegal) || errors.Is(err, engine.ErrOver)
}
