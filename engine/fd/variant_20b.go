package fd

import (
	"fmt"

	"github.com/pitwall/pitwall/tracks"
)

// 20-B The spare car (league-variants.md ch. 20): each team has one spare
// car. Form (a): a pilot out of the race before the leader has reached the
// pit entry on the first lap restarts from his pit box in the spare, which
// is his car as he built it with one engine point less. Hook: SpareCar, at
// the end of every play of the race.
//
// Decisions where the booklet is silent: the spare is taken as soon as it
// may be (a retired car can only gain by it, so no prompt); it leaves its
// box like a car after a long stop, in 4th at most (R19.15's exit gear);
// its pit points are those of the start; a car eliminated in the very play
// the leader reaches the pit entry is judged after that play. The forms
// (b1) and (b2) of league AMB-44 are refused for now.

func variant20B() Variant {
	return moduleVariant(Variant{ID: "20-B", Group: "b", Name: "Spare car", NameFR: "Le mulet", Chapter: chElim, Scope: ScopeRace, Engine: true,
		Params: []VariantParam{
			param("mode", "a", "a: before the leader reaches the lap-1 pit entry, restart in the spare from the pit box, 4th at most, −1 engine; b1, b2: the later forms (not built yet)", "a", "b1", "b2"),
			{Key: "teams", Default: "", OmitEmpty: true, Help: "each car's team, car 1 first, separated by /, e.g. 1/1/2/3/3; empty: as 4-A says, else cars 1 and 2 are team 1, 3 and 4 team 2 …"},
		},
		Help: "a pilot who retires before the leader reaches the pit entry of lap 1 restarts from his box in his team's one spare car, one engine point less",
	}, func(p map[string]string) (any, error) {
		if p["mode"] != "a" {
			return nil, fmt.Errorf("variant 20-B: mode %s is not built yet; only mode a (the spare before the leader reaches the pit entry of lap 1) is", p["mode"])
		}
		teams, err := parseTeams(p["teams"])
		if err != nil {
			return nil, fmt.Errorf("variant 20-B: %w", err)
		}
		return spareCar{teams: teams}, nil
	})
}

// spareCar is the 20-B module, form (a).
type spareCar struct {
	teams []int // each car's team; nil: the game's teams (4-A's or pairs)
}

func (s spareCar) team(g *Game, car int) int { return teamIn(g, s.teams, car) }

// SpareFor: the car is out, its team's spare is unused, and no car has yet
// reached the pit entry of the first lap (the leader is the car furthest
// on, running or not).
func (s spareCar) SpareFor(t Turn, c *Car) (gear int, engineLoss int, ok bool) {
	g := t.g
	if c.Status != Eliminated || len(g.Track.Pit.Entry) == 0 || g.ownBox(c) == tracks.NoSpace {
		return 0, 0, false
	}
	entry := g.Track.Spaces[g.Track.Pit.Entry[0]].Level
	team := s.team(g, c.Number)
	for i := range g.Cars {
		o := &g.Cars[i]
		if o.Spare && s.team(g, o.Number) == team {
			return 0, 0, false // one spare a team
		}
		if o.Laps > 0 || o.CrossedStart && progress(g.Track, o) >= entry {
			return 0, 0, false // the leader has reached the pit entry
		}
	}
	return 4, 1, true
}
