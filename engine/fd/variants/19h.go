package variants

import (
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// 19-H Rule restrictions (league-variants.md ch. 19): in the pit lane and
// the box the over-rev, collision, braking, blocking and engine-failure
// rules do not apply. The competition rules already spare pit-lane cars
// the collision tests and the engine tests of others (R19.2, R19.3) and
// charge nothing for waiting behind a car (R19.4); 19-H adds: a gear
// chosen in the pits costs no over-rev (T2), a 20 in 5th or 30 in 6th
// rolled by a car whose play starts in the pits calls no engine tests, and
// no brake point can be spent on a move that ends in the pits (the box
// stop itself takes any surplus, R19.10). Hooks: SpaceRule, OptionFilter.

// Its row of engine/fd's variants table (variants.go) names the id; the
// constructor is registered from this file's init (issue 13).
func init() { fd.RegisterVariant("19-H", variant19H) }

func variant19H() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "19-H", Name: "Rules suspended in the pits", NameFR: "Restrictions des règles", Chapter: "19 Pit stops and order of play", Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{},
		Help:   "in the pit lane and the box: no over-rev cost, no collision or engine tests, no brake point spent, no blocking",
	}, func(map[string]string) (any, error) { return pitRestrictions{}, nil })
}

// pitRestrictions is the 19-H module.
type pitRestrictions struct{}

// SharedSpace: 19-H shares no space.
func (pitRestrictions) SharedSpace(*tracks.Circuit, tracks.SpaceID) bool { return false }

// RulesSuspended: off the track, in the pit lane or the box.
func (pitRestrictions) RulesSuspended(track *tracks.Circuit, s tracks.SpaceID) bool {
	return s != tracks.NoSpace && track.Spaces[s].Kind != tracks.KindTrack
}

// FilterOptions drops the options that spend brake points on a move
// ending in the pits (unless nothing else is left).
func (pitRestrictions) FilterOptions(track *tracks.Circuit, opts []fd.Option) []fd.Option {
	var out []fd.Option
	for _, op := range opts {
		if op.Cost[fd.Brakes] > 0 && op.End != tracks.NoSpace && track.Spaces[op.End].Kind != tracks.KindTrack {
			continue
		}
		out = append(out, op)
	}
	if len(out) == 0 {
		return opts
	}
	return out
}
