package variants

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/phrase"
)

// 4-A Pit-box allocation (league-variants.md ch. 4, AMB-12): the pits go
// to teams instead of to drivers in grid order (R4.1). A team is two cars
// (1–2 team 1, 3–4 team 2 …, as in the team race); its slot j is boxes
// 2j−1 and 2j counted from the pit-lane entry, the team's first car
// taking the first. The league gives its team ranking (best first) when it
// creates the game; empty means the first GP of a season.
//
//   - a: slots assigned by the ranking, the leader nearest the entry; teams
//     the ranking leaves out follow, ordered by a d20 each (higher first,
//     ties re-rolled).
//   - b: the same from last season's ranking, fixed for the season (the
//     league passes the same ranking to every GP).
//   - c: the teams choose their slot in ranking order; at the first GP by a
//     d20 each, highest first.
//   - d: the teams choose worst first: the reverse of the ranking; at the
//     first GP by the sum of the team's two grid places, highest first (a
//     missing teammate counts as last on the grid), ties to the team whose
//     better car is further back (AMB-12).

func init() { fd.RegisterVariant("4-A", withKinds(variant4A)) }

func variant4A() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "4-A", Name: "Pit-box allocation", NameFR: "Choix des stands", Chapter: "4 Pit boxes and life points", Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{
			{Key: "mode", Default: "c", Values: []string{"a", "b", "c", "d"}, Help: "a: assigned by team rank; b: fixed for the season by last season's rank; c: teams choose in rank order (d20 at the first GP); d: teams choose worst first (grid sums at the first GP)"},
			{Key: "ranking", Default: "", Help: "team numbers in championship order, best first, separated by /, e.g. 2/1/3 (team 1 is cars 1 and 2); empty: the first GP of the season"},
			{Key: "teams", Default: "", OmitEmpty: true, Help: "each car's team, car 1 first, separated by /, e.g. 1/1/2/3/3 when team 2 has one car (a teammate absent); empty: cars 1 and 2 are team 1, 3 and 4 team 2 …"},
		},
		Help: "pit boxes go to teams by championship rank, assigned or chosen, instead of to drivers in grid order",
	}, func(p map[string]string) (any, error) {
		ranking, err := parseRanking(p["ranking"])
		if err != nil {
			return nil, fmt.Errorf("variant 4-A: %w", err)
		}
		teams, err := fd.ParseTeams(p["teams"])
		if err != nil {
			return nil, fmt.Errorf("variant 4-A: %w", err)
		}
		return pitBoxesByTeam{mode: p["mode"], ranking: ranking, teams: teams}, nil
	})
}

// pitBoxesByTeam is the 4-A module: its mode, the league's ranking (best
// first, nil at the first GP) and each car's team (nil: cars 1–2 team 1 …).
// Read-only once built.
type pitBoxesByTeam struct {
	mode    string
	ranking []int
	teams   []int
}

// teamBoxState is 4-A's state in a game (StatefulModule): the order of
// the teams once settled (nil before) and, when they choose, the next
// team to, by its index in order.
type teamBoxState struct {
	order []int
	next  int
}

// NewState is a game's 4-A state, nothing settled.
func (m pitBoxesByTeam) NewState() any { return &teamBoxState{} }

// Teams is each car's team as the teams parameter names them.
func (m pitBoxesByTeam) Teams() []int { return m.teams }

// AllocateBoxes is the setup's box stage: the teams' slots assigned or
// chosen, one team a call.
func (m pitBoxesByTeam) AllocateBoxes(s fd.Setup, src dice.Source) (bool, error) {
	return teamBoxes(s.Game(), m, src)
}

// BoxChosen gives the chosen slot to the team of the car that chose it:
// box to its first car, the next to its second.
func (m pitBoxesByTeam) BoxChosen(s fd.Setup, car, box int) {
	giveTeamSlot(s.Game(), s.Game().TeamOfCar(car), box)
}

// BoxFact: a slot is a team's two pits.
func (m pitBoxesByTeam) BoxFact(box int) phrase.Phrase {
	return phrase.New("opt.team-boxes", box, box+1)
}

// parseRanking reads "2/1/3": distinct team numbers from 1.
func parseRanking(s string) ([]int, error) {
	if s == "" {
		return nil, nil
	}
	var out []int
	for _, p := range strings.Split(s, "/") {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > fd.MaxCars {
			return nil, fmt.Errorf("ranking %q: %q is not a team number from 1 to %d", s, p, fd.MaxCars)
		}
		if slices.Contains(out, n) {
			return nil, fmt.Errorf("ranking %q: team %d twice", s, n)
		}
		out = append(out, n)
	}
	return out, nil
}

// teamCars lists a team's cars, the first (its No. 1's) first.
func teamCars(g *fd.Game, t int) []int {
	var out []int
	for n := 1; n <= len(g.Cars); n++ {
		if g.TeamOfCar(n) == t {
			out = append(out, n)
		}
	}
	return out
}

// teams lists the game's teams in the order of their first cars.
func teams(g *fd.Game) []int {
	var out []int
	for n := 1; n <= len(g.Cars); n++ {
		if t := g.TeamOfCar(n); !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// teamBoxes runs the allocation; it reports true once every team has its
// slot.
func teamBoxes(g *fd.Game, m pitBoxesByTeam, src dice.Source) (bool, error) {
	st := fd.ModuleStateOf[*teamBoxState](g)
	if st == nil {
		return false, errors.New("variant 4-A: the game has no state of its module (a game built without NewGame)")
	}
	if st.order == nil {
		order, err := teamOrder(g, m, src)
		if err != nil {
			return false, err
		}
		st.order = order
		g.Emit(fd.Encode(PitTeamsEvent{Mode: m.mode, Order: order}))
		if m.mode == "a" || m.mode == "b" {
			for i, t := range order {
				giveTeamSlot(g, t, 2*i+1)
			}
			return true, nil
		}
	}
	if st.next >= len(st.order) || m.mode == "a" || m.mode == "b" {
		return true, nil
	}
	t := st.order[st.next]
	st.next++
	askTeamSlot(g, t)
	return false, nil
}

// teamOrder settles the order in which the teams get their slots.
func teamOrder(g *fd.Game, m pitBoxesByTeam, src dice.Source) ([]int, error) {
	ranking := m.ranking
	all := teams(g)
	var ranked []int
	for _, t := range ranking {
		if slices.Contains(all, t) {
			ranked = append(ranked, t)
		}
	}
	var rest []int
	for _, t := range all {
		if !slices.Contains(ranked, t) {
			rest = append(rest, t)
		}
	}
	switch m.mode {
	case "d":
		if len(ranking) > 0 {
			slices.Reverse(ranked) // the last of the standings first
			tail, err := teamDice(g, src, rest)
			return append(tail, ranked...), err
		}
		return worstFirst(g, src)
	default: // a, b, c
		tail, err := teamDice(g, src, rest)
		return append(ranked, tail...), err
	}
}

// teamDice orders teams by a d20 rolled for each team's first car, higher
// first, ties re-rolled among the tied (4-A(a), (c)).
func teamDice(g *fd.Game, src dice.Source, teams []int) ([]int, error) {
	if len(teams) <= 1 {
		return slices.Clone(teams), nil
	}
	rolls := map[int]int{}
	for _, t := range teams {
		v, err := g.Black(src, teamCars(g, t)[0], "pits")
		if err != nil {
			return nil, err
		}
		rolls[t] = v
	}
	byValue := map[int][]int{}
	var values []int
	for _, t := range teams {
		if len(byValue[rolls[t]]) == 0 {
			values = append(values, rolls[t])
		}
		byValue[rolls[t]] = append(byValue[rolls[t]], t)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(values)))
	var out []int
	for _, v := range values {
		tied := byValue[v]
		if len(tied) > 1 {
			var err error
			if tied, err = teamDice(g, src, tied); err != nil {
				return nil, err
			}
		}
		out = append(out, tied...)
	}
	return out, nil
}

// worstFirst is 4-A(d) at the first GP: the sum of the team's two grid
// places, highest first; a missing teammate is last on the grid; ties to
// the team whose better car is further back.
func worstFirst(g *fd.Game, src dice.Source) ([]int, error) {
	grid := g.RaceGrid()
	place := map[int]int{}
	for i, n := range grid {
		place[n] = i + 1
	}
	type row struct{ team, sum, best int }
	var rows []row
	absent := 0
	for _, t := range teams(g) {
		cars := teamCars(g, t)
		a, b := place[cars[0]], 0
		if len(cars) > 1 {
			b = place[cars[1]]
		} else {
			absent++ // a missing teammate is last on the grid (AMB-12)
			b = len(grid) + absent
		}
		rows = append(rows, row{t, a + b, min(a, b)})
	}
	sort.SliceStable(rows, func(i, j int) bool {
		if rows[i].sum != rows[j].sum {
			return rows[i].sum > rows[j].sum
		}
		return rows[i].best > rows[j].best
	})
	out := make([]int, len(rows))
	for i, r := range rows {
		out[i] = r.team
	}
	return out, nil
}

// askTeamSlot offers a team the free slots, nearest the entry first; its
// first car answers for it.
func askTeamSlot(g *fd.Game, t int) {
	taken := map[int]bool{}
	for i := range g.Cars {
		taken[g.Cars[i].PitBox()] = true
	}
	first := teamCars(g, t)[0]
	d := &fd.Decision{Car: first, Kind: fd.DecideBox}
	for b := 1; b+1 <= len(g.Track.Pit.Boxes); b += 2 {
		if !taken[b] {
			d.Options = append(d.Options, fd.Option{Letter: fd.OptionLetter(len(d.Options)), Box: b})
		}
	}
	g.AskSetup(d)
}

// giveTeamSlot gives team t the slot whose first box is b: box b to its
// first car, b+1 to its second.
func giveTeamSlot(g *fd.Game, t, b int) {
	for k, n := range teamCars(g, t) {
		g.Car(n).SetPitBox(b + k)
		g.Emit(fd.Encode(fd.PitBoxEvent{Car: n, Box: b + k}))
	}
}
