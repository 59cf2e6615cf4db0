package bot

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/street"
	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/internal/phrasebook"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/tracks"
)

// Issue 13: bot reads Formula Dé's events as typed values (fd.Decode and
// a type switch). These tests hold each reader to what it said when it
// read the lines by key (the readers of before, kept below as oracles):
// over every line of the frozen records and of seeded races of each
// ruleset, with the league variants, the texts and the results are the
// same.

// typedRace is a finished race to read: its game and its record.
type typedRace struct {
	name string
	g    *fd.Game
	rec  *fd.Record
}

// typedReadRaces are the frozen records (engine/fd/testdata/records/v1)
// replayed, and seeded races of fd2008 (with its optional rules), fdr
// with qualifying sessions, street, and fdr under each league variant
// the engine plays that needs no parameter, then under several together.
func typedReadRaces(t *testing.T) []typedRace {
	t.Helper()
	var races []typedRace
	files, err := filepath.Glob("../engine/fd/testdata/records/v1/*.rec")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		rec, err := fd.ParseRecord(string(src))
		require.NoError(t, err, f)
		c, err := tracks.Get(rec.Track)
		require.NoError(t, err, f)
		g, err := fd.Replay(rec, c)
		require.NoError(t, err, f)
		races = append(races, typedRace{filepath.Base(f), g, rec})
	}
	type seeded struct {
		name  string
		cfg   fd.Config
		track string
		cars  int
	}
	optional := fd.DefaultConfig()
	for _, k := range []string{"building", "qualifying", "weather"} {
		require.NoError(t, optional.SetOption(k, "true"), k)
	}
	fdr := fd.ConfigFor(fd.FDR)
	fdr.Laps, fdr.Sessions = 2, 2
	configs := []seeded{
		{"fd2008", fd.DefaultConfig(), "test-oval", 6},
		{"fd2008-optional", optional, "hollowmere", 5},
		{"fdr-qualifying", fdr, "oval", 4},
		{"street", street.Config(), "race-city", 4},
	}
	together := fd.ConfigFor(fd.FDR)
	together.Laps = 2
	for i, v := range fd.VariantList() {
		if !v.Engine || !v.Ready || testing.Short() && i%3 != 0 {
			continue
		}
		cfg := fd.ConfigFor(fd.FDR)
		cfg.Laps, cfg.Sessions = 2, i%3
		if cfg.EnableVariant(v.ID) != nil || cfg.Validate() != nil {
			continue // a variant that needs its parameters
		}
		configs = append(configs, seeded{"variant-" + v.ID, cfg, tracks.IDs()[i%len(tracks.IDs())], 3 + i%4})
	}
	for _, s := range []string{"3-A", "3-B", "6-C", "8-A", "8-B", "8-C", "19-A", "19-B", "19-C", "19-H", "24-C"} {
		_ = together.EnableVariant(s) // the ones the engine has, together
	}
	if together.Validate() == nil {
		configs = append(configs, seeded{"variants-together", together, "port-azur", 6})
	}
	// the league's ledgers and points, which eventResult reads (23-A's
	// schemes, 6-B's refused tests, 19-G's mechanics' points, 20-A)
	for i, set := range [][]string{{"23-A:scheme=g,uses=1/1/1/1/1/1"}, {"23-A:scheme=d,uses=1/1/1/1/1/1", "6-B:refuse_test=yes"},
		{"23-A:scheme=c,uses=1/0/1/0/1/0,tokens=2/1/0/3/1/0,grid_use=0/1/0/3/0/2"}, {"23-A:scheme=i,uses=1/1/1/1/1/1"},
		{"19-A", "19-B", "19-C", "19-D", "19-E:pit_repairs_too=yes", "19-F:points=3/3/2/1/0/6", "19-G:points=5/12/21/0/4/0", "19-H"},
		{"20-A:rule=B"}} {
		cfg := fd.ConfigFor(fd.FDR)
		cfg.Laps, cfg.Sessions = 3, 1+i%2
		for _, v := range set {
			require.NoError(t, cfg.EnableVariant(v), v)
		}
		require.NoError(t, cfg.Validate(), set)
		configs = append(configs, seeded{fmt.Sprint(set), cfg, "port-azur", 6})
	}
	for i, s := range configs {
		c, err := tracks.Get(s.track)
		require.NoError(t, err, s.name)
		g, rec, err := fd.Simulate(s.cfg, c, s.track, s.cars, fd.SeedFrom(fmt.Sprintf("bot-typed-%d", i)))
		require.NoError(t, err, s.name)
		races = append(races, typedRace{s.name, g, rec})
	}
	return races
}

// Every line of every race, and of each race's final position, says in
// words what it said when EventText read it by key.
func TestEventTextReadsTypedEventsAsItReadKeys(t *testing.T) {
	kinds := map[string]bool{}
	lines := 0
	for _, r := range typedReadRaces(t) {
		evs := append(append([]fd.Event(nil), r.rec.Events...), r.g.Position().Events()...)
		for _, e := range evs {
			lines++
			kinds[e.Kind] = true
			require.Equal(t, eventTextByKey(e), EventText(e), "%s: %s", r.name, e)
		}
	}
	t.Logf("%d lines of %d kinds", lines, len(kinds))
	for _, k := range []string{"roll", "move", "wear", "turn", "round", "order", "stop", "finish", "weather", "position-car", "q-roll"} {
		assert.True(t, kinds[k], "no race wrote a %s line: not the races meant", k)
	}
}

// A line whose values the codec cannot read (corrupt: car=x), of a kind
// without a struct, or a qualifying copy the codec refuses, is said as its
// kind and values in words, never a panic; a line written by hand without
// some keys is said with them zero (TestEventText has such lines).
func TestEventTextOfALineThatDoesNotDecode(t *testing.T) {
	for line, want := range map[string]string{
		"move car=x path=a.1.1 braked=0 blocked=0":  "move: car x, path a.1.1, braked 0, blocked 0",
		"roll play=1 car=2 value=01":                "roll: play 1, car 2, value 01",
		"round n=1 order=1,,2":                      "round: n 1, order 1,,2",
		"banner text=hello":                         "banner: text hello",
		"q-roll q=1 play=1 car=1 for=gear n=0 die=": "q roll: q 1, play 1, car 1, for gear, n 0, die ",
		"turn car=3":                                "play 0: car 3's turn",
		"stop car=2 corner=Mere":                    "car 2 stops in Mere (0 of 0)",
	} {
		e, err := fd.ParseEvent(line)
		require.NoError(t, err, line)
		_, decodeErr := fd.Decode(e)
		require.Error(t, decodeErr, "%s: meant as a line the codec refuses", line)
		assert.Equal(t, want, EventText(e), line)
	}
}

// A league reads from each finished race, typed, what it read by key:
// grid, qualifying, points and tokens spent, quick stops, turns and laps
// led, eliminations, the luck index's rolls and failed tests.
func TestEventResultReadsTypedEventsAsItReadKeys(t *testing.T) {
	read := map[string]bool{}
	for _, r := range typedReadRaces(t) {
		lineup := make([]eventCar, len(r.g.Cars))
		for i := range lineup {
			lineup[i] = eventCar{Car: i + 1, Pilot: fmt.Sprintf("Pilot %d", i+1), Team: fmt.Sprint(1 + i/2)}
		}
		require.Equal(t, eventResultByKey(r.g, lineup, nil, 1), eventResult(r.g, lineup, nil, 1), r.name)
		for _, black := range []string{r.g.Config.Dice.Black.Name, "d6"} {
			failed, byTest := blackTestsByKey(r.g.Events, black)
			typedFailed, typedByTest := blackTests(r.g.Events, black)
			require.Equal(t, failed, typedFailed, "%s: %s", r.name, black)
			require.Equal(t, byTest, typedByTest, "%s: %s", r.name, black)
		}
		res := eventResult(r.g, lineup, nil, 1)
		read["qualified"] = read["qualified"] || res.Qualified
		for _, c := range res.Cars {
			read["points spent"] = read["points spent"] || c.PointsSpent > 0
			read["tokens spent"] = read["tokens spent"] || c.TokensSpent > 0
			read["quick stops"] = read["quick stops"] || c.QuickStops > 0
			read["turns led"] = read["turns led"] || c.TurnsLed > 0
			read["laps led"] = read["laps led"] || c.LapsLed > 0
			read["out"] = read["out"] || c.Out > 0
			read["luck"] = read["luck"] || c.Luck != 0
		}
		failed, byTest := blackTests(r.g.Events, r.g.Config.Dice.Black.Name)
		read["failed tests"] = read["failed tests"] || len(failed) > 0
		read["eliminated by a test"] = read["eliminated by a test"] || len(byTest) > 0
	}
	// 19-G's quick stops: the autopilot's races make none; a line of them
	// is read in TestEventResultSkipsLinesThatDoNotDecode
	for _, what := range []string{"qualified", "points spent", "tokens spent", "turns led", "laps led", "out", "luck",
		"failed tests", "eliminated by a test"} {
		assert.True(t, read[what], "no race had %s: not the races meant", what)
	}
}

// Lines the codec refuses (corrupt, hand-written) are not counted, as an
// unreadable value was not: no panic, and the lines around them count.
func TestEventResultSkipsLinesThatDoNotDecode(t *testing.T) {
	g := &fd.Game{Cars: []fd.Car{{Number: 1, Status: fd.Finished, Place: 1}, {Number: 2, Status: fd.Finished, Place: 2}}}
	g.Events = parseRecord(t, `
round n=1 order=2,1
round n=x order=1,2
pilot-point car=1 delta=1 point=earned
pilot-point car=one delta=1 point=earned
lap car=2 laps=1
lap car=1 laps=01
mechanics-point car=2
mechanics-point car=1 earned=3
round n=2 order=1,2
`)
	r := eventResult(g, []eventCar{{Car: 1, Pilot: "Ann"}, {Car: 2, Pilot: "Bea"}}, nil, 1)
	got := map[string][4]int{}
	for _, c := range r.Cars {
		got[c.Pilot] = [4]int{c.PointsSpent, c.LapsLed, c.TurnsLed, c.QuickStops}
	}
	assert.Equal(t, map[string][4]int{"Ann": {1, 0, 2, 1}, "Bea": {0, 1, 0, 0}}, got)

	failed, byTest := blackTests(parseRecord(t, `
roll play=1 car=1 for=start n=0 die=black value=1
start car=x result=stall
roll play=1 car=2 for=start n=0 die=black
start car=2 result=stall
roll play=2 car=1 for=handling n=0 die=black value=3
wear car=1 handling=-1 cause="dangerous space S3 (R-DEB-03)"
eliminated car=1 cause=x
`), "black")
	assert.Equal(t, map[int]int{1: 1}, failed, "the stall of a car that does not read, and a roll with no value, are no failed test")
	assert.Equal(t, map[int]bool{1: true}, byTest)
}

// why / pourquoi names, typed, the rule ids it named by key: every line
// of every race, under the complete rules and under fdr's.
func TestRuleIDsReadTypedEventsAsTheyReadKeys(t *testing.T) {
	named := 0
	for _, r := range typedReadRaces(t) {
		for _, e := range append(append([]fd.Event(nil), r.rec.Events...), r.g.Position().Events()...) {
			for _, rules := range []fd.Ruleset{fd.FD2008, fd.FDR} {
				want := ruleIDsOfByKey(e, rules)
				require.Equal(t, want, ruleIDsOf(e, rules), "%s: %s", r.name, e)
				named += len(want)
			}
		}
	}
	assert.Greater(t, named, 1000, "the races' lines name rules")
	for line, want := range map[string][]string{
		`wear car=x brakes=-1 cause="braked (R-BRK-01)"`: nil,
		"move car=1 path=a braked=1 blocked=x":           {"R-MOV-04", "R-MOV-05"},
		"roll play=1 car=1 for=start n=0 die=black":      nil,
	} {
		e, err := fd.ParseEvent(line)
		require.NoError(t, err)
		assert.Equal(t, want, ruleIDsOf(e, fd.FD2008), "%s: a line the codec refuses names its kind's rules only", line)
	}
}

// A take-back line is bot's own (the engine has no such kind): written
// and read back by one pair; one that does not read is a clear error for
// its game's record and is not said, never a panic.
func TestTakeBackLineReadsBack(t *testing.T) {
	for _, tb := range []takeBack{{Play: 7, Reason: "a slip of the mouse"}, {Play: 12}} {
		back, err := readTakeBack(tb.event())
		require.NoError(t, err)
		assert.Equal(t, tb, back)
	}
	e, err := fd.ParseEvent("takeback play=3")
	require.NoError(t, err)
	tb, err := readTakeBack(e)
	require.NoError(t, err, "a take-back without its reason reads")
	assert.Equal(t, takeBack{Play: 3}, tb)

	m := &meta{Rules: string(fd.FD2008)}
	turn := []persistence.Event{{Seq: 1, Line: "turn play=1 car=1"}, {Seq: 2, Line: "order car=1 gear=1"}}
	for line, want := range map[string]string{
		"takeback play=x reason=oops": `game g1 line 3: take-back: play="x" is not a play number`,
		"takeback reason=oops":        "game g1 line 3: take-back: no play= to take back",
		"takeback play=01":            `game g1 line 3: take-back: play="01" is not a play number`,
		"takeback play=2":             "game g1 line 3: take-back of play 2, which is not in the record",
	} {
		_, err := m.record("g1", append(turn, persistence.Event{Seq: 3, Line: line}))
		assert.EqualError(t, err, want, line)
		e, err := fd.ParseEvent(line)
		require.NoError(t, err)
		if line != "takeback play=2" {
			assert.Empty(t, describeEvent(nil, nil, 0, e, "en"), "%s: a take-back that does not read is not said", line)
		}
	}
	rec, err := m.record("g1", append(turn, persistence.Event{Seq: 3, Line: "takeback play=1 reason=oops"}))
	require.NoError(t, err)
	assert.Empty(t, rec.Events, "play 1 taken back: its lines are gone")
	e, err = fd.ParseEvent("takeback play=1 reason=oops")
	require.NoError(t, err)
	assert.Equal(t, phrasebook.Text("en", phrase.New("ev.takeback", "1", "oops"))+".", describeEvent(nil, nil, 0, e, "en"))
}

// eventTextByKey is EventText as it read lines by key before issue 13's
// typed events: the oracle of the typed reader.
func eventTextByKey(e fd.Event) string {
	car := "car " + e.Get("car")
	switch e.Kind {
	case "position":
		return "the race starts from a position, round " + e.Get("round")
	case "position-car":
		return fmt.Sprintf("%s stands on %s in gear %s", car, e.Get("space"), e.Get("gear"))
	case "position-qualified":
		if e.Get("ended") == "true" {
			return fmt.Sprintf("%s's qualifying lap of session %s ended early after %s spaces: %s rolls and %s penalty", car, e.Get("session"), e.Get("covered"), e.Get("rolls"), e.Get("penalty"))
		}
		return fmt.Sprintf("%s's qualifying lap of session %s is done: %s rolls and %s penalty", car, e.Get("session"), e.Get("rolls"), e.Get("penalty"))
	case "position-lap":
		where := "at the start of its lap"
		if sp := e.Get("space"); sp != "" && e.Get("play") != "0" {
			where = "on " + sp
		}
		return fmt.Sprintf("%s is on its qualifying lap, %s in gear %s, %s rolls so far", car, where, e.Get("gear"), e.Get("rolls"))
	case "round":
		return fmt.Sprintf("round %s: play order %s", e.Get("n"), strings.ReplaceAll(e.Get("order"), ",", ", "))
	case "turn":
		return fmt.Sprintf("play %s: %s's turn", e.Get("play"), car)
	case "order":
		if g := e.Get("gear"); g != "" {
			return fmt.Sprintf("%s chooses gear %s", car, g)
		}
		return fmt.Sprintf("%s chooses option %s", car, e.Get("choose"))
	case "gear":
		return fmt.Sprintf("%s shifts from gear %s to gear %s", car, e.Get("from"), e.Get("to"))
	case "roll":
		who := car
		if e.Get("car") == "0" {
			who = "the table"
		}
		return fmt.Sprintf("%s rolls %s on the %s die (%s)", who, e.Get("value"), e.Get("die"), e.Get("for"))
	case "move", "slipstream":
		path := e.Get("path")
		what := "moves"
		if e.Kind == "slipstream" {
			what = "slipstreams"
		}
		if path == "-" || path == "" {
			return fmt.Sprintf("%s stays put (braked %s, blocked %s)", car, e.Get("braked"), e.Get("blocked"))
		}
		n := strings.Count(path, ",") + 1
		s := fmt.Sprintf("%s %s %d spaces to %s, by %s", car, what, n, path[strings.LastIndex(path, ",")+1:], strings.ReplaceAll(path, ",", ", "))
		if b := e.Get("braked"); b != "" && b != "0" {
			s += ", braking " + b
		}
		if b := e.Get("blocked"); b != "" && b != "0" {
			s += ", blocked " + b + " short"
		}
		return s
	case "wear", "repair":
		var parts []string
		for _, a := range e.Args {
			if a.Key != "car" && a.Key != "cause" {
				parts = append(parts, a.Val+" "+a.Key)
			}
		}
		verb := "loses"
		if e.Kind == "repair" {
			verb = "recovers"
		}
		s := fmt.Sprintf("%s %s %s", car, verb, strings.ReplaceAll(strings.Join(parts, ", "), "-", ""))
		if c := e.Get("cause"); c != "" {
			s += " (" + c + ")"
		}
		return s
	case "eliminated":
		return fmt.Sprintf("%s is eliminated: %s", car, e.Get("cause"))
	case "finish":
		return fmt.Sprintf("%s finishes, place %s", car, e.Get("place"))
	case "lap":
		return fmt.Sprintf("%s completes lap %s", car, e.Get("laps"))
	case "stop":
		return fmt.Sprintf("%s stops in %s (%s of %s)", car, e.Get("corner"), e.Get("stops"), e.Get("required"))
	case "overshoot":
		return fmt.Sprintf("%s overshoots %s by %s spaces with %s of %s stops", car, e.Get("corner"), e.Get("spaces"), e.Get("stops"), e.Get("required"))
	case "spin":
		return car + " spins"
	case "contact":
		return fmt.Sprintf("%s is in contact with car %s", car, e.Get("with"))
	case "engine-test":
		return fmt.Sprintf("%s's top face: engine tests", car)
	case "debris":
		return "debris on " + e.Get("space")
	case "pit-lane":
		return car + " enters the pit lane"
	case "pit-stop":
		return fmt.Sprintf("%s stops at its box: %s tyre points back, %s tyres", car, e.Get("tyres"), e.Get("type"))
	case "pit-quick":
		return fmt.Sprintf("%s: a quick stop, out in gear %s", car, e.Get("gear"))
	case "pit-slow":
		return car + ": a slow stop"
	case "weather":
		return fmt.Sprintf("the weather (%s) is now %s", e.Get("session"), e.Get("state"))
	case "start":
		return fmt.Sprintf("%s's start: %s", car, e.Get("result"))
	case "classification":
		return fmt.Sprintf("an official classifies %s in place %s: %s", car, e.Get("place"), e.Get("reason"))
	case "excluded":
		return fmt.Sprintf("the race direction excludes %s: %s", car, e.Get("reason"))
	case "over":
		return "the race is over"
	}
	// any other line: its kind and values in words
	var parts []string
	for _, a := range e.Args {
		parts = append(parts, a.Key+" "+a.Val)
	}
	return strings.ReplaceAll(e.Kind, "-", " ") + ": " + strings.Join(parts, ", ")
}

// eventResultByKey is eventResult as it read lines by key: its oracle.
func eventResultByKey(g *fd.Game, lineup []eventCar, flags []blackFlag, round int) league.Result {
	cars := make([]league.Car, len(g.Cars))
	for i := range g.Cars {
		c := &g.Cars[i]
		lc := league.Car{Car: c.Number, Laps: c.Laps, PitStops: c.PitStops, Cause: c.Cause}
		if c.Number-1 < len(lineup) {
			lc.Pilot, lc.Team = lineup[c.Number-1].Pilot, lineup[c.Number-1].Team
		}
		switch c.Status {
		case fd.Finished:
			lc.Status, lc.Finish = league.Finished, c.Place
		default:
			lc.Status, lc.Distance = league.Eliminated, c.LastLevel
			lc.NotStarted = c.EliminationReason() == fd.ReasonInjury // 20-A's QUALI: out before the grid
		}
		cars[i] = lc
	}
	at := func(n int) *league.Car {
		if n >= 1 && n <= len(cars) {
			return &cars[n-1]
		}
		return nil
	}
	res := league.Result{HalfPoints: g.HalfPoints()} // 21-B's last lap
	rolls := map[int][]league.Roll{}
	roundNo := 0
	var order []int
	lapsLed := map[int]bool{}
	for _, e := range g.Events {
		switch e.Kind {
		case "grid":
			for i, f := range strings.Split(e.Get("order"), ",") {
				if n, err := strconv.Atoi(f); err == nil && at(n) != nil {
					at(n).Grid = i + 1
				}
			}
		case "qualified":
			res.Qualified = true
			if n, err := e.Int("car"); err == nil && at(n) != nil { // 24-C: each session's penalty rolls (R1.9)
				p, _ := e.Int("penalty")
				at(n).QualiSessions++
				at(n).QualiPenalty += p
			}
		case "q-pilot-point": // 23-A(i): spent in qualifying, the race car is q= (the session's is 1); the race spends no second one
			if n, err := e.Int("q"); err == nil && at(n) != nil && e.Get("point") == "earned" {
				at(n).PointsSpent++
			}
		case "pilot-point": // 23-A: a point spent, debited from the ledger (23-C's and 4-B(b)'s are not)
			if n, err := e.Int("car"); err == nil && at(n) != nil && e.Get("point") == "earned" {
				at(n).PointsSpent++
			}
			if n, err := e.Int("car"); err == nil && at(n) != nil && e.Get("point") == "token" { // 23-A(c): the season ledger's
				at(n).TokensSpent++
			}
		case "test-refused": // 23-A(d): a point spent on a refused test, debited too (6-B's Super Top is not a ledger's)
			if n, err := e.Int("car"); err == nil && at(n) != nil && e.Get("by") == "earned" {
				at(n).PointsSpent++
			}
		case "mechanics-point": // 19-G: a quick stop made, a point for the team
			if n, err := e.Int("car"); err == nil && at(n) != nil {
				at(n).QuickStops++
			}
		case "roll": // 24-D: the movement rolls, for the luck index
			if e.Get("for") != "gear" {
				break
			}
			n, _ := e.Int("car")
			v, _ := e.Int("value")
			for _, d := range g.Config.Dice.Gears {
				if d.Name == e.Get("die") {
					rolls[n] = append(rolls[n], league.Roll{Faces: d.Faces, Value: v})
				}
			}
		case "round":
			roundNo, _ = e.Int("n")
			order = order[:0]
			for _, f := range strings.Split(e.Get("order"), ",") {
				if n, err := strconv.Atoi(f); err == nil {
					order = append(order, n)
				}
			}
			// the first to play a game turn led at the end of the one
			// before (league AMB-48: "leader at the end of each game turn"); the
			// first turn's order is the grid, no turn led yet
			if roundNo > 1 && len(order) > 0 && at(order[0]) != nil {
				at(order[0]).TurnsLed++
			}
		case "lap":
			n, _ := e.Int("car")
			lap, _ := e.Int("laps")
			if !lapsLed[lap] && at(n) != nil {
				lapsLed[lap] = true
				at(n).LapsLed++
			}
		case "eliminated":
			n, _ := e.Int("car")
			if c := at(n); c != nil {
				c.Out = roundNo
				for i, o := range order {
					if o == n {
						c.PlayOrder = i + 1
					}
				}
			}
		}
	}
	// the last game turn's end: the winner leads it (a race with no car
	// at the flag has no leader then)
	for i := range g.Cars {
		if c := &g.Cars[i]; roundNo > 0 && c.Status == fd.Finished && c.Place == 1 && at(c.Number) != nil {
			at(c.Number).TurnsLed++
		}
	}
	failed, byTest := blackTestsByKey(g.Events, g.Config.Dice.Black.Name)
	for i := range cars {
		n := cars[i].Car
		cars[i].Luck = league.LuckIndex(rolls[n], failed[n], byTest[n])
	}
	for _, f := range flags {
		if f.Event != round {
			continue
		}
		for i := range cars {
			if normName(cars[i].Pilot) == normName(f.Pilot) {
				cars[i].Status = league.Excluded
			}
		}
	}
	res.Cars = league.Classify(cars)
	return res
}

// blackTestsByKey is blackTests as it read lines by key: its oracle.
func blackTestsByKey(events []fd.Event, black string) (failed map[int]int, byTest map[int]bool) {
	failed, byTest = map[int]int{}, map[int]bool{}
	failWear := map[int]bool{} // indexes of the wear events a failed test decided
	for i, e := range events {
		n, err := e.Int("car")
		if err != nil {
			continue
		}
		switch e.Kind {
		case "roll":
			if e.Get("die") != black || !testPurposes[e.Get("for")] || i+1 == len(events) {
				break
			}
			next := events[i+1]
			if m, err := next.Int("car"); err != nil || m != n {
				break
			}
			switch {
			case next.Kind == "wear":
				failWear[i+1] = true
				failed[n]++
			case next.Kind == "pit-slow",
				(next.Kind == "start" || next.Kind == "restart") && next.Get("result") == "stall":
				failed[n]++
			}
		case "eliminated":
			j := i - 1
			for j >= 0 && events[j].Kind == "debris" {
				j--
			}
			if j >= 0 && failWear[j] {
				if m, _ := events[j].Int("car"); m == n {
					byTest[n] = true
				}
			}
		}
	}
	return failed, byTest
}

// ruleIDsOfByKey is ruleIDsOf as it read lines by key: its oracle.
func ruleIDsOfByKey(e fd.Event, rules fd.Ruleset) []string {
	var ids []string
	for _, m := range fd.RuleIDGroups(e.Get("cause")) {
		for _, id := range strings.FieldsFunc(strings.Trim(strings.TrimSpace(m), "()"), func(r rune) bool { return r == ',' || r == ';' || r == ' ' }) {
			ids = append(ids, id)
		}
	}
	if rules == fd.FDR {
		return ids
	}
	ids = append(ids, kindRules[strings.TrimPrefix(e.Kind, "q-")]...)
	if e.Kind == "roll" {
		ids = append(ids, rollRules[e.Get("for")]...)
	}
	if e.Get("braked") != "" && e.Get("braked") != "0" {
		ids = append(ids, "R-BRK-01")
	}
	if e.Get("blocked") != "" && e.Get("blocked") != "0" {
		ids = append(ids, "R-BLK-01", "R-BLK-02")
	}
	return ids
}
