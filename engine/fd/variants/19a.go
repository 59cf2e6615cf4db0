package variants

import (
	"fmt"
	"strconv"

	"github.com/pitwall/pitwall/engine/fd"
)

// 19-A Pit-lane speed limit (league-variants.md ch. 19): the base has none
// (R19.10). Three forms: (a) 4th at most; entering the pit lane in 5th
// costs a brake point and leaves the move as rolled, in 6th it is
// forbidden (and a car in the pit lane never takes 6th); (b) 3rd or 4th
// while in the pit lane, below only when the play's gear was no choice
// (the car began it in 1st, after a spin or a stall); (c) a highest gear
// the league sets before the race (max_gear), going above it forbidden as
// 6th is in (a). The cars have 6 gears: the spec's +1 for 7-speed boxes
// (league AMB-02) waits for those boxes. Hook: PitLaneRule.

func init() { fd.RegisterVariant("19-A", variant19A) }

func variant19A() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "19-A", Group: "b", Name: "Pit-lane speed limit", NameFR: "Limitation de la vitesse", Chapter: fd.ChapterPitStops, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{
			fd.NewParam("limit", "a", "a: 4th, 5th costs a brake point, 6th forbidden; b: 3rd or 4th; c: max_gear", "a", "b", "c").AlsoCalled("pit_limit"),
			fd.NewParam("max_gear", "4", "c's highest gear in the pit lane (4 or 5; a quick stop leaves in 4th)"),
		},
		Help: "(a) 4th at most in the pits, 5th costs a brake point, 6th forbidden; (b) 3rd or 4th in the pit lane; (c) a limit set before the race",
	}, func(p map[string]string) (any, error) {
		switch p["limit"] {
		case "a":
			return pitSpeedLimit{top: 4, fined: 5}, nil
		case "b":
			return pitSpeedLimit{low: 3, top: 4}, nil
		}
		n, err := strconv.Atoi(p["max_gear"])
		if err != nil || n < 4 || n > 5 {
			return nil, fmt.Errorf("variant 19-A: max_gear is the highest gear in the pit lane, 4 or 5 (a quick stop leaves in 4th), not %q", p["max_gear"])
		}
		return pitSpeedLimit{top: n}, nil
	})
}

// pitSpeedLimit is the 19-A module: gears low to top in the pit lane, and
// fined (a brake point at the entry, 0 for none) above top.
type pitSpeedLimit struct{ low, top, fined int }

// PitEntry: within the limit free, the fined gear for a brake point;
// below low only when the gear was imposed.
func (l pitSpeedLimit) PitEntry(gear int, imposed bool) (bool, int) {
	switch {
	case gear < l.low && !imposed:
		return false, 0
	case gear <= l.top:
		return true, 0
	case gear == l.fined:
		return true, 1
	}
	return false, 0
}

// PitLaneGear: within low to top, or the fined gear; the gear list keeps
// a car that cannot (PitLaneRule never leaves none).
func (l pitSpeedLimit) PitLaneGear(gear int) bool {
	return gear >= l.low && (gear <= l.top || gear == l.fined)
}
