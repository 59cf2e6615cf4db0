package league

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/pitwall/pitwall/engine/dice"
)

// 25-A Team management between seasons (league-variants.md ch. 25,
// AMB-53): at the end of a season teams under the bankruptcy line sit the
// next one out (25-A.2), each team's engine supplier may leave (25-A.4),
// and the driver market (25-A.1) seats every pilot for the next season:
// the champion stays or joins any team, taking No. 1; a pilot with at
// least LeavePoints stays or leaves with a list of 3 teams; one with
// StayRollPoints to LeavePoints−1 rolls a d20, leaving on 1–10 with a
// list of 6; one below is fired with a list of 10; newcomers come last.
// A pilot is placed by dice on his list: a die as big as the list picks a
// team, a full team leaves the list; an exhausted list (or none) puts him
// in a team with a free seat, each such team rolling a d20, the highest
// taking him (ties: the team registered first). A pilot the champion
// ousts joins the pool with a list of 10, placed before the fired. Every
// roll is kept in the outcome.
// Mid-season (25-A.5) a No. 1 without more points than his No. 2 swaps
// roles with him (MidSeasonSwap).

// MarketRules are 25-A's numbers (league parameters).
type MarketRules struct {
	LeavePoints    int // 40: may leave freely
	StayRollPoints int // 20: from here a d20 decides; below, fired
	Bankruptcy     int // 20: a team under this many points sits out a season
}

// DefaultMarketRules are the source's.
var DefaultMarketRules = MarketRules{LeavePoints: 40, StayRollPoints: 20, Bankruptcy: 20}

// The fates of a pilot on the market.
const (
	FateChampion = "champion" // decides; may join a full team; No. 1
	FateFree     = "free"     // ≥ LeavePoints: decides
	FateStays    = "stays"    // rolled 11–20
	FateLeaves   = "leaves"   // rolled 1–10
	FateFired    = "fired"    // below StayRollPoints, or his team bankrupt
	FateNew      = "new"      // not raced the season
	FateOusted   = "ousted"   // lost his seat to the champion
)

// ListRule is what a leaving pilot's list of teams must hold (25-A.1):
// Size teams, at least Current of them teams of the season just ended
// and Created of them other registered teams.
type ListRule struct{ Size, Current, Created int }

// ListFor is the list a fate asks for; ok false when the pilot gives none
// (the champion names one team, a staying pilot none).
func ListFor(fate string) (ListRule, bool) {
	switch fate {
	case FateFree:
		return ListRule{3, 1, 1}, true
	case FateLeaves:
		return ListRule{6, 2, 2}, true
	case FateFired, FateNew, FateOusted:
		return ListRule{10, 3, 3}, true
	}
	return ListRule{}, false
}

// MarketTeam is a team of the market.
type MarketTeam struct {
	Name   string `json:"name"`
	Points Points `json:"points"`
	// Current: it raced the season just ended; otherwise a created team
	// (new, or back from bankruptcy).
	Current  bool   `json:"current,omitempty"`
	Supplier string `json:"supplier,omitempty"`
}

// MarketPilot is a pilot of the market and what he asked for.
type MarketPilot struct {
	Pilot  string `json:"pilot"`
	Team   string `json:"team,omitempty"` // his team this season, "" newcomer
	Points Points `json:"points"`
	// Raced: he took part in the season (a newcomer did not).
	Raced bool `json:"raced,omitempty"`
	// Leave: the champion or a free pilot asks to leave; Teams his list
	// (the champion's first team is the one he joins).
	Leave bool     `json:"leave,omitempty"`
	Teams []string `json:"teams,omitempty"`
}

// Placement is what the market did with one pilot.
type Placement struct {
	Pilot string `json:"pilot"`
	From  string `json:"from,omitempty"`
	To    string `json:"to,omitempty"` // "" unplaced: no free seat left
	Fate  string `json:"fate"`
	// Roll is the d20 of a pilot with StayRollPoints to LeavePoints−1.
	Roll int `json:"roll,omitempty"`
	// Picks are the list rolls, in order; Seats the d20 of each team with
	// a free seat when the list ran out.
	Picks []int          `json:"picks,omitempty"`
	Seats map[string]int `json:"seats,omitempty"`
	// First: he takes No. 1 in his team (the champion).
	First bool `json:"first,omitempty"`
}

// SupplierChange is a team's 25-A.4 roll.
type SupplierChange struct {
	Team string `json:"team"`
	Roll int    `json:"roll"`
	From string `json:"from,omitempty"`
	To   string `json:"to"`
}

// MarketOutcome is a season transition.
type MarketOutcome struct {
	Bankrupt   []string         `json:"bankrupt"`
	Teams      []string         `json:"teams"` // the next season's teams
	Placements []Placement      `json:"placements"`
	Suppliers  []SupplierChange `json:"suppliers"`
}

// marketDie is the die of n faces the market rolls.
func marketDie(n int) dice.Die {
	faces := make([]int, n)
	for i := range faces {
		faces[i] = i + 1
	}
	return dice.Die{Name: fmt.Sprintf("d%d", n), Faces: faces}
}

// marketRoller rolls the market's dice at keys of their own.
type marketRoller struct {
	src  dice.Source
	game string
	n    int
}

func (r *marketRoller) roll(sides int, purpose string) (int, error) {
	r.n++
	got, err := r.src.Roll(dice.Key{Game: r.game, Purpose: purpose, Counter: r.n}, marketDie(sides))
	return got.Value, err
}

// CheckList says whether list suits rule among teams (a sentence when it
// does not).
func CheckList(rule ListRule, list []string, teams []MarketTeam) error {
	current, created := 0, 0
	seen := map[string]bool{}
	for _, name := range list {
		i := slices.IndexFunc(teams, func(t MarketTeam) bool { return t.Name == name })
		if i < 0 {
			return fmt.Errorf("no team %s on the market", name)
		}
		if seen[name] {
			return fmt.Errorf("%s is named twice", name)
		}
		seen[name] = true
		if teams[i].Current {
			current++
		} else {
			created++
		}
	}
	if len(list) != rule.Size || current < rule.Current || created < rule.Created {
		return fmt.Errorf("a list of %d teams with at least %d of this season and %d created ones (%d given, %d and %d)",
			rule.Size, rule.Current, rule.Created, len(list), current, created)
	}
	return nil
}

// RunMarket plays a season's transition. champion is the drivers'
// champion, championTeam the constructors' (never bankrupt); teams are
// every registered team with its points (a created one with none);
// suppliers the league's engine list (empty: no supplier changes).
// Pilots are those of the season just ended and the newcomers, in
// registration order. game keys the rolls (a seed of the league's own).
func RunMarket(rules MarketRules, champion, championTeam string, pilots []MarketPilot, teams []MarketTeam, suppliers []string, src dice.Source, game string) (MarketOutcome, error) {
	r := &marketRoller{src: src, game: game}
	out := MarketOutcome{Bankrupt: []string{}, Teams: []string{}, Placements: []Placement{}, Suppliers: []SupplierChange{}}
	bankrupt := map[string]bool{}
	var next []MarketTeam
	for _, t := range teams {
		if t.Current && t.Points < Points(rules.Bankruptcy) && t.Name != championTeam { // 25-A.2
			bankrupt[t.Name] = true
			out.Bankrupt = append(out.Bankrupt, t.Name)
			continue
		}
		next = append(next, t)
		out.Teams = append(out.Teams, t.Name)
	}
	// 25-A.4: a 1 or a 20 and the supplier leaves; a die on the others
	// names the next
	for _, t := range next {
		if len(suppliers) == 0 {
			break
		}
		roll, err := r.roll(20, "supplier")
		if err != nil {
			return out, err
		}
		ch := SupplierChange{Team: t.Name, Roll: roll, From: t.Supplier, To: t.Supplier}
		if roll == 1 || roll == 20 || t.Supplier == "" {
			others := slices.DeleteFunc(slices.Clone(suppliers), func(s string) bool { return s == t.Supplier })
			if len(others) > 0 {
				pick, err := r.roll(len(others), "supplier-pick")
				if err != nil {
					return out, err
				}
				ch.To = others[pick-1]
			}
		}
		out.Suppliers = append(out.Suppliers, ch)
	}

	seats := map[string][]string{} // team → its pilots next season
	free := func(team string) bool { return len(seats[team]) < 2 }
	inNext := func(team string) bool {
		return slices.ContainsFunc(next, func(t MarketTeam) bool { return t.Name == team })
	}

	// the fates, in 25-A.1's order: champion, ≥40 by points, 20–39,
	// below 20, newcomers
	type mover struct {
		p    MarketPilot
		fate string
		roll int
	}
	var movers []mover
	for _, p := range pilots {
		m := mover{p: p}
		switch {
		case !p.Raced:
			m.fate = FateNew
		case p.Pilot == champion:
			m.fate = FateChampion
		case bankrupt[p.Team] || p.Points < Points(rules.StayRollPoints):
			m.fate = FateFired
		case p.Points >= Points(rules.LeavePoints):
			m.fate = FateFree
		default:
			roll, err := r.roll(20, "transfer")
			if err != nil {
				return out, err
			}
			m.fate, m.roll = FateStays, roll
			if roll <= 10 {
				m.fate = FateLeaves
			}
		}
		movers = append(movers, m)
	}
	rank := map[string]int{FateChampion: 0, FateFree: 1, FateStays: 2, FateLeaves: 2, FateFired: 3, FateNew: 4}
	slices.SortStableFunc(movers, func(a, b mover) int {
		if c := cmp.Compare(rank[a.fate], rank[b.fate]); c != 0 {
			return c
		}
		if a.fate == FateFree {
			return cmp.Compare(b.p.Points, a.p.Points)
		}
		return 0
	})
	staying := func(m mover) bool {
		switch m.fate {
		case FateStays:
			return true
		case FateFree, FateChampion:
			return !m.p.Leave
		}
		return false
	}
	// who stays keeps his seat before anyone moves
	for _, m := range movers {
		if staying(m) && inNext(m.p.Team) {
			seats[m.p.Team] = append(seats[m.p.Team], m.p.Pilot)
		}
	}
	points := map[string]Points{}
	for _, p := range pilots {
		points[p.Pilot] = p.Points
	}
	placements := map[string]*Placement{}
	var order []string
	place := func(pl *Placement, list []string) error {
		list = slices.DeleteFunc(slices.Clone(list), func(t string) bool { return !inNext(t) })
		for len(list) > 0 {
			pick, err := r.roll(len(list), "seat")
			if err != nil {
				return err
			}
			pl.Picks = append(pl.Picks, pick)
			if t := list[pick-1]; free(t) {
				pl.To = t
				seats[t] = append(seats[t], pl.Pilot)
				return nil
			}
			list = slices.Delete(list, pick-1, pick)
		}
		best, bestRoll := "", 0
		for _, t := range next {
			if !free(t.Name) {
				continue
			}
			roll, err := r.roll(20, "seat-d20")
			if err != nil {
				return err
			}
			if pl.Seats == nil {
				pl.Seats = map[string]int{}
			}
			pl.Seats[t.Name] = roll
			if roll > bestRoll {
				best, bestRoll = t.Name, roll
			}
		}
		if best != "" {
			pl.To = best
			seats[best] = append(seats[best], pl.Pilot)
		}
		return nil
	}
	rolls := map[string]int{}
	lists := map[string][]string{}
	for _, m := range movers {
		rolls[m.p.Pilot], lists[m.p.Pilot] = m.roll, m.p.Teams
	}
	// the pilots the champion ousts join the pool with a list of 10
	// (AMB-53): placed with the fired, before them, by dice on the list
	// they gave (a staying pilot's in case of it), else by the d20s
	var pool []*Placement
	placePool := func() error {
		for _, o := range pool {
			list := lists[o.Pilot]
			if rule, _ := ListFor(FateOusted); CheckList(rule, list, teams) != nil {
				list = nil
			}
			if err := place(o, list); err != nil {
				return err
			}
		}
		pool = nil
		return nil
	}
	for _, m := range movers {
		if rank[m.fate] >= rank[FateFired] {
			if err := placePool(); err != nil {
				return out, err
			}
		}
		if placements[m.p.Pilot] != nil {
			continue // ousted by the champion before his turn: in the pool
		}
		pl := &Placement{Pilot: m.p.Pilot, From: m.p.Team, Fate: m.fate, Roll: m.roll}
		placements[pl.Pilot], order = pl, append(order, pl.Pilot)
		switch {
		case staying(m) && inNext(m.p.Team):
			pl.To = m.p.Team
			pl.First = m.fate == FateChampion
		case m.fate == FateChampion:
			// he joins the first team he names, full or not; the teammate
			// with fewer points loses his seat (AMB-53)
			if len(m.p.Teams) == 0 || !inNext(m.p.Teams[0]) {
				if err := place(pl, nil); err != nil {
					return out, err
				}
				break
			}
			t := m.p.Teams[0]
			pl.To, pl.First = t, true
			if !free(t) {
				ousted := seats[t][0]
				if points[seats[t][1]] < points[ousted] {
					ousted = seats[t][1]
				}
				seats[t] = append(slices.DeleteFunc(seats[t], func(p string) bool { return p == ousted }), m.p.Pilot)
				o := placements[ousted]
				if o == nil { // a pilot staying in his team, not reached yet
					o = &Placement{Pilot: ousted, From: t, Roll: rolls[ousted]}
					placements[ousted], order = o, append(order, ousted)
				}
				o.Fate, o.To = FateOusted, ""
				pool = append(pool, o)
				break
			}
			seats[t] = append(seats[t], m.p.Pilot)
		default:
			list := m.p.Teams
			if rule, ok := ListFor(m.fate); !ok || CheckList(rule, list, teams) != nil {
				list = nil // no list, or one that breaks 25-A.1: any free seat
			}
			if err := place(pl, list); err != nil {
				return out, err
			}
		}
	}
	if err := placePool(); err != nil { // no fired pilot or newcomer came after
		return out, err
	}
	for _, p := range order {
		out.Placements = append(out.Placements, *placements[p])
	}
	return out, nil
}

// MidSeasonSwap is 25-A.5: after the mid-season GP a No. 1 without more
// points than his No. 2 becomes No. 2; it returns the teams whose roles
// swap (by name), given each team's No. 1 and No. 2 and the drivers'
// points.
func MidSeasonSwap(first, second map[string]string, points map[string]Points) []string {
	var out []string
	for team, no1 := range first {
		if no2, ok := second[team]; ok && points[no1] <= points[no2] {
			out = append(out, team)
		}
	}
	slices.Sort(out)
	return out
}
