// Package phrasebook is the one catalog that says the engine's phrases
// (package engine/phrase) in English and in French: an option's facts,
// why it eliminates a car, the words of the rules (catalog.go); what
// happened, the engine's causes, the board's last-play summary and the
// header of a decision (catalog_events.go). bot (replies, mails,
// Discord posts, web pages) and render (boards) both say phrases through
// it, so a player reads the same words in text and on the board.
//
// It owns the wording, pluralisation ({N|one|many}), French elision ({de
// N}), ordinals and percentages. Of Pitwall's packages it imports only
// engine/phrase; it must not import the rules (engine/fd …), render, bot
// or anything that does I/O (.ci/check-imports.sh).
package phrasebook
