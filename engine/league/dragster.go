package league

import "slices"

// The Dragster knock-out (AX-1, LF-50): a straight bracket of best-of-5
// matches, each run a duel game of its own (engine/duel). The bracket is
// a fold over the runs played so far: given the draw and every run's
// result, it says each match's score, who went through, and which two
// pilots must run next. Nothing is stored but the draw and the runs.

// DragRun is one run played: its pilots, the winner ("" none), a rerun
// (a full tie: it does not count), the pilots who crashed, and the
// injuries' consequences: pilots out of the tournament, runs lost by
// forfeit.
type DragRun struct {
	Left     string         `json:"left"`
	Right    string         `json:"right"`
	Winner   string         `json:"winner,omitempty"`
	Rerun    bool           `json:"rerun,omitempty"`
	Crashed  []string       `json:"crashed,omitempty"`
	Out      []string       `json:"out,omitempty"`
	Forfeits map[string]int `json:"forfeits,omitempty"`
}

// DragMatch is one match of the bracket. Winner "" while it runs (or
// when both its pilots are out); Walkover when it was won without a run.
type DragMatch struct {
	Round     int    `json:"round"`
	Left      string `json:"left"`
	Right     string `json:"right"`
	LeftWins  int    `json:"left_wins"`
	RightWins int    `json:"right_wins"`
	Runs      int    `json:"runs"`
	Winner    string `json:"winner,omitempty"`
	Walkover  bool   `json:"walkover,omitempty"`
	Done      bool   `json:"done"`
}

// DragBracket is the tournament as it stands.
type DragBracket struct {
	Matches  []DragMatch `json:"matches"`
	Champion string      `json:"champion,omitempty"`
	// Next is the index in Matches of the match whose next run must be
	// played; −1 when none (the tournament is over).
	Next int      `json:"next"`
	Out  []string `json:"out,omitempty"` // out of the tournament by injury
}

// DragBestOf is the match length: the first to 3 run wins.
const DragBestOf = 5

// Dragster folds the runs into the bracket drawn as pilots (paired in
// order, an odd one through on a bye). A run is consumed by the first
// match not over; runs beyond what the bracket needs are ignored.
func Dragster(pilots []string, runs []DragRun) DragBracket {
	b := DragBracket{Next: -1}
	out := map[string]bool{}
	forfeits := map[string]int{}
	round := slices.Clone(pilots)
	for r := 1; len(round) > 1; r++ {
		var next []string
		for i := 0; i < len(round); i += 2 {
			if i+1 == len(round) { // a bye
				next = append(next, round[i])
				continue
			}
			m := DragMatch{Round: r, Left: round[i], Right: round[i+1]}
			runs = playMatch(&m, runs, out, forfeits)
			b.Matches = append(b.Matches, m)
			if !m.Done {
				b.Next = len(b.Matches) - 1
				b.Out = sortedKeys(out)
				return b
			}
			next = append(next, m.Winner)
		}
		round = next
	}
	if len(round) == 1 {
		b.Champion = round[0]
	}
	b.Out = sortedKeys(out)
	return b
}

// playMatch plays m's runs from runs, returning those left. A pilot out
// (or "": the both-out winner of a match before) loses without a run; a
// pilot owing forfeits loses runs without racing them (LF-50).
func playMatch(m *DragMatch, runs []DragRun, out map[string]bool, forfeits map[string]int) []DragRun {
	win := func(p string) {
		if p == m.Left {
			m.LeftWins++
		} else if p == m.Right {
			m.RightWins++
		}
	}
	for !m.Done {
		lOut, rOut := m.Left == "" || out[m.Left], m.Right == "" || out[m.Right]
		switch {
		case lOut && rOut: // neither can race: the next opponent gets the walkover
			m.Done, m.Walkover = true, true
			return runs
		case lOut:
			m.Winner, m.Done, m.Walkover = m.Right, true, true
			return runs
		case rOut:
			m.Winner, m.Done, m.Walkover = m.Left, true, true
			return runs
		}
		if forfeits[m.Left] > 0 || forfeits[m.Right] > 0 { // a run lost by forfeit, not raced
			lf, rf := forfeits[m.Left] > 0, forfeits[m.Right] > 0
			forfeits[m.Left], forfeits[m.Right] = max(0, forfeits[m.Left]-1), max(0, forfeits[m.Right]-1)
			m.Runs++
			if lf && !rf {
				win(m.Right)
			} else if rf && !lf {
				win(m.Left)
			}
			m.settle("")
			continue
		}
		if len(runs) == 0 {
			return runs
		}
		run := runs[0]
		runs = runs[1:]
		for _, p := range run.Out {
			out[p] = true
		}
		for p, n := range run.Forfeits {
			forfeits[p] += n
		}
		if run.Rerun {
			continue
		}
		m.Runs++
		win(run.Winner)
		crasher := ""
		if run.Winner == "" && len(run.Crashed) == 1 {
			crasher = run.Crashed[0]
		}
		m.settle(crasher)
	}
	return runs
}

// settle ends the match: first to 3, or after 5 runs the one ahead; level
// after 5, sudden death — a run won, or a crash (the crasher loses).
func (m *DragMatch) settle(crasher string) {
	need := DragBestOf/2 + 1
	switch {
	case m.LeftWins >= need, m.Runs >= DragBestOf && m.LeftWins > m.RightWins:
		m.Winner = m.Left
	case m.RightWins >= need, m.Runs >= DragBestOf && m.RightWins > m.LeftWins:
		m.Winner = m.Right
	case m.Runs > DragBestOf && crasher == m.Left:
		m.Winner = m.Right
	case m.Runs > DragBestOf && crasher == m.Right:
		m.Winner = m.Left
	default:
		return
	}
	m.Done = true
}

func sortedKeys(m map[string]bool) []string {
	var out []string
	for k, v := range m {
		if v {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}
