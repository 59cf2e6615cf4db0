// Package street is the street races of formula-d-2008.md §2.18 (ruleset
// "street"): GT cars on a city circuit, drivers with their own cards
// (T-13), nitro, the police line, the checkpoint and the city's special
// areas, as one rules module of the Formula Dé base turn (engine/fd).
//
// The module is a value, made afresh for each game, implementing
// fd.RulesModule: the base turn calls it at its named phases (the setup's
// driver draft, the move's declarations, each space crossed, the end of
// the play …) and never names a street function. It reaches the game
// through engine/fd's host API (engine/fd/host.go: Emit, Black, Lose,
// DropDebris, the move options at a distance, FinishPlay …) only.
//
// engine/fd cannot import this package (it imports engine/fd), so the
// package registers its module by name in init (fd.RegisterRulesModule)
// into the row of the rulesets table that names it. A program that plays
// street races imports it, blank if it names nothing of it:
//
//	import _ "github.com/pitwall/pitwall/engine/fd/street"
//
// A program that does not gets a clear error from fd.NewGame for a street
// game. The street event kinds are this package's (events.go): the module
// lists them (Events), and engine/fd's codec and phrases take them through
// the rulesets table, so each kind's struct, text codec and phrase live
// here, and so are the street decision kinds (decisions.go: DecideDriver
// …), the facts of the street options and the headers of the street
// decisions (describe.go: engine/fd asks the module, fd.OptionFactsModule
// and fd.DecisionPhraseModule), and the driver table T-13 with its keys
// and the reading of a driver's name as players type it (drivers.go:
// Drivers, FindDriver; engine/fd reads a card by key through the module,
// fd.DriverModule and fd.DriverByKey), and the configuration of a street
// race with its check (config.go: Config; the rulesets table reaches them
// through fd.ConfigModule), and a car's driver, nitro, drop and radio
// (state.go: per-car slots declared with fd.NewSlot; DriverOf).
// fd.Street and the type fd.Driver stay in
// engine/fd: its rulesets table names the ruleset's id and the seam
// returns the cards (docs/engine.md).
//
// Like all of engine, it does no I/O, reads no clock and rolls every die
// through the dice.Source it is handed, each roll an event of the record.
// It imports engine/fd, engine/dice and tracks only.
package street

import "github.com/pitwall/pitwall/engine/fd"

// Module is the name the rulesets table gives the street races' rules
// module.
const Module = "street"

func init() { fd.RegisterRulesModule(Module, New) }

// New is a fresh street rules module, for one game (fd.NewGame makes it
// from the rulesets table; tests may ask for one).
func New() fd.RulesModule {
	return &streetRules{police: map[int][]policeRecord{}, awarded: map[int]bool{}}
}
