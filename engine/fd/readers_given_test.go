package fd

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/tracks"
)

// The replay reads the orders and rolls a player or a file gave as typed
// values (issue 13); a bad line is refused with the kind, the key and the
// value at fault, worded once by the codec (DecodeError).
func TestGivenOrderErrorsNameKeyAndValue(t *testing.T) {
	for line, want := range map[string]string{
		"order car=x gear=3":                       `order: car="x" is not a number as the record writes it`,
		"order car=01 gear=3":                      `order: car="01" is not a number as the record writes it`,
		"order car=1 gear=three":                   `order: gear="three" is not a number as the record writes it`,
		"order gear=3":                             `order: car= missing`,
		"order car=1 build=9/3/2/2/2/2 boosters=x": `order: boosters="x" is not a number as the record writes it`,
		"order car=1":                              `has neither a gear (gear= from 1), a letter (choose=) nor a build (build=)`,
		"order car=1 gear=0":                       `has neither a gear`,
		"order car=1 gaer=3":                       `has neither a gear`,
		"q-order car=1 gear=3":                     `q-order: q= missing: a qualifying copy starts with q=CAR`,
		"q-order q=z car=1 gear=3":                 `q-order: q="z" is not a number as the record writes it`,
		"q-turn q=1 play=1 car=1":                  `q-turn: not an order`,
	} {
		e, err := ParseEvent(line)
		require.NoError(t, err, line)
		_, err = orderFromEvent(e)
		if assert.Error(t, err, line) {
			assert.Contains(t, err.Error(), want, line)
		}
	}
}

// Every shape an order may be written in reads as the order it says:
// the engine's (read by hand), keys in another order, a qualifying copy.
func TestGivenOrderReadsEveryShape(t *testing.T) {
	for line, want := range map[string]Order{
		"order car=2 gear=4":                       {Car: 2, Gear: 4},
		"order gear=4 car=2":                       {Car: 2, Gear: 4},
		"order car=2 choose=B":                     {Car: 2, Letter: "B"},
		"order choose=B car=2 note=x":              {Car: 2, Letter: "B"},
		"order car=3 build=9/3/2/2/2/2":            {Car: 3, Build: Wear{9, 3, 2, 2, 2, 2}},
		"order car=3 build=9/3/2/2/2/2 boosters=2": {Car: 3, Build: Wear{9, 3, 2, 2, 2, 2}, Boosters: 2, BoostersChosen: true},
		"q-order q=4 car=1 gear=2":                 {Car: 4, Gear: 2},
		"q-order q=4 qs=2 car=1 choose=A":          {Car: 4, Letter: "A"},
	} {
		e, err := ParseEvent(line)
		require.NoError(t, err, line)
		o, err := orderFromEvent(e)
		require.NoError(t, err, line)
		assert.Equal(t, want, o, line)
	}
}

// A record's roll lines: whole as the engine writes them, or value= alone
// (and what else a hand-written line gives); a bad one names its key.
func TestGivenRollReadsWholeAndHandWritten(t *testing.T) {
	for line, want := range map[string]struct {
		roll  RollEvent
		whole bool
	}{
		"roll play=1 car=2 for=gear n=0 die=d6 value=4": {RollEvent{Play: 1, Car: 2, For: "gear", Die: "d6", Value: 4}, true},
		"roll value=4":         {RollEvent{Value: 4}, false},
		"roll value=0 die=d10": {RollEvent{Value: 0, Die: "d10"}, false},
		"q-roll q=3 play=1 car=1 for=gear n=0 die=d4 value=2": {RollEvent{Play: 1, Car: 1, For: "gear", Die: "d4", Value: 2}, true},
	} {
		e, err := ParseEvent(line)
		require.NoError(t, err, line)
		x, whole, err := givenRoll(e)
		require.NoError(t, err, line)
		assert.Equal(t, want.roll, x, line)
		assert.Equal(t, want.whole, whole, line)
	}
	for line, want := range map[string]string{
		"roll die=d6":               `roll: value= missing`,
		"roll value=four":           `roll: value="four" is not a number as the record writes it`,
		"roll play=1 car=x value=3": `roll: car="x" is not a number as the record writes it`,
		"q-roll q=1 play=1 value=3": `q-roll: car= missing or out of place`,
	} {
		e, err := ParseEvent(line)
		require.NoError(t, err, line)
		_, _, err = givenRoll(e)
		if assert.Error(t, err, line) {
			assert.Contains(t, err.Error(), want, line)
		}
	}
}

// Replay says which event is at fault and why, as `pitwall replay` and
// `verify` print it.
func TestReplayNamesTheBadOrder(t *testing.T) {
	c, err := tracks.Load("question", []byte(twinTrack))
	require.NoError(t, err)
	for bad, want := range map[string]string{
		"order car=1 gear=two\n": `event 3: order: gear="two" is not a number as the record writes it`,
		"order gear=2\n":         `event 3: order: car= missing`,
		"roll valeu=4\n":         `roll: value= missing`,
	} {
		text := strings.Replace(twinRecord(), "order car=1 gear=2\n", bad, 1)
		if strings.HasPrefix(bad, "roll") {
			text = strings.Replace(twinRecord(), "roll value=4\n", bad, 1)
		}
		rec, err := ParseRecord(text)
		require.NoError(t, err, bad)
		_, err = Replay(rec, c)
		if assert.Error(t, err, bad) {
			assert.Contains(t, err.Error(), want, bad)
		}
	}
}

// readOrder, the replay's reader of the engine's own order lines, reads
// what the codec reads: where it takes a line, Decode gives the same
// struct; a bad line never panics, and orderFromEvent reads it or says why.
func FuzzGivenOrder(f *testing.F) {
	for _, l := range []string{"order car=1 gear=3", "order car=2 choose=B", "order car=3 build=9/3/2/2/2/2 boosters=2",
		"order car=3 build=9/3/2/2/2/2", "order gear=1 car=1", "q-order q=2 qs=2 car=1 gear=4", "order car=1 gear=0", "order car=-0 gear=1"} {
		f.Add(l)
	}
	f.Fuzz(func(t *testing.T, line string) {
		e, err := ParseEvent(line)
		if err != nil {
			return
		}
		before := e.String()
		o, oerr := orderFromEvent(e)
		if e.String() != before {
			t.Fatalf("reading %q changed it to %q", before, e.String())
		}
		if oerr == nil && o.Car == 0 && e.Kind == "order" && !strings.Contains(line, "car=0") {
			t.Fatalf("%q read as an order for no car: %+v", line, o)
		}
		x, ok := readOrder(e)
		if !ok {
			return
		}
		typed, err := Decode(e)
		if err != nil {
			t.Fatalf("readOrder takes %q, Decode refuses it: %v", line, err)
		}
		if typed != x {
			t.Fatalf("readOrder reads %q as %+v, Decode as %+v", line, x, typed)
		}
	})
}

// A roll line of a record, whole or hand-written, never panics the reader
// nor changes; a whole one reads as Decode reads it.
func FuzzGivenRoll(f *testing.F) {
	for _, l := range []string{"roll play=1 car=1 for=gear n=0 die=d6 value=4", "roll value=4", "roll value=0 die=d10",
		"q-roll q=3 qs=2 play=1 car=1 for=gear n=0 die=d4 value=2", "roll play=1 car=1 for=gear n=0 die=d6 value=04"} {
		f.Add(l)
	}
	f.Fuzz(func(t *testing.T, line string) {
		e, err := ParseEvent(line)
		if err != nil || (e.Kind != "roll" && e.Kind != "q-roll") {
			return
		}
		before := e.String()
		x, whole, err := givenRoll(e)
		if e.String() != before {
			t.Fatalf("reading %q changed it to %q", before, e.String())
		}
		if err != nil || !whole {
			return
		}
		typed, derr := Decode(e)
		if derr != nil {
			t.Fatalf("givenRoll reads %q whole, Decode refuses it: %v", line, derr)
		}
		if q, ok := typed.(QualifyingCopy); ok {
			typed = q.Event
		}
		if typed != x {
			t.Fatalf("givenRoll reads %q as %+v, Decode as %+v", line, x, typed)
		}
	})
}

// An official's classification line (FDR R1.14) is read typed: as the
// engine writes it or by hand without its reason; a bad one names its key.
func TestGivenClassification(t *testing.T) {
	_, g, _ := simulated(t, "test-oval", 2, "given-classification")
	require.True(t, g.Over)
	for line, want := range map[string]string{
		"classification car=x place=1":          `classification: car="x" is not a number as the record writes it`,
		"classification car=1":                  `classification: place= missing`,
		"classification car=1 place=first":      `classification: place="first" is not a number as the record writes it`,
		"classification car=1 place=9 reason=x": `place 9: the places run from 1 to 2`,
	} {
		e, err := ParseEvent(line)
		require.NoError(t, err, line)
		if assert.Error(t, g.adjustFromEvent(e), line) {
			assert.Contains(t, g.adjustFromEvent(e).Error(), want, line)
		}
	}
	e, err := ParseEvent("classification place=1 car=2")
	require.NoError(t, err)
	require.NoError(t, g.adjustFromEvent(e))
	last := g.Events[len(g.Events)-1]
	assert.Equal(t, `classification car=2 place=1 reason="official decision"`, last.String())
}

// A position is read as typed lines: a bad value is named with its kind
// and key by the codec, one out of range by ParsePosition; a zero written
// where the engine leaves the key out reads as left out (docs/record.md).
func TestGivenPositionLines(t *testing.T) {
	parse := func(lines ...string) (Position, error) {
		t.Helper()
		var evs []Event
		for _, l := range lines {
			e, err := ParseEvent(l)
			require.NoError(t, err, l)
			evs = append(evs, e)
		}
		return ParsePosition(evs)
	}
	car := "position-car car=1 space=a gear=2 wear=6/3/3/3/3/2 laps=0"
	for _, c := range []struct{ head, car, want string }{
		{"position", car, `position: round= missing`},
		{"position round=x", car, `position: round="x" is not a number as the record writes it`},
		{"position round=1 race-laps=10", car, `position: race-laps="10": the laps of a shortened race, 1 to 9`},
		{"position round=1", "position-car space=a wear=6/3/3/3/3/2", `position-car: car= missing`},
		{"position round=1", "position-car car=0 space=a wear=6/3/3/3/3/2", `position-car: car="0" must be a number from 1 to 10`},
		{"position round=1", "position-car car=one space=a wear=6/3/3/3/3/2", `position-car: car="one" is not a number as the record writes it`},
		{"position round=1", "position-car car=1 space=a gear=9 wear=6/3/3/3/3/2", `position-car: gear="9" must be a number from 0 to 6`},
		{"position round=1", "position-car car=1 space=a gear=+2 wear=6/3/3/3/3/2", `position-car: gear="+2" is not a number as the record writes it`},
		{"position round=1", "position-car car=1 space=a", `position-car 1: wear= is required`},
		{"position round=1", "position-car car=1 wear=6/3/3/3/3/2 status=eliminated distance=x", `position-car: distance="x" is not a number as the record writes it`},
		{"position round=1", "position-car car=1 space=a wear=6/3/3/3/3/2 start-roll=21", `position-car 1: start-roll="21": a black die, 1 to 20`},
		{"position round=1", "position-car car=1 space=a wear=6/3/3/3/3/2 status=parked", `position-car 1: status "parked"`},
	} {
		_, err := parse(c.head, c.car)
		if assert.Error(t, err, c.head+" / "+c.car) {
			assert.Contains(t, err.Error(), c.want, c.head+" / "+c.car)
		}
	}
	zeros, err := parse("position round=2 weather-owed=0 race-laps=0 next=0", "position-car car=1 space=a wear=6/3/3/3/3/2 start-roll=0 place=0")
	require.NoError(t, err)
	plain, err := parse("position round=2", "position-car wear=6/3/3/3/3/2 space=a car=1")
	require.NoError(t, err)
	assert.Equal(t, plain, zeros, "a zero written reads as the key left out")
	assert.Equal(t, "position-car car=1 space=a gear=0 wear=6/3/3/3/3/2 laps=0 stops=0 pitstops=0", plain.Events()[1].String())
}

// readCopy, the fast reader of a qualifying copy's head, takes only what
// Decode reads as a copy, and the same car, session and copied line.
func FuzzReadCopy(f *testing.F) {
	for _, l := range []string{"q-roll q=3 play=1 car=1 for=gear n=0 die=d4 value=2", "q-order q=2 qs=2 car=1 gear=4",
		"q-order q=2 qs=0 car=1 gear=4", "q-q-order q=1 q=1 car=1 gear=1", "q-turn q=01 play=1 car=1", "q-turn qs=2 q=1 play=1 car=1"} {
		f.Add(l)
	}
	f.Add("q-round q=1 n=2 order=1")
	f.Fuzz(func(t *testing.T, line string) {
		e, err := ParseEvent(line)
		if err != nil {
			return
		}
		car, session, inner, ok := readCopy(e)
		if !ok {
			return
		}
		typed, err := Decode(e)
		innerTyped, innerErr := Decode(inner)
		if (err == nil) != (innerErr == nil) {
			t.Fatalf("%q: the copy decodes %v, its line %v", line, err, innerErr)
		}
		if err != nil {
			return
		}
		q := typed.(QualifyingCopy)
		if q.Car != car || q.Session != session || !reflect.DeepEqual(q.Event, innerTyped) {
			t.Fatalf("%q: readCopy reads %d %d %v, Decode %+v", line, car, session, innerTyped, q)
		}
	})
}

// A session position's position-lap and position-qualified lines read as
// their typed values: a value the codec cannot read names the kind, the
// key and the value; one out of its range keeps its reader's words.
func TestGivenSessionLines(t *testing.T) {
	evs := sessionAt().Events()
	with := func(kind, line string) error {
		t.Helper()
		e, err := ParseEvent(line)
		require.NoError(t, err, line)
		changed := slices.Clone(evs)
		i := slices.IndexFunc(changed, func(e Event) bool { return e.Kind == kind })
		require.GreaterOrEqual(t, i, 0, kind)
		changed[i] = e
		_, err = ParsePosition(changed)
		return err
	}
	line := func(kind string) string {
		i := slices.IndexFunc(evs, func(e Event) bool { return e.Kind == kind })
		require.GreaterOrEqual(t, i, 0, kind)
		return evs[i].String()
	}
	qualified, lap := line("position-qualified"), line("position-lap")
	require.Equal(t, "position-qualified car=2 session=1 rolls=9 penalty=0 ended=false past=1 covered=40 seq=1", qualified)
	require.Contains(t, lap, "rolls=0")
	require.Contains(t, lap, "first=2")
	require.NoError(t, with("position-qualified", qualified))
	require.NoError(t, with("position-lap", lap))
	for _, c := range []struct{ kind, line, want string }{
		{"position-qualified", strings.Replace(qualified, "rolls=9", "rolls=x", 1), `position-qualified: rolls="x" is not a number as the record writes it`},
		{"position-qualified", strings.Replace(qualified, "rolls=9 ", "", 1), `position-qualified: rolls= missing`},
		{"position-qualified", strings.Replace(qualified, "ended=false", "ended=no", 1), `position-qualified: ended="no" is not true or false`},
		{"position-qualified", strings.Replace(qualified, "past=1", "past=100", 1), `position-qualified: past="100" must be a number from 0 to 99`},
		{"position-lap", strings.Replace(lap, "rolls=0", "rolls=01", 1), `position-lap: rolls="01" is not a number as the record writes it`},
		{"position-lap", strings.Replace(lap, "first=2", "first=100", 1), `position-lap 1: first="100" must be a number from 0 to 99`},
	} {
		err := with(c.kind, c.line)
		if assert.Error(t, err, c.line) {
			assert.Contains(t, err.Error(), c.want, c.line)
		}
	}
}

// BuildLineCar reads a line as its typed value: the car of a line that
// writes a build down, the race's car for a qualifying copy, 0 for any
// other line; a position written by hand, keys out of order, still names
// its car.
func TestBuildLineCarReadsTypedLines(t *testing.T) {
	for line, want := range map[string]int{
		"configuration car=3 wear=6/3/3/3/3/2":        3,
		"order car=2 build=fdr-a":                     2,
		"order car=2 build=fdr-a boosters=b":          2,
		"order car=2 gear=3":                          0,
		"order gear=3 build=x car=4":                  4,
		"position-car car=5 space=a wear=6/3/3/3/3/2": 5,
		"position-car wear=6/3/3/3/3/2 car=6":         6,
		"position-car car=5 space=a":                  0,
		"q-order q=7 car=1 build=fdr-a":               7,
		"q-order q=7 qs=2 car=1 build=fdr-a":          7,
		"q-configuration q=8 car=1 wear=6/3/3/3/3/2":  8,
		"move car=1 path=a braked=0 blocked=0":        0,
		"configuration car=x wear=6/3/3/3/3/2":        0,
		"q-order car=1 build=fdr-a":                   1,
	} {
		e, err := ParseEvent(line)
		require.NoError(t, err, line)
		assert.Equal(t, want, BuildLineCar(e), line)
	}
}
