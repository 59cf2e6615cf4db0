package rs

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/dice"
)

var updateDescribeGolden = flag.Bool("update-rs-describe", false, "rewrite testdata/describe/*.txt from today's event sentences")

// describeRaces are real races whose every event sentence is pinned, in
// both languages, as each reader reads it: between them they make every
// kind of event the rules write in a race, every optional rule included.
var describeRaces = []struct {
	name, track string
	mode        Mode
	optional    []string
	seats       int
}{
	{"family-cragsby", "cragsby", Family, nil, 3},
	{"family-windmere", "windmere", Family, nil, 4},
	{"standard-weather-windmere", "windmere", Standard, []string{OptWeather, OptFullEvents, OptTyreAllocation, OptTeamPits, OptManufacturer}, 3},
	{"standard-two-cars-cragsby", "cragsby", Standard, []string{OptTwoCars, OptSmallHands, OptFixedFast}, 2},
	{"standard-advanced-quali-windmere", "windmere", Standard, []string{OptAdvancedQuali, OptWeather, OptSystemOnly}, 3},
	{"standard-quick-cragsby", "cragsby", Standard, []string{OptQuickStart, OptTwoPiles, OptThreeFast}, 2},
}

// playDescribeRace plays race i with seeded dice and seeded orders (every
// option of the pending seat, a deadline now and then), calling seen after
// each step with the events it appended.
func playDescribeRace(t testing.TB, i int, seen func(g *Game, added []Event)) *Game {
	t.Helper()
	race := describeRaces[i]
	cfg := Config{Mode: race.mode, Seats: race.seats}
	for _, o := range race.optional {
		if err := cfg.SetOptional(o); err != nil {
			t.Fatal(err)
		}
	}
	src := dice.NewSeeded(SeedFrom("describe-" + race.name))
	g, err := NewGame("d", cfg, circuit(t, race.track), src)
	if err != nil {
		t.Fatal(err)
	}
	seen(g, g.Events)
	c := Contract{G: g, Say: say}
	rng := rand.New(rand.NewPCG(uint64(i), 29))
	for steps := 0; !g.Over; steps++ {
		if steps > 5000 {
			t.Fatalf("%s: the race does not end", race.name)
		}
		before := len(g.Events)
		pend := c.Pending()
		d := pend[rng.IntN(len(pend))]
		opts := c.Options(d.Seat)
		if len(opts) == 0 || rng.IntN(12) == 0 {
			if _, err := c.Expire(src); err != nil {
				t.Fatal(err)
			}
		} else if _, err := c.Submit(d.Seat, opts[rng.IntN(len(opts))].Key, src); err != nil {
			t.Fatal(err)
		}
		seen(g, g.Events[before:])
	}
	return g
}

// readerSentences says e as every reader reads it when it is written: a
// spectator (−1) and each seat, in English and French. A reader the event
// is not addressed to reads a hidden event's stand-in (its content left
// out) or nothing ("-").
func readerSentences(g *Game, e Event, lang string) []string {
	var out []string
	for reader := -1; reader < len(g.Seats); reader++ {
		switch {
		case e.VisibleTo(reader, g.Over):
			out = append(out, describe(g, e, lang))
		case e.To.Hidden:
			standIn := Event{Kind: e.Kind}
			for _, a := range e.Args {
				if a.K != "perm" {
					standIn.Args = append(standIn.Args, a)
				}
			}
			out = append(out, describe(g, standIn, lang))
		default:
			out = append(out, "-")
		}
	}
	return out
}

// describeGolden is every event sentence of race i: each event as its
// readers read it during the race, then, once over, the sentence of each
// event whose text a spectator could not read during the race.
func describeGolden(t *testing.T, i int) (string, map[string]bool) {
	var b strings.Builder
	kinds := map[string]bool{}
	during := map[int][2]string{}
	n := 0
	g := playDescribeRace(t, i, func(g *Game, added []Event) {
		for _, e := range added {
			kinds[e.Kind] = true
			fmt.Fprintf(&b, "#%d %s\n", n, e.Kind)
			for li, lang := range []string{English, French} {
				texts := readerSentences(g, e, lang)
				if len(slices.Compact(slices.Clone(texts))) == 1 {
					fmt.Fprintf(&b, "  %s all: %s\n", lang, texts[0])
				} else {
					for r, s := range texts {
						who := "spectator"
						if r > 0 {
							who = fmt.Sprintf("seat %d", r)
						}
						fmt.Fprintf(&b, "  %s %s: %s\n", lang, who, s)
					}
				}
				d := during[n]
				d[li] = texts[0]
				during[n] = d
			}
			n++
		}
	})
	b.WriteString("== once the race is over\n")
	for k, e := range g.Events {
		for li, lang := range []string{English, French} {
			if s := describe(g, e, lang); s != during[k][li] {
				fmt.Fprintf(&b, "#%d %s %s: %s\n", k, e.Kind, lang, s)
			}
		}
	}
	return b.String(), kinds
}

// Every sentence a Racing Simulator event makes, pinned before the
// sentences moved into the phrase catalog: each race's events in both
// languages, for a spectator and every seat (the sealed orders, hands
// and draws are read by their seat alone until the race is over,
// R-FAM-06, R-ORD-01). Rewrite with -update-rs-describe only when a
// sentence is meant to change.
func TestEventSentencesStayTheSame(t *testing.T) {
	all := map[string]bool{}
	for i, race := range describeRaces {
		got, kinds := describeGolden(t, i)
		for k := range kinds {
			all[k] = true
		}
		matchesDescribeGolden(t, race.name, got)
	}
	var k []string
	for kind := range all {
		k = append(k, kind)
	}
	slices.Sort(k)
	t.Logf("%d kinds: %s", len(k), strings.Join(k, " "))
}

// describeForms are events of the kinds and forms the pinned races do not
// make (a wave-around, a rolling start, every card of a kind), written by
// hand, said in the family-cragsby race's file of cars.
var describeForms = []string{
	"advance car=1 by=2 to=14",
	"pit-incident car=2 card=time-10",
	"pit-incident car=2 card=drive-through",
	"lapped car=4 by=1",
	"rolling need=2",
	"restart turn=9",
	"safety-car-out turns=2 pits=closed",
	"wave-around car=5",
	"risk-card car=1 card=sun",
	"risk-card car=1 card=off-2",
	"risk-card car=1 card=slow",
	"pit-card seat=1 deck=risky for=own card=mecano",
	"pit-card seat=2 deck=careful for=system card=7",
	"pit-card seat=2 deck=careful for=base card=22",
	"pit-card seat=2 deck=careful for=repair card=5",
	"penalty car=1 result=demoted places=3",
	"penalty car=2 result=pit-lane",
	"penalty car=3 result=fuel",
	"grid place=0 car=2",
	"grid place=1 car=1",
	"start-card car=1 card=jump",
	"start-card car=2 card=incident",
	"start-card car=3 card=12",
	"start-incident car=1 card=stall",
	"event-card card=collision",
	"event-card card=sun",
	"shuffle for=deck-risk",
	"shuffle for=deck-green",
	"shuffle for=deck-chrono",
	"drop car=2 by=3 to=10 cause=team-wait",
	"tyres seat=1 type=soft sets-left=2",
	"tyres seat=2 type=intermediate",
	"order seat=1 card=0 deck=risky redraw=7 dir=inside tyres=soft",
	"order seat=1 card=0 deck=careful redraw=40",
	"order seat=1 pass=1 by=autopilot",
	"order seat=2 card=0 pit=rain deck=careful nose=keep",
	"order seat=2 card=0",
	"order seat=2 card=298 risk=1 tapez=1 economise=1 pit=hard deck=risky",
	"sealed seat=9",
	"sc-choice seat=1 pit=soft deck=risky",
	"sc-choice seat=2",
	"quali-attempt seat=1 deck=pass",
	"quali-impact kind=weather on=this-and-next time=.200",
	"quali-impact kind=track on=earlier time=.100",
	"quali-best car=1 session=q2 time=none",
	"chrono car=1 session=q time=none",
	"chrono car=1 session=q3 phase=2 time=penalty tyres=.300",
	"second-car car=4 seat=1 risk=1 speed=296",
	"manufacturer blue=3 hard=8/2/2 soft=6/2/2/2",
	"car car=9 seat=0",
	"car car=1 seat=1 teammate=2",
	"no-such-kind a=1",
}

// The hand-written forms of describeForms, pinned as the races are.
func TestEventFormsStayTheSame(t *testing.T) {
	g := playDescribeRace(t, 0, func(*Game, []Event) {})
	var b strings.Builder
	for _, line := range describeForms {
		e, err := ParseEvent(line)
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		fmt.Fprintf(&b, "%s\n  en: %s\n  fr: %s\n", line, describe(g, e, English), describe(g, e, French))
	}
	matchesDescribeGolden(t, "forms", b.String())
}

// matchesDescribeGolden compares got with testdata/describe/name.txt,
// naming the first line that differs, or rewrites the file under
// -update-rs-describe.
func matchesDescribeGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "describe", name+".txt")
	if *updateDescribeGolden {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got == string(want) {
		return
	}
	gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
	for k := 0; k < len(gl) && k < len(wl); k++ {
		if gl[k] != wl[k] {
			t.Fatalf("%s line %d:\n got  %s\n want %s", name, k+1, gl[k], wl[k])
		}
	}
	t.Fatalf("%s: %d lines, want %d", name, len(gl), len(wl))
}
