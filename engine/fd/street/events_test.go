package street

import (
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// One line of each street kind as the engine writes it (docs/record.md).
var streetLines = map[string]string{
	"driver":         "driver car=1 driver=temana wear=3/2/2/2/3/3",
	"drivers":        "drivers offered=temana,julien,li-tsu",
	"drop":           "drop car=2 space=main.3.1",
	"nitro":          "nitro car=3 bonus=2",
	"police":         "police car=1 lap=2 speed=14",
	"police-award":   "police-award car=4 lap=1 speed=17",
	"weather-reroll": "weather-reroll car=2",
	"drift":          "drift car=5 spaces=1",
	"too-cute":       "too-cute car=2 li-tsu=3",
	"radio":          "radio car=1 target=4",
}

// The module's kinds reach engine/fd's codec through the rulesets table
// (issue 13): each decodes into this package's struct and encodes back
// byte for byte, and engine/fd lists it among the kinds it reads.
func TestStreetKindsThroughFdCodec(t *testing.T) {
	known := map[string]reflect.Type{}
	for _, k := range fd.KnownKinds() {
		known[k.EventKind()] = reflect.TypeOf(k)
	}
	for _, m := range New().(fd.EventModule).Events() {
		kind := m.Event.EventKind()
		assert.Equal(t, reflect.TypeOf(m.Event), known[kind], "%s: the codec's struct is the module's", kind)
		line, ok := streetLines[kind]
		require.True(t, ok, "%s: no sample line", kind)
		e, err := fd.ParseEvent(line)
		require.NoError(t, err, line)
		typed, err := fd.Decode(e)
		require.NoError(t, err, line)
		assert.Equal(t, reflect.TypeOf(m.Event), reflect.TypeOf(typed), line)
		assert.Equal(t, line, fd.Encode(typed).String())
		assert.Equal(t, m.Silent, fd.IsSilent(kind), kind)
	}
	assert.Len(t, streetLines, len(New().(fd.EventModule).Events()), "a sample line of a kind the module no longer has")
}

// Each street kind that is news is said (U-DRV-01, U-DRV-02, U-NIT-01,
// U-POL-01), with its own values; the driver list is not.
func TestStreetKindsSaid(t *testing.T) {
	c, err := tracks.Get("port-azur")
	require.NoError(t, err)
	for kind, line := range streetLines {
		e, err := fd.ParseEvent(line)
		require.NoError(t, err)
		p := fd.EventPhrase(c, e)
		if kind == "drivers" {
			assert.True(t, p.IsZero(), line)
			continue
		}
		require.False(t, p.IsZero(), line)
		assert.Contains(t, fmt.Sprint(p), "ev.car", line)
	}
	p := fd.EventPhrase(nil, fd.Encode(DriverEvent{Car: 1, Driver: "temana", Wear: "3/2/2/2/3/3"}))
	assert.Contains(t, fmt.Sprint(p), "Temana", "the driver's name from T-13, not its key")
	p = fd.EventPhrase(nil, fd.Encode(PoliceAwardEvent{Car: 4, Lap: 2, Speed: 17}))
	assert.Contains(t, fmt.Sprint(p), "17")
}

// The frozen street record's street lines decode into this package's
// structs and encode back as written: the record format is unchanged.
func TestFrozenStreetRecordLines(t *testing.T) {
	text, err := os.ReadFile("../testdata/records/v1/street-race-city.rec")
	require.NoError(t, err)
	own := map[string]bool{}
	for _, m := range New().(fd.EventModule).Events() {
		own[m.Event.EventKind()] = true
	}
	read := 0
	for _, line := range strings.Split(strings.TrimSpace(string(text)), "\n") {
		e, err := fd.ParseEvent(line)
		if err != nil || !own[strings.TrimPrefix(e.Kind, "q-")] {
			continue
		}
		typed, err := fd.Decode(e)
		require.NoError(t, err, line)
		assert.Equal(t, line, fd.Encode(typed).String())
		read++
	}
	assert.Greater(t, read, 10, "the street record has street lines")
}

// Whatever street line it is given, the codec answers without panicking,
// and what it reads it writes back as it was read.
func FuzzStreetEventLine(f *testing.F) {
	for _, line := range streetLines {
		f.Add(line)
	}
	f.Add("q-nitro q=2 car=3 bonus=2")
	f.Add("drift car=01 spaces=1")
	f.Fuzz(func(t *testing.T, line string) {
		e, err := fd.ParseEvent(line)
		if err != nil {
			return
		}
		typed, err := fd.Decode(e)
		_ = fd.EventPhrase(nil, e)
		if err != nil {
			return
		}
		if got := fd.Encode(typed).String(); got != e.String() {
			t.Fatalf("%q: decoded %#v, written back %q", line, typed, got)
		}
	})
}
