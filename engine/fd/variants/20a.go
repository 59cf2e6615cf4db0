package variants

import (
	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/league"
)

// 20-A Injury and death (league-variants.md ch. 20, league AMB-43). Under
// rule A the race itself rolls each eliminating accident's injury test
// with the game's dice at the end of the round it happened in (the
// AccidentRule hook, the table of engine/league/injury.go), and a serious
// accident (an injury or a death) stops the race by 21-B's procedure
// (fdrStoppage): on lap 1 a restart from the grid without the crashed
// cars, the others in their start state, later the race over in the
// current order. Under rule B (b_tests=race) the race rolls each
// accident's test at the end of its play, and a death stops it at once
// (AccidentStop): a new start for two laps from the track order on lap 1,
// later the race over in the track order. The league reads those tests
// (InjuryTests); under rule C, and for games recorded before the race
// rolled them, it rolls its own after the race (bot/league_injury.go).

func init() { fd.RegisterVariant("20-A", variant20A) }

func variant20A() fd.Variant {
	return fd.ModuleVariant(fd.LeagueVariant(fd.Variant{ID: "20-A", Group: "c", Engine: true, Name: "Injury and death", NameFR: "Blessure et mort", Chapter: fd.ChapterElim, Scope: fd.ScopeLeague,
		Params: []fd.VariantParam{
			fd.NewParam("rule", "A", "A, B or C of §2 20-A", "A", "B", "C"),
			fd.NewParam("race", "a", "rule A's race triggers: a (any accident, d20 1 hurts) or b (thresholds by cause, whiplash)", "a", "b"),
			bTestsParam(),
		},
		Help: "pilots injured or killed in the accidents that eliminate them: under rule A rolled in qualifying and in the race, a serious accident stopping it; under rule B in the race, a death stopping it; rule C for the players who opt in; suspensions, the dead replaced by a new pilot"}),
		func(p map[string]string) (any, error) {
			form, err := league.InjuryFormOf(p["rule"], p["race"])
			if err != nil {
				return nil, err
			}
			return injuryRule{form: form, bInRace: p["b_tests"] != "league"}, nil
		})
}

// bTestsParam says where rule B's tests are rolled: in the race (the
// default), a death stopping it (spec B, l.1198), or by the league after
// it, as every rule-B game recorded before the race rolled them did
// (Recorded: their headers do not name it, so they replay as they were
// played). Rules A and C do not read it.
func bTestsParam() fd.VariantParam {
	p := fd.NewParam("b_tests", "race", "rule B's tests: race (rolled in the race, a death stops it) or league (rolled by the league after the race, as games recorded before)", "race", "league")
	p.Recorded = "league"
	return p
}

// injuryRule is the 20-A module: its form of the booklet, and whether
// rule B's tests are the race's (bInRace) or the league's.
type injuryRule struct {
	form    league.InjuryForm
	bInRace bool
}

// RollsInRace: rule A's tests are always the race's, rule B's when
// b_tests=race; rule C's are the league's (each player's opt-in).
func (r injuryRule) RollsInRace() bool {
	return r.form == league.InjuryAa || r.form == league.InjuryAb || r.form == league.InjuryB && r.bInRace
}

// TestAccident rolls the accident's test in the race under rules A and B
// (rollsInRace); rule C is the league's, after the race (tested false).
// Rule A stops the race on a serious outcome (league AMB-43), rule B on a
// death only (spec B, l.1198).
func (r injuryRule) TestAccident(a fd.Accident, roll func(d dice.Die, purpose string) (int, error)) (fd.AccidentOutcome, bool, error) {
	if !r.RollsInRace() {
		return fd.AccidentOutcome{}, false, nil
	}
	o, err := league.RollInjuryWith(r.form, league.Accident{Cause: league.AccidentCause(a.Cause), Gear: a.Gear, Gears: a.Gears, Unpaid: a.Unpaid}, roll)
	if err != nil || len(o.Rolls) == 0 {
		return fd.AccidentOutcome{}, false, err
	}
	out := fd.AccidentOutcome{Car: a.Car, Cause: a.Cause, Rolls: o.Rolls, Injured: o.Injured, Dead: o.Dead, RacesOut: o.RacesOut}
	out.Stops = out.Serious()
	if r.form == league.InjuryB {
		out.Stops = out.Dead
	}
	return out, true, nil
}

// StopsAtOnce (AccidentStop): rule B's tests are rolled at the end of the
// play the accident happened in, and a death stops the race there, its
// way (spec B, l.1198); rule A's at the end of the round.
func (r injuryRule) StopsAtOnce() bool { return r.form == league.InjuryB }

// TestQualifying rolls rule A's qualifying test (QUALI) for an overshoot
// of a qualifying lap that triggers it; rules B and C have none.
func (r injuryRule) TestQualifying(spaces, stops, required int, roll func(d dice.Die, purpose string) (int, error)) (fd.AccidentOutcome, bool, error) {
	if r.form != league.InjuryAa && r.form != league.InjuryAb || !league.QualifyingAccident(spaces, stops, required) {
		return fd.AccidentOutcome{}, false, nil
	}
	o, err := league.RollQualifyingInjury("", roll)
	return fd.AccidentOutcome{Cause: fd.AccidentQualifying, Rolls: o.Rolls, Injured: o.Injured, Dead: o.Dead}, err == nil, err
}
