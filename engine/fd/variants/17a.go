package variants

// 17-A Low speed (league-variants.md ch. 17): a car in 1st gear that
// crosses a dangerous space takes no handling test there. It hooks the
// dangerous-space test of R17.2 (HandlingRule: step 10 of the play, and
// the option's judgement, so that the move's facts and the autopilot count
// no test); the wall tests of R15.2 and everything else stay.
import "github.com/pitwall/pitwall/engine/fd"

func init() { fd.RegisterVariant("17-A", variant17A) }

func variant17A() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "17-A", Group: "b", Name: "Low speed", NameFR: "Petite vitesse", Chapter: fd.ChapterRoadHold, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{},
		Help:   "no road-holding test crossing a dangerous square in 1st gear",
	}, func(map[string]string) (any, error) { return lowSpeed{}, nil })
}

// lowSpeed is the 17-A module.
type lowSpeed struct{}

// HandlingTested: not in 1st gear.
func (lowSpeed) HandlingTested(c *fd.Car) bool { return c.Gear != 1 }
