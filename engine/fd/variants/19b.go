package variants

import (
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// 19-B Doubling in the pit lane (league-variants.md ch. 19): the pit lane
// is wider than the board; no blocking there, and cars may share a space.
// A car in the pit lane is no obstacle to a car moving (R19.4's waiting
// behind is off); boxes stay each car's own.

// Its row of engine/fd's variants table (variants.go) names the id; the
// constructor is registered from this file's init (issue 13).
func init() { fd.RegisterVariant("19-B", variant19B) }

func variant19B() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "19-B", Name: "Pit-lane overtaking", NameFR: "Doublement dans la ligne des stands", Chapter: "19 Pit stops and order of play", Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{},
		Help:   "no blocking in the pit lane: cars pass each other there and may share a space",
	}, func(map[string]string) (any, error) { return pitPassing{}, nil })
}

// pitPassing is the 19-B module.
type pitPassing struct{}

// SharedSpace: a pit-lane space takes any number of cars.
func (pitPassing) SharedSpace(track *tracks.Circuit, s tracks.SpaceID) bool {
	return s != tracks.NoSpace && track.Spaces[s].Kind == tracks.KindPit
}

// RulesSuspended: 19-B suspends nothing.
func (pitPassing) RulesSuspended(*tracks.Circuit, tracks.SpaceID) bool { return false }
