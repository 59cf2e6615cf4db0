package bot

import (
	"os"
	"testing"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// BenchmarkDescribeRace says every event of a frozen fdr race with
// qualifying (engine/fd/testdata/records/v1) in English and in French, as
// replies and the web page's log do.
func BenchmarkDescribeRace(b *testing.B) {
	src, err := os.ReadFile("../engine/fd/testdata/records/v1/fdr-oval-qualifying.rec")
	if err != nil {
		b.Fatal(err)
	}
	rec, err := fd.ParseRecord(string(src))
	if err != nil {
		b.Fatal(err)
	}
	c, err := tracks.Get(rec.Track)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, lang := range []string{"en", "fr"} {
			if describeEvents(c, nil, 0, rec.Events, lang) == "" {
				b.Fatal("nothing said")
			}
		}
	}
}
