package rs

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/rs/decks"
)

// checkStdInvariants: one car per square round the loop (gaps never
// negative), every speed card, green card and shared-deck card in exactly
// one place.
func checkStdInvariants(t *testing.T, g *Game, initial map[string][]string, where string) {
	t.Helper()
	seen := map[int]int{}
	f := g.File()
	if ph := g.Race.Phase; ph == PhaseQuali || ph == PhaseStart {
		f = nil // the cars are not on the track yet
	}
	for i, c := range f {
		sq := g.square(c.Dist)
		if other, ok := seen[sq]; ok {
			t.Fatalf("%s: cars %d and %d on square %d", where, other, c.ID, sq)
		}
		seen[sq] = c.ID
		if i > 0 && g.between(c, f[i-1]) < 0 {
			t.Fatalf("%s: car %d gap %d", where, c.ID, g.between(c, f[i-1]))
		}
	}
	for s, seat := range g.Seats {
		all := slices.Concat(seat.Hand, seat.Pile, seat.Played)
		want := decks.Blocks(1)
		if len(seat.Played) >= 8 && g.Turn > 8 {
			all = slices.Concat(seat.Hand, seat.Pile, seat.Played[8:])
			want = decks.Blocks(2)
		}
		slices.Sort(all)
		slices.Sort(want)
		if !slices.Equal(all, want) {
			t.Fatalf("%s: seat %d's speed cards %v, want %v", where, s+1, all, want)
		}
	}
	green := slices.Concat(g.Green, g.GreenDiscard)
	slices.Sort(green)
	want := decks.GreenStandard(g.Turn)
	if g.Over {
		want = decks.Blocks(4)
	}
	slices.Sort(want)
	if !slices.Equal(green, want) {
		t.Fatalf("%s: green cards %v", where, green)
	}
	for s, sets := range g.Std.Sets { // R-ADV-01
		for ty, n := range sets {
			if n < 0 || n > TyreSets[ty] {
				t.Fatalf("%s: seat %d has %d sets of %s", where, s+1, n, ty)
			}
		}
	}
	now := g.sharedCards()
	for k, v := range initial {
		if !slices.Equal(now[k], v) {
			t.Fatalf("%s: the %s deck holds %v, it had %v", where, k, now[k], v)
		}
	}
}

// randomStdOrder: a legal order at random, sometimes with a stop.
func randomStdOrder(g *Game, seat int, rng *rand.Rand) Order {
	opts := g.Options(seat)
	op := opts[rng.IntN(len(opts))]
	o, err := ParseStandardKey(seat, op.Key)
	if err != nil {
		panic(err)
	}
	if g.Race.Phase == PhaseStart && rng.IntN(2) == 0 {
		o.Tyre = []Tyre{Hard, Soft, Inter, Rain}[rng.IntN(4)]
		if !g.MayFit(seat, o.Tyre) {
			o.Tyre = ""
		}
	}
	if tyres := g.PitTyres(seat); o.Deck == "" && g.Race.Phase == PhaseRace && len(tyres) > 0 && rng.IntN(8) == 0 {
		o.Pit, o.Tyre, o.Deck, o.KeepNose = true, tyres[rng.IntN(len(tyres))], []string{"careful", "risky"}[rng.IntN(2)], rng.IntN(3) == 0
	}
	return o
}

// Properties over hundreds of standard races: random legal orders and
// deadlines, 1 to 9 players, both circuits, with and without the optional
// rules. No crash; after every call one car per square and every card in
// one place; the race ends after 24 turns with every car classified or
// retired; each record replays byte for byte and verifies.
func TestStandardPropertiesOverManyRaces(t *testing.T) {
	races := 200
	if testing.Short() {
		races = 30
	}
	rng := rand.New(rand.NewPCG(24, 2026))
	for i := range races {
		track := []string{"windmere", "cragsby"}[i%2]
		seats := 1 + i%9
		cfg := Config{Mode: Standard, Seats: seats, Weather: i%3 != 0, SystemOnly: i%4 == 1, QuickStart: i%5 == 0, FullEvents: i%7 == 3,
			TyreAllocation: i%4 == 2, TeamPits: i%3 == 2, Manufacturer: i%5 == 3, FixedFast: i%6 == 4,
			TwoCars: i%8 == 5, SmallHands: i%7 == 1, ThreeFast: i%6 == 1,
			TwoPiles: i%9 == 2, AdvancedQuali: i%5 == 2}
		seed := SeedFrom(fmt.Sprintf("std-prop-%d", i))
		src := dice.NewSeeded(seed)
		id := fmt.Sprintf("std-prop-%d", i)
		g, err := NewGame(id, cfg, circuit(t, track), src)
		if err != nil {
			t.Fatal(err)
		}
		initial := g.sharedCards()
		checkStdInvariants(t, g, initial, id+" setup")
		playRandomly(t, g, src, rng, 2000, randomStdOrder, func(where string) { checkStdInvariants(t, g, initial, id+" "+where) })
		retired := 0
		for _, c := range g.Cars {
			if c.Out {
				retired++
			}
		}
		if g.Turn != StandardTurns || len(g.Classification())+retired != 18 {
			t.Fatalf("%s: over at turn %d with %d classified and %d retired", id, g.Turn, len(g.Classification()), retired)
		}
		replaysAndVerifies(t, &Record{Game: id, Mode: Standard, Seats: seats, Optional: cfg.Optional(), Track: track, Commitment: dice.Commitment(seed), Seed: dice.FormatSeed(seed), Events: g.Events})
	}
}

// The autopilot's standard race is a function of the seed alone and
// replays from its record.
func TestStandardSimulate(t *testing.T) {
	cfg := Config{Mode: Standard, Seats: 3, Weather: true, QuickStart: true}
	g, a, err := Simulate(cfg, "cragsby", SeedFrom("std-det"))
	if err != nil {
		t.Fatal(err)
	}
	_, b, _ := Simulate(cfg, "cragsby", SeedFrom("std-det"))
	if a.Text() != b.Text() {
		t.Fatal("two simulations of one seed differ")
	}
	if !g.Over || g.Turn != StandardTurns || len(g.Cars) != 18 {
		t.Fatalf("over %v at turn %d with %d cars", g.Over, g.Turn, len(g.Cars))
	}
}

func BenchmarkStandardRace(b *testing.B) {
	seed := SeedFrom("bench")
	for b.Loop() {
		if _, _, err := Simulate(Config{Mode: Standard, Seats: 4, Weather: true, QuickStart: true}, "cragsby", seed); err != nil {
			b.Fatal(err)
		}
	}
}

// readsAsProse fails when e does not read as a sentence in English and
// French: empty, record syntax, a formatting error, or the fallback.
func readsAsProse(t *testing.T, g *Game, e Event) {
	t.Helper()
	for _, lang := range []string{English, French} {
		s := describe(g, e, lang)
		if s == "" || strings.Contains(s, "=") || strings.Contains(s, "%!") || strings.Contains(s, "Something happened") || strings.Contains(s, "Il s'est passé") {
			t.Fatalf("%s (%s): %q", e.Text(), lang, s)
		}
	}
}

// Every event of standard races reads as prose in English and French.
func TestStandardRaceReadsAsProse(t *testing.T) {
	seen := map[string]bool{}
	for i := range 30 {
		g, _, err := Simulate(Config{Mode: Standard, Seats: 1 + i%9, Weather: true, QuickStart: i%3 == 0}, "cragsby", SeedFrom(fmt.Sprint("prose", i)))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range g.Events {
			if seen[e.Kind] && e.Kind != "order" && e.Kind != "play" {
				continue
			}
			seen[e.Kind] = true
			readsAsProse(t, g, e)
		}
	}
	for _, k := range []string{"safety-car-out", "line-up", "restart", "rolling", "exchange", "sc-choice", "weather", "tyres"} {
		if !seen[k] {
			t.Errorf("no %s event in 30 races", k)
		}
	}
}

// No standard order is revealed early, in any phase (qualifying, the
// start, green-flag and safety-car turns): after every call each seat
// reads no other seat's order of the phase in progress and no deck order;
// the reveal of a phase comes in the step of its last order.
func TestNoStandardOrderIsRevealedEarly(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 17))
	reveals := map[string]bool{"play": true, "sc-choice": true, "quali-order": true, "launch": true, "quali-attempt": true}
	for i := range 12 {
		seats := 2 + i%4
		src := dice.NewSeeded(SeedFrom(fmt.Sprintf("std-secret-%d", i)))
		cfg := Config{Mode: Standard, Seats: seats, Weather: true, TwoCars: i%3 == 1, SmallHands: i%4 == 2, TyreAllocation: i%2 == 1, AdvancedQuali: i%3 == 0}
		g, err := NewGame("s", cfg, circuit(t, "cragsby"), src)
		if err != nil {
			t.Fatal(err)
		}
		for !g.Over {
			pend := g.Pending()
			st, err := g.Submit(randomStdOrder(g, pend[rng.IntN(len(pend))].Seat, rng), src)
			if err != nil {
				t.Fatal(err)
			}
			revealed := false
			for _, e := range st.Events {
				revealed = revealed || e.Kind == "reveal"
			}
			if !revealed {
				for _, e := range st.Events {
					if reveals[e.Kind] {
						t.Fatalf("race %d: %q before the reveal", i, e.Text())
					}
				}
			}
			if g.Over {
				break
			}
			for s := range seats {
				for _, e := range g.EventsFor(s) {
					switch {
					case e.Kind == "order" && e.Int("seat") != s+1, e.Kind == "deal" && e.Int("seat") != s+1:
						t.Fatalf("race %d: seat %d reads %q", i, s+1, e.Text())
					case e.Kind == "shuffle" && e.Get("perm") != "":
						t.Fatalf("race %d: seat %d reads a deck order %q", i, s+1, e.Text())
					}
				}
			}
		}
	}
}

// A refused standard order changes nothing: random illegal orders at
// random moments of standard races are refused and leave the game, its
// standard state included, exactly as it was.
func TestRefusedStandardOrdersChangeNothing(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 17))
	bad := []Order{{Card: 301}, {Card: 296, Tapez: true, Economise: true}, {Card: 296, Risk: true, Economise: true},
		{Deck: "risky", Dir: "sideways"}, {Pit: true, Tyre: "slicks", Deck: "careful"}, {Card: 296, Deck: "risky"},
		{Pit: true, Tyre: Hard, Deck: "lucky"}, {Deck: "careful", Redraw: 20, Dir: Inside}, {Card: 296, Dir: Inside}, {Tyre: Soft}}
	state := func(g *Game) string {
		s := snapshot(g) + fmt.Sprintf("%+v %+v %+v %+v", *g.Std, *g.Race, g.Race.Quali, g.Race.Events)
		if aq := g.Race.AQ; aq != nil { // the advanced qualifying's own state
			s += fmt.Sprintf("%+v %+v", *aq, *aq.Run)
		}
		return s
	}
	for i := range 6 {
		src := dice.NewSeeded(SeedFrom(fmt.Sprintf("std-refuse-%d", i)))
		g, err := NewGame("r", Config{Mode: Standard, Seats: 3, Weather: true, QuickStart: i%2 == 0, AdvancedQuali: i%2 == 1, TyreAllocation: i%3 == 0}, circuit(t, "windmere"), src)
		if err != nil {
			t.Fatal(err)
		}
		for !g.Over {
			pend := g.Pending()
			seat := pend[rng.IntN(len(pend))].Seat
			o := bad[rng.IntN(len(bad))]
			o.Seat = seat
			before := state(g)
			if _, err := g.Submit(o, src); err == nil {
				t.Fatalf("race %d, %s: %+v accepted", i, g.Race.Phase, o)
			}
			if state(g) != before {
				t.Fatalf("race %d: a refused order changed the game", i)
			}
			if _, err := g.Submit(g.Autopilot(seat), src); err != nil {
				t.Fatal(err)
			}
		}
	}
}
