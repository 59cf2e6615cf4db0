package tracks

import (
	"bufio"
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The authoring format (documented in docs/tracks.md) is line oriented: one
// directive per line, words separated by spaces, "double quotes" around words
// with spaces, key=value options, and # starting a comment. A circuit is a
// header, then the lap as a sequence of straights and corners starting just
// after the start/finish line, then optional per-space overrides.

// MaxSourceSize bounds a circuit file: real circuits are a few kilobytes, and
// records may embed one, so anything larger is refused before parsing.
const MaxSourceSize = 256 << 10

// Limits that keep a hostile file from asking the builder for millions of
// spaces.
const (
	maxLanes        = 6
	maxSegmentSteps = 200
	maxSegments     = 200
	maxDeclared     = 2000
	// Fix: the limits above still let 200 segments of 200 steps in 6 lanes
	// ask for 240,000 spaces (hundreds of megabytes from a 3 KB file), and
	// thousands of zone lines each cost a pass over every space. A board
	// has a few hundred spaces and a few dozen corners.
	maxSpaces = 10000
	maxZones  = 200
)

// SegmentSpec is one straight, corner or tunnel as written.
type SegmentSpec struct {
	Line  int
	ID    string
	Kind  string // "straight", "corner", "tunnel"
	Steps int    // straights and tunnels: levels
	Lanes int    // 0: the circuit default

	// corners
	Name      string
	Stops     int
	Direction Direction
	Angle     float64 // degrees
	Radius    float64 // centre-line radius in lane widths; 0: default
	Rails     bool    // the bend is lined with rails (league 10-A's rail cases)

	Flags Flags // applied to every space of the segment
}

// SpaceSpec declares a space by hand or changes a generated one.
type SpaceSpec struct {
	Line           int
	Name           string
	Lane, Level    *int
	X, Y           *float64
	Kind           Kind
	KindSet        bool
	Set, Clear     Flags
	Box, TunnelNum int
	Offset         *float64
}

// EdgeSpec adds (or, with Remove, removes) one forward edge.
type EdgeSpec struct {
	Line     int
	From, To string
	Remove   bool
}

// ZoneSpec declares a corner zone space by space (hand-made boards).
type ZoneSpec struct {
	Line      int
	ID, Name  string
	Stops     int
	Direction Direction
	Inside    int
	Spaces    []string
}

// PitSpec places the pit lane along the straights between two points.
type PitSpec struct {
	Line        int
	Side        Direction
	Entry, Exit string // SEGMENT.STEP
	Boxes       int
	Unused      bool
}

// Source is a parsed circuit file, before building.
type Source struct {
	File        string
	ID          string
	Name        string
	Description string
	Laps        int
	Lanes       int
	Street      bool
	Oval        bool
	WallSide    *Direction
	Weather     []WeatherRange
	weatherLine int
	GridAuto    int
	GridNames   []string
	gridLine    int
	Qualifying  string
	Pit         *PitSpec
	Police      string
	policeLine  int
	Segments    []SegmentSpec
	Spaces      []SpaceSpec
	Edges       []EdgeSpec
	Zones       []ZoneSpec

	qualifyingLine int // for messages (fix: "qualifying NAME" problems had no line)
}

var idPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,39}$`)
var nameWordPattern = regexp.MustCompile(`^[A-Za-z0-9_.:-]{1,40}$`)

// Parse reads a circuit file. file names the source in messages. Every
// problem found is returned, as Problems.
func Parse(file string, src []byte) (*Source, error) {
	pl := &problemList{file: file}
	s := &Source{File: file}
	if len(src) > MaxSourceSize {
		pl.add(0, "", "file is %d bytes, more than the %d a circuit may have", len(src), MaxSourceSize)
		return nil, pl.list
	}
	if !utf8.Valid(src) {
		pl.add(0, "", "file is not UTF-8 text")
		return nil, pl.list
	}
	sc := bufio.NewScanner(bytes.NewReader(src))
	sc.Buffer(make([]byte, 0, 4096), MaxSourceSize+1)
	lineNo := 0
	sawCircuit := false
	for sc.Scan() {
		lineNo++
		words, quoted, err := splitWords(sc.Text())
		if err != nil {
			pl.add(lineNo, "", "%v", err)
			continue
		}
		if len(words) == 0 {
			continue
		}
		if !sawCircuit && words[0] != "circuit" {
			pl.add(lineNo, "", "a circuit file starts with \"circuit ID\", found %q", words[0])
			return nil, pl.list
		}
		s.parseLine(pl, lineNo, words, quoted)
		if words[0] == "circuit" {
			sawCircuit = true
		}
		if len(pl.list) > 50 {
			pl.add(lineNo, "", "too many problems, giving up")
			return nil, pl.list
		}
	}
	if err := sc.Err(); err != nil {
		pl.add(lineNo, "", "%v", err)
	}
	if !sawCircuit {
		pl.add(0, "", "not a circuit: no \"circuit ID\" line")
	}
	if len(s.Segments)+len(s.Spaces) == 0 && sawCircuit {
		pl.add(0, "", "the circuit has no segments and no spaces")
	}
	if s.Name == "" && sawCircuit {
		s.Name = s.ID
	}
	if len(pl.list) > 0 {
		return nil, pl.list
	}
	return s, nil
}

func (s *Source) parseLine(pl *problemList, line int, w []string, quoted []bool) {
	args := w[1:]
	opts, plain, err := splitOptions(args, quoted[1:])
	if err != nil {
		pl.add(line, w[0], "%v", err)
		return
	}
	need := func(n int) bool {
		if len(plain) != n {
			pl.add(line, w[0], "takes %d value(s), got %d", n, len(plain))
			return false
		}
		return true
	}
	switch w[0] {
	case "circuit":
		if s.ID != "" {
			pl.add(line, "circuit", "second circuit line (one circuit per file)")
			return
		}
		if need(1) {
			if !idPattern.MatchString(plain[0]) {
				pl.add(line, "circuit", "id %q must be lower-case letters, digits and dashes (at most 40)", plain[0])
				return
			}
			s.ID = plain[0]
		}
	case "name":
		if need(1) {
			s.Name = plain[0]
		}
	case "description":
		if need(1) {
			s.Description = plain[0]
		}
	case "lanes":
		if need(1) {
			s.Lanes = atoiIn(pl, line, "lanes", plain[0], 1, maxLanes)
		}
	case "laps":
		if need(1) {
			s.Laps = atoiIn(pl, line, "laps", plain[0], 1, 9)
		}
	case "street":
		s.Street = true
	case "oval":
		s.Oval = true
	case "wall":
		if need(1) {
			d, ok := parseDirection(plain[0])
			if !ok {
				pl.add(line, "wall", "side must be left or right, got %q", plain[0])
				return
			}
			s.WallSide = &d
		}
	case "weather":
		s.parseWeather(pl, line, plain)
	case "grid":
		s.gridLine = line
		if len(plain) == 1 {
			if n, err := strconv.Atoi(plain[0]); err == nil {
				s.GridAuto = atoiIn(pl, line, "grid", strconv.Itoa(n), 1, 30)
				return
			}
		}
		if len(plain) == 0 {
			pl.add(line, "grid", "give a number of slots or the slot spaces, pole first")
			return
		}
		s.GridNames = plain
	case "qualifying":
		if need(1) {
			s.Qualifying, s.qualifyingLine = plain[0], line
		}
	case "police":
		if need(1) {
			s.Police, s.policeLine = plain[0], line
		}
	case "pit":
		s.parsePit(pl, line, plain, opts)
	case "straight", "tunnel":
		s.parseStraight(pl, line, w[0], plain, opts)
	case "corner":
		s.parseCorner(pl, line, plain, opts)
	case "space":
		s.parseSpace(pl, line, plain, opts)
	case "edge", "noedge":
		if need(2) {
			s.Edges = append(s.Edges, EdgeSpec{Line: line, From: plain[0], To: plain[1], Remove: w[0] == "noedge"})
		}
	case "zone":
		s.parseZone(pl, line, plain, opts)
	default:
		pl.add(line, "", "unknown directive %q (known: circuit, name, description, lanes, laps, street, oval, wall, weather, grid, qualifying, police, pit, straight, corner, tunnel, space, edge, noedge, zone)", w[0])
		return
	}
	for k := range opts {
		if !knownOption(w[0], k) {
			pl.add(line, w[0], "unknown option %q", k)
		}
	}
}

var optionsByDirective = map[string][]string{
	"straight": {"id", "lanes"},
	"tunnel":   {"id", "lanes"},
	"corner":   {"id", "lanes", "stops", "angle", "radius"},
	"pit":      {"side", "entry", "exit", "boxes"},
	"space":    {"lane", "level", "x", "y", "kind", "box", "tunnel", "offset"},
	"zone":     {"id", "stops", "inside", "spaces"},
}

func knownOption(directive, key string) bool {
	for _, k := range optionsByDirective[directive] {
		if k == key {
			return true
		}
	}
	return false
}

func (s *Source) parseWeather(pl *problemList, line int, plain []string) {
	s.weatherLine = line
	if len(plain) == 0 || len(plain)%2 != 0 {
		pl.add(line, "weather", "write pairs like: sun 1-12 changeable 13-16 rain 17-20")
		return
	}
	for i := 0; i < len(plain); i += 2 {
		w, ok := ParseWeather(plain[i])
		if !ok {
			pl.add(line, "weather", "unknown weather %q (sun, changeable, rain)", plain[i])
			continue
		}
		lo, hi, ok := strings.Cut(plain[i+1], "-")
		if !ok {
			hi = lo
		}
		from, err1 := strconv.Atoi(lo)
		to, err2 := strconv.Atoi(hi)
		if err1 != nil || err2 != nil || from > to {
			pl.add(line, "weather", "range %q must be FROM-TO with FROM <= TO", plain[i+1])
			continue
		}
		s.Weather = append(s.Weather, WeatherRange{From: from, To: to, Weather: w})
	}
}

func (s *Source) parsePit(pl *problemList, line int, plain []string, opts map[string]string) {
	p := &PitSpec{Line: line, Side: Right, Boxes: 10}
	for _, word := range plain {
		if word == "unused" {
			p.Unused = true
		} else {
			pl.add(line, "pit", "unknown word %q", word)
		}
	}
	if v, ok := opts["side"]; ok {
		d, ok := parseDirection(v)
		if !ok {
			pl.add(line, "pit", "side must be left or right, got %q", v)
		}
		p.Side = d
	}
	p.Entry, p.Exit = opts["entry"], opts["exit"]
	if p.Entry == "" || p.Exit == "" {
		pl.add(line, "pit", "needs entry=SEGMENT.STEP and exit=SEGMENT.STEP")
	}
	if v, ok := opts["boxes"]; ok {
		p.Boxes = atoiIn(pl, line, "pit", v, 1, 20)
	}
	if s.Pit != nil {
		pl.add(line, "pit", "second pit line (a circuit has one pit lane)")
	}
	s.Pit = p
}

func (s *Source) segmentCommon(pl *problemList, line int, kind string, opts map[string]string) SegmentSpec {
	seg := SegmentSpec{Line: line, Kind: kind, ID: opts["id"]}
	if seg.ID != "" && !idPattern.MatchString(seg.ID) {
		pl.add(line, kind, "id %q must be lower-case letters, digits and dashes", seg.ID)
	}
	if v, ok := opts["lanes"]; ok {
		seg.Lanes = atoiIn(pl, line, kind, v, 1, maxLanes)
	}
	if len(s.Segments) >= maxSegments {
		pl.add(line, kind, "more than %d segments", maxSegments)
	}
	return seg
}

func (s *Source) parseStraight(pl *problemList, line int, kind string, plain []string, opts map[string]string) {
	seg := s.segmentCommon(pl, line, kind, opts)
	if len(plain) == 0 {
		pl.add(line, kind, "needs its length in spaces, e.g. \"%s 8\"", kind)
		return
	}
	seg.Steps = atoiIn(pl, line, kind, plain[0], 1, maxSegmentSteps)
	seg.Flags = parseSegmentFlags(pl, line, kind, plain[1:])
	s.Segments = append(s.Segments, seg)
}

func (s *Source) parseCorner(pl *problemList, line int, plain []string, opts map[string]string) {
	seg := s.segmentCommon(pl, line, "corner", opts)
	if len(plain) < 2 {
		pl.add(line, "corner", "write: corner \"Name\" left|right [rails] stops=N angle=DEGREES [radius=R] [lanes=L] [id=ID]")
		return
	}
	seg.Name = plain[0]
	d, ok := parseDirection(plain[1])
	if !ok {
		pl.add(line, "corner", "direction must be left or right, got %q", plain[1])
	}
	seg.Direction = d
	var words []string
	for _, w := range plain[2:] {
		if w == "rails" { // a corner word, not a space flag: league 10-A reads it
			seg.Rails = true
			continue
		}
		words = append(words, w)
	}
	seg.Flags = parseSegmentFlags(pl, line, "corner", words)
	v, ok := opts["stops"]
	if !ok {
		pl.add(line, "corner "+strconv.Quote(seg.Name), "needs stops=1, 2 or 3 (the yellow box)")
	} else {
		seg.Stops, _ = strconv.Atoi(v) // range checked by Validate, with the corner named
		if _, err := strconv.Atoi(v); err != nil {
			pl.add(line, "corner "+strconv.Quote(seg.Name), "stops %q is not a number", v)
		}
	}
	seg.Angle = atofIn(pl, line, "corner", opts["angle"], 1, 360, "angle")
	if r, ok := opts["radius"]; ok {
		seg.Radius = atofIn(pl, line, "corner", r, 0.5, 40, "radius")
	}
	s.Segments = append(s.Segments, seg)
}

func parseSegmentFlags(pl *problemList, line int, kind string, words []string) Flags {
	var f Flags
	for _, w := range words {
		switch w {
		case "dangerous", "noise", "wall":
			fl, _ := ParseFlag(w)
			f |= fl
		default:
			pl.add(line, kind, "unknown word %q (segment flags: dangerous, noise, wall)", w)
		}
	}
	return f
}

func (s *Source) parseSpace(pl *problemList, line int, plain []string, opts map[string]string) {
	if len(plain) == 0 {
		pl.add(line, "space", "needs a space name")
		return
	}
	if len(s.Spaces) >= maxDeclared {
		pl.add(line, "space", "more than %d space lines", maxDeclared)
		return
	}
	sp := SpaceSpec{Line: line, Name: plain[0]}
	if !nameWordPattern.MatchString(sp.Name) {
		pl.add(line, "space", "name %q: use letters, digits, '.', ':', '_' and '-'", sp.Name)
	}
	where := "space " + sp.Name
	for _, w := range plain[1:] {
		if len(w) < 2 || (w[0] != '+' && w[0] != '-') {
			pl.add(line, where, "%q: flags are written +flag or -flag", w)
			continue
		}
		f, ok := ParseFlag(w[1:])
		if !ok {
			pl.add(line, where, "unknown flag %q", w[1:])
			continue
		}
		if w[0] == '+' {
			sp.Set |= f
		} else {
			sp.Clear |= f
		}
	}
	intOpt := func(key string, lo, hi int) *int {
		v, ok := opts[key]
		if !ok {
			return nil
		}
		n := atoiIn(pl, line, where, v, lo, hi)
		return &n
	}
	floatOpt := func(key string) *float64 {
		v, ok := opts[key]
		if !ok {
			return nil
		}
		f := atofIn(pl, line, where, v, -10000, 10000, key)
		return &f
	}
	sp.Lane = intOpt("lane", 0, maxLanes-1)
	sp.Level = intOpt("level", 0, 100000)
	sp.X, sp.Y, sp.Offset = floatOpt("x"), floatOpt("y"), floatOpt("offset")
	if v, ok := opts["kind"]; ok {
		sp.KindSet = true
		switch v {
		case "track":
			sp.Kind = KindTrack
		case "pit":
			sp.Kind = KindPit
		case "box":
			sp.Kind = KindBox
		case "tunnel":
			sp.Kind = KindTunnel
		default:
			pl.add(line, where, "kind %q: track, pit, box or tunnel", v)
		}
	}
	if p := intOpt("box", 1, 20); p != nil {
		sp.Box = *p
	}
	if p := intOpt("tunnel", 1, 20); p != nil {
		sp.TunnelNum = *p
	}
	s.Spaces = append(s.Spaces, sp)
}

func (s *Source) parseZone(pl *problemList, line int, plain []string, opts map[string]string) {
	z := ZoneSpec{Line: line, ID: opts["id"]}
	if len(s.Zones) >= maxZones {
		pl.add(line, "zone", "more than %d zone lines", maxZones)
		return
	}
	if len(plain) < 2 {
		pl.add(line, "zone", "write: zone \"Name\" left|right stops=N spaces=A,B,C [inside=LANE] [id=ID]")
		return
	}
	z.Name = plain[0]
	d, ok := parseDirection(plain[1])
	if !ok {
		pl.add(line, "zone", "direction must be left or right, got %q", plain[1])
	}
	z.Direction = d
	z.Stops, _ = strconv.Atoi(opts["stops"])
	if v, ok := opts["inside"]; ok {
		z.Inside = atoiIn(pl, line, "zone", v, 0, maxLanes-1)
	} else if d == Right {
		z.Inside = -1 // the rightmost lane, resolved when building
	}
	if opts["spaces"] == "" {
		pl.add(line, "zone "+strconv.Quote(z.Name), "needs spaces=A,B,C")
	} else {
		z.Spaces = strings.Split(opts["spaces"], ",")
	}
	s.Zones = append(s.Zones, z)
}

func parseDirection(s string) (Direction, bool) {
	switch s {
	case "left":
		return Left, true
	case "right":
		return Right, true
	}
	return Left, false
}

func atoiIn(pl *problemList, line int, where, v string, lo, hi int) int {
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		pl.add(line, where, "%q must be a whole number from %d to %d", v, lo, hi)
		return lo
	}
	return n
}

func atofIn(pl *problemList, line int, where, v string, lo, hi float64, what string) float64 {
	if v == "" {
		pl.add(line, where, "needs %s=NUMBER", what)
		return lo
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f != f || f < lo || f > hi {
		pl.add(line, where, "%s %q must be a number from %g to %g", what, v, lo, hi)
		return lo
	}
	return f
}

// splitWords splits a line into words, honouring "double quotes" and
// dropping a # comment. quoted[i] reports whether word i began with a quote.
// Fix: splitOptions needs it, because the quotes are gone from the words and
// a quoted word such as "x=1" was taken for an option.
func splitWords(line string) (words []string, quoted []bool, err error) {
	var cur strings.Builder
	inWord, inQuote, startQuoted := false, false, false
	for _, r := range line {
		switch {
		case inQuote:
			if r == '"' {
				inQuote = false
			} else {
				cur.WriteRune(r)
			}
		case r == '"':
			if !inWord {
				startQuoted = true
			}
			inQuote, inWord = true, true
		case r == '#':
			goto done
		case r == ' ' || r == '\t' || r == '\r':
			if inWord {
				words, quoted = append(words, cur.String()), append(quoted, startQuoted)
				cur.Reset()
				inWord, startQuoted = false, false
			}
		default:
			if r < ' ' {
				return nil, nil, fmt.Errorf("control character %U in line", r)
			}
			cur.WriteRune(r)
			inWord = true
		}
	}
done:
	if inQuote {
		return nil, nil, fmt.Errorf("unclosed quote")
	}
	if inWord {
		words, quoted = append(words, cur.String()), append(quoted, startQuoted)
	}
	return words, quoted, nil
}

// splitOptions separates key=value words from plain words; a word that
// began with a quote is always plain.
func splitOptions(args []string, quoted []bool) (map[string]string, []string, error) {
	opts := map[string]string{}
	var plain []string
	for i, a := range args {
		k, v, ok := strings.Cut(a, "=")
		if !ok || k == "" || quoted[i] || strings.ContainsAny(k, " \"") {
			plain = append(plain, a)
			continue
		}
		if _, dup := opts[k]; dup {
			return nil, nil, fmt.Errorf("option %q given twice", k)
		}
		opts[k] = v
	}
	return opts, plain, nil
}
