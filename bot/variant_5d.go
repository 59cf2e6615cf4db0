package bot

import (
	"strings"

	"github.com/pitwall/pitwall/engine/fd"
)

// League variant 5-D (hidden configuration) in the views that show car
// states rather than sentences: `replay --events` and `--at` (EventsOf,
// StateAt) leave out the wear of a car reader may not see
// (fd.Game.SeesCar). The record lines themselves are told through the
// game contract (toldLine, EventsOf: the engine's stand-in line for a
// hidden build), so nothing here reads a line.

// hidesBuilds: the game plays 5-D (its meta lists the variant as given,
// "5-D" or "5-D:key=value,…"): record.txt is then told line by line to
// the public (publicRecordText) while the race runs.
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
