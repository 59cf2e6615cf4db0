package main

import (
	"bytes"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/bot"
)

// The sim contract: JSON with seed, commitment, rules, track, plays and
// results ordered by place; the same arguments give byte-identical output.
func TestSimJSONContract(t *testing.T) {
	out1, rec := simTwice(t, "--track", "test-oval", "--cars", "5", "--seed", "contract")

	var got struct {
		Seed       string `json:"seed"`
		Commitment string `json:"commitment"`
		Rules      string `json:"rules"`
		Track      string `json:"track"`
		Plays      int    `json:"plays"`
		Results    []struct {
			Car    int            `json:"car"`
			Place  int            `json:"place"`
			Status string         `json:"status"`
			Cause  string         `json:"cause"`
			Laps   int            `json:"laps"`
			Wear   map[string]int `json:"wear"`
		} `json:"results"`
	}
	require.NoError(t, json.Unmarshal([]byte(out1), &got))
	assert.Len(t, got.Seed, 64)
	assert.Len(t, got.Commitment, 64)
	assert.Equal(t, "fd2008", got.Rules)
	assert.Equal(t, "test-oval", got.Track)
	assert.Positive(t, got.Plays)
	require.Len(t, got.Results, 5)
	for i, r := range got.Results {
		assert.Equal(t, i+1, r.Place)
		assert.Contains(t, []string{"finished", "eliminated"}, r.Status)
		if r.Status == "eliminated" {
			assert.NotEmpty(t, r.Cause, "an eliminated car says why")
		}
		assert.Len(t, r.Wear, 6)
		for cat, v := range r.Wear {
			assert.GreaterOrEqual(t, v, 0, cat)
		}
	}

	// replay prints the same JSON without rolling; verify accepts it
	replayed, _, err := runTrackCLI(t, "replay", rec, "--json")
	require.NoError(t, err)
	assert.Equal(t, out1, replayed)
	vout, _, err := runTrackCLI(t, "verify", rec)
	require.NoError(t, err)
	assert.Contains(t, vout, "verified")
}

// verify names the first event that does not match the seed.
func TestVerifyRefusesATamperedRecord(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "race.rec")
	_, _, err := runTrackCLI(t, "sim", "--track", "test-oval", "--cars", "3", "--seed", "tamper", "--record", rec)
	require.NoError(t, err)
	b, err := os.ReadFile(rec)
	require.NoError(t, err)
	lines := strings.Split(string(b), "\n")
	changed := -1
	for i, l := range lines {
		if strings.HasPrefix(l, "roll ") && strings.Contains(l, "die=black") && !strings.HasSuffix(l, "value=7") {
			lines[i] = l[:strings.LastIndex(l, "value=")] + "value=7"
			changed = i
			break
		}
	}
	require.NotEqual(t, -1, changed)
	require.NoError(t, os.WriteFile(rec, []byte(strings.Join(lines, "\n")), 0o644))
	_, stderr, err := runTrackCLI(t, "verify", rec)
	var ee exitError
	require.ErrorAs(t, err, &ee)
	assert.Equal(t, 1, ee.code)
	assert.Contains(t, stderr, "NOT verified")
	assert.Contains(t, stderr, "the seed gives")
}

func TestReplayRefusesGarbage(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.rec")
	require.NoError(t, os.WriteFile(bad, []byte("hello\n"), 0o644))
	_, _, err := runTrackCLI(t, "replay", bad)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not a Pitwall record")
}

func TestSimRefusesUnknownRules(t *testing.T) {
	_, _, err := runTrackCLI(t, "sim", "--track", "test-oval", "--cars", "2", "--seed", "x", "--optional", "nitro")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "unknown optional rule")
	_, _, err = runTrackCLI(t, "sim", "--track", "nowhere", "--cars", "2", "--seed", "x")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "test-oval", "the known circuits are listed")
}

// track render writes a PNG at least 1600 px wide, and refuses an invalid
// circuit without writing anything.
func TestTrackRenderCLI(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "oval.png")
	_, _, err := runTrackCLI(t, "track", "render", "test-oval", "-o", out)
	require.NoError(t, err)
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	img, err := png.Decode(bytes.NewReader(b))
	require.NoError(t, err)
	assert.GreaterOrEqual(t, img.Bounds().Dx(), 1600)

	broken := filepath.Join(dir, "broken.track")
	require.NoError(t, os.WriteFile(broken, []byte("circuit broken\nstraight 4\n"), 0o644))
	never := filepath.Join(dir, "never.png")
	_, stderr, err := runTrackCLI(t, "track", "render", broken, "-o", never)
	require.Error(t, err)
	assert.Contains(t, stderr, "problem")
	assert.NoFileExists(t, never)
}

// simTwice runs `sim ARGS --json` twice, once writing the record, checks
// that both print the same bytes, and returns the output and the record.
func simTwice(t *testing.T, args ...string) (string, string) {
	t.Helper()
	rec := filepath.Join(t.TempDir(), "race.rec")
	args = append([]string{"sim"}, append(args, "--json")...)
	out1, _, err := runTrackCLI(t, append(args, "--record", rec)...)
	require.NoError(t, err)
	out2, _, err := runTrackCLI(t, args...)
	require.NoError(t, err)
	assert.Equal(t, out1, out2, "same arguments, same bytes")
	return out1, rec
}

// O-TEAM-03: a team race prints each team's points and the winning team,
// in words and in the JSON.
func TestSimTeamRace(t *testing.T) {
	text, _, err := runTrackCLI(t, "sim", "--track", "test-oval", "--cars", "4", "--seed", "teams", "--optional", "team")
	require.NoError(t, err)
	assert.Contains(t, text, "wins the team race")
	assert.Regexp(t, `(?m)^ 1\. team [12] \(cars [13] and [24]\): \d+ points, wins the team race$`, text)
	assert.Regexp(t, `(?m)^ 2\. team [12] \(cars [13] and [24]\): \d+ points$`, text)
	out, _, err := runTrackCLI(t, "sim", "--track", "test-oval", "--cars", "4", "--seed", "teams", "--optional", "team", "--json")
	require.NoError(t, err)
	var v bot.RaceView
	require.NoError(t, json.Unmarshal([]byte(out), &v))
	require.Len(t, v.Teams, 2)
	assert.Equal(t, 1, v.Teams[0].Place)
	assert.GreaterOrEqual(t, v.Teams[0].Points, v.Teams[1].Points)
	// without the team rule, no team lines
	plain, _, err := runTrackCLI(t, "sim", "--track", "test-oval", "--cars", "4", "--seed", "teams")
	require.NoError(t, err)
	assert.NotContains(t, plain, "team race")
}
