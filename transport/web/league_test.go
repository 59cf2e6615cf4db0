package web

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/bot"
	"github.com/pitwall/pitwall/persistence/memory"
)

// testStandings draws a small image: one bar per driver, as long as his
// points, on a background whose shade says the language. It stands in for
// render/standings (which transport/web does not import).
type testStandings struct{}

func (testStandings) StandingsPNG(w io.Writer, v bot.LeagueStandingsView, lang string) error {
	img := image.NewRGBA(image.Rect(0, 0, 200, 20+20*len(v.Drivers)))
	bg := color.RGBA{240, 240, 240, 255}
	if lang == "fr" {
		bg = color.RGBA{225, 235, 250, 255}
	}
	for y := range img.Bounds().Dy() {
		for x := range 200 {
			img.Set(x, y, bg)
		}
	}
	for i, r := range v.Drivers {
		for y := 10 + 20*i; y < 24+20*i; y++ {
			for x := range min(int(r.Points)*10, 200) {
				img.Set(x, y, color.RGBA{0, 114, 178, 255})
			}
		}
	}
	return png.Encode(w, img)
}

func sameBytes(b []byte) error {
	for i := range b {
		b[i] = byte(i*7 + 3)
	}
	return nil
}

// leagueFixture runs, in a synctest bubble, a league of four pilots in
// two teams with two events, the first raced to its end by the AI (the
// scheduler records its result), the second to come; then it calls fn
// with the page's handler and the league's id.
func leagueFixture(t *testing.T, fn func(h http.Handler, svc *bot.Service, id string)) {
	leagueFixtureWith(t, "fd2008", []string{"24-A"}, fn)
}

// leagueFixtureWith is leagueFixture with the league's rules and variants.
func leagueFixtureWith(t *testing.T, rules string, variants []string, fn func(h http.Handler, svc *bot.Service, id string)) {
	synctest.Test(t, func(t *testing.T) {
		store := memory.New()
		svc := bot.New(bot.Options{Store: store, Random: sameBytes})
		ctx, cancel := context.WithCancel(context.Background())
		id, err := svc.CreateLeague(ctx, bot.LeagueRequest{Name: "Tuesday Night GP", Rules: rules, Variants: variants, MasterName: "Maud"})
		require.NoError(t, err)
		for _, h := range []int{2, 26} {
			_, err := svc.AddLeagueEvent(ctx, id, "test-oval", time.Now().Add(time.Duration(h)*time.Hour), 1)
			require.NoError(t, err)
		}
		for _, e := range []bot.EnterRequest{
			{Player: "Anna", Team: "Red", Pilot: "Anna Speed"}, {Player: "Bob", Team: "Red"},
			{Player: "Cleo", Team: "Blue"}, {Player: "Dan", Team: "Blue"},
		} {
			e.League = id
			require.NoError(t, svc.EnterLeague(ctx, e))
		}
		done := make(chan error, 1)
		go func() { done <- svc.Run(ctx, io.Discard) }()
		time.Sleep(2*time.Hour + time.Minute)
		synctest.Wait()
		v, err := svc.League(ctx, id)
		require.NoError(t, err)
		require.Equal(t, "running", v.Events[0].State)
		_, err = svc.Autoplay(ctx, v.Events[0].Game, 0)
		require.NoError(t, err)
		time.Sleep(2 * time.Minute)
		synctest.Wait()
		v, err = svc.League(ctx, id)
		require.NoError(t, err)
		require.Equal(t, "finished", v.Events[0].State, "the scheduler recorded the first event")
		require.Equal(t, "scheduled", v.Events[1].State)

		w := New(svc, Config{Standings: testStandings{}, Logf: t.Logf})
		fn(w.Handler(), svc, id)
		cancel()
		<-done
		svc.Close()
		store.Close()
	})
}

func serve(h http.Handler, target string, hdr ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest("GET", "http://pitwall.test"+target, nil)
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// /l/ID shows the calendar, every ranking with a row, each raced event's
// classification linked to its game, and the standings image, in English
// and in French; the index lists the league.
func TestLeaguePage(t *testing.T) {
	leagueFixture(t, func(h http.Handler, svc *bot.Service, id string) {
		ctx := context.Background()
		v, err := svc.League(ctx, id)
		require.NoError(t, err)
		st, err := svc.LeagueStandings(ctx, id)
		require.NoError(t, err)
		game := v.Events[0].Game

		rec := serve(h, "/l/"+id)
		require.Equal(t, http.StatusOK, rec.Code, rec.Body.String())
		page := rec.Body.String()
		assert.Contains(t, rec.Header().Get("Content-Security-Policy"), "default-src 'none'", "the same headers as every page")
		assert.Equal(t, "nosniff", rec.Header().Get("X-Content-Type-Options"))
		assert.Contains(t, page, "<h1>Tuesday Night GP</h1>")
		assert.Contains(t, page, "Calendar")
		assert.Equal(t, 2, strings.Count(page, "<strong>Round "), "both rounds in the calendar")
		assert.Contains(t, page, "test-oval · ")
		assert.Contains(t, page, "1 lap(s)")
		assert.Contains(t, page, "raced")
		assert.Contains(t, page, "to come", "the second round is still to come")
		assert.Contains(t, page, `href="/g/`+game+`"`, "the raced event links to its game")
		assert.Contains(t, page, "Drivers&#39; championship")
		assert.Contains(t, page, "Constructors&#39; championship")
		assert.Contains(t, page, "Media ranking", "a side ranking (24-B): cars led game turns")
		assert.Contains(t, page, "Game turns led")
		// every driver of the standings, with his points, in order
		pos := 0
		for _, r := range st.Drivers {
			cell := "<td>" + r.Name + "</td><td>"
			i := strings.Index(page, cell)
			require.Greater(t, i, 0, "%s in the drivers' table", r.Name)
			assert.Greater(t, i, pos, "in the order of the standings")
			pos = i
		}
		assert.Contains(t, page, "<td>Red</td>")
		assert.Contains(t, page, "<td>Blue</td>")
		assert.Contains(t, page, "finished, ", "the classification in words")
		assert.Contains(t, page, `src="/l/`+id+`/standings.png?lang=en`)
		assert.NotContains(t, page, "=\"\"", "no empty attribute")
		for _, kv := range []string{"place=", "points=", "status="} {
			assert.NotContains(t, page, kv, "prose, not key=value")
		}

		fr := serve(h, "/l/"+id, "Accept-Language", "fr-FR,fr;q=0.9")
		require.Equal(t, http.StatusOK, fr.Code)
		pfr := fr.Body.String()
		assert.Contains(t, pfr, `<html lang="fr">`)
		assert.Contains(t, pfr, "Calendrier")
		assert.Contains(t, pfr, "Championnat des pilotes")
		assert.Contains(t, pfr, "Championnat des constructeurs")
		assert.Contains(t, pfr, "disputée")
		assert.Contains(t, pfr, "à venir")
		assert.Contains(t, pfr, "à l&#39;arrivée", "the classification in French")
		assert.Contains(t, pfr, "voir la partie")
		assert.Contains(t, pfr, "Classement médiatique")
		assert.Contains(t, pfr, "1 tour(s)")
		assert.Contains(t, pfr, "standings.png?lang=fr")
		assert.NotContains(t, pfr, "Drivers&#39; championship")

		idx := serve(h, "/?lang=fr")
		require.Equal(t, http.StatusOK, idx.Code)
		assert.Contains(t, idx.Body.String(), `href="/l/`+id+`?lang=fr"`, "the index lists the league")
		assert.Contains(t, idx.Body.String(), "1 manche(s) sur 2 disputée(s)")
	})
}

// The standings image is the renderer's PNG, in the language asked.
func TestLeagueStandingsImage(t *testing.T) {
	leagueFixture(t, func(h http.Handler, svc *bot.Service, id string) {
		st, err := svc.LeagueStandings(context.Background(), id)
		require.NoError(t, err)
		for _, lang := range []string{"en", "fr"} {
			rec := serve(h, "/l/"+id+"/standings.png?lang="+lang)
			require.Equal(t, http.StatusOK, rec.Code, rec.Body.String())
			assert.Equal(t, "image/png", rec.Header().Get("Content-Type"))
			img, err := png.Decode(bytes.NewReader(rec.Body.Bytes()))
			require.NoError(t, err)
			assert.Equal(t, 20+20*len(st.Drivers), img.Bounds().Dy(), "one bar per driver")
			r, _, _, _ := img.At(199, 0).RGBA()
			if lang == "fr" {
				assert.Equal(t, uint32(225*257), r)
			} else {
				assert.Equal(t, uint32(240*257), r)
			}
		}
		rec := serve(h, "/l/"+id+"/standings.png?lang=de")
		assert.Equal(t, http.StatusBadRequest, rec.Code)
		assert.Contains(t, rec.Body.String(), "The language must be en or fr.")
	})
}

// Unknown or malformed ids get a clear 404 page, in the reader's language.
func TestLeagueBadIDs(t *testing.T) {
	fx := newFixture(t, Config{Standings: testStandings{}})
	for _, path := range []string{"/l/nope", "/l/Tuesday-Night-GP", "/l/" + strings.Repeat("a", 65), "/l/a%20b", "/l/nope/standings.png", "/l/..%2Fetc/standings.png"} {
		resp, body := fx.get(path)
		assert.Equal(t, http.StatusNotFound, resp.StatusCode, path)
		assert.Contains(t, body, "There is no league with this id on this server.", path)
		assert.Equal(t, "DENY", resp.Header.Get("X-Frame-Options"), path)
	}
	resp, body := fx.get("/l/nope", "Accept-Language", "fr")
	assert.Equal(t, http.StatusNotFound, resp.StatusCode)
	assert.Contains(t, body, "Il n&#39;y a pas de ligue de ce nom sur ce serveur.")
	// a server without a standings renderer says so
	bare := newFixture(t, Config{})
	_, err := bare.svc.CreateLeague(context.Background(), bot.LeagueRequest{Name: "Solo Cup"})
	require.NoError(t, err)
	resp, body = bare.get("/l/solo-cup/standings.png")
	assert.Equal(t, http.StatusNotFound, resp.StatusCode)
	assert.Contains(t, body, "This server draws no standings image.")
	resp, body = bare.get("/l/solo-cup")
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, body, "No event in the calendar yet.")
	assert.NotContains(t, body, "standings.png", "no image without a renderer")
}

// A league keeping the 23-A and 23-B ledgers shows each balance on its
// page, in sentences, in English and in French (decimal comma), and with
// 24-C the side trophies.
func TestLeaguePageLedgers(t *testing.T) {
	leagueFixtureWith(t, "fdr", []string{"23-A:scheme=c", "23-B:scheme=b", "24-C"}, func(h http.Handler, svc *bot.Service, id string) {
		st, err := svc.LeagueStandings(context.Background(), id)
		require.NoError(t, err)
		require.Len(t, st.Ledgers, 4, "23-A(c)'s bonus and season tokens, 23-B(b)'s bonus and its token per 5 wins")
		top := st.Ledgers[0].Accounts[0]
		require.NotEqual(t, "0", top.Balance, "the winner earned")

		page := serve(h, "/l/"+id).Body.String()
		assert.Contains(t, page, "Pilot points (23-A(c)); 1 point(s) spent buy one square more or less on a move")
		assert.Contains(t, page, "<li>"+top.Holder+" has "+top.Balance+", ")
		assert.Contains(t, page, "Team points (23-B(b))")
		assert.Contains(t, page, "Team points (23-B(b) wins); 5 point(s) spent buy one more build point")
		assert.Contains(t, page, "Pilot points (23-A(c) season); 30 point(s) spent buy one square more on a move, once this season")
		require.NotNil(t, st.Trophies)
		assert.Contains(t, page, "<li>1. "+st.Trophies.Complete[0].Name+", ")
		assert.Contains(t, page, "Complete pilot (race and qualifying points)")
		assert.Contains(t, page, "Fewest retirements")
		fr := serve(h, "/l/"+id+"?lang=fr").Body.String()
		assert.Contains(t, fr, "Points de pilotes (23-A(c))")
		assert.Contains(t, fr, "Pilote complet")
		assert.Contains(t, fr, "<li>"+top.Holder+" a "+strings.ReplaceAll(top.Balance, ".", ",")+", ")
	})
}
