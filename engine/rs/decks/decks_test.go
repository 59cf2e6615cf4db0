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
	src := "rs-deck 1\ndeck risk\ncard sun x10\ncard fire\ncard off\ncard slow-2\ncard sun x0\ncolour red\n"
	_, err := Parse("league", src)
	if err == nil {
		t.Fatal("bad deck accepted")
	}
	for _, want := range []string{`line 4: deck risk has no "fire"`, "line 5: off cards carry a number", "line 6: slow cards carry no number",
		`line 7: card count "x0"`, `line 8: unknown key "colour"`, "missing name", "deck risk has 10 cards; the rules give it 24"} {
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
	f.Add(RiskHouse)
	f.Add("rs-deck 1\ndeck risk\ncard off-99 x99\n")
	f.Fuzz(func(t *testing.T, src string) {
		d, err := Parse("fuzz", src)
		if err != nil {
			return
		}
		sp := specs[d.ID]
		if len(d.Cards) != sp.size {
			t.Fatalf("accepted %d cards for %s", len(d.Cards), d.ID)
		}
		for _, c := range d.Cards {
			back, err := ParseCard(c.String())
			if err != nil || back != c {
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
		if c.String() != s && !strings.Contains(s, "-0") {
			back, err := ParseCard(c.String())
			if err != nil || back != c {
				t.Fatalf("%q → %v does not round trip", s, c)
			}
		}
	})
}
