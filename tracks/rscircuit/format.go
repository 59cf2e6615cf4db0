package rscircuit

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Version is the format's first line.
const Version = "rs-circuit 1"

// MaxSource bounds a circuit file's size.
const MaxSource = 64 << 10

// Lap length bounds: a car moves 1–10 squares a turn and a race is 12 or
// 24 turns; a loop outside these bounds makes lapping absurd or the board
// unreadable.
const (
	MinSquares = 40
	MaxSquares = 200
)

var idPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,39}$`)

// Problem is one thing wrong with a circuit file, at a line (0: the whole
// file).
type Problem struct {
	Line int
	Msg  string
}

func (p Problem) String() string {
	if p.Line == 0 {
		return p.Msg
	}
	return fmt.Sprintf("line %d: %s", p.Line, p.Msg)
}

// Error lists every problem of a circuit file.
type Error struct {
	Name     string
	Problems []Problem
}

func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d problem(s)", e.Name, len(e.Problems))
	for _, p := range e.Problems {
		b.WriteString("\n  ")
		b.WriteString(p.String())
	}
	return b.String()
}

var keys = []string{"id", "name", "type", "pit-stop", "drive-through", "grid", "weather-modifier", "start", "pit-entry", "pit-exit", "squares"}

// Parse reads a circuit in the rs-circuit format (docs/rs-circuits.md)
// and validates it. On any problem it returns an *Error listing them all.
func Parse(name string, src []byte) (*Circuit, error) {
	var probs []Problem
	add := func(line int, f string, a ...any) { probs = append(probs, Problem{line, fmt.Sprintf(f, a...)}) }
	if len(src) > MaxSource {
		return nil, &Error{name, []Problem{{0, fmt.Sprintf("%d bytes, more than %d", len(src), MaxSource)}}}
	}
	c := &Circuit{}
	seen := map[string]int{}
	ints := map[string]*int{"pit-stop": &c.PitStop, "drive-through": &c.DriveThrough, "weather-modifier": &c.WeatherModifier,
		"start": &c.Start, "pit-entry": &c.PitEntry, "pit-exit": &c.PitExit}
	sawVersion := false
	for i, raw := range strings.Split(string(src), "\n") {
		ln := i + 1
		line := raw
		if j := strings.IndexByte(line, '#'); j >= 0 {
			line = line[:j]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if !sawVersion {
			sawVersion = true
			if line != Version {
				add(ln, "the first line must be %q, not %q", Version, line)
			}
			continue
		}
		key, val, _ := strings.Cut(line, " ")
		val = strings.TrimSpace(val)
		known := false
		for _, k := range keys {
			known = known || k == key
		}
		if !known {
			add(ln, "unknown key %q (known: %s)", key, strings.Join(keys, ", "))
			continue
		}
		if prev, dup := seen[key]; dup && key != "squares" {
			add(ln, "%s given twice (first on line %d)", key, prev)
			continue
		}
		seen[key] = ln
		switch key {
		case "id":
			if !idPattern.MatchString(val) {
				add(ln, "id %q: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit", val)
			}
			c.ID = val
		case "name":
			if val == "" {
				add(ln, "name is empty")
			}
			c.Name = val
		case "type":
			switch Kind(val) {
			case Fast, Medium, Slow:
				c.Kind = Kind(val)
			default:
				add(ln, "type %q: fast, medium or slow", val)
			}
		case "grid":
			switch Grid(val) {
			case GridStandard, Grid5Lanes, Grid3Lanes:
				c.Grid = Grid(val)
			default:
				add(ln, "grid %q: standard, 5-lanes or 3-lanes", val)
			}
		case "squares":
			for _, tok := range strings.Fields(val) {
				z, n, err := parseRun(tok)
				if err != nil {
					add(ln, "squares: %v", err)
					continue
				}
				if len(c.Squares)+n > MaxSquares {
					add(ln, "squares: more than %d squares", MaxSquares)
					break
				}
				for range n {
					c.Squares = append(c.Squares, z)
				}
			}
		default:
			v, err := strconv.Atoi(val)
			if err != nil {
				add(ln, "%s %q is not a whole number", key, val)
				continue
			}
			*ints[key] = v
		}
	}
	if !sawVersion {
		add(0, "empty file: the first line must be %q", Version)
	}
	for _, k := range keys {
		if _, ok := seen[k]; !ok && sawVersion {
			add(0, "missing %s", k)
		}
	}
	probs = append(probs, validate(c, seen)...)
	if len(probs) > 0 {
		return nil, &Error{name, probs}
	}
	return c, nil
}

func parseRun(tok string) (Zone, int, error) {
	zs, ns, hasN := strings.Cut(tok, "*")
	var z Zone
	switch zs {
	case "1":
		z = Z1
	case "3":
		z = Z3
	case "5":
		z = Z5
	case "7":
		z = Z7
	case "B", "b":
		z = Brake
	default:
		return 0, 0, fmt.Errorf("%q: a zone is 1, 3, 5, 7 or B", tok)
	}
	n := 1
	if hasN {
		v, err := strconv.Atoi(ns)
		if err != nil || v < 1 || v > MaxSquares {
			return 0, 0, fmt.Errorf("%q: the count after * must be 1 to %d", tok, MaxSquares)
		}
		n = v
	}
	return z, n, nil
}

// validate checks what only the whole circuit can say (R-OVT-01, Ann. C,
// §2.5).
func validate(c *Circuit, seen map[string]int) []Problem {
	var probs []Problem
	add := func(f string, a ...any) { probs = append(probs, Problem{0, fmt.Sprintf(f, a...)}) }
	n := len(c.Squares)
	if _, ok := seen["squares"]; ok && (n < MinSquares || n > MaxSquares) {
		add("the lap has %d squares; a circuit has %d to %d", n, MinSquares, MaxSquares)
	}
	if n > 0 {
		has := map[Zone]bool{}
		for _, z := range c.Squares {
			has[z] = true
		}
		for _, z := range []Zone{Z1, Z3, Z5, Z7, Brake} {
			if !has[z] {
				add("no square in zone %s: a circuit has portions of difficulty 1, 3, 5 and 7 and braking zones", z)
			}
		}
	}
	for _, f := range []struct {
		key string
		v   int
	}{{"start", c.Start}, {"pit-entry", c.PitEntry}, {"pit-exit", c.PitExit}} {
		if _, ok := seen[f.key]; ok && n > 0 && (f.v < 0 || f.v >= n) {
			add("%s %d is not a square of the lap (0 to %d)", f.key, f.v, n-1)
		}
	}
	if _, ok := seen["pit-entry"]; ok && c.PitEntry == c.PitExit {
		add("pit-entry and pit-exit are the same square %d", c.PitEntry)
	}
	if _, ok := seen["pit-stop"]; ok && (c.PitStop < 4 || c.PitStop > 30) {
		add("pit-stop %d: a stop lasts 4 to 30 squares (Ann. C: 8 to 14)", c.PitStop)
	}
	if _, ok := seen["drive-through"]; ok && c.DriveThrough != c.PitStop-3 {
		add("drive-through %d: Ann. C makes it the stop less 3 seconds, %d", c.DriveThrough, c.PitStop-3)
	}
	if _, ok := seen["weather-modifier"]; ok && (c.WeatherModifier < -99 || c.WeatherModifier > 99) {
		add("weather-modifier %d: -99 to 99", c.WeatherModifier)
	}
	return probs
}

// Text writes c in the rs-circuit format; Parse(Text(c)) gives c back.
func (c *Circuit) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\nid %s\nname %s\ntype %s\npit-stop %d\ndrive-through %d\ngrid %s\nweather-modifier %d\nstart %d\npit-entry %d\npit-exit %d\n",
		Version, c.ID, c.Name, c.Kind, c.PitStop, c.DriveThrough, c.Grid, c.WeatherModifier, c.Start, c.PitEntry, c.PitExit)
	b.WriteString("squares")
	for i := 0; i < len(c.Squares); {
		j := i
		for j < len(c.Squares) && c.Squares[j] == c.Squares[i] {
			j++
		}
		fmt.Fprintf(&b, " %s*%d", c.Squares[i], j-i)
		i = j
	}
	b.WriteString("\n")
	return b.String()
}
