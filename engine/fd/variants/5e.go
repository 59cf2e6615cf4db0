package variants

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/fd"
)

// 5-E Season build pot (league-variants.md ch. 5, AMB-18): a pilot has
// a season's pot of build points (pot, by default 22 × the season's
// races, 352 for 16) and declares, before each race, the total he spends
// on it: car_min to car_max on the car (18 to 22) and 0 to pit_max in
// the pit (2). The league keeps the pots (engine/league/pot.go) and gives
// each event's game the totals, car 1 first (totals=24/22/18); the game
// spreads each car's total by R5.2, through the BuildRule hook: the car's
// share from max(car_min, total−pit_max) to min(car_max, total), the rest
// in the pit. A car without a declared total spreads the standard 22 (a
// substitute's car, AMB-18).

// The spec's defaults of 5-E's bounds (league-variants.md ch. 5). The
// league's standard car builds 22 points (the competition rules' R5.2,
// league-variants.md ch. 5): a substitute's car (LF-05) and a race's
// share of the default pot.
const (
	potStandardBuild = 22
	potPerRace       = potStandardBuild // the pot is 22 × the season's races
	potCarMin        = 18
	potCarMax        = 22
	potPitMax        = 2
	potAbsenceCost   = 22
	potParamMaximum  = 100000
)

func init() { fd.RegisterVariant("5-E", variant5E) }

func variant5E() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "5-E", Group: "b", Name: "Season build pot", NameFR: "La Cagnotte", Chapter: fd.ChapterCar, Scope: fd.ScopeLeague, Engine: true,
		Params: []fd.VariantParam{
			{Key: "pot", Default: "", OmitEmpty: true, Help: "the season's build points; empty: 22 × the league's races (352 for 16)"},
			fd.NewParam("overspend", "allow", "allow with the penalty (the source: the pilot's best results cancelled, one a point over), or block", "allow", "block"),
			{Key: "totals", Default: "", OmitEmpty: true, Help: "each car's build total on this race, car_min to car_max + pit_max, car 1 first, separated by / (the league fills it; 0: the standard 22)"},
			{Key: "car_min", Default: strconv.Itoa(potCarMin), OmitDefault: true, Help: "the fewest build points a race on the car"},
			{Key: "car_max", Default: strconv.Itoa(potCarMax), OmitDefault: true, Help: "the most build points a race on the car"},
			{Key: "pit_max", Default: strconv.Itoa(potPitMax), OmitDefault: true, Help: "the most build points a race in the pit"},
			{Key: "absence_cost", Default: strconv.Itoa(potAbsenceCost), OmitDefault: true, Help: "what a race the pilot does not drive burns of his pot"},
			{Key: "overspend_mode", Default: "", OmitEmpty: true, Help: "the spec's name of overspend (allow or block); empty: overspend's"},
		},
		Help: "a season budget of build points: 18–22 on the car and 0–2 in the pits each race, an absence burns 22, overspending cancels the best results",
	}, func(p map[string]string) (any, error) {
		rules, err := ParsePotRules(p)
		if err != nil {
			return nil, err
		}
		totals, err := rules.parseTotals(p["totals"])
		if err != nil {
			return nil, fmt.Errorf("variant 5-E: totals: %w", err)
		}
		return buildPot{rules: rules, totals: totals}, nil
	})
}

// PotRules are 5-E's parameters, as the league reads them too
// (bot/league_pot.go).
type PotRules struct {
	Pot                    int // 0: 22 × the season's races
	CarMin, CarMax, PitMax int // a race's build: CarMin to CarMax on the car, 0 to PitMax in the pit
	AbsenceCost            int // what a race missed burns
	Block                  bool
}

// TotalMin and TotalMax bound a race's declared total.
func (r PotRules) TotalMin() int { return r.CarMin }
func (r PotRules) TotalMax() int { return r.CarMax + r.PitMax }

// SeasonPot is the pot of a season of races: as given, else 22 a race.
func (r PotRules) SeasonPot(races int) int {
	if r.Pot > 0 {
		return r.Pot
	}
	return potPerRace * races
}

// ParsePotRules reads 5-E's parameters (defaults filled by
// ParseVariantSpec) and refuses bad ones with a sentence.
func ParsePotRules(p map[string]string) (PotRules, error) {
	var r PotRules
	number := func(key string, least int, into *int) error {
		n, err := strconv.Atoi(p[key])
		if err != nil || n < least || n > potParamMaximum {
			return fmt.Errorf("variant 5-E: %s %q: a number of build points from %d to %d", key, p[key], least, potParamMaximum)
		}
		*into = n
		return nil
	}
	if p["pot"] != "" {
		if err := number("pot", 1, &r.Pot); err != nil {
			return r, err
		}
	}
	for _, f := range []struct {
		key   string
		least int
		into  *int
	}{{"car_min", 1, &r.CarMin}, {"car_max", 1, &r.CarMax}, {"pit_max", 0, &r.PitMax}, {"absence_cost", 0, &r.AbsenceCost}} {
		if err := number(f.key, f.least, f.into); err != nil {
			return r, err
		}
	}
	if r.CarMin > r.CarMax {
		return r, fmt.Errorf("variant 5-E: car_min %d is above car_max %d", r.CarMin, r.CarMax)
	}
	// a car without a declared total (a substitute's) builds the standard 22
	if r.CarMin > potStandardBuild || r.TotalMax() < potStandardBuild {
		return r, fmt.Errorf("variant 5-E: a race's build from %d to %d points leaves out the standard %d a substitute's car builds", r.TotalMin(), r.TotalMax(), potStandardBuild)
	}
	mode := p["overspend"]
	if m := p["overspend_mode"]; m != "" {
		if m != "allow" && m != "block" {
			return r, fmt.Errorf("variant 5-E: overspend_mode=%q must be allow or block", m)
		}
		if p["overspend"] != "allow" && p["overspend"] != m { // allow: overspend's default, not a choice
			return r, fmt.Errorf("variant 5-E: overspend=%s and overspend_mode=%s say two things; name one", p["overspend"], m)
		}
		mode = m
	}
	r.Block = mode == "block"
	return r, nil
}

// buildPot is the 5-E module: a BuildRule.
type buildPot struct {
	rules  PotRules
	totals []int
}

// Spread is a car's declared total spread by R5.2 within 5-E's bounds.
func (b buildPot) Spread(car int) fd.Spread {
	total := potStandardBuild
	if car >= 1 && car <= len(b.totals) && b.totals[car-1] > 0 {
		total = b.totals[car-1]
	}
	return fd.Spread{Total: total, CarMin: max(b.rules.CarMin, total-b.rules.PitMax), CarMax: min(b.rules.CarMax, total)}
}

// parseTotals reads "24/22/18": each 0 (the standard 22) or a total
// within the bounds.
func (r PotRules) parseTotals(s string) ([]int, error) {
	if s == "" {
		return nil, nil
	}
	var out []int
	for _, f := range strings.Split(s, "/") {
		n, err := strconv.Atoi(f)
		if err != nil || (n != 0 && (n < r.TotalMin() || n > r.TotalMax())) {
			return nil, fmt.Errorf("%q: %q is not a build total from %d to %d", s, f, r.TotalMin(), r.TotalMax())
		}
		out = append(out, n)
	}
	return out, nil
}
