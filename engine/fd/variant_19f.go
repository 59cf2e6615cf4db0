package fd

import "fmt"

// 19-F Engineer points (league-variants.md ch. 19): a team's engineers
// (up to 6 build points) make its stops better: one point makes a quick
// stop succeed, its exit the black die divided by 4, rounded up (league
// AMB-41: 1–5); in a long stop each point repairs one more life point
// beyond the free and pit-point repairs, capped at the build, tyres aside.
// Both pilots must approve each use: an asynchronous league settles it
// before the race, when the league splits the team's points between its
// two cars (points=3/3/2/1, car 1 first) — each pilot spends his share
// without waiting for the other (league AMB-41). The third use, +1 to a
// characteristic before the race, is not built. Hook: PitStopRule.

func variant19F() Variant {
	return moduleVariant(Variant{ID: "19-F", Group: "b", Name: "Engineer points", NameFR: "Points ingénieurs", Chapter: chPitStops, Scope: ScopeRace, Engine: true,
		Params: []VariantParam{
			{Key: "points", Default: "", OmitEmpty: true, Help: "each car's share of its team's engineer points this race, car 1 first, separated by / (a team has at most 6)"},
		},
		Help: "a team pool of up to 6 engineer points: a sure quick stop, extra repairs in a long stop (the +1 before the race is not built)",
	}, func(p map[string]string) (any, error) {
		points, err := parsePlaces(p["points"])
		if err != nil {
			return nil, fmt.Errorf("variant 19-F: points: %w", err)
		}
		for _, n := range points {
			if n > 6 {
				return nil, fmt.Errorf("variant 19-F: points: %d engineer points for a car, a team has at most 6", n)
			}
		}
		return engineers{points: points}, nil
	})
}

// engineers is the 19-F module: each car's share of the team's points.
type engineers struct{ points []int }

// AmendPitStop: the points the car has left.
func (e engineers) AmendPitStop(c *Car, r *PitStopRules) {
	r.Engineers = max(useOf(e.points, c.Number)-c.EngineerPointsUsed, 0)
}
