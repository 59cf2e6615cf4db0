package fd

import (
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pitwall/pitwall/tracks"
)

var (
	fuzzOvalOnce sync.Once
	fuzzOval     *tracks.Circuit
)

// fuzzSeeds are record texts to start from: a simulated race, a
// hand-written question, and variations of both.
func fuzzSeeds(f *testing.F) []string {
	c, err := tracks.Get("test-oval")
	if err != nil {
		f.Fatal(err)
	}
	_, rec, err := Simulate(DefaultConfig(), c, "test-oval", 2, SeedFrom("fuzz"))
	if err != nil {
		f.Fatal(err)
	}
	full := rec.Text()
	lines := strings.Split(full, "\n")
	short := strings.Join(append(lines[:40:40], "seed "+rec.Seed), "\n")
	question := `pitwall-record 1
game q
rules fd2008
option laps=2
track test-oval
cars 2
dice-source scripted
events
position round=3 debris=back.2.1
position-car car=1 space=back.0.1 gear=4 wear=6/3/3/3/3/2 laps=1 flags=started,crossed
position-car car=2 space=back.5.1 gear=3 wear=6/3/3/3/3/2 laps=0 flags=started,crossed,spun
order car=1 gear=4
roll value=9
order car=1 choose=A
roll value=1
roll value=20
`
	midRound := strings.Replace(question, "position round=3 ", "position round=3 played=2 ", 1)
	return []string{full, short, question, midRound, twinRecord(), strings.ReplaceAll(question, "\n", "\r\n")}
}

// FuzzParsePosition: position lines that parse are written back (Events)
// to lines that parse to the same position, and the text is stable.
func FuzzParsePosition(f *testing.F) {
	f.Add("position round=3 played=2,1 debris=back.2.1\nposition-car car=1 space=back.0.1 gear=4 wear=6/3/3/3/3/2 laps=1 flags=started,crossed\nposition-car car=2 space=back.5.1 gear=3 wear=6/3/3/3/3/2 laps=0 flags=started,crossed,spun")
	f.Add("position round=1 played=1,1\nposition-car car=1 space=a gear=1 wear=6/3/3/3/3/2")
	f.Add("position round=9 played=2\nposition-car car=1 space=a wear=1/1/1/1/1/1\nposition-car car=2 wear=1/1/1/1/1/1 status=finished place=1")
	// fdr mid-round: a second play, a car still, weather tests owed, a wreck
	// that played, an eliminated car's cause and distance (R6.10, R3.5, T8)
	f.Add("position round=7 play=41 played=1,3,2,3 next=4 still=2 weather-owed=2\nposition-car car=1 space=a gear=3 wear=9/3/2/2/2/2 laps=1 flags=started,crossed\nposition-car car=2 space=b gear=1 wear=9/3/2/2/2/2 laps=1 flags=started,crossed,wreck status=eliminated reason=collision distance=57 cause=\"lost its last body point (collision with car 1 (R14.3))\"\nposition-car car=3 space=c gear=4 wear=9/3/2/2/2/2 laps=0 flags=started\nposition-car car=4 space=d gear=2 wear=9/3/2/2/2/2 laps=1 flags=started,crossed\nposition-car car=5 wear=9/3/2/2/2/2 status=eliminated distance=-3 reason=engine")
	// inside qualifying session 2: a lap at its first move, a lap at a
	// gear choice, a lap done, the best of session 1 (R1, R1.3, AMB-42)
	f.Add("position round=0 session=2 quali-weather=fine session-weather=sun rained=yes\nposition-car car=1 wear=9/3/2/2/2/2\nposition-car car=2 wear=9/3/2/2/2/2") // league 3-B
	f.Add("position round=0 session=1 quali-weather=fine session-weather=sun rained=yes\nposition-car car=1 wear=9/3/2/2/2/2")
	f.Add("position round=0 session=2 quali-weather=changeable-rain session-weather=rain\nposition-car car=1 wear=9/3/2/2/2/2 tyre=rain tyre-age=0\nposition-car car=2 wear=9/3/2/2/2/2\nposition-car car=3 wear=9/3/2/2/2/2\nposition-qualified car=1 session=1 rolls=9 penalty=1 ended=false past=2 covered=40 seq=3\nposition-qualified car=2 session=1 rolls=8 penalty=0 ended=true past=0 covered=-3 seq=1\nposition-qualified car=3 session=1 rolls=10 penalty=0 ended=false past=0 covered=40 seq=2\nposition-qualified car=3 session=2 rolls=7 penalty=0 ended=false past=1 covered=40 seq=4\nposition-lap car=1 round=0 play=0 rolls=0 penalty=0 past=0 space=a wear=9/3/2/2/2/2 first=2\nposition-lap car=2 round=3 play=3 rolls=3 penalty=1 past=0 space=b gear=2 wear=9/3/2/2/2/2 flags=started,crossed")
	// league 1-A: session 1's running-order d20s
	f.Add("position round=0 session=1 quali-weather=fine session-weather=sun order-draws=1:15,3:3\nposition-car car=1 wear=9/3/2/2/2/2\nposition-car car=2 wear=9/3/2/2/2/2\nposition-car car=3 wear=9/3/2/2/2/2\nposition-lap car=1 round=0 play=0 rolls=0 penalty=0 past=0 space=a wear=9/3/2/2/2/2\nposition-lap car=2 round=0 play=0 rolls=0 penalty=0 past=0 space=a wear=9/3/2/2/2/2\nposition-lap car=3 round=0 play=0 rolls=0 penalty=0 past=0 space=a wear=9/3/2/2/2/2")
	// league 17-B's typed markers and 17-D's passages over them
	f.Add("position round=4 debris=back.2.1,back.3.0 kinds=back.2.1:oil passages=back.3.0:2\nposition-car car=1 space=back.0.1 gear=4 wear=6/3/3/3/3/2 laps=1 flags=started,crossed")
	// league 9-A: a race shortened at its start, a start roll kept
	f.Add("position round=1 race-laps=2\nposition-car car=1 space=back.0.1 wear=6/3/3/3/3/2 laps=0 start-roll=20")
	f.Fuzz(func(t *testing.T, text string) {
		var lines []Event
		for _, l := range strings.Split(text, "\n") {
			e, err := ParseEvent(l)
			if err != nil {
				return
			}
			lines = append(lines, e)
		}
		p, err := ParsePosition(lines)
		if err != nil {
			return
		}
		var out []string
		for _, e := range p.Events() {
			out = append(out, e.String())
		}
		var again []Event
		for _, l := range out {
			e, err := ParseEvent(l)
			if err != nil {
				t.Fatalf("a written position line does not parse: %v\n%s", err, l)
			}
			again = append(again, e)
		}
		back, err := ParsePosition(again)
		if err != nil {
			t.Fatalf("a written position does not parse: %v\n%s", err, strings.Join(out, "\n"))
		}
		if !reflect.DeepEqual(p, back) {
			t.Fatalf("the position changed when written and read back:\n%#v\n%#v", p, back)
		}
		for i, e := range back.Events() {
			if e.String() != out[i] {
				t.Fatalf("Events is not stable: %q then %q", out[i], e.String())
			}
		}
	})
}

func FuzzParseEvent(f *testing.F) {
	for _, text := range fuzzSeeds(f) {
		for _, l := range strings.Split(text, "\n") {
			f.Add(l)
		}
	}
	f.Add(`wear car=1 tyres=-2 cause="overshot \"A\" by 2\t(R-OVS-03)"`)
	f.Add(`k a="" b=x c="\u00e9\v"`)
	f.Fuzz(func(t *testing.T, line string) {
		e, err := ParseEvent(line)
		if err != nil {
			return
		}
		back, err := ParseEvent(e.String())
		if err != nil {
			t.Fatalf("ParseEvent(%q) = %q, which does not parse: %v", line, e.String(), err)
		}
		if back.Kind != e.Kind || len(back.Args) != len(e.Args) {
			t.Fatalf("ParseEvent(%q): %#v, written %q, read back %#v", line, e, e.String(), back)
		}
		for i := range e.Args {
			if back.Args[i] != e.Args[i] {
				t.Fatalf("ParseEvent(%q): arg %d %#v, written %q, read back %#v", line, i, e.Args[i], e.String(), back.Args[i])
			}
		}
		if back.String() != e.String() {
			t.Fatalf("String not stable: %q then %q", e.String(), back.String())
		}
		if strings.ContainsAny(e.String(), "\n\r") {
			t.Fatalf("an event written on more than one line: %q", e.String())
		}
	})
}

func FuzzParseRecord(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		hang := time.AfterFunc(10*time.Second, func() { panic("a record took over 10 s: " + strconv.Quote(text)) })
		defer hang.Stop()
		r, err := ParseRecord(text)
		if err != nil {
			return
		}
		out := r.Text()
		back, err := ParseRecord(out)
		if err != nil {
			t.Fatalf("a parsed record writes text that does not parse: %v\n%s", err, out)
		}
		if again := back.Text(); again != out {
			t.Fatalf("Text is not stable:\n%s\n---\n%s", out, again)
		}
		// replaying must fail cleanly or succeed, never panic
		if r.Track == "test-oval" && len(r.Events) <= 400 {
			fuzzOvalOnce.Do(func() { fuzzOval, _ = tracks.Get("test-oval") })
			_, _ = Replay(r, fuzzOval)
			_ = Verify(r)
		}
	})
}
