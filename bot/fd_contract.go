package bot

import (
	"errors"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/internal/phrasebook"
)

// Formula Dé's orders and officials' lines reach the race through the game
// contract (issue 13, docs/engine.md "What is left"): every order a
// player, the game master, the autopilot or an AI driver makes is a key
// given to engine.Game.Submit, and the race direction's lines go through
// engine.Officiated; what a command stores and tells is the steps those
// calls return (its journal, bot/journal.go). The status and the pending decisions are said from
// the phrases the race reports (engine.Reported); each line is told to a
// reader as the contract hands it out (engine.Told); loading, snapshots
// and history go through engine.Replayer, Snapshotter and Historian
// (fd.Loader); replay --at's position lines through engine.Positioned,
// the clocks' names and periods through engine.Timed, the round, plays,
// laps and whether a car still races through engine.Progressed. What
// else bot reads of the race (the leagues' results, the cars' states of
// the record views) still reads the *fd.Game the contract serves
// (live.game, the contract's G).

// contract serves the live race through engine.Game, in the catalog's
// words.
func (l *live) contract() fd.Contract { return fd.NewContract(l.game, sayPhrase) }

// reported is the live race's state and pending decisions as phrases
// (statusText, pendingViews, nextText).
func (l *live) reported() engine.Reported { return l.contract() }

// progress is where the live race stands as the contract counts it
// (engine.Progressed): its round, its plays, its laps; zero before the
// race is set up.
func (l *live) progress() engine.Progress {
	if l.game == nil {
		return engine.Progress{}
	}
	var p engine.Progressed = l.contract()
	return p.Progress()
}

// inPlay reports whether car still races as the contract says it
// (engine.Progressed.InPlay: neither finished nor out); false for no such
// car or before the race is set up.
func (l *live) inPlay(car int) bool {
	if l.game == nil {
		return false
	}
	var p engine.Progressed = l.contract()
	return p.InPlay(car - 1)
}

// sayPhrase is the catalog as the contract takes it.
func sayPhrase(p phrase.Phrase, lang string) string { return phrasebook.Text(lang, p) }

// submitKey gives car's order by its key (fd.Contract.OrderFor reads it)
// and returns exactly the record lines it appended, which it adds to the
// command's journal (bot/journal.go). A refusal changed nothing and wraps
// engine.ErrIllegal (refused) beside fd's own error, whose sentence it
// keeps.
func (s *Service) submitKey(l *live, car int, key string) (engine.Step, error) {
	step, err := l.contract().Submit(car-1, key, s.dice(l))
	l.took(step)
	return step, err
}

// official enters an official's line (fd.ClockOutLine, ExclusionLine,
// ClassificationLine) and returns exactly the lines the race wrote for it,
// which it adds to the command's journal.
func (s *Service) official(l *live, line string) (engine.Step, error) {
	step, err := l.contract().Official(line, s.dice(l))
	l.took(step)
	return step, err
}

// isRefusal reports whether the race refused an order or a line by its
// rules, changing nothing; any other error is the game's own failure.
func isRefusal(err error) bool {
	return errors.Is(err, engine.ErrIllegal) || errors.Is(err, engine.ErrOver)
}
