package league

import (
	"cmp"
	"slices"
)

// The qualifying contest's ranking (AX-2, LF-52): on each circuit of N
// pilots the one ranked r scores (N+1−r)/(N+1) — the winner (N+1)/(N+1),
// or N/(N+1) with WinnerN (AMB-55) — and a pilot's overall score adds his
// numerators and his denominators: Σ numerators / Σ denominators, highest
// first.

// ContestRound is one circuit of a contest: its pilots in their ranking.
type ContestRound struct {
	Track string   `json:"track"`
	Order []string `json:"order"`
}

// ContestRow is one pilot of the contest's ranking.
type ContestRow struct {
	Position    int    `json:"position"`
	Pilot       string `json:"pilot"`
	Numerator   int    `json:"numerator"`
	Denominator int    `json:"denominator"`
	Circuits    int    `json:"circuits"`
}

// ContestStandings ranks a contest's pilots over its rounds: the higher
// fraction first (compared exactly, as cross products), then more
// circuits, then the name.
func ContestStandings(rounds []ContestRound, winnerN bool) []ContestRow {
	rows := map[string]*ContestRow{}
	for _, r := range rounds {
		n := len(r.Order)
		for i, p := range r.Order {
			row := rows[p]
			if row == nil {
				row = &ContestRow{Pilot: p}
				rows[p] = row
			}
			num := n + 1 - (i + 1)
			if i == 0 && !winnerN {
				num = n + 1
			}
			row.Numerator += num
			row.Denominator += n + 1
			row.Circuits++
		}
	}
	out := make([]ContestRow, 0, len(rows))
	for _, r := range rows {
		out = append(out, *r)
	}
	slices.SortFunc(out, func(a, b ContestRow) int {
		// a/b > c/d ⇔ a·d > c·b (denominators are positive)
		if c := cmp.Compare(b.Numerator*a.Denominator, a.Numerator*b.Denominator); c != 0 {
			return c
		}
		if c := cmp.Compare(b.Circuits, a.Circuits); c != 0 {
			return c
		}
		return cmp.Compare(a.Pilot, b.Pilot)
	})
	for i := range out {
		out[i].Position = i + 1
	}
	return out
}
