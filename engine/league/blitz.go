package league

import (
	"cmp"
	"fmt"
	"slices"
)

// The FD Blitz side event (AX-5, LF-51, league AMB-58): who wins a heat,
// a match of two heats (and more while tied), and the knock-out bracket
// whose rounds draw their circuit from a short, medium or long pool.
// A heat is a game of engine/fd (engine/fd/variants/ax5.go); the time each car used
// of its bank is the service's, given here as seconds.

// BlitzHeatCar is one pilot's heat as its winner is read.
type BlitzHeatCar struct {
	Pilot   string `json:"pilot"`
	Crossed bool   `json:"crossed"`
	// ToLine: levels left to the line (0 once crossed).
	ToLine int `json:"to_line"`
	// Order: its place in the heat's classification, who plays first at
	// equal distance.
	Order int `json:"order"`
	// Used: the seconds of its time bank it used.
	Used  int64 `json:"used_seconds"`
	Moves int   `json:"moves"`
}

// BlitzHeatWinner is 0 when a won the heat, 1 when b did, -1 for a heat
// still tied (AMB-58): crossed beats not crossed; neither crossed: fewer
// levels to the line, then who plays first; both crossed: less time
// used, then fewer moves.
func BlitzHeatWinner(a, b BlitzHeatCar) int {
	switch c := blitzCompare(a, b); {
	case c < 0:
		return 0
	case c > 0:
		return 1
	}
	return -1
}

// blitzCompare is AMB-58's order of two cars of a heat: negative when a
// is ahead, 0 when the rules cannot split them.
func blitzCompare(a, b BlitzHeatCar) int {
	switch {
	case a.Crossed != b.Crossed:
		if a.Crossed {
			return -1
		}
		return 1
	case !a.Crossed:
		return cmp.Or(cmp.Compare(a.ToLine, b.ToLine), cmp.Compare(a.Order, b.Order))
	}
	return cmp.Or(cmp.Compare(a.Used, b.Used), cmp.Compare(a.Moves, b.Moves))
}

// BlitzHeatOrder is the full order of a heat of any number of cars
// (blitz_players above 2): AMB-58's heat-winner rules applied to every
// pair. It gives each car's place, from 1, in the order of cars; cars
// the rules cannot split share a place, the next place skipped.
func BlitzHeatOrder(cars []BlitzHeatCar) []int {
	idx := make([]int, len(cars))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(i, j int) int { return blitzCompare(cars[i], cars[j]) })
	places := make([]int, len(cars))
	for k, i := range idx {
		places[i] = k + 1
		if k > 0 && blitzCompare(cars[idx[k-1]], cars[i]) == 0 {
			places[i] = places[idx[k-1]]
		}
	}
	return places
}

// BlitzHeatWinnerOf is the index of the one car in first place, -1 when
// first place is shared (a drawn heat).
func BlitzHeatWinnerOf(places []int) int {
	w := -1
	for i, p := range places {
		if p != 1 {
			continue
		}
		if w >= 0 {
			return -1
		}
		w = i
	}
	return w
}

// BlitzMatch is one match of the bracket: A (the highest seed) against B
// and, with blitz_players above 2, the pilots of More; each heat's
// winner (an index in Pilots, -1 drawn) and, with more than two pilots,
// each heat's places.
type BlitzMatch struct {
	A string `json:"a"`
	B string `json:"b,omitempty"` // empty: A has a bye
	// More: the third pilot on, in seed order, in a match of more than
	// two.
	More  []string `json:"more,omitempty"`
	Heats []int    `json:"heats,omitempty"`
	// Places: each heat's place of every pilot, by index in Pilots (1
	// first; a pilot who did not race the heat, banned, last).
	Places [][]int `json:"places,omitempty"`
	// Walkover: the pilot who goes through because the others can no
	// longer race (banned from the league).
	Walkover string `json:"walkover,omitempty"`
}

// Pilots are the match's pilots in seed order.
func (m BlitzMatch) Pilots() []string {
	if m.B == "" {
		return []string{m.A}
	}
	return append([]string{m.A, m.B}, m.More...)
}

// Wins counts A's and B's heats won.
func (m BlitzMatch) Wins() (a, b int) {
	w := m.HeatsWon()
	if len(w) < 2 {
		return w[0], 0
	}
	return w[0], w[1]
}

// HeatsWon counts each pilot's heats won, in the order of Pilots.
func (m BlitzMatch) HeatsWon() []int {
	out := make([]int, len(m.Pilots()))
	for _, h := range m.Heats {
		if h >= 0 && h < len(out) {
			out[h]++
		}
	}
	return out
}

// PlacePoints is each pilot's points for places over the heats, in the
// order of Pilots: in a heat of n, place p gives n−p [DEC: the tie-break
// of a match of more than two level on heats won].
func (m BlitzMatch) PlacePoints() []int {
	n := len(m.Pilots())
	out := make([]int, n)
	for _, places := range m.Places {
		for i, p := range places {
			if i < n {
				out[i] += n - p
			}
		}
	}
	return out
}

// Winner is the match's winner once decided; a bye or a walkover wins at
// once. Two pilots: two heats won, or from the third heat on more heats
// won [DEC: a match still level after its third heat goes on, heat by
// heat, until one pilot leads]. More than two [DEC]: once every pilot has
// been on pole (one heat each), the pilot alone ahead on heats won, then
// on points for places; still level, another heat of them all, and so on.
func (m BlitzMatch) Winner() (string, bool) {
	pilots := m.Pilots()
	switch {
	case len(pilots) == 1:
		return m.A, true
	case m.Walkover != "":
		return m.Walkover, true
	case len(pilots) == 2:
		a, b := m.Wins()
		switch {
		case a >= 2 || (len(m.Heats) >= 3 && a > b):
			return m.A, true
		case b >= 2 || (len(m.Heats) >= 3 && b > a):
			return m.B, true
		}
		return "", false
	case len(m.Heats) < len(pilots):
		return "", false
	}
	wins, points := m.HeatsWon(), m.PlacePoints()
	best, alone := 0, true
	for i := 1; i < len(pilots); i++ {
		switch c := cmp.Or(cmp.Compare(wins[i], wins[best]), cmp.Compare(points[i], points[best])); {
		case c > 0:
			best, alone = i, true
		case c == 0:
			alone = false
		}
	}
	if !alone {
		return "", false
	}
	return pilots[best], true
}

// GridOfNextHeat is the next heat's pilots, pole first: A on pole in the
// first heat, B in the second, each pilot of More in turn after, the
// others behind the pole-sitter in seed order from him on, round again
// from the heat after the last pilot's.
func (m BlitzMatch) GridOfNextHeat() []string {
	pilots := m.Pilots()
	k := len(m.Heats) % len(pilots)
	return append(pilots[k:len(pilots):len(pilots)], pilots[:k]...)
}

// PoleOfNextHeat is who starts the next heat on pole (GridOfNextHeat);
// in a symmetric heat nobody is, its first pilot is then car 1.
func (m BlitzMatch) PoleOfNextHeat() string { return m.GridOfNextHeat()[0] }

// SymmetricNextHeat: the next heat of a match of two is its third or a
// later one (level at 1–1, or after a drawn heat), started from the
// symmetric squares with neither pilot on pole (AMB-58; engine/fd
// AX-5's start=symmetric).
func (m BlitzMatch) SymmetricNextHeat() bool { return len(m.Pilots()) == 2 && len(m.Heats) >= 2 }

// Blitz circuit pools (LF-51).
const (
	PoolShort  = "short"
	PoolMedium = "medium"
	PoolLong   = "long"
)

// BlitzPool is the pool of round r (from 1) of a bracket of rounds
// rounds: the final and the semi-finals long, the quarter-finals and the
// last 16 medium, any round before short [DEC: the source's "first round
// short" holds for a bracket of 32 or more; a smaller one starts at a
// named round].
func BlitzPool(r, rounds int) string {
	switch left := rounds - r; {
	case left <= 1:
		return PoolLong
	case left <= 3:
		return PoolMedium
	}
	return PoolShort
}

// BlitzRounds is the number of rounds of a bracket of n pilots in
// matches of two.
func BlitzRounds(n int) int { return BlitzRoundsOf(n, 2) }

// BlitzRoundsOf is the number of rounds of a bracket of n pilots in
// matches of per pilots, one going through from each [DEC].
func BlitzRoundsOf(n, per int) int {
	r := 0
	for size := 1; size < n; size *= per {
		r++
	}
	return r
}

// BlitzFirstRound pairs pilots for a bracket of matches of two
// (BlitzFirstRoundOf).
func BlitzFirstRound(pilots []string) ([]BlitzMatch, error) { return BlitzFirstRoundOf(pilots, 2) }

// BlitzFirstRoundOf groups pilots, seeded in the order given, per to a
// match for the first round, by the usual seeding: seed 1 with the last
// seed of the bracket's size, and so on; with more than two a match
// snakes (seeds 1, 2·m, 2·m+1 … of a round of m matches), so the top
// seeds meet only in the final. A missing pilot leaves his place empty,
// a match of one pilot is a bye. Two pilots at least.
func BlitzFirstRoundOf(pilots []string, per int) ([]BlitzMatch, error) {
	if len(pilots) < 2 {
		return nil, fmt.Errorf("a Blitz bracket needs two pilots or more, not %d", len(pilots))
	}
	if per < 2 {
		return nil, fmt.Errorf("a Blitz match needs two pilots or more, not %d", per)
	}
	size := 1
	for range BlitzRoundsOf(len(pilots), per) {
		size *= per
	}
	seeds := []int{1}
	for len(seeds) < size {
		m := len(seeds)
		next := make([]int, 0, per*m)
		for _, s := range seeds {
			next = append(next, s)
			for j := 1; j < per; j++ {
				if j%2 == 1 {
					next = append(next, j*m+m+1-s)
				} else {
					next = append(next, j*m+s)
				}
			}
		}
		seeds = next
	}
	out := make([]BlitzMatch, 0, size/per)
	for i := 0; i < size; i += per {
		var names []string
		for _, s := range seeds[i : i+per] {
			if s <= len(pilots) {
				names = append(names, pilots[s-1])
			}
		}
		out = append(out, blitzMatchOf(names))
	}
	return out, nil
}

// blitzMatchOf is the match of pilots in seed order.
func blitzMatchOf(pilots []string) BlitzMatch {
	m := BlitzMatch{A: pilots[0]}
	if len(pilots) > 1 {
		m.B = pilots[1]
	}
	if len(pilots) > 2 {
		m.More = pilots[2:]
	}
	return m
}

// BlitzNextRound pairs a round's winners of matches of two
// (BlitzNextRoundOf).
func BlitzNextRound(round []BlitzMatch) ([]BlitzMatch, bool) { return BlitzNextRoundOf(round, 2) }

// BlitzNextRoundOf groups a round's winners per to a match, the winners
// of matches 1 to per first; false while a match of the round is
// undecided, or after the final.
func BlitzNextRoundOf(round []BlitzMatch, per int) ([]BlitzMatch, bool) {
	if len(round) < 2 {
		return nil, false
	}
	var out []BlitzMatch
	for i := 0; i < len(round); i += per {
		var winners []string
		for _, m := range round[i:min(i+per, len(round))] {
			w, ok := m.Winner()
			if !ok {
				return nil, false
			}
			winners = append(winners, w)
		}
		out = append(out, blitzMatchOf(winners))
	}
	return out, true
}
