package variants

import (
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// 17-C Sweeper car (league-variants.md ch. 17, league AMB-39): when the car
// classified last of the running cars as its play began passes over a
// debris marker or stops on it, the marker is removed once the car's own
// handling test there is over (R17.2, step 10 of the play). A MarkerRule.
// The circuit's printed dangerous spaces are part of the circuit and stay:
// only the markers the race dropped are swept.

func init() { fd.RegisterVariant("17-C", variant17C) }

func variant17C() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "17-C", Group: "b", Name: "Sweeper car", NameFR: "Voiture balai", Chapter: fd.ChapterRoadHold, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{},
		Help:   "the last running car cleans the debris markers it passes over or stops on, after its own test",
	}, func(map[string]string) (any, error) { return sweeperCar{}, nil })
}

// sweeperCar is the 17-C module.
type sweeperCar struct{}

// Cleans: every marker the last car's move crosses.
func (sweeperCar) Cleans(t fd.Turn, _ tracks.SpaceID) bool { return t.LastRunning() }
