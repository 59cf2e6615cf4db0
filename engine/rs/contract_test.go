package rs

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/dice"
)

// randomKey is an order key as a careless or hostile player might send
// one: garbage, or parts of real keys put together at random.
func randomKey(rng *rand.Rand) string {
	if rng.IntN(6) == 0 {
		b := make([]byte, rng.IntN(12))
		for i := range b {
			b[i] = byte(rng.IntN(95) + 32)
		}
		return string(b)
	}
	parts := []string{"risk", "tapez", "economise", "careful", "risky", "lucky", "inside", "outside", "straight", "stay", "pass",
		"redraw-400", "redraw-6", "redraw-0", "tyres-soft", "tyres-slick", "pit-soft-careful", "pit-hard-risky", "pit-inter-careful-keep-nose", "pit-rain", "pit-wet-careful"}
	var key []string
	if rng.IntN(3) > 0 {
		key = append(key, fmt.Sprint(290+rng.IntN(13)))
	}
	for range rng.IntN(4) {
		key = append(key, parts[rng.IntN(len(parts))])
	}
	return strings.Join(key, "+")
}

// TestContractRefusalChangesNothing feeds thousands of random orders to
// real races through the contract, at every moment of them (family game,
// standard game with qualifying, with the advanced qualifying and the
// weather, with the quick start and two cars a seat): an order refused
// leaves the game deeply equal to a copy taken before (every field, the
// unexported ones too, compared copy to copy) and its record text byte-identical; a refusal is
// always engine.ErrIllegal.
func TestContractRefusalChangesNothing(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 31))
	cfgs := []Config{
		{Mode: Family, Seats: 3},
		{Mode: Standard, Seats: 2},
		{Mode: Standard, Seats: 3, AdvancedQuali: true, Weather: true, TyreAllocation: true},
		{Mode: Standard, Seats: 2, QuickStart: true, TwoCars: true, SmallHands: true, TeamPits: true},
	}
	races, tries := 3, 16
	if testing.Short() {
		races, tries = 1, 8
	}
	refused, accepted := 0, 0
	for ci, cfg := range cfgs {
		for race := range races {
			src := dice.NewSeeded(SeedFrom(fmt.Sprintf("contract-%d-%d", ci, race)))
			g, err := NewGame("contract", cfg, circuit(t, []string{"windmere", "cragsby"}[race%2]), src)
			if err != nil {
				t.Fatal(err)
			}
			c := Contract{G: g, Say: say}
			for guard := 0; !c.Over(); guard++ {
				if guard > 5000 {
					t.Fatalf("config %d race %d does not end", ci, race)
				}
				for range 1 + rng.IntN(tries) {
					seat := rng.IntN(c.Seats()+2) - 1
					key := randomKey(rng)
					before, text := g.clone(), recordText(g)
					st, err := c.Submit(seat, key, src)
					if err == nil {
						accepted++ // a legal order after all: the race goes on with it
						continue
					}
					refused++
					if !errors.Is(err, engine.ErrIllegal) {
						t.Fatalf("config %d: seat %d key %q: %v is not engine.ErrIllegal", ci, seat, key, err)
					}
					if len(st.Events) != 0 {
						t.Fatalf("config %d: a refusal returned events", ci)
					}
					if recordText(g) != text || !reflect.DeepEqual(before, g.clone()) { // both copies: clone writes an empty map for a nil one
						t.Fatalf("config %d race %d turn %d: refused order %q of seat %d changed the game", ci, race, g.Turn, key, seat)
					}
				}
				for _, d := range c.Pending() {
					key, ok := c.Autopilot(d.Seat)
					if !ok {
						t.Fatalf("seat %d is pending but has no autopilot order", d.Seat)
					}
					st, err := c.Submit(d.Seat, key, src)
					if err != nil {
						t.Fatalf("config %d: the autopilot's %q: %v", ci, key, err)
					}
					if len(st.Events) == 0 {
						t.Fatalf("an order caused no event")
					}
				}
			}
			if _, err := c.Submit(0, "297", src); !errors.Is(err, engine.ErrOver) {
				t.Fatalf("an order after the flag: %v, want engine.ErrOver", err)
			}
		}
	}
	if refused < 2000 && !testing.Short() {
		t.Fatalf("only %d refused orders were tried", refused)
	}
	t.Logf("%d refused orders changed nothing; %d random orders were legal", refused, accepted)
}

func recordText(g *Game) string {
	var b strings.Builder
	for _, e := range g.Events {
		b.WriteString(e.Text())
		b.WriteByte('\n')
	}
	return b.String()
}

// TestContractEventsAndAudience: a Step holds exactly the events the order
// added to the record, with their audience: a sealed order is its seat's,
// the "sealed" notice everyone's.
func TestContractEventsAndAudience(t *testing.T) {
	src := dice.NewSeeded(SeedFrom("contract-audience"))
	g, err := NewGame("audience", Config{Mode: Family, Seats: 2}, circuit(t, "windmere"), src)
	if err != nil {
		t.Fatal(err)
	}
	c := Contract{G: g, Say: say}
	n := len(c.Events())
	key, _ := c.Autopilot(1)
	st, err := c.Submit(1, key, src)
	if err != nil {
		t.Fatal(err)
	}
	all := c.Events()
	if len(all) != n+len(st.Events) {
		t.Fatalf("the step has %d events, the record grew by %d", len(st.Events), len(all)-n)
	}
	for i, e := range st.Events {
		if all[n+i].Line() != e.Line() {
			t.Fatalf("event %d: step %q, record %q", i, e.Line(), all[n+i].Line())
		}
	}
	if st.Events[0].Kind() != "order" || !st.Events[0].Audience().Includes(1, false) || st.Events[0].Audience().Includes(0, false) || st.Events[0].Audience().Includes(-1, false) {
		t.Fatalf("the sealed order %q must be seat 2's alone", st.Events[0].Line())
	}
	if !st.Events[0].Audience().Includes(0, true) {
		t.Fatal("once the race is over every event is public")
	}
	if st.Events[1].Kind() != "sealed" || !st.Events[1].Audience().Everyone() {
		t.Fatalf("everyone learns that seat 2 ordered: %q", st.Events[1].Line())
	}
	if got := engine.For(st.Events, 0, false); len(got) != 1 || got[0].Kind() != "sealed" {
		t.Fatalf("seat 1 reads %d events of seat 2's order", len(got))
	}
	if _, ok := c.Autopilot(1); ok {
		t.Fatal("a seat that ordered is not awaited")
	}
	if len(c.Pending()) != 1 || c.Pending()[0].Seat != 0 || !c.Pending()[0].Secret {
		t.Fatalf("seat 1 is awaited, secretly: %+v", c.Pending())
	}
	if len(c.Options(1)) == 0 {
		t.Fatal("a sealed seat may still change its order: it has options")
	}
	if f := c.Facts(0, c.Options(0)[0].Key, French); !strings.Contains(f, "km/h") {
		t.Fatalf("facts in French: %q", f)
	}
	if s := c.Status(0, English); !strings.Contains(s, "Your hand") || strings.Contains(c.Status(-1, English), "Your hand") {
		t.Fatalf("the status shows a hand to its seat only:\n%s", s)
	}
}
