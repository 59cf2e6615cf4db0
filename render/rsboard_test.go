package render

import (
	"bytes"
	"errors"
	"image"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/rs"
	"github.com/pitwall/pitwall/tracks/rscircuit"
)

// rsRace simulates a race with the autopilot in every seat, once per
// configuration and seed, and keeps its record.
func rsRace(tb testing.TB, cfg rs.Config, track, seed string) *rs.Record {
	tb.Helper()
	_, rec, err := rs.Simulate(cfg, track, rs.SeedFrom(seed))
	if err != nil {
		tb.Fatal(err)
	}
	return rec
}

// rsGame replays a simulated race up to the end of turn n.
func rsGame(tb testing.TB, cfg rs.Config, track, seed string, turn int) *rs.Game {
	tb.Helper()
	g, err := rs.ReplayTurn(rsRace(tb, cfg, track, seed), turn)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

var (
	rsFamily4 = rs.Config{Mode: rs.Family, Seats: 4}
	rsStdWet  = rs.Config{Mode: rs.Standard, Seats: 3, Weather: true}
	rsStd4    = rs.Config{Mode: rs.Standard, Seats: 4, Weather: true}
	// the optional rules that change what a board shows (issue 17)
	rsStdOptions = rs.Config{Mode: rs.Standard, Seats: 3, Weather: true, TyreAllocation: true, TeamPits: true, Manufacturer: true,
		FixedFast: true, TwoCars: true}
	rsStdAQ = rs.Config{Mode: rs.Standard, Seats: 3, Weather: true, AdvancedQuali: true, TwoCars: true}
)

// rsScene is one moment of a race drawn for the goldens.
type rsScene struct {
	name  string
	cfg   rs.Config
	track string
	seed  string
	turn  int // the end of this turn (99: the flag; -1: the grid start's orders; -2: the advanced qualifying's Q2 phase 2)
	views []rsView
}

// rsView is one drawing of a scene: board or crop, language, seat.
type rsView struct {
	suffix string
	crop   bool
	opt    RSBoardOptions
}

var rsPhone = func(o RSBoardOptions) RSBoardOptions { o.Width, o.Screen = PhoneWidth, PhoneWidth; return o }

func rsScenes() []rsScene {
	return []rsScene{
		// the family game before the first turn, and after turn 6
		{"family-start", rsFamily4, "windmere", "golden", 0, []rsView{{"", false, RSBoardOptions{}}}},
		{"family-t6", rsFamily4, "windmere", "golden", 6, []rsView{
			{"", false, RSBoardOptions{}}, {"-fr", false, RSBoardOptions{Lang: "fr"}},
			{"-seat3-phone", true, rsPhone(RSBoardOptions{Seat: 3})}, {"-seat3-crop-fr", true, RSBoardOptions{Seat: 3, Lang: "fr"}}}},
		// the standard game in the rain, for a seat and for everyone
		{"standard-t5", rsStdWet, "cragsby", "golden", 5, []rsView{
			{"-seat2", false, RSBoardOptions{Seat: 2}}, {"-fr", false, RSBoardOptions{Lang: "fr"}},
			{"-seat2-phone", true, rsPhone(RSBoardOptions{Seat: 2})}, {"-phone-fr", true, rsPhone(RSBoardOptions{Lang: "fr"})}}},
		// the safety car just out (turn 2's event)
		{"standard-sc", rsStd4, "windmere", "sc-c", 2, []rsView{{"", false, RSBoardOptions{}}, {"-phone", true, rsPhone(RSBoardOptions{Seat: 1})}}},
		// the grid start's orders, after qualifying: no car on the circuit
		// yet, the running order is the grid
		{"standard-grid", rsStdWet, "cragsby", "golden", -1, []rsView{{"", false, RSBoardOptions{}}, {"-phone", true, rsPhone(RSBoardOptions{Seat: 1})}}},
		// the optional rules: two cars a player, tyre sets, the
		// manufacturer's piles, fixed fast system cars, teams, and a
		// team's second car waiting in the pits on turn 6
		{"standard-options-t6", rsStdOptions, "windmere", "t3", 6, []rsView{
			{"", false, RSBoardOptions{}}, {"-fr", false, RSBoardOptions{Lang: "fr"}},
			{"-seat1-phone", true, rsPhone(RSBoardOptions{Seat: 1})}, {"-phone-fr", true, rsPhone(RSBoardOptions{Seat: 2, Lang: "fr"})}}},
		// the advanced qualifying between two phases
		{"standard-aq", rsStdAQ, "cragsby", "golden", -2, []rsView{
			{"", false, RSBoardOptions{}}, {"-fr", false, RSBoardOptions{Lang: "fr"}}, {"-phone", true, rsPhone(RSBoardOptions{Seat: 1})}}},
		// the flag
		{"standard-over", rsStdWet, "cragsby", "golden", 99, []rsView{{"", false, RSBoardOptions{}}}},
	}
}

func (sc rsScene) game(tb testing.TB) *rs.Game {
	rec := rsRace(tb, sc.cfg, sc.track, sc.seed)
	if sc.turn == -2 {
		g, err := rs.ReplayUntil(rec, func(g *rs.Game, _ int) bool {
			q := g.Board(-1).Quali
			return q != nil && q.Session == "q2" && q.Phase == 2
		})
		if err != nil {
			tb.Fatal(err)
		}
		return g
	}
	if sc.turn == -1 {
		g, err := rs.ReplayUntil(rec, func(g *rs.Game, _ int) bool { return g.Race != nil && g.Race.Phase == rs.PhaseStart })
		if err != nil {
			tb.Fatal(err)
		}
		return g
	}
	if sc.turn == 99 {
		g, err := rs.Replay(rec)
		if err != nil {
			tb.Fatal(err)
		}
		return g
	}
	g, err := rs.ReplayTurn(rec, sc.turn)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

func (r *Renderer) rsDraw(g *rs.Game, crop bool, opt RSBoardOptions) ([]byte, error) {
	var buf bytes.Buffer
	var err error
	if crop {
		err = r.RSCropPNG(&buf, g, opt)
	} else {
		err = r.RSBoardPNG(&buf, g, opt)
	}
	return buf.Bytes(), err
}

// TestRSBoardGolden compares the Racing Simulator boards and crops with
// testdata/rsboard-*.png by decoded pixels; -update rewrites them.
func TestRSBoardGolden(t *testing.T) {
	r := New()
	for _, sc := range rsScenes() {
		g := sc.game(t)
		for _, v := range sc.views {
			t.Run(sc.name+v.suffix, func(t *testing.T) {
				got, err := r.rsDraw(g, v.crop, v.opt)
				if err != nil {
					t.Fatal(err)
				}
				if len(got) > 200<<10 {
					t.Errorf("%d bytes, more than 200 KB", len(got))
				}
				name := "rsboard-" + sc.name + v.suffix + ".png"
				matchGolden(t, name, got, comparePNG, "TestRSBoardGolden")
			})
		}
	}
}

// Every word a French board or crop writes has its French (the
// sentences of the last turn come from the engine's Describe, tested
// there).
func TestRSBoardEveryWordTranslated(t *testing.T) {
	r := New()
	missing := map[string]bool{}
	for _, sc := range rsScenes() {
		g := sc.game(t)
		for _, crop := range []bool{false, true} {
			for _, seat := range []int{0, 1} {
				if _, err := r.rsDraw(g, crop, RSBoardOptions{Lang: "fr", Seat: seat, missing: missing}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	// a retired car, damage, a lapped car, the qualifying phase
	g := rsGame(t, rsStd4, "windmere", "sc-c", 2)
	g.Cars[4].Out, g.Cars[5].Slow = true, 2
	g.Std.Nose[6] = true
	g.Cars[7].Dist -= g.Circuit.Len()
	for _, crop := range []bool{false, true} {
		if _, err := r.rsDraw(g, crop, RSBoardOptions{Lang: "fr", Car: 6, missing: missing}); err != nil {
			t.Fatal(err)
		}
	}
	// variant 10.2's fast system cars, a car out of qualifying
	g = rsGame(t, rs.Config{Mode: rs.Standard, Seats: 2, ThreeFast: true, TwoCars: true}, "windmere", "golden", 3)
	for _, crop := range []bool{false, true} {
		if _, err := r.rsDraw(g, crop, RSBoardOptions{Lang: "fr", Seat: 1, missing: missing}); err != nil {
			t.Fatal(err)
		}
	}
	var keys []string
	for k := range missing {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	if len(keys) > 0 {
		t.Fatalf("French lacks %d word(s): %q", len(keys), keys)
	}
	// and the table has no word English would write the same way by
	// mistake: each French entry differs from its key, but for the
	// words the two languages share
	same := map[string]bool{"standard": true, "Pos.": true, "Tapez": true, "+%d": true, "%d km/h": true, "%d %s": true, "colour:orange": false}
	for k, fr := range rsFrench {
		if fr == k && !same[k] {
			t.Errorf("French %q is the English key itself", k)
		}
	}
}

// A board drawn mid-turn, with some orders sealed and not revealed, is
// pixel-identical to the board drawn before those orders (issue 17:
// orders are secret on every board until revealed); so is a board drawn
// for the seat that has not ordered, and its crop.
func TestRSBoardMidTurnIsTheBoardBefore(t *testing.T) {
	r := New()
	withHands := rsStdOptions
	withHands.SmallHands = true
	for _, cfg := range []rs.Config{rsFamily4, rsStdWet, withHands} {
		src := dice.NewSeeded(rs.SeedFrom("mid-turn"))
		g, err := rs.NewGame("mid", cfg, mustRSCircuit(t, "cragsby"), src)
		if err != nil {
			t.Fatal(err)
		}
		for g.Turn < 3 {
			for _, d := range g.Pending() {
				if _, err := g.Submit(g.Autopilot(d.Seat), src); err != nil {
					t.Fatal(err)
				}
			}
		}
		last := len(g.Seats)
		type drawing struct {
			crop bool
			opt  RSBoardOptions
		}
		drawings := []drawing{{false, RSBoardOptions{}}, {true, RSBoardOptions{}}, {false, RSBoardOptions{Seat: last}}, {true, RSBoardOptions{Seat: last, Lang: "fr"}}}
		var before [][]byte
		for _, d := range drawings {
			b, err := r.rsDraw(g, d.crop, d.opt)
			if err != nil {
				t.Fatal(err)
			}
			before = append(before, b)
		}
		for _, d := range g.Pending()[:last-1] {
			o := g.Autopilot(d.Seat)
			hand := g.Seats[d.Seat].Hand
			o.Card, o.Risk = hand[len(hand)-1], cfg.Mode == rs.Family
			if _, err := g.Submit(o, src); err != nil {
				t.Fatal(err)
			}
		}
		if len(g.Pending()) != 1 {
			t.Fatalf("%s: %d seats still to order", cfg.Mode, len(g.Pending()))
		}
		for i, d := range drawings {
			after, err := r.rsDraw(g, d.crop, d.opt)
			if err != nil {
				t.Fatal(err)
			}
			if msg := comparePNG(before[i], after); msg != "" {
				t.Errorf("%s, drawing %+v: the board changed with orders sealed and not revealed: %s", cfg.Mode, d, msg)
			}
		}
	}
}

// A board for everyone never shows a hand: changing every seat's hand
// and pile changes no pixel of it; the board for a seat shows its own
// and no other.
func TestRSBoardForEveryoneShowsNoHand(t *testing.T) {
	withHands := rsStdOptions // and with the options: two cars, hands of five, tyre sets
	withHands.SmallHands = true
	for _, cfg := range []rs.Config{rsFamily4, withHands} {
		t.Run(string(cfg.Mode), func(t *testing.T) { rsBoardShowsNoHand(t, cfg) })
	}
}

func rsBoardShowsNoHand(t *testing.T, cfg rs.Config) {
	r := New()
	g := rsGame(t, cfg, "windmere", "golden", 4)
	everyone, err := r.rsDraw(g, false, RSBoardOptions{})
	if err != nil {
		t.Fatal(err)
	}
	seat, err := r.rsDraw(g, false, RSBoardOptions{Seat: 1})
	if err != nil {
		t.Fatal(err)
	}
	// the others' hands are not on seat 1's board either
	for _, s := range g.Seats[1:] {
		s.Hand, s.Pile = []int{293, 293, 293}, nil
	}
	seatOthers, err := r.rsDraw(g, false, RSBoardOptions{Seat: 1})
	if err != nil {
		t.Fatal(err)
	}
	if msg := comparePNG(seat, seatOthers); msg != "" {
		t.Fatalf("seat 1's board depends on the other seats' hands: %s", msg)
	}
	g.Seats[0].Hand, g.Seats[0].Pile = []int{293, 293, 293}, nil
	again, err := r.rsDraw(g, false, RSBoardOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if msg := comparePNG(everyone, again); msg != "" {
		t.Fatalf("the board for everyone depends on the hands: %s", msg)
	}
	seatAgain, err := r.rsDraw(g, false, RSBoardOptions{Seat: 1})
	if err != nil {
		t.Fatal(err)
	}
	if comparePNG(seat, seatAgain) == "" {
		t.Fatal("the board for seat 1 does not show its hand")
	}
}

// Bad options are refused, with nothing drawn.
func TestRSBoardRefuses(t *testing.T) {
	r := New()
	g := rsGame(t, rsFamily4, "windmere", "golden", 1)
	for _, c := range []struct {
		crop bool
		opt  RSBoardOptions
		want string
	}{
		{false, RSBoardOptions{Lang: "de"}, "language"},
		{false, RSBoardOptions{Seat: 5}, "seat"},
		{false, RSBoardOptions{Car: 7}, "car"},
		{false, RSBoardOptions{Width: 700}, "width"},
		{true, RSBoardOptions{Width: 300}, "width"},
		{true, RSBoardOptions{Width: 390, Screen: 500}, "screen"},
	} {
		if _, err := r.rsDraw(g, c.crop, c.opt); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want an error about the %s", c.opt, err, c.want)
		}
	}
	if _, err := r.RSBoard(nil, RSBoardOptions{}); !errors.Is(err, ErrNoGame) {
		t.Errorf("nil game: %v", err)
	}
	// the widths asked are the widths drawn
	for _, c := range []struct {
		crop  bool
		width int
	}{{false, 800}, {false, 3200}, {true, 390}, {true, 1200}} {
		var img *image.RGBA
		var err error
		if c.crop {
			img, err = r.RSCrop(g, RSBoardOptions{Width: c.width})
		} else {
			img, err = r.RSBoard(g, RSBoardOptions{Width: c.width})
		}
		if err != nil || img.Bounds().Dx() != c.width {
			t.Errorf("width %d: %v", c.width, err)
		}
	}
}

// BenchmarkRSBoard draws and encodes the 18-car standard board halfway
// through a race (and its phone crop), without and with the optional
// rules a board shows, as a server does after every turn:
// median-ms is the median iteration, KB the PNG's size.
//
//	go test ./render -run '^$' -bench RSBoard -benchtime 30x -cpu 1 -count 3
func BenchmarkRSBoard(b *testing.B) {
	r := New()
	plain := rsGame(b, rsStdWet, "cragsby", "golden", 12)
	options := rsGame(b, rsStdOptions, "cragsby", "golden", 12) // the legend and the second cars too
	for _, c := range []struct {
		name string
		crop bool
		g    *rs.Game
	}{{"board", false, plain}, {"phone", true, plain}, {"board-options", false, options}, {"phone-options", true, options}} {
		name, crop, g := c.name, c.crop, c.g
		opt := RSBoardOptions{Seat: 1}
		if crop {
			opt = rsPhone(opt)
		}
		b.Run(name, func(b *testing.B) {
			var buf bytes.Buffer
			var times []time.Duration
			for b.Loop() {
				t0 := time.Now()
				buf.Reset()
				var err error
				if crop {
					err = r.RSCropPNG(&buf, g, opt)
				} else {
					err = r.RSBoardPNG(&buf, g, opt)
				}
				if err != nil {
					b.Fatal(err)
				}
				times = append(times, time.Since(t0))
			}
			slices.Sort(times)
			b.ReportMetric(float64(times[len(times)/2])/1e6, "median-ms")
			b.ReportMetric(float64(buf.Len())/1000, "KB")
		})
	}
}

func mustRSCircuit(tb testing.TB, id string) *rscircuit.Circuit {
	tb.Helper()
	c, err := rscircuit.Get(id)
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

// Boards drawn at once from many goroutines (a server after a turn of
// several races) are the boards drawn one by one.
func TestRSBoardConcurrent(t *testing.T) {
	r := New()
	g := rsGame(t, rsStdWet, "cragsby", "golden", 8)
	opts := []RSBoardOptions{{}, {Lang: "fr"}, {Width: 800}, {Seat: 2}}
	want := make([][]byte, len(opts))
	for i, o := range opts {
		b, err := New().rsDraw(g, false, o)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = b
	}
	got := make([][]byte, 4*len(opts))
	errs := make([]error, len(got))
	var wg sync.WaitGroup
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i], errs[i] = r.rsDraw(g, false, opts[i%len(opts)])
		}()
	}
	wg.Wait()
	for i := range got {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		if msg := comparePNG(want[i%len(opts)], got[i]); msg != "" {
			t.Errorf("drawing %d (%+v): %s", i, opts[i%len(opts)], msg)
		}
	}
}
