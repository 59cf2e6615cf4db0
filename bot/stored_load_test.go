package bot

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/persistence"
)

// Stored games load and continue as they did (issue 13, group 5: loading
// and history through the contract). bot/testdata/load/stored.json is a
// database's rows as bot wrote them before loading went through the
// contract — its games, seats, record lines and snapshots — and
// views.txt what the service said of them then: the texts of every
// reader, the boards at several plays, the history views, the game
// continued, and a take-back. The rows are put back in a fresh store
// (their hash chains recomputed, which must give the stored hashes) and
// every view must read the same.
//
//	go test ./bot -run TestStoredGamesLoadAsBefore -write-stored  # the rows (only with the code they pin)
//	go test ./bot -run TestStoredGamesLoadAsBefore -update-stored # the views

var (
	writeStored  = flag.Bool("write-stored", false, "write bot/testdata/load/stored.json from games played now")
	updateStored = flag.Bool("update-stored", false, "rewrite bot/testdata/load/views.txt")
)

// storedRows are the fixture's rows: the players seated, their games.
type storedRows struct {
	Players []persistence.Player
	Games   []storedGame
}

// storedGame is one game's rows.
type storedGame struct {
	Row      persistence.Game
	Seats    []persistence.Seat
	Lines    []persistence.Event
	Snapshot *persistence.Snapshot `json:",omitempty"`
}

// storedGames are the games of the fixture: each ruleset, a running race
// deep enough to have a snapshot, a finished one, and Racing Simulator.
var storedGames = []struct {
	req   CreateRequest
	steps int // Autoplay steps; 0: to the end
}{
	{CreateRequest{Track: "port-azur", Seats: []string{"Anna", "Bob", "Cleo", "Dan"}, Seed: "stored-fd2008", Laps: 2}, 90},
	{CreateRequest{Track: "port-azur", Seats: []string{"Anna", "Bob", "Cleo"}, Seed: "stored-finished", Laps: 1}, 0},
	{CreateRequest{Track: "test-oval", Rules: "fdr", Seats: []string{"Anna", "Bob", "Cleo"}, Seed: "stored-fdr", Laps: 2}, 70},
	{CreateRequest{Track: "test-oval", Rules: "fdr", Variants: []string{"5-A"}, Seats: []string{"Anna", "Bob"}, Seed: "stored-5a", Laps: 1}, 40},
	{CreateRequest{Track: "port-azur", Optional: []string{"weather"}, Seats: []string{"Anna", "Bob"}, Seed: "stored-optional", Laps: 1}, 30},
	{CreateRequest{Game: gameRS, Track: "windmere", Seats: []string{"Anna", "Bob", "Cleo"}, Seed: "stored-rs"}, 12},
}

func storedPath(name string) string { return filepath.Join("testdata", "load", name) }

func TestStoredGamesLoadAsBefore(t *testing.T) {
	ctx := context.Background()
	if *writeStored {
		writeStoredGames(t)
	}
	data, err := os.ReadFile(storedPath("stored.json"))
	require.NoError(t, err)
	var stored storedRows
	require.NoError(t, json.Unmarshal(data, &stored))
	games := stored.Games
	require.Len(t, games, len(storedGames))

	svc, store := newTestService(t)
	require.NoError(t, store.Update(ctx, func(tx persistence.Tx) error {
		for _, p := range stored.Players {
			if err := tx.CreatePlayer(p); err != nil {
				return err
			}
		}
		return nil
	}))
	for _, g := range games {
		restoreGame(t, store, g)
	}
	var out strings.Builder
	for _, g := range games {
		fmt.Fprintf(&out, "=== %s\n", g.Row.ID)
		storedViews(t, ctx, svc, store, g, &out)
	}
	matchesGolden(t, storedPath("views.txt"), out.String(), *updateStored)
}

// writeStoredGames plays the fixture's games on a fresh store and writes
// their rows.
func writeStoredGames(t *testing.T) {
	ctx := context.Background()
	svc, store := newTestService(t)
	var out storedRows
	players := map[string]bool{}
	for _, sg := range storedGames {
		id, err := svc.Create(ctx, sg.req)
		require.NoError(t, err)
		for step := 0; sg.steps == 0 || step < sg.steps; step++ {
			n, err := svc.Autoplay(ctx, id, 1)
			require.NoError(t, err)
			if n == 0 {
				break
			}
		}
		var g storedGame
		require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
			var err error
			if g.Row, err = tx.Game(id); err != nil {
				return err
			}
			if g.Seats, err = tx.Seats(id); err != nil {
				return err
			}
			if g.Lines, err = tx.Events(id, 0, 0); err != nil {
				return err
			}
			for _, s := range g.Seats {
				if s.Player == "" || players[s.Player] {
					continue
				}
				p, err := tx.Player(s.Player)
				if err != nil {
					return err
				}
				players[s.Player] = true
				out.Players = append(out.Players, p)
			}
			snap, ok, err := tx.Snapshot(id)
			if ok {
				g.Snapshot = &snap
			}
			return err
		}))
		out.Games = append(out.Games, g)
	}
	data, err := json.MarshalIndent(out, "", "  ")
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Dir(storedPath("stored.json")), 0o755))
	require.NoError(t, os.WriteFile(storedPath("stored.json"), append(data, '\n'), 0o644))
}

// restoreGame puts a game's rows back; the record's hashes, chained
// again, must be the stored ones.
func restoreGame(t *testing.T, store persistence.Store, g storedGame) {
	require.NoError(t, store.Update(context.Background(), func(tx persistence.Tx) error {
		row, err := tx.CreateGame(persistence.Game{ID: g.Row.ID, Created: g.Row.Created, Meta: g.Row.Meta, State: g.Row.State})
		if err != nil {
			return err
		}
		for _, s := range g.Seats {
			if err := tx.PutSeat(s); err != nil {
				return err
			}
		}
		var lines []string
		for _, l := range g.Lines {
			lines = append(lines, l.Line)
		}
		if len(lines) > 0 {
			if _, err := tx.Append(row.ID, 0, lines...); err != nil {
				return err
			}
		}
		if g.Snapshot != nil {
			return tx.PutSnapshot(*g.Snapshot)
		}
		return nil
	}))
	require.NoError(t, store.View(context.Background(), func(tx persistence.ReadTx) error {
		got, err := tx.Events(g.Row.ID, 0, 0)
		require.Equal(t, g.Lines, got, "the chain is the stored one")
		return err
	}))
}

// textBoards draws a board as the race's exact position, as text.
type textBoards struct{}

func (textBoards) BoardPNG(w io.Writer, race engine.Game, lang string) error {
	g := race.(fd.Contract).G
	fmt.Fprintf(w, "play %d round %d over %v\n", g.Play, g.Round, g.Over)
	p, err := g.PositionExact()
	if err != nil {
		_, err = fmt.Fprintf(w, "%+v\n", g.Position())
		return err
	}
	for _, e := range p.Events() {
		fmt.Fprintln(w, e.String())
	}
	return nil
}

func digest(s string) string { return fmt.Sprintf("%x", sha256.Sum256([]byte(s)))[:16] }

// storedViews writes what the service says of one stored game.
func storedViews(t *testing.T, ctx context.Context, svc *Service, store persistence.Store, g storedGame, out *strings.Builder) {
	id := g.Row.ID
	show, err := svc.Show(ctx, id)
	require.NoError(t, err)
	js, err := json.Marshal(show)
	require.NoError(t, err)
	fmt.Fprintf(out, "show %s\n", js)
	record, err := svc.GameRecord(ctx, id)
	require.NoError(t, err)
	fmt.Fprintf(out, "record %s (%d bytes)\n", digest(record), len(record))
	if svc.isServed(ctx, id) {
		_, err := svc.Autoplay(ctx, id, 3)
		require.NoError(t, err)
		show, err := svc.Show(ctx, id)
		require.NoError(t, err)
		js, err := json.Marshal(show)
		require.NoError(t, err)
		fmt.Fprintf(out, "continued %s\n", js)
		return
	}

	// the live game (from its snapshot when it fits) and the whole record
	live, whole := liveAndWhole(t, svc, store, id)
	fmt.Fprintf(out, "loaded from snapshot %v, play %d, %d events\n", fromSnapshot(live), live.race().Play, len(live.race().Events))
	if g.Snapshot != nil && !live.race().Over {
		assert.True(t, fromSnapshot(live), "a running game with a snapshot resumes from it")
	}
	assert.Equal(t, whole.race().PendingAll(), live.race().PendingAll())
	assert.Equal(t, whole.race().Position(), live.race().Position())
	for _, lang := range []string{"en", "fr"} {
		for car := 1; car <= live.meta.Cars; car++ {
			fmt.Fprintf(out, "--- status %s car %d\n%s\n", lang, car, svc.statusText(live, lang, car, true, false))
		}
		fmt.Fprintf(out, "--- status %s spectator\n%s\n", lang, svc.statusText(live, lang, 0, false, false))
		fmt.Fprintf(out, "--- status %s master\n%s\n", lang, svc.statusText(live, lang, 0, false, true))
	}

	// the boards at play n, the history views
	var rec *fd.Record
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		lines, err := tx.Events(id, 0, 0)
		if err == nil {
			rec, err = whole.meta.record(id, lines)
		}
		return err
	}))
	last := rec.LastPlay()
	for n := 0; n <= last+1; n += max(1, last/6) {
		var b strings.Builder
		require.NoError(t, svc.BoardAt(ctx, id, n, "en", false, textBoards{}, &b))
		fmt.Fprintf(out, "--- board at play %d\n%s", n, b.String())
	}
	for _, reader := range []int{0, 1, fd.GameMaster} {
		evs, err := EventsOf(rec, whole.track, reader)
		require.NoError(t, err)
		js, err := json.Marshal(evs)
		require.NoError(t, err)
		fmt.Fprintf(out, "events as %d: %d, %s\n", reader, len(evs), digest(string(js)))
	}
	for _, n := range []int{1, len(rec.Events) / 3, len(rec.Events) / 2, len(rec.Events)} {
		at, err := fd.ReplayAtEvent(rec, whole.track, n)
		require.NoError(t, err)
		js, err := json.Marshal(StateAt(fd.NewContract(at, nil), rec, n, 1))
		require.NoError(t, err)
		fmt.Fprintf(out, "state at %d: %s\n", n, js)
	}
	if live.race().Over {
		return
	}

	// the race goes on, then its last decided play is taken back
	_, err = svc.Autoplay(ctx, id, 3)
	require.NoError(t, err)
	var reply string
	require.NoError(t, store.Update(ctx, func(tx persistence.Tx) error {
		l, err := svc.loadLive(tx, id)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "--- continued: play %d\n%s\n", l.race().Play, svc.statusText(l, "en", 0, false, false))
		reply, err = svc.takeBack(tx, l, "pinned", engine.Referee)
		return err
	}))
	fmt.Fprintf(out, "--- taken back\n%s\n", reply)
	record, err = svc.GameRecord(ctx, id)
	require.NoError(t, err)
	tail := strings.Split(strings.TrimSpace(record), "\n")
	fmt.Fprintf(out, "record after: %s\n", strings.Join(tail[max(0, len(tail)-8):], "\n"))
}
