package rs

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/rs/decks"
)

// checkInvariants: one car per square (gaps never negative), the file
// shorter than a lap, every card in exactly one place.
func checkInvariants(t *testing.T, g *Game, where string) {
	t.Helper()
	seen := map[int]int{}
	minD, maxD := 1<<30, -1<<30
	for _, c := range g.Cars {
		if c.Out {
			continue
		}
		if other, ok := seen[c.Dist]; ok {
			t.Fatalf("%s: cars %d and %d on one square", where, other, c.ID)
		}
		seen[c.Dist] = c.ID
		minD, maxD = min(minD, c.Dist), max(maxD, c.Dist)
		if g.Gap(c) < 0 {
			t.Fatalf("%s: car %d gap %d", where, c.ID, g.Gap(c))
		}
	}
	if maxD-minD >= g.Circuit.Len() {
		t.Fatalf("%s: the file spans %d squares, a lap is %d (lapping is not in the family game)", where, maxD-minD, g.Circuit.Len())
	}
	hippo := slices.Sorted(slices.Values(decks.Hippo))
	for s, seat := range g.Seats {
		all := slices.Concat(seat.Hand, seat.Pile, seat.Played)
		if !slices.Equal(slices.Sorted(slices.Values(all)), hippo) {
			t.Fatalf("%s: seat %d's speed cards %v are not its hippo set", where, s+1, all)
		}
	}
	green := slices.Concat(g.Green, g.GreenDiscard)
	if !slices.Equal(slices.Sorted(slices.Values(green)), slices.Sorted(slices.Values(decks.GreenFamily()))) {
		t.Fatalf("%s: green cards %v", where, green)
	}
	var risk []string
	for _, c := range slices.Concat(g.Risk, g.RiskDiscard) {
		risk = append(risk, c.String())
	}
	for _, c := range g.Cars {
		for _, k := range c.Cards {
			risk = append(risk, k.String())
		}
		if len(c.Cards) != c.Slow {
			t.Fatalf("%s: car %d has %d slow cards on board, slow %d", where, c.ID, len(c.Cards), c.Slow)
		}
	}
	var want []string
	for _, c := range g.Cfg.Risk.Cards {
		want = append(want, c.String())
	}
	slices.Sort(risk)
	slices.Sort(want)
	if !slices.Equal(risk, want) {
		t.Fatalf("%s: risk cards %v, want %v", where, risk, want)
	}
}

// Properties over hundreds of races: random legal orders (risk
// included), deadlines at random, both circuits, 2 to 6 players. No
// crash, the invariants hold after every call, the race ends after 12
// turns, and every record replays byte for byte and verifies.
func TestPropertiesOverManyRaces(t *testing.T) {
	races := 400
	if testing.Short() {
		races = 60
	}
	rng := rand.New(rand.NewPCG(17, 2026)) // fixed: the same races every run
	for i := range races {
		track := []string{"windmere", "cragsby"}[i%2]
		seats := 2 + i%5
		seed := SeedFrom(fmt.Sprintf("prop-%d", i))
		src := dice.NewSeeded(seed)
		id := fmt.Sprintf("prop-%d", i)
		g, err := NewGame(id, Config{Mode: Family, Seats: seats}, circuit(t, track), src)
		if err != nil {
			t.Fatal(err)
		}
		checkInvariants(t, g, id+" setup")
		playRandomly(t, g, src, rng, 1000, randomOrder, func(where string) { checkInvariants(t, g, id+" "+where) })
		for _, e := range g.Events { // R-RSK-05: system cars never draw risk cards
			if e.Kind == "risk-card" && g.car(e.Int("car")).System() {
				t.Fatalf("%s: a system car drew a risk card (R-RSK-05)", id)
			}
		}
		if g.Turn != FamilyTurns || len(g.Classification()) != seats+2 {
			t.Fatalf("%s: over at turn %d with %d classified", id, g.Turn, len(g.Classification()))
		}
		replaysAndVerifies(t, &Record{Game: id, Mode: Family, Seats: seats, Track: track, Commitment: dice.Commitment(seed), Seed: dice.FormatSeed(seed), Events: g.Events})
	}
}

// playRandomly plays g to its end as the property tests do: a random
// seat's random order (order), now and then a deadline passing instead;
// check runs after every call, told the turn.
func playRandomly(t *testing.T, g *Game, src Random, rng *rand.Rand, maxCalls int, order func(*Game, int, *rand.Rand) Order, check func(where string)) {
	t.Helper()
	for calls := 0; !g.Over; {
		if calls++; calls > maxCalls {
			t.Fatalf("%s: the race does not end", g.ID)
		}
		if rng.IntN(6) == 0 {
			if _, err := g.Expire(src); err != nil {
				t.Fatalf("%s: deadline: %v", g.ID, err)
			}
		} else {
			pend := g.Pending()
			d := pend[rng.IntN(len(pend))]
			if _, err := g.Submit(order(g, d.Seat, rng), src); err != nil {
				t.Fatalf("%s: %v", g.ID, err)
			}
		}
		check(fmt.Sprintf("turn %d", g.Turn))
	}
}

// replaysAndVerifies writes rec, reads it back, replays it without a die
// to the very same text, and verifies it against its seed.
func replaysAndVerifies(t *testing.T, rec *Record) {
	t.Helper()
	text := rec.Text()
	back, err := ParseRecord(text)
	if err != nil {
		t.Fatalf("%s: %v", rec.Game, err)
	}
	r, err := Replay(back)
	if err != nil {
		t.Fatalf("%s: replay: %v", rec.Game, err)
	}
	again := *rec
	again.Events = r.Events
	if again.Text() != text {
		t.Fatalf("%s: the replay's record differs", rec.Game)
	}
	if _, _, err := Verify(back); err != nil {
		t.Fatalf("%s: verify: %v", rec.Game, err)
	}
}

// The autopilot's race is a function of the seed alone.
func TestSimulateIsDeterministic(t *testing.T) {
	for _, seats := range []int{2, 6} {
		_, a, err := Simulate(Config{Mode: Family, Seats: seats}, "windmere", SeedFrom("det"))
		if err != nil {
			t.Fatal(err)
		}
		_, b, _ := Simulate(Config{Mode: Family, Seats: seats}, "windmere", SeedFrom("det"))
		if a.Text() != b.Text() {
			t.Fatal("two simulations of one seed differ")
		}
	}
}

func BenchmarkFamilyRace(b *testing.B) {
	seed := SeedFrom("bench")
	for b.Loop() {
		if _, _, err := Simulate(Config{Mode: Family, Seats: 6}, "cragsby", seed); err != nil {
			b.Fatal(err)
		}
	}
}
