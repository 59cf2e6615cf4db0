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
)

// 1-D Qualifying kitty (league-variants.md ch. 1, AMB-07): no qualifying
// session; each pilot bids points of his season's kitty on the race, and
// the grid is the bids, highest on pole. Ties go to the better
// championship place (an unranked car after the ranked), then to the
// higher d20, a new d20 among those still tied [DEC]. The league keeps
// the kitties and gives the event's game each car's sealed bid and
// championship place, car 1 first (bids=120/0/80, championship=2/0/1).

// maxBid bounds one bid: a 16-race season at 100 a circuit is 1,600.
const maxBid = 100000

func init() { fd.RegisterVariant("1-D", withKinds(variant1D)) }

func variant1D() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "1-D", Group: "b", Name: "Qualifying kitty", NameFR: "Cagnotte essais", Chapter: fd.ChapterQualifying, Scope: fd.ScopeLeague, Engine: true,
		Params: []fd.VariantParam{
			fd.NewParam("per_circuit", "100", "bid points a circuit of the season (16 circuits: 1,600)"),
			{Key: "bids", Default: "", OmitEmpty: true, Help: "each car's bid on this race, car 1 first, separated by / (the league fills it)"},
			{Key: "championship", Default: "", OmitEmpty: true, Help: "each car's championship place for ties, car 1 first, separated by / (0: not ranked)"},
			// the league's: how the bids come in; the game reads only bids
			{Key: "allocation", Default: "sealed", Values: []string{"sealed", "upfront"}, OmitDefault: true, Help: "sealed: a bid before each race; upfront: each pilot's whole circuit-by-circuit split before GP1 (kitty_allocation = UPFRONT)"},
		},
		Help: "each pilot spreads a season kitty of bid points over the races; the grid is the bid, highest on pole, no qualifying session",
	}, func(p map[string]string) (any, error) {
		if n, err := strconv.Atoi(p["per_circuit"]); err != nil || n < 1 || n > 10000 {
			return nil, fmt.Errorf("variant 1-D: per_circuit %q: a number of points from 1 to 10000", p["per_circuit"])
		}
		bids, err := parseBids(p["bids"])
		if err != nil {
			return nil, fmt.Errorf("variant 1-D: bids: %w", err)
		}
		champ, err := parsePlaces(p["championship"])
		if err != nil {
			return nil, fmt.Errorf("variant 1-D: championship: %w", err)
		}
		return gridByBids{bids: bids, championship: champ}, nil
	})
}

// gridByBids is the 1-D module: a GridRule (so the hook refuses it beside
// 1-C, which forms the grid too) and a ConfigRule.
type gridByBids struct{ bids, championship []int }

// Configure: the bids replace the qualifying session.
func (gridByBids) Configure(c *fd.Config) { c.Sessions = 0 }

// Check refuses a qualifying session beside it.
func (gridByBids) Check(c fd.Config) error {
	if c.Sessions > 0 {
		return errors.New("variant 1-D builds the grid from the bids: no qualifying session")
	}
	return nil
}

// parseBids reads "120/0/80": whole bids from 0 to maxBid.
func parseBids(s string) ([]int, error) {
	if s == "" {
		return nil, nil
	}
	var out []int
	for _, f := range strings.Split(s, "/") {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 || n > maxBid {
			return nil, fmt.Errorf("%q: %q is not a bid from 0 to %d", s, f, maxBid)
		}
		out = append(out, n)
	}
	return out, nil
}

// Grid is 1-D's grid, pole first.
func (b gridByBids) Grid(s fd.Setup, src dice.Source) ([]int, error) {
	at := func(list []int, car int) int {
		if car <= len(list) {
			return list[car-1]
		}
		return 0
	}
	bids, champ := b.bids, b.championship
	ranked := 0
	for car := 1; car <= s.Cars(); car++ {
		if at(champ, car) > 0 {
			ranked++
		}
	}
	type row struct{ car, bid, champ int }
	rows := make([]row, s.Cars())
	for i := range rows {
		c := at(champ, i+1)
		if c == 0 {
			c = ranked + 1
		}
		rows[i] = row{i + 1, at(bids, i+1), c}
		s.Emit(fd.Encode(GridBidEvent{Car: i + 1, Bid: rows[i].bid, Championship: c}))
	}
	sort.SliceStable(rows, func(i, j int) bool {
		if rows[i].bid != rows[j].bid {
			return rows[i].bid > rows[j].bid
		}
		return rows[i].champ < rows[j].champ
	})
	var out []int
	for i := 0; i < len(rows); {
		j := i + 1
		for j < len(rows) && rows[j].bid == rows[i].bid && rows[j].champ == rows[i].champ {
			j++
		}
		tied := make([]int, 0, j-i)
		for _, r := range rows[i:j] {
			tied = append(tied, r.car)
		}
		if len(tied) > 1 {
			low, err := rerollLowFirst(s, src, tied)
			if err != nil {
				return nil, err
			}
			tied = slices.Clone(low)
			slices.Reverse(tied) // the higher d20 first
		}
		out = append(out, tied...)
		i = j
	}
	return out, nil
}
