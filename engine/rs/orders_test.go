package rs

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/dice"
)

// Secret simultaneous orders (issue 17, R-ORD-01): an order is addressed
// to its seat only until every seat has ordered; the others learn only that the
// seat decided. Pending shows who must still order. Once revealed, the
// cards played are public to every seat (R-ORD-06).
func TestOrdersAreSealedUntilAllAreIn(t *testing.T) {
	g := newFamily(t, 3, testCircuit(nil), []int{1, 1, 1})
	src := scripted([]int{5, 5, 5})
	st, err := g.Submit(order(1, 297, true), src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range st.Events {
		for _, other := range []int{0, 2} {
			if e.VisibleTo(other, false) && (strings.Contains(e.Text(), "297") || e.Get("risk") != "") {
				t.Fatalf("seat %d can read %q", other+1, e.Text())
			}
		}
	}
	if !st.Events[0].VisibleTo(1, false) || st.Events[0].Kind != "order" {
		t.Fatalf("the seat cannot read its own order: %v", st.Events)
	}
	if st.Events[1].Text() != "sealed seat=2 turn=1" || !st.Events[1].VisibleTo(0, false) {
		t.Fatalf("the others should learn that seat 2 ordered: %v", st.Events[1].Text())
	}
	var pending []int
	for _, d := range g.Pending() {
		if !d.Secret {
			t.Fatal("a race order is secret")
		}
		pending = append(pending, d.Seat)
	}
	if len(pending) != 2 || pending[0] != 0 || pending[1] != 2 {
		t.Fatalf("pending %v", pending)
	}
	// nothing revealed yet
	for _, e := range g.Events {
		if e.Kind == "reveal" || e.Kind == "play" {
			t.Fatal("revealed before every seat ordered")
		}
	}
	g.Submit(order(0, 293, false), src)
	st, err = g.Submit(order(2, 300, false), src)
	if err != nil {
		t.Fatal(err)
	}
	plays := 0
	for _, e := range st.Events {
		if e.Kind == "play" {
			plays++
			if !e.VisibleTo(0, false) || !e.VisibleTo(2, false) {
				t.Fatal("a revealed order is public")
			}
		}
	}
	if plays != 3 {
		t.Fatalf("%d orders revealed", plays)
	}
	// after the race every event is public (the record is revealed)
	if !(Event{To: Audience{Hidden: true}}).VisibleTo(0, true) {
		t.Fatal("hidden events are public once the race is over")
	}
}

// An order may be changed until the reveal (the last one counts); the
// same order sent twice changes nothing (a duplicated order never
// applies twice).
func TestOrderChangeAndDuplicate(t *testing.T) {
	g := newFamily(t, 2, testCircuit(nil), []int{1, 1, 1})
	src := scripted([]int{5, 5, 5})
	g.Submit(order(0, 293, false), src)
	before := snapshot(g)
	st, err := g.Submit(order(0, 293, false), src)
	if err != nil || len(st.Events) != 0 || snapshot(g) != before {
		t.Fatalf("duplicate order: %v %v", st.Events, err)
	}
	if _, err := g.Submit(order(0, 300, true), src); err != nil {
		t.Fatal(err)
	}
	st, err = g.Submit(order(1, 293, false), src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range st.Events {
		if e.Kind == "play" && e.Int("seat") == 1 && (e.Int("card") != 300 || e.Get("risk") != "1") {
			t.Fatalf("the last order should count: %s", e.Text())
		}
	}
	if strings.Contains(joinInts(g.Seats[0].Played), "293") {
		t.Fatal("the replaced card was spent")
	}
}

// A failed order leaves the game byte-identical: refused orders, and an
// order whose resolution fails half-way (the dice script runs out after
// the comparisons changed positions).
func TestFailedSubmitChangesNothing(t *testing.T) {
	g := newFamily(t, 2, testCircuit(nil), []int{1, 1, 1})
	g.Submit(order(0, 300, false), scripted(nil))
	before := snapshot(g)
	for _, o := range []Order{order(5, 293, false), order(1, 301, false), order(-1, 293, false)} {
		if _, err := g.Submit(o, scripted(nil)); err == nil {
			t.Fatalf("%+v accepted", o)
		}
	}
	if _, err := g.Submit(order(1, 293, false), scripted([]int{5})); !errors.Is(err, dice.ErrScriptExhausted) {
		t.Fatalf("got %v, want the script exhausted", err)
	}
	if snapshot(g) != before {
		t.Fatalf("a failed order changed the game:\n%s\n---\n%s", before, snapshot(g))
	}
	if _, err := g.Expire(scripted(nil)); err == nil || snapshot(g) != before {
		t.Fatal("a failed deadline changed the game")
	}
}

// The deadline: seats that have not ordered get the autopilot's order,
// the lower median of the hand without risk (§7.3), marked as such.
func TestDeadlineAutopilot(t *testing.T) {
	g := newFamily(t, 3, testCircuit(nil), []int{1, 1, 1})
	src := scripted([]int{5, 5, 5})
	g.Submit(order(0, 300, true), src)
	st, err := g.Expire(src)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range st.Events {
		if e.Kind == "deadline" || (e.Kind == "order") {
			got = append(got, e.Text())
		}
	}
	// identity hands are 293..300: the lower median is 296.
	want := "deadline turn=1|order to=2 seat=2 card=296 risk=0 by=autopilot|order to=3 seat=3 card=296 risk=0 by=autopilot"
	if strings.Join(got, "|") != want {
		t.Fatalf("got %s", strings.Join(got, "|"))
	}
	if g.Turn != 2 {
		t.Fatalf("turn %d after the deadline", g.Turn)
	}
}

// Replays of hand-made games: a record with a deadline and a changed
// order replays and reproduces every line; a tampered record is refused
// naming the first differing event.
func TestReplayDeadlinesAndTampering(t *testing.T) {
	seed := SeedFrom("replay")
	src := dice.NewSeeded(seed)
	g, err := NewGame("g-1", Config{Mode: Family, Seats: 3}, circuit(t, "cragsby"), src)
	if err != nil {
		t.Fatal(err)
	}
	for !g.Over {
		g.Submit(order(0, g.Seats[0].Hand[len(g.Seats[0].Hand)-1], g.riskAllowed(g.car(1))), src)
		g.Submit(order(0, g.Seats[0].Hand[0], false), src) // changed my mind
		if _, err := g.Expire(src); err != nil {
			t.Fatal(err)
		}
	}
	rec := &Record{Game: "g-1", Mode: Family, Seats: 3, Track: "cragsby", Commitment: dice.Commitment(seed), Seed: dice.FormatSeed(seed), Events: g.Events}
	back, err := ParseRecord(rec.Text())
	if err != nil {
		t.Fatal(err)
	}
	r, err := Replay(back)
	if err != nil {
		t.Fatal(err)
	}
	if snapshot(r) != snapshot(g) {
		t.Fatal("the replay differs from the game")
	}
	if _, _, err := Verify(back); err != nil {
		t.Fatal(err)
	}
	// tamper: a different move
	text := rec.Text()
	i := strings.Index(text, "move by=")
	bad := text[:i] + "move by=11" + text[i+len("move by=")+1:]
	back, _ = ParseRecord(bad)
	var mm *MismatchError
	if _, err := Replay(back); !errors.As(err, &mm) || !strings.Contains(mm.Recorded, "move by=11") {
		t.Fatalf("tampered move: %v", err)
	}
	// tamper: a roll the seed did not give
	i = strings.Index(text, "die=blue value=")
	j := i + len("die=blue value=")
	v := (int(text[j]-'0') + 1) % 10
	bad = text[:j] + string(rune('0'+v)) + text[j+1:]
	back, _ = ParseRecord(bad)
	if _, _, err := Verify(back); !errors.Is(err, dice.ErrRollMismatch) {
		t.Fatalf("tampered roll: %v", err)
	}
	// tamper: a shuffle
	i = strings.Index(text, "perm=")
	bad = text[:i] + "perm=1,0," + text[i+len("perm=0,1,"):]
	if strings.HasPrefix(text[i:], "perm=1,0,") {
		bad = text[:i] + "perm=0,1," + text[i+len("perm=0,1,"):]
	}
	back, _ = ParseRecord(bad)
	if _, _, err := Verify(back); err == nil {
		t.Fatal("a tampered shuffle verified")
	}
}

func TestOrderKeys(t *testing.T) {
	for _, k := range []string{"297", "300+risk", " 293+RISK "} {
		o, err := ParseOrderKey(0, k)
		if err != nil {
			t.Fatal(err)
		}
		if o.Key() != strings.ToLower(strings.TrimSpace(k)) {
			t.Fatalf("%q → %q", k, o.Key())
		}
	}
	for _, k := range []string{"", "292", "301", "297+", "risk"} {
		if _, err := ParseOrderKey(0, k); err == nil {
			t.Fatalf("%q accepted", k)
		}
	}
}

func FuzzParseOrderKey(f *testing.F) {
	f.Add("297+risk")
	f.Fuzz(func(t *testing.T, k string) {
		o, err := ParseOrderKey(1, k)
		if err != nil {
			return
		}
		back, err := ParseOrderKey(1, o.Key())
		if err != nil || back != o {
			t.Fatalf("%q → %+v does not round trip", k, o)
		}
	})
}

func FuzzParseRecord(f *testing.F) {
	_, rec, err := Simulate(Config{Mode: Family, Seats: 2}, "windmere", SeedFrom("fuzz"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(rec.Text())
	f.Add("pitwall-record 1\ngame g\nrules rs\ntrack-begin\n| x\n")
	// a league's deck blocks, today's and the older risk-deck block
	f.Add("pitwall-record 1\ngame g\nrules rs\noption mode=standard\ntrack windmere\ndeck-begin pit\n| rs-deck 1\n| deck pit\n| name L\n| card drive-through x5\n| card time-9 x10\ndeck-end\nseats 2\ndice-source scripted\nevents\n")
	f.Add("pitwall-record 1\ngame g\nrules rs\noption mode=family\ntrack windmere\nrisk-deck-begin\n| rs-deck 1\n| deck risk\n| name L\n| card sun x24\nrisk-deck-end\nseats 2\ndice-source scripted\nevents\n")
	f.Fuzz(func(t *testing.T, text string) {
		r, err := ParseRecord(text)
		if err != nil {
			return
		}
		back, err := ParseRecord(r.Text())
		if err != nil {
			t.Fatalf("a parsed record does not parse back: %v", err)
		}
		if back.Text() != r.Text() {
			t.Fatal("record text not stable")
		}
		Replay(r) // must not panic
	})
}

func FuzzParseEvent(f *testing.F) {
	f.Add("order to=1,2 seat=1 card=297 risk=1")
	f.Add("shuffle to=none perm=1,0")
	f.Fuzz(func(t *testing.T, line string) {
		e, err := ParseEvent(line)
		if err != nil {
			return
		}
		back, err := ParseEvent(e.Text())
		if err != nil || back.Text() != e.Text() {
			t.Fatalf("%q → %q does not round trip: %v", line, e.Text(), err)
		}
	})
}

// a random legal order for seat, from a test-local generator.
func randomOrder(g *Game, seat int, rng *rand.Rand) Order {
	opts := g.Options(seat)
	o := opts[rng.IntN(len(opts))]
	return Order{Seat: seat, Card: o.Card, Risk: o.Risk}
}
