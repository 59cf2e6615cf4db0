package variants

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/phrase"
)

// 19-F Engineer points (league-variants.md ch. 19): a team's engineers
// (up to 6 build points) make its stops better: one point makes a quick
// stop succeed, its exit the black die divided by 4, rounded up (league
// AMB-41: 1–5); in a long stop each point repairs one more life point
// beyond the free and pit-point repairs, capped at the build, tyres aside.
// Both pilots must approve each use: an asynchronous league settles it
// before the race, when the league splits the team's points between its
// two cars (points=3/3/2/1, car 1 first) — each pilot spends his share
// without waiting for the other (league AMB-41). Hook: PitStopRule.
//
// The third use, before the race, improves a characteristic of the car by
// one point (at most one a characteristic, beyond the build's total) for
// one of its share. Like the split, it is settled before the race
// (tune=engine+brakes/-/tyres, car 1 first): the pilot's choice, given
// with the team's approval when the league shares the points. Hook:
// BuildTune, once the car's configuration is given (R5.2); the
// configuration the car gave, not the tuned one, is what a 4-B teammate
// builds against.

func init() { fd.RegisterVariant("19-F", variant19F) }

func variant19F() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "19-F", Group: "b", Name: "Engineer points", NameFR: "Points ingénieurs", Chapter: fd.ChapterPitStops, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{
			{Key: "points", Default: "", OmitEmpty: true, Help: "each car's share of its team's engineer points this race, car 1 first, separated by / (a team has at most 6)"},
			{Key: "tune", Default: "", OmitEmpty: true, Help: "each car's characteristics its engineers improve by one point before the race, one of its points each, car 1 first, separated by /, joined by + (engine+brakes/-/tyres; - or empty: none)"},
		},
		Help: "a team pool of up to 6 engineer points: a sure quick stop, extra repairs in a long stop, +1 to a characteristic before the race",
	}, func(p map[string]string) (any, error) {
		points, err := parsePlaces(p["points"])
		if err != nil {
			return nil, fmt.Errorf("variant 19-F: points: %w", err)
		}
		for _, n := range points {
			if n > teamEngineerPoints {
				return nil, fmt.Errorf("variant 19-F: points: %d engineer points for a car, a team has at most 6", n)
			}
		}
		tunes, err := parseTunes(p["tune"])
		if err != nil {
			return nil, fmt.Errorf("variant 19-F: tune: %w", err)
		}
		for i, w := range tunes {
			if n := wearTotal(w); n > useOf(points, i+1) {
				return nil, fmt.Errorf("variant 19-F: tune: car %d's engineers improve %d characteristics with %d engineer points", i+1, n, useOf(points, i+1))
			}
		}
		return engineers{points: points, tunes: tunes}, nil
	})
}

// engineers is the 19-F module: each car's share of the team's points,
// and what they improve before the race; a ConfigRule (a team's cars
// share at most 6).
type engineers struct {
	points []int
	tunes  []fd.Wear // each car's +1s, car 1 first
}

// teamEngineerPoints is the cap of a team's pool (league-variants.md
// ch. 19: "Team pool engineer_points ∈ [0,6]").
const teamEngineerPoints = 6

// Configure sets nothing else of the configuration.
func (engineers) Configure(*fd.Config) {}

// Check refuses a team whose cars' shares add up to more than the pool:
// the cap is the team's, not each car's. Teams pair cars as 4-A and 4-B
// do (their teams parameter, else cars 1 and 2, 3 and 4 …).
func (e engineers) Check(c fd.Config) error {
	for _, cars := range c.TeamsOfCars(len(e.points)) {
		sum, shares := 0, make([]string, len(cars))
		for i, n := range cars {
			sum += useOf(e.points, n)
			shares[i] = strconv.Itoa(useOf(e.points, n))
		}
		if sum > teamEngineerPoints {
			return fmt.Errorf("variant 19-F: points: the team of car %s has %d engineer points (%s); a team has at most %d to share between its cars", strings.Join(strings.Split(fd.JoinInts(cars), ","), " and car "), sum, strings.Join(shares, " + "), teamEngineerPoints)
		}
	}
	return nil
}

// engineerPointsSpent: the engineer points the car spent this race (a
// position repeats the flag "engineer-point").
var engineerPointsSpent = fd.NewVariantSlot[int]("engineer-point")

// fdr's long stop spends them (pit_stop_slots.go).
func init() { fd.KeepEngineerPointsSpent(engineerPointsSpent) }

// AmendPitStop: the points the car has left after its tuning.
func (e engineers) AmendPitStop(c *fd.Car, r *fd.PitStopRules) {
	r.Engineers = max(useOf(e.points, c.Number)-wearTotal(e.Tune(c.Number))-engineerPointsSpent.Of(c), 0)
}

// CarStatus: the engineer points the car has left this race (issue 16);
// nothing for a car without a share.
func (e engineers) CarStatus(_ *fd.Game, c *fd.Car) []phrase.Phrase {
	if useOf(e.points, c.Number) == 0 {
		return nil
	}
	var r fd.PitStopRules
	e.AmendPitStop(c, &r)
	return []phrase.Phrase{phrase.New("status.engineers-left", r.Engineers)}
}

// TellsBuild: the engineer points are part of the team's build (4-B's 46,
// 19-F's tune), which 5-D hides.
func (engineers) TellsBuild() bool { return true }

// Tune is what car's engineers add to its configuration.
func (e engineers) Tune(car int) fd.Wear {
	if car >= 1 && car <= len(e.tunes) {
		return e.tunes[car-1]
	}
	return fd.Wear{}
}

// wearTotal is the points of w: a tune's, one engineer point a
// characteristic. A function of the variant's own, not a method of
// engine/fd's Wear.
func wearTotal(w fd.Wear) int {
	n := 0
	for _, v := range w {
		n += v
	}
	return n
}

// parseTunes reads "engine+brakes/-/tyres": each car's characteristics
// improved, one point each, at most once (a category by the competition
// rules' name, gas for the gearbox, or the complete rules').
func parseTunes(s string) ([]fd.Wear, error) {
	if s == "" {
		return nil, nil
	}
	var out []fd.Wear
	for _, car := range strings.Split(s, "/") {
		var w fd.Wear
		if car != "" && car != "-" {
			for _, name := range strings.Split(car, "+") {
				cat, ok := tuneCategory(name)
				if !ok {
					return nil, fmt.Errorf("%q is not a characteristic (tyres, brakes, gas, body, engine, handling)", name)
				}
				if w[cat] > 0 {
					return nil, fmt.Errorf("%s twice for one car: at most one point a characteristic", name)
				}
				w[cat] = 1
			}
		}
		out = append(out, w)
	}
	return out, nil
}

// tuneCategory reads a characteristic's name.
func tuneCategory(name string) (fd.Category, bool) {
	for c := range fd.Category(fd.NumCategories) {
		if name == fd.CompetitionCategoryName(c) || name == c.String() {
			return c, true
		}
	}
	return 0, false
}

// ParseTune reads one car's tune as a league declares it ("engine+brakes";
// "-" or empty: none): the characteristics it improves, by the
// competition rules' names in the car's order, one engineer point each.
func ParseTune(s string) ([]string, error) {
	if strings.Contains(s, "/") {
		return nil, fmt.Errorf("%q is more than one car's tune", s)
	}
	tunes, err := parseTunes(s)
	if err != nil || len(tunes) == 0 {
		return nil, err
	}
	var out []string
	for c := range fd.Category(fd.NumCategories) {
		if tunes[0][c] > 0 {
			out = append(out, fd.CompetitionCategoryName(c))
		}
	}
	return out, nil
}
