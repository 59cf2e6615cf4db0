package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/bot"
	"github.com/pitwall/pitwall/engine/fd"
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

// replay FILE --at N --json: the game at any line, mid-round included, with
// the pending decision and every legal option's path, costs and risks.
func TestReplayAtEvent(t *testing.T) {
	_, rec := simTwice(t, "--track", "test-oval", "--cars", "3", "--seed", "at-event")
	b, err := os.ReadFile(rec)
	require.NoError(t, err)
	parsed, err := fd.ParseRecord(string(b))
	require.NoError(t, err)
	// the 5th move order: the state at its line waits on that very choice
	n, moves := 0, 0
	for i, e := range parsed.Events {
		if e.Kind == "order" && e.Get("choose") != "" {
			if moves++; moves == 5 {
				n = i + 1
				break
			}
		}
	}
	require.Positive(t, n)
	order := parsed.Events[n-1]
	out, _, err := runTrackCLI(t, "replay", rec, "--at", fmt.Sprint(n), "--json")
	require.NoError(t, err)
	var v bot.StateView
	require.NoError(t, json.Unmarshal([]byte(out), &v))
	assert.Equal(t, n, v.Event)
	assert.Equal(t, order.String(), v.Line)
	require.Len(t, v.Pending, 1)
	p := v.Pending[0]
	assert.Equal(t, order.Get("car"), fmt.Sprint(p.Car))
	assert.Contains(t, p.Options, order.Get("choose"), "the choice made at that line is one of the options")
	paths := 0
	for _, f := range p.Facts {
		if len(f.Path) > 0 {
			paths++
			assert.Equal(t, f.Path[len(f.Path)-1], f.End)
		}
	}
	assert.Positive(t, paths)
	require.Len(t, v.Cars, 3)
	assert.NotEmpty(t, v.Cars[0].Wear)
	assert.Empty(t, v.Position, "a move to choose: the turn is under way")
	assert.Contains(t, v.PositionNote, "between turns")
	// --at wants --json; line 0 does not exist
	_, _, err = runTrackCLI(t, "replay", rec, "--at", fmt.Sprint(n))
	require.Error(t, err)
	_, _, err = runTrackCLI(t, "replay", rec, "--at", "-1", "--json")
	require.Error(t, err)
}

// replay FILE --events: every record line in words and as JSON, with the
// cars after each play.
func TestReplayEvents(t *testing.T) {
	_, rec := simTwice(t, "--track", "test-oval", "--cars", "3", "--seed", "events")
	parsed, err := readRecordForTest(rec)
	require.NoError(t, err)
	out, _, err := runTrackCLI(t, "replay", rec, "--events", "--json")
	require.NoError(t, err)
	var evs []bot.EventView
	require.NoError(t, json.Unmarshal([]byte(out), &evs))
	require.Len(t, evs, len(parsed.Events))
	withCars := 0
	for i, ev := range evs {
		assert.Equal(t, i+1, ev.Event)
		assert.Equal(t, parsed.Events[i].String(), ev.Line)
		assert.NotEmpty(t, ev.Text)
		assert.NotContains(t, ev.Text, "=", "words, not record syntax: %s", ev.Line)
		if len(ev.After) > 0 {
			withCars++
			assert.Len(t, ev.After, 3)
		}
	}
	assert.Greater(t, withCars, 10, "the cars after each play")
	text, _, err := runTrackCLI(t, "replay", rec, "--events")
	require.NoError(t, err)
	assert.Contains(t, text, "    1. car")
	assert.Contains(t, text, "rolls")
	assert.Contains(t, text, "chooses option")
	assert.Regexp(t, `car \d racing on \S+, gear \d`, text)
}

func readRecordForTest(path string) (*fd.Record, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return fd.ParseRecord(string(b))
}

// R4.1, BOT-10: replay --at N --json shows the pit box each car chose
// under fdr, as its pit-box event said.
func TestReplayAtShowsTheChosenPitBox(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "race.rec")
	_, _, err := runTrackCLI(t, "sim", "--track", "test-oval", "--cars", "3", "--rules", "fdr", "--laps", "2", "--seed", "pit-boxes", "--record", rec)
	require.NoError(t, err)
	b, err := os.ReadFile(rec)
	require.NoError(t, err)
	parsed, err := fd.ParseRecord(string(b))
	require.NoError(t, err)
	chose, last := map[int]int{}, 0
	for i, e := range parsed.Events {
		if e.Kind == "pit-box" {
			car, _ := e.Int("car")
			box, _ := e.Int("box")
			chose[car], last = box, i+1
		}
	}
	require.Len(t, chose, 3, "every driver chose a pit")
	out, _, err := runTrackCLI(t, "replay", rec, "--at", fmt.Sprint(last+1), "--json")
	require.NoError(t, err)
	var v bot.StateView
	require.NoError(t, json.Unmarshal([]byte(out), &v))
	require.Len(t, v.Cars, 3)
	for _, c := range v.Cars {
		assert.Equal(t, chose[c.Car], c.Box, "car %d", c.Car)
	}
}

// pitwall variants lists the registry; sim --variant plays one and its
// record replays and verifies alone; a league rule is refused by a game.
func TestVariantsCLI(t *testing.T) {
	out, _, err := runTrackCLI(t, "variants", "--json")
	require.NoError(t, err)
	var list []fd.Variant
	require.NoError(t, json.Unmarshal([]byte(out), &list))
	ids := map[string]fd.Variant{}
	for _, v := range list {
		ids[v.ID] = v
	}
	for _, id := range []string{"6-C", "21-A", "1-C", "1-B", "4-A", "6-A", "18-A", "19-B", "19-H", "7-A", "24-A", "24-B", "24-D", "22-A"} {
		require.Contains(t, ids, id, "§6(a) lists %s", id)
	}
	assert.Equal(t, "B60", ids["6-C"].Params[0].Default)
	assert.Equal(t, fd.ScopeLeague, ids["21-A"].Scope)
	assert.Len(t, list, 62+5, "every variant of league-variants.md and its 5 side events")
	assert.True(t, ids["6-A"].Implemented && ids["6-A"].Ready, "a game switch the engine plays")
	assert.True(t, ids["21-A"].Implemented && !ids["21-A"].Ready, "a league rule the league applies")
	assert.True(t, ids["23-A"].Implemented && ids["23-A"].Ready, "a ledger the league keeps, its pilot points a game switch")
	assert.True(t, ids["23-B"].Implemented && ids["23-B"].Ready && ids["23-B"].Engine, "a ledger the league keeps, its build points and quick stops a game switch")
	assert.True(t, ids["25-A"].Implemented && !ids["25-A"].Ready, "the season transitions the league runs")
	for _, v := range list {
		assert.True(t, v.Implemented, "%s: every variant and side event is built (issue 16)", v.ID)
	}
	assert.Equal(t, fd.ScopeSideEvent, ids["AX-1"].Scope)
	assert.True(t, ids["AX-1"].Implemented, "a side event the league runs")
	assert.NotContains(t, out, `"implemented": false`)
	text, _, err := runTrackCLI(t, "variants")
	require.NoError(t, err)
	assert.Contains(t, text, "6-C   Gearboxes")
	// a side event the league runs is listed as the refusal below names it
	assert.Contains(t, text, "AX-1  Dragster (Dragster), chapter Annexes: separate game modes, a league side event (league create --variant AX-1): ")
	assert.Contains(t, text, "AX-4  Rebel Without a Cause (Fureur de vivre), chapter Annexes: separate game modes, a league side event (league create --variant AX-4): ")
	assert.Contains(t, text, "21-A  Classification by distance (Distance), chapter 21 Finish, a league rule (league create --variant 21-A): ")

	rec := filepath.Join(t.TempDir(), "race.rec")
	_, _, err = runTrackCLI(t, "sim", "--track", "test-oval", "--cars", "3", "--rules", "fdr", "--laps", "1", "--seed", "variants", "--variant", "6-C:box=B62", "--variant", "18-A", "--record", rec)
	require.NoError(t, err)
	b, err := os.ReadFile(rec)
	require.NoError(t, err)
	assert.Contains(t, string(b), "option variant.6-C=box=B62\n")
	assert.Contains(t, string(b), "option variant.18-A=on\n")
	assert.Contains(t, string(b), "gearbox car=")
	_, _, err = runTrackCLI(t, "verify", rec)
	require.NoError(t, err)
	_, _, err = runTrackCLI(t, "sim", "--track", "test-oval", "--cars", "3", "--rules", "fdr", "--seed", "v", "--variant", "21-A")
	require.ErrorContains(t, err, "league rule")
	_, _, err = runTrackCLI(t, "sim", "--track", "test-oval", "--cars", "3", "--rules", "fdr", "--seed", "v", "--variant", "AX-1")
	require.ErrorContains(t, err, "variant AX-1 (Dragster) is a league side event: a league plays it", "a side event is no game switch")
	_, _, err = runTrackCLI(t, "sim", "--track", "test-oval", "--cars", "3", "--seed", "v", "--variant", "6-C")
	require.ErrorContains(t, err, "competition rules")
}

// replay FILE --at N --json at a gear choice mid-round gives the position
// there, played= included (R-ORD-01); a record starting from it waits on the
// same decision with the same options.
func TestReplayAtPositionRoundTrip(t *testing.T) {
	_, rec := simTwice(t, "--track", "test-oval", "--cars", "3", "--seed", "at-event")
	b, err := os.ReadFile(rec)
	require.NoError(t, err)
	parsed, err := fd.ParseRecord(string(b))
	require.NoError(t, err)
	var header []string
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "commitment ") || strings.HasPrefix(l, "seed ") {
			continue
		}
		header = append(header, l)
		if l == "events" {
			break
		}
	}
	header = append(header[:len(header)-1], "dice-source scripted", "events")
	checked := 0
	for i, e := range parsed.Events {
		if e.Kind != "order" || e.Get("gear") == "" || checked == 3 {
			continue
		}
		out, _, err := runTrackCLI(t, "replay", rec, "--at", fmt.Sprint(i+1), "--json")
		require.NoError(t, err)
		var v bot.StateView
		require.NoError(t, json.Unmarshal([]byte(out), &v))
		require.NotEmpty(t, v.Position, v.PositionNote)
		if !strings.Contains(v.Position[0], "played=") {
			continue
		}
		checked++
		q := filepath.Join(t.TempDir(), "q.rec")
		text := strings.Join(append(append([]string(nil), header...), v.Position...), "\n") + "\n"
		require.NoError(t, os.WriteFile(q, []byte(text), 0o600))
		out2, _, err := runTrackCLI(t, "replay", q, "--at", fmt.Sprint(len(v.Position)), "--json")
		require.NoError(t, err, text)
		var w bot.StateView
		require.NoError(t, json.Unmarshal([]byte(out2), &w))
		require.Len(t, w.Pending, 1, text)
		require.Len(t, v.Pending, 1)
		assert.Equal(t, v.Pending[0].Car, w.Pending[0].Car, text)
		assert.Equal(t, v.Pending[0].Decision, w.Pending[0].Decision)
		assert.Equal(t, v.Pending[0].Options, w.Pending[0].Options)
		assert.Equal(t, v.Round, w.Round)
		assert.Equal(t, v.Position, w.Position, "written again the same")
	}
	assert.Equal(t, 3, checked, "three mid-round positions checked")
}
