package variants

import (
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// 14-B Collision in bends (league-variants.md ch. 14): a collision test
// taken by a car in a corner fails up to the corner's number of stops
// instead of T6's normal 1; straights keep the 1. It hooks T6's threshold
// (CollisionRule, R14.3), so the wet +1 (R14.3), 3-A's deluge +3
// (league AMB-30) and the aggravated +1 (R14.4) stay on top of it: the
// ruleset adds them (Game.CollisionLimit, fdr's EliminationModule). The
// risk a player is shown reads the same threshold (CollisionLimitsModule).

func init() { fd.RegisterVariant("14-B", variant14B) }

func variant14B() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "14-B", Group: "b", Name: "Collision in bends", NameFR: "Accrochage en virage", Chapter: fd.ChapterCollision, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{},
		Help:   "in a corner, a collision test fails up to the corner's number of stops (+1 in the wet), on a straight on 1 as before",
	}, func(map[string]string) (any, error) { return bendCollision{}, nil })
}

// bendCollision is the 14-B module.
type bendCollision struct{}

// CollisionThreshold: the stops of the corner at is in.
func (bendCollision) CollisionThreshold(track *tracks.Circuit, at tracks.SpaceID, normal int) int {
	if at == tracks.NoSpace {
		return normal
	}
	sp := track.Spaces[at]
	if sp.Kind != tracks.KindTrack || sp.Corner < 0 {
		return normal
	}
	return track.Corners[sp.Corner].Stops
}
