package league

import (
	"cmp"
	"slices"
)

// 5-E Season build pot (league-variants.md ch. 5, AMB-18): each pilot
// has Pot build points for the season (22 × its races: 352 for 16) and
// spends, at each event, the total he declared for it (18 to 24; the
// standard 22 when he declared none). An absence burns Absence (22). At
// the end of the season a pilot k points over the pot loses his k best
// results: their points are cancelled from his championship and from the
// team he scored them for (Cancelled, read by Compute). Nothing carries
// over to the next season.

// BuildPot is a season's pot.
type BuildPot struct {
	Pot     int // build points a pilot has for the season
	Absence int // what an event missed burns
}

// PotRound is what a pilot spent at one event (Round from 0).
type PotRound struct {
	Round  int  `json:"round"`
	Spent  int  `json:"spent"`
	Absent bool `json:"absent,omitempty"`
}

// PotAccount is one pilot's pot after the events opened.
type PotAccount struct {
	Pilot  string     `json:"pilot"`
	Pot    int        `json:"pot"`
	Used   int        `json:"used"`
	Left   int        `json:"left"` // below 0 when over
	Over   int        `json:"over"` // points spent beyond the pot: results to cancel at the end
	Rounds []PotRound `json:"rounds"`
}

// Account books one pilot's rounds (an absent round spends Absence,
// whatever it says).
func (p BuildPot) Account(pilot string, rounds []PotRound) PotAccount {
	a := PotAccount{Pilot: pilot, Pot: p.Pot, Rounds: slices.Clone(rounds)}
	for i := range a.Rounds {
		if a.Rounds[i].Absent {
			a.Rounds[i].Spent = p.Absence
		}
		a.Used += a.Rounds[i].Spent
	}
	a.Left = p.Pot - a.Used
	a.Over = max(0, -a.Left)
	return a
}

// CancelBest returns results with, for each pilot over his pot by k
// points, his k results with the most championship points (by scale)
// marked Cancelled; ties cancel the earlier event first [DEC]. A result
// that scored nothing is never the one cancelled while one that scored
// is left, so an overspend costs points whenever the pilot has some.
func CancelBest(results []Result, over map[string]int, scale Scale) []Result {
	if len(scale) == 0 {
		scale = DefaultScale
	}
	out := make([]Result, len(results))
	for i, r := range results {
		out[i] = r
		out[i].Cars = slices.Clone(r.Cars)
	}
	type scored struct {
		ev, car int
		points  Points
	}
	for pilot, k := range over {
		if k <= 0 {
			continue
		}
		var mine []scored
		for ev, r := range out {
			for ci, c := range r.Cars {
				if c.Pilot == pilot && c.Status != Excluded {
					mine = append(mine, scored{ev, ci, r.PlacePoints(c.Place, scale)})
				}
			}
		}
		slices.SortStableFunc(mine, func(a, b scored) int {
			if c := cmp.Compare(b.points, a.points); c != 0 {
				return c
			}
			return cmp.Compare(a.ev, b.ev)
		})
		for _, s := range mine[:min(k, len(mine))] {
			out[s.ev].Cars[s.car].Cancelled = true
		}
	}
	return out
}
