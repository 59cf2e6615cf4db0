package variants

import (
	"fmt"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/phrase"
)

// 19-G Mechanics points (league-variants.md ch. 19): each quick stop a
// car makes earns its team a mechanics point, and a team with 5, 12 and
// 21 points makes its quick stops on 1–11, 1–12 and 1–13 instead of 1–10
// (R19.15); the exit is still the roll halved, rounded up (league AMB-42:
// 11 and 12 give 6 spaces, 13 gives 7). The league keeps the points
// (engine/league/mechanics.go) and gives each game its cars' teams'
// points as the race starts (points=5/5/0/0, car 1 first); a car's own
// quick stops of the race count at once, its teammate's from the next
// race. Each point earned is a "mechanics-point" event the league reads
// back. Hook: PitStopRule.

func init() { fd.RegisterVariant("19-G", variant19G) }

func variant19G() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "19-G", Group: "b", Name: "Mechanics points", NameFR: "Points de mécaniciens", Chapter: fd.ChapterPitStops, Scope: fd.ScopeLeague, Engine: true,
		Params: []fd.VariantParam{
			{Key: "points", Default: "", OmitEmpty: true, Help: "each car's team's mechanics points as the race starts, car 1 first, separated by / (the league fills it)"},
		},
		Help: "each successful quick stop earns the team a mechanics point; 5, 12 and 21 points widen the quick stop to 11, 12 and 13; a new season starts with 1, 2 or 3",
	}, func(p map[string]string) (any, error) {
		points, err := parsePlaces(p["points"])
		if err != nil {
			return nil, fmt.Errorf("variant 19-G: points: %w", err)
		}
		return mechanicsPoints{points: points}, nil
	})
}

// mechanicsPoints is the 19-G module: each car's team's points as the race
// started.
type mechanicsPoints struct{ points []int }

// mechanicsEarned: the quick stops the car made this race, each a
// mechanics point for its team (a position repeats the flag
// "mechanics-point").
var mechanicsEarned = fd.NewVariantSlot[int]("mechanics-point")

// fdr's quick stop earns them (pit_stop_slots.go).
func init() { fd.KeepMechanicsPointsEarned(mechanicsEarned) }

// AmendPitStop: the quick stop widened by the team's points, and the point
// a quick stop made earns.
func (m mechanicsPoints) AmendPitStop(c *fd.Car, r *fd.PitStopRules) {
	r.QuickStopTop += MechanicsWidening(useOf(m.points, c.Number) + mechanicsEarned.Of(c))
	r.Mechanics = true
}

// CarStatus: the team's mechanics points (those of the races before and
// the car's own quick stops of this one) and the faces they add to its
// quick stops (issue 16).
func (m mechanicsPoints) CarStatus(_ *fd.Game, c *fd.Car) []phrase.Phrase {
	points := useOf(m.points, c.Number) + mechanicsEarned.Of(c)
	return []phrase.Phrase{phrase.New("status.mechanics", points, MechanicsWidening(points))}
}

// MechanicsWidening is how many faces above 10 a team with points
// mechanics points makes its quick stops on (19-G: 5, 12, 21).
func MechanicsWidening(points int) int {
	n := 0
	for _, step := range []int{5, 12, 21} {
		if points >= step {
			n++
		}
	}
	return n
}
