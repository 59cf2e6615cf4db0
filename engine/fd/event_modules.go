package fd

import (
	"maps"
	"reflect"
	"slices"
	"strconv"
	"sync"

	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/tracks"
)

// The event kinds of rules modules in packages of their own (issue 13: a
// kind's struct, its text codec and its phrase live with the module that
// emits it). engine/fd cannot import such a module, so the codec learns its
// kinds through the rulesets table: a row names its module
// (RulesetInfo.rulesModule), the module's registered constructor gives a
// module value, and that value lists its kinds (EventModule). No kind is
// registered on its own: a record's header names its ruleset, the table
// its module, the module its kinds, so a replay decodes a street line
// before any street game exists. The codec's table is built at its first
// use and is read-only after (bot, render and the autopilots read it
// concurrently); building it seals the module registry, as the first game
// does.

// ModuleEvent is one event kind of a rules module: its struct (a zero
// value, tagged as events_typed.go's are) and how it is told.
type ModuleEvent struct {
	Event TypedEvent
	// Silent: the kind carries state, not news (IsSilent); it is never
	// said.
	Silent bool
	// CarOnly: the kind says only that its car did something, as the
	// catalog's "ev.did.KIND" says it, even from a line the codec refuses.
	CarOnly bool
}

// EventModule is a rules module with event kinds of its own. Each kind
// that is neither Silent nor CarOnly says itself (PhrasedEvent).
type EventModule interface {
	Events() []ModuleEvent
}

// PhrasedEvent is a module's event that says itself as a language-neutral
// phrase, as EventPhrase says engine/fd's own; c names the places of the
// event (nil: none named).
type PhrasedEvent interface {
	TypedEvent
	Phrase(c *tracks.Circuit) phrase.Phrase
}

// kindTable is what the codec and the phrases know of every kind:
// engine/fd's own (eventKinds) and the linked modules'.
type kindTable struct {
	plans   map[string]*kindPlan
	silent  map[string]bool // silentKinds and the modules' Silent kinds
	carOnly map[string]bool // carOnlyKinds and the modules' CarOnly kinds
}

// codecKinds is the kind table, built once at its first use.
var codecKinds = sync.OnceValue(func() *kindTable { return buildKindTable(linkedModuleEvents()) })

// linkedModuleEvents lists the kinds of every module the rulesets table
// names and this program links, in the table's order, then those of every
// league variant this program links (Variant.WithEvents), by id; sealing
// both registries, so that the list cannot change after.
func linkedModuleEvents() []ModuleEvent {
	modulesSealed.Store(true)
	var out []ModuleEvent
	seen := map[string]bool{}
	for _, info := range rulesets {
		name := info.rulesModule
		if name == "" || seen[name] || registeredModules[name] == nil {
			continue
		}
		seen[name] = true
		if m, ok := registeredModules[name]().(EventModule); ok {
			out = append(out, m.Events()...)
		}
	}
	return append(out, registeredVariants.events()...) // the league variants' own (WithEvents)
}

// buildKindTable plans engine/fd's kinds and the modules'; it panics on a
// kind planned twice or a module kind that cannot say itself (a
// programming error any test catches).
func buildKindTable(modules []ModuleEvent) *kindTable {
	kinds := slices.Clone(eventKinds)
	t := &kindTable{silent: maps.Clone(silentKinds), carOnly: maps.Clone(carOnlyKinds)}
	for _, m := range modules {
		kinds = append(kinds, m.Event)
		kind := m.Event.EventKind()
		if _, says := m.Event.(PhrasedEvent); !says && !m.Silent && !m.CarOnly {
			panic("fd: module event kind " + kind + " is news but has no Phrase")
		}
		t.silent[kind] = t.silent[kind] || m.Silent
		t.carOnly[kind] = t.carOnly[kind] || m.CarOnly
	}
	t.plans = planKinds(kinds)
	return t
}

// KnownKinds lists the structs of every kind the codec reads: engine/fd's
// own and those of the rules modules linked into this program (for tests
// and fuzz targets that walk every kind).
func KnownKinds() []TypedEvent {
	t := codecKinds()
	out := make([]TypedEvent, 0, len(t.plans))
	for _, kind := range slices.Sorted(maps.Keys(t.plans)) {
		out = append(out, reflect.Zero(t.plans[kind].typ).Interface().(TypedEvent))
	}
	return out
}

// CarPhrase names a car as every event phrase does ("car 3"), for the
// modules' PhrasedEvent.
func CarPhrase(car int) phrase.Phrase { return phrase.New("ev.car", strconv.Itoa(car)) }

// SpacePlacePhrase is the suffix naming where a space is on c ("at the
// exit of Mere"), the zero phrase when c is nil or does not name it.
func SpacePlacePhrase(c *tracks.Circuit, space string) phrase.Phrase {
	return placeSuffix(c, "ev.space-place", space)
}

// The helpers engine/fd's own phrases use, for the league variants' kinds
// (engine/fd/variants/events.go), so that a kind that moved there says
// word for word what it said here.

// RollPurposePhrase names what a roll was for ("roll.gear" …), "a die"
// for a purpose the catalog does not name.
func RollPurposePhrase(purpose string) phrase.Phrase { return rollPurpose(purpose) }

// AtPlacePhrase is the suffix naming where a space is on c ("at the exit
// of Mere"), the zero phrase when c is nil or does not name it.
func AtPlacePhrase(c *tracks.Circuit, space string) phrase.Phrase {
	return placeSuffix(c, "ev.at-place", space)
}

// ListPhrase says parts as one list ("a, b and c").
func ListPhrase(parts []phrase.Phrase) phrase.Phrase { return listPhrase(parts) }

// WingSettingTerm is the catalog's word for a wing setting of the record
// (league 5-B), the setting as written when the catalog has none.
func WingSettingTerm(setting string) any { return knownTerm("wing.", setting, wingSettings) }

// LockLevelTerm is the catalog's word for a steering lock level of the
// record (league 5-C), the level as written when the catalog has none.
func LockLevelTerm(level string) any { return knownTerm("lock.", level, lockLevels) }
