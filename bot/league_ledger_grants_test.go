package bot

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/tracks"
)

// grantCars are a line-up of two teams, Red's cars first.
var grantCars = []eventCar{{Car: 1, Pilot: "Ann", Team: "Red"}, {Car: 2, Pilot: "Bea", Team: "Red"}, {Car: 3, Pilot: "Cid", Team: "Blue"}, {Car: 4, Pilot: "Dan", Team: "Blue"}}

// oneTwo is a recorded event Red finished 1-2, Cid 3rd.
func oneTwo() *league.Result {
	return &league.Result{Cars: []league.Car{
		{Car: 1, Pilot: "Ann", Team: "Red", Status: league.Finished, Place: 1, Laps: 1},
		{Car: 2, Pilot: "Bea", Team: "Red", Status: league.Finished, Place: 2, Laps: 1},
		{Car: 3, Pilot: "Cid", Team: "Blue", Status: league.Finished, Place: 3, Laps: 1},
		{Car: 4, Pilot: "Dan", Team: "Blue", Status: league.Finished, Place: 4, Laps: 1},
	}}
}

// A season's ledger gives the next event's game its cars' points
// (ledgerGrants through eventVariants): 23-B(b)'s whole point after Red's
// 1-2 (0.5 + 0.2 + 0.3) is a build point on Red's first car, 23-A(h)'s
// pilot with a whole point (two wins) builds 23, 23-B(c)'s whole team
// points raise the quick stop of both the team's cars; before any result
// the games get nothing.
func TestLedgerGrantsReachTheNextGame(t *testing.T) {
	for _, tc := range []struct {
		variant string
		events  int    // recorded before the event opened
		key     string // the parameter the league fills
		want    string
	}{
		{"23-B:scheme=b", 0, "build", ""},
		{"23-B:scheme=b", 1, "build", "1/0/0/0"},
		{"23-A:scheme=h", 1, "build", ""}, // Ann has 0.5
		{"23-A:scheme=h", 2, "build", "1/0/0/0"},
		{"23-B:scheme=a", 2, "build", ""}, // 2 wins: no point yet
		{"23-B:scheme=a", 3, "build", "1/0/0/0"},
		{"23-B:scheme=c", 1, "quick", ""}, // Red has 0.8
		{"23-B:scheme=c", 2, "quick", "1/1/0/0"},
		{"23-A:scheme=g", 1, "uses", "0/0/0/0"}, // Ann has 0.5
		{"23-A:scheme=g", 2, "uses", "1/0/0/0"}, // 23-A(g): a whole point is a reroll of the movement die
	} {
		doc := &leagueDoc{Variants: []string{tc.variant}}
		for range tc.events {
			doc.Events = append(doc.Events, leagueEvent{Result: oneTwo()})
		}
		doc.Events = append(doc.Events, leagueEvent{})
		specs := doc.eventVariants(grantCars, tc.events)
		require.Len(t, specs, 1)
		_, params, err := fd.ParseVariantSpec(specs[0])
		require.NoError(t, err)
		assert.Equal(t, tc.want, params[tc.key], "%s after %d events: %s", tc.variant, tc.events, specs[0])
	}
}

// The book spends what the game was given: 23-B(b)'s point given at the
// second event is gone after it (1.0 − 1 + 1.0 earned), one a car; its
// second ledger, a point a win, has no 5 to spend yet.
func TestLedgerBookSpendsTheBuildPointGiven(t *testing.T) {
	doc := &leagueDoc{Variants: []string{"23-B:scheme=b"}, Events: []leagueEvent{{Result: oneTwo()}, {Result: oneTwo()}}}
	schemes, books := doc.ledgerBooks(doc.results())
	require.Len(t, schemes, 2, "23-B(b)'s decimal bonus and its token per 5 wins")
	require.Equal(t, "23-B(b)", schemes[0].ID)
	var red league.Account
	for _, a := range books[0] {
		if a.Holder == "Red" {
			red = a
		}
	}
	require.Len(t, red.Entries, 2)
	assert.Equal(t, 1, red.Entries[1].Spent, "the build point given at the second event")
	assert.Equal(t, "1", red.Balance.String(), "1.0 − 1 + 1.0")
	wins := map[string]string{}
	for _, a := range books[1] {
		wins[a.Holder] = a.Balance.String()
	}
	assert.Equal(t, "2", wins["Red"], "two wins, none spent below 5")
}

// The record differs where the rule says: the game the ledger gave a
// point to builds car 1 with 23 points (the autopilot spends it), the
// same game without it with 22; the other cars alike.
func TestLedgerBuildPointChangesTheRecord(t *testing.T) {
	doc := &leagueDoc{Variants: []string{"23-B:scheme=b"}, Events: []leagueEvent{{Result: oneTwo()}, {}}}
	specs := doc.eventVariants(grantCars, 1)
	c, err := tracks.Get("test-oval")
	require.NoError(t, err)
	spreads := func(specs []string) map[int]int {
		cfg := fd.ConfigFor("fdr")
		cfg.Laps = 1
		for _, s := range specs {
			require.NoError(t, cfg.EnableVariant(s))
		}
		g, _, err := fd.Simulate(cfg, c, "test-oval", 4, fd.SeedFrom("ledger-build"))
		require.NoError(t, err)
		out := map[int]int{}
		for _, e := range g.Events {
			if e.Kind != "configuration" {
				continue
			}
			w, err := fd.ParseWearCompact(e.Get("wear"))
			require.NoError(t, err)
			pit, err := e.Int("pit")
			require.NoError(t, err)
			car, err := e.Int("car")
			require.NoError(t, err)
			sum := pit
			for _, v := range w {
				sum += v
			}
			out[car] = sum
		}
		return out
	}
	with, without := spreads(specs), spreads([]string{"23-B:scheme=b"})
	assert.Equal(t, map[int]int{1: 23, 2: 22, 3: 22, 4: 22}, with)
	assert.Equal(t, map[int]int{1: 22, 2: 22, 3: 22, 4: 22}, without)
}

// 23-A(g)'s reroll is a point the race spends (movesInRace): the third
// event's record shows Ann's pilot point spent on a new roll of the
// movement die, and the book debits it (1.0 − 1 + 0.5 won); a pilot who
// spent nothing keeps his balance.
func TestLedgerBookDebitsTheRerollSpent(t *testing.T) {
	spentByAnn := oneTwo()
	spentByAnn.Cars[0].PointsSpent = 1
	doc := &leagueDoc{Variants: []string{"23-A:scheme=g"}, Events: []leagueEvent{{Result: oneTwo()}, {Result: oneTwo()}, {Result: spentByAnn}}}
	schemes, books := doc.ledgerBooks(doc.results())
	require.Len(t, schemes, 1)
	require.Equal(t, league.UseReroll, schemes[0].Use)
	balance := map[string]string{}
	for _, a := range books[0] {
		balance[a.Holder] = a.Balance.String()
	}
	assert.Equal(t, "0.5", balance["Ann"], "three wins, one point spent on a reroll")
	assert.Equal(t, "0.9", balance["Bea"], "three 2nd places, nothing spent")
}

// The league reads each point a race spent from its record: 23-A's ±1
// and (g)'s reroll (pilot-point, point=earned), (i)'s ±1 in qualifying
// (q-pilot-point, the race car q=) and (d)'s refused test
// (test-refused, by=earned); 6-B's Super Top and 23-C's nationality point
// are no ledger's and debit nothing.
func TestEventResultCountsThePointsSpent(t *testing.T) {
	g := &fd.Game{Cars: []fd.Car{{Number: 1, Status: fd.Finished, Place: 1}, {Number: 2, Status: fd.Finished, Place: 2}, {Number: 3, Status: fd.Finished, Place: 3}}}
	g.Events = parseRecord(t, `
pilot-point car=1 delta=1 point=earned
test-refused car=2 for=engine by=earned
pilot-point car=3 use=reroll was=4 point=earned
test-refused car=3 for=handling by=super-top
pilot-point car=3 delta=-1 point=national
q-pilot-point q=3 car=1 delta=1 point=earned
`)
	r := eventResult(g, []eventCar{{Car: 1, Pilot: "Ann"}, {Car: 2, Pilot: "Bea"}, {Car: 3, Pilot: "Cid"}}, nil, 1)
	spent := map[string]int{}
	for _, c := range r.Cars {
		spent[c.Pilot] = c.PointsSpent
	}
	assert.Equal(t, map[string]int{"Ann": 1, "Bea": 1, "Cid": 2}, spent, "Cid's qualifying point (23-A(i), q=3, the session's car=1) is his, debited once")
}

// "Max +1 build point per car per race" (23-B(b), 23-A(h)'s "23-point
// configuration") is one check over every build ledger: the wins token
// of 23-B(b) is not debited when the decimal ledger already gave both of
// the team's cars their point, an event opened and not recorded holds its
// points from the next one, and 23-A(h)'s pilot point and 23-B's team
// point go to two cars, never both to one.
func TestBuildPointOneACarOverEverySource(t *testing.T) {
	t.Run("the wins token is not debited for a car already given one", func(t *testing.T) {
		doc := &leagueDoc{Variants: []string{"23-B:scheme=b"},
			LedgerOpening: map[string]map[string]league.Milli{"23-B(b)": {"Red": 2 * league.Point}, "23-B(b) wins": {"Red": 5 * league.Point}},
			Events:        []leagueEvent{{Game: "g0", Cars: grantCars, Builds: []int{1, 1, 0, 0}, Result: oneTwo()}}}
		schemes, books := doc.ledgerBooks(doc.results())
		require.Len(t, schemes, 2)
		balance := func(k int) string {
			for _, a := range books[k] {
				if a.Holder == "Red" {
					return a.Balance.String()
				}
			}
			return ""
		}
		assert.Equal(t, "1", balance(0), "2 − 2 given + 1.0 earned by the one-two")
		assert.Equal(t, "6", balance(1), "5 kept + 1 win: both cars had their point, the token was not spent")
	})
	t.Run("an open event holds its point from the next", func(t *testing.T) {
		doc := &leagueDoc{Variants: []string{"23-B:scheme=b"},
			LedgerOpening: map[string]map[string]league.Milli{"23-B(b)": {"Red": league.Point}},
			Events:        []leagueEvent{{Game: "g0", Cars: grantCars, Builds: []int{1, 0, 0, 0}}, {}}}
		assert.Empty(t, doc.ledgerGrants("23-B", league.UseBuild, grantCars, nil), "Red's one point is the first event's")
		doc.Events[0] = leagueEvent{}
		assert.Equal(t, "1/0/0/0", doc.ledgerGrants("23-B", league.UseBuild, grantCars, nil), "with no event open, the point is the next event's")
	})
	t.Run("23-A(h)'s point and 23-B's on two cars", func(t *testing.T) {
		doc := &leagueDoc{Variants: []string{"23-A:scheme=h", "23-B:scheme=b"},
			LedgerOpening: map[string]map[string]league.Milli{"23-A(h)": {"Ann": league.Point}, "23-B(b)": {"Red": league.Point}},
			Events:        []leagueEvent{{}}}
		params := map[string]string{}
		for _, spec := range doc.eventVariants(grantCars, 0) {
			v, p, err := fd.ParseVariantSpec(spec)
			require.NoError(t, err)
			params[v.ID] = p["build"]
		}
		assert.Equal(t, map[string]string{"23-A": "1/0/0/0", "23-B": "0/1/0/0"}, params, "Ann's car takes her mandatory point, Red's goes to Bea's")
	})
}

// The next season opens with what the last one closed with, the points
// its races spent gone: Ann's two wins make 1.0, she spends it at the
// third event and wins it (0.5), so 0.5 carries over, not 1.5.
func TestCarryOverLeavesTheSpentPointsOut(t *testing.T) {
	spentByAnn := oneTwo()
	spentByAnn.Cars[0].PointsSpent = 1
	prev := storedLeague{doc: &leagueDoc{Variants: []string{"23-A:scheme=c"}, Events: []leagueEvent{{Result: oneTwo()}, {Result: oneTwo()}, {Result: spentByAnn}}}}
	carried, err := carriedLedgers([]string{"23-A:scheme=c"}, []storedLeague{prev})
	require.NoError(t, err)
	assert.Equal(t, "0.5", carried["23-A(c)"]["Ann"].String())
	assert.Equal(t, "0.6", carried["23-A(c)"]["Bea"].String(), "three 2nd places (0.2 each), nothing spent")
}

// "Most moves in the lead" and "laps led" count game turns led (AMB-48):
// the leader at the end of each game turn, the first of the next turn's
// order and, after the last, the winner. Car 2 starts on pole and plays
// first in turn 1 without having led a turn; car 1 leads at the end of
// turns 1 and 2 and wins, leading the last: 3 turns led, car 2 none.
func TestEventResultCountsTheTurnsLedAtTheirEnd(t *testing.T) {
	g := &fd.Game{Cars: []fd.Car{{Number: 1, Status: fd.Finished, Place: 1}, {Number: 2, Status: fd.Finished, Place: 2}}}
	g.Events = parseRecord(t, `
round n=1 order=2,1
round n=2 order=1,2
round n=3 order=1,2
`)
	r := eventResult(g, []eventCar{{Car: 1, Pilot: "Ann"}, {Car: 2, Pilot: "Bea"}}, nil, 1)
	led := map[string]int{}
	for _, c := range r.Cars {
		led[c.Pilot] = c.TurnsLed
	}
	assert.Equal(t, map[string]int{"Ann": 3, "Bea": 0}, led)
	facts := league.EventFacts(r, league.DefaultScale, false)
	assert.Equal(t, 1, facts["Ann"][league.FactMostLed], "the most game turns led")
	assert.Zero(t, facts["Bea"][league.FactMostLed])
}
