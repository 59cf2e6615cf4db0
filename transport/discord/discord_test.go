package discord_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pitwall/pitwall/bot"
	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
	"github.com/pitwall/pitwall/transport/discord"
	"github.com/pitwall/pitwall/transport/discord/discordtest"
)

// board is a stand-in renderer (transports do not import render): a 4×4
// PNG whose first pixel encodes the play.
type board struct{}

func (board) BoardPNG(w io.Writer, race engine.Game, lang string) error {
	g := race.(fd.Contract).G
	img := image.NewGray(image.Rect(0, 0, 4, 4))
	img.Set(0, 0, color.Gray{Y: uint8(g.Play)})
	return png.Encode(w, img)
}

type harness struct {
	svc  *bot.Service
	fake *discordtest.Fake
}

// sameSeeds gives a test's games the same secret seeds in every run (the
// n-th game of a test always gets the n-th seed), so a race the test plays
// is the same race each time: what a failure shows can be replayed.
func sameSeeds(test string) func([]byte) error {
	var n atomic.Int64
	return func(b []byte) error {
		k := n.Add(1)
		for i := 0; i < len(b); i += sha256.Size {
			h := sha256.Sum256(fmt.Appendf(nil, "%s/%d/%d", test, k, i))
			copy(b[i:], h[:])
		}
		return nil
	}
}

func start(t *testing.T, ctx context.Context) *harness {
	t.Helper()
	return startWith(t, ctx, memory.New())
}

// startWith is start on a store the test prepared (players, games).
func startWith(t *testing.T, ctx context.Context, store persistence.Store) *harness {
	t.Helper()
	fake := discordtest.New("app-1")
	t.Cleanup(fake.Close)
	svc := bot.New(bot.Options{Store: store, Random: sameSeeds(t.Name())})
	tr, err := discord.New(svc, discord.Config{Token: "secret", AppID: "app-1", API: fake.URL, Guild: "guild-1",
		Renderer: board{}, Poll: 20 * time.Millisecond, Logf: t.Logf})
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
	})
	if err := fake.WaitReady(ctx); err != nil {
		t.Fatal(err)
	}
	return &harness{svc: svc, fake: fake}
}

// private checks that an interaction was acknowledged at once, deferred
// and ephemeral.
func private(t *testing.T) func(*discordtest.Reply, error) *discordtest.Reply {
	return func(r *discordtest.Reply, err error) *discordtest.Reply {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		if r.AckType != 5 || r.AckFlags&64 == 0 {
			t.Fatalf("acknowledgement type %d flags %d, want deferred (5) ephemeral (64)", r.AckType, r.AckFlags)
		}
		if r.AckAfter > 2*time.Second {
			t.Fatalf("acknowledged after %v", r.AckAfter)
		}
		return r
	}
}

// want checks a reply contains one of subs (English, French).
func want(t *testing.T, r *discordtest.Reply, subs ...string) {
	t.Helper()
	for _, sub := range subs {
		if strings.Contains(r.Content, sub) {
			return
		}
	}
	t.Fatalf("reply %q, want it to contain %q", r.Content, subs)
}

func TestCommandsRegistered(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	h := start(t, ctx)
	cmds, path := h.fake.Commands()
	if path != "applications/app-1/guilds/guild-1/commands" || len(cmds) != 2 { // /race and /league
		t.Fatalf("registered %d commands at %s", len(cmds), path)
	}
	var race struct {
		Name    string `json:"name"`
		Options []struct {
			Name string `json:"name"`
		} `json:"options"`
	}
	if err := json.Unmarshal(cmds[0], &race); err != nil {
		t.Fatal(err)
	}
	var subs []string
	for _, o := range race.Options {
		subs = append(subs, o.Name)
	}
	if len(subs) > 25 { // Discord's limit of options per command
		t.Fatalf("%d subcommands, Discord takes 25", len(subs))
	}
	for _, s := range []string{"new", "join", "start", "gear", "choose", "pit", "status", "board", "help", "log", "plan", "auto", "vacation", "pause", "resume", "deadline", "kick", "replace", "takeback"} {
		if !slices.Contains(subs, s) {
			t.Errorf("/race %s missing (have %v)", s, subs)
		}
	}
	// street rules go to the bot as they are (it refuses what they do not allow)
	r0, err := h.fake.Slash(ctx, discordtest.User{ID: "u9", Name: "Zoé"}, "chan-street", "new", discordtest.Option{Name: "track", Type: 3, Value: "race-city"},
		discordtest.Option{Name: "rules", Type: 3, Value: "street"})
	if err != nil {
		t.Fatal(err)
	}
	want(t, r0, "opened")
	r, err := h.fake.Autocomplete(ctx, discordtest.User{ID: "u1", Name: "Anna"}, "chan-1", "new", discordtest.Option{Name: "track", Type: 3, Value: "oval", Focused: true})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(r.Choices, func(c discordtest.SelectOption) bool { return c.Value == "test-oval" }) {
		t.Fatalf("autocomplete for oval: %v", r.Choices)
	}
	// an acknowledgement whose answer is lost is retried, refused as
	// already done, and the interaction is still answered
	h.fake.FailNextCallbacks(502)
	r = private(t)(h.fake.Slash(ctx, discordtest.User{ID: "u1", Name: "Anna", Locale: "fr"}, "chan-1", "help"))
	want(t, r, "Pas encore de course ici")
}

// TestWholeRace drives a race from /race new to the finish with three
// users, with buttons and select menus only once it has started.
// diceRE finds a die and its face in a post: "Car 3 rolls 4 (gear die)".
var diceRE = regexp.MustCompile(`rolls \d+ \(|rolled \d+`)

func TestWholeRace(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	h := start(t, ctx)
	f := h.fake
	anna := discordtest.User{ID: "u-anna", Name: "Anna"}
	bob := discordtest.User{ID: "u-bob", Name: "Bob", Locale: "fr"}
	carla := discordtest.User{ID: "u-carla", Name: "Carla"}
	admin := discordtest.User{ID: "u-admin", Name: "Admin", Permissions: 1 << 5}

	// no race yet
	want(t, private(t)(f.Slash(ctx, bob, "chan-1", "join")), "/race new")

	r := private(t)(f.Slash(ctx, anna, "chan-1", "new", discordtest.Option{Name: "track", Type: 3, Value: "test-oval"}))
	want(t, r, "car 1")
	thread := ""
	for th, parent := range f.Threads() {
		if parent == "chan-1" {
			thread = th
		}
	}
	if thread == "" || !strings.Contains(r.Content, "<#"+thread+">") {
		t.Fatalf("no thread for the race: %q, %v", r.Content, f.Threads())
	}
	ms, err := f.WaitMessages(ctx, thread, 1)
	if err != nil {
		t.Fatal(err)
	}
	lobby := ms[0]
	if !strings.Contains(lobby.Content, "<@u-anna>") || len(lobby.Buttons()) != 2 {
		t.Fatalf("lobby post %+v", lobby)
	}
	game := strings.Split(lobby.Buttons()[0].CustomID, "|")[1]

	// Bob joins from the channel, Carla with the lobby's Join button.
	want(t, private(t)(f.Slash(ctx, bob, "chan-1", "join")), "Bob prend la voiture 2") // Bob reads French
	want(t, private(t)(f.Press(ctx, carla, lobby, lobby.Buttons()[0].CustomID)), "car 3")
	want(t, private(t)(f.Press(ctx, bob, lobby, lobby.Buttons()[1].CustomID)), "seul le maître de jeu lance la course") // Bob reads French
	if _, err := f.WaitMessages(ctx, thread, 3); err != nil {
		t.Fatal(err)
	}
	want(t, private(t)(f.Slash(ctx, anna, thread, "start")), "starts")

	users := map[int]discordtest.User{1: anna, 2: bob, 3: carla}
	other := map[int]discordtest.User{1: bob, 2: carla, 3: anna}
	seen := 3
	var first *discordtest.Message
	plays := 0
	for step := 0; ; step++ {
		if step > 3000 {
			t.Fatal("the race does not end")
		}
		stepCtx, stepDone := context.WithTimeout(ctx, 20*time.Second)
		ms, err := f.WaitMessages(stepCtx, thread, seen+1)
		stepDone()
		if err != nil {
			t.Fatal(err)
		}
		if len(ms) != seen+1 {
			t.Fatalf("step %d: %d new posts, want 1", step, len(ms)-seen)
		}
		seen = len(ms)
		post := ms[len(ms)-1]
		if len(post.Files) != 1 || post.Files[0].Name != "board.png" || !bytes.HasPrefix(post.Files[0].Data, []byte("\x89PNG")) {
			t.Fatalf("step %d: post without the board: %+v", step, post.Files)
		}
		view, err := h.svc.Show(ctx, game)
		if err != nil {
			t.Fatal(err)
		}
		if view.State == "finished" {
			if !strings.Contains(post.Content, "The race is over") || len(post.Components) != 0 {
				t.Fatalf("last post %q with %d rows", post.Content, len(post.Components))
			}
			// the thread ends with its results: classification, the
			// revealed seed and how to check it
			for _, w := range []string{"Results — ", "1. ", "2. ", "3. ", view.Seed, "pitwall game verify " + game} {
				if !strings.Contains(post.Content, w) {
					t.Fatalf("last post without %q: %q", w, post.Content)
				}
			}
			break
		}
		plays++
		comps := post.Buttons()
		if len(comps) == 0 {
			t.Fatalf("step %d: no buttons in %q", step, post.Content)
		}
		c := comps[0]
		parts := strings.Split(c.CustomID, "|")
		var car int
		fmt.Sscan(parts[2], &car)
		u := users[car]
		if !strings.Contains(post.Content, "<@"+u.ID+">") || !slices.Contains(post.MentionUsers, u.ID) {
			t.Fatalf("step %d: post does not mention %s: %q", step, u.Name, post.Content)
		}
		if len(view.Pending) == 0 || view.Pending[0].Car != car {
			t.Fatalf("step %d: buttons for car %d, pending %+v", step, car, view.Pending)
		}
		if strings.Contains(post.Content, "roll") && !diceRE.MatchString(post.Content) {
			t.Fatalf("step %d: dice not shown: %q", step, post.Content)
		}
		// the options offered are exactly the legal ones, each labelled
		var offered []string
		for _, comp := range comps {
			if comp.Type == 2 {
				offered = append(offered, strings.Split(comp.CustomID, "|")[4])
				if comp.Label == "" {
					t.Fatalf("unlabelled button %+v", comp)
				}
			}
			for _, o := range comp.Options {
				offered = append(offered, o.Value)
			}
		}
		if len(offered) != len(view.Pending[0].Options) {
			t.Fatalf("step %d: offered %v, legal %v", step, offered, view.Pending[0].Options)
		}
		press := func(who discordtest.User, value string) (*discordtest.Reply, error) {
			if c.Type == 2 {
				id := c.CustomID
				if value != "" {
					id = strings.Join(append(parts[:4:4], value), "|")
				}
				return f.Press(ctx, who, post, id)
			}
			if value == "" {
				value = c.Options[0].Value
			}
			return f.Select(ctx, who, post, c.CustomID, value)
		}
		switch step {
		case 0:
			first = &post
			// another user's button, in French for Bob
			r := private(t)(press(other[car], ""))
			if other[car].ID == bob.ID {
				want(t, r, "pas votre voiture")
			} else {
				want(t, r, "not your car")
			}
			// an option that is not legal
			bad := "gear 9"
			if c.Type != 2 {
				bad = "choose Z"
			}
			want(t, private(t)(press(u, bad)), "not one of the legal options", "pas une option permise")
		case 1:
			// the reading commands answer privately; Bob reads French
			want(t, private(t)(f.Slash(ctx, carla, thread, "status")), "round")
			want(t, private(t)(f.Slash(ctx, bob, thread, "help")), "Commandes")
			want(t, private(t)(f.Slash(ctx, anna, thread, "log", discordtest.Option{Name: "n", Type: 4, Value: 3})), "")
			if r := private(t)(f.Slash(ctx, carla, thread, "board")); len(r.Files) != 1 || !bytes.HasPrefix(r.Files[0].Data, []byte("\x89PNG")) {
				t.Fatalf("/race board without the board: %+v", r)
			}
			if c.Type == 3 {
				r, err := f.Autocomplete(ctx, u, thread, "choose", discordtest.Option{Name: "option", Type: 3, Value: "", Focused: true})
				if err != nil || len(r.Choices) != len(c.Options) {
					t.Fatalf("choose autocomplete: %v %+v", err, r)
				}
			}
			t.Logf("a play's post:\n%s\n%+v", post.Content, comps)
		case 2:
			// a stale button, from the first play's post
			old := first.Buttons()[0]
			var r *discordtest.Reply
			var err error
			if old.Type == 2 {
				r, err = f.Press(ctx, users[1], *first, old.CustomID)
			} else {
				r, err = f.Select(ctx, users[1], *first, old.CustomID, old.Options[0].Value)
			}
			want(t, private(t)(r, err), "earlier play", "coup précédent")
			for _, u := range users {
				if r, err := f.Press(ctx, u, *first, old.CustomID); err == nil {
					want(t, private(t)(r, err), "earlier play", "coup précédent")
				}
			}
		case 3:
			// the game master's commands: not for Bob; the admin pauses
			want(t, private(t)(f.Slash(ctx, bob, thread, "pause")), "Gérer le serveur")
			want(t, private(t)(f.Slash(ctx, anna, thread, "say", discordtest.Option{Name: "text", Type: 3, Value: "pause"})), "Manage Server")
			want(t, private(t)(f.Slash(ctx, admin, thread, "pause")), "paused")
			// the player to move hears it in their language (Bob reads French)
			if u.ID == bob.ID {
				want(t, private(t)(press(u, "")), "en pause")
			} else {
				want(t, private(t)(press(u, "")), "paused")
			}
			want(t, private(t)(f.Slash(ctx, admin, thread, "resume")), "resumed")
			// both are announced in the thread, the second with the buttons
			ms, err := f.WaitMessages(ctx, thread, seen+2)
			if err != nil {
				t.Fatal(err)
			}
			seen += 2
			if !strings.Contains(ms[seen-2].Content, "game paused") || !strings.Contains(ms[seen-1].Content, "<@"+u.ID+">") || len(ms[seen-1].Buttons()) == 0 {
				t.Fatalf("game master's posts: %+v", ms[seen-2:])
			}
			// the buttons of the post before the pause still work
		case 5:
			// the game master takes the last play back: announced with
			// the buttons of the play again, which the next round presses
			want(t, private(t)(f.Slash(ctx, admin, thread, "takeback", discordtest.Option{Name: "reason", Type: 3, Value: "misclick"})), "taken back")
			continue
		case 4:
			// Discord rate-limits, then loses the answer of a created post
			calls := f.PostCalls()
			f.FailNextPosts(429, 502)
			private(t)(press(u, ""))
			ms, err := f.WaitMessages(ctx, thread, seen+1)
			if err != nil {
				t.Fatal(err)
			}
			time.Sleep(200 * time.Millisecond) // let any retry land
			if got := len(f.Messages(thread)); got != seen+1 {
				t.Fatalf("after a 429 and a 502: %d new posts, want 1", got-seen)
			}
			if f.PostCalls()-calls != 3 {
				t.Fatalf("%d post calls, want 3 (429, 502, retry)", f.PostCalls()-calls)
			}
			_ = ms
			continue
		}
		r := private(t)(press(u, ""))
		for _, refusal := range []string{"legal", "permise", "earlier play", "coup précédent", "not your car", "pas votre voiture"} {
			if strings.Contains(r.Content, refusal) {
				t.Fatalf("step %d: the driver's press refused: %q", step, r.Content)
			}
		}
	}
	// every post but the last lost its buttons when the next one came; the
	// edits that remove them go out through the outbox like the posts, so
	// on a loaded machine the last ones may land after the results post
	var kept []discordtest.Message
	for wait := time.Now().Add(15 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		all := f.Messages(thread)
		kept = kept[:0]
		for _, m := range all[:len(all)-1] {
			if len(m.Components) != 0 {
				kept = append(kept, m)
			}
		}
		if len(kept) == 0 || time.Now().After(wait) {
			break
		}
	}
	for _, m := range kept {
		t.Errorf("post %s kept its buttons: %q", m.ID, m.Content)
	}
	if len(kept) > 0 {
		t.FailNow()
	}
	if plays < 5 {
		t.Fatalf("only %d decisions", plays)
	}
	// every post went out once: no two messages share a nonce
	nonces := map[string]bool{}
	for _, m := range f.Messages("") {
		if m.Nonce == "" || !m.EnforceNonce || nonces[m.ChannelID+m.Nonce] {
			t.Fatalf("message %s: nonce %q enforce %v (duplicate or missing)", m.ID, m.Nonce, m.EnforceNonce)
		}
		nonces[m.ChannelID+m.Nonce] = true
	}
	t.Logf("%d decisions, %d posts", plays, len(f.Messages(thread)))
}

// TestWholeRaceFDR plays an FD-Règles race (qualifying, configurations,
// tyres: select menus, several cars deciding at once) with buttons and
// menus only, pressing the first option of the newest post each time.
func TestWholeRaceFDR(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	h := start(t, ctx)
	f := h.fake
	users := map[string]discordtest.User{"u1": {ID: "u1", Name: "Un"}, "u2": {ID: "u2", Name: "Deux", Locale: "fr"}}
	private(t)(f.Slash(ctx, users["u1"], "chan-9", "new", discordtest.Option{Name: "track", Type: 3, Value: "test-oval"},
		discordtest.Option{Name: "rules", Type: 3, Value: "fdr"}, discordtest.Option{Name: "laps", Type: 4, Value: 1}))
	var thread string
	for th := range f.Threads() {
		thread = th
	}
	ms, err := f.WaitMessages(ctx, thread, 1)
	if err != nil {
		t.Fatal(err)
	}
	game := strings.Split(ms[0].Buttons()[0].CustomID, "|")[1]
	want(t, private(t)(f.Press(ctx, users["u2"], ms[0], ms[0].Buttons()[0].CustomID)), "Deux prend la voiture 2")
	ms, err = f.WaitMessages(ctx, thread, 2)
	if err != nil {
		t.Fatal(err)
	}
	want(t, private(t)(f.Press(ctx, users["u1"], ms[1], ms[1].Buttons()[1].CustomID)), "starts")
	seen := 2
	for step := 0; ; step++ {
		if step > 5000 {
			t.Fatal("the race does not end")
		}
		ms, err := f.WaitMessages(ctx, thread, seen+1)
		if err != nil {
			t.Fatal(err)
		}
		seen = len(ms)
		post := ms[len(ms)-1]
		comps := post.Buttons()
		if len(comps) == 0 {
			if !strings.Contains(post.Content, "The race is over") {
				t.Fatalf("step %d: a post without buttons: %q", step, post.Content)
			}
			break
		}
		c := comps[0]
		var car int
		fmt.Sscan(strings.Split(c.CustomID, "|")[2], &car)
		uid := map[int]string{1: "u1", 2: "u2"}[car]
		if !slices.Contains(post.MentionUsers, uid) {
			t.Fatalf("step %d: car %d's driver not mentioned: %q", step, car, post.Content)
		}
		var r *discordtest.Reply
		if c.Type == 2 {
			r, err = f.Press(ctx, users[uid], post, c.CustomID)
		} else {
			if len(c.Options) == 0 || len(c.Options) > 25 {
				t.Fatalf("select with %d options", len(c.Options))
			}
			r, err = f.Select(ctx, users[uid], post, c.CustomID, c.Options[0].Value)
		}
		private(t)(r, err)
		if strings.Contains(r.Content, "earlier play") || strings.Contains(r.Content, "coup précédent") || strings.Contains(r.Content, "legal") {
			t.Fatalf("step %d: refused: %q", step, r.Content)
		}
	}
	view, err := h.svc.Show(ctx, game)
	if err != nil || view.State != "finished" {
		t.Fatalf("state %v %v", view, err)
	}
	t.Logf("%d posts", seen)
}
