package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// boardRecord simulates a race and returns its record's path.
func boardRecord(t *testing.T, cars int) string {
	t.Helper()
	rec := filepath.Join(t.TempDir(), "race.rec")
	_, _, err := runTrackCLI(t, "sim", "--track", "test-oval", "--cars", fmt.Sprint(cars), "--seed", "boards", "--record", rec)
	require.NoError(t, err)
	return rec
}

func decodePNG(t *testing.T, path string) (image.Image, int) {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	img, err := png.Decode(bytes.NewReader(b))
	require.NoError(t, err, path)
	return img, len(b)
}

// The render contract: pitwall render RECORD [--play N] [--view board|crop]
// [--lang en|fr] -o out.png writes a palette PNG of the game after play N
// (default: the last), at most 200 KB.
func TestRenderBoardCLI(t *testing.T) {
	rec := boardRecord(t, 6)
	dir := t.TempDir()
	for _, args := range [][]string{
		{},
		{"--play", "0"},
		{"--play", "17"},
		{"--play", "17", "--view", "crop"},
		{"--play", "17", "--lang", "fr"},
		{"--view", "crop", "--lang", "fr"},
	} {
		out := filepath.Join(dir, "out.png")
		_ = os.Remove(out)
		stdout, _, err := runTrackCLI(t, append(append([]string{"render", rec}, args...), "-o", out)...)
		require.NoError(t, err, "%v", args)
		assert.Contains(t, stdout, "wrote "+out)
		img, size := decodePNG(t, out)
		_, paletted := img.(*image.Paletted)
		assert.True(t, paletted, "%v: a palette PNG", args)
		assert.LessOrEqual(t, size, 200<<10, "%v: at most 200 KB", args)
		if slices.Contains(args, "crop") {
			assert.Equal(t, 800, img.Bounds().Dx(), "%v: the crop is 800 wide", args)
		} else {
			assert.Equal(t, 1600, img.Bounds().Dx(), "%v: the board is 1600 wide", args)
		}
	}
	// after play 17 and after play 18 differ; the default is the last play
	a := filepath.Join(dir, "a.png")
	b := filepath.Join(dir, "b.png")
	last := filepath.Join(dir, "last.png")
	explicit := filepath.Join(dir, "explicit.png")
	for _, c := range [][]string{{"--play", "17", "-o", a}, {"--play", "18", "-o", b}, {"-o", last}} {
		_, _, err := runTrackCLI(t, append([]string{"render", rec}, c...)...)
		require.NoError(t, err)
	}
	ab, _ := os.ReadFile(a)
	bb, _ := os.ReadFile(b)
	assert.NotEqual(t, ab, bb)
	stdout, _, err := runTrackCLI(t, "render", rec, "-o", last)
	require.NoError(t, err)
	var n, total int
	_, err = fmt.Sscanf(stdout[bytes.Index([]byte(stdout), []byte("after play")):], "after play %d of %d", &n, &total)
	require.NoError(t, err, stdout)
	assert.Equal(t, n, total)
	_, _, err = runTrackCLI(t, "render", rec, "--play", fmt.Sprint(total), "-o", explicit)
	require.NoError(t, err)
	lb, _ := os.ReadFile(last)
	eb, _ := os.ReadFile(explicit)
	assert.Equal(t, lb, eb, "the default is the last play")
}

func TestRenderBoardCLIRefuses(t *testing.T) {
	rec := boardRecord(t, 2)
	dir := t.TempDir()
	never := filepath.Join(dir, "never.png")
	_, _, err := runTrackCLI(t, "render", rec, "--play", "100000", "-o", never)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "plays")
	_, _, err = runTrackCLI(t, "render", rec, "--lang", "de", "-o", never)
	require.Error(t, err)
	_, _, err = runTrackCLI(t, "render", rec, "--view", "map", "-o", never)
	require.Error(t, err)
	_, _, err = runTrackCLI(t, "render", filepath.Join(dir, "missing.rec"), "-o", never)
	require.Error(t, err)
	assert.NoFileExists(t, never)
}

// sim --boards DIR writes one board per round; --gif the last round car
// by car.
func TestSimBoardsAndGIF(t *testing.T) {
	dir := t.TempDir()
	boards := filepath.Join(dir, "boards")
	anim := filepath.Join(dir, "last.gif")
	stdout, _, err := runTrackCLI(t, "sim", "--track", "test-oval", "--cars", "4", "--seed", "boards", "--json", "--boards", boards, "--gif", anim)
	require.NoError(t, err)
	var got struct {
		Rounds int `json:"rounds"`
	}
	require.NoError(t, json.Unmarshal([]byte(stdout), &got), "the JSON stays JSON")
	files, err := filepath.Glob(filepath.Join(boards, "round-*.png"))
	require.NoError(t, err)
	assert.Len(t, files, got.Rounds, "one board per round")
	for _, f := range files[:2] {
		_, size := decodePNG(t, f)
		assert.LessOrEqual(t, size, 200<<10)
	}
	f, err := os.Open(anim)
	require.NoError(t, err)
	defer f.Close()
	g, err := gif.DecodeAll(f)
	require.NoError(t, err)
	assert.GreaterOrEqual(t, len(g.Image), 2, "the round's start and at least one play")
}
