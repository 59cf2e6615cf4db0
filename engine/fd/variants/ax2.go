package variants

import (
	"errors"
	"slices"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// AX-2 Qualifying contest (league-variants.md annex 2, AMB-55): a side
// event with no race. Every pilot drives three solo sessions on the
// circuit, each on his own as in qualifying (R1): one lap in the dry, one
// lap in the rain, two laps in the dry (the weather set, never rolled),
// through the SessionRule hook. His score is the sum of his moves (the
// gear rolls and penalty rolls of R1.9) over the three; fewest first, a
// pilot whose lap ended in a session after those who completed all three,
// and ties — time is not measured in an asynchronous game — to a black-die
// roll-off, the lower first [DEC]. The game ends with that ranking
// (GridRule), its cars finished in that order; the league turns the
// places into the contest's fractional points (engine/league/contest.go).

// contestSessions are AX-2's sessions.
var contestSessions = []fd.Session{{Weather: tracks.Sun, Laps: 1}, {Weather: tracks.Rain, Laps: 1}, {Weather: tracks.Sun, Laps: 2}}

func init() { fd.RegisterVariant("AX-2", variantAX2) }

func variantAX2() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "AX-2", Group: "c", Name: "Qualifying contest", NameFR: "Essais", Chapter: fd.ChapterAnnexes, Scope: fd.ScopeSideEvent, Engine: true,
		Params: []fd.VariantParam{
			fd.NewParam("winner", "n+1", "the winner's points on a circuit of N pilots: n+1 for 1 (AMB-55), n for N/(N+1)", "n+1", "n"),
		},
		Help: "groups of 4 or more on a random circuit, three sessions (dry lap, wet lap, two dry laps), a fractional overall ranking",
	}, func(map[string]string) (any, error) {
		return qualifyingContest{sessions: contestSessions, refusal: "variant AX-2 drives three sessions: a dry lap, a wet lap, two dry laps"}, nil
	})
}

// qualifyingContest is the module of AX-2 and of each circuit of AX-3: a
// SessionRule (its sessions), a GridRule (the ranking) and a ConfigRule.
type qualifyingContest struct {
	sessions []fd.Session
	refusal  string // why another number of sessions is refused
}

func (q qualifyingContest) Sessions() []fd.Session { return slices.Clone(q.sessions) }

func (qualifyingContest) Contest() bool { return true }

// Configure: the contest's sessions.
func (q qualifyingContest) Configure(c *fd.Config) { c.Sessions = len(q.sessions) }

// Check refuses another number of sessions.
func (q qualifyingContest) Check(c fd.Config) error {
	if c.Sessions != len(q.sessions) {
		return errors.New(q.refusal)
	}
	return nil
}

// Grid is the contest's ranking: the moves of the three sessions summed.
func (qualifyingContest) Grid(s fd.Setup, src dice.Source) ([]int, error) {
	moves, ended := map[int]int{}, map[int]bool{}
	for _, r := range s.Qualified() {
		moves[r.Car] += r.Score()
		ended[r.Car] = ended[r.Car] || r.Ended
	}
	cars := fd.CarNumbers(s.Cars())
	for _, n := range cars {
		s.Emit(fd.Encode(fd.ContestScoreEvent{Car: n, Moves: moves[n], Ended: ended[n]}))
	}
	key := func(n int) [2]int {
		e := 0
		if ended[n] {
			e = 1
		}
		return [2]int{e, moves[n]}
	}
	slices.SortStableFunc(cars, func(a, b int) int {
		ka, kb := key(a), key(b)
		if ka[0] != kb[0] {
			return ka[0] - kb[0]
		}
		return ka[1] - kb[1]
	})
	return rerollTies(s, src, cars, key)
}
