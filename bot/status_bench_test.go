package bot

import (
	"testing"
	"time"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/tracks"
)

// BenchmarkStatusMidRace writes the status and the buttons of a 10-car
// fdr race under league 5-D, 5-A and 22-A at its 300th decision, as a
// driver, the game master and a spectator read them, in both languages.
func BenchmarkStatusMidRace(b *testing.B) {
	c, err := tracks.Get("port-azur")
	if err != nil {
		b.Fatal(err)
	}
	cfg := fd.ConfigFor(fd.FDR)
	for _, v := range []string{"5-D", "5-A", "22-A"} {
		if err := cfg.EnableVariant(v); err != nil {
			b.Fatal(err)
		}
	}
	seed := fd.SeedFrom("status bench")
	g, err := fd.NewGame(fd.GameIDFor(seed), cfg, c, 10)
	if err != nil {
		b.Fatal(err)
	}
	src := dice.NewSeeded(seed)
	if err := g.Start(src); err != nil {
		b.Fatal(err)
	}
	for range 300 {
		o, ok := fd.Autopilot(g)
		if !ok {
			b.Fatal("the race ended before the moment measured")
		}
		if err := g.Submit(o, src); err != nil {
			b.Fatal(err)
		}
	}
	s := &Service{opts: Options{Now: func() time.Time { return time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC) }}}
	l := &live{row: persistence.Game{ID: "bench", LastSeq: int64(len(g.Events))}, meta: &meta{}, track: c, game: fd.NewContract(g, sayPhrase)}
	b.ReportAllocs()
	for b.Loop() {
		for _, lang := range []string{"en", "fr"} {
			for _, r := range []struct {
				car            int
				seated, master bool
			}{{1, true, false}, {0, false, true}, {0, false, false}} {
				if s.statusText(l, lang, r.car, r.seated, r.master) == "" {
					b.Fatal("no status")
				}
				pendingViews(l, "bench", lang, readerOf(r.car, r.seated, r.master))
			}
		}
	}
}
