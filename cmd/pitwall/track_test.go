package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/alecthomas/kong"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/tracks"
)

// trackCLIExit is what kong.Exit panics with in tests, so that a command
// asking to exit (help, usage errors) ends the run instead of the process.
type trackCLIExit struct{ code int }

// runTrackCLI parses args as the pitwall command line does and runs the
// chosen command with buffers for stdout and stderr. It returns what the
// command wrote and the error it returned; an exit requested by kong comes
// back as an exitError.
func runTrackCLI(t *testing.T, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var cli CLI
	var out, errOut bytes.Buffer
	parser, err := kong.New(&cli,
		kong.Name("pitwall"),
		kong.Writers(&out, &errOut),
		kong.Exit(func(code int) { panic(trackCLIExit{code}) }),
	)
	require.NoError(t, err)
	defer func() {
		if r := recover(); r != nil {
			ex, ok := r.(trackCLIExit)
			if !ok {
				panic(r)
			}
			stdout, stderr, err = out.String(), errOut.String(), exitError{ex.code}
		}
	}()
	ctx, err := parser.Parse(args)
	if err != nil {
		return out.String(), errOut.String(), err
	}
	err = ctx.Run(&env{stdout: &out, stderr: &errOut, db: cli.DB, publicURL: cli.PublicURL})
	return out.String(), errOut.String(), err
}

func lines(s string) []string {
	return strings.Split(strings.TrimRight(s, "\n"), "\n")
}

// track list: one line per embedded circuit, in IDs order, starting with
// the id.
func TestTrackList(t *testing.T) {
	stdout, stderr, err := runTrackCLI(t, "track", "list")
	require.NoError(t, err)
	assert.Empty(t, stderr)
	ids := tracks.IDs()
	got := lines(stdout)
	require.Len(t, got, len(ids), "one line per circuit:\n%s", stdout)
	for i, id := range ids {
		fields := strings.Split(got[i], "\t")
		assert.Equal(t, id, fields[0], "line %d starts with the id", i+1)
		assert.NotContains(t, got[i], "INVALID", "embedded circuits are valid")
	}
	var oval string
	for _, l := range got {
		if strings.HasPrefix(l, "test-oval\t") {
			oval = l
		}
	}
	assert.Equal(t, "test-oval\tTest Oval\t2 corners, lap 40 spaces, 3 lanes, grid 10, pit lane", oval)
}

// track show --json: the fields other tools read, with the test oval's
// values worked out from its file (48 levels; 16+6+10 straight levels and
// two 180° corners of 8, 6 and 4 spaces per lane).
func TestTrackShowJSON(t *testing.T) {
	stdout, stderr, err := runTrackCLI(t, "track", "show", "test-oval", "--json")
	require.NoError(t, err)
	assert.Empty(t, stderr)

	var got struct {
		ID        string `json:"id"`
		Name      string `json:"name"`
		Lanes     int    `json:"lanes"`
		Spaces    int    `json:"spaces"`
		Levels    int    `json:"levels"`
		LapLength int    `json:"lap_length"`
		Laps      int    `json:"laps"`
		Corners   []struct {
			ID        string `json:"id"`
			Name      string `json:"name"`
			Stops     int    `json:"stops"`
			Direction string `json:"direction"`
			LongPath  int    `json:"long_path"`
			ShortPath int    `json:"short_path"`
		} `json:"corners"`
		Grid     int  `json:"grid"`
		Pit      bool `json:"pit"`
		PitBoxes int  `json:"pit_boxes"`
		Weather  []struct {
			From, To int
			Weather  string
		} `json:"weather"`
	}
	dec := json.NewDecoder(strings.NewReader(stdout))
	require.NoError(t, dec.Decode(&got), "output:\n%s", stdout)
	assert.False(t, dec.More(), "one JSON document")

	assert.Equal(t, "test-oval", got.ID)
	assert.Equal(t, "Test Oval", got.Name)
	assert.Equal(t, 3, got.Lanes)
	// 32 straight levels × 3 lanes + 2 corners × (8+6+4) + 12 pit spaces
	// + 10 boxes
	assert.Equal(t, 32*3+2*18+12+10, got.Spaces)
	assert.Equal(t, 48, got.Levels)
	// the straights, and the inside lane's 4 spaces in each corner
	assert.Equal(t, 32+4+4, got.LapLength)
	assert.Equal(t, 2, got.Laps)
	require.Len(t, got.Corners, 2)
	assert.Equal(t, "North Bend", got.Corners[0].Name)
	assert.Equal(t, 1, got.Corners[0].Stops)
	assert.Equal(t, "north", got.Corners[0].ID)
	assert.Equal(t, "right", got.Corners[0].Direction)
	assert.Equal(t, 8, got.Corners[0].LongPath)
	assert.Equal(t, 4, got.Corners[0].ShortPath)
	assert.Equal(t, "South Bend", got.Corners[1].Name)
	assert.Equal(t, 2, got.Corners[1].Stops)
	assert.Equal(t, 10, got.Grid)
	assert.True(t, got.Pit)
	assert.Equal(t, 10, got.PitBoxes)
	require.Len(t, got.Weather, 3)
	assert.Equal(t, "sun", got.Weather[0].Weather)
	assert.Equal(t, 1, got.Weather[0].From)
	assert.Equal(t, 12, got.Weather[0].To)

	// the raw document uses the documented snake_case keys
	var raw map[string]any
	require.NoError(t, json.Unmarshal([]byte(stdout), &raw))
	for _, key := range []string{"id", "name", "lanes", "spaces", "lap_length", "corners", "grid", "pit"} {
		assert.Contains(t, raw, key)
	}
}

// track show without --json: a readable summary naming every corner.
func TestTrackShowText(t *testing.T) {
	stdout, _, err := runTrackCLI(t, "track", "show", "test-oval")
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(stdout, "test-oval — Test Oval\n"), stdout)
	assert.Contains(t, stdout, "2 corners, lap 40 spaces")
	assert.Contains(t, stdout, "North Bend")
	assert.Contains(t, stdout, "South Bend")
	assert.Contains(t, stdout, "2 stop(s), right, 4-8 spaces")
}

// track validate of a good circuit: exit 0 and one line.
func TestTrackValidateEmbedded(t *testing.T) {
	for _, id := range tracks.IDs() {
		stdout, stderr, err := runTrackCLI(t, "track", "validate", id)
		require.NoError(t, err, "%s: %s", id, stderr)
		assert.Empty(t, stderr)
		got := lines(stdout)
		require.Len(t, got, 1, stdout)
		assert.True(t, strings.HasPrefix(got[0], id+": valid: "), got[0])
	}
}

// track validate of a file: a good file passes; a broken one exits non-zero
// and lists every problem, each with the file and line.
func TestTrackValidateFile(t *testing.T) {
	dir := t.TempDir()
	good, err := tracks.EmbeddedSource("test-oval")
	require.NoError(t, err)
	goodFile := filepath.Join(dir, "good.track")
	require.NoError(t, os.WriteFile(goodFile, good, 0o644))
	stdout, _, err := runTrackCLI(t, "track", "validate", goodFile)
	require.NoError(t, err)
	assert.Equal(t, 1, len(lines(stdout)))

	broken := strings.Join([]string{
		"circuit broken",              // 1
		"weather sun 1-12 rain 17-20", // 2: 13-16 missing
		"grid 4",                      // 3: too few slots
		"straight 6 id=start",         // 4
		`corner "North Bend" right stops=4 angle=180`, // 5: stops
		"straight 16 id=back",                         // 6
		`corner "South Bend" right stops=2 angle=180`, // 7
		"straight 10 id=main",                         // 8
	}, "\n") + "\n"
	brokenFile := filepath.Join(dir, "broken.track")
	require.NoError(t, os.WriteFile(brokenFile, []byte(broken), 0o644))
	stdout, stderr, err := runTrackCLI(t, "track", "validate", brokenFile)
	var ee exitError
	require.True(t, errors.As(err, &ee), "want an exitError, got %v", err)
	assert.NotZero(t, ee.code)
	assert.Empty(t, stdout)
	got := lines(stderr)
	require.Len(t, got, 4, stderr)
	assert.Equal(t, brokenFile+": 3 problem(s):", got[0])
	assert.Contains(t, stderr, brokenFile+":2: weather: black die face(s) 13, 14, 15, 16 have no weather")
	assert.Contains(t, stderr, brokenFile+":3: grid: 4 slot(s); a circuit needs at least 10")
	assert.Contains(t, stderr, brokenFile+`:5: corner "North Bend": required stops must be 1, 2 or 3`)

	// a file that is not a circuit at all
	binFile := filepath.Join(dir, "photo.track")
	require.NoError(t, os.WriteFile(binFile, []byte{0x89, 'P', 'N', 'G', 0xff, 0x00}, 0o644))
	_, stderr, err = runTrackCLI(t, "track", "validate", binFile)
	require.True(t, errors.As(err, &ee))
	assert.NotZero(t, ee.code)
	assert.Contains(t, stderr, "not UTF-8")

	// a missing file named like one
	_, stderr, err = runTrackCLI(t, "track", "validate", filepath.Join(dir, "missing.track"))
	require.True(t, errors.As(err, &ee))
	assert.Contains(t, stderr, "no such file")
}

// track validate of an unknown id: non-zero exit, and the known ids listed.
func TestTrackValidateUnknownID(t *testing.T) {
	stdout, stderr, err := runTrackCLI(t, "track", "validate", "no-such-circuit")
	var ee exitError
	require.True(t, errors.As(err, &ee), "want an exitError, got %v", err)
	assert.NotZero(t, ee.code)
	assert.Empty(t, stdout)
	assert.Contains(t, stderr, `no circuit "no-such-circuit"`)
	for _, id := range tracks.IDs() {
		assert.Contains(t, stderr, id)
	}
}

// track show of an unknown id fails too, with the known ids.
func TestTrackShowUnknownID(t *testing.T) {
	_, _, err := runTrackCLI(t, "track", "show", "nowhere", "--json")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "test-oval")
}

// The helper reports kong's own exits (help) and usage errors.
func TestTrackCLIHelpAndUsage(t *testing.T) {
	stdout, _, err := runTrackCLI(t, "track", "--help")
	var ee exitError
	require.True(t, errors.As(err, &ee), "help exits, got %v", err)
	assert.Zero(t, ee.code)
	assert.Contains(t, stdout, "validate")

	_, _, err = runTrackCLI(t, "track", "validate")
	require.Error(t, err, "the id is required")
	assert.False(t, errors.As(err, &ee), "a usage error is kong's, not an exit")
}
