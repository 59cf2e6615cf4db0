package bot

import (
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/fd"
)

// BenchmarkDescribe5DAsASeat says, in English and in French, every line a
// three-car 5-D race (one lap of the test oval, qualifying included) had
// written by three quarters of it, to car 2's seat as its log and the web page's
// log do: each line told through the game as it stands then, the other
// racing cars' configurations by their build totals.
func BenchmarkDescribe5DAsASeat(b *testing.B) {
	c, rec := hidden5DRace(b)
	g, err := fd.ReplayAtEvent(rec, c, len(rec.Events)*3/4) // the builds are written past the middle, after qualifying
	if err != nil {
		b.Fatal(err)
	}
	if g.Over {
		b.Fatal("the race runs")
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, lang := range []string{"en", "fr"} {
			said := describeEvents(c, fd.NewContract(g, nil), 1, g.Events, lang) // as car 2's seat
			if lang == "en" && !strings.Contains(said, "Car 1 is set up: ") {
				b.Fatal("another car's build is said by its total")
			}
		}
	}
}
