package rs

import (
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/phrase"
)

// TestContractSaysWithItsOwnCatalog: a contract's sentences are its
// phrases said by the Say it was built with, not by any catalog shared
// between games: two contracts over one game, one saying keys, one the
// players' catalog, read differently at the same time; one built without
// a catalog writes the keys (a missing catalog shows). The loader hands
// its Say to the games it serves.
func TestContractSaysWithItsOwnCatalog(t *testing.T) {
	src := dice.NewSeeded(SeedFrom("contract-say"))
	g, err := NewGame("say", Config{Mode: Family, Seats: 2}, circuit(t, "windmere"), src)
	if err != nil {
		t.Fatal(err)
	}
	keys := func(p phrase.Phrase, lang string) string { return lang + ":" + p.Key }
	spoken, keyed, bare := Contract{G: g, Say: say}, Contract{G: g, Say: keys}, Contract{G: g}
	key, _ := spoken.Autopilot(0)
	if _, err := spoken.Submit(0, key, src); err != nil {
		t.Fatal(err)
	}
	sealed := spoken.Events()[len(spoken.Events())-1] // "sealed": everyone reads it
	if sealed.Kind() != "sealed" {
		t.Fatalf("the last event is %q, not the sealed notice", sealed.Line())
	}
	ev, _ := EventOf(sealed)
	if got, want := spoken.Describe(sealed, French), describe(g, ev, French); got != want || strings.HasPrefix(got, "rs.") {
		t.Fatalf("the players' catalog says %q, want %q", got, want)
	}
	if got, want := keyed.Describe(sealed, French), "fr:"+g.EventPhrase(ev).Key; got != want {
		t.Fatalf("the keys' catalog says %q, want %q", got, want)
	}
	if got, want := bare.Describe(sealed, English), g.EventPhrase(ev).Key; got != want {
		t.Fatalf("without a catalog the contract writes %q, want the key %q", got, want)
	}
	opt := spoken.Options(1)[0].Key
	if got := keyed.Facts(1, opt, English); !strings.HasPrefix(got, "en:rs.") {
		t.Fatalf("facts said by the keys' catalog: %q", got)
	}
	if got := keyed.Status(-1, English); !strings.HasPrefix(got, "en:rs.") || strings.Contains(spoken.Status(-1, English), "en:rs.") {
		t.Fatalf("each contract's status is said by its own catalog:\n%s", got)
	}

	_, rec, err := Simulate(Config{Mode: Family, Seats: 2}, "windmere", SeedFrom("contract-say loader"))
	if err != nil {
		t.Fatal(err)
	}
	lines := make([]string, len(rec.Events))
	for i, e := range rec.Events {
		lines[i] = e.Text()
	}
	header := *rec
	header.Events = nil
	loaded, err := Loader{Header: &header, Say: keys}.Replay(lines)
	if err != nil {
		t.Fatal(err)
	}
	last := loaded.Events()[len(lines)-1]
	lastEv, _ := EventOf(last)
	if got, want := loaded.Describe(last, English), "en:"+loaded.(Contract).G.EventPhrase(lastEv).Key; got != want {
		t.Fatalf("a loaded game says %q, want %q", got, want)
	}
}
