package fd

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Event is one line of a game record: an order, a die roll or a
// consequence. Its text form is `KIND key=value key=value …` with values
// quoted when they hold spaces (docs/record.md).
type Event struct {
	Kind string
	Args []Arg
}

// Arg is one key=value of an event.
type Arg struct{ Key, Val string }

// Get returns the value of key, or "".
func (e Event) Get(key string) string {
	for _, a := range e.Args {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// Int returns the value of key as a number.
func (e Event) Int(key string) (int, error) {
	v := e.Get(key)
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fmt.Errorf("%s: %s=%q is not a number", e.Kind, key, v)
	}
	return n, nil
}

func (e Event) String() string {
	var b strings.Builder
	b.WriteString(e.Kind)
	for _, a := range e.Args {
		b.WriteByte(' ')
		b.WriteString(a.Key)
		b.WriteByte('=')
		b.WriteString(quoteValue(a.Val))
	}
	return b.String()
}

func quoteValue(v string) string {
	// quoted: anything ParseEvent would cut or trim, and anything that
	// would not stay on one line (control characters, any Unicode space,
	// invalid UTF-8)
	if v == "" || strings.ContainsAny(v, "\"=#\\") || !utf8.ValidString(v) ||
		strings.ContainsFunc(v, func(r rune) bool { return unicode.IsSpace(r) || !unicode.IsPrint(r) }) {
		return strconv.Quote(v)
	}
	return v
}

// ParseEvent reads one event line.
func ParseEvent(line string) (Event, error) {
	line = strings.TrimSpace(line)
	kind, rest, _ := strings.Cut(line, " ")
	if kind == "" || !isWord(kind) {
		return Event{}, fmt.Errorf("event %q: a line starts with an event kind (letters and dashes)", truncate(line))
	}
	e := Event{Kind: kind}
	rest = strings.TrimSpace(rest)
	for rest != "" {
		key, after, ok := strings.Cut(rest, "=")
		if !ok || !isWord(key) {
			return Event{}, fmt.Errorf("event %s: expected key=value, found %q", kind, truncate(rest))
		}
		var val string
		if strings.HasPrefix(after, "\"") {
			q, err := strconv.QuotedPrefix(after)
			if err != nil {
				return Event{}, fmt.Errorf("event %s: bad quoted value for %s", kind, key)
			}
			val, _ = strconv.Unquote(q)
			after = after[len(q):]
		} else {
			end := strings.IndexAny(after, " \t")
			if end < 0 {
				end = len(after)
			}
			val, after = after[:end], after[end:]
		}
		e.Args = append(e.Args, Arg{key, val})
		if after != "" && after[0] != ' ' && after[0] != '\t' {
			return Event{}, fmt.Errorf("event %s: expected a space after %s", kind, key)
		}
		rest = strings.TrimSpace(after)
	}
	return e, nil
}

func isWord(s string) bool {
	if s == "" || len(s) > 40 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

func truncate(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}
