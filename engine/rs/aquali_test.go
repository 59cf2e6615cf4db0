package rs

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/rs/decks"
)

// T-15, T-30, R-QX-01, R-QX-09, AMB-35, R-QX-07: the track's improvement
// on the blue die, 0.400 a degree of humidity, the tyres of an attempt,
// their penalty (0.200 a T-09 point, added), and the fastest phase.
func TestAdvancedQualifyingTables(t *testing.T) {
	for blue, want := range []int{0, 0, 0, 100, 100, 100, 100, 200, 200, 200} {
		if TrackImpact(blue) != want {
			t.Fatalf("T-15: blue %d gives %d, want %d", blue, TrackImpact(blue), want)
		}
	}
	if WeatherImpact(3) != 1200 {
		t.Fatalf("T-30: 3 degrees give %d", WeatherImpact(3))
	}
	for h, want := range map[int]Tyre{0: Soft, 2: Soft, 3: Inter, 9: Inter, 10: Rain, 15: Rain} {
		if QualiTyre(h) != want {
			t.Fatalf("humidity %d: %s, want %s", h, QualiTyre(h), want)
		}
	}
	// soft at 5: P-4 → +0.800; soft in the dry: nothing; intermediate at
	// 12: P-3 → +0.600; rain at 12: nothing
	for _, c := range []struct {
		t    Tyre
		h    int
		want int
	}{{Soft, 5, 800}, {Soft, 2, 0}, {Inter, 12, 600}, {Rain, 12, 0}} {
		if got := QualiMismatch(c.t, c.h); got != c.want {
			t.Fatalf("%s at %d: %d, want %d", c.t, c.h, got, c.want)
		}
	}
	if FastestPhase([]int{200, 100, 100}) != 1 || FastestPhase([]int{0, 0}) != 0 {
		t.Fatal("the fastest phase is the first of the lowest impacts")
	}
}

// R-QX-08: a car's best time counts; a penalty card is cancelled by a
// later attempt, not by an earlier one.
func TestAdvancedQualifyingBestTime(t *testing.T) {
	at := func(phase, chrono int) int { return chrono + 100*phase }
	p := decks.Penalty
	for _, c := range []struct {
		tries   []aqTry
		best    int
		penalty bool
	}{
		{nil, NoTime, false},
		{[]aqTry{{0, 600, "careful"}, {2, 450, "risky"}}, 600, false}, // 600 vs 450 + 200
		{[]aqTry{{0, p, "risky"}, {1, 500, "careful"}}, 600, false},
		{[]aqTry{{0, 500, "careful"}, {1, p, "risky"}}, 500, true},
		{[]aqTry{{0, p, "risky"}}, NoTime, true},
	} {
		best, penalty := bestTime(c.tries, at)
		if best != c.best || penalty != c.penalty {
			t.Fatalf("%v: best %d penalty %v, want %d %v", c.tries, best, penalty, c.best, c.penalty)
		}
	}
}

// R-QX-04, R-QX-05: the humidity unchanged, the track's improvement goes
// on every earlier phase; drier, 0.400 a degree on every earlier phase;
// wetter, on this phase and the next.
func TestAdvancedQualifyingImpacts(t *testing.T) {
	for _, c := range []struct {
		prev, h, blue int
		want          []int
	}{
		{2, 2, 7, []int{200, 200, 0}},
		{5, 2, 9, []int{1200, 1200, 0}},
		{2, 5, 0, []int{0, 0, 1200}},
		{2, 2, 1, []int{0, 0, 0}},
	} {
		g, _ := newSeededStd(t, 2, "aq-impact", OptAdvancedQuali)
		aq := g.Race.AQ
		aq.Phase, aq.PhaseHum, aq.Hum, aq.Impact = 2, []int{c.prev, c.prev, c.h}, c.h, []int{0, 0, 0}
		g.phaseImpact(c.blue)
		if !slices.Equal(aq.Impact, c.want) {
			t.Fatalf("humidity %d → %d, blue %d: impacts %v, want %v", c.prev, c.h, c.blue, aq.Impact, c.want)
		}
	}
	g, _ := newSeededStd(t, 2, "aq-impact", OptAdvancedQuali)
	aq := g.Race.AQ
	aq.Phase, aq.PhaseHum, aq.Hum, aq.Impact = 1, []int{2, 5}, 5, []int{0, 0, 0}
	g.phaseImpact(0)
	if !slices.Equal(aq.Impact, []int{0, 1200, 1200}) {
		t.Fatalf("wetter in the middle phase: %v, want the middle and the end", aq.Impact)
	}
}

// R-QX-02, R-QX-03, R-QX-06, R-QX-07: Q2 in three phases and Q3 in two,
// one sealed order each; at most two attempts a session (a third is
// refused and changes nothing, and only passing is offered); each system
// car one time a session, in the fastest phase; each car's best time is
// its best card plus its phase's impacts; then the grid.
func TestAdvancedQualifyingSessions(t *testing.T) {
	g, src := newSeededStd(t, 2, "aq-sessions", OptAdvancedQuali)
	for ph := 1; ph <= 2; ph++ {
		sealAll(t, g, src, Order{Seat: 0, Deck: "careful"})
	}
	if !g.advQualifying() || g.Race.AQ.Phase != 2 {
		t.Fatalf("phase %s", g.Race.Phase)
	}
	if opts := g.Options(0); len(opts) != 1 || opts[0].Key != "pass" {
		t.Fatalf("after two attempts seat 1 is offered %v", opts)
	}
	before := snapshot(g)
	if _, err := g.Submit(Order{Seat: 0, Deck: "risky"}, src); !errors.Is(err, ErrIllegal) || !strings.Contains(err.Error(), "R-QX-06") {
		t.Fatalf("a third attempt: %v", err)
	}
	if snapshot(g) != before {
		t.Fatal("the refused attempt changed the game")
	}
	pass, err := ParseStandardKey(0, "pass")
	if err != nil {
		t.Fatal(err)
	}
	sealAll(t, g, src, pass)
	for g.advQualifying() {
		sealAll(t, g, src, g.Autopilot(0))
	}
	var phases []string
	for _, e := range g.Events {
		if e.Kind == "quali-phase" {
			phases = append(phases, e.Get("session")+"/"+e.Get("phase")+"/"+e.Get("of"))
		}
	}
	if strings.Join(phases, " ") != "q2/1/3 q2/2/3 q2/3/3 q3/1/2 q3/2/2" {
		t.Fatalf("phases %v", phases)
	}
	if g.Race.Phase != PhaseStart || len(g.Race.Quali.Grid)+len(g.Race.Quali.PitLane) != 18 {
		t.Fatalf("after qualifying: phase %s, grid %v", g.Race.Phase, g.Race.Quali.Grid)
	}
	// Q2: car 1's two times and the impacts rebuild its best time
	impact := make([]int, 3)
	chronos := map[int][]string{}
	best := map[int]string{}
	for _, e := range g.Events {
		if e.Get("session") != "q2" {
			continue
		}
		switch e.Kind {
		case "quali-impact":
			var v int
			fmt.Sscanf(strings.ReplaceAll(e.Get("time"), ".", ""), "%d", &v)
			k := e.Int("phase") - 1
			if e.Get("on") == "earlier" {
				for j := range k {
					impact[j] += v
				}
			} else {
				for j := k; j < min(k+2, 3); j++ {
					impact[j] += v
				}
			}
		case "chrono":
			chronos[e.Int("car")] = append(chronos[e.Int("car")], e.Get("phase")+":"+e.Get("time"))
		case "quali-best":
			best[e.Int("car")] = e.Get("time")
		}
	}
	for id, cs := range chronos {
		if g.car(id).System() && len(cs) != 1 {
			t.Fatalf("system car %d has %d times in Q2 (R-QX-07): %v", id, len(cs), cs)
		}
		if g.car(id).System() && cs[0][:1] != fmt.Sprint(FastestPhase(impact)+1) {
			t.Fatalf("system car %d's time is in phase %s, the fastest is %d", id, cs[0][:1], FastestPhase(impact)+1)
		}
	}
	if len(chronos[1]) != 2 {
		t.Fatalf("car 1's Q2 times %v", chronos[1])
	}
	want := NoTime
	for _, c := range chronos[1] {
		var ph, v int
		if _, err := fmt.Sscanf(c, "%d:.%d", &ph, &v); err == nil {
			want = min(want, v+impact[ph-1])
		}
	}
	if want != NoTime && best[1] != aqTime(want) {
		t.Fatalf("car 1's best %s, want %s (times %v, impacts %v)", best[1], aqTime(want), chronos[1], impact)
	}
}

// R-VAR-05, R-QX-06, R-QB-05: with two cars a seat, nine seats have
// eighteen player cars, whose draws may pass a session deck's 32 cards
// (two attempts each in the advanced qualifying, a redraw each in the
// basic one): the deck is then shuffled again whole, a recorded shuffle,
// and qualifying goes on.
func TestSessionDeckShuffledAgain(t *testing.T) {
	for _, o := range []struct {
		opt  []string
		deck Order
	}{
		{[]string{OptTwoCars, OptAdvancedQuali}, Order{Deck: "risky"}},
		{[]string{OptTwoCars}, Order{Deck: "risky", Redraw: 1}},
	} {
		g, src := newSeededStd(t, 9, "deck-again", o.opt...)
		for round := 0; g.Race.Phase == PhaseQuali; round++ {
			for s := range 9 {
				ord := g.Autopilot(s)
				if round < 2 && (!g.advQualifying() || g.mayAttempt(s)) {
					ord = o.deck
					ord.Seat = s
				}
				if _, err := g.Submit(ord, src); err != nil {
					t.Fatalf("%v, round %d, seat %d: %v", o.opt, round+1, s+1, err)
				}
			}
		}
		if !strings.Contains(eventsOf(g, 0, "shuffle"), "for=deck-chrono-q2-risky-again") {
			t.Fatalf("%v: the risky deck was not shuffled again", o.opt)
		}
		if g.Race.Phase != PhaseStart && g.Race.Phase != PhaseRace {
			t.Fatalf("%v: qualifying did not end: %s", o.opt, g.Race.Phase)
		}
	}
}
