package main

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/bot"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/sqlite"
)

// legalRE finds the legal orders a reply lists, in either language.
var legalRE = regexp.MustCompile(`(?:Legal|Possibles) ?: (.*)\.`)

// TestRSGameByTheTerminal plays a whole Racing Simulator family race from
// the terminal: pitwall game create --game rs, then each player reads
// their status and sends one of the legal orders it lists (Bob in French).
// In turn 2 Cleo does not order; the deadline passes (the scheduler's
// Fire, on a clock an hour later) and the autopilot orders for her. The
// race ends and game verify checks every roll and shuffle.
func TestRSGameByTheTerminal(t *testing.T) {
	cli := newCLIOnDB(t, "rs.db")
	db, run := cli.db, cli.run
	run("player", "set", "Bob", "--lang", "fr")
	id := strings.TrimSpace(run("game", "create", "--game", "rs", "--track", "windmere", "--seat", "Anna", "--seat", "Bob", "--seat", "Cleo", "--seed", "rs-cli", "--deadline", "1m"))
	require.Regexp(t, `^g-[0-9a-f]{10}$`, id)

	// an order the rules refuse is answered with the legal ones and exits 1
	_, stderr, err := runTrackCLI(t, "--db", db, "say", "Anna", "--game", id, "card 297 push")
	require.Error(t, err)
	assert.Contains(t, stderr, "Legal: card")

	rng := rand.New(rand.NewPCG(3, 4))
	players := []string{"Anna", "Bob", "Cleo"}
	ctx := context.Background()
	for turn := 1; turn <= 12; turn++ {
		for _, p := range players {
			status := run("say", p, "--game", id, "status")
			if p == "Bob" {
				assert.Contains(t, status, "Votre main", "Bob reads French")
			}
			if turn == 2 && p == "Cleo" {
				continue // Cleo is late
			}
			m := legalRE.FindStringSubmatch(status)
			require.NotNil(t, m, "turn %d: %s is asked for an order:\n%s", turn, p, status)
			legal := strings.Split(m[1], " · ")
			reply := run("say", p, "--game", id, legal[rng.IntN(len(legal))])
			assert.True(t, strings.Contains(reply, "Your order:") || strings.Contains(reply, "Votre ordre :"), "%s's order is confirmed to them:\n%s", p, reply)
		}
		if turn != 2 {
			continue
		}
		store, err := sqlite.Open(ctx, db)
		require.NoError(t, err)
		later := time.Now().Add(time.Hour)
		svc := bot.New(bot.Options{Store: store, Now: func() time.Time { return later }})
		for fired := 0; ; fired++ {
			require.Less(t, fired, 5, "the turn's deadline fires")
			var next persistence.Deadline
			var have bool
			require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
				var err error
				next, have, err = tx.NextDeadline()
				return err
			}))
			if !have || next.Due.After(later) {
				break // turn 3's deadlines, from the new clock
			}
			require.Equal(t, 3, next.Seat, "only Cleo is awaited")
			require.NoError(t, svc.Fire(ctx, next))
		}
		svc.Close()
		require.NoError(t, store.Close())
		status := run("say", "Cleo", "--game", id, "log 60")
		assert.Contains(t, status, "(autopilot, the deadline passed)", "Cleo reads that the autopilot ordered for her")
		assert.Contains(t, run("say", "Anna", "--game", id, "status"), "Turn 3 of 12", "the deadline resolved turn 2")
	}
	final := run("say", "Anna", "--game", id, "status")
	assert.Contains(t, final, "The race is over after 12 turns.")
	assert.Contains(t, run("game", "verify", id), "verified")
}

// game create --game rs --deck: a league's deck is checked at create
// (every problem with its file and line, a deck the mode never draws
// refused), kept with the stored game, drawn by its race and used by
// game verify (AMB-30).
func TestRSGameCreateWithLeagueDecks(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "rs.db")
	pit := houseDeckFile(t, dir, "pit", "time-5", "time-9")
	bad := filepath.Join(dir, "bad.deck")
	require.NoError(t, os.WriteFile(bad, []byte("rs-deck 1\ndeck pit\nname Bad\ncard time-9 x3\ncard boom\n"), 0o644))
	_, stderr, err := runTrackCLI(t, "--db", db, "game", "create", "--game", "rs", "--mode", "standard", "--track", "windmere", "--seat", "Anna", "--seat", "ai:pro", "--deck", bad)
	require.Error(t, err)
	assert.Contains(t, stderr, bad+": line 5: deck pit has no \"boom\" cards")
	assert.Contains(t, stderr, "deck pit has 3 cards; the rules give it 15")
	_, stderr, err = runTrackCLI(t, "--db", db, "game", "create", "--game", "rs", "--track", "windmere", "--seat", "Anna", "--seat", "Bob", "--deck", pit)
	require.Error(t, err)
	assert.Contains(t, stderr, "never drawn in the family game")
	_, stderr, err = runTrackCLI(t, "--db", db, "game", "create", "--track", "test-oval", "--seat", "Anna", "--seat", "Bob", "--deck", pit)
	require.Error(t, err)
	assert.Contains(t, stderr, "league decks belong to Racing Simulator")

	id, stderr, err := runTrackCLI(t, "--db", db, "game", "create", "--game", "rs", "--mode", "standard", "--track", "windmere", "--seat", "Anna", "--seat", "ai:pro", "--seed", "league-decks", "--deck", pit)
	require.NoError(t, err, stderr)
	id = strings.TrimSpace(id)
	_, stderr, err = runTrackCLI(t, "--db", db, "game", "autoplay", id)
	require.NoError(t, err, stderr)
	out, stderr, err := runTrackCLI(t, "--db", db, "game", "verify", id)
	require.NoError(t, err, stderr)
	assert.Contains(t, out, "verified")
}
