package league

import (
	"cmp"
	"fmt"
)

// The FD Blitz side event (AX-5, LF-51, league AMB-58): who wins a heat,
// a match of two heats (and more while tied), and the knock-out bracket
// whose rounds draw their circuit from a short, medium or long pool.
// A heat is a game of engine/fd (variant_ax5.go); the time each car used
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
	var c int
	switch {
	case a.Crossed != b.Crossed:
		if a.Crossed {
			return 0
		}
		return 1
	case !a.Crossed:
		c = cmp.Or(cmp.Compare(a.ToLine, b.ToLine), cmp.Compare(a.Order, b.Order))
	default:
		c = cmp.Or(cmp.Compare(a.Used, b.Used), cmp.Compare(a.Moves, b.Moves))
	}
	switch {
	case c < 0:
		return 0
	case c > 0:
		return 1
	}
	return -1
}

// BlitzMatch is one match of the bracket: A (the higher seed) against B,
// and each heat's winner (0 A, 1 B, -1 drawn).
type BlitzMatch struct {
	A     string `json:"a"`
	B     string `json:"b,omitempty"` // empty: A has a bye
	Heats []int  `json:"heats,omitempty"`
	// Walkover: the pilot who goes through because the other can no
	// longer race (banned from the league).
	Walkover string `json:"walkover,omitempty"`
}

// Wins counts each pilot's heats won.
func (m BlitzMatch) Wins() (a, b int) {
	for _, h := range m.Heats {
		switch h {
		case 0:
			a++
		case 1:
			b++
		}
	}
	return a, b
}

// Winner is the match's winner once decided: two heats won, or from the
// third heat on more heats won [DEC: a match still level after its third heat
// goes on, heat by heat, until one pilot leads]; a bye or a walkover
// wins at once.
func (m BlitzMatch) Winner() (string, bool) {
	if m.B == "" {
		return m.A, true
	}
	if m.Walkover != "" {
		return m.Walkover, true
	}
	a, b := m.Wins()
	switch {
	case a >= 2 || (len(m.Heats) >= 3 && a > b):
		return m.A, true
	case b >= 2 || (len(m.Heats) >= 3 && b > a):
		return m.B, true
	}
	return "", false
}

// PoleOfNextHeat is who starts the next heat on pole: A in the first, B
// in the second, then by turns [DEC: the source's third heat from
// symmetric squares behind the line has no board in Pitwall].
func (m BlitzMatch) PoleOfNextHeat() string {
	if len(m.Heats)%2 == 0 {
		return m.A
	}
	return m.B
}

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

// BlitzRounds is the number of rounds of a bracket of n pilots.
func BlitzRounds(n int) int {
	r := 0
	for size := 1; size < n; size *= 2 {
		r++
	}
	return r
}

// BlitzFirstRound pairs pilots, seeded in the order given, for the first
// round: seed 1 against the last seed of the bracket's size, and so on by
// the usual seeding, a missing opponent a bye. Two pilots at least.
func BlitzFirstRound(pilots []string) ([]BlitzMatch, error) {
	if len(pilots) < 2 {
		return nil, fmt.Errorf("a Blitz bracket needs two pilots or more, not %d", len(pilots))
	}
	size := 1 << BlitzRounds(len(pilots))
	seeds := []int{1}
	for len(seeds) < size {
		n := 2 * len(seeds)
		next := make([]int, 0, n)
		for _, s := range seeds {
			next = append(next, s, n+1-s)
		}
		seeds = next
	}
	out := make([]BlitzMatch, 0, size/2)
	for i := 0; i < size; i += 2 {
		m := BlitzMatch{A: pilots[seeds[i]-1]}
		if seeds[i+1] <= len(pilots) {
			m.B = pilots[seeds[i+1]-1]
		}
		out = append(out, m)
	}
	return out, nil
}

// BlitzNextRound pairs a round's winners, the winners of matches 1 and 2
// first; false while a match of the round is undecided, or after the
// final.
func BlitzNextRound(round []BlitzMatch) ([]BlitzMatch, bool) {
	if len(round) < 2 {
		return nil, false
	}
	var out []BlitzMatch
	for i := 0; i+1 < len(round); i += 2 {
		a, okA := round[i].Winner()
		b, okB := round[i+1].Winner()
		if !okA || !okB {
			return nil, false
		}
		out = append(out, BlitzMatch{A: a, B: b})
	}
	return out, true
}
