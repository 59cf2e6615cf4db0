package league

import (
	"cmp"
	"slices"
)

// The marathon's ranking (AX-3, LF-52): a pilot's moves added up over the
// circuits chained, fewest first. A pilot whose lap ended before the line
// on a circuit comes after those who completed more circuits, as AX-2
// puts an ended lap after every complete one; a pilot who drove more
// circuits comes first; equal moves go to the last circuit's ranking,
// whose ties the game rolled off with a black die [DEC: time is not
// measured asynchronously].

// MarathonScore is one pilot's score on one circuit of a marathon.
type MarathonScore struct {
	Pilot string `json:"pilot"`
	Moves int    `json:"moves"`
	Ended bool   `json:"ended,omitempty"`
}

// MarathonLeg is one circuit of a marathon: its pilots' scores in the
// circuit's ranking.
type MarathonLeg struct {
	Track  string          `json:"track"`
	Scores []MarathonScore `json:"scores"`
}

// MarathonRow is one pilot of a marathon's ranking.
type MarathonRow struct {
	Position int    `json:"position"`
	Pilot    string `json:"pilot"`
	Moves    int    `json:"moves"`
	Circuits int    `json:"circuits"`
	// Ended counts the circuits whose lap ended before the line.
	Ended int `json:"ended,omitempty"`
}

// MarathonStandings ranks a marathon's pilots over its circuits.
func MarathonStandings(legs []MarathonLeg) []MarathonRow {
	rows := map[string]*MarathonRow{}
	last := map[string]int{} // place on the last circuit a pilot drove, from 0
	lastLeg := map[string]int{}
	for li, leg := range legs {
		for i, s := range leg.Scores {
			row := rows[s.Pilot]
			if row == nil {
				row = &MarathonRow{Pilot: s.Pilot}
				rows[s.Pilot] = row
			}
			row.Moves += s.Moves
			row.Circuits++
			if s.Ended {
				row.Ended++
			}
			last[s.Pilot], lastLeg[s.Pilot] = i, li
		}
	}
	out := make([]MarathonRow, 0, len(rows))
	for _, r := range rows {
		out = append(out, *r)
	}
	slices.SortFunc(out, func(a, b MarathonRow) int {
		if c := cmp.Compare(a.Ended, b.Ended); c != 0 {
			return c
		}
		if c := cmp.Compare(b.Circuits, a.Circuits); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Moves, b.Moves); c != 0 {
			return c
		}
		if lastLeg[a.Pilot] == lastLeg[b.Pilot] {
			if c := cmp.Compare(last[a.Pilot], last[b.Pilot]); c != 0 {
				return c
			}
		}
		return cmp.Compare(a.Pilot, b.Pilot)
	})
	for i := range out {
		out[i].Position = i + 1
	}
	return out
}
