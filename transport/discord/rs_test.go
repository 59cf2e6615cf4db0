package discord_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pitwall/pitwall/bot"
	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/rs"
	"github.com/pitwall/pitwall/internal/phrasebook"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
	"github.com/pitwall/pitwall/transport/discord"
	"github.com/pitwall/pitwall/transport/discord/discordtest"
)

// seatBoard is a stand-in renderer whose "picture" of a Racing Simulator
// race is the board view it was asked to draw, as JSON: a test reads
// exactly what the picture could show (whose hand, for which seat).
type seatBoard struct{ board }

func (seatBoard) ContractBoardPNG(w io.Writer, g engine.Game, seat int, lang string) error {
	return json.NewEncoder(w).Encode(g.(rs.Contract).G.Board(seat))
}

var _ bot.ContractBoards = seatBoard{}

// clock is the service's clock, moved by hand to a deadline.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) set(t time.Time) {
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}

// rsHarness is a fake Discord and a service whose store and clock the
// test holds (to read the record and pass a deadline).
type rsHarness struct {
	harness
	store persistence.Store
	clock *clock
}

// startRS starts a fake Discord and a service whose games take the seeds
// of seeds (sameSeeds). discordgo's endpoints are process-wide: one
// harness at a time.
func startRS(t *testing.T, ctx context.Context, seeds string) *rsHarness {
	t.Helper()
	fake := discordtest.New("app-1")
	t.Cleanup(fake.Close)
	store := memory.New()
	c := &clock{t: time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)}
	svc := bot.New(bot.Options{Store: store, Random: sameSeeds(seeds), Now: c.now, Boards: seatBoard{}})
	tr, err := discord.New(svc, discord.Config{Token: "secret", AppID: "app-1", API: fake.URL, Guild: "guild-1",
		Renderer: seatBoard{}, Poll: 20 * time.Millisecond, Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	runCtx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- tr.Run(runCtx) }()
	t.Cleanup(func() {
		stop()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
		svc.Close()
		store.Close()
	})
	if err := fake.WaitReady(ctx); err != nil {
		t.Fatal(err)
	}
	return &rsHarness{harness: harness{svc: svc, fake: fake}, store: store, clock: c}
}

// The three players of the Racing Simulator tests; Bob reads French.
var (
	rsAnna = discordtest.User{ID: "u-anna", Name: "Anna"}
	rsBob  = discordtest.User{ID: "u-bob", Name: "Bob", Locale: "fr"}
	rsCleo = discordtest.User{ID: "u-cleo", Name: "Cleo"}
)

// openRace opens a family race on windmere from chan-rs: Anna creates
// it, Bob joins with /race join, Cleo with the lobby's button, Anna
// starts it. It returns the game and its thread.
func (h *rsHarness) openRace(t *testing.T, ctx context.Context, anna, bob, cleo discordtest.User) (game, thread string) {
	t.Helper()
	f := h.fake
	r := private(t)(f.Slash(ctx, anna, "chan-rs", "new", discordtest.Option{Name: "track", Type: 3, Value: "windmere"},
		discordtest.Option{Name: "game", Type: 3, Value: "rs"}, discordtest.Option{Name: "mode", Type: 3, Value: "family"}))
	want(t, r, "car 1")
	for th, parent := range f.Threads() {
		if parent == "chan-rs" {
			thread = th
		}
	}
	ms, err := f.WaitMessages(ctx, thread, 1)
	if err != nil {
		t.Fatal(err)
	}
	lobby := ms[0]
	game = strings.Split(lobby.Buttons()[0].CustomID, "|")[1]
	// each step waits for its post: the relay joins what is queued when it
	// looks, so two steps between two looks would make one post, and a
	// transcript would depend on the timing
	posted := func(n int) {
		t.Helper()
		if _, err := f.WaitMessages(ctx, thread, n); err != nil {
			t.Fatal(err)
		}
	}
	want(t, private(t)(f.Slash(ctx, bob, "chan-rs", "join")), "Bob prend la voiture 2")
	posted(2)
	want(t, private(t)(f.Press(ctx, cleo, lobby, lobby.Buttons()[0].CustomID)), "car 3")
	posted(3)
	want(t, private(t)(f.Slash(ctx, anna, thread, "start")), "starts with 3 cars")
	posted(4)
	return game, thread
}

// read is one text a reader was shown: a thread post (seat −1) or an
// ephemeral answer to a seat's player, with its board when it had one.
type read struct {
	seat  int
	text  string
	board []byte
}

// replayed is the race as its record stands, read back from the store.
func (h *rsHarness) replayed(t *testing.T, game string, seats int) *rs.Game {
	t.Helper()
	rec := &rs.Record{Game: game, Mode: rs.Family, Seats: seats, Track: "windmere"}
	err := h.store.View(context.Background(), func(tx persistence.ReadTx) error {
		lines, err := tx.Events(game, 0, 0)
		for _, l := range lines {
			e, perr := rs.ParseEvent(l.Line)
			if perr != nil {
				return perr
			}
			rec.Events = append(rec.Events, e)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	g, err := rs.Replay(rec)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// checkSecrets fails when a text tells its reader an event the reader's
// audience excludes while the race runs — another seat's sealed order,
// hand or draw — or when a board shows a hand to anyone but its owner
// (a board is its reader's own, or everyone's without a hand).
func checkSecrets(t *testing.T, g *rs.Game, reads []read, langOf func(seat int) string) {
	t.Helper()
	for _, r := range reads {
		lang := langOf(r.seat)
		mine := map[string]bool{}
		for _, e := range g.Events {
			if e.VisibleTo(r.seat, false) {
				mine[phrasebook.Text(lang, g.EventPhrase(e))] = true
			}
		}
		for _, e := range g.Events {
			if d := phrasebook.Text(lang, g.EventPhrase(e)); !e.VisibleTo(r.seat, false) && !mine[d] && d != "" && strings.Contains(r.text, d) {
				t.Errorf("reader %d (0: the thread) reads an event addressed to others (%s): %q", r.seat+1, e.Text(), d)
			}
		}
		if r.board != nil {
			var v rs.BoardView
			if err := json.Unmarshal(r.board, &v); err != nil {
				t.Fatalf("board: %v", err)
			}
			if (v.Seat != r.seat && v.Seat != -1) || (v.Seat == -1 && v.Hand != nil) { // the reader's own, or everyone's
				t.Errorf("a board drawn for seat %d (hand %v) shown to seat %d", v.Seat+1, v.Hand, r.seat+1)
			}
		}
	}
}

// TestRacingSimulatorWholeRaceOnDiscord plays a whole family race of
// Racing Simulator by three players on the fake Discord: /race new
// game:rs, join, start; each turn every player presses My order on the
// thread's post and seals an order from the ephemeral menu of their own
// hand. In turn 2 Cleo does not order: the deadline passes and the
// autopilot orders for her. Nothing any post or ephemeral answer shows a
// reader is addressed to another seat (checkSecrets), the thread's boards
// show no hand, and the stored race verifies against its seed.
func TestRacingSimulatorWholeRaceOnDiscord(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	h := startRS(t, ctx, t.Name())
	f := h.fake
	anna, bob, cleo := rsAnna, rsBob, rsCleo
	admin := discordtest.User{ID: "u-admin", Name: "Admin", Permissions: 1 << 5}
	users := []discordtest.User{anna, bob, cleo}
	lang := func(seat int) string {
		if seat == 1 {
			return "fr"
		}
		return "en"
	}

	game, thread := h.openRace(t, ctx, anna, bob, cleo)
	want(t, private(t)(f.Slash(ctx, admin, thread, "deadline", discordtest.Option{Name: "period", Type: 3, Value: "1h"})), "1 hour")

	var reads []read
	seen := 0 // thread posts read
	readPosts := func() []discordtest.Message {
		ms := f.Messages(thread)
		for _, m := range ms[seen:] {
			rd := read{seat: -1, text: m.Content}
			for _, file := range m.Files {
				rd.board = file.Data
			}
			reads = append(reads, rd)
		}
		seen = len(ms)
		return ms
	}
	// waitPost waits for a thread post that ok accepts, among the new ones.
	waitPost := func(what string, ok func(discordtest.Message) bool) discordtest.Message {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for time.Now().Before(deadline) {
			from := seen
			ms := readPosts()
			for _, m := range ms[from:] {
				if ok(m) {
					return m
				}
			}
			time.Sleep(10 * time.Millisecond)
		}
		t.Fatalf("no thread post %s; the last: %q", what, f.Messages(thread)[len(f.Messages(thread))-1].Content)
		return discordtest.Message{}
	}
	rng := rand.New(rand.NewPCG(3, 17))
	lateTurn, turns := 2, 0
	var staleMenu discordtest.Message // Anna's menu of turn 1
	var staleID, staleValue string
	// the turn's post mentions every player awaited and carries My order
	post := waitPost("asking for the first orders", func(m discordtest.Message) bool {
		return len(m.Buttons()) == 1 && len(m.MentionUsers) == 3
	})
	for turn := 1; ; turn++ {
		if turn > 60 {
			t.Fatal("the race does not end")
		}
		table, err := h.svc.Table(ctx, game, "")
		if err != nil {
			t.Fatal(err)
		}
		if table.State == persistence.GameFinished {
			break
		}
		turns++
		for _, u := range users {
			if !strings.Contains(post.Content, "<@"+u.ID+">") {
				t.Fatalf("turn %d: the post does not mention %s: %q", turn, u.Name, post.Content)
			}
		}
		button := post.Buttons()[0]
		for seat, u := range users {
			if seat == 2 && turn == lateTurn {
				continue // Cleo is late
			}
			menu := private(t)(f.Press(ctx, u, post, button.CustomID))
			reads = append(reads, read{seat: seat, text: menu.Content})
			if !strings.Contains(menu.Content, map[bool]string{false: "Your hand", true: "Votre main"}[seat == 1]) {
				t.Fatalf("turn %d: %s's private menu does not show their hand: %q", turn, u.Name, menu.Content)
			}
			var values []string
			var menuID string
			for _, c := range menu.Message.Buttons() {
				for _, o := range c.Options {
					values = append(values, o.Value)
				}
				menuID = c.CustomID
			}
			if len(values) == 0 {
				t.Fatalf("turn %d: no orders offered to %s: %+v", turn, u.Name, menu.Components)
			}
			if turn == 1 && seat == 0 {
				// another player's menu is not hers to use; a command is no order
				want(t, private(t)(f.Select(ctx, bob, menu.Message, menuID, values[0])), "pas votre voiture")
				want(t, private(t)(f.Select(ctx, anna, menu.Message, menuID, "pause")), "only seals an order")
				// status answers Anna alone with her hand; the board is everyone's, with no hand
				status := private(t)(f.Slash(ctx, anna, thread, "status"))
				reads = append(reads, read{seat: 0, text: status.Content})
				want(t, status, "Your hand")
				board := private(t)(f.Slash(ctx, cleo, thread, "board"))
				if len(board.Files) != 1 {
					t.Fatalf("/race board without the board: %+v", board)
				}
				reads = append(reads, read{seat: 2, text: board.Content, board: board.Files[0].Data})
				var v rs.BoardView
				if err := json.Unmarshal(board.Files[0].Data, &v); err != nil || v.Seat != -1 || v.Hand != nil {
					t.Fatalf("/race board draws %+v (%v), want everyone's board", v, err)
				}
				staleMenu, staleID, staleValue = menu.Message, menuID, values[0]
			}
			if turn == 2 && seat == 0 {
				// a menu of turn 1: her hand has changed since
				want(t, private(t)(f.Select(ctx, anna, staleMenu, staleID, staleValue)), "earlier play")
			}
			got := private(t)(f.Select(ctx, u, menu.Message, menuID, values[rng.IntN(len(values))]))
			reads = append(reads, read{seat: seat, text: got.Content})
			if got.Content == "" || strings.Contains(got.Content, "wrong") {
				t.Fatalf("turn %d: %s's order: %q", turn, u.Name, got.Content)
			}
		}
		if turn == lateTurn {
			// the deadline passes: the autopilot orders for Cleo
			for h.replayed(t, game, 3).Turn == lateTurn {
				var next persistence.Deadline
				var have bool
				if err := h.store.View(ctx, func(tx persistence.ReadTx) error {
					var err error
					next, have, err = tx.NextDeadline()
					return err
				}); err != nil || !have {
					t.Fatalf("Cleo's order has no deadline: %v", err)
				}
				h.clock.set(next.Due)
				if err := h.svc.Fire(ctx, next); err != nil {
					t.Fatal(err)
				}
			}
		}
		// the reveal: the post that resolves the turn shows every order
		// and asks for the next turn's
		post = waitPost("revealing the turn", func(m discordtest.Message) bool {
			return strings.Contains(m.Content, "is revealed") || strings.Contains(m.Content, "race is over")
		})
	}
	readPosts()
	g := h.replayed(t, game, 3)
	if !g.Over || turns < 3 {
		t.Fatalf("the race is over: %v after %d turns", g.Over, turns)
	}
	checkSecrets(t, g, reads, lang)
	late := 0
	for _, e := range g.Events {
		if e.Kind == "deadline" || e.Get("by") == "autopilot" {
			late++
			if e.Kind == "order" && e.Get("seat") != "3" {
				t.Errorf("the autopilot ordered for seat %s, not Cleo's", e.Get("seat"))
			}
		}
	}
	if late != 2 {
		t.Errorf("%d deadline and autopilot events, want one of each", late)
	}
	out, err := h.svc.Verify(ctx, game)
	if err != nil || !strings.Contains(out, "verified") {
		t.Fatalf("verify: %v %q", err, out)
	}
}

// TestRacingSimulatorSealedOrderReachesNoOtherOnDiscord plays the same
// race twice (the same seeds), one after the other (discordgo talks to one
// Discord at a time). Each turn Anna first seals a decoy order — the first
// of her menu in one race, the last in the other — then the same real
// order (the second) in both, and Bob and Cleo order alike. Everything Bob and Cleo are
// shown privately (the text and menus of My order) and every thread post
// with its board must be byte for byte the same in both races: nothing of
// Anna's sealed order, nor of her hand, reaches anyone else before the
// reveal.
func TestRacingSimulatorSealedOrderReachesNoOtherOnDiscord(t *testing.T) {
	first := func(v []string) string { return v[0] }
	last := func(v []string) string { return v[len(v)-1] }
	var seen [2][]string
	for i, decoy := range []func([]string) string{first, last} {
		t.Run(fmt.Sprint("decoy-", i), func(t *testing.T) {
			seen[i] = sealedTranscript(t, t.Name()[:strings.LastIndex(t.Name(), "/")], decoy)
		})
	}
	if len(seen[0]) == 0 || len(seen[0]) != len(seen[1]) {
		t.Fatalf("the two races showed %d and %d things", len(seen[0]), len(seen[1]))
	}
	for k := range seen[0] {
		if seen[0][k] != seen[1][k] {
			t.Fatalf("Anna's decoy order shows to others:\n%s\n---\n%s", seen[0][k], seen[1][k])
		}
	}
}

// sealedTranscript plays three turns of a race (seeds from seeds) and
// returns, in order, everything Bob, Cleo and the thread were shown after
// Anna sealed decoy, then her real order.
func sealedTranscript(t *testing.T, seeds string, decoy func([]string) string) []string {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	h := startRS(t, ctx, seeds)
	f := h.fake
	_, thread := h.openRace(t, ctx, rsAnna, rsBob, rsCleo)
	posts := 4 // the lobby, two joins, the start
	// settle waits for the thread's next post: each order makes one, and
	// the next order waits for it (a post names who is awaited)
	settle := func() []discordtest.Message {
		t.Helper()
		ms, err := f.WaitMessages(ctx, thread, posts)
		if err != nil {
			t.Fatal(err)
		}
		return ms
	}
	// menuOf opens u's private menu on the last post: the reply, its
	// menu's id and the orders it offers
	menuOf := func(u discordtest.User) (*discordtest.Reply, string, []string) {
		t.Helper()
		ms := settle()
		post := ms[len(ms)-1]
		if len(post.Buttons()) != 1 {
			t.Fatalf("the last post has no My order button: %q", post.Content)
		}
		menu := private(t)(f.Press(ctx, u, post, post.Buttons()[0].CustomID))
		var id string
		var values []string
		for _, c := range menu.Message.Buttons() {
			id = c.CustomID
			for _, o := range c.Options {
				values = append(values, o.Value)
			}
		}
		if len(values) < 3 {
			t.Fatalf("%s is offered %d orders", u.Name, len(values))
		}
		return menu, id, values
	}
	seal := func(u discordtest.User, pick func([]string) string) {
		t.Helper()
		menu, id, values := menuOf(u)
		private(t)(f.Select(ctx, u, menu.Message, id, pick(values)))
		posts++
		settle()
	}
	first := func(v []string) string { return v[0] }
	second := func(v []string) string { return v[1] }
	var shown []string
	for turn := 1; turn <= 3; turn++ {
		seal(rsAnna, decoy)
		for _, u := range []discordtest.User{rsBob, rsCleo} {
			menu, _, _ := menuOf(u)
			shown = append(shown, fmt.Sprintf("turn %d, %s's menu: %s %v", turn, u.Name, menu.Content, menu.Components))
		}
		seal(rsAnna, second) // the real order, neither decoy
		seal(rsBob, first)
		seal(rsCleo, first)
	}
	for i, m := range f.Messages(thread) {
		var boards []string
		for _, file := range m.Files {
			boards = append(boards, string(file.Data))
		}
		shown = append(shown, fmt.Sprintf("post %d: %s %v", i, m.Content, boards))
	}
	if last := shown[len(shown)-1]; !strings.Contains(last, "Every order of turn 3 is revealed") {
		t.Fatalf("the last post is not the reveal: %s", last)
	}
	return shown
}
