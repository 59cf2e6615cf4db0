package bot

import (
	"context"
	"encoding/json"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/rs"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
)

// testClock is a clock a test moves by hand.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *testClock) set(t time.Time) {
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}

// seatBoards is a board renderer whose "picture" is the rs board view it
// was asked for, as JSON: a test reads exactly what a board could show.
type seatBoards struct{}

func (seatBoards) BoardPNG(w io.Writer, g engine.Game, lang string) error { return nil }
func (seatBoards) ContractBoardPNG(w io.Writer, g engine.Game, seat int, lang string) error {
	return json.NewEncoder(w).Encode(g.(rs.Contract).G.Board(seat))
}

// rsTable is a Racing Simulator game served to three players, each on the
// terminal, by mail and on Discord, with a Discord thread and a mailing
// list as channels.
type rsTable struct {
	svc   *Service
	store persistence.Store
	clock *testClock
	id    string
	// target → seat (from 0), −1 for a channel
	seatOf map[string]int
}

var rsPlayers = []struct{ name, lang string }{{"Anna", "en"}, {"Bob", "fr"}, {"Cleo", "en"}}

func newRSTable(t *testing.T, req CreateRequest) *rsTable {
	t.Helper()
	ctx := context.Background()
	clock := &testClock{t: time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)}
	store := memory.New()
	svc := New(Options{Store: store, Now: clock.now, Boards: seatBoards{}})
	t.Cleanup(func() { svc.Close(); store.Close() })
	tb := &rsTable{svc: svc, store: store, clock: clock, seatOf: addRSPlayers(t, store)}
	req.Game = gameRS
	for _, p := range rsPlayers {
		req.Seats = append(req.Seats, p.name)
	}
	id, err := svc.Create(ctx, req)
	require.NoError(t, err)
	tb.id = id
	for _, ch := range []Channel{{Transport: persistence.IdentityDiscord, Target: "thread-1"}, {Transport: persistence.IdentityEmail, Target: "race@example.org"}} {
		require.NoError(t, svc.AddChannel(ctx, id, ch))
		tb.seatOf[ch.Target] = -1
	}
	return tb
}

// addRSPlayers stores rsPlayers, each on the terminal, by mail and on
// Discord, and returns the seat (from 0) of each of their identities.
func addRSPlayers(t *testing.T, store persistence.Store) map[string]int {
	t.Helper()
	seatOf := map[string]int{}
	require.NoError(t, store.Update(context.Background(), func(tx persistence.Tx) error {
		for i, p := range rsPlayers {
			n := Fold(p.name)
			ids := []persistence.Identity{{Kind: persistence.IdentityCLI, Value: n}, {Kind: persistence.IdentityEmail, Value: n + "@example.org"}, {Kind: persistence.IdentityDiscord, Value: "d-" + n}}
			for _, id := range ids {
				seatOf[id.Value] = i
			}
			seatOf[DirectPrefix+"d-"+n] = i // a game master's notice by Discord DM
			if err := tx.CreatePlayer(persistence.Player{ID: "cli:" + n, Name: p.name, Language: p.lang, TimeZone: "UTC", Identities: ids}); err != nil {
				return err
			}
		}
		return nil
	}))
	return seatOf
}

// game is the game as the store holds it now.
func (tb *rsTable) game(t *testing.T) *rs.Game {
	t.Helper()
	var l *served
	require.NoError(t, tb.store.View(context.Background(), func(tx persistence.ReadTx) error {
		var err error
		l, err = tb.svc.loadServed(tx, tb.id)
		return err
	}))
	return l.game.(rs.Contract).G
}

// say sends text as the seat's player on the terminal.
func (tb *rsTable) say(seat int, text string) (string, error) {
	return tb.svc.Handle(context.Background(), Request{Identity: cli(rsPlayers[seat].name), Game: tb.id, Text: text})
}

// order sends the order of key in the words of the seat's language.
func (tb *rsTable) order(t *testing.T, seat int, key string) string {
	t.Helper()
	reply, err := tb.say(seat, RSOrderWords(key, rsPlayers[seat].lang))
	require.NoError(t, err, "seat %d order %s", seat+1, key)
	return reply
}

// sent is one message that left the outbox.
type sent struct {
	Transport, Target, Text string
	PNG                     []byte
}

// drain takes every message queued since the last drain, by transport.
func (tb *rsTable) drain(t *testing.T) []sent {
	t.Helper()
	ctx := context.Background()
	var out []sent
	for _, tr := range []string{persistence.IdentityCLI, persistence.IdentityEmail, persistence.IdentityDiscord} {
		msgs, err := tb.svc.PendingOutgoing(ctx, tr, 0)
		require.NoError(t, err)
		var ids []int64
		for _, m := range msgs {
			out = append(out, sent{tr, m.Target, m.Text, m.PNG})
			ids = append(ids, m.ID)
		}
		require.NoError(t, tb.svc.MarkSent(ctx, ids...))
	}
	return out
}

// checkAudience fails when a message tells its reader an event the
// reader's audience excludes — a sealed order, a hand, a drawn card of
// another seat — or when a board is drawn for anyone but its reader.
func checkAudience(t *testing.T, tb *rsTable, g *rs.Game, msgs []sent) {
	t.Helper()
	for _, m := range msgs {
		seat, ok := tb.seatOf[m.Target]
		require.True(t, ok, "a message to %s, who is no reader of this game", m.Target)
		lang := "en"
		if seat >= 0 {
			lang = rsPlayers[seat].lang
		}
		mine := map[string]bool{}
		for _, e := range g.Events {
			if e.VisibleTo(seat, false) {
				mine[sayPhrase(g.EventPhrase(e), lang)] = true
			}
		}
		for _, e := range g.Events {
			if e.VisibleTo(seat, false) {
				continue
			}
			if d := sayPhrase(g.EventPhrase(e), lang); !mine[d] {
				assert.NotContains(t, m.Text, d, "%s %s reads an event addressed to others: %s", m.Transport, m.Target, e.Text())
			}
		}
		if m.PNG != nil {
			var v rs.BoardView
			require.NoError(t, json.Unmarshal(m.PNG, &v))
			assert.Equal(t, seat, v.Seat, "the board mailed to %s is drawn for its reader", m.Target)
			if seat < 0 {
				assert.Nil(t, v.Hand, "a channel's board shows no hand")
			} else if !g.Over {
				assert.Equal(t, g.Seats[seat].Hand, v.Hand, "the board of %s shows its own hand", m.Target)
			}
		}
	}
}

// TestRSRaceByThreePlayersWithALateOrder plays a whole family race through
// Service.Handle, every order written in its player's language; in turn 2
// Cleo does not order, the deadline passes and the autopilot orders for
// her. The race ends, and its stored record verifies against the seed.
func TestRSRaceByThreePlayersWithALateOrder(t *testing.T) {
	tb := newRSTable(t, CreateRequest{Track: "windmere", Seed: "rs-three", Deadline: time.Hour})
	ctx := context.Background()
	checkAudience(t, tb, tb.game(t), tb.drain(t))
	rng := rand.New(rand.NewPCG(7, 17))
	lateTurn := 2
	for guard := 0; guard < 100; guard++ {
		g := tb.game(t)
		if g.Over {
			break
		}
		for _, d := range g.Pending() {
			if d.Seat == 2 && g.Turn == lateTurn {
				continue // Cleo is late
			}
			reply := tb.order(t, d.Seat, d.Options[rng.IntN(len(d.Options))].Key)
			assert.NotEmpty(t, reply)
			checkAudience(t, tb, tb.game(t), tb.drain(t))
		}
		if g.Turn != lateTurn {
			continue
		}
		// the deadline passes: the reminder, then the autopilot
		for tb.game(t).Turn == lateTurn {
			var next persistence.Deadline
			var have bool
			require.NoError(t, tb.store.View(ctx, func(tx persistence.ReadTx) error {
				var err error
				next, have, err = tx.NextDeadline()
				return err
			}))
			require.True(t, have, "Cleo's order has a deadline")
			assert.Equal(t, 3, next.Seat, "only Cleo is awaited")
			tb.clock.set(next.Due)
			require.NoError(t, tb.svc.Fire(ctx, next))
		}
		msgs := tb.drain(t)
		checkAudience(t, tb, tb.game(t), msgs)
		var toCleo, toMaster string
		for _, m := range msgs {
			if m.Target == "cleo@example.org" {
				toCleo += m.Text
			}
			if m.Target == "anna" {
				toMaster += m.Text
			}
		}
		assert.Contains(t, toCleo, "(autopilot, the deadline passed)", "Cleo is told the autopilot ordered for her")
		assert.Contains(t, toMaster, "did not order in time for turn 2", "the game master is told")
	}
	g := tb.game(t)
	require.True(t, g.Over, "the race ends")
	var late []rs.Event
	for _, e := range g.Events {
		if e.Kind == "deadline" || e.Get("by") == "autopilot" {
			late = append(late, e)
		}
	}
	require.Len(t, late, 2, "one deadline, one autopilot order")
	assert.Equal(t, "2", late[0].Get("turn"))
	assert.Equal(t, "3", late[1].Get("seat"))
	// Cleo spoke again after her miss: it no longer counts
	require.NoError(t, tb.store.View(ctx, func(tx persistence.ReadTx) error {
		seats, err := tx.Seats(tb.id)
		for _, s := range seats {
			assert.Zero(t, s.Misses, "seat %d", s.Number)
		}
		row, err2 := tx.Game(tb.id)
		assert.Equal(t, persistence.GameFinished, row.State)
		return errorsJoin(err, err2)
	}))
	v, err := tb.svc.Show(ctx, tb.id)
	require.NoError(t, err)
	assert.Equal(t, persistence.GameFinished, v.State)
	assert.Len(t, v.Seed, 64, "the seed is revealed once the race is over")
	assert.Empty(t, v.Pending)
	out, err := tb.svc.Verify(ctx, tb.id)
	require.NoError(t, err)
	assert.Contains(t, out, "verified")
	assert.Contains(t, out, "every roll")
}

func errorsJoin(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// TestRSSealedOrderReachesNoOtherSeat plays races on two services in lock
// step: a family race, a standard race with its qualifying and grid start,
// and one with the advanced qualifying's phases and the weather. Each turn Anna first seals a different decoy
// order on each, then the same real order: everything every other reader
// is sent (the terminal, mails with their boards, Discord, both channels)
// must be byte for byte the same on both, so nothing of a sealed order
// reaches another seat before the reveal; and no message tells a seat an
// event addressed to another (checkAudience).
func TestRSSealedOrderReachesNoOtherSeat(t *testing.T) {
	for name, req := range map[string]CreateRequest{
		"family":              {Track: "windmere", Seed: "rs-secret-family"},
		"standard":            {Track: "cragsby", Mode: "standard", Seed: "rs-secret", Deadline: 24 * time.Hour},
		"advanced-qualifying": {Track: "windmere", Mode: "standard", Optional: []string{rs.OptAdvancedQuali, rs.OptWeather}, Seed: "rs-secret-aq"},
	} {
		t.Run(name, func(t *testing.T) {
			if testing.Short() && name != "family" {
				t.Skip("-short: the family race only")
			}
			sealedOrdersStaySecret(t, req)
		})
	}
}

func sealedOrdersStaySecret(t *testing.T, req CreateRequest) {
	a, b := newRSTable(t, req), newRSTable(t, req)
	others := func(msgs []sent) []sent {
		return slices.DeleteFunc(msgs, func(m sent) bool { return a.seatOf[m.Target] == 0 })
	}
	same := func(what string) {
		t.Helper()
		ma, mb := a.drain(t), b.drain(t)
		checkAudience(t, a, a.game(t), ma)
		checkAudience(t, b, b.game(t), mb)
		require.Equal(t, others(ma), others(mb), "what the others read after %s", what)
	}
	same("the setup")
	decoys := 0
	for guard := 0; guard < 200; guard++ {
		g := a.game(t)
		if g.Over {
			break
		}
		for _, d := range g.Pending() {
			if d.Seat == 0 && len(d.Options) >= 3 {
				a.order(t, 0, d.Options[0].Key)
				b.order(t, 0, d.Options[len(d.Options)-1].Key)
				same("Anna's decoy order")
				decoys++
			}
			key := d.Options[len(d.Options)/2].Key
			ra, rb := a.order(t, d.Seat, key), b.order(t, d.Seat, key)
			if d.Seat != 0 {
				assert.Equal(t, ra, rb, "the reply to seat %d", d.Seat+1)
			}
			same("seat " + rsPlayers[d.Seat].name + "'s order")
			// a status asked by another seat shows nothing of Anna's order
			for seat := 1; seat < 3; seat++ {
				sa, err := a.say(seat, "status")
				require.NoError(t, err)
				sb, err := b.say(seat, "status")
				require.NoError(t, err)
				require.Equal(t, sa, sb)
			}
		}
	}
	require.True(t, a.game(t).Over)
	assert.GreaterOrEqual(t, decoys, 8, "Anna sealed decoys in most turns")
}

// TestRSRefusedOrderChangesNothing: orders the rules or the language
// refuse leave the stored game byte-identical (record lines, row, seats,
// deadlines, outbox) and say what is legal in the player's language.
func TestRSRefusedOrderChangesNothing(t *testing.T) {
	tb := newRSTable(t, CreateRequest{Track: "windmere", Seed: "rs-refuse", Deadline: time.Hour})
	ctx := context.Background()
	tb.drain(t)
	snapshot := func() string {
		var b strings.Builder
		require.NoError(t, tb.store.View(ctx, func(tx persistence.ReadTx) error {
			row, err := tx.Game(tb.id)
			if err != nil {
				return err
			}
			b.WriteString(string(row.Meta) + row.State + "\n")
			lines, err := tx.Events(tb.id, 0, 0)
			if err != nil {
				return err
			}
			for _, l := range lines {
				b.WriteString(l.Line + "\n")
			}
			seats, err := tx.Seats(tb.id)
			if err != nil {
				return err
			}
			ds, err := tx.Deadlines(tb.id)
			if err != nil {
				return err
			}
			msgs, err := tx.Pending(tb.clock.now(), 1000)
			if err != nil {
				return err
			}
			b.WriteString(strings.TrimSpace(strings.ReplaceAll(strings.ReplaceAll(jsonOf(t, seats)+jsonOf(t, ds)+jsonOf(t, msgs), "\n", ""), " ", "")))
			return nil
		}))
		return b.String()
	}
	g := tb.game(t)
	notHeld := func(seat int) string {
		for v := 293; v <= 300; v++ {
			if !slices.Contains(g.Seats[seat].Hand, v) {
				return strconv.Itoa(v)
			}
		}
		t.Fatalf("seat %d holds every card", seat+1)
		return ""
	}
	cases := []struct {
		seat       int
		text, want string
	}{
		{0, "card " + notHeld(0), "Legal: card"},
		{1, "carte " + notHeld(1), "Possibles : carte"},
		{0, "card 297 push", "Legal: card"},              // the family game has no Tapez
		{1, "stand tendre prudent", "Possibles : carte"}, // nor pit stops
		{0, "card 999", "293 to 300"},
		{1, "carte abc", "je ne comprends pas"},
		{0, "card 297 card 298", "one speed card"},
		{2, "pit", "pit, the tyres"},
		{0, "stay risk", "stand alone"},
		{0, "takeback oops", "not available"},
	}
	before := snapshot()
	for _, c := range cases {
		reply, err := tb.say(c.seat, c.text)
		require.Error(t, err, "%q is refused (reply %q)", c.text, reply)
		assert.True(t, IsUserError(err), "%q: %v", c.text, err)
		assert.Contains(t, err.Error(), c.want, "%q", c.text)
		assert.Equal(t, before, snapshot(), "%q changed the game", c.text)
	}
	// game show lists who is awaited, never their options (their hands)
	v, err := tb.svc.Show(ctx, tb.id)
	require.NoError(t, err)
	assert.Equal(t, "rs", v.Rules)
	require.Len(t, v.Pending, 3)
	for _, p := range v.Pending {
		assert.Empty(t, p.Options, "seat %d's options stay secret", p.Car)
		assert.NotEmpty(t, p.Due)
	}
	assert.Empty(t, v.Seed, "the seed stays secret while the race runs")
	// an unseated player is refused too
	_, err = tb.svc.Handle(ctx, Request{Identity: cli("Zed"), Game: tb.id, Text: "card 297"})
	require.Error(t, err)
	assert.Equal(t, before, snapshot())
	// and a legal one does change it
	tb.order(t, 0, g.Pending()[0].Options[0].Key)
	assert.NotEqual(t, before, snapshot())
}

func jsonOf(t *testing.T, v any) string {
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

// TestRSAutoplayToTheFlag: game autoplay plays a standard race (qualifying
// and the grid start included) to the flag, one committed order at a
// time, and the stored game verifies.
func TestRSAutoplayToTheFlag(t *testing.T) {
	tb := newRSTable(t, CreateRequest{Track: "cragsby", Mode: "standard", Seed: "rs-autoplay"})
	ctx := context.Background()
	n, err := tb.svc.Autoplay(ctx, tb.id, 5)
	require.NoError(t, err)
	assert.Equal(t, 5, n, "--max stops it")
	n, err = tb.svc.Autoplay(ctx, tb.id, 0)
	require.NoError(t, err)
	assert.Positive(t, n)
	require.True(t, tb.game(t).Over)
	checkAudience(t, tb, tb.game(t), tb.drain(t))
	out, err := tb.svc.Verify(ctx, tb.id)
	require.NoError(t, err)
	assert.Contains(t, out, "verified")
}

// TestRSGameMasterCommands: pause refuses orders and changes nothing,
// resume lets them in again, kick and replace with ai: hand a seat to the
// autopilot, which orders for it at once, and the seat's player takes it
// back by ordering.
func TestRSGameMasterCommands(t *testing.T) {
	tb := newRSTable(t, CreateRequest{Track: "windmere", Seed: "rs-master"})
	_, err := tb.say(1, "pause")
	require.Error(t, err, "only the game master pauses")
	assert.Contains(t, err.Error(), "seul le maître de jeu")
	reply, err := tb.say(0, "pause")
	require.NoError(t, err)
	assert.Equal(t, "game paused", reply)
	key := tb.game(t).Pending()[0].Options[0].Key
	_, err = tb.say(0, RSOrderWords(key, "en"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "paused")
	_, err = tb.say(0, "resume")
	require.NoError(t, err)

	_, err = tb.say(0, "replace Bob with ai:pro")
	require.NoError(t, err)
	g := tb.game(t)
	require.NotNil(t, g.Sealed[1], "the autopilot ordered for Bob's seat at once")
	for _, d := range g.Pending() {
		assert.NotEqual(t, 1, d.Seat)
	}
	_, err = tb.say(0, "kick Cleo")
	require.NoError(t, err)
	assert.NotNil(t, tb.game(t).Sealed[2], "the autopilot ordered for Cleo's seat")
	// Bob changes the autopilot's order: the seat is his again
	opts := tb.game(t).Options(1)
	tb.order(t, 1, opts[len(opts)-1].Key)
	require.NoError(t, tb.store.View(context.Background(), func(tx persistence.ReadTx) error {
		seats, err := tx.Seats(tb.id)
		for _, s := range seats {
			switch s.Number {
			case 2:
				assert.False(t, s.Autopilot, "Bob ordered: his seat is off autopilot")
			case 3:
				assert.True(t, s.Autopilot)
				assert.Empty(t, s.Player, "Cleo was kicked")
			}
		}
		return err
	}))
	_, err = tb.say(0, "deadline 2h")
	require.NoError(t, err)
	v, err := tb.svc.Show(context.Background(), tb.id)
	require.NoError(t, err)
	require.Len(t, v.Pending, 1, "only Anna is awaited")
	assert.Equal(t, "2026-11-28 11:00 UTC", v.Pending[0].Due)
}

// TestRSSeatOrders: a transport's private menu lists the speaker's own
// legal orders in their language, each as words Handle accepts; another
// seat's menu differs by its hand; an unseated player is refused.
func TestRSSeatOrders(t *testing.T) {
	tb := newRSTable(t, CreateRequest{Track: "windmere", Seed: "rs-menu", Deadline: time.Hour})
	ctx := context.Background()
	kind, err := tb.svc.GameKind(ctx, tb.id)
	require.NoError(t, err)
	assert.Equal(t, "rs", kind)
	g := tb.game(t)
	for seat, p := range rsPlayers {
		so, err := tb.svc.SeatOrders(ctx, tb.id, persistence.Identity{Kind: persistence.IdentityDiscord, Value: "d-" + Fold(p.name)})
		require.NoError(t, err)
		assert.Equal(t, seat+1, so.Seat)
		assert.Equal(t, p.lang, so.Lang)
		assert.True(t, so.Awaited)
		assert.NotEmpty(t, so.Due)
		require.Len(t, so.Options, len(g.Options(seat)))
		for i, o := range so.Options {
			assert.Equal(t, g.Options(seat)[i].Key, o.Key)
			key, err := ParseRSOrder(o.Words)
			require.NoError(t, err)
			assert.Equal(t, o.Key, key)
			assert.Contains(t, o.Facts, "km/h")
		}
		assert.Contains(t, so.Status, map[string]string{"en": "Your hand", "fr": "Votre main"}[p.lang])
	}
	so, err := tb.svc.SeatOrders(ctx, tb.id, cli("Anna"))
	require.NoError(t, err)
	_, err = tb.say(0, so.Options[0].Words)
	require.NoError(t, err)
	so, err = tb.svc.SeatOrders(ctx, tb.id, cli("Anna"))
	require.NoError(t, err)
	assert.False(t, so.Awaited)
	assert.True(t, so.Sealed, "Anna's order is in and may still change")
	assert.NotEmpty(t, so.Options)
	_, err = tb.svc.SeatOrders(ctx, tb.id, cli("Zed"))
	require.Error(t, err)
	kind, err = tb.svc.GameKind(ctx, "g-nothing")
	require.Error(t, err)
	assert.Empty(t, kind)
}

// TestRSOrderByMailIsAnsweredOnce: an order sent by mail is answered by
// the reply to that mail, which carries the whole news (the race, the
// hand, what to do); no second mail goes to that address, while the
// player's other transports are told as usual; the other seats' mail
// waits for the next turn (one private mail per seat and turn), while the
// race's channel hears that Anna has ordered.
func TestRSOrderByMailIsAnsweredOnce(t *testing.T) {
	tb := newRSTable(t, CreateRequest{Track: "windmere", Seed: "rs-mail"})
	ctx := context.Background()
	tb.drain(t)
	key := tb.game(t).Pending()[0].Options[0].Key
	reply, err := tb.svc.Handle(ctx, Request{Identity: persistence.Identity{Kind: persistence.IdentityEmail, Value: "anna@example.org"}, Game: tb.id, Text: RSOrderWords(key, "en")})
	require.NoError(t, err)
	assert.Contains(t, reply, "Your order:")
	assert.Contains(t, reply, "Your hand:")
	to := map[string]int{}
	for _, m := range tb.drain(t) {
		to[m.Target]++
	}
	assert.Zero(t, to["anna@example.org"], "the reply is Anna's mail")
	assert.Equal(t, 1, to["d-anna"], "Anna's other transports hear of it")
	assert.Zero(t, to["bob@example.org"], "a sealed order mails no other seat")
	assert.Equal(t, 1, to["race@example.org"])
}

// TestRSBoardsOnlyWhenTheyChange: a mail that only says a seat has ordered
// carries no board (it would be the board before the turn's first order);
// the mails of a reveal carry each reader's own.
func TestRSBoardsOnlyWhenTheyChange(t *testing.T) {
	tb := newRSTable(t, CreateRequest{Track: "windmere", Seed: "rs-boards"})
	for _, m := range tb.drain(t) {
		if m.Transport == persistence.IdentityEmail {
			assert.NotNil(t, m.PNG, "the setup's mail to %s shows the board", m.Target)
		}
	}
	for seat := range 3 {
		tb.order(t, seat, tb.game(t).Pending()[0].Options[0].Key)
		msgs := tb.drain(t)
		checkAudience(t, tb, tb.game(t), msgs)
		for _, m := range msgs {
			if m.Transport != persistence.IdentityEmail {
				continue
			}
			if seat < 2 {
				assert.Nil(t, m.PNG, "a mere order changes no board (%s)", m.Target)
			} else {
				assert.NotNil(t, m.PNG, "the reveal's mail to %s shows the board", m.Target)
			}
		}
	}
}
