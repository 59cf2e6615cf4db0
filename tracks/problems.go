package tracks

import (
	"fmt"
	"strings"
)

// Problem is one thing wrong with a circuit source, located as precisely as
// the source allows: the file, the line, and the segment or space.
type Problem struct {
	File  string
	Line  int    // 0 when the problem has no single line
	Where string // "segment 4 (corner \"Parabolica\")", "space t1.2.0", "weather" …
	Msg   string
}

func (p Problem) String() string {
	var b strings.Builder
	b.WriteString(p.File)
	if p.Line > 0 {
		fmt.Fprintf(&b, ":%d", p.Line)
	}
	if p.Where != "" {
		b.WriteString(": ")
		b.WriteString(p.Where)
	}
	b.WriteString(": ")
	b.WriteString(p.Msg)
	return b.String()
}

// Problems is every problem found; as an error it lists them one per line.
type Problems []Problem

func (ps Problems) Error() string {
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = p.String()
	}
	return strings.Join(lines, "\n")
}

// Err returns ps as an error, or nil when there is no problem.
func (ps Problems) Err() error {
	if len(ps) == 0 {
		return nil
	}
	return ps
}

type problemList struct {
	file string
	list Problems
}

func (l *problemList) add(line int, where, format string, args ...any) {
	l.list = append(l.list, Problem{File: l.file, Line: line, Where: where, Msg: fmt.Sprintf(format, args...)})
}
