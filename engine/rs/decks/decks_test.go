package decks

import (
	"slices"
	"strings"
	"testing"
)

// R-FAM-02, AMB-06: 12 hippo cards per colour, the green deck twice that.
func TestHippoAndGreenCounts(t *testing.T) {
	if len(Hippo) != 12 || len(GreenFamily()) != 24 {
		t.Fatalf("hippo %d, green %d", len(Hippo), len(GreenFamily()))
	}
	sum := 0
	for _, v := range Hippo {
		if v < 293 || v > 300 {
			t.Fatalf("speed %d outside 293-300", v)
		}
		sum += v
	}
	if sum*2 != 296*2*12+12 { // mean 296.5
		t.Fatalf("hippo mean %v, want 296.5", float64(sum)/12)
	}
	for _, v := range Block {
		if !slices.Contains(Hippo, v) {
			t.Fatalf("hippo set lacks %d: it must hold a whole block", v)
		}
	}
}

// §2.2: the risk-incident deck has 24 cards of three kinds (R-RSK-04).
func TestHouseRiskDeck(t *testing.T) {
	d, err := House("risk")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Cards) != 24 || !strings.HasPrefix(d.Name, "Pitwall house decks") {
		t.Fatalf("%d cards, name %q", len(d.Cards), d.Name)
	}
	kinds := map[string]int{}
	for _, c := range d.Cards {
		kinds[c.Kind]++
	}
	if kinds["sun"] == 0 || kinds["off"] == 0 || kinds["slow"] == 0 || len(kinds) != 3 {
		t.Fatalf("kinds %v", kinds)
	}
}

func TestParseListsEveryProblem(t *testing.T) {
	src := "rs-deck 1\ndeck risk\ncard sun x10\ncard fire\ncard off\ncard slow-2\ncard sun x0\ncolour red\ncard collision:off-2/sun\n"
	_, err := Parse("league", src)
	if err == nil {
		t.Fatal("bad deck accepted")
	}
	for _, want := range []string{`line 4: deck risk has no "fire"`, "line 5: off cards carry a number", "line 6: slow cards carry no number",
		`line 7: card count "x0"`, `line 8: unknown key "colour"`, `line 9: deck risk has no "collision"`, "missing name", "deck risk has 10 cards; the rules give it 24"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("missing %q in %v", want, err)
		}
	}
	league := "rs-deck 1\ndeck risk\nname League transcription\ncard sun x20\ncard off-4 x4\n"
	d, err := Parse("league", league)
	if err != nil || len(d.Cards) != 24 || d.Cards[23].String() != "off-4" {
		t.Fatalf("a league deck: %v %v", d, err)
	}
}

func FuzzParse(f *testing.F) {
	for _, src := range houseSources {
		f.Add(src)
	}
	f.Add("rs-deck 1\ndeck risk\ncard off-99 x99\n")
	f.Fuzz(func(t *testing.T, src string) {
		d, err := Parse("fuzz", src)
		if err != nil {
			return
		}
		sp := specs[d.ID]
		if d.Len() != sp.size {
			t.Fatalf("accepted %d cards for %s", d.Len(), d.ID)
		}
		for _, c := range d.Cards {
			back, err := ParseCard(c.String())
			if err != nil || back.String() != c.String() {
				t.Fatalf("card %v does not round trip: %v", c, err)
			}
		}
	})
}

func FuzzParseCard(f *testing.F) {
	f.Add("off-3")
	f.Add("sun")
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCard(s)
		if err != nil {
			return
		}
		back, err := ParseCard(c.String())
		if err != nil || back.String() != c.String() {
			t.Fatalf("%q → %v does not round trip", s, c)
		}
	})
}

// §2.2: every house deck parses, has the size the rules give and is named
// "Pitwall house decks" (AMB-30).
func TestEveryHouseDeck(t *testing.T) {
	want := map[string]int{"risk": 24, "start": 12, "dry": 72, "wet": 24, "pit": 15, "chrono-risky": 32, "chrono-careful": 32, "random-car": 18}
	total := 0
	for _, id := range DeckIDs {
		d, err := House(id)
		if err != nil {
			t.Fatal(err)
		}
		if d.Len() != want[id] || d.ID != id || !strings.HasPrefix(d.Name, "Pitwall house decks: ") {
			t.Errorf("%s: %d cards, id %s, name %q", id, d.Len(), d.ID, d.Name)
		}
		total += d.Len()
	}
	// 64 + 18 + 12 + 72 + 24 + 15 + 24 = 229 of the 277 shared cards
	// (the 18 team cards and 30 qualifying markers are not decks).
	if total != 229 {
		t.Fatalf("%d cards", total)
	}
}

// §2.2, R-QB-09, R-GRID-07/08, R-PIT-03: penalty chronos 2 risky + 1
// careful; 4 start incidents and 1 jump start among the 64; no pit
// incident in the careful deck; careful stops about 2 s slower.
func TestHouseChronoDecks(t *testing.T) {
	r, _ := House("chrono-risky")
	c, _ := House("chrono-careful")
	if err := CheckChronoPair(r, c); err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(ChronoCarefulHouse, "pit=4 yellow=1.2", "pit=mecano yellow=-", 1)
	if _, err := Parse("league", bad); err == nil || !strings.Contains(err.Error(), "no pit incident") {
		t.Fatalf("a mecano in the careful deck: %v", err)
	}
	bad = strings.Replace(ChronoRiskyHouse, "chrono=penalty", "chrono=.500", 1)
	if _, err := Parse("league", bad); err == nil || !strings.Contains(err.Error(), "1 penalty chronos; the rules give it 2") {
		t.Fatalf("one penalty in the risky deck: %v", err)
	}
	moved := strings.Replace(ChronoRiskyHouse, "start=jump", "start=5S", 1)
	r2, err := Parse("league", moved)
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckChronoPair(r2, c); err == nil || !strings.Contains(err.Error(), "0 jump starts") {
		t.Fatalf("no jump start: %v", err)
	}
	// the risky deck is the more extreme: its chronos spread wider
	spread := func(d *Deck) int {
		lo, hi := 999, 0
		for _, k := range d.Times {
			if k.Chrono >= 0 {
				lo, hi = min(lo, k.Chrono), max(hi, k.Chrono)
			}
		}
		return hi - lo
	}
	if spread(r) <= spread(c) {
		t.Fatalf("risky spread %d, careful %d", spread(r), spread(c))
	}
}

// §9.1d: the random-car groups hold 4, 5, 5 and 4 cars; one card a car.
func TestHouseRandomCarDeck(t *testing.T) {
	bad := strings.Replace(RandomCarHouse, "car=5 group=2", "car=5 group=1", 1)
	if _, err := Parse("league", bad); err == nil || !strings.Contains(err.Error(), "5/4/5/4") {
		t.Fatalf("groups: %v", err)
	}
	bad = strings.Replace(RandomCarHouse, "car=18 ", "car=17 ", 1)
	if _, err := Parse("league", bad); err == nil || !strings.Contains(err.Error(), "car 17 twice") {
		t.Fatalf("a car twice: %v", err)
	}
}

// Collision cards name each car's part; a kind the deck lacks is refused.
func TestCollisionCards(t *testing.T) {
	c, err := ParseCard("collision:nose-3/nose-3/off-4")
	if err != nil || len(c.Parts) != 3 || c.Parts[2].String() != "off-4" || c.String() != "collision:nose-3/nose-3/off-4" {
		t.Fatalf("%v %v", c, err)
	}
	for _, s := range []string{"collision:retire", "collision:a/b/c/d", "collision:collision:x/y", "safety-car-0", "-3", "off--3"} {
		if _, err := ParseCard(s); err == nil {
			t.Errorf("%q accepted", s)
		}
	}
	d, _ := House("dry")
	for _, k := range d.Cards {
		if k.Kind == "safety-car" && k.N == 0 {
			t.Fatal("a safety car without laps")
		}
	}
	bad := strings.Replace(DryHouse, "card damage x3", "card stall x3", 1)
	if _, err := Parse("league", bad); err == nil || !strings.Contains(err.Error(), `no "stall"`) {
		t.Fatalf("stall in the dry deck: %v", err)
	}
}

// R-SET-03, R-VSJ-01: the standard green deck is 16 cards for turns 1–8,
// 32 from turn 9, always whole blocks.
func TestGreenStandard(t *testing.T) {
	if len(GreenStandard(1)) != 16 || len(GreenStandard(8)) != 16 || len(GreenStandard(9)) != 32 || len(GreenStandard(24)) != 32 {
		t.Fatal("sizes")
	}
	count := map[int]int{}
	for _, v := range GreenStandard(9) {
		count[v]++
	}
	for _, v := range Block {
		if count[v] != 4 {
			t.Fatalf("%d appears %d times", v, count[v])
		}
	}
}
