package variants

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
)

// 1-C No timed qualifying (league-variants.md ch. 1, AMB-06): no
// qualifying session; each car's grid score is 2 × its place in the last
// race + its championship place + a d20, the lowest on pole. Places past
// 10th extend the scale; a car that did not start the last race counts as
// the classified cars + 1, one with no championship place as the ranked
// cars + 1. Ties: the better last-race place, then the lower d20, then a
// new d20 among the still tied, lower first. The league gives both places
// when it creates the game (car 1 first); left empty, every car takes the
// "+1" default (a season's first race without history).

// Its row of engine/fd's variants table (variants.go) names the id; the
// constructor is registered from this file's init (issue 13).
func init() { fd.RegisterVariant("1-C", withKinds(variant1C)) }

func variant1C() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "1-C", Name: "Grid by formula", NameFR: "Pas d'essais chronométrés", Chapter: "1 Qualifying", Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{
			{Key: "last", Default: "", Help: "each car's place in the last race, car 1 first, separated by / (0: did not start)"},
			{Key: "championship", Default: "", Help: "each car's championship place, car 1 first, separated by / (0: not ranked)"},
		},
		Help: "no qualifying session: 2 × last race place + championship place + d20, lowest on pole",
	}, func(p map[string]string) (any, error) {
		for _, k := range []string{"last", "championship"} {
			if _, err := parsePlaces(p[k]); err != nil {
				return nil, fmt.Errorf("variant 1-C: %s: %w", k, err)
			}
		}
		return gridFormula{last: p["last"], championship: p["championship"]}, nil
	})
}

// gridFormula is the 1-C module: a GridRule and a ConfigRule.
type gridFormula struct{ last, championship string }

// Configure: it replaces the qualifying session.
func (gridFormula) Configure(c *fd.Config) { c.Sessions = 0 }

// Check refuses a qualifying session beside it.
func (gridFormula) Check(c fd.Config) error {
	if c.Sessions > 0 {
		return errors.New("variant 1-C builds the grid without qualifying: sessions must be 0")
	}
	return nil
}

// parsePlaces reads "3/1/0/2": places from 0 (none).
func parsePlaces(s string) ([]int, error) {
	if s == "" {
		return nil, nil
	}
	var out []int
	for _, p := range strings.Split(s, "/") {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || n > 99 {
			return nil, fmt.Errorf("%q: %q is not a place from 0 to 99", s, p)
		}
		out = append(out, n)
	}
	return out, nil
}

// Grid is 1-C's grid, pole first.
func (f gridFormula) Grid(s fd.Setup, src dice.Source) ([]int, error) {
	n := s.Cars()
	places := func(s, what string) ([]int, int, error) {
		p, err := parsePlaces(s)
		if err != nil {
			return nil, 0, err
		}
		if len(p) != 0 && len(p) != n {
			return nil, 0, fmt.Errorf("variant 1-C: %d %s places for %d cars", len(p), what, n)
		}
		out, known := make([]int, n), 0
		for i := range out {
			if i < len(p) {
				out[i] = p[i]
			}
			if out[i] > 0 {
				known++
			}
		}
		return out, known, nil
	}
	last, classified, err := places(f.last, "last-race")
	if err != nil {
		return nil, err
	}
	champ, ranked, err := places(f.championship, "championship")
	if err != nil {
		return nil, err
	}
	type row struct{ car, last, champ, roll, score int }
	rows := make([]row, n)
	for i := range rows {
		l, c := last[i], champ[i]
		if l == 0 {
			l = classified + 1
		}
		if c == 0 {
			c = ranked + 1
		}
		d, err := s.Black(src, i+1, "grid")
		if err != nil {
			return nil, err
		}
		rows[i] = row{i + 1, l, c, d, 2*l + c + d}
		s.Emit(fd.Encode(GridFormulaEvent{Car: i + 1, Last: l, Championship: c, Roll: d, Score: rows[i].score}))
	}
	sort.SliceStable(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		if a.score != b.score {
			return a.score < b.score
		}
		if a.last != b.last {
			return a.last < b.last
		}
		return a.roll < b.roll
	})
	var out []int
	for i := 0; i < len(rows); {
		j := i + 1
		for j < len(rows) && rows[j].score == rows[i].score && rows[j].last == rows[i].last && rows[j].roll == rows[i].roll {
			j++
		}
		tied := make([]int, 0, j-i)
		for _, r := range rows[i:j] {
			tied = append(tied, r.car)
		}
		if len(tied) > 1 {
			if tied, err = rerollLowFirst(s, src, tied); err != nil {
				return nil, err
			}
		}
		out = append(out, tied...)
		i = j
	}
	return out, nil
}

// rerollLowFirst orders cars by a new d20 each, lower first, re-rolling
// ties among the tied.
func rerollLowFirst(s fd.Setup, src dice.Source, cars []int) ([]int, error) {
	rolls := map[int]int{}
	for _, n := range cars {
		d, err := s.Black(src, n, "grid")
		if err != nil {
			return nil, err
		}
		rolls[n] = d
	}
	sorted := append([]int(nil), cars...)
	sort.SliceStable(sorted, func(i, j int) bool { return rolls[sorted[i]] < rolls[sorted[j]] })
	return rerollTies(s, src, sorted, func(n int) int { return rolls[n] })
}

// rerollTies keeps the order of sorted and orders each run of cars whose
// keys tie by new d20s (rerollLowFirst): 1-C's grid draw and AX-2's
// contest both break their ties so.
func rerollTies[K comparable](s fd.Setup, src dice.Source, sorted []int, key func(int) K) ([]int, error) {
	var out []int
	for i := 0; i < len(sorted); {
		j := i + 1
		for j < len(sorted) && key(sorted[j]) == key(sorted[i]) {
			j++
		}
		group := sorted[i:j]
		if len(group) > 1 {
			var err error
			if group, err = rerollLowFirst(s, src, group); err != nil {
				return nil, err
			}
		}
		out = append(out, group...)
		i = j
	}
	return out, nil
}
