package bot

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
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
	fdr := fd.FDRConfig()
	fdr.Laps, fdr.Sessions = 2, 2
	configs := []seeded{
		{"fd2008", fd.DefaultConfig(), "test-oval", 6},
		{"fd2008-optional", optional, "hollowmere", 5},
		{"fdr-qualifying", fdr, "oval", 4},
		{"street", fd.StreetConfig(), "race-city", 4},
	}
	together := fd.FDRConfig()
	together.Laps = 2
	for i, v := range fd.VariantList() {
		if !v.Engine || !v.Ready || testing.Short() && i%3 != 0 {
			continue
		}
		cfg := fd.FDRConfig()
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
