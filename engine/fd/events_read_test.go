package fd

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/tracks"
)

// readCorpus is every event line of the frozen records and of a seeded
// race of each ruleset (fdr with qualifying, so its "q-" copies), with
// each race's position lines.
func readCorpus(t *testing.T) []Event {
	t.Helper()
	var out []Event
	files, err := filepath.Glob("testdata/records/v1/*.rec")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		rec, err := ParseRecord(string(b))
		require.NoError(t, err, f)
		out = append(out, rec.Events...)
	}
	fdr := fdrConfig()
	fdr.Laps, fdr.Sessions = 1, 2
	for i, r := range []struct {
		cfg   Config
		track string
	}{{DefaultConfig(), "test-oval"}, {fdr, "oval"}, {streetConfig(), "race-city"}} {
		c, err := tracks.Get(r.track)
		require.NoError(t, err)
		g, rec, err := Simulate(r.cfg, c, r.track, 4, SeedFrom(fmt.Sprintf("events-read-%d", i)))
		require.NoError(t, err, r.track)
		out = append(out, rec.Events...)
		out = append(out, g.Position().Events()...)
	}
	return out
}

// DecodeLoose is held to the codec: every line Decode reads, it reads to
// the same value.
func TestDecodeLooseIsDecodeOnWhatDecodeReads(t *testing.T) {
	kinds := map[string]bool{}
	for _, e := range readCorpus(t) {
		want, err := Decode(e)
		require.NoError(t, err, e.String())
		got, err := DecodeLoose(e)
		require.NoError(t, err, e.String())
		require.Equal(t, want, got, e.String())
		kinds[e.Kind] = true
	}
	assert.Greater(t, len(kinds), 25, "the corpus meets most kinds")
}

// A line of the wrong shape reads its keys where they stand, zero for a
// key it lacks; a value of the wrong type, or a kind without a struct, is
// an error and no value, never a panic.
func TestDecodeLooseReadsTheShapeDecodeRefuses(t *testing.T) {
	read := func(line string) (TypedEvent, error) {
		e, err := ParseEvent(line)
		require.NoError(t, err, line)
		_, strictErr := Decode(e)
		require.Error(t, strictErr, "%s: meant as a line Decode refuses", line)
		return DecodeLoose(e)
	}
	for line, want := range map[string]TypedEvent{
		"position-lap car=1 round=3 play=3 rolls=3 penalty=0 past=0 space=north.3.2 gear=2": PositionLapEvent{
			Car: 1, Round: 3, Play: 3, Rolls: 3, PositionCarState: PositionCarState{Space: "north.3.2", Gear: 2}},
		"roll car=2 play=1 value=4 extra=yes": RollEvent{Play: 1, Car: 2, Value: 4},
		"move car=1 car=2 path=-":             MoveEvent{Car: 1, Path: "-"},
		"order car=3 gear=0":                  OrderEvent{Car: 3},
		"turn":                                TurnEvent{},
	} {
		got, err := read(line)
		require.NoError(t, err, line)
		assert.Equal(t, want, got, line)
	}
	for _, line := range []string{"move car=x path=a braked=0 blocked=0", "turn play=01 car=1", "round n=1 order=1,,2",
		"contact car=1 with=2 aggravated=maybe", "banner text=hi", "q-roll q=1 play=1"} {
		got, err := read(line)
		assert.Error(t, err, line)
		assert.Nil(t, got, line)
	}
	_, err := DecodeLoose(Event{Kind: "banner"})
	assert.True(t, errors.Is(err, ErrUnknownKind))
}

// Whatever line it is given, DecodeLoose answers a value or an error,
// never a panic, and a line Decode reads it reads the same.
func FuzzDecodeLoose(f *testing.F) {
	for _, s := range []string{
		"roll play=1 car=1 for=gear n=0 die=d4 value=2",
		"position-lap car=1 round=3 play=3 space=north.3.2 gear=2",
		`wear car=2 tyres=-1 cause="overshot Mere by 1 (R-OVS-03)" tyres=x`,
		"q-roll q=3 qs=2 play=1 car=1 for=gear n=0 die=d4 value=2",
		"grid order=1,,2",
		"weather session=race state=dry final=maybe",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		e, err := ParseEvent(line)
		if err != nil {
			return
		}
		loose, err := DecodeLoose(e)
		if err != nil && loose != nil {
			t.Fatalf("%q: an error and a value", line)
		}
		if strict, err := Decode(e); err == nil && !reflect.DeepEqual(strict, loose) {
			t.Fatalf("%q: Decode reads %v, DecodeLoose %v", line, strict, loose)
		}
	})
}

// DecodeFast is Decode: on every line of the corpus, and on lines of the
// hand-read kinds in shapes and values Decode refuses.
func TestDecodeFastIsDecode(t *testing.T) {
	lines := []Event{}
	for _, line := range []string{"roll play=1 car=1 for=gear n=0 die=d4 value=-0", "roll play=1 car=01 for=gear n=0 die=d4 value=2",
		"roll play=1 car=1 for=gear n=0 die=d4", "roll car=1 play=1 for=gear n=0 die=d4 value=2", `roll play=1 car=1 for="" n=0 die="" value=2`,
		"turn play=+1 car=1", "turn play=1 car=1 x=2", "round n=1 order=", "round n=1 order=1,", "round n=1 order=,1",
		"round n=1 order=1,-2,30", "round n=1 order=1,,2", "round n=99999999999999999999 order=1", "round order=1 n=1",
		"move car=1 path=a,b braked=0 blocked=0", "move car=1 path=a braked=0 blocked=0 slide=0", "move car=1 path=a braked=0 blocked=0 bonus=2 slide=1",
		"move car=1 path=a braked=0 blocked=0 slide=-1 bonus=3", "move car=1 path= braked=0 blocked=0 x=1", "move car=1 braked=0 blocked=0",
		"slipstream car=2 path=a,b braked=01 blocked=0", "slipstream car=2 path=- braked=0 blocked=0 bonus=1",
		"gear car=1 from=2 to=3", "gear car=1 from=2", "gear car=1 to=3 from=2", "gear car=x from=2 to=3"} {
		e, err := ParseEvent(line)
		require.NoError(t, err, line)
		lines = append(lines, e)
	}
	fast := 0
	for _, e := range append(lines, readCorpus(t)...) {
		want, wantErr := Decode(e)
		got, err := DecodeFast(e)
		require.Equal(t, want, got, e.String())
		require.Equal(t, wantErr, err, e.String())
		if e.Kind == "roll" || e.Kind == "turn" || e.Kind == "round" || e.Kind == "move" || e.Kind == "slipstream" || e.Kind == "gear" {
			fast++
		}
		roll, err := ReadRoll(e)
		if r, isRoll := want.(RollEvent); isRoll {
			require.NoError(t, err, e.String())
			require.Equal(t, r, roll, e.String())
		} else {
			require.Error(t, err, "%s: ReadRoll reads rolls only", e)
			require.Zero(t, roll, e.String())
		}
	}
	assert.Greater(t, fast, 1000, "the corpus has the hand-read kinds")
}

// Whatever line it is given, DecodeFast answers as Decode does.
func FuzzDecodeFast(f *testing.F) {
	for _, s := range []string{"roll play=1 car=1 for=gear n=0 die=d4 value=2", "turn play=3 car=2", "round n=2 order=3,1,2",
		"round n=2 order=3,,1", "roll play=-1 car=0 for=weather n=0 die=black value=20",
		"move car=1 path=a,b braked=1 blocked=0 slide=2 bonus=1", "slipstream car=3 path=x braked=0 blocked=0", "gear car=2 from=3 to=4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		e, err := ParseEvent(line)
		if err != nil {
			return
		}
		want, wantErr := Decode(e)
		got, err := DecodeFast(e)
		if !reflect.DeepEqual(want, got) || (wantErr == nil) != (err == nil) {
			t.Fatalf("%q: Decode %v %v, DecodeFast %v %v", line, want, wantErr, got, err)
		}
	})
}
