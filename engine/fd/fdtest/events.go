package fdtest

import (
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/fd"
)

// EventLines is a game's record so far, one event a line.
func EventLines(g *fd.Game) []string {
	out := make([]string, 0, len(g.Events))
	for _, e := range g.Events {
		out = append(out, e.String())
	}
	return out
}

// Kinds keeps the event lines of those kinds.
func Kinds(lines []string, kind ...string) []string {
	var out []string
	for _, l := range lines {
		k, _, _ := strings.Cut(l, " ")
		for _, want := range kind {
			if k == want {
				out = append(out, l)
			}
		}
	}
	return out
}

// WithoutCause drops the cause= of wear and eliminated lines, so that
// tests pin what happened and not the wording.
func WithoutCause(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		if j := strings.Index(l, " cause="); j >= 0 {
			l = l[:j]
		}
		out[i] = l
	}
	return out
}

// CheckBoard fails the test (without stopping it) for each fault of the
// board fd.Game.BoardFaults finds: run it after every play of a race.
func CheckBoard(t testing.TB, g *fd.Game) {
	t.Helper()
	for _, f := range g.BoardFaults() {
		t.Error(f)
	}
}
