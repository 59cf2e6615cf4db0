package standings

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/pitwall/pitwall/engine/league"
)

var update = flag.Bool("update", false, "rewrite the golden images")

// season is a small season of three events with a black flag, a
// substitute and places gained and lost.
func season() Table {
	ev := func(q bool, cars ...league.Car) league.Result {
		return league.Result{Qualified: q, Cars: league.Classify(cars)}
	}
	res := []league.Result{
		ev(true,
			league.Car{Pilot: "Anna Speed", Team: "Scuderia Rossa", Status: league.Finished, Finish: 2},
			league.Car{Pilot: "Bob", Team: "Scuderia Rossa", Status: league.Eliminated, Distance: 50, Out: 10},
			league.Car{Pilot: "Cléo Durand", Team: "Écurie Bleue", Status: league.Finished, Finish: 1},
			league.Car{Pilot: "Dan", Team: "Écurie Bleue", Status: league.Eliminated, Distance: 50, Out: 12}),
		ev(false,
			league.Car{Pilot: "Anna Speed", Team: "Scuderia Rossa", Status: league.Finished, Finish: 1},
			league.Car{Pilot: "Bob", Team: "Scuderia Rossa", Status: league.Finished, Finish: 2},
			league.Car{Pilot: "Cléo Durand", Team: "Écurie Bleue", Status: league.Excluded},
			league.Car{Pilot: "Dan", Team: "Écurie Bleue", Status: league.Finished, Finish: 3}),
		ev(true,
			league.Car{Pilot: "Anna Speed", Team: "Scuderia Rossa", Status: league.Eliminated, Distance: 80, Out: 20, PlayOrder: 1},
			league.Car{Pilot: "Bob", Team: "Scuderia Rossa", Status: league.Finished, Finish: 1},
			league.Car{Pilot: "Cléo Durand", Team: "Écurie Bleue", Status: league.Eliminated, Distance: 80, Out: 20, PlayOrder: 2},
			league.Car{Pilot: "Sam (for Dan)", Team: "Écurie Bleue", Status: league.Finished, Finish: 2}),
	}
	st := league.Compute(res, nil)
	// the entry list's numbers, teams and seats (LF-02, LF-03); Sam, a
	// substitute, has none
	for i, r := range st.Drivers {
		e := map[string]league.Row{
			"Anna Speed":  {Number: 1, Team: "Scuderia Rossa", Seat: 2},
			"Bob":         {Number: 2, Team: "Scuderia Rossa", Seat: 1},
			"Cléo Durand": {Number: 7, Team: "Écurie Bleue", Seat: 1},
			"Dan":         {Number: 12, Team: "Écurie Bleue", Seat: 2},
		}[r.Name]
		st.Drivers[i].Number, st.Drivers[i].Team, st.Drivers[i].Seat = e.Number, e.Team, e.Seat
	}
	return Table{Title: "Tuesday Night GP", Events: []string{"hollowmere", "port-azur", "kestrel-downs"}, Rounds: 8,
		Drivers: st.Drivers, Teams: st.Teams}
}

// The standings image in English and French, compared pixel by pixel
// after decoding with testdata/standings-LANG.png; -update rewrites them.
func TestStandingsGolden(t *testing.T) {
	d := New()
	for _, lang := range []string{"en", "fr"} {
		t.Run(lang, func(t *testing.T) {
			tb := season()
			tb.Lang = lang
			var buf bytes.Buffer
			if err := d.PNG(&buf, tb); err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", "standings-"+lang+".png")
			if *update {
				if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want := decode(t, golden)
			got, err := png.Decode(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			if msg := samePixels(want, got); msg != "" {
				out := filepath.Join(t.TempDir(), "standings-"+lang+".png")
				_ = os.WriteFile(out, buf.Bytes(), 0o644)
				t.Errorf("%s: %s; the new drawing is %s; if intended, run go test ./render/standings -update", golden, msg, out)
			}
		})
	}
}

// The two languages differ (the headings are translated) and an empty
// season still draws a table saying so.
func TestStandingsLanguagesAndEmpty(t *testing.T) {
	d := New()
	en, fr := season(), season()
	fr.Lang = "fr"
	if samePixels(d.Draw(en), d.Draw(fr)) == "" {
		t.Fatal("the French image is the English one")
	}
	empty := d.Draw(Table{Title: "New league", Rounds: 4})
	if empty.Bounds().Dx() != Width || empty.Bounds().Dy() < 100 {
		t.Fatalf("empty table: %v", empty.Bounds())
	}
}

func decode(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("no golden image %s: run go test ./render/standings -update, then look at it", path)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func samePixels(a, b image.Image) string {
	if a.Bounds() != b.Bounds() {
		return fmt.Sprintf("size %v, want %v", b.Bounds(), a.Bounds())
	}
	diff := 0
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := b.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 {
				diff++
			}
		}
	}
	if diff > 0 {
		return fmt.Sprintf("%d pixels differ", diff)
	}
	return ""
}

func BenchmarkStandingsPNG(b *testing.B) {
	d := New()
	tb := season()
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := d.PNG(&buf, tb); err != nil {
			b.Fatal(err)
		}
	}
}
