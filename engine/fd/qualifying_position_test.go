package fd

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// inputsAfter is the record a position taken before event i starts, holding
// only inputs: the position's lines, then the rolls and orders from i on.
func inputsAfter(rec *Record, p Position, i int) *Record {
	out := *rec
	out.Events = p.Events()
	for _, e := range rec.Events[i:] {
		switch e.Kind {
		case "roll", "q-roll", "order", "q-order", "classification", "excluded":
			out.Events = append(out.Events, e)
		}
	}
	return &out
}

// sessionResumeCheck starts a game from a position taken inside a
// qualifying session before event i, checks it waits for the same
// decisions, and plays the rest of the record's rolls and orders on it:
// every event after the ones the position itself replays (each lap's turn
// begun again) must be the original's, to the end of the race.
func sessionResumeCheck(t *testing.T, rec *Record, c *tracks.Circuit, results []Result, p Position, want []Decision, i int) {
	t.Helper()
	back, text := positionText(t, p)
	require.Equal(t, p, back, "event %d: the position reads back\n%s", i+1, text)
	loaded := -1
	g, err := replayHook(inputsAfter(rec, back, i), c, func(g *Game) (bool, error) {
		if loaded < 0 {
			loaded = len(g.Events)
			require.Equal(t, want, g.PendingAll(), "event %d: the decisions pending\n%s", i+1, text)
		}
		return false, nil
	})
	require.NoError(t, err, "event %d\n%s", i+1, text)
	require.GreaterOrEqual(t, loaded, 0)
	got, orig := g.Events[loaded:], rec.Events[i:]
	for k := range max(len(got), len(orig)) {
		if k < len(got) && k < len(orig) && got[k].String() == orig[k].String() {
			continue
		}
		var a, b string
		if k < len(orig) {
			a = orig[k].String()
		}
		if k < len(got) {
			b = got[k].String()
		}
		require.Failf(t, "the resumed session departs from the original", "event %d, %d events on: the record has %q, the resumed game %q\n%s", i+1, k, a, b, text)
	}
	require.Equal(t, results, g.Results(), "event %d\n%s", i+1, text)
}

// R1, R1.3, R1.9, AMB-42: a position written inside a qualifying session —
// at any order where every lap in progress is at its gear choice or its
// first move — holds each lap, the results so far and the earlier
// sessions' best; loaded again it waits for the same decisions, and the
// rest of the record played on it gives the same session, grid and race.
func TestFDRPositionInsideQualifying(t *testing.T) {
	type race struct {
		track                string
		cars, laps, sessions int
		seed                 string
		flying               bool // league variant 1-B: the lap starts in a gear of the driver's choice
		fd2008               Optional
	}
	every := 1
	if testing.Short() || raceDetector {
		every = 4 // a sample: each resumes the race to its end
	}
	n := 0
	seen := map[string]int{}
	for _, r := range []race{{"test-oval", 4, 1, 1, "qpos1", false, Optional{}}, {"test-oval", 3, 1, 2, "qpos2", false, Optional{}},
		{"hollowmere", 3, 1, 2, "qpos3", false, Optional{}}, {"test-oval", 3, 1, 1, "qpos4", true, Optional{}},
		// the 2008 rules' optional qualifying (O-QUA), with the cars built
		// (O-BLD), tyres (O-TYR) and weather (O-WX)
		{"test-oval", 4, 1, 1, "qpos5", false, Optional{Qualifying: true}},
		{"hollowmere", 4, 2, 1, "qpos6", false, Optional{Qualifying: true, Building: true, Tyres: true, Weather: true}}} {
		c, err := tracks.Get(r.track)
		require.NoError(t, err)
		cfg := fdrConfig()
		cfg.Laps, cfg.Sessions = r.laps, r.sessions
		if r.flying {
			require.NoError(t, cfg.EnableVariant("1-B"))
		}
		if r.fd2008.Qualifying {
			cfg = DefaultConfig()
			cfg.Laps, cfg.Optional = r.laps, r.fd2008
			seen["fd2008"]++
		}
		g, rec, err := Simulate(cfg, c, r.track, r.cars, SeedFrom(r.seed))
		require.NoError(t, err)
		var orders []int
		for i, e := range rec.Events {
			if e.Kind == "order" || e.Kind == "q-order" {
				orders = append(orders, i)
			}
		}
		pos, dec := map[int]Position{}, map[int][]Decision{}
		k := 0
		_, err = replayHook(rec, c, func(g *Game) (bool, error) {
			i := orders[k]
			k++
			if p, err := g.PositionExact(); err == nil && p.Session > 0 {
				pos[i], dec[i] = p, g.PendingAll()
			}
			return false, nil
		})
		require.NoError(t, err)
		for i := range rec.Events {
			p, ok := pos[i]
			if !ok {
				continue
			}
			if n++; n%every != 0 {
				continue
			}
			seen["session"]++
			if r.fd2008.Qualifying {
				seen["fd2008 session"]++
			}
			seen[fmt.Sprintf("session %d", p.Session)]++
			for _, l := range p.Laps {
				if r.flying && l.Play == 0 {
					seen["flying start"]++
				}
				if l.First > 0 {
					seen["first die"]++
				} else {
					seen["lap at a gear"]++
				}
			}
			for _, q := range p.Qualified {
				if q.Session == p.Session {
					seen["done this session"]++
				}
			}
			t.Run(fmt.Sprintf("%s/event-%d", r.seed, i+1), func(t *testing.T) {
				sessionResumeCheck(t, rec, c, g.Results(), p, dec[i], i)
			})
		}
	}
	t.Logf("positions checked: %v", seen)
	for _, k := range []string{"session 1", "session 2", "first die", "lap at a gear", "done this session", "flying start", "fd2008 session"} {
		assert.Positive(t, seen[k], k)
	}
}

// sessionAt is session 1 on test-oval with car 1's lap at its first move
// (the 1st-gear die, 2, rolled: R1.3) and car 2's lap done.
func sessionAt() Position {
	// as the writer gives them: the configuration is chosen after
	// qualifying (R5.2), no pit points yet
	lap := CarPosition{Car: 1, Space: "main.9.1", Wear: fdrDefaultBuild(), Config: fdrDefaultBuild(), Pit: 2}
	return Position{Session: 1, QualiWeather: Fine, SessionWeather: "sun",
		Cars:      []CarPosition{{Car: 1, Wear: fdrDefaultBuild(), Config: fdrDefaultBuild()}, {Car: 2, Wear: fdrDefaultBuild(), Config: fdrDefaultBuild()}},
		Laps:      []LapPosition{{Car: lap, First: 2}},
		Qualified: []QualifyingResult{{Car: 2, Session: 1, Rolls: 9, Past: 1, Covered: 40, Seq: 1}}}
}

// R1, R1.3, AMB-42: a session position starts the game inside the session:
// the lap in progress waits for its move with the die the position gives,
// the lap done keeps its result; inconsistent sessions are refused with
// the reason and leave the game unstarted.
func TestFDRPositionSessionStartAndRefusals(t *testing.T) {
	c, err := tracks.Get("test-oval")
	require.NoError(t, err)
	p := sessionAt()
	back, text := positionText(t, p)
	assert.Equal(t, p, back)
	assert.Contains(t, text, "position round=0 session=1 quali-weather=fine session-weather=sun")
	assert.Contains(t, text, "position-qualified car=2 session=1 rolls=9 penalty=0 ended=false past=1 covered=40 seq=1")
	assert.Contains(t, text, "position-lap car=1 round=0 play=0 rolls=0 penalty=0 past=0 space=main.9.1")
	g, err := NewGame("q", fdrConfig(), c, 2)
	require.NoError(t, err)
	require.NoError(t, g.StartFrom(back, dice.NewScripted()))
	pend := g.PendingAll()
	require.Len(t, pend, 1)
	assert.Equal(t, 1, pend[0].Car)
	assert.Equal(t, DecideMove, pend[0].Kind)
	assert.Equal(t, "qualifying", pend[0].Session)
	assert.Contains(t, kinds(eventStrings(g.Events), "q-roll"), "q-roll q=1 play=1 car=1 for=gear n=0 die=d4 value=2", "the die the position gives")
	assert.Equal(t, p.Qualified[0], g.qualiResults[2], "car 2's result kept")
	again, err := g.PositionExact()
	require.NoError(t, err)
	assert.Equal(t, p, again, "written back as it was read")

	refuse := func(name string, mod func(p *Position), want string) {
		t.Helper()
		bad := sessionAt()
		mod(&bad)
		_, err := ParsePosition(bad.Events())
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), want, name)
	}
	refuse("both", func(p *Position) { p.Qualified = append(p.Qualified, QualifyingResult{Car: 1, Session: 1, Seq: 2}) }, "given twice")
	refuse("neither", func(p *Position) { p.Qualified = nil }, "car 2 has neither its lap in progress nor its result")
	refuse("a session not run", func(p *Position) { p.Qualified[0].Session = 2 }, "session 2 has not been run")
	refuse("session 2 without session 1", func(p *Position) { p.Session = 2; p.Qualified[0].Session = 2 }, "no result of session 1")
	refuse("a race car on the board", func(p *Position) { p.Cars[0].Space = "main.1.1" }, "waits off the board")
	refuse("a race round", func(p *Position) { p.Round = 3 }, "comes before the race")
	refuse("a lap without a session", func(p *Position) {
		p.Session, p.Round, p.Cars[0].Space, p.Cars[1].Space = 0, 2, "main.1.1", "main.2.1"
	}, "belong to a qualifying session")
	refuse("first die of a started lap", func(p *Position) { p.Laps[0].Car.Flags = []string{"started"} }, "first= is the die of a lap not yet started")
	refuse("two results in one turn", func(p *Position) {
		p.Laps = nil
		p.Qualified = append(p.Qualified, QualifyingResult{Car: 1, Session: 1, Seq: 1})
	}, "seq=1 is another result's")
	_, err = ParsePosition(append(sessionAt().Events()[:1], ev("position-car", "car", 1, "wear", "9/3/2/2/2/2")))
	require.Error(t, err)

	// the 2008 rules: one session, with the optional rule on (O-QUA); a
	// car as built only with building on (O-BLD)
	g, err = NewGame("q", DefaultConfig(), c, 2)
	require.NoError(t, err)
	require.ErrorContains(t, g.StartFrom(sessionAt(), dice.NewScripted()), "needs the optional rule qualifying (O-QUA)")
	assert.Empty(t, g.Events)
	quali := DefaultConfig()
	quali.Optional.Qualifying = true
	g, err = NewGame("q", quali, c, 2)
	require.NoError(t, err)
	require.ErrorContains(t, g.StartFrom(sessionAt(), dice.NewScripted()), "one qualifying session (session=1, no session-weather=)")
	plain := sessionAt()
	plain.SessionWeather = ""
	for i := range plain.Cars {
		plain.Cars[i].Config, plain.Cars[i].Wear = Wear{}, DefaultWear()
	}
	plain.Laps[0].Car.Config, plain.Laps[0].Car.Pit, plain.Laps[0].Car.Wear = Wear{}, 0, DefaultWear()
	built := plain
	built.Cars = slices.Clone(plain.Cars)
	built.Cars[0].Config = Wear{7, 3, 3, 3, 2, 2}
	require.ErrorContains(t, g.StartFrom(built, dice.NewScripted()), "the optional rule building is off")
	assert.Empty(t, g.Events)
	require.NoError(t, g.StartFrom(plain, dice.NewScripted()))
	assert.Equal(t, 1, g.PendingAll()[0].Car)
	assert.Equal(t, DecideMove, g.PendingAll()[0].Kind)
	cfg := fdrConfig()
	cfg.Sessions = 0
	g, err = NewGame("q", cfg, c, 2)
	require.NoError(t, err)
	require.ErrorContains(t, g.StartFrom(sessionAt(), dice.NewScripted()), "drives 0 qualifying sessions")
	assert.Empty(t, g.Events)
}

func eventStrings(evs []Event) []string {
	out := make([]string, len(evs))
	for i, e := range evs {
		out[i] = e.String()
	}
	return out
}

// A qualifying copy (O-QUA) names its solo session's car 1: InRace reads
// its car, and its round's order of play, as the race's car of q=CAR; the
// table's car 0 and every other line stay as they are.
func TestEventInRace(t *testing.T) {
	for line, want := range map[string]string{
		"q-gear q=3 car=1 from=0 to=1":                            "q-gear q=3 car=3 from=0 to=1",
		"q-round q=3 n=2 order=1":                                 "q-round q=3 n=2 order=3",
		"q-roll q=2 play=1 car=1 for=gear n=0 die=d4 value=2":     "q-roll q=2 play=1 car=2 for=gear n=0 die=d4 value=2",
		"q-roll q=2 play=1 car=0 for=weather n=0 die=d20 value=2": "q-roll q=2 play=1 car=0 for=weather n=0 die=d20 value=2",
		"q-over q=4 rounds=13 plays=13":                           "q-over q=4 rounds=13 plays=13",
		"gear car=1 from=0 to=1":                                  "gear car=1 from=0 to=1",
		"qualifying car=2 start=main.13.1":                        "qualifying car=2 start=main.13.1",
	} {
		e, err := ParseEvent(line)
		require.NoError(t, err)
		assert.Equal(t, want, e.InRace().String(), line)
		assert.Equal(t, line, e.String(), "the record's line is unchanged")
	}
}
