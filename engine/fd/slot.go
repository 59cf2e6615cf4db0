package fd

import (
	"fmt"
	"sync/atomic"
)

// Per-car module state (issue 13, engine-modules.md's Slot[T]): a module
// that keeps something per car (6-A's Top spent this lap, 19-F's engineer
// points spent …) declares a Slot in its own file instead of a field of
// Car that every ruleset would carry.
//
// Unlike engine-modules.md's sketch (a Slot named by a string, its values
// held elsewhere), a slot's value lives inside the Car, in a fixed array
// (carSlots): a Car copied by value (MovesIf's look-ahead, the
// autopilot's candidates, a qualifying session, a snapshot) copies its
// module state with it, so a look-ahead can never write into the real
// game, and a read is a plain load (Pending read by many goroutines stays
// race-free). A slot also names its position flag, so positions and
// snapshots carry it with the same text as the field did.
//
// A rules module in a package of its own (street's) declares its slots
// with NewSlot in a package-level var: its package initialises after
// engine/fd's, so its slots take the places after engine/fd's own. A
// slot's place is no text: positions write the slots by flag in the
// orders position.go names (positionSlots*), whatever the places.

// maxCarSlots bounds the module slots a Car holds; newSlot panics (at
// package init, so every test fails) beyond it. Raise it when a module
// needs one more: a Car grows by 4 bytes a slot.
const maxCarSlots = 33

// carSlots is a Car's module state: one word a slot, a value type.
type carSlots [maxCarSlots]int32

// slotValue is what a slot holds: a flag or a count.
type slotValue interface{ bool | int }

// Slot is a module's typed state of each car (Of, Set).
type Slot[T slotValue] struct{ index int }

// carSlotSpec describes a registered slot for positions: its flag, and
// whether the flag is repeated once a unit (a count) or written once (a
// flag).
//
// A shared slot is one of several counts a position says under one flag
// (23-A's, 23-C's and 4-B's spent pilot points are each a "pilot-point"):
// its modules write and read the flag themselves, so the position's
// generic code leaves it alone. A checked slot is read from a position by
// its module, which checks it against the rest of the car (fdr's wreck is
// eliminated and on a space), not by restoreSlots; a keyed one is no flag
// at all: its module writes and reads it as a key of the position line
// (fdr's arrival=), flag being that key. A choice slot holds one of its
// variant's fixed settings (5-B's wing, 5-C's lock: 0 none, i+1 the
// i-th), and a position says it as one of several flags, choices[i]
// ("wing-loaded"), flag being only its name in position.go's orders. A
// module's slot is declared by a rules module of its own package
// (NewSlot), which reads its slots back from a position itself
// (RulesModule's StartCar), so that only its ruleset's cars take them.
type carSlotSpec struct {
	flag    string
	count   bool
	kind    slotKind
	choices []string // a choice slot's flags, by setting
}

// slotKind says who writes a slot into a position and reads it back.
type slotKind uint8

const (
	slotPlain   slotKind = iota // position.go, by flag
	slotShared                  // its modules, under a flag they share
	slotChecked                 // written by flag, read back by its module
	slotKeyed                   // its module, as a key of the line
	slotChoice                  // position.go, one flag a setting
	slotModule                  // a rules module of its own package
)

// readByItsModule reports whether a position's slot is read back by its
// module rather than by restoreSlots.
func (s carSlotSpec) readByItsModule() bool {
	return s.kind == slotChecked || s.kind == slotKeyed || s.kind == slotModule
}

// carSlotSpecs are the registered slots, by index. Filled only while the
// packages' variables are initialised (newSlot, NewSlot), read-only
// afterwards: the first position written seals them (slotsSealed).
var (
	carSlotSpecs []carSlotSpec
	slotsSealed  atomic.Bool
)

// newSlot registers a slot whose position flag is flag ("top-used"; a
// count repeats it, "engineer-point"). Call it only in a package-level
// var declaration.
func newSlot[T slotValue](flag string) Slot[T] {
	return registerSlot[T](carSlotSpec{flag: flag})
}

// newSharedSlot registers a slot that shares its position flag with
// other modules' slots: a position repeats flag once a unit of their sum
// (sharedSlotsCount; a flag counts one), and the modules share a
// position's count out again themselves (restorePilotPoints). Call it
// only in a package-level var declaration.
func newSharedSlot[T slotValue](flag string) Slot[T] {
	return registerSlot[T](carSlotSpec{flag: flag, kind: slotShared})
}

// newCheckedSlot registers a flag slot its module reads from a position
// itself (restoreSlots leaves it), as fdr's wreck, which must be an
// eliminated car on a space (R12.6).
func newCheckedSlot[T slotValue](flag string) Slot[T] {
	return registerSlot[T](carSlotSpec{flag: flag, kind: slotChecked})
}

// newKeyedSlot registers a slot its module writes and reads as the key
// key= of a position line (fdr's arrival=, R6.8), never as a flag.
func newKeyedSlot[T slotValue](key string) Slot[T] {
	return registerSlot[T](carSlotSpec{flag: key, kind: slotKeyed})
}

// newChoiceSlot registers a slot holding one of settings, a variant's
// fixed list (a slot holds no string): 0 is none set, i+1 settings[i].
// A position says it as the flag name-setting ("wing-loaded", "lock-A1"),
// nothing for 0; name is the slot's name in position.go's orders. Call
// it only in a package-level var declaration.
func newChoiceSlot(name string, settings []string) Slot[int] {
	choices := make([]string, len(settings))
	for i, s := range settings {
		choices[i] = name + "-" + s
	}
	return registerSlot[int](carSlotSpec{flag: name, kind: slotChoice, choices: choices})
}

// NewSlot registers a rules module's per-car slot (street's nitro, its
// driver …) whose position flag is flag, "" for a slot a position writes
// in a key of its own (street's driver=); the module reads its flags back
// in its StartCar. Call it only in a package-level var declaration of the
// module's package: it panics once a position was written, and beyond
// maxCarSlots.
func NewSlot[T slotValue](flag string) Slot[T] {
	return registerSlot[T](carSlotSpec{flag: flag, kind: slotModule})
}

// sharedSlotsCount is the sum of car c's shared slots under flag: the
// times a position repeats it.
func sharedSlotsCount(c *Car, flag string) int {
	n := 0
	for i, s := range carSlotSpecs {
		if s.kind == slotShared && s.flag == flag {
			n += int(c.slots[i])
		}
	}
	return n
}

// registerSlot appends the slot's spec: a flag once, unless every slot
// under it is shared.
func registerSlot[T slotValue](spec carSlotSpec) Slot[T] {
	flag := spec.flag
	if slotsSealed.Load() {
		panic(fmt.Sprintf("fd: slot %q registered after the first position: declare it in a package-level var", flag))
	}
	if len(carSlotSpecs) == maxCarSlots {
		panic(fmt.Sprintf("fd: slot %q: more than maxCarSlots (%d) per-car module slots", flag, maxCarSlots))
	}
	for _, s := range carSlotSpecs {
		if flag != "" && s.flag == flag && !(spec.kind == slotShared && s.kind == slotShared) {
			panic(fmt.Sprintf("fd: slot flag %q registered twice", flag))
		}
	}
	var zero T
	_, spec.count = any(zero).(int)
	spec.count = spec.count && spec.kind != slotChoice // a choice repeats no flag
	carSlotSpecs = append(carSlotSpecs, spec)
	return Slot[T]{index: len(carSlotSpecs) - 1}
}

// Of reads the car's value; it writes nothing.
func (s Slot[T]) Of(c *Car) T {
	var v T
	switch p := any(&v).(type) {
	case *bool:
		*p = c.slots[s.index] != 0
	case *int:
		*p = int(c.slots[s.index])
	}
	return v
}

// Set writes the car's value.
func (s Slot[T]) Set(c *Car, v T) {
	switch x := any(v).(type) {
	case bool:
		c.slots[s.index] = 0
		if x {
			c.slots[s.index] = 1
		}
	case int:
		c.slots[s.index] = int32(x)
	}
}

// flagIn and countIn read a slot as a plain load, as a field read was:
// Of's type switch through the generic dictionary is a call that made a
// hot reader (OnBoard, inlined into Occupied) too costly to inline. The
// accessors of the hottest slots (fdr's isWreck, inertia, arrival) use
// these.
func flagIn(c *Car, s Slot[bool]) bool { return c.slots[s.index] != 0 }

func countIn(c *Car, s Slot[int]) int { return int(c.slots[s.index]) }

// slotByFlag finds the registered slot of a position flag; a shared
// slot is no flag's own, so it is never found.
func slotByFlag(flag string) (int, bool) {
	if flag == "" {
		return 0, false // a slot without a flag is read by its module only
	}
	for i, s := range carSlotSpecs {
		if s.flag == flag && s.kind != slotShared {
			return i, true
		}
	}
	return 0, false
}

// moduleSlotByFlag is slotByFlag for the readers by flag (ModuleFlag
// …): a choice slot's name is no flag, and its value an index only its
// variant's file reads (5-B's wingOf, 5-C's fittedLock).
func moduleSlotByFlag(flag string) (int, bool) {
	i, ok := slotByFlag(flag)
	return i, ok && carSlotSpecs[i].kind != slotChoice
}

// ModuleFlag reads a module's per-car flag by its position flag
// ("top-used"), for readers outside the engine (render's tests); false
// for a flag no module registered.
func (c *Car) ModuleFlag(flag string) bool {
	i, ok := moduleSlotByFlag(flag)
	return ok && c.slots[i] != 0
}

// ModuleCount reads a module's per-car count by its position flag
// ("engineer-point"); 0 for a flag no module registered.
func (c *Car) ModuleCount(flag string) int {
	if i, ok := moduleSlotByFlag(flag); ok {
		return int(c.slots[i])
	}
	return 0
}

// SetModuleFlag sets a module's per-car flag by its position flag, as a
// position would; it reports false for a flag no module registered as a
// flag.
func (c *Car) SetModuleFlag(flag string, on bool) bool {
	i, ok := moduleSlotByFlag(flag)
	if !ok || carSlotSpecs[i].count {
		return false
	}
	Slot[bool]{index: i}.Set(c, on)
	return true
}

// SetModuleCount sets a module's per-car count by its position flag, as
// a position would (render's tests boost a car); it reports false for a
// flag no module registered as a count.
func (c *Car) SetModuleCount(flag string, n int) bool {
	i, ok := moduleSlotByFlag(flag)
	if !ok || !carSlotSpecs[i].count {
		return false
	}
	Slot[int]{index: i}.Set(c, n)
	return true
}

// appendSlotFlags appends the position flags of the slots named in order
// (positionSlotFlags*), as positions have always written them: a flag
// once, a count once a unit, a choice as its setting's flag.
func appendSlotFlags(flags []string, c *Car, order []int) []string {
	for _, i := range order {
		if carSlotSpecs[i].kind == slotChoice {
			if v := c.slots[i]; v > 0 {
				flags = append(flags, carSlotSpecs[i].choices[v-1])
			}
		} else if carSlotSpecs[i].count {
			for range c.slots[i] {
				flags = append(flags, carSlotSpecs[i].flag)
			}
		} else if c.slots[i] != 0 {
			flags = append(flags, carSlotSpecs[i].flag)
		}
	}
	return flags
}

// restoreSlots sets every slot engine/fd declares of the car from a
// position's flags (a choice slot from the flag of its setting, none
// without one); a shared slot is left at zero for its module to
// restore, and a checked one (fdrStartCar) or a rules module's (its
// StartCar, called before) is its module's to read.
func restoreSlots(c *Car, flags []string) {
	for i, s := range carSlotSpecs {
		if s.readByItsModule() {
			continue
		}
		c.slots[i] = 0
		switch {
		case s.kind == slotChoice:
			for j, f := range s.choices { // the last flag given wins, as the fields' readers did
				if contains(flags, f) {
					c.slots[i] = int32(j + 1)
				}
			}
		case s.kind == slotShared:
		case s.count:
			c.slots[i] = int32(countFlag(flags, s.flag))
		case contains(flags, s.flag):
			c.slots[i] = 1
		}
	}
}

// moduleSlotOrder maps the flags of rules modules' slots to slot indexes,
// passing over a flag no linked module registered (a program without the
// street module has no nitro slot); it seals the slots.
func moduleSlotOrder(flags ...string) []int {
	slotsSealed.Store(true)
	order := make([]int, 0, len(flags))
	for _, f := range flags {
		if i, ok := slotByFlag(f); ok {
			order = append(order, i)
		}
	}
	return order
}

// slotOrder maps flags to slot indexes; every flag must be registered.
func slotOrder(flags ...string) []int {
	order := make([]int, 0, len(flags))
	for _, f := range flags {
		i, ok := slotByFlag(f)
		if !ok {
			panic(fmt.Sprintf("fd: position slot flag %q: no module registered it", f))
		}
		order = append(order, i)
	}
	return order
}
