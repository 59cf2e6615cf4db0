package fd

import (
	"fmt"
	"maps"
	"slices"
	"sync/atomic"
)

// What the league variants ask of engine/fd from their own package,
// engine/fd/variants (issue 13), which sees only engine/fd's exported API
// (the compiler holds that since the move). Each host function is a thin
// wrapper of the base's own, so a variant plays exactly what it played
// when its file was engine/fd's (the frozen records and `pitwall variants`
// hold it).
//
// The variants table (variants.go, variant_listed.go) stays the base's: it
// is the order of league-variants.md §6 that `pitwall variants`, the
// record's options and VariantList keep, and Config's switches are methods
// of engine/fd's type. A variant in another package registers its
// constructor by id (RegisterVariant) from its package's init, and its row
// of the table names the id (registeredVariant): the table, not the
// order the inits run in, keeps the §6 order.

// ModuleVariant makes a registry entry of a variant built as a module, as
// a variant's constructor returns it: the configuration keeps the
// variant's id and parameters (the record's options are written from
// them), and build makes the module from them when the variant is switched
// on, refusing bad parameters (modules.go's moduleVariant).
func ModuleVariant(v Variant, build func(p map[string]string) (any, error)) Variant {
	return moduleVariant(v, build)
}

// variantRegistry holds the constructors of variants registered by id
// from an init. It is written during init only: the first table row read
// seals it, so that the registry every game reads is read-only while games
// run (bot, render and the autopilots read the table concurrently), as
// the rules modules' (registry.go).
type variantRegistry struct {
	made   map[string]func() Variant
	sealed atomic.Bool
}

// registeredVariants are the variants registered from their package's
// init.
var registeredVariants = &variantRegistry{made: map[string]func() Variant{}}

// RegisterVariant registers the constructor of the league variant id,
// which a row of the variants table names (registeredVariant); call it
// from the variant's package init. It panics on a second registration of
// id or a registration after the table was first read.
func RegisterVariant(id string, newVariant func() Variant) {
	registeredVariants.register(id, newVariant)
}

func (r *variantRegistry) register(id string, newVariant func() Variant) {
	if r.sealed.Load() {
		panic(fmt.Sprintf("fd: variant %q registered after the variants table was read: register it in an init function", id))
	}
	if newVariant == nil {
		panic(fmt.Sprintf("fd: variant %q registered without a constructor", id))
	}
	if _, twice := r.made[id]; twice {
		panic(fmt.Sprintf("fd: variant %q registered twice", id))
	}
	r.made[id] = newVariant
}

// row is the table's entry of the variant id, made by its registered
// constructor. A row whose variant no package registered panics: the
// program forgot to import the variants' package, and a table without the
// row would list, record and play other games than the ones it should.
func (r *variantRegistry) row(id string) Variant {
	r.sealed.Store(true)
	newVariant, ok := r.made[id]
	if !ok {
		panic(fmt.Sprintf("fd: variant %q is in the variants table but not registered: import its package (engine/fd/variants)", id))
	}
	v := newVariant()
	if v.ID != id {
		panic(fmt.Sprintf("fd: variant %q registered a constructor of %q", id, v.ID))
	}
	return v
}

// WithEvents is v with the event kinds only its variant writes, each said
// as a module's kind is (ModuleEvent, EventModule): the codec's kind table
// and EventPhrase learn them from the variant's registered entry, so a
// record's line of such a kind reads before any game plays the variant.
func (v Variant) WithEvents(kinds ...ModuleEvent) Variant {
	v.events = kinds
	return v
}

// events lists the kinds of every registered variant (WithEvents), by id,
// sealing the registry as the table's first read does, so that the kind
// table built from it cannot miss a later registration.
func (r *variantRegistry) events() []ModuleEvent {
	r.sealed.Store(true)
	var out []ModuleEvent
	for _, id := range slices.Sorted(maps.Keys(r.made)) {
		out = append(out, r.made[id]().events...)
	}
	return out
}

// registeredVariant is the row of the variants table for the variant id
// registered by its package (RegisterVariant), in the table's place.
func registeredVariant(id string) Variant { return registeredVariants.row(id) }

// NewParam is a variant's parameter with its default and help; values,
// when given, are its legal values (ParseVariantSpec refuses others). A
// variant's entry declares its parameters with it as the table's listed
// rows do (variant_listed.go's param), so that `pitwall variants` and the
// record's header read the same.
func NewParam(key, def, help string, values ...string) VariantParam {
	return param(key, def, help, values...)
}

// AlsoCalled gives a parameter the other names the spec calls it by
// (Aliases): ParseVariantSpec reads them, the record keeps Key.
func (p VariantParam) AlsoCalled(names ...string) VariantParam { return p.aka(names...) }

// The chapters of league-variants.md §2, as a variant's entry writes them
// (Variant.Chapter): the table's own spelling (variant_listed.go), so that
// a variant in another package lists under the same chapter as before.
const (
	ChapterQualifying = chQualifying
	ChapterRace       = chRace
	ChapterWeather    = chWeather
	ChapterPits       = chPits
	ChapterCar        = chCar
	ChapterGearbox    = chGearbox
	ChapterTyres      = chTyres
	ChapterStart      = chStart
	ChapterBendExit   = chBendExit
	ChapterCollision  = chCollision
	ChapterWall       = chWall
	ChapterEngine     = chEngine
	ChapterRoadHold   = chRoadHold
	ChapterPitStops   = chPitStops
	ChapterElim       = chElim
	ChapterFinish     = chFinish
	ChapterExperience = chExperience
	ChapterSide       = chSide
	ChapterTeam       = chTeam
	ChapterAnnexes    = chAnnexes
)

// LeagueVariant marks v as a variant the league layer applies (engine/league,
// bot), not a game switch: VariantList counts it implemented, and a game
// refuses it with the sentence that a league plays it.
func LeagueVariant(v Variant) Variant {
	v.byLeague = true
	return v
}

// NewVariantSlot registers a league variant's per-car slot whose position
// flag is flag ("pit-held"; a count repeats it, "mechanics-point"): the
// base writes it in a car's position and reads it back (restoreSlots), as
// slot.go's newSlot, where a rules module's NewSlot reads its own. Call it
// only in a package-level var declaration.
func NewVariantSlot[T slotValue](flag string) Slot[T] { return newSlot[T](flag) }

// NewVariantSharedSlot registers a variant's slot that shares its position
// flag with other variants' slots ("pilot-point": 23-A's, 23-C's and
// 4-B's), as slot.go's newSharedSlot: a position repeats the flag once a
// unit of their sum. Call it only in a package-level var declaration.
func NewVariantSharedSlot[T slotValue](flag string) Slot[T] { return newSharedSlot[T](flag) }

// The precedences of the distance modifiers' chain (DistanceModifier): what
// is lost soonest is spent first, so a variant states where its ±1 stands
// among the others' (docs/engine.md, "How to add a league variant").
const (
	PrecedenceLap    = precedenceLap    // lost when the car crosses the line
	PrecedenceRace   = precedenceRace   // lost at the flag
	PrecedenceLedger = precedenceLedger // carried in the league's ledger
)

// OneSquareDeltas are the deltas a ±1 modifier may offer this play (§0.4):
// none in qualifying or on a move no die rolled, only +1 for a move of one
// space; the same for every ±1, so that the chain offers one delta a move.
func OneSquareDeltas(t Turn) []int { return oneSquare(t) }

// CategoryTerm is a wear category's word for a phrase's argument (the
// catalog says it in the reader's language); a name that is no category
// says nothing. A variant that says a car's life points category by
// category writes each word with it, as the status text does.
func CategoryTerm(name string) any { return categoryTerm(name) }

// JoinInts writes a list of numbers as a record line's value does
// ("3,1,2"), for a variant's sentence that lists cars.
func JoinInts(xs []int) string { return joinInts(xs) }

// NewVariantChoiceSlot registers a league variant's per-car slot holding
// one of settings, its fixed list (a slot holds no string): 0 is none set,
// i+1 settings[i]; a position says it as the flag name-setting
// ("lock-A1"), as slot.go's newChoiceSlot. Call it only in a package-level
// var declaration.
func NewVariantChoiceSlot(name string, settings []string) Slot[int] {
	return newChoiceSlot(name, settings)
}

// PlaysVariant reports whether the configuration plays the variant id: a
// variant refused beside another (5-C beside 5-B) asks it in its Check.
func (c Config) PlaysVariant(id string) bool {
	for _, m := range c.Variants.modules {
		if m.id == id {
			return true
		}
	}
	return false
}

// VariantTaken refuses variant id because variant by already fills a hook
// only one may fill, or rules out id (what says why), in the sentence
// every such refusal says (modules.go's taken).
func VariantTaken(id, by, what string) error { return taken(id, by, what) }

// Aquaplane plays the weather matrix's "Aquaplaning" row at the end of a
// play (weather_matrix.go's aquaplane, league AMB-26): the raw d20 of a
// move that aquaplanes in its gear drops the car one gear, free. 3-A's
// deluge plays the row without 8-C's matrix, from the base's table; 8-C
// reads it in every weather, from its PlayEnd.
func Aquaplane(t Turn) { aquaplane(t) }

// ModuleParts makes one variant's module of several parts, each with its
// own hooks (6-B's Super Top and its refusal of a test):
// Config.eachModule hands each part on as a module (modules.go's
// moduleParts).
func ModuleParts(parts ...any) any { return moduleParts(parts) }

// NewTestRefusal is the declaration of a refused test (test_refusal.go:
// held with the gear, lettered mark, its option telling fact) over what
// it spends: left is what a car may still spend on a refusal, spend
// spends one and says what it was, for the event. One mechanism for 6-B's
// Super Top and 23-A(d)'s pilot point.
func NewTestRefusal(mark, fact string, left func(c *Car) int, spend func(c *Car) (by string)) any {
	return testRefusal{mark: mark, source: refusalFuncs{left: left, spend: spend}, fact: fact}
}

// refusalFuncs is a refusal's source given as its two functions, so that a
// variant in another package, whose methods cannot fill refusalSource's,
// gives them.
type refusalFuncs struct {
	left  func(c *Car) int
	spend func(c *Car) string
}

func (r refusalFuncs) refusalsLeft(c *Car) int    { return r.left(c) }
func (r refusalFuncs) spendRefusal(c *Car) string { return r.spend(c) }

// CategoryNames are the wear categories' names in the car's order
// (tyres … handling), as a refusal lists the names it reads (20-B's cut).
func CategoryNames() []string { return slices.Clone(categoryNames[:]) }

// MaxMarkerPassages bounds the passages that clean a debris marker (17-D's
// parameter): the bound of a position's passages= count (markers.go), so
// that every count a variant allows a position can write and read back.
const MaxMarkerPassages = maxPassages
