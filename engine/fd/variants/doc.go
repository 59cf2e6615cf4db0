// Package variants is the league variants: the optional rules of the
// league's variants document (/work/shared/rules/league-variants.md,
// docs/rules/league-variants.md, cited by their ids: 1-A, 5-E, AX-3 …),
// each a file of its own named by its id (1a.go, ax3.go; 10a_runaway.go,
// 23.go and its parts), playing on the Formula Dé base
// turn (engine/fd) through its hooks and host API only (host.go,
// host_variants*.go): a variant is a fd.ModuleVariant, its per-car state
// slots made with fd.NewVariantSlot.
//
// Each file registers its variant by id from its init
// (fd.RegisterVariant). The event kinds only a variant writes are this
// package's too (events.go: each struct, its EventKind and its Phrase),
// listed under the variant's id (kindsOf) and handed to its entry by
// withKinds (fd.Variant.WithEvents), from which engine/fd's codec and
// EventPhrase learn them. The table stays engine/fd's (variants.go,
// variant_listed.go, variant_pairs.go): its rows, their order (the §6(a)
// season, then §6(b), (c) and the annexes), the spec's pairs, the parser
// and Config.EnableVariant; a row names its variant by id
// (registeredVariant), so the order a record, VariantList and `pitwall
// variants` list is the table's, never the inits'. engine/fd cannot
// import this package (it imports engine/fd); a program or test binary
// that lists, parses, plays or reloads variants imports it, blank if it
// names nothing of it:
//
//	import _ "github.com/pitwall/pitwall/engine/fd/variants"
//
// One that does not panics at the table's first read, naming this import.
// bot names a few exported readers (BlitzHeat, ParsePotRules, ParseTune,
// EvoLimits, ClockCapital, MarathonCarries …) for its league commands.
//
// Like all of engine, it does no I/O, reads no clock and rolls every die
// through the dice.Source it is handed. It imports engine/fd, engine/dice,
// engine/league, engine/phrase and tracks only: never a rules module's
// package (engine/fd/fdr, engine/fd/street; a variant on fdr asks through
// the base's hooks), nor bot, render, persistence, transport, cmd or
// internal (.ci/check-imports.sh).
package variants
