package tracks

import (
	"fmt"
	"math"
	"strings"
)

// MinGridSlots is the smallest grid a circuit may have (formula-d-2008.md
// §6.3: ten grid spaces).
const MinGridSlots = 10

// Validate checks a built circuit against formula-d-2008.md §6.7 and returns
// every problem found. src may be nil (a circuit built some other way); it
// only sharpens the locations in messages.
func Validate(c *Circuit, src *Source) Problems {
	file := c.ID
	if src != nil {
		file = src.File
	}
	v := &validator{c: c, src: src, pl: &problemList{file: file, list: append(Problems(nil), c.notes...)}}
	v.header()
	v.corners()
	v.graph()
	v.pit()
	return v.pl.list
}

type validator struct {
	c   *Circuit
	src *Source
	pl  *problemList

	edgeLines map[[2]string]int // "edge FROM TO" lines, built on first use
}

func (v *validator) line(get func(*Source) int) int {
	if v.src == nil {
		return 0
	}
	return get(v.src)
}

// where names a space by its segment when it has one.
func (v *validator) where(id SpaceID) (int, string) {
	s := &v.c.Spaces[id]
	if s.Segment >= 0 && s.Segment < len(v.c.Segments) {
		seg := v.c.Segments[s.Segment]
		label := seg.Kind + " " + seg.ID
		if s.Corner >= 0 {
			label = fmt.Sprintf("corner %q", v.c.Corners[s.Corner].Name)
		}
		return seg.Line, fmt.Sprintf("segment %d (%s), space %s", seg.Index+1, label, s.Name)
	}
	if v.src != nil {
		for _, sp := range v.src.Spaces {
			if sp.Name == s.Name {
				return sp.Line, "space " + s.Name
			}
		}
		// Fix: the pit lane and its boxes come from the pit line; they used
		// to be reported without a line.
		if (s.Kind == KindPit || s.Kind == KindBox) && v.src.Pit != nil {
			return v.src.Pit.Line, "space " + s.Name
		}
	}
	return 0, "space " + s.Name
}

// edgeLine returns the line of the "edge FROM TO" directive that added an
// edge, or def when the builder made it. Fix: problems with an edge written
// by hand used to point at the segment of its first space, far from the
// line to correct.
func (v *validator) edgeLine(from, to string, def int) int {
	if v.src == nil {
		return def
	}
	if v.edgeLines == nil {
		v.edgeLines = map[[2]string]int{}
		for _, e := range v.src.Edges {
			if !e.Remove {
				v.edgeLines[[2]string{e.From, e.To}] = e.Line
			}
		}
	}
	if line, ok := v.edgeLines[[2]string{from, to}]; ok {
		return line
	}
	return def
}

func (v *validator) header() {
	c := v.c
	// T-09b / FDR R3.1: the weather table covers the black die 1..20 once.
	wl := v.line(func(s *Source) int { return s.weatherLine })
	if len(c.Weather) == 0 {
		v.pl.add(wl, "weather", "no weather table: write e.g. \"weather sun 1-12 changeable 13-16 rain 17-20\"")
	} else {
		var seen [21]int
		for _, r := range c.Weather {
			if r.From < 1 || r.To > 20 {
				v.pl.add(wl, "weather", "%s %d-%d: the black die only shows 1 to 20", r.Weather, r.From, r.To)
			}
			// Fix: count the faces of the range that do exist. The loop used
			// to stop at the first face outside 1..20, so "sun 0-12" also
			// reported faces 1-12 as having no weather. Clamping keeps a huge
			// range (1-9223372036854775807) from looping for ever.
			for f := max(r.From, 1); f <= min(r.To, 20); f++ {
				seen[f]++
			}
		}
		var missing, twice []string
		for f := 1; f <= 20; f++ {
			switch {
			case seen[f] == 0:
				missing = append(missing, fmt.Sprint(f))
			case seen[f] > 1:
				twice = append(twice, fmt.Sprint(f))
			}
		}
		if len(missing) > 0 {
			v.pl.add(wl, "weather", "black die face(s) %s have no weather", strings.Join(missing, ", "))
		}
		if len(twice) > 0 {
			v.pl.add(wl, "weather", "black die face(s) %s have more than one weather", strings.Join(twice, ", "))
		}
	}
	gl := v.line(func(s *Source) int { return s.gridLine })
	if len(c.Grid) < MinGridSlots {
		v.pl.add(gl, "grid", "%d slot(s); a circuit needs at least %d", len(c.Grid), MinGridSlots)
	}
	seen := map[SpaceID]int{}
	for i, g := range c.Grid {
		if j, dup := seen[g]; dup {
			v.pl.add(gl, "grid", "slots %d and %d are the same space %s", j+1, i+1, c.Spaces[g].Name)
		}
		seen[g] = i
		if s := &c.Spaces[g]; s.Kind != KindTrack {
			v.pl.add(gl, "grid", "slot %d (%s) is a %s space, not on the track", i+1, s.Name, s.Kind)
		}
	}
	if c.QualifyingStart == NoSpace {
		v.pl.add(0, "qualifying", "no qualifying start space")
	}
}

func (v *validator) corners() {
	for _, k := range v.c.Corners {
		line := 0
		for _, seg := range v.c.Segments {
			if seg.ID == k.ID {
				line = seg.Line
			}
		}
		if line == 0 && v.src != nil {
			for _, z := range v.src.Zones {
				if z.Name == k.Name {
					line = z.Line
				}
			}
		}
		where := fmt.Sprintf("corner %q", k.Name)
		if k.Stops < 1 || k.Stops > 3 {
			v.pl.add(line, where, "required stops must be 1, 2 or 3 (the yellow box), got %d", k.Stops)
		}
		if len(k.Spaces) == 0 {
			v.pl.add(line, where, "has no spaces")
			continue
		}
		if len(k.Entry) == 0 {
			v.pl.add(line, where, "no edge leads into the corner")
		}
		if len(k.Exit) == 0 {
			v.pl.add(line, where, "no edge leads out of the corner")
		}
		// zones are contiguous: every space of the corner is reached from
		// its entry without leaving it
		in := map[SpaceID]bool{}
		for _, s := range k.Spaces {
			in[s] = true
		}
		reached := map[SpaceID]bool{}
		stack := append([]SpaceID(nil), k.Entry...)
		for len(stack) > 0 {
			s := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if reached[s] {
				continue
			}
			reached[s] = true
			for _, n := range v.c.Spaces[s].Next {
				if in[n] {
					stack = append(stack, n)
				}
			}
		}
		for _, s := range k.Spaces {
			if !reached[s] {
				v.pl.add(line, where, "space %s cannot be reached from the corner's entry: the zone is not contiguous", v.c.Spaces[s].Name)
			}
		}
		// Fix: every space with an edge from outside the zone counts as an
		// entry, so the check above passes a zone made of two separate
		// pieces of track. The zone must also hang together: every space is
		// joined to the first one by edges inside the zone, whichever way
		// they point.
		touch := map[SpaceID][]SpaceID{}
		for _, s := range k.Spaces {
			for _, n := range v.c.Spaces[s].Next {
				if in[n] {
					touch[s] = append(touch[s], n)
					touch[n] = append(touch[n], s)
				}
			}
		}
		root := NoSpace // the first space reached from the entry
		for _, s := range k.Spaces {
			if reached[s] {
				root = s
				break
			}
		}
		joined := map[SpaceID]bool{root: true}
		for queue := []SpaceID{root}; root != NoSpace && len(queue) > 0; queue = queue[1:] {
			for _, n := range touch[queue[0]] {
				if !joined[n] {
					joined[n] = true
					queue = append(queue, n)
				}
			}
		}
		for _, s := range k.Spaces {
			if reached[s] && !joined[s] {
				v.pl.add(line, where, "space %s is not joined to space %s by edges inside the zone: the zone is not contiguous", v.c.Spaces[s].Name, v.c.Spaces[root].Name)
			}
		}
	}
}

func (v *validator) graph() {
	c := v.c
	if c.LapLength == 0 {
		v.pl.add(0, "lap", "the lap is not closed: no track route crosses the start/finish line and comes back to it")
	}
	for i := range c.Spaces {
		id := SpaceID(i)
		s := &c.Spaces[i]
		if !s.Playable() {
			if len(s.Next) > 0 {
				line, where := v.where(id)
				v.pl.add(line, where, "a tunnel space is not playable and must have no edges")
			}
			continue
		}
		if s.Kind == KindPit && !c.Pit.Usable {
			continue
		}
		if len(s.Next) == 0 {
			line, where := v.where(id)
			v.pl.add(line, where, "dead end: no edge leads forward")
		}
		for _, n := range s.Next {
			t := &c.Spaces[n]
			line, where := v.where(id)
			line = v.edgeLine(s.Name, t.Name, line)
			if !t.Playable() {
				v.pl.add(line, where, "edge into tunnel space %s, which is not playable", t.Name)
				continue
			}
			if t.Level == s.Level {
				v.pl.add(line, where, "edge to %s stays on level %d: edges go forward only (R-MOV-03)", t.Name, s.Level)
			} else if t.Level < s.Level && !(s.Level >= c.Levels/2 && t.Level < c.Levels/2) {
				v.pl.add(line, where, "edge to %s goes back from level %d to %d without crossing the line (R-MOV-03)", t.Name, s.Level, t.Level)
			}
			// lane changes only between adjacent lanes (R-MOV-01, §6.7);
			// tunnel steps and pit-lane links are their own kind of edge
			if s.Kind == KindTrack && t.Kind == KindTrack && s.Tunnel == 0 {
				if d := math.Abs(t.Offset - s.Offset); d > 1+offsetEpsilon {
					v.pl.add(line, where, "edge to %s changes %.1f lanes; only adjacent lanes connect", t.Name, d)
				}
			}
		}
	}
	// every playable space is reachable from the grid
	reached := make([]bool, len(c.Spaces))
	stack := append([]SpaceID(nil), c.Grid...)
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if reached[s] {
			continue
		}
		reached[s] = true
		stack = append(stack, c.Spaces[s].Next...)
	}
	if len(c.Grid) == 0 {
		return
	}
	unreached := 0
	for i := range c.Spaces {
		s := &c.Spaces[i]
		if reached[i] || !s.Playable() || (s.Kind != KindTrack && !c.Pit.Usable) {
			continue
		}
		unreached++
		if unreached <= 10 {
			line, where := v.where(SpaceID(i))
			v.pl.add(line, where, "cannot be reached from the grid")
		}
	}
	if unreached > 10 {
		v.pl.add(0, "graph", "%d more spaces cannot be reached from the grid", unreached-10)
	}
}

// pit checks the route entry → boxes → exit (formula-d-2008.md §6.7).
func (v *validator) pit() {
	c := v.c
	p := c.Pit
	line := 0
	if v.src != nil && v.src.Pit != nil {
		line = v.src.Pit.Line
	}
	if len(p.Lane) == 0 {
		return
	}
	if len(p.Boxes) < MinGridSlots && p.Usable {
		v.pl.add(line, "pit", "%d boxes; every car of a %d-car grid needs one", len(p.Boxes), MinGridSlots)
	}
	if !p.Usable {
		return
	}
	from := func(starts []SpaceID) map[SpaceID]bool {
		seen := map[SpaceID]bool{}
		stack := append([]SpaceID(nil), starts...)
		for len(stack) > 0 {
			s := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if seen[s] {
				continue
			}
			seen[s] = true
			for _, n := range c.Spaces[s].Next {
				if c.Spaces[n].Kind != KindTrack {
					stack = append(stack, n)
				}
			}
		}
		return seen
	}
	if len(p.Entry) == 0 {
		v.pl.add(line, "pit", "no track space leads into the pit lane")
		return
	}
	var firsts []SpaceID
	for _, e := range p.Entry {
		for _, n := range c.Spaces[e].Next {
			if c.Spaces[n].Kind == KindPit {
				firsts = append(firsts, n)
			}
		}
	}
	reach := from(firsts)
	for _, b := range p.Boxes {
		if !reach[b] {
			v.pl.add(line, "pit", "box %d (%s) cannot be reached from the pit entry", c.Spaces[b].Box, c.Spaces[b].Name)
			continue
		}
		out := from([]SpaceID{b})
		ok := false
		for _, x := range p.Exit {
			if out[x] {
				ok = true
			}
		}
		if !ok {
			v.pl.add(line, "pit", "box %d (%s) has no way to the pit exit", c.Spaces[b].Box, c.Spaces[b].Name)
		}
	}
	v.pitLimit(line)
	for _, x := range p.Exit {
		back := false
		for _, n := range c.Spaces[x].Next {
			if c.Spaces[n].Kind == KindTrack {
				back = true
			}
		}
		if !back {
			v.pl.add(line, "pit", "the pit exit %s does not lead back onto the track", c.Spaces[x].Name)
		}
	}
}

// pitLimit checks the pit-entry limit (FDR R19.19, AMB-41): one space per
// lane, on the track, the entry space among them, every lane of the road
// in the band of levels it crosses cut by it, and a band of at most
// maxLimitBand levels that does not cross the start/finish line.
func (v *validator) pitLimit(line int) {
	c := v.c
	p := c.Pit
	lo, hi, ok := c.PitLimitBand()
	if !ok {
		v.pl.add(line, "pit", "no pit-entry limit (FDR R19.19)")
		return
	}
	lanes := map[int]SpaceID{}
	for _, id := range p.Limit {
		s := &c.Spaces[id]
		if prev, dup := lanes[s.Lane]; dup {
			v.pl.add(line, "pit", "the pit-entry limit crosses lane %d twice (%s and %s)", s.Lane, c.Spaces[prev].Name, s.Name)
		}
		lanes[s.Lane] = id
	}
	for _, e := range p.Entry {
		if !c.Spaces[e].Has(FlagPitEntryLimit) {
			v.pl.add(line, "pit", "the pit entry %s is not on the pit-entry limit", c.Spaces[e].Name)
		}
	}
	if hi-lo > maxLimitBand {
		v.pl.add(line, "pit", "the pit-entry limit spans levels %d to %d; at most %d levels apart, and not across the start/finish line", lo, hi, maxLimitBand)
		return
	}
	for lv := lo; lv <= hi; lv++ {
		for _, id := range c.atLevel(lv) {
			s := &c.Spaces[id]
			if _, cut := lanes[s.Lane]; s.Kind == KindTrack && !cut {
				v.pl.add(line, "pit", "the pit-entry limit does not cross lane %d (%s)", s.Lane, s.Name)
			}
		}
	}
}

// maxLimitBand is how many levels a staggered pit-entry limit may span.
const maxLimitBand = 3
