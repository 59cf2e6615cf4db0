package league

import (
	"cmp"
	"slices"
)

// Roll is one movement roll for the luck index (24-D): the faces of the
// gear die rolled and the value it gave.
type Roll struct {
	Faces []int
	Value int
}

// LuckIndex is 24-D's luck index of one pilot in one race: the sum over
// movement rolls of (E[V | gear] − V) / spread(gear), plus 2 per failed
// black-die test and 5 for an elimination by a test. Higher is unluckier.
func LuckIndex(rolls []Roll, failedTests int, eliminatedByTest bool) float64 {
	var sum float64
	for _, r := range rolls {
		if len(r.Faces) == 0 {
			continue
		}
		lo, hi, tot := r.Faces[0], r.Faces[0], 0
		for _, f := range r.Faces {
			lo, hi, tot = min(lo, f), max(hi, f), tot+f
		}
		if hi == lo {
			continue
		}
		mean := float64(tot) / float64(len(r.Faces))
		sum += (mean - float64(r.Value)) / float64(hi-lo)
	}
	sum += 2 * float64(failedTests)
	if eliminatedByTest {
		sum += 5
	}
	return sum
}

// PasDeBol picks the event's Pas de Bol pilot (24-D, AMB-52): the
// plurality of the votes of the race's participants, a vote by someone who
// did not race, for someone who did not race or for oneself not counting;
// a tie, or no vote at all, goes to the highest luck index among the tied
// (then the name, for a result that never depends on map order). It
// returns "" when nobody raced.
func PasDeBol(participants []string, votes map[string]string, luck map[string]float64) string {
	in := map[string]bool{}
	for _, p := range participants {
		in[p] = true
	}
	count := map[string]int{}
	for voter, cand := range votes {
		if in[voter] && in[cand] && voter != cand {
			count[cand]++
		}
	}
	cands := slices.Clone(participants)
	slices.SortFunc(cands, func(a, b string) int {
		if c := cmp.Compare(count[b], count[a]); c != 0 {
			return c
		}
		if c := cmp.Compare(luck[b], luck[a]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	if len(cands) == 0 {
		return ""
	}
	return cands[0]
}

// BlackFlagPasses reports whether a black-flag vote passes (7-A): yes
// votes of at least two thirds of the electorate (every other pilot of the
// race, not the votes cast), rounded up.
func BlackFlagPasses(electorate, yes int) bool {
	return electorate > 0 && 3*yes >= 2*electorate
}

// BannedAfter is the number of black flags in one championship that bans
// a player from it (7-A).
const BannedAfter = 2
