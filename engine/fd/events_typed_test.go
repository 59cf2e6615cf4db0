package fd

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/tracks"
)

// roundTrip checks that line, an event line as the engine writes it,
// decodes into its kind's struct and encodes back byte for byte (issue
// 13: one text codec, the record format unchanged). It returns the kind
// decoded ("q-" lines by their copied kind) or "" with an error reported.
func roundTrip(t testing.TB, where, line string) string {
	t.Helper()
	e, err := ParseEvent(line)
	if err != nil {
		t.Errorf("%s: %q: %v", where, line, err)
		return ""
	}
	typed, err := Decode(e)
	if err != nil {
		t.Errorf("%s: %q does not decode: %v", where, line, err)
		return ""
	}
	if got := Encode(typed).String(); got != line {
		t.Errorf("%s: decoded and encoded again, the line changed:\n  was %s\n  now %s", where, line, got)
		return ""
	}
	if q, ok := typed.(QualifyingCopy); ok {
		return q.Event.EventKind()
	}
	return typed.EventKind()
}

// Every event line of every record under testdata (the frozen v1 records
// and any other) decodes to its struct and encodes back byte for byte.
func TestTypedEventsRoundTripTestdataRecords(t *testing.T) {
	var files []string
	require.NoError(t, filepath.WalkDir("testdata", func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".rec") {
			files = append(files, path)
		}
		return err
	}))
	require.NotEmpty(t, files)
	lines := 0
	for _, path := range files {
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		rec, err := ParseRecord(string(b))
		require.NoError(t, err, path)
		require.NotEmpty(t, rec.Events, path)
		for i, e := range rec.Events {
			roundTrip(t, fmt.Sprintf("%s event %d", path, i+1), e.String())
			lines++
		}
		// the record's own text holds these lines as they are
		assert.Equal(t, string(b), rec.Text(), path)
	}
	t.Logf("%d event lines of %d records", lines, len(files))
}

// Every event line of seeded races of each ruleset decodes and encodes
// back byte for byte: the speed freeze's races (fd2008 on every circuit,
// with every optional rule, strict blocking; fdr with 0–2 qualifying
// sessions and league variants; street), each league variant the engine
// plays alone and all of them together, and each race's position lines.
func TestTypedEventsRoundTripSeededRaces(t *testing.T) {
	type race struct {
		name  string
		cfg   Config
		track string
		cars  int
	}
	var races []race
	for i, r := range freezeRaces {
		if testing.Short() && i%4 != 0 {
			continue
		}
		races = append(races, race{r.name(i), r.config(t), r.track, r.cars})
	}
	var sets [][]string
	for _, v := range VariantList() {
		if v.Engine && v.Ready {
			sets = append(sets, []string{variantSpec(v.ID)})
		}
	}
	sets = append(sets, allVariantSpecs(), pitPack, weatherPack, teamPack, redFlagParts, ledgerBuilds,
		ledgerRerolls, refusedTests, ledgerTokens, injuryRuleB, ledgerQualifying)
	ids := tracks.IDs()
	for i, set := range sets {
		if testing.Short() && i%4 != 0 {
			continue
		}
		cfg := fdrConfig()
		cfg.Laps, cfg.Sessions = 2, i%3
		for _, s := range set {
			require.NoError(t, cfg.EnableVariant(s))
		}
		require.NoError(t, cfg.Validate())
		races = append(races, race{fmt.Sprintf("variants-%v", set), cfg, ids[i%len(ids)], 2 + i%5})
	}
	seen := map[string]bool{}
	for i, r := range races {
		c, err := tracks.Get(r.track)
		require.NoError(t, err)
		g, rec, err := Simulate(r.cfg, c, r.track, r.cars, SeedFrom(fmt.Sprintf("typed-events-%d", i)))
		require.NoError(t, err, r.name)
		require.NotEmpty(t, rec.Events, r.name)
		for j, e := range rec.Events {
			if k := roundTrip(t, fmt.Sprintf("%s event %d", r.name, j+1), e.String()); k != "" {
				seen[k] = true
			}
		}
		for _, e := range g.Position().Events() {
			if k := roundTrip(t, r.name+" position", e.String()); k != "" {
				seen[k] = true
			}
		}
	}
	// the races meet the commonest kinds of each ruleset: a check that
	// they are the races meant, not an empty loop
	for _, k := range []string{"roll", "gear", "move", "turn", "round", "order", "stop", "finish", "over", "weather",
		"tyres", "qualified", "pit-box", "driver", "position", "position-car"} {
		assert.True(t, seen[k], "no seeded race wrote a %s line", k)
	}
}

// Malformed lines are refused with an error by the decoder, never a
// panic; a line it accepts encodes back to the same event.
func FuzzDecodeEvent(f *testing.F) {
	for _, s := range []string{
		"roll play=1 car=1 for=gear n=0 die=d4 value=2",
		"move car=1 path=start.0.1,start.1.2 braked=0 blocked=0",
		`wear car=2 tyres=-1 cause="overshot Mere by 1 (R-OVS-03)"`,
		"q-roll q=3 qs=2 play=1 car=1 for=gear n=0 die=d4 value=2",
		"weather session=race test=sun state=changeable was=changeable-rain final=false",
		"grid order=1,2,3",
		"position-car car=1 space=start.0.1 gear=0 wear=6/3/3/3/3/2 laps=0 stops=0 pitstops=0 tyre-age=0",
		"move car=01 path=a braked=0 blocked=0",
		"roll play=1",
		"q-q-roll q=1",
		"grid order=1,,2",
		"contact car=1 with=2 aggravated=false",
		"unknown a=1",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		e, err := ParseEvent(line)
		if err != nil {
			return
		}
		typed, err := Decode(e)
		if err != nil {
			if typed != nil {
				t.Fatalf("%q: an error and a value", line)
			}
			return
		}
		again := Encode(typed)
		if again.Kind != e.Kind || !slices.Equal(again.Args, e.Args) {
			t.Fatalf("%q decodes but encodes as %q", line, again.String())
		}
	})
}

// The decoder refuses, with an error naming what is wrong, what it could
// not write back as it was.
func TestDecodeRefusesWhatItCouldNotWriteBack(t *testing.T) {
	for line, why := range map[string]string{
		"roll play=1 car=1 for=gear n=0 die=d4":                         "value= missing",
		"roll play=1 car=1 for=gear n=0 value=2 die=d4":                 "die= missing or out of place",
		"roll play=1 car=1 for=gear n=0 die=d4 value=2 extra=1":         "extra= unknown",
		"roll play=01 car=1 for=gear n=0 die=d4 value=2":                "not a number",
		"roll play=x car=1 for=gear n=0 die=d4 value=2":                 "not a number",
		"move car=1 path=a braked=0 blocked=0 slide=0":                  "optional 0",
		"contact car=1 with=2 aggravated=false":                         "optional false",
		"contact car=1 with=2 aggravated=yes":                           "not true or false",
		"grid order=1,,2":                                               "not a number",
		"frobnicate car=1":                                              ErrUnknownKind.Error(),
		"q-roll play=1 car=1 for=gear n=0 die=d4 value=2":               "starts with q=CAR",
		"q-roll q=1 qs=0 play=1 car=1 for=gear n=0 die=d4 value=2":      "session from the second",
		"q-q-roll q=1 q=1 play=1 car=1 for=gear n=0 die=d4 value=2":     "copy of a copy",
		"debris space=a kind=\"\"":                                      "optional empty",
		"wear car=1 tyres=-1 cause=x tyres=-1":                          "unknown, repeated or out of place",
		"position-car car=1 gear=0 wear=6/3/3/3/3/2 laps=0 stops=0":     "pitstops= missing",
		"weather session=race state=rain final=maybe":                   "not true or false",
		"pit-quick car=1 gear=4 spaces=2":                               "unknown, repeated or out of place",
		"qualified car=1 rolls=3 penalty=0 ended=true past=0 session=1": "unknown, repeated or out of place",
	} {
		e, err := ParseEvent(line)
		require.NoError(t, err, line)
		typed, err := Decode(e)
		if assert.Error(t, err, line) {
			assert.Contains(t, err.Error(), why, line)
		}
		assert.Nil(t, typed, line)
	}
}

// A typed value writes the line the engine writes today.
func TestEncodeWritesTodaysLines(t *testing.T) {
	two, yes := 2, false
	for _, c := range []struct {
		typed TypedEvent
		line  string
	}{
		{RollEvent{Play: 3, Car: 2, For: "gear", N: 0, Die: "d6", Value: 5}, "roll play=3 car=2 for=gear n=0 die=d6 value=5"},
		{MoveEvent{Car: 1, Path: "a.1.0,a.2.0", Braked: 1}, "move car=1 path=a.1.0,a.2.0 braked=1 blocked=0"},
		{WearEvent{Car: 4, WearPoints: WearPoints{Brakes: &two}, Cause: "braked 2 (R-BRK-01)"}, `wear car=4 brakes=2 cause="braked 2 (R-BRK-01)"`},
		{RoundEvent{N: 2, Order: []int{3, 1, 2}}, "round n=2 order=3,1,2"},
		{WeatherEvent{Session: "race", Test: "sun", State: "fine", Was: "changeable", Final: &yes}, "weather session=race test=sun state=fine was=changeable final=false"},
		{QualifyingCopy{Car: 3, Session: 2, Event: TurnEvent{Play: 1, Car: 1}}, "q-turn q=3 qs=2 play=1 car=1"},
		{QualifyingCopy{Car: 3, Event: LapEvent{Car: 1, Laps: 1}}, "q-lap q=3 car=1 laps=1"},
		{ContactEvent{Car: 1, With: 2, Aggravated: true}, "contact car=1 with=2 aggravated=true"},
	} {
		assert.Equal(t, c.line, Encode(c.typed).String())
	}
}

// Every line engine/fd writes is built from its kind's struct (issue 13):
// Encode(XEvent{…}) or a hand encoder, XEvent{…}.line(), so the compiler
// holds each emission site to a kind that has a struct and to its fields.
// ev, which built a line by key, lives in a test file (event_bykey_test.go):
// production code cannot call it. This scan checks the other side: every
// kind with a struct is built as a typed value by some production file, so
// that no kind is left in events_typed.go that nothing writes any more.
func TestEveryEmissionIsTyped(t *testing.T) {
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	for _, module := range []string{"street/*.go", "fdr/*.go", "variants/*.go"} { // the rules modules and the league variants of their own packages emit fd's kinds too
		modules, err := filepath.Glob(module)
		require.NoError(t, err)
		files = append(files, modules...)
	}
	fs := token.NewFileSet()
	structs := map[string]string{}   // struct name → kind
	for _, k := range KnownKinds() { // engine/fd's and the linked modules'
		structs[reflect.TypeOf(k).Name()] = k.EventKind()
	}
	typed := map[string]string{} // kind → where it is built as a value
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || name == "events_typed.go" || name == filepath.Join("fdr", "events.go") || name == filepath.Join("variants", "events.go") {
			continue // they list every struct (eventKinds, fdr's Events, the variants' kindsOf): a listing is no emission
		}
		file, err := parser.ParseFile(fs, name, nil, 0)
		require.NoError(t, err)
		ast.Inspect(file, func(n ast.Node) bool {
			if x, ok := n.(*ast.CompositeLit); ok {
				if id, ok := x.Type.(*ast.Ident); ok && structs[id.Name] != "" {
					typed[structs[id.Name]] = fs.Position(x.Pos()).String()
				}
				if sel, ok := x.Type.(*ast.SelectorExpr); ok && structs[sel.Sel.Name] != "" {
					if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "fd" { // fd.NitroEvent{…} in engine/fd/street
						typed[structs[sel.Sel.Name]] = fs.Position(x.Pos()).String()
					}
				}
			}
			return true
		})
	}
	for kind := range codecKinds().plans {
		_, ok := typed[kind]
		assert.True(t, ok, "no production file builds %q: is it still written?", kind)
	}
}

// The codec's cost against ev's for the commonest line, a roll: what
// writing the engine's lines through Encode would cost.
func BenchmarkEncodeRoll(b *testing.B) {
	b.ReportAllocs()
	play := 0
	for b.Loop() {
		play++
		_ = Encode(RollEvent{Play: play, Car: 3, For: "gear", N: 0, Die: "d6", Value: 5})
	}
}

func BenchmarkEvRoll(b *testing.B) {
	b.ReportAllocs()
	play := 0
	for b.Loop() {
		play++
		_ = ev("roll", "play", play, "car", 3, "for", "gear", "n", 0, "die", "d6", "value", 5)
	}
}

func BenchmarkDecodeRoll(b *testing.B) {
	b.ReportAllocs()
	e := ev("roll", "play", 1234, "car", 3, "for", "gear", "n", 0, "die", "d6", "value", 5)
	for b.Loop() {
		if _, err := Decode(e); err != nil {
			b.Fatal(err)
		}
	}
}

// The hand-written encoders of events_fast.go write exactly what the
// struct's tags say, optional fields absent or present, and decode back.
func TestFastEncodersAgreeWithTheCodec(t *testing.T) {
	minusOne := -1
	fast := []TypedEvent{
		RollEvent{Play: 312, Car: 0, For: "weather", N: 2, Die: "black", Value: 20},
		RollEvent{Play: 1, Car: 4, For: "gear", Die: "d4", Value: 1},
		TurnEvent{Play: 1000, Car: 10},
		RoundEvent{N: 3, Order: []int{4, 1, 10}},
		RoundEvent{N: 7, Order: []int{2}},
		StopEvent{Car: 2, Corner: "Sainte Dévote", Stops: 1, Required: 3},
		OrderEvent{Car: 1, Gear: 4},
		OrderEvent{Car: 2, Choose: "C"},
		OrderEvent{Car: 3, Build: "8/3/2/3/3/2", Boosters: "2/1/0"},
		MoveEvent{Car: 1, Path: "a.1.0,a.2.0", Braked: 1, Blocked: 2},
		MoveEvent{Car: 2, Path: "-"},
		MoveEvent{Car: 3, Path: "b.4.1", Slide: 1, Bonus: 2},
		SlipstreamEvent{Car: 4, Path: "c.1.0,c.2.1"},
		SlipstreamEvent{Car: 5, Path: "c.1.0", Braked: 1, Slide: 2},
		GearEvent{Car: 6, From: 5, To: 3},
		WearEvent{Car: 7, WearPoints: onePoint("brakes", -2), Cause: "braked 2 (R-BRK-01)"},
		WearEvent{Car: 8, WearPoints: onePoint("gas", 0), Cause: ""},
		WearEvent{Car: 9, WearPoints: WearPoints{Tyres: &minusOne, Handling: &minusOne}, Cause: "both"},
		ContactEvent{Car: 1, With: 2},
		ContactEvent{Car: 3, With: 4, Aggravated: true},
		LapEvent{Car: 10, Laps: 2},
		OvershootEvent{Car: 2, Corner: "Sainte Dévote", Spaces: 2, Stops: 1, Required: 2},
	}
	for _, x := range fast {
		_, ok := x.(lineWriter)
		require.True(t, ok, "%T has a hand-written encoder", x)
		want := encodeByPlan(x)
		got := Encode(x)
		assert.Equal(t, want, got, "%T", x)
		back, err := Decode(got)
		require.NoError(t, err, got.String())
		assert.Equal(t, x, back, got.String())
	}
}

// The wear and repair sites name their one category by its record key
// (Game.catName: gas for the gearbox under fdr, R0.3): onePoint sets
// exactly the field that key writes, for every category of each ruleset.
func TestOnePointSetsTheCategoryItNames(t *testing.T) {
	for _, r := range []Ruleset{FD2008, FDR} {
		for cat := Category(0); cat < NumCategories; cat++ {
			key := r.CategoryName(cat)
			wear := Encode(WearEvent{Car: 2, WearPoints: onePoint(key, -3), Cause: "test"})
			assert.Equal(t, "wear car=2 "+key+"=-3 cause=test", wear.String(), "%s %s", r, cat)
			repair := Encode(RepairEvent{Car: 2, WearPoints: onePoint(key, 1)})
			assert.Equal(t, "repair car=2 "+key+"=1", repair.String(), "%s %s", r, cat)
		}
	}
	assert.Panics(t, func() { onePoint(Category(NumCategories).String(), 1) })
}

// Render and bot say the same events at once: the codec's plans are read
// only, so concurrent decoding and describing agree with a lone one (and
// go test -race finds no race).
func TestTypedEventsDecodeConcurrently(t *testing.T) {
	b, err := os.ReadFile("testdata/records/v1/fdr-port-azur-variants.rec")
	require.NoError(t, err)
	rec, err := ParseRecord(string(b))
	require.NoError(t, err)
	c, err := tracks.Get(rec.Track)
	require.NoError(t, err)
	say := func() []string {
		out := make([]string, 0, len(rec.Events))
		for _, e := range rec.Events {
			typed, err := Decode(e)
			if err != nil {
				out = append(out, "error: "+err.Error())
				continue
			}
			out = append(out, Encode(typed).String()+" | "+fmt.Sprint(EventPhrase(c, e)))
		}
		return out
	}
	want := say()
	results := make(chan []string, 4)
	for range 4 {
		go func() { results <- say() }()
	}
	for range 4 {
		assert.Equal(t, want, <-results)
	}
}
