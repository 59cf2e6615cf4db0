package discord_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pitwall/pitwall/transport/discord/discordtest"
)

// The transport's own words follow the reader: the race's thread, its
// lobby, its posts, buttons and menus read the game master's language;
// private answers the player's. Played once with an English game master
// and a French player, once the other way round.
func TestTableLanguage(t *testing.T) {
	for _, gmLang := range []string{"en", "fr"} {
		t.Run(gmLang, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			h := start(t, ctx)
			f := h.fake
			locale := map[string]string{"en": "en-US", "fr": "fr"}
			other := map[string]string{"en": "fr", "fr": "en"}[gmLang]
			gm := discordtest.User{ID: "u-gm", Name: "Gaby", Locale: locale[gmLang], Permissions: 1 << 5}
			guest := discordtest.User{ID: "u-guest", Name: "Sam", Locale: locale[other]}
			w := func(en, fr string) string {
				if gmLang == "fr" {
					return fr
				}
				return en
			}
			// words of the other language that must not appear in a post
			foreign := w("voiture", "your turn")

			r := private(t)(f.Slash(ctx, gm, "chan-1", "new", discordtest.Option{Name: "track", Type: 3, Value: "test-oval"}))
			want(t, r, w("you drive car 1", "vous pilotez la voiture 1"))
			thread := ""
			for th, parent := range f.Threads() {
				if parent == "chan-1" {
					thread = th
				}
			}
			if got := f.ThreadName(thread); got != w("Race — Test Oval", "Course — Test Oval") {
				t.Fatalf("thread named %q", got)
			}
			ms, err := f.WaitMessages(ctx, thread, 1)
			if err != nil {
				t.Fatal(err)
			}
			lobby := ms[0]
			want(t, &discordtest.Reply{Content: lobby.Content}, w("opens a race on Test Oval", "ouvre une course sur Test Oval"))
			if b := lobby.Buttons(); len(b) != 2 || b[0].Label != w("Join", "Rejoindre") || b[1].Label != w("Start", "Lancer") {
				t.Fatalf("lobby buttons %+v", b)
			}

			// the guest joins in their language, the thread hears it in the table's
			want(t, private(t)(f.Slash(ctx, guest, "chan-1", "join")), map[string]string{"en": "car 2", "fr": "voiture 2"}[other])
			ms, err = f.WaitMessages(ctx, thread, 2)
			if err != nil {
				t.Fatal(err)
			}
			if got, wantPost := ms[1].Content, w("<@u-guest> takes car 2.", "<@u-guest> prend la voiture 2."); got != wantPost {
				t.Fatalf("join post %q, want %q", got, wantPost)
			}
			private(t)(f.Slash(ctx, gm, thread, "start"))
			if _, err := f.WaitMessages(ctx, thread, 3); err != nil {
				t.Fatal(err)
			}
			// what the game master does is told in the table's language
			private(t)(f.Slash(ctx, gm, thread, "pause"))
			private(t)(f.Slash(ctx, gm, thread, "resume"))
			ms, err = f.WaitMessages(ctx, thread, 5)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range ms[3:5] {
				if gmPost := w("Game master (<@u-gm>): ", "Maître de jeu (<@u-gm>) : "); !strings.HasPrefix(m.Content, gmPost) {
					t.Fatalf("game master's post %q, want it to start with %q", m.Content, gmPost)
				}
			}

			users := map[int]discordtest.User{1: gm, 2: guest}
			seen := 4 // the resume's post holds the buttons
			menus := 0
			for step := 0; step < 80 && menus == 0; step++ {
				ms, err := f.WaitMessages(ctx, thread, seen+1)
				if err != nil {
					t.Fatal(err)
				}
				seen = len(ms)
				post := ms[len(ms)-1]
				comps := post.Buttons()
				if len(comps) == 0 {
					break // the race is over
				}
				if strings.Contains(post.Content, foreign) {
					t.Fatalf("step %d: a %s post with %q: %q", step, gmLang, foreign, post.Content)
				}
				c := comps[0]
				var car int
				fmt.Sscan(strings.Split(c.CustomID, "|")[2], &car)
				u := users[car]
				turn := fmt.Sprintf(w("<@%s> — car %d: your turn", "<@%s> — voiture %d : à vous"), u.ID, car)
				if !strings.Contains(post.Content, turn) {
					t.Fatalf("step %d: post without %q: %q", step, turn, post.Content)
				}
				prefix := fmt.Sprintf(w("car %d: ", "voiture %d : "), car)
				if c.Type == 2 {
					gear := prefix + w("gear ", "vitesse ")
					for _, b := range comps {
						if !strings.HasPrefix(b.Label, gear) {
							t.Fatalf("step %d: button %q, want it to start with %q", step, b.Label, gear)
						}
					}
					private(t)(f.Press(ctx, u, post, c.CustomID))
					continue
				}
				menus++
				if want := prefix + w("choose your move", "choisissez votre déplacement"); c.Placeholder != want {
					t.Fatalf("step %d: menu %q, want %q", step, c.Placeholder, want)
				}
				private(t)(f.Select(ctx, u, post, c.CustomID, c.Options[0].Value))
			}
			if menus == 0 {
				t.Fatal("no menu to check in 80 plays")
			}
		})
	}
}

// Every description of /race, and every fixed choice, has its French.
func TestCommandsInFrench(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	h := start(t, ctx)
	cmds, _ := h.fake.Commands()
	type option struct {
		Name        string            `json:"name"`
		Description string            `json:"description"`
		Localized   map[string]string `json:"description_localizations"`
		Choices     []struct {
			Name      string            `json:"name"`
			Localized map[string]string `json:"name_localizations"`
		} `json:"choices"`
		Options []option `json:"options"`
	}
	var race option
	if err := json.Unmarshal(cmds[0], &race); err != nil {
		t.Fatal(err)
	}
	n := 0
	var walk func(path string, o option)
	walk = func(path string, o option) {
		if o.Localized["fr"] == "" {
			t.Errorf("%s: %q has no French description", path, o.Description)
		}
		n++
		for _, c := range o.Choices {
			if c.Localized["fr"] == "" && c.Name != "pro" && !strings.HasPrefix(c.Name, "fd") && c.Name != "street" {
				t.Errorf("%s: choice %q has no French name", path, c.Name)
			}
		}
		for _, s := range o.Options {
			walk(path+" "+s.Name, s)
		}
	}
	walk("/race", race)
	if n < 40 {
		t.Fatalf("only %d descriptions seen", n)
	}
}
