package league

import (
	"cmp"
	"slices"
)

// The "Fureur de vivre" ledger (AX-4, LF-53): each duel gives its winner
// one Glory point (PG) and its loser one Shame point (PH); a car lost in
// the marsh closes its pilot's account for good — he may neither
// challenge nor be challenged again; a pair duels once (league AMB-57: an
// unordered pair).

// Duel is one challenge and, once played, its result.
type Duel struct {
	Challenger string `json:"challenger"`
	Target     string `json:"target"`
	Played     bool   `json:"played,omitempty"`
	// Withdrawn: the challenger took the challenge back before it was
	// accepted. It stays in the list, so the duels after it keep their
	// number and their seed, but it is no duel: it neither blocks the
	// pair nor counts in the ledger (LF-53, decision of issue 16).
	Withdrawn bool `json:"withdrawn,omitempty"`
	// Winner and Loser ("" on a draw: a handshake or both in the marsh),
	// Lost the pilots whose car ended in the marsh.
	Winner string   `json:"winner,omitempty"`
	Loser  string   `json:"loser,omitempty"`
	Lost   []string `json:"lost,omitempty"`
}

// ChallengeRefusal says why a challenge may not be issued ("" when it may).
type ChallengeRefusal string

const (
	ChallengeOK       ChallengeRefusal = ""
	ChallengeSelf     ChallengeRefusal = "self"     // a pilot against himself
	ChallengeTwice    ChallengeRefusal = "twice"    // the pair has a challenge already
	ChallengeCarLost  ChallengeRefusal = "car-lost" // the challenger lost his car in the marsh
	ChallengeTargetCl ChallengeRefusal = "target-car-lost"
)

// CanChallenge says whether from may challenge to, given the duels so far.
func CanChallenge(duels []Duel, from, to string) ChallengeRefusal {
	switch {
	case from == to:
		return ChallengeSelf
	case CarLost(duels, from):
		return ChallengeCarLost
	case CarLost(duels, to):
		return ChallengeTargetCl
	}
	for _, d := range duels {
		if d.Withdrawn {
			continue
		}
		if d.Challenger == from && d.Target == to || d.Challenger == to && d.Target == from {
			return ChallengeTwice
		}
	}
	return ChallengeOK
}

// CarLost reports whether pilot lost his car in the marsh.
func CarLost(duels []Duel, pilot string) bool {
	return slices.ContainsFunc(duels, func(d Duel) bool { return slices.Contains(d.Lost, pilot) })
}

// GloryRow is one pilot of the ledger.
type GloryRow struct {
	Position int    `json:"position"`
	Pilot    string `json:"pilot"`
	Glory    int    `json:"glory"`
	Shame    int    `json:"shame"`
	Duels    int    `json:"duels"`
	CarLost  bool   `json:"car_lost,omitempty"`
}

// GloryLedger tallies the duels played: more Glory first, then less
// Shame, then the name.
func GloryLedger(duels []Duel) []GloryRow {
	rows := map[string]*GloryRow{}
	row := func(p string) *GloryRow {
		if rows[p] == nil {
			rows[p] = &GloryRow{Pilot: p}
		}
		return rows[p]
	}
	for _, d := range duels {
		if !d.Played || d.Withdrawn {
			continue
		}
		row(d.Challenger).Duels++
		row(d.Target).Duels++
		if d.Winner != "" {
			row(d.Winner).Glory++
			row(d.Loser).Shame++
		}
		for _, p := range d.Lost {
			row(p).CarLost = true
		}
	}
	out := make([]GloryRow, 0, len(rows))
	for _, r := range rows {
		out = append(out, *r)
	}
	slices.SortFunc(out, func(a, b GloryRow) int {
		return cmp.Or(b.Glory-a.Glory, a.Shame-b.Shame, cmp.Compare(a.Pilot, b.Pilot))
	})
	for i := range out {
		out[i].Position = i + 1
	}
	return out
}
