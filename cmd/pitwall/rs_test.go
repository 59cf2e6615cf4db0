package main

import (
	"encoding/json"
	"github.com/pitwall/pitwall/engine/rs/decks"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pitwall sim --game rs: the same arguments give the same bytes; replay
// prints the same JSON without rolling; verify accepts the record and
// refuses a tampered one.
func TestSimRacingSimulator(t *testing.T) {
	out, rec := simTwice(t, "--game", "rs", "--track", "windmere", "--cars", "3", "--seed", "rs-contract")
	var got rsView
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	assert.Equal(t, "rs", got.Rules)
	assert.Equal(t, "family", got.Mode)
	assert.Equal(t, "windmere", got.Track)
	assert.Equal(t, 3, got.Seats)
	assert.Equal(t, 5, got.Cars, "3 players and 2 system cars (R-FAM-01)")
	assert.Equal(t, 12, got.Turns)
	assert.Len(t, got.Seed, 64)
	require.Len(t, got.Results, 5)
	systems := 0
	for i, r := range got.Results {
		assert.Equal(t, i+1, r.Place)
		if r.System {
			systems++
			assert.Zero(t, r.Seat)
		} else {
			assert.Positive(t, r.Seat)
		}
	}
	assert.Equal(t, 2, systems)

	replayed, _, err := runTrackCLI(t, "replay", rec, "--json")
	require.NoError(t, err)
	assert.Equal(t, out, replayed)
	verified, _, err := runTrackCLI(t, "verify", rec)
	require.NoError(t, err)
	assert.Contains(t, verified, "verified: the seed matches commitment")

	b, err := os.ReadFile(rec)
	require.NoError(t, err)
	bad := strings.Replace(string(b), "move by=", "move by=1", 1)
	badFile := filepath.Join(t.TempDir(), "bad.rec")
	require.NoError(t, os.WriteFile(badFile, []byte(bad), 0o644))
	_, stderr, err := runTrackCLI(t, "verify", badFile)
	require.Error(t, err)
	assert.Contains(t, stderr, "NOT verified")

	events, _, err := runTrackCLI(t, "replay", rec, "--events")
	require.NoError(t, err)
	assert.Contains(t, events, "Racing Simulator, family game: 3 players, 12 turns")
	assert.Contains(t, events, "The race is over after 12 turns.")
	assert.NotContains(t, events, "=", "events in words, not record syntax")

	text, _, err := runTrackCLI(t, "sim", "--game", "rs", "--track", "cragsby", "--cars", "2", "--seed", "words")
	require.NoError(t, err)
	assert.Contains(t, text, "Racing Simulator, family game on Cragsby Hill")
	assert.NotContains(t, text, "=", "sim prints prose, not key=value")
}

func TestSimRacingSimulatorRefusals(t *testing.T) {
	_, _, err := runTrackCLI(t, "sim", "--game", "rs", "--track", "windmere", "--cars", "3", "--seed", "s", "--optional", "weather")
	assert.ErrorContains(t, err, "the family game has no optional rules")
	_, _, err = runTrackCLI(t, "sim", "--game", "rs", "--track", "windmere", "--cars", "3", "--seed", "s", "--mode", "standard", "--optional", "quick-start,fog")
	assert.ErrorContains(t, err, `no optional rule "fog"`)
	_, _, err = runTrackCLI(t, "sim", "--game", "rs", "--track", "windmere", "--cars", "10", "--seed", "s", "--mode", "standard", "--optional", "quick-start")
	assert.ErrorContains(t, err, "1 to 9 players")
	_, _, err = runTrackCLI(t, "sim", "--game", "rs", "--track", "nowhere", "--cars", "3", "--seed", "s")
	assert.ErrorContains(t, err, "no circuit")
	_, _, err = runTrackCLI(t, "sim", "--game", "rs", "--track", "windmere", "--cars", "7", "--seed", "s")
	assert.ErrorContains(t, err, "2 to 6 players")
}

// A league's own risk deck replaces the house deck and travels inside the
// record, which then replays and verifies alone.
func TestSimRacingSimulatorLeagueDeck(t *testing.T) {
	dir := t.TempDir()
	deck := filepath.Join(dir, "risk.deck")
	require.NoError(t, os.WriteFile(deck, []byte("rs-deck 1\ndeck risk\nname Our league's transcription\ncard sun x20\ncard off-4 x4\n"), 0o644))
	rec := filepath.Join(dir, "race.rec")
	_, _, err := runTrackCLI(t, "sim", "--game", "rs", "--track", "windmere", "--cars", "2", "--seed", "league", "--risk-deck", deck, "--record", rec)
	require.NoError(t, err)
	b, err := os.ReadFile(rec)
	require.NoError(t, err)
	assert.Contains(t, string(b), "deck-begin risk\n| rs-deck 1\n") // --risk-deck is --deck's older name
	assert.Contains(t, string(b), "risk-deck=league")
	out, _, err := runTrackCLI(t, "verify", rec)
	require.NoError(t, err)
	assert.Contains(t, out, "verified")

	require.NoError(t, os.WriteFile(deck, []byte("rs-deck 1\ndeck risk\nname Short\ncard sun x3\n"), 0o644))
	_, _, err = runTrackCLI(t, "sim", "--game", "rs", "--track", "windmere", "--cars", "2", "--seed", "league", "--risk-deck", deck)
	assert.ErrorContains(t, err, "deck risk has 3 cards; the rules give it 24")
}

// track validate and track render serve Racing Simulator circuits too:
// an embedded id or an .rstrack file; every problem listed with its line.
func TestTrackCommandsForRacingSimulatorCircuits(t *testing.T) {
	out, _, err := runTrackCLI(t, "track", "validate", "windmere")
	require.NoError(t, err)
	assert.Contains(t, out, "windmere: valid Racing Simulator circuit, fast, 88 squares")
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.rstrack")
	require.NoError(t, os.WriteFile(bad, []byte("rs-circuit 1\nid bad\ntype quick\n"), 0o644))
	_, stderr, err := runTrackCLI(t, "track", "validate", bad)
	require.Error(t, err)
	assert.Contains(t, stderr, bad+":3: type \"quick\"")
	assert.Contains(t, stderr, bad+": missing name")
	png := filepath.Join(dir, "c.png")
	out, _, err = runTrackCLI(t, "track", "render", "cragsby", "-o", png)
	require.NoError(t, err)
	assert.Contains(t, out, "cragsby: wrote")
	st, err := os.Stat(png)
	require.NoError(t, err)
	assert.Positive(t, st.Size())
	// Formula Dé circuits are untouched
	out, _, err = runTrackCLI(t, "track", "validate", "test-oval")
	require.NoError(t, err)
	assert.NotContains(t, out, "Racing Simulator")
}

// pitwall sim --game rs --mode standard: a whole standard race, 18 cars
// and 24 turns, the same bytes for the same arguments; replay prints the
// same JSON, verify accepts the record, and replay --events reads it in
// words.
func TestSimRacingSimulatorStandard(t *testing.T) {
	out, rec := simTwice(t, "--game", "rs", "--mode", "standard", "--optional", "weather,system-only", "--track", "cragsby", "--cars", "4", "--seed", "rs-standard")
	var got rsView
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	assert.Equal(t, "standard", got.Mode)
	assert.Equal(t, 4, got.Seats)
	assert.Equal(t, 18, got.Cars, "the 18 cars of the edition, 14 following the players (R-SET-04)")
	assert.Equal(t, 24, got.Turns)
	assert.NotEmpty(t, got.Results)
	for i, r := range got.Results {
		assert.Equal(t, i+1, r.Place)
	}
	replayed, _, err := runTrackCLI(t, "replay", rec, "--json")
	require.NoError(t, err)
	assert.Equal(t, out, replayed)
	verified, _, err := runTrackCLI(t, "verify", rec)
	require.NoError(t, err)
	assert.Contains(t, verified, "verified: the seed matches commitment")
	b, err := os.ReadFile(rec)
	require.NoError(t, err)
	assert.Contains(t, string(b), "option mode=standard\noption optional=system-only,weather\n")
	events, _, err := runTrackCLI(t, "replay", rec, "--events")
	require.NoError(t, err)
	assert.Contains(t, events, "Racing Simulator, standard game: 4 players, 24 turns")
	assert.Contains(t, events, "The race is over after 24 turns.")
	assert.Contains(t, events, "Grid place 1:")
	assert.NotContains(t, events, "=", "events in words, not record syntax")

	_, quick := simTwice(t, "--game", "rs", "--mode", "standard", "--optional", "quick-start", "--track", "windmere", "--cars", "1", "--seed", "rs-quick")
	verified, _, err = runTrackCLI(t, "verify", quick)
	require.NoError(t, err)
	assert.Contains(t, verified, "verified")
}

// houseDeckFile writes a league's transcription of a house deck: its text
// under a league's name with one card line changed.
func houseDeckFile(t *testing.T, dir, kind, old, new string) string {
	t.Helper()
	d, err := decks.House(kind)
	require.NoError(t, err)
	src := strings.Replace(d.Source, "name Pitwall house decks: ", "name Ligue du Nord: ", 1)
	changed := strings.Replace(src, "card "+old+" ", "card "+new+" ", 1)
	require.NotEqual(t, src, changed)
	path := filepath.Join(dir, kind+".deck")
	require.NoError(t, os.WriteFile(path, []byte(changed), 0o644))
	return path
}

// sim --deck: every deck a league may replace, by the file's deck line;
// the record carries each, replays and verifies alone; a changed deck
// block fails verify; a kind twice, or a deck the family game never
// draws, is refused with the reason (AMB-30).
func TestSimRacingSimulatorDecks(t *testing.T) {
	dir := t.TempDir()
	pit := houseDeckFile(t, dir, "pit", "time-5", "time-9")
	dry := houseDeckFile(t, dir, "dry", "off-4", "off-9")
	rec := filepath.Join(dir, "race.rec")
	_, _, err := runTrackCLI(t, "sim", "--game", "rs", "--mode", "standard", "--track", "windmere", "--cars", "2", "--seed", "decks", "--deck", pit, "--deck", dry, "--record", rec)
	require.NoError(t, err)
	b, err := os.ReadFile(rec)
	require.NoError(t, err)
	assert.Contains(t, string(b), "deck-begin dry\n| rs-deck 1\n| deck dry\n")
	assert.Contains(t, string(b), "| card time-9 x10")
	assert.Regexp(t, `setup .* decks=dry:[0-9a-f]{12},pit:[0-9a-f]{12} `, string(b))
	out, _, err := runTrackCLI(t, "verify", rec)
	require.NoError(t, err)
	assert.Contains(t, out, "verified")
	_, _, err = runTrackCLI(t, "render", rec, "--out", filepath.Join(dir, "board.png"))
	require.NoError(t, err)

	tampered := filepath.Join(dir, "tampered.rec")
	require.NoError(t, os.WriteFile(tampered, []byte(strings.Replace(string(b), "| card time-9 x10", "| card time-8 x10", 1)), 0o644))
	_, _, err = runTrackCLI(t, "verify", tampered)
	require.Error(t, err, "a changed deck block must fail verify")

	_, _, err = runTrackCLI(t, "sim", "--game", "rs", "--mode", "standard", "--track", "windmere", "--cars", "2", "--seed", "decks", "--deck", pit, "--deck", pit)
	assert.ErrorContains(t, err, "two pit decks")
	_, _, err = runTrackCLI(t, "sim", "--game", "rs", "--track", "windmere", "--cars", "2", "--seed", "decks", "--deck", pit)
	assert.ErrorContains(t, err, "never drawn in the family game")
}
