// Package fd is the Formula Dé referee: the complete rules of Formula D
// (formula-d-2008.md §2.1–2.16, ruleset "fd2008") and the FD-Règles
// competition rules (fd-competition-rules.md, ruleset "fdr", the fdr_*.go
// files), as a pure state machine.
//
// A Game says what is pending (Pending: who must decide what, with every
// legal option and its consequences: wear per category, elimination,
// dangerous spaces; OptionFacts says them as language-neutral phrases,
// facts.go), takes orders (Submit) and rolls every die through a
// dice.Source, appending each roll and each consequence to its Events. The
// Events form the game record (docs/record.md); EventPhrase, PlaySummary
// and DecisionPhrase say what happened and what is asked as phrases
// (event_phrases.go); Replay rebuilds a game from
// its record without rolling, and Verify checks every roll against the
// revealed seed. Autopilot answers any decision deterministically.
// Contract serves a race through the game contract, engine.Game, as bot
// and the record tools drive every game (contract.go, contract_replay.go).
//
// The street races (§2.18, ruleset "street") are one rules module in a
// package of its own, engine/fd/street: the base turn calls it at its
// named phases through RulesModule (phases.go), it reaches the game
// through the host API (host.go; host_fdr.go is what the competition
// rules ask besides, on their way to a package of their own, held by
// TestFDRFilesUseOnlyTheHostAPI), and it registers itself by name for the
// street row of the rulesets table (registry.go), and says its own
// options and decisions and its driver cards (modules_describe.go);
// street_config.go keeps the street vocabulary engine/fd still names
// (Street, the Driver card type; the configuration and its check are the
// module's, ConfigModule). Where the other rulesets differ the shared turn asks the table
// (rulesets.go: capabilities named for what they change); the league
// variants are modules whose hooks the turn calls (modules.go), in a
// package of their own, engine/fd/variants, which registers each by id
// for its row of the variants table (variants.go, host_variants.go);
// engine/fd cannot import it, so a program or test binary that plays
// variants links it. docs/engine.md walks through the layout.
//
// Doc comments cite the rule they implement (R-MOV-05, AMB-15 …).
//
// fd imports engine (the contract), engine/dice, engine/phrase,
// engine/league (20-A's injury table, rolled in the race) and tracks only; like all of engine it does no
// I/O, reads no clock and uses no global random generator.
package fd
