package fd

import (
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A slot lives in the Car: a copy of the car (a look-ahead's, a
// qualifying session's) is a copy of its module state, so writing the
// copy leaves the real car as it was, and the other way round. The
// variants' slots (6-A's Top, 16-B's pedal) are named by their position
// flags, as readers outside their files name them.
func TestSlotIsCopiedWithTheCar(t *testing.T) {
	h := fdrPlayCfg(t, fdrLab(t), fdrVariantCfg(t, "6-A", "16-B"), Position{Round: 1, Cars: []CarPosition{fdrAt("long.2.1", 3)}})
	real := h.car(1)
	copied := *real
	require.True(t, copied.SetModuleFlag("top-used", true))
	assert.True(t, copied.ModuleFlag("top-used"))
	assert.False(t, real.ModuleFlag("top-used"), "the copy's write stays in the copy")
	require.True(t, real.SetModuleFlag("pedal-used", true))
	assert.False(t, copied.ModuleFlag("pedal-used"), "the real car's write stays in the real car")

	before := *real
	require.NotEmpty(t, h.g.MovesIf(4, 10), "a look-ahead with the Top and the pedal open")
	assert.Equal(t, before, *real, "a look-ahead leaves the car's slots as they were")
}

// Each slot is its own word: setting one changes no other, and a count
// holds its number.
func TestSlotsAreIndependent(t *testing.T) {
	var c Car
	require.True(t, c.SetModuleFlag("top-used", true))
	assert.True(t, c.ModuleFlag("top-used"))
	assert.False(t, c.ModuleFlag("super-top-used"))
	assert.False(t, c.ModuleFlag("pedal-used"))
	assert.False(t, c.ModuleFlag("telemetry-used"))
	assert.Equal(t, []string{"top-used"}, slotFlagsWritten(&c), "one slot set, one flag written")
	require.True(t, c.SetModuleFlag("top-used", false))
	assert.Equal(t, carSlots{}, c.slots, "unset, the car holds no module state")

	// Readers outside engine/fd go by the position flag, and reach the
	// slot a position writes under it.
	require.True(t, c.SetModuleCount("engineer-point", 3))
	assert.Equal(t, 3, c.ModuleCount("engineer-point"))
	assert.Equal(t, []string{"engineer-point", "engineer-point", "engineer-point"}, slotFlagsWritten(&c))
	assert.Zero(t, c.ModuleCount("no-such-flag"))
	assert.False(t, c.SetModuleFlag("engineer-point", true), "a count is not a flag")
	assert.True(t, c.SetModuleFlag("pit-held", true))
	assert.True(t, c.ModuleFlag("pit-held"))
	assert.Contains(t, slotFlagsWritten(&c), "pit-held", "19-D's hold is set")
	assert.False(t, c.ModuleFlag("no-such-flag"))
}

// slotFlagsWritten are the flags a position writes of c's slots, in
// position.go's orders.
func slotFlagsWritten(c *Car) []string {
	o := positionSlots()
	return appendSlotFlags(nil, c, slices.Concat(o.afterPitting, o.afterRadio, o.afterPilotPoints, o.chosenBoosters, o.afterBoosters))
}

// Every flag slot a module registers is written into a position at one
// place (the text of a stored snapshot is fixed) and is a known position
// flag; a keyed slot (fdr's arrival=) is a key of the line, never a flag.
// Reading a position back restores each slot engine/fd reads exactly and
// leaves the checked ones (fdr's wreck) to their module.
//
// A rules module's slots (street's, registered by the street package this
// test binary links) are placed the same way, but read back by the module
// (StartCar), so restoreSlots leaves them; a module slot without a flag
// (street's driver) is no position flag: its module writes it in a key of
// its own (driver=, DriverModule).
func TestEverySlotIsInAPosition(t *testing.T) {
	order := positionSlots()
	placed := slices.Concat(order.afterPitting, order.afterRadio, order.afterPilotPoints, order.chosenBoosters, order.afterBoosters)
	modules := 0
	for i, s := range carSlotSpecs {
		if s.kind == slotModule {
			modules++
		}
		if s.kind == slotModule && s.flag == "" {
			assert.Zero(t, countOf(placed, i), "a slot without a flag is not a position flag")
			continue
		}
		if s.kind == slotKeyed {
			assert.Zero(t, countOf(placed, i), "keyed slot %q is no flag", s.flag)
			assert.NotContains(t, positionFlags, s.flag)
			continue
		}
		want := 1
		if s.kind == slotShared {
			want = 0 // its modules write and read it (pilotPointsSpent, restorePilotPoints)
		}
		assert.Equal(t, want, countOf(placed, i), "slot %q is written once into a position, unless shared", s.flag)
		if s.kind == slotChoice {
			assert.NotContains(t, positionFlags, s.flag, "a choice slot's name is no flag")
			assert.Subset(t, positionFlags, s.choices, "choice slot %q says its settings' flags", s.flag)
			continue
		}
		assert.Contains(t, positionFlags, s.flag)
	}
	assert.Equal(t, 4, modules, "street's driver, nitro, drop and radio")
	var c Car
	for i := range carSlotSpecs {
		c.slots[i] = int32(i%2 + 1)
		if !carSlotSpecs[i].count {
			c.slots[i] = int32(i % 2)
		}
	}
	flags := appendSlotFlags(nil, &c, placed)
	var back Car
	for i := range back.slots {
		back.slots[i] = 7 // overwritten by a position, but a shared slot is its modules' to restore, a checked or a module's slot its module's to read
	}
	restoreSlots(&back, flags)
	for i, s := range carSlotSpecs {
		switch {
		case s.readByItsModule():
			assert.EqualValues(t, 7, back.slots[i], "slot %d (%q) is its module's to read back: restoreSlots leaves it", i, s.flag)
		case s.kind == slotShared:
			assert.Zero(t, back.slots[i], "shared slot %d (%q)", i, s.flag)
		default:
			assert.Equal(t, c.slots[i], back.slots[i], "slot %q", s.flag)
		}
	}
}

// 23-A's, 23-C's and 4-B's spent pilot points are each their own file's
// slot, and a position says their sum as "pilot-point" flags, as it
// said the three fields' sum; reading it back shares them out in the
// chain's order (the nationality point first).
func TestSharedPilotPointSlots(t *testing.T) {
	var c Car
	var shared []int
	for i, s := range carSlotSpecs {
		if s.kind == slotShared && s.flag == "pilot-point" {
			shared = append(shared, i)
		}
	}
	require.Len(t, shared, 3, "23-A's earned, 23-C's nationality and 4-B(b)'s team points")
	flags := 0
	for _, i := range shared {
		c.slots[i] = 1 // the nationality point: a flag
		if carSlotSpecs[i].count {
			c.slots[i] = 2 // earned or team points: counts
		} else {
			flags++
		}
	}
	require.Equal(t, 1, flags, "one flag, two counts")
	assert.Equal(t, 5, c.pilotPointsSpent())
	assert.Zero(t, c.ModuleCount("pilot-point"), "a shared flag is no one slot's")

	// Two spent, shared out: the nationality point first, then one of the
	// two earned. The lap's Top (6-A) comes first in the chain, then the
	// one earned point left, then nothing; team points (4-B) are not in
	// this race.
	h := fdrPlayCfg(t, fdrLab(t), fdrVariantCfg(t, "6-A", "23-A:uses=2/0", "23-C:uses=1/0"), Position{Round: 1, Cars: []CarPosition{
		fdrAt("long.2.1", 3).flag("pilot-point").flag("pilot-point"),
	}})
	assert.Equal(t, 1, h.g.PilotPointsLeft(1), "three open, two spent")
	assert.Equal(t, 2, countFlag(h.g.Position().Cars[0].Flags, "pilot-point"))
	longer := func(op Option) bool { return op.Top == 1 && len(op.Path) == 11 && op.Braked == 0 }
	h.gear(4, 10)
	h.pick(longer)
	assert.Contains(t, h.since(), "top car=1 delta=1", "the lap's Top first")
	h.gear(4, 10)
	h.pick(longer)
	assert.Contains(t, h.since(), "pilot-point car=1 delta=1 point=earned", "the nationality point was spent: an earned one")
	h.gear(4, 10)
	assert.Empty(t, h.find(func(op Option) bool { return op.Top != 0 }), "one earned point had been spent: none left")
}

func countOf(list []int, v int) int {
	n := 0
	for _, x := range list {
		if x == v {
			n++
		}
	}
	return n
}

// The slots' flags go where the fields' went, in the same order, and a
// position read back plays on with them.
func TestSlotsInAPositionKeepTheirText(t *testing.T) {
	cfg := fdrVariantCfg(t, "6-A", "6-B", "16-B")
	h := fdrPlayCfg(t, fdrLab(t), cfg, Position{Round: 1, Cars: []CarPosition{
		fdrAt("long.2.1", 3).flag("top-used").flag("super-top-used").flag("pedal-used"),
	}})
	assert.True(t, h.car(1).ModuleFlag("top-used"), "read back into 6-A's slot")
	assert.True(t, h.car(1).ModuleFlag("super-top-used"))
	assert.True(t, h.car(1).ModuleFlag("pedal-used"))
	line := h.g.Position().Events()[1].String()
	assert.Contains(t, line, "top-used,super-top-used,pedal-used")
}

// Reading a slot writes nothing: many goroutines read a car's slots and
// its pending decision at once (run with -race).
func TestSlotReadFromManyGoroutines(t *testing.T) {
	h := fdrPlayCfg(t, fdrLab(t), fdrVariantCfg(t, "6-A", "16-B"), Position{Round: 1, Cars: []CarPosition{fdrAt("long.2.1", 3).flag("top-used")}})
	h.gear(4, 10)
	var wg sync.WaitGroup
	spent := make([]bool, 8)
	for i := range spent {
		wg.Go(func() {
			_ = h.g.Pending()
			spent[i] = h.car(1).ModuleFlag("top-used") && !h.car(1).ModuleFlag("pedal-used")
		})
	}
	wg.Wait()
	for i, s := range spent {
		assert.True(t, s, "reader %d", i)
	}
}

// 5-B's wing and 5-C's lock are choice slots, an index into their
// variant's list (the settings a position says, "wing-loaded", "lock-A1"):
// a position says each setting with the flag and in the place the
// fields' flags had (the wing after telemetry-used, the lock after
// spare-due), and reads it back; neutral and no lock yet say nothing.
func TestChoiceSlotsKeepTheirText(t *testing.T) {
	choice := func(name string) (int, []string) {
		for i, s := range carSlotSpecs {
			if s.kind == slotChoice && s.flag == name {
				var settings []string
				for _, f := range s.choices {
					settings = append(settings, strings.TrimPrefix(f, name+"-"))
				}
				return i, settings
			}
		}
		t.Fatalf("no choice slot %q", name)
		return 0, nil
	}
	wingSlot, wings := choice("wing")
	lockSlot, locks := choice("lock")
	require.Equal(t, []string{"loaded", "unloaded"}, wings)
	require.Equal(t, []string{"A1", "A2", "A3", "none"}, locks)
	// setting is the choice a slot holds: "" (or neutral) for 0, else its i+1-th.
	setting := func(c *Car, slot int, settings []string, none string) string {
		if v := (Slot[int]{index: slot}).Of(c); v > 0 {
			return settings[v-1]
		}
		return none
	}
	for _, wing := range append([]string{WingNeutral}, wings...) {
		for _, lock := range append([]string{""}, locks...) {
			car := fdrAt("long.2.1", 3).flag("telemetry-used").flag("spare-due")
			want := "telemetry-used,"
			if wing != WingNeutral {
				car = car.flag("wing-" + wing)
				want += "wing-" + wing + ","
			}
			want += "spare-due"
			if lock != "" {
				car = car.flag("lock-" + lock)
				want += ",lock-" + lock
			}
			h := fdrPlayCfg(t, fdrLab(t), fdrVariantCfg(t, "5-C"), Position{Round: 1, Cars: []CarPosition{car}})
			assert.Equal(t, wing, setting(h.car(1), wingSlot, wings, WingNeutral))
			assert.Equal(t, lock, setting(h.car(1), lockSlot, locks, ""))
			assert.Zero(t, h.car(1).ModuleCount("lock"), "a choice's index is its variant's to read")
			flags := h.g.Position().Cars[0].Flags
			assert.Contains(t, strings.Join(flags, ","), want, "wing %q, lock %q", wing, lock)
		}
	}
}
