package main

import (
	"encoding/json"
	"fmt"
	"image"
	"image/gif"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rsRecord simulates a Racing Simulator race and returns its record.
func rsRecord(t *testing.T, args ...string) string {
	t.Helper()
	rec := filepath.Join(t.TempDir(), "rs.rec")
	_, _, err := runTrackCLI(t, append(append([]string{"sim", "--game", "rs"}, args...), "--record", rec)...)
	require.NoError(t, err)
	return rec
}

// pitwall render works on Racing Simulator records with the same flags:
// --play N is the board after turn N (0: before the first turn; default
// the last), --view crop the phone crop, --lang, --width; --seat S draws
// the board for seat S with its own hand; --gif the race turn by turn.
func TestRenderRacingSimulator(t *testing.T) {
	family := rsRecord(t, "--track", "windmere", "--cars", "3", "--seed", "rs-render")
	standard := rsRecord(t, "--mode", "standard", "--optional", "weather", "--track", "cragsby", "--cars", "2", "--seed", "rs-render")
	dir := t.TempDir()
	out := filepath.Join(dir, "out.png")
	for _, c := range []struct {
		rec   string
		args  []string
		width int
		turn  string
	}{
		{family, nil, 1600, "after turn 12 of 12"},
		{family, []string{"--play", "0"}, 1600, "after turn 0 of 12"},
		{family, []string{"--play", "5", "--view", "crop", "--lang", "fr", "--seat", "2"}, 800, "after turn 5 of 12"},
		{standard, []string{"--play", "7", "--width", "800"}, 800, "after turn 7 of 24"},
		{standard, []string{"--play", "7", "--view", "crop", "--width", "390", "--seat", "1"}, 390, "after turn 7 of 24"},
	} {
		_ = os.Remove(out)
		stdout, _, err := runTrackCLI(t, append(append([]string{"render", c.rec}, c.args...), "-o", out)...)
		require.NoError(t, err, "%v", c.args)
		assert.Contains(t, stdout, "wrote "+out, "%v", c.args)
		assert.Contains(t, stdout, c.turn, "%v", c.args)
		img, size := decodePNG(t, out)
		_, paletted := img.(*image.Paletted)
		assert.True(t, paletted, "%v: a palette PNG", c.args)
		assert.LessOrEqual(t, size, 200<<10, "%v: at most 200 KB", c.args)
		assert.Equal(t, c.width, img.Bounds().Dx(), "%v", c.args)
	}
	drawn := 0
	read := func(args ...string) []byte {
		t.Helper()
		drawn++
		p := filepath.Join(dir, fmt.Sprintf("read-%d.png", drawn))
		_, _, err := runTrackCLI(t, append(append([]string{"render"}, args...), "-o", p)...)
		require.NoError(t, err, "%v", args)
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		return b
	}
	assert.NotEqual(t, read(family, "--play", "3"), read(family, "--play", "4"), "each turn has its board")
	assert.Equal(t, read(family), read(family, "--play", "12"), "the default is the last turn")
	assert.NotEqual(t, read(family, "--play", "3"), read(family, "--play", "3", "--seat", "1"), "a seat's board shows its hand")
	assert.NotEqual(t, read(family, "--play", "3"), read(family, "--play", "3", "--lang", "fr"))

	anim := filepath.Join(dir, "race.gif")
	stdout, _, err := runTrackCLI(t, "render", family, "--play", "4", "--view", "crop", "--gif", anim, "-o", out)
	require.NoError(t, err)
	assert.Contains(t, stdout, "wrote "+anim+" (5 frames")
	f, err := os.Open(anim)
	require.NoError(t, err)
	defer f.Close()
	g, err := gif.DecodeAll(f)
	require.NoError(t, err)
	assert.Len(t, g.Image, 5, "before the first turn, then after turns 1 to 4")
}

func TestRenderRacingSimulatorRefuses(t *testing.T) {
	rec := rsRecord(t, "--track", "windmere", "--cars", "2", "--seed", "rs-refuse")
	never := filepath.Join(t.TempDir(), "never.png")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--play", "13"}, "turn 13: the record has 12 turns"},
		{[]string{"--seat", "3"}, "seat 3"},
		{[]string{"--lang", "de"}, ""},
		{[]string{"--view", "crop", "--width", "300"}, "width"},
	} {
		_, _, err := runTrackCLI(t, append(append([]string{"render", rec}, c.args...), "-o", never)...)
		require.Error(t, err, "%v", c.args)
		assert.Contains(t, err.Error(), c.want, "%v", c.args)
	}
	assert.NoFileExists(t, never)
	_, _, err := runTrackCLI(t, "render", boardRecord(t, 2), "--seat", "1", "-o", never)
	assert.ErrorContains(t, err, "--seat belongs to Racing Simulator")
	assert.NoFileExists(t, never)
}

// replay --at N --json prints a Racing Simulator game as everyone saw it
// at line N of the record: before the order on that line, which seats
// had ordered (never what) and which were still to order.
func TestReplayAtRacingSimulator(t *testing.T) {
	rec := rsRecord(t, "--track", "windmere", "--cars", "3", "--seed", "rs-at")
	_, _, err := runTrackCLI(t, "replay", rec, "--at", "10")
	assert.ErrorContains(t, err, "--at prints JSON")
	b, err := os.ReadFile(rec)
	require.NoError(t, err)
	// the record's events, numbered from 1, as replay --at counts them
	var events []string
	inEvents := false
	for _, l := range strings.Split(strings.TrimRight(string(b), "\n"), "\n") {
		if inEvents {
			events = append(events, l)
		}
		inEvents = inEvents || l == "events"
	}
	var orders []int // lines of the orders of turn 2
	for i, l := range events {
		if strings.HasPrefix(l, "sealed ") && strings.HasSuffix(l, "turn=2") {
			orders = append(orders, i) // the order is the line before its seal
		}
	}
	require.Len(t, orders, 3, "three seats order turn 2")
	type state struct {
		Event   int    `json:"event"`
		Line    string `json:"line"`
		Turn    int    `json:"turn"`
		Cars    []struct{ Car, Gap int }
		Ordered []int `json:"ordered"`
		Pending []struct {
			Seat     int    `json:"seat"`
			Decision string `json:"decision"`
		} `json:"pending"`
	}
	at := func(n int) state {
		t.Helper()
		out, _, err := runTrackCLI(t, "replay", rec, "--at", fmt.Sprint(n), "--json")
		require.NoError(t, err)
		var s state
		require.NoError(t, json.Unmarshal([]byte(out), &s))
		assert.NotContains(t, out, `"card"`, "no order's card in the state")
		return s
	}
	first := at(orders[0])
	assert.Equal(t, orders[0], first.Event)
	assert.Equal(t, events[orders[0]-1], first.Line)
	assert.Equal(t, 2, first.Turn)
	assert.Empty(t, first.Ordered, "nobody has ordered turn 2 before its first order")
	assert.Len(t, first.Pending, 3)
	assert.Len(t, first.Cars, 5, "3 players and 2 system cars")
	second := at(orders[1])
	assert.Len(t, second.Ordered, 1, "one seat has ordered")
	assert.Len(t, second.Pending, 2)
	for _, c := range second.Cars {
		assert.GreaterOrEqual(t, c.Gap, 0)
	}
	_, _, err = runTrackCLI(t, "replay", rec, "--at", fmt.Sprint(len(events)+1), "--json")
	assert.ErrorContains(t, err, "the record has lines 1 to")
}

// sim --game rs --boards DIR writes one board per turn, turn-000.png
// before the first; --gif the race turn by turn; the JSON stays JSON.
func TestSimRacingSimulatorBoards(t *testing.T) {
	dir := t.TempDir()
	boards := filepath.Join(dir, "boards")
	anim := filepath.Join(dir, "race.gif")
	stdout, _, err := runTrackCLI(t, "sim", "--game", "rs", "--track", "cragsby", "--cars", "2", "--seed", "rs-boards", "--json", "--boards", boards, "--gif", anim)
	require.NoError(t, err)
	var got rsView
	require.NoError(t, json.Unmarshal([]byte(stdout), &got), "the JSON stays JSON")
	files, err := filepath.Glob(filepath.Join(boards, "turn-*.png"))
	require.NoError(t, err)
	require.Len(t, files, got.Turns+1, "before the first turn, then one per turn")
	assert.Equal(t, filepath.Join(boards, "turn-000.png"), files[0])
	img, size := decodePNG(t, files[len(files)-1])
	assert.Equal(t, 1600, img.Bounds().Dx())
	assert.LessOrEqual(t, size, 200<<10)
	// the board after turn 5 is the one render draws after turn 5
	rec := filepath.Join(dir, "race.rec")
	_, _, err = runTrackCLI(t, "sim", "--game", "rs", "--track", "cragsby", "--cars", "2", "--seed", "rs-boards", "--record", rec)
	require.NoError(t, err)
	out := filepath.Join(dir, "t5.png")
	_, _, err = runTrackCLI(t, "render", rec, "--play", "5", "-o", out)
	require.NoError(t, err)
	a, err := os.ReadFile(out)
	require.NoError(t, err)
	b, err := os.ReadFile(filepath.Join(boards, "turn-005.png"))
	require.NoError(t, err)
	assert.Equal(t, a, b)
	f, err := os.Open(anim)
	require.NoError(t, err)
	defer f.Close()
	g, err := gif.DecodeAll(f)
	require.NoError(t, err)
	assert.Len(t, g.Image, got.Turns+1)
}
