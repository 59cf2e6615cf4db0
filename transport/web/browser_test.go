package web

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/bot"
)

var update = flag.Bool("update", false, "rewrite the golden screenshots (look at them)")

// chromium finds Debian's chromium. Without it the browser tests skip,
// except under CI (CI=true), where a missing browser is a failure:
// .ci/run installs it.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium is not installed: .ci/run installs it (apt-get install chromium)")
	}
	t.Skip("chromium is not installed (apt-get install chromium); CI runs these tests")
	return ""
}

// shared is the one headless chromium of this package's tests, started
// by the first test that needs it and stopped by TestMain.
var shared struct {
	once   sync.Once
	ctx    context.Context
	cancel func()
	err    error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if shared.cancel != nil {
		shared.cancel()
	}
	os.Exit(code)
}

// browser returns the package's chromium (started once); tab opens tabs.
func browser(t *testing.T) context.Context {
	t.Helper()
	path := chromium(t)
	shared.once.Do(func() {
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
			chromedp.WindowSize(1280, 900), chromedp.Flag("hide-scrollbars", true),
			chromedp.Flag("font-render-hinting", "none"), chromedp.Flag("force-color-profile", "srgb"))
		actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
		bctx, cancelB := chromedp.NewContext(actx)
		shared.ctx, shared.cancel = bctx, func() { cancelB(); cancelA() }
		shared.err = chromedp.Do(bctx) // start the browser
	})
	require.NoError(t, shared.err, "starting chromium")
	return shared.ctx
}

// tab opens a new tab of the browser, with a deadline, whose requests
// say Accept-Language: lang.
// desktopTab is a tab with a 1280 × 761 viewport set explicitly: the
// window's own chrome takes a height that changes between Chromium
// releases (761 px of a 900 px window when the goldens were made, 757 in
// 156.0.8078.108), and a screenshot golden needs the same size everywhere.
func desktopTab(t *testing.T, b context.Context, lang string) context.Context {
	t.Helper()
	ctx := tab(t, b, lang)
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(1280, 761)))
	return ctx
}

func tab(t *testing.T, b context.Context, lang string) context.Context {
	t.Helper()
	ctx, cancel := chromedp.NewContext(b)
	require.NoError(t, chromedp.Do(ctx)) // open the tab before any deadline
	ctx, cancelT := context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(func() { cancelT(); cancel() })
	require.NoError(t, chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, network.SetExtraHTTPHeaders, network.SetExtraHTTPHeadersParams{Headers: network.Headers{"Accept-Language": lang}})
		return err
	})))
	return ctx
}

// until waits for a JavaScript condition.
func until(t *testing.T, ctx context.Context, cond string, msg ...any) {
	t.Helper()
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(20*time.Second), chromedp.WithPollingInterval(50*time.Millisecond)))
	require.NoError(t, err, msg...)
}

// eval runs JavaScript in the page.
func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	require.NoError(t, err, js)
	return v
}

// open navigates and waits for the board and the live stream.
func open(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(url)))
	until(t, ctx, `(() => { const b = document.getElementById("board"); return !b || (b.complete && b.naturalWidth > 0); })()`, "the board")
	until(t, ctx, `!document.getElementById("livebadge").hidden`, "the event stream")
}

func TestBrowserWatchAPlayArriveAndStepBack(t *testing.T) {
	b := browser(t)
	f := newFixture(t, Config{})
	id := f.create("browser-watch")
	_, err := f.svc.Autoplay(context.Background(), id, 4)
	require.NoError(t, err)
	ctx := tab(t, b, "en-GB,en")
	open(t, ctx, f.srv.URL+"/g/"+id)
	plays0 := eval[string](t, ctx, `document.body.dataset.plays`)
	version0 := eval[string](t, ctx, `document.body.dataset.version`)
	eval[string](t, ctx, `window.__still = "the same page"`)

	// a play committed elsewhere arrives by itself, without a reload
	_, err = f.svc.Autoplay(context.Background(), id, 3)
	require.NoError(t, err)
	until(t, ctx, fmt.Sprintf(`document.body.dataset.version !== %q`, version0), "the live update")
	assert.Equal(t, "the same page", eval[string](t, ctx, `window.__still || ""`), "updated in place, not reloaded")
	plays1 := eval[string](t, ctx, `document.body.dataset.plays`)
	assert.NotEqual(t, plays0, plays1)

	// history: the left arrow steps back one play, the board with it
	var n int
	_, err = fmt.Sscan(plays1, &n)
	require.NoError(t, err)
	until(t, ctx, fmt.Sprintf(`document.getElementById("play").max === "%d"`, n))
	eval[bool](t, ctx, `(document.activeElement && document.activeElement.blur && document.activeElement.blur(), true)`)
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowLeft), chromedp.KeyEvent(kb.ArrowLeft)))
	assert.Equal(t, fmt.Sprint(n-2), eval[string](t, ctx, `document.getElementById("play").value`))
	assert.Contains(t, eval[string](t, ctx, `document.getElementById("board").getAttribute("src")`), fmt.Sprintf("play=%d&", n-2))
	until(t, ctx, `document.getElementById("board").complete && document.getElementById("board").naturalWidth > 0`)
	assert.Greater(t, eval[int](t, ctx, `document.querySelectorAll("#log li.future").length`), 0, "the log hides the plays after the one shown")
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)))
	assert.Equal(t, fmt.Sprint(n-1), eval[string](t, ctx, `document.getElementById("play").value`))
}

// A whole short race from the two players' personal links, each clicking
// the first option whenever the decision is theirs; a double click on the
// first order applies once; the spectator's page shows no secret.
func TestBrowserPlayAWholeRaceFromTwoPersonalLinks(t *testing.T) {
	b := browser(t)
	f := newFixture(t, Config{})
	id, err := f.svc.Create(context.Background(), bot.CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "browser-race", Laps: 1})
	require.NoError(t, err)
	tabs := map[string]context.Context{}
	for _, who := range []string{"Anna", "Bob"} {
		tabs[who] = tab(t, b, "en")
		open(t, tabs[who], f.srv.URL+"/g/"+id+"?t="+f.token(who))
	}
	// the player who waits gives a standing order: theirs alone to see
	mover, _ := f.mover(id)
	other := map[string]string{"Anna": "Bob", "Bob": "Anna"}[mover]
	_, err = f.svc.WebHandle(context.Background(), bot.WebOrder{Game: id, Token: f.token(other), Text: "plan safe", Key: strings.Repeat("a", 32)})
	require.NoError(t, err)

	spectator := tab(t, b, "en")
	open(t, spectator, f.srv.URL+"/g/"+id)
	html := eval[string](t, spectator, `document.documentElement.outerHTML`)
	assert.NotContains(t, html, f.token("Anna"))
	assert.NotContains(t, html, f.token("Bob"))
	assert.NotContains(t, html, "standing orders")
	assert.NotContains(t, html, `class="order`, "no forms for a spectator")
	until(t, tabs[other], `document.body.textContent.includes("Your standing orders")`, "the player sees their own")

	// a double click on the mover's first option: one order
	orders := func() int {
		n := 0
		for _, l := range f.lines(id) {
			if strings.HasPrefix(l, "order ") {
				n++
			}
		}
		return n
	}
	o0 := orders()
	until(t, tabs[mover], `!!document.querySelector(".decision.mine button.option")`)
	eval[bool](t, tabs[mover], `(() => { const b = document.querySelector(".decision.mine button.option"); b.click(); b.click(); return true; })()`)
	until(t, tabs[mover], `document.getElementById("answer").textContent.length > 0`, "the answer")
	time.Sleep(300 * time.Millisecond) // a second order, had it gone, would be in by now
	assert.Equal(t, o0+1, orders(), "a double click applies once")

	// then play to the flag, each from their own page
	deadline := time.Now().Add(120 * time.Second)
	for clicks := 0; ; clicks++ {
		v, err := f.svc.Show(context.Background(), id)
		require.NoError(t, err)
		if v.State == "finished" || len(v.Pending) == 0 {
			break
		}
		require.True(t, time.Now().Before(deadline), "the race did not end in time (%d clicks)", clicks)
		who, car := v.Pending[0].Player, v.Pending[0].Car
		n := len(f.lines(id))
		version, err := f.svc.GameVersion(context.Background(), id)
		require.NoError(t, err)
		// click once the page shows the game as it stands (not a button
		// of a decision already made)
		until(t, tabs[who], fmt.Sprintf(`(() => { if (document.body.dataset.version !== "%d") return false; const d = document.querySelector('.decision.mine[data-car="%d"] button.option'); if (!d) return false; d.click(); return true; })()`, version, car), "click %d by %s", clicks, who)
		for i := 0; len(f.lines(id)) == n; i++ {
			require.Less(t, i, 400, "click %d by %s was not applied", clicks, who)
			time.Sleep(25 * time.Millisecond)
		}
	}
	t.Logf("the race: %d record lines", len(f.lines(id)))
	for _, ctx := range []context.Context{tabs["Anna"], tabs["Bob"], spectator} {
		until(t, ctx, `!!document.querySelector("table.results")`, "the results")
	}
	assert.Contains(t, eval[string](t, spectator, `document.querySelector(".verify").textContent`), "Seed (revealed at the end)")
}

// The French page, the phone width, and the screenshots compared with
// their golden images.
func TestBrowserFrenchPhoneAndGoldens(t *testing.T) {
	b := browser(t)
	f := newFixture(t, Config{})
	id := f.create("browser-golden")
	_, err := f.svc.Autoplay(context.Background(), id, 5)
	require.NoError(t, err)

	fr := desktopTab(t, b, "fr-FR,fr;q=0.9")
	open(t, fr, f.srv.URL+"/g/"+id)
	assert.Equal(t, "fr", eval[string](t, fr, `document.documentElement.lang`))
	assert.Equal(t, "Qui doit agir", eval[string](t, fr, `document.querySelector(".side h2").textContent`))
	shot(t, fr, "game-fr-desktop")

	phone := tab(t, b, "en")
	require.NoError(t, chromedp.Do(phone, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile)))
	open(t, phone, f.srv.URL+"/g/"+id)
	assert.LessOrEqual(t, eval[int](t, phone, `document.documentElement.scrollWidth`), 390, "nothing wider than the phone")
	board := eval[float64](t, phone, `document.getElementById("board").getBoundingClientRect().width`)
	assert.LessOrEqual(t, board, 390.0)
	assert.Greater(t, board, 300.0, "the board fills the width")
	assert.GreaterOrEqual(t, eval[float64](t, phone, `document.getElementById("latest").getBoundingClientRect().height`), 44.0, "buttons big enough for a thumb")
	// the phone gets the crop drawn for its width, not a board scaled down
	src := eval[string](t, phone, `document.getElementById("board").currentSrc`)
	assert.Contains(t, src, "view=crop")
	assert.Contains(t, src, "w=390")
	assert.Equal(t, 390, eval[int](t, phone, `document.getElementById("board").naturalWidth`))
	assert.Equal(t, 390.0, board, "shown at one image pixel to a CSS pixel")
	shot(t, phone, "game-en-phone")

	// a phone of two pixels to a CSS pixel: the same crop, twice as many pixels
	phone2 := tab(t, b, "en")
	require.NoError(t, chromedp.Do(phone2, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2))))
	open(t, phone2, f.srv.URL+"/g/"+id)
	src = eval[string](t, phone2, `document.getElementById("board").currentSrc`)
	assert.Contains(t, src, "view=crop")
	assert.Contains(t, src, "w=780")

	desk := desktopTab(t, b, "en")
	open(t, desk, f.srv.URL+"/g/"+id)
	// a 1280-pixel window shows the board in a column of about 740: the
	// 800-pixel board
	src = eval[string](t, desk, `document.getElementById("board").currentSrc`)
	assert.NotContains(t, src, "view=crop")
	assert.Contains(t, src, "w=800")
	shot(t, desk, "game-en-desktop")
}

// shot takes a screenshot of the viewport and compares it, decoded, with
// testdata/NAME.png: at most 1% of the pixels may differ by more than 40
// in a channel (font anti-aliasing across machines). -update rewrites the
// golden (look at it).
func shot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	golden := filepath.Join("testdata", name+".png")
	if *update {
		buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		require.NoError(t, err)
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(golden, buf, 0o644))
		return
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err, "no golden: run go test ./transport/web -run TestBrowser -update and look at %s", golden)
	w, err := png.Decode(bytes.NewReader(want))
	require.NoError(t, err)
	// an emulated viewport applies asynchronously: on a loaded machine a
	// screenshot taken at once can still have the window's own 757 rows
	until(t, ctx, fmt.Sprintf("window.innerWidth === %d && window.innerHeight === %d", w.Bounds().Dx(), w.Bounds().Dy()), "%s: the viewport reaches the golden's size", name)
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	require.NoError(t, err)
	a, err := png.Decode(bytes.NewReader(buf))
	require.NoError(t, err)
	require.Equal(t, w.Bounds(), a.Bounds(), "%s: screenshot size", name)
	bad := differing(a, w, 40)
	total := a.Bounds().Dx() * a.Bounds().Dy()
	if bad*100 > total {
		_ = os.WriteFile(filepath.Join(t.TempDir(), name+"-got.png"), buf, 0o644)
		t.Errorf("%s: %d of %d pixels differ from the golden (more than 1%%)", name, bad, total)
	}
}

// differing counts the pixels of a and b that differ by more than tol in
// any channel.
func differing(a, b image.Image, tol int) int {
	n := 0
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := b.At(x, y).RGBA()
			if absDiff(r1, r2) > tol || absDiff(g1, g2) > tol || absDiff(b1, b2) > tol {
				n++
			}
		}
	}
	return n
}

func absDiff(a, b uint32) int {
	d := int(a>>8) - int(b>>8)
	if d < 0 {
		return -d
	}
	return d
}

func TestDifferingCountsPixels(t *testing.T) {
	a := image.NewRGBA(image.Rect(0, 0, 4, 4))
	b := image.NewRGBA(image.Rect(0, 0, 4, 4))
	assert.Equal(t, 0, differing(a, b, 40))
	b.Pix[0] = 41                                       // pixel (0,0): red off by 41
	b.Pix[4] = 40                                       // pixel (1,0): within the tolerance
	b.Pix[len(b.Pix)-2], b.Pix[len(b.Pix)-3] = 255, 255 // the last pixel
	assert.Equal(t, 2, differing(a, b, 40))
}

// The league page fits a phone: nothing wider than 390 px, its tables
// and standings image included; its screenshots on a phone and a desktop
// are compared with their golden images (the league's secret, hence its
// event's game, comes from fixed bytes).
func TestBrowserLeaguePhoneDesktopAndGoldens(t *testing.T) {
	b := browser(t)
	f := newFixtureOpts(t, Config{Standings: testStandings{}}, func(o *bot.Options) {
		o.Random = func(p []byte) error {
			for i := range p {
				p[i] = byte(7*i + 1)
			}
			return nil
		}
	})
	ctx, cancel := context.WithCancel(context.Background())
	id, err := f.svc.CreateLeague(ctx, bot.LeagueRequest{Name: "Tuesday Night Grand Prix of the Harbour", Variants: []string{"24-A"}})
	require.NoError(t, err)
	_, err = f.svc.AddLeagueEvent(ctx, id, "test-oval", time.Date(2026, 11, 25, 8, 0, 0, 0, time.UTC), 1)
	require.NoError(t, err)
	for _, e := range []bot.EnterRequest{{Player: "Anna", Team: "Scuderia Rossa Lunga"}, {Player: "Bob", Team: "Scuderia Rossa Lunga"}, {Player: "Cleo", Team: "Blue"}} {
		e.League = id
		require.NoError(t, f.svc.EnterLeague(ctx, e))
	}
	done := make(chan error, 1)
	go func() { done <- f.svc.Run(ctx, io.Discard) }()
	t.Cleanup(func() { cancel(); <-done })
	deadline := time.Now().Add(20 * time.Second)
	for {
		v, err := f.svc.League(ctx, id)
		require.NoError(t, err)
		if v.Events[0].State == "running" {
			_, err = f.svc.Autoplay(ctx, v.Events[0].Game, 0)
			require.NoError(t, err)
		}
		if v.Events[0].State == "finished" {
			break
		}
		require.True(t, time.Now().Before(deadline), "the scheduler records the event")
		time.Sleep(50 * time.Millisecond)
	}

	phone := tab(t, b, "en")
	require.NoError(t, chromedp.Do(phone, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile)))
	require.NoError(t, chromedp.Do(phone, chromedp.Navigate(f.srv.URL+"/l/"+id)))
	until(t, phone, `(() => { const i = document.querySelector("img.standings"); return i && i.complete && i.naturalWidth > 0; })()`, "the standings image")
	assert.Equal(t, 1, eval[int](t, phone, `document.querySelectorAll("#ranking-drivers tbody tr").length > 0 ? 1 : 0`), "the drivers' table")
	assert.LessOrEqual(t, eval[int](t, phone, `document.documentElement.scrollWidth`), 390, "nothing wider than the phone")
	shot(t, phone, "league-en-phone")

	desk := desktopTab(t, b, "en")
	require.NoError(t, chromedp.Do(desk, chromedp.Navigate(f.srv.URL+"/l/"+id)))
	until(t, desk, `(() => { const i = document.querySelector("img.standings"); return i && i.complete && i.naturalWidth > 0; })()`, "the standings image")
	shot(t, desk, "league-en-desktop")
}

// The page works from the keyboard: Tab reaches the history slider, whose
// arrow keys step back through the plays, then the player's option
// buttons, and Enter on one is the order.
func TestBrowserKeyboard(t *testing.T) {
	b := browser(t)
	f := newFixture(t, Config{})
	id := f.create("browser-keys")
	_, err := f.svc.Autoplay(context.Background(), id, 4)
	require.NoError(t, err)
	who, _ := f.mover(id)
	ctx := tab(t, b, "en")
	open(t, ctx, f.srv.URL+"/g/"+id+"?t="+f.token(who))
	plays := eval[int](t, ctx, `parseInt(document.body.dataset.plays, 10)`)

	// tabFor presses Tab until the focus is on what the selector names
	tabFor := func(selector string) {
		t.Helper()
		for range 80 {
			if eval[bool](t, ctx, fmt.Sprintf(`document.activeElement !== null && document.activeElement.matches(%q)`, selector)) {
				return
			}
			require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(kb.Tab)))
		}
		t.Fatalf("Tab never reached %s", selector)
	}
	tabFor("#play")
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowLeft)))
	until(t, ctx, fmt.Sprintf(`document.getElementById("play").value === "%d"`, plays-1), "the slider steps back")
	until(t, ctx, fmt.Sprintf(`document.getElementById("board").currentSrc.includes("play=%d&")`, plays-1), "the board with it")
	assert.Equal(t, fmt.Sprintf("after play %d of %d", plays-1, plays), eval[string](t, ctx, `document.getElementById("playlabel").textContent`))
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)))
	until(t, ctx, fmt.Sprintf(`document.getElementById("play").value === "%d"`, plays), "and forward")

	tabFor(".decision.mine button.option")
	n := len(f.lines(id))
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)))
	until(t, ctx, `document.getElementById("answer").textContent.length > 0`, "the answer")
	assert.Greater(t, len(f.lines(id)), n, "Enter on an option is the order")
}
