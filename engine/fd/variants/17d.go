package variants

import (
	"fmt"
	"strconv"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// 17-D Cleaning (league-variants.md ch. 17): a debris marker is cleaned
// after 4 passages. Each car whose move crosses a marker or stops on it
// counts once, after its own handling test there (R17.2, step 10 of the
// play); the count that reaches the limit removes the marker. A MarkerRule,
// as 17-C: the circuit's printed dangerous spaces stay, only the markers
// the race dropped wear away. The counts are the game's (Turn.Passed) and
// a position's passages=.

func init() { fd.RegisterVariant("17-D", withKinds(variant17D)) }

func variant17D() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "17-D", Group: "b", Name: "Cleaning", NameFR: "Nettoyage", Chapter: fd.ChapterRoadHold, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{fd.NewParam("passages", "4", "cars passing over a debris marker that clean it (1 to 20)")},
		Help:   "a debris marker is cleaned once 4 cars have passed over it or stopped on it, each after its own test",
	}, func(p map[string]string) (any, error) {
		n, err := strconv.Atoi(p["passages"])
		if err != nil || n < 1 || n > fd.MaxMarkerPassages || strconv.Itoa(n) != p["passages"] {
			return nil, fmt.Errorf("variant 17-D: passages is a number of cars from 1 to %d, not %q", fd.MaxMarkerPassages, p["passages"])
		}
		return cleaning{passages: n}, nil
	})
}

// cleaning is the 17-D module.
type cleaning struct{ passages int }

// Cleans counts the car over the marker; the last passage cleans it, told
// first by a debris-worn event.
func (m cleaning) Cleans(t fd.Turn, s tracks.SpaceID) bool {
	n := t.Passed(s)
	if n < m.passages {
		return false
	}
	t.Emit(fd.Encode(DebrisWornEvent{Space: t.Game().Track.Spaces[s].Name, Passages: n}))
	return true
}
