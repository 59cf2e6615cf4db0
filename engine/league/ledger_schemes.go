package league

import (
	"fmt"
	"slices"
)

// The schemes of league-variants.md ch. 23 as data. 23-A and 23-B name a
// scheme by letter (the variant's scheme parameter); some schemes keep a
// pilot ledger and a team ledger.

func tenths(n int) Milli { return Milli(n) * 100 }

// podiumTenths pays 1st, 2nd, 3rd in tenths of a point.
func podiumTenths(win, second, third int) []Award {
	return []Award{{FactWin, tenths(win)}, {FactSecond, tenths(second)}, {FactThird, tenths(third)}}
}

// move is a pilot's consumable ±1 square, one a race, carried over: the
// spending side of 23-A(b), (c), (d), (e).
func move(id string, awards ...Award) Scheme {
	return Scheme{ID: id, Awards: awards, Unit: Point, PerRace: 1, Carry: true, Use: UseMove}
}

// teamBuild is a team's consumable +1 build point, at most one a car
// (two a race), carried over: 23-B(b), 23-A(e) team [DEC]. The league
// spends it at the next event as soon as the balance allows (Automatic):
// a build point always pays [DEC].
func teamBuild(id string, awards ...Award) Scheme {
	return Scheme{ID: id, Team: true, Awards: awards, Unit: Point, PerRace: 2, Automatic: true, Carry: true, Use: UseBuild}
}

// withGridCredit credits what the qualified grid earns before the race
// (Scheme.GridCredit): 23-A(c) and (i) say so; the other schemes, silent,
// credit it with the race, for the next event [DEC], and 23-B(b) says
// "usable in the next race".
func withGridCredit(s Scheme) Scheme {
	s.GridCredit = true
	return s
}

// f23Af is 23-A(f)'s podium table, which (g) and (h) spend.
var f23Af = podiumTenths(5, 3, 1)

var schemes23A = map[string][]Scheme{
	// (a1) a pilot point per 30 championship points, permanent, +1 twice
	// a race (AMB-47): "+1 on a move", never −1; the Top's hook, as (a2).
	"a1": {{ID: "23-A(a1)", Awards: []Award{{FactPoints, Point}}, Unit: 30 * Point, PerRace: 2, Permanent: true, Carry: true, Use: UseMove, PlusOnly: true}},
	// (a2) championship points + qualifying bonus 3/2/1 + 1 for the most
	// turns led; every 30 a piloting point, one a race.
	"a2": {{ID: "23-A(a2)", Awards: []Award{{FactPoints, Point}, {FactPole, 3 * Point}, {FactGrid2, 2 * Point}, {FactGrid3, Point}, {FactMostLed, Point}},
		Unit: 30 * Point, PerRace: 1, Carry: true, Use: UseMove}},
	"b": {move("23-A(b)", Award{FactPole, tenths(3)}, Award{FactGrid2, tenths(1)}, Award{FactWin, tenths(5)}, Award{FactSecond, tenths(3)}, Award{FactThird, tenths(1)})},
	// (c) the panache bonus, and season boost tokens: floor(season
	// championship points / 30), a +1 each, any time that season, lost at
	// its end [DEC]: a ledger of the season's points, not carried over.
	"c": {
		withGridCredit(move("23-A(c)", append(podiumTenths(5, 2, 1), Award{FactPole, tenths(1)}, Award{FactMostLed, tenths(1)})...)),
		{ID: "23-A(c) season", Awards: []Award{{FactPoints, Point}}, Unit: 30 * Point, PlusOnly: true, Use: UseSeasonBoost},
	},
	"d": {{ID: "23-A(d)", Awards: []Award{{FactPole, 300}, {FactGrid2, 150}, {FactGrid3, 75},
		{FactWin, 300}, {FactSecond, 150}, {FactThird, 100}, {FactFourth, 75}, {FactFifth, 50}, {FactSixth, 25},
		{FactMostLed, 200}, {FactLed4, 75}}, Unit: Point, PerRace: 1, Carry: true, Use: UseMoveOrTest}},
	"e": {
		move("23-A(e) pilot", append(podiumTenths(5, 3, 1), Award{FactPole, tenths(2)}, Award{FactMostLed, tenths(1)})...),
		teamBuild("23-A(e) team", append(podiumTenths(5, 3, 1), Award{FactOneTwo, tenths(3)}, Award{FactFrontRow, tenths(2)}, Award{FactMostLed, tenths(1)})...),
	},
	"f": {move("23-A(f)", f23Af...)},
	"g": {{ID: "23-A(g)", Awards: f23Af, Unit: Point, PerRace: 1, Carry: true, Use: UseReroll}},
	"h": {{ID: "23-A(h)", Awards: f23Af, Unit: Point, PerRace: 1, Automatic: true, Carry: true, Use: UseBuild}},
	// (i) in units: 10 a spend, the pilot capped at 50, one spend a GP
	// weekend; the team's 10 a build point, one a car.
	"i": {
		{ID: "23-A(i) pilot", Awards: []Award{{FactWin, 5 * Point}, {FactSecond, 3 * Point}, {FactThird, 2 * Point}, {FactPole, Point},
			{FactMostLed, 3 * Point}, {FactLedOther, Point}, {FactStart, Point}}, Unit: 10 * Point, PerRace: 1, Cap: 50 * Point, Carry: true, Use: UseMove, GridCredit: true},
		{ID: "23-A(i) team", Team: true, Awards: []Award{{FactWin, 5 * Point}, {FactSecond, 3 * Point}, {FactThird, 2 * Point}, {FactOtherFinisher, Point},
			{FactOneTwo, 3 * Point}, {FactFrontRow, Point}, {FactMostLed, 3 * Point}, {FactLedOther, Point}, {FactLap, Point}}, Unit: 10 * Point, PerRace: 2, Automatic: true, Carry: true, Use: UseBuild, GridCredit: true},
	},
}

var schemes23B = map[string][]Scheme{
	// (a) a permanent build point per 3 team wins, on up to two cars
	// (AMB-50).
	"a": {{ID: "23-B(a)", Team: true, Awards: []Award{{FactWin, Point}}, Unit: 3 * Point, PerRace: 2, Permanent: true, Automatic: true, Carry: true, Use: UseBuild}},
	// (b) the decimal bonus, and "every 5 accumulated wins" a separate
	// token: a ledger of career wins (a point each, carried over [DEC]:
	// "cumulées" = career) whose 5 buy one build point for one car in one
	// race, consumed.
	"b": {
		teamBuild("23-B(b)", append(podiumTenths(5, 2, 1), Award{FactOneTwo, tenths(3)}, Award{FactFrontRow, tenths(1)})...),
		{ID: "23-B(b) wins", Team: true, Awards: []Award{{FactWin, Point}}, Unit: 5 * Point, PerRace: 1, Automatic: true, Carry: true, Use: UseBuild},
	},
	// (c) quick stops one higher per whole team point, not consumed; the
	// whole points are the uses.
	"c": {{ID: "23-B(c)", Team: true, Awards: podiumTenths(5, 3, 1), Unit: Point, Permanent: true, Carry: true, Use: UseQuickStop}},
}

// Schemes23A and Schemes23B return the ledgers of a 23-A or 23-B scheme
// letter.
func Schemes23A(letter string) ([]Scheme, error) { return schemeOf("23-A", schemes23A, letter) }

func Schemes23B(letter string) ([]Scheme, error) { return schemeOf("23-B", schemes23B, letter) }

func schemeOf(id string, table map[string][]Scheme, letter string) ([]Scheme, error) {
	s, ok := table[letter]
	if !ok {
		keys := make([]string, 0, len(table))
		for k := range table {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		return nil, fmt.Errorf("%s has no scheme %q (schemes: %v)", id, letter, keys)
	}
	return slices.Clone(s), nil
}
