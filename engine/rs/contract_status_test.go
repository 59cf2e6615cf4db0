package rs

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/phrase"
)

// keysOf lists every phrase key said in ps, nested ones included, with
// the string arguments each carries ("293, 296": a hand).
func keysOf(ps ...phrase.Phrase) []string {
	var out []string
	var walk func(a any)
	walk = func(a any) {
		switch v := a.(type) {
		case phrase.Phrase:
			if !v.IsZero() {
				out = append(out, v.Key)
			}
			for _, x := range v.Args {
				walk(x)
			}
		case phrase.List:
			for _, p := range v {
				walk(p)
			}
		case string:
			out = append(out, "arg:"+v)
		}
	}
	for _, p := range ps {
		walk(p)
	}
	return out
}

func reportKeys(r engine.Report) []string {
	ps := append([]phrase.Phrase{r.Progress}, r.Notes...)
	for _, st := range r.Standings {
		ps = append(ps, st.Facts...)
		ps = append(ps, st.State...)
	}
	return keysOf(ps...)
}

// What each reader reads of a running race (R-FAM-06, R-ORD-01): its own
// hand and its own sealed order, never another seat's; a spectator and
// the game master read neither; a pending order's options and their
// facts are said to its seat alone. Over seeded races with random orders,
// risk, changed orders and deadlines, after every call.
func TestContractReportAndAskedKeepEachSeatsSecrets(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 3))
	for i := range 12 {
		seats := 2 + i%4
		src := dice.NewSeeded(SeedFrom(fmt.Sprintf("report-%d", i)))
		g, err := NewGame("r", Config{Mode: Family, Seats: seats}, circuit(t, "windmere"), src)
		if err != nil {
			t.Fatal(err)
		}
		c := Contract{G: g, Say: say}
		sealedSeen := 0
		for !g.Over {
			for _, reader := range []int{-1, engine.Referee, 0, 1} {
				keys := reportKeys(c.Report(reader))
				if reader < 0 {
					if slices.Contains(keys, "rs.hand") || slices.ContainsFunc(keys, func(k string) bool { return strings.HasPrefix(k, "rs.mine") }) {
						t.Fatalf("race %d: reader %d reads a hand or a sealed order: %v", i, reader, keys)
					}
				} else {
					hand := "arg:" + strings.ReplaceAll(joinInts(g.Seats[reader].Hand), ",", ", ")
					if !slices.Contains(keys, hand) {
						t.Fatalf("race %d: seat %d does not read its own hand %s", i, reader+1, hand)
					}
					for s := range g.Seats {
						if other := "arg:" + strings.ReplaceAll(joinInts(g.Seats[s].Hand), ",", ", "); s != reader && other != hand && slices.Contains(keys, other) {
							t.Fatalf("race %d: seat %d reads seat %d's hand", i, reader+1, s+1)
						}
					}
					mine := slices.ContainsFunc(keys, func(k string) bool { return strings.HasPrefix(k, "rs.mine") })
					if mine != (g.Sealed[reader] != nil) {
						t.Fatalf("race %d: seat %d reads a sealed order %v, has sealed %v", i, reader+1, mine, g.Sealed[reader] != nil)
					}
					if mine {
						sealedSeen++
					}
				}
				for _, a := range c.Asked(reader, nil) {
					if a.Hidden != (a.Seat != reader) || (a.Hidden && len(a.Options) > 0) {
						t.Fatalf("race %d: reader %d reads seat %d's decision with %d options (hidden %v)", i, reader, a.Seat+1, len(a.Options), a.Hidden)
					}
					if !a.Hidden && len(a.Options) != len(g.Options(a.Seat)) {
						t.Fatalf("race %d: seat %d reads %d of its %d options", i, a.Seat+1, len(a.Options), len(g.Options(a.Seat)))
					}
				}
			}
			pend := g.Pending()
			if rng.IntN(6) == 0 {
				_, err = g.Expire(src)
			} else {
				_, err = g.Submit(randomOrder(g, pend[rng.IntN(len(pend))].Seat, rng), src)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		if sealedSeen == 0 {
			t.Fatalf("race %d: no seat ever read its own sealed order", i)
		}
		if r := c.Report(0); r.Progress.Args[0].(phrase.Phrase).Key != "rs.over" || len(r.Notes) != 0 {
			t.Fatalf("race %d over: %v", i, r)
		}
	}
}

// A reader's standing is marked as its own, the others' are not; a car
// out of the race has no place; the options' facts are OptionFacts'.
func TestContractReportNamesTheReadersCars(t *testing.T) {
	src := dice.NewSeeded(SeedFrom("report-names"))
	g, err := NewGame("r", Config{Mode: Family, Seats: 3}, circuit(t, "windmere"), src)
	if err != nil {
		t.Fatal(err)
	}
	c := Contract{G: g, Say: say}
	g.Cars[g.Seats[2].Car-1].Out = true
	for reader := -1; reader < 3; reader++ {
		r := c.Report(reader)
		if len(r.Standings) != len(g.Cars) {
			t.Fatalf("reader %d: %d standings for %d cars", reader, len(r.Standings), len(g.Cars))
		}
		for _, st := range r.Standings {
			head := st.Facts[0].Key
			switch {
			case st.Seat == 2:
				if head != "rs.out" || st.Place != 0 {
					t.Fatalf("reader %d: the car out reads %s, place %d", reader, head, st.Place)
				}
			case st.Seat == reader && reader >= 0:
				if head != "rs.name-you" {
					t.Fatalf("reader %d: its own car reads %s", reader, head)
				}
			default:
				if head != "rs.name" || st.Place == 0 {
					t.Fatalf("reader %d: seat %d's car reads %s, place %d", reader, st.Seat+1, head, st.Place)
				}
			}
		}
	}
	for _, a := range c.Asked(0, nil) {
		for _, o := range a.Options {
			if got, want := keysOf(o.Facts...), keysOf(c.OptionFacts(0, o.Key)...); !slices.Equal(got, want) || len(got) == 0 {
				t.Fatalf("option %s: facts %v, OptionFacts %v", o.Key, got, want)
			}
		}
	}
	if c.OptionFacts(1, "no-such-key") != nil || c.OptionFacts(7, "1") != nil {
		t.Fatal("facts of no option")
	}
}
