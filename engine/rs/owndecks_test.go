package rs

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/rs/decks"
)

// leagueVariant is a league's transcription of a house deck: the house
// text under a league's name with one kind of card changed (old → new).
type leagueVariant struct {
	kind, old, new string
	rule           string // the rule that draws this deck
}

var leagueVariants = []leagueVariant{
	{"start", "stop-go-5", "stop-go-9", "R-GRID-09"},
	{"dry", "off-4", "off-9", "R-EVT-04"},
	{"wet", "off-6", "off-9", "R-EVT-04"},
	{"pit", "time-5", "time-9", "R-PIT-06"},
	{"chrono-risky", "chrono=.031", "chrono=.032", "R-QB-03"},
	{"chrono-careful", "", "", "R-QB-03"}, // its first numbered chrono, one thousandth more
}

var firstChrono = regexp.MustCompile(`chrono=\.(\d{3})`)

// leagueDeck builds v's deck and returns it with the card strings the
// change turns one into the other.
func leagueDeck(t *testing.T, v leagueVariant) (d *decks.Deck, old, new string) {
	t.Helper()
	house := houseDeck(v.kind)
	src := strings.Replace(house.Source, "name Pitwall house decks: ", "name Ligue du Nord: ", 1)
	old, new = v.old, v.new
	if old == "" {
		m := firstChrono.FindStringSubmatch(src)
		old = m[0]
		var n int
		fmt.Sscan(m[1], &n)
		new = fmt.Sprintf("chrono=.%03d", n+1)
	}
	src = strings.Replace(src, "card "+old+" ", "card "+new+" ", 1)
	d, err := decks.Parse(v.kind+".deck", src)
	if err != nil {
		t.Fatal(err)
	}
	if d.Source == house.Source {
		t.Fatalf("%s: the league deck equals the house deck", v.kind)
	}
	return d, old, new
}

// pileOf is the draw pile the standard game keeps for a deck kind.
func pileOf(g *Game, kind string) []string {
	var out []string
	switch kind {
	case "start":
		for _, c := range g.Race.StartInc {
			out = append(out, c.String())
		}
	case "dry", "wet":
		pile := g.Race.Events.Dry
		if kind == "wet" {
			pile = g.Race.Events.Wet
		}
		for _, c := range pile {
			out = append(out, c.String())
		}
	case "pit":
		for _, c := range g.Std.PitInc {
			out = append(out, c.String())
		}
	default:
		for _, c := range g.Std.Chrono[strings.TrimPrefix(kind, "chrono-")] {
			out = append(out, fmt.Sprintf("%+v", c))
		}
	}
	return out
}

// AMB-30: each deck a league replaces feeds the draws of the rule that
// draws it (R-GRID-09 start incidents, R-EVT-04 race events, R-PIT-06 pit
// incidents, R-QB-03 Chrono/Start/Pit): the same seed shuffles the
// league's deck as it shuffled the house deck (same key, same size), so
// the pile holds the league's card wherever it held the changed one.
func TestLeagueDeckFeedsItsDraws(t *testing.T) {
	seed := SeedFrom("league decks")
	house, err := NewGame("league", Config{Mode: Standard, Seats: 3}, circuit(t, "windmere"), dice.NewSeeded(seed))
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range leagueVariants {
		t.Run(v.kind+" "+v.rule, func(t *testing.T) {
			d, _, _ := leagueDeck(t, v)
			cfg := Config{Mode: Standard, Seats: 3}
			if err := cfg.SetDeck(d); err != nil {
				t.Fatal(err)
			}
			if strings.HasPrefix(v.kind, "chrono-") { // the pair check: one thousandth moves no pit stop
				if err := cfg.checkDecks(); err != nil {
					t.Fatal(err)
				}
			}
			g, err := NewGame("league", cfg, circuit(t, "windmere"), dice.NewSeeded(seed))
			if err != nil {
				t.Fatal(err)
			}
			got, want := pileOf(g, v.kind), pileOf(house, v.kind)
			if len(got) != len(want) || len(got) == 0 {
				t.Fatalf("pile of %d cards, the house game's %d", len(got), len(want))
			}
			changed := 0
			for i := range got {
				if got[i] != want[i] {
					changed++
				}
			}
			if changed == 0 {
				t.Fatalf("the league's %s deck changed no card of the pile %v", v.kind, got)
			}
			if g.Events[0].Get("decks") == "" || !strings.Contains(g.Events[0].Get("decks"), v.kind+":") {
				t.Fatalf("setup names no digest of the league's deck: %s", g.Events[0].Text())
			}
		})
	}
}

// AMB-30, R-FAM-02: a deck the game never draws is refused with the
// reason; two decks of one kind are refused; a league's chrono deck must
// keep the pair's counts with the other (CheckChronoPair).
func TestLeagueDeckRefusals(t *testing.T) {
	start, _, _ := leagueDeck(t, leagueVariants[0])
	cfg := Config{Mode: Family, Seats: 2}
	if err := cfg.SetDeck(start); err != nil {
		t.Fatal(err)
	}
	if _, err := NewGame("f", cfg, circuit(t, "windmere"), dice.NewSeeded(SeedFrom("x"))); err == nil || !strings.Contains(err.Error(), "never drawn in the family game") {
		t.Fatalf("family game with a start deck: %v", err)
	}
	if err := cfg.SetDeck(start); err == nil || !strings.Contains(err.Error(), "two start decks") {
		t.Fatalf("a second start deck: %v", err)
	}
	cars := strings.Replace(decks.RandomCarHouse, "name Pitwall house decks:", "name League:", 1)
	rc, err := decks.Parse("cars.deck", cars)
	if err != nil {
		t.Fatal(err)
	}
	std := Config{Mode: Standard, Seats: 2}
	if err := std.SetDeck(rc); err != nil {
		t.Fatal(err)
	}
	if _, err := NewGame("s", std, circuit(t, "windmere"), dice.NewSeeded(SeedFrom("x"))); err == nil || !strings.Contains(err.Error(), "R-EVT-03") {
		t.Fatalf("a random-car deck: %v", err)
	}
	// the careful deck holding the risky deck's cards: its stops are no
	// longer about 2 squares slower (R-GRID-07/08, §2.2).
	risky := houseDeck("chrono-risky")
	src := strings.Replace(strings.Replace(risky.Source, "deck chrono-risky", "deck chrono-careful", 1), "name Pitwall house decks:", "name League:", 1)
	src = strings.ReplaceAll(src, "pit=mecano yellow=-", "pit=1 yellow=1.5")
	src = strings.Replace(src, "chrono=penalty", "chrono=.999", 1)
	careful, err := decks.Parse("careful.deck", src)
	if err != nil {
		t.Fatal(err)
	}
	pair := Config{Mode: Standard, Seats: 2}
	if err := pair.SetDeck(careful); err != nil {
		t.Fatal(err)
	}
	if _, err := NewGame("p", pair, circuit(t, "windmere"), dice.NewSeeded(SeedFrom("x"))); err == nil || !strings.Contains(err.Error(), "Chrono/Start/Pit") {
		t.Fatalf("a careful deck breaking the pair: %v", err)
	}
}

// AddDeckFiles lists every problem of every file, each under its name.
func TestAddDeckFilesListsEveryProblem(t *testing.T) {
	var cfg Config
	err := cfg.AddDeckFiles([]DeckFile{
		{File: "a.deck", Text: "rs-deck 1\ndeck risk\nname A\ncard sun x3\ncard boom\n"},
		{File: "b.deck", Text: "rs-deck 1\ndeck pit\n"},
	})
	if err == nil {
		t.Fatal("accepted")
	}
	for _, want := range []string{"a.deck: line 5:", "deck risk has 3 cards", "b.deck:", "missing name"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q lacks %q", err, want)
		}
	}
}

// leagueSim is a seeded standard race with every deck a league may
// replace replaced.
func leagueSim(t *testing.T) *Record {
	t.Helper()
	cfg := Config{Mode: Standard, Seats: 2}
	for _, v := range leagueVariants {
		d, _, _ := leagueDeck(t, v)
		if err := cfg.SetDeck(d); err != nil {
			t.Fatal(err)
		}
	}
	risk, err := decks.Parse("risk.deck", "rs-deck 1\ndeck risk\nname Ligue du Nord: risk\ncard sun x12\ncard off-4 x6\ncard slow x6\n")
	if err != nil {
		t.Fatal(err)
	}
	if err := cfg.SetDeck(risk); err != nil {
		t.Fatal(err)
	}
	_, rec, err := Simulate(cfg, "windmere", SeedFrom("league sim"))
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// AMB-30: the record carries every league deck, one block each; it
// round-trips, replays with them and verifies; a changed deck block no
// longer replays (the setup line holds each deck's digest).
func TestLeagueDecksRecord(t *testing.T) {
	rec := leagueSim(t)
	text := rec.Text()
	for _, k := range []string{"risk", "start", "dry", "wet", "pit", "chrono-risky", "chrono-careful"} {
		if !strings.Contains(text, "\ndeck-begin "+k+"\n| rs-deck 1\n| deck "+k+"\n") {
			t.Fatalf("no %s deck block", k)
		}
	}
	back, err := ParseRecord(text)
	if err != nil {
		t.Fatal(err)
	}
	if back.Text() != text {
		t.Fatal("the record text is not stable")
	}
	if _, err := Replay(back); err != nil {
		t.Fatal(err)
	}
	if _, _, err := Verify(back); err != nil {
		t.Fatal(err)
	}
	tampered, err := ParseRecord(strings.Replace(text, "| card time-9 x10", "| card time-8 x10", 1))
	if err != nil {
		t.Fatal(err)
	}
	var mm *MismatchError
	if _, err := Replay(tampered); err == nil || !errors.As(err, &mm) || mm.Index != 0 {
		t.Fatalf("a changed pit deck replays: %v", err)
	}
	if _, err := ParseRecord(strings.Replace(text, "deck-begin pit\n", "deck-begin wet\n", 1)); err == nil {
		t.Fatal("a deck block of the wrong kind parses")
	}
}

// AMB-30: the setup's sentence names a league's decks by their files'
// names, and the rest as the Pitwall house decks, in English and French.
func TestLeagueDecksNamed(t *testing.T) {
	rec := leagueSim(t)
	g, err := Replay(rec)
	if err != nil {
		t.Fatal(err)
	}
	en, fr := describe(g, g.Events[0], English), describe(g, g.Events[0], French)
	for _, want := range []string{"the league's decks (risk “Ligue du Nord: risk”", "pit incidents “Ligue du Nord: pit incidents”"} {
		if !strings.Contains(en, want) {
			t.Errorf("%q lacks %q", en, want)
		}
	}
	if !strings.Contains(fr, "les paquets de la ligue (prises de risque « Ligue du Nord: risk »") || strings.Contains(en+fr, "Pitwall house") {
		t.Errorf("%q", fr)
	}
	house, _, err := Simulate(Config{Mode: Standard, Seats: 2}, "windmere", SeedFrom("house"))
	if err != nil {
		t.Fatal(err)
	}
	if got := describe(house, house.Events[0], English); !strings.Contains(got, "the Pitwall house decks") {
		t.Errorf("%q", got)
	}
}
