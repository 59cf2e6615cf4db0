// Package fdr is the competition rules (ruleset "fdr"): the FD-Règles
// competition booklet (Masters 2005; docs/rules/fdr.md, its rules and
// tables by the ids of fd-competition-rules.md), as one rules module of
// the Formula Dé base turn (engine/fd): the leader's order, the
// consolidated play of R6.11, the builds of R5.2 and T10, over-rev and
// engine inertia (R16), the pit lane and its limit, tyres, the
// collisions of R14, the qualifying sessions and the reasons of
// elimination (T8).
//
// The module is a value, fdrRules, made afresh for each game and
// implementing fd.RulesModule and the optional module interfaces the base
// asks (fd.PlayStateModule, fd.QualifyingModule, fd.PositionModule,
// fd.WalkModule …). It reaches the game through engine/fd's host API
// (host.go, host_fdr*.go) only; its per-car state is slots declared with
// fd.NewSlot (state.go).
//
// engine/fd cannot import this package (it imports engine/fd), so the
// package registers its module by name in init (fd.RegisterRulesModule)
// into the fdr row of the rulesets table. A program or test binary that
// plays or reads fdr races imports it, blank if it names nothing of it:
//
//	import _ "github.com/pitwall/pitwall/engine/fd/fdr"
//
// A program that does not gets a clear error from fd.NewGame for an fdr
// game. The league variants (engine/fd/variants) sit on fdr through
// engine/fd's hooks and name nothing of this package.
//
// Like all of engine, it does no I/O, reads no clock and rolls every die
// through the dice.Source it is handed, each roll an event of the record.
// It imports engine/fd, engine/dice, engine/phrase (the facts it says of
// its options, describe.go) and tracks only; nothing of ours but
// cmd, internal and test binaries imports it.
package fdr
