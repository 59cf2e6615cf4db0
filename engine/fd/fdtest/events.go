package fdtest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

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

// EventsText is a game's record so far as text, each event a line ended
// by a newline: what a test searches with Contains.
func EventsText(g *fd.Game) string {
	var b strings.Builder
	for _, e := range g.Events {
		b.WriteString(e.String() + "\n")
	}
	return b.String()
}

// RolledFor keeps the roll lines made for what (for=wall, for=handling
// …): which tests the rules rolled.
func RolledFor(lines []string, what string) []string {
	var out []string
	for _, e := range Kinds(lines, "roll") {
		if strings.Contains(e, " for="+what+" ") {
			out = append(out, e)
		}
	}
	return out
}

// Event is an event from its kind and key-value pairs, each written with
// fmt.Sprint: a record line a test builds by hand.
func Event(kind string, kv ...any) fd.Event {
	e := fd.Event{Kind: kind, Args: make([]fd.Arg, 0, len(kv)/2)}
	for i := 0; i+1 < len(kv); i += 2 {
		e.Args = append(e.Args, fd.Arg{Key: fmt.Sprint(kv[i]), Val: fmt.Sprint(kv[i+1])})
	}
	return e
}

// PositionText writes a position as record lines and reads it back, as a
// record carries it; it returns the position read and the text.
func PositionText(t testing.TB, p fd.Position) (fd.Position, string) {
	t.Helper()
	var text []string
	for _, e := range p.Events() {
		text = append(text, e.String())
	}
	var lines []fd.Event
	for _, l := range text {
		e, err := fd.ParseEvent(l)
		require.NoError(t, err, l)
		lines = append(lines, e)
	}
	back, err := fd.ParsePosition(lines)
	require.NoError(t, err, strings.Join(text, "\n"))
	return back, strings.Join(text, "\n")
}
