package bot

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pitwall/pitwall/engine/fd"
)

// League variant 5-D (hidden configuration) in the views that show record
// lines or car states rather than sentences: `replay --events` and `--at`
// (EventsOf, StateAt) and the web page's record.txt (GameRecord). A line
// that writes a racing car's build down — its configuration, the build
// order that chose it, a starting position's wear — is shown to a reader
// who may not see the car (fd.Game.SeesCar) as a comment line, which a
// record parser skips, saying what is hidden and until when.

// hiddenBuildLine is line e as reader may read it in g: "" when reader may
// read it whole, else the comment line that stands for it.
func hiddenBuildLine(g *fd.Game, reader int, e fd.Event) string {
	car := fd.BuildLineCar(e)
	if car == 0 || g == nil || g.SeesCar(reader, car) {
		return ""
	}
	public := fd.Event{Kind: e.Kind}
	for _, a := range e.Args {
		if a.Key == "flags" {
			a.Val = publicFlags(a.Val)
		}
		if !buildKeys[a.Key] {
			public.Args = append(public.Args, a)
		}
	}
	return fmt.Sprintf("# %s: a build of %d points, hidden until its race ends (league variant 5-D)", public, g.BuildTotal(car))
}

// buildKeys are the values of a record line that tell a car's build or
// what is left of it.
var buildKeys = map[string]bool{"wear": true, "config": true, "build": true, "boosters": true}

// publicFlags are a position's flags without those of the booster points
// a player chose in his build (5-A), part of the hidden build.
func publicFlags(flags string) string {
	kept := slices.DeleteFunc(strings.Split(flags, ","), func(f string) bool { return f == "boosters-chosen" || f == "booster-built" })
	return strings.Join(kept, ",")
}

// publicRecordText is rec's text as reader may read it while g stands as
// it does: the record, each line that would tell a build reader may not
// see yet replaced by its comment (hiddenBuildLine). Such a record does not
// replay until the race is over; the game's own record is unchanged.
func publicRecordText(rec *fd.Record, g *fd.Game, reader int) string {
	head := *rec
	head.Events, head.Seed = nil, ""
	var b strings.Builder
	b.WriteString(head.Text())
	for _, e := range rec.Events {
		line := hiddenBuildLine(g, reader, e)
		if line == "" {
			line = e.String()
		}
		b.WriteString(line + "\n")
	}
	if rec.Seed != "" {
		fmt.Fprintf(&b, "seed %s\n", rec.Seed) // as Record.Text ends
	}
	return b.String()
}

// hidesBuilds: the game plays 5-D (its meta lists the variant as given,
// "5-D" or "5-D:key=value,…").
func hidesBuilds(m *meta) bool {
	for _, v := range m.Variants {
		if id, _, _ := strings.Cut(v, ":"); id == "5-D" {
			return true
		}
	}
	return false
}

// carSeen reports whether reader may see a car's wear in g (5-D).
func carSeen(g *fd.Game, reader int) func(car int) bool {
	return func(car int) bool { return g.SeesCar(reader, car) }
}
