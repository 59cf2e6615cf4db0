package variants

// 16-A Inertia (league-variants.md ch. 16, AMB-32): a car whose engine
// blows makes its inertia move on the die of two gears lower than the
// gear it blew in, straight ahead in its lane, owing no stop and paying no
// overshoot nor blocking (it stops behind a car), and leaves no sticker at
// the end of it — the sticker of the blow stays where the engine broke.
// So a 3rd or 4th gear blow coasts too (1st or 2nd: none, the car is
// removed at once). It replaces the base's inertia (R16.4: the 4th-gear
// die in 5th or 6th, as far as the rules allow, a sticker at its end)
// through the CoastRule hook; the extended inertia after the
// penultimate corner (R16.7) stays the base's.
import "github.com/pitwall/pitwall/engine/fd"

func init() { fd.RegisterVariant("16-A", variant16A) }

func variant16A() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "16-A", Group: "b", Name: "Engine inertia", NameFR: "Inertie", Chapter: fd.ChapterEngine, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{},
		Help:   "losing the last engine point, the car coasts straight on a roll two gears lower, placing no marker",
	}, func(map[string]string) (any, error) { return coast{}, nil })
}

// coast is the 16-A module.
type coast struct{}

// InertiaGear: two gears below the one the engine blew in, none below
// 1st.
func (coast) InertiaGear(blown int) (int, bool) {
	return blown - 2, blown-2 >= 1
}
