package tracks

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Geometry constants, in lane widths. A space is longer than it is wide, as
// on the printed boards.
const (
	SpaceLength    = 1.5
	defaultRadius  = 3.0
	pitGap         = 1.4 // from the edge lane's centre to the pit lane's centre
	boxGap         = 1.1 // from the pit lane's centre to the boxes' centre
	closeTolerance = 1.0
)

// Build turns a parsed source into a circuit: spaces, edges, levels and
// geometry, deterministically. It reports the problems it meets while
// building; Validate checks the finished circuit.
func Build(src *Source) (*Circuit, error) {
	b := &builder{src: src, pl: &problemList{file: src.File}, soft: &problemList{file: src.File}, c: &Circuit{
		ID: src.ID, Name: src.Name, Description: src.Description,
		Street: src.Street, Oval: src.Oval, Laps: src.Laps, PoliceLevel: -1,
		QualifyingStart: NoSpace,
	}}
	if b.c.Laps == 0 {
		b.c.Laps = 2 // R-GEN-01
	}
	b.lanes = src.Lanes
	if b.lanes == 0 {
		b.lanes = 3
	}
	b.segments()
	b.declaredSpaces()
	if len(b.pl.list) > 0 {
		return nil, append(b.pl.list, b.soft.list...)
	}
	b.finishLevels()
	b.edges()
	b.pit()
	b.uniqueNames()
	b.edgeLines()
	b.circuitFlags()
	b.zones()
	b.grid()
	b.c.Weather = append([]WeatherRange(nil), src.Weather...)
	b.c.index()
	b.corners()
	b.c.LapLength = shortestLap(b.c)
	b.bounds()
	if len(b.pl.list) > 0 {
		return nil, append(b.pl.list, b.soft.list...)
	}
	b.c.notes = b.soft.list
	return b.c, nil
}

// Load parses, builds and validates a circuit file.
func Load(file string, src []byte) (*Circuit, error) {
	s, err := Parse(file, src)
	if err != nil {
		return nil, err
	}
	c, err := Build(s)
	if err != nil {
		return nil, err
	}
	if ps := Validate(c, s); len(ps) > 0 {
		return c, ps
	}
	return c, nil
}

type builder struct {
	src   *Source
	pl    *problemList
	soft  *problemList // problems that do not stop the build (Validate lists them)
	c     *Circuit
	lanes int

	// segSpaces[i][lane] lists the spaces of one lane of segment i in
	// driving order.
	segSpaces [][][]SpaceID
	segBase   []int // first level of each segment
	segLanes  []int
	// where the turtle ended, to check that the lap closes
	end        Point
	endHeading float64
}

func (b *builder) add(s Space) SpaceID {
	s.ID = SpaceID(len(b.c.Spaces))
	b.c.Spaces = append(b.c.Spaces, s)
	return s.ID
}

func segWhere(seg SegmentSpec, i int) string {
	if seg.Kind == "corner" {
		return fmt.Sprintf("segment %d (corner %q)", i+1, seg.Name)
	}
	if seg.ID != "" {
		return fmt.Sprintf("segment %d (%s %s)", i+1, seg.Kind, seg.ID)
	}
	return fmt.Sprintf("segment %d (%s)", i+1, seg.Kind)
}

func dir(h float64) Point    { return Point{math.Cos(h), math.Sin(h)} }
func normal(h float64) Point { return Point{-math.Sin(h), math.Cos(h)} } // to the right of the heading, Y down
func add(p, q Point) Point   { return Point{p.X + q.X, p.Y + q.Y} }
func scale(p Point, k float64) Point {
	return Point{p.X * k, p.Y * k}
}

func laneOffset(lane, lanes int) float64 { return float64(lane) - float64(lanes-1)/2 }

// segments walks the lap like a turtle, laying each segment's spaces.
func (b *builder) segments() {
	pos, heading, level := Point{}, 0.0, 0
	ids := map[string]int{}
	for i, seg := range b.src.Segments {
		if seg.ID == "" {
			seg.ID = "s" + strconv.Itoa(i+1)
			b.src.Segments[i].ID = seg.ID
		}
		if prev, dup := ids[seg.ID]; dup {
			b.pl.add(seg.Line, segWhere(seg, i), "id %q already used by segment %d", seg.ID, prev+1)
		}
		ids[seg.ID] = i
		lanes := seg.Lanes
		if lanes == 0 {
			lanes = b.lanes
		}
		b.segBase = append(b.segBase, level)
		b.segLanes = append(b.segLanes, lanes)
		b.c.Segments = append(b.c.Segments, Segment{Index: i, ID: seg.ID, Kind: seg.Kind, Line: seg.Line, Lanes: lanes})
		perLane := make([][]SpaceID, lanes)
		kind := KindTrack
		if seg.Kind == "tunnel" {
			kind = KindTunnel
		}
		switch seg.Kind {
		case "straight", "tunnel":
			d, n := dir(heading), normal(heading)
			for step := 0; step < seg.Steps; step++ {
				for lane := 0; lane < lanes; lane++ {
					o := laneOffset(lane, lanes)
					rear := add(pos, scale(d, float64(step)*SpaceLength))
					front := add(rear, scale(d, SpaceLength))
					sp := Space{
						Name: fmt.Sprintf("%s.%d.%d", seg.ID, step, lane), Kind: kind,
						Lane: lane, Offset: o, Level: level + step, Corner: -1, Segment: i, Flags: seg.Flags,
						Heading: heading,
						Center:  add(add(rear, scale(d, SpaceLength/2)), scale(n, o)),
						Quad: [4]Point{
							add(rear, scale(n, o-0.5)), add(rear, scale(n, o+0.5)),
							add(front, scale(n, o+0.5)), add(front, scale(n, o-0.5)),
						},
					}
					perLane[lane] = append(perLane[lane], b.add(sp))
				}
			}
			pos = add(pos, scale(d, float64(seg.Steps)*SpaceLength))
			level += seg.Steps
		case "corner":
			sign := 1.0 // right turns turn clockwise on the image
			if seg.Direction == Left {
				sign = -1
			}
			radius := seg.Radius
			if radius == 0 {
				radius = defaultRadius
			}
			half := float64(lanes) / 2
			if radius <= half {
				b.pl.add(seg.Line, segWhere(seg, i), "radius %g is too small for %d lanes: the inside lane needs a radius above %g", radius, lanes, half)
				radius = half + 0.5
			}
			angle := seg.Angle * math.Pi / 180
			centre := add(pos, scale(normal(heading), sign*radius))
			counts := make([]int, lanes)
			most := 0
			for lane := range lanes {
				r := radius - sign*laneOffset(lane, lanes)
				counts[lane] = max(1, int(math.Round(r*angle/SpaceLength)))
				most = max(most, counts[lane])
			}
			// at phi along the turn, the point at lateral offset o
			at := func(phi, o float64) Point {
				h := heading + sign*phi
				return add(centre, scale(normal(h), o-sign*radius))
			}
			for lane := range lanes {
				o := laneOffset(lane, lanes)
				k := counts[lane]
				for t := range k {
					a0, a1 := angle*float64(t)/float64(k), angle*float64(t+1)/float64(k)
					mid := (a0 + a1) / 2
					sp := Space{
						Name: fmt.Sprintf("%s.%d.%d", seg.ID, t, lane), Kind: KindTrack,
						Lane: lane, Offset: o, Corner: -2, Segment: i, Flags: seg.Flags,
						// spread the lane's spaces over the corner's levels so
						// that spaces side by side share a level (AMB-08)
						Level:   level + int(math.Floor((float64(t)+0.5)*float64(most)/float64(k))),
						Heading: heading + sign*mid,
						Center:  at(mid, o),
						Quad:    [4]Point{at(a0, o-0.5), at(a0, o+0.5), at(a1, o+0.5), at(a1, o-0.5)},
					}
					perLane[lane] = append(perLane[lane], b.add(sp))
				}
			}
			pos = at(angle, 0)
			heading += sign * angle
			level += most
		}
		b.segSpaces = append(b.segSpaces, perLane)
		if len(b.c.Spaces) > maxSpaces {
			// Fix: stop before a hostile file exhausts memory (see maxSpaces).
			b.pl.add(seg.Line, segWhere(seg, i), "the circuit has more than %d spaces; a board has a few hundred", maxSpaces)
			return
		}
	}
	b.end, b.endHeading = pos, heading
	if len(b.src.Segments) > 0 {
		gap := math.Hypot(pos.X, pos.Y)
		// Fix: the heading error, in -180..180 degrees. It was computed as
		// mod(|heading|+0.5, 360)-0.5, which accepted a lap turning 361° but
		// refused one turning 359° (and called it "359.0° off").
		turn := math.Remainder(heading*180/math.Pi, 360)
		if gap > closeTolerance || math.Abs(turn) > 1 {
			last := len(b.src.Segments) - 1
			// a drawing that does not close still makes a graph: report it
			// with the validation problems rather than alone
			b.soft.add(b.src.Segments[last].Line, segWhere(b.src.Segments[last], last),
				"the lap does not close: it ends %.2f lane widths from the start line (dx %.2f, dy %.2f) heading %.1f° off; adjust lengths, angles or radii",
				gap, -pos.X, -pos.Y, math.Abs(turn))
		}
	}
}

// declaredSpaces applies the per-space lines: new spaces for hand-made
// boards, flag changes for generated ones.
func (b *builder) declaredSpaces() {
	names := map[string]SpaceID{}
	for i := range b.c.Spaces {
		names[b.c.Spaces[i].Name] = SpaceID(i)
	}
	for _, sp := range b.src.Spaces {
		where := "space " + sp.Name
		id, exists := names[sp.Name]
		if !exists {
			if sp.Lane == nil || sp.Level == nil {
				b.pl.add(sp.Line, where, "no such space; to declare a new one give lane= and level=")
				continue
			}
			s := Space{Name: sp.Name, Lane: *sp.Lane, Level: *sp.Level, Corner: -1, Segment: -1, Offset: float64(*sp.Lane)}
			if sp.Offset != nil {
				s.Offset = *sp.Offset
			}
			x, y := float64(s.Level)*SpaceLength+SpaceLength/2, s.Offset
			if sp.X != nil {
				x = *sp.X
			}
			if sp.Y != nil {
				y = *sp.Y
			}
			s.Center = Point{x, y}
			s.Quad = [4]Point{
				{x - SpaceLength/2, y - 0.5}, {x - SpaceLength/2, y + 0.5},
				{x + SpaceLength/2, y + 0.5}, {x + SpaceLength/2, y - 0.5},
			}
			id = b.add(s)
			names[sp.Name] = id
		} else if sp.Lane != nil || sp.Level != nil || sp.X != nil || sp.Y != nil || sp.Offset != nil {
			b.pl.add(sp.Line, where, "a generated space keeps its lane, level and position; only flags, kind, box and tunnel can change")
		}
		s := &b.c.Spaces[id]
		if sp.KindSet {
			s.Kind = sp.Kind
		}
		s.Flags = (s.Flags | sp.Set) &^ sp.Clear
		if sp.Box != 0 {
			s.Box = sp.Box
		}
		if sp.TunnelNum != 0 {
			s.Tunnel = sp.TunnelNum
		}
	}
}

func (b *builder) finishLevels() {
	most := -1
	for i := range b.c.Spaces {
		most = max(most, b.c.Spaces[i].Level)
		b.c.Lanes = max(b.c.Lanes, b.c.Spaces[i].Lane+1)
	}
	b.c.Levels = most + 1
	for _, l := range b.segLanes {
		b.c.Lanes = max(b.c.Lanes, l)
	}
}

func (b *builder) link(from, to SpaceID) {
	s := &b.c.Spaces[from]
	for _, n := range s.Next {
		if n == to {
			return
		}
	}
	s.Next = append(s.Next, to)
}

// edges links spaces within and between segments.
func (b *builder) edges() {
	n := len(b.segSpaces)
	for i := range n {
		lanes := b.segSpaces[i]
		isCorner := b.src.Segments[i].Kind == "corner"
		isTunnel := b.src.Segments[i].Kind == "tunnel"
		if !isTunnel {
			for l, spaces := range lanes {
				for t := 0; t+1 < len(spaces); t++ {
					b.link(spaces[t], spaces[t+1])
				}
				// diagonals to the adjacent lanes: on a straight to the next
				// step; in a corner only the printed arrows, i.e. to the
				// first space of the neighbouring lane that lies ahead.
				for _, nl := range []int{l - 1, l + 1} {
					if nl < 0 || nl >= len(lanes) {
						continue
					}
					for t, id := range spaces {
						if !isCorner {
							if t+1 < len(lanes[nl]) {
								b.link(id, lanes[nl][t+1])
							}
							continue
						}
						lv := b.c.Spaces[id].Level
						for _, cand := range lanes[nl] {
							if b.c.Spaces[cand].Level > lv {
								b.link(id, cand)
								break
							}
						}
					}
				}
			}
		}
		// into the next segment (the last one wraps across the line)
		j := (i + 1) % n
		next := b.segSpaces[j]
		if isTunnel {
			continue // handled from the segment before the tunnel
		}
		if b.src.Segments[j].Kind == "tunnel" {
			// U-TUN-01: leaving a numbered entry lands on the same number on
			// the far side, as one step.
			k := (j + 1) % n
			after := b.segSpaces[k]
			if len(after) != len(lanes) || len(next) != len(lanes) {
				b.pl.add(b.src.Segments[j].Line, segWhere(b.src.Segments[j], j), "a tunnel needs the same number of lanes before, in and after it")
				continue
			}
			for l := range lanes {
				from, to := lanes[l][len(lanes[l])-1], after[l][0]
				b.link(from, to)
				b.c.Spaces[from].Flags |= FlagTunnelEntry
				b.c.Spaces[to].Flags |= FlagTunnelExit
				b.c.Spaces[from].Tunnel, b.c.Spaces[to].Tunnel = l+1, l+1
				b.c.Tunnels = append(b.c.Tunnels, Tunnel{Number: l + 1, Entry: from, Exit: to})
			}
			continue
		}
		for _, spaces := range lanes {
			last := spaces[len(spaces)-1]
			lo := b.c.Spaces[last].Offset
			for _, nspaces := range next {
				first := nspaces[0]
				if math.Abs(b.c.Spaces[first].Offset-lo) <= 1+offsetEpsilon {
					b.link(last, first)
				}
			}
		}
	}
}

// edgeLines applies the edge and noedge lines of the source. Fix: Build
// runs it after pit(), so that these lines can name the pit lane and its
// boxes (pit.N, box.N) like any other space; it used to run before the pit
// lane existed and reported "no space named pit.3".
func (b *builder) edgeLines() {
	names := map[string]SpaceID{}
	for i := range b.c.Spaces {
		names[b.c.Spaces[i].Name] = SpaceID(i)
	}
	for _, e := range b.src.Edges {
		from, ok1 := names[e.From]
		to, ok2 := names[e.To]
		where := fmt.Sprintf("edge %s %s", e.From, e.To)
		if !ok1 || !ok2 {
			missing := e.From
			if ok1 {
				missing = e.To
			}
			b.pl.add(e.Line, where, "no space named %q", missing)
			continue
		}
		if e.Remove {
			s := &b.c.Spaces[from]
			found := false
			for k, n := range s.Next {
				if n == to {
					s.Next = append(s.Next[:k], s.Next[k+1:]...)
					found = true
					break
				}
			}
			if !found {
				b.pl.add(e.Line, "no"+where, "there is no such edge to remove")
			}
			continue
		}
		b.link(from, to)
	}
}

// segmentRef resolves SEGMENT.STEP to a segment index and a level.
func (b *builder) segmentRef(line int, what, ref string) (int, int, bool) {
	id, stepStr, ok := strings.Cut(ref, ".")
	step, err := strconv.Atoi(stepStr)
	if !ok || err != nil {
		b.pl.add(line, "pit", "%s %q must be SEGMENT.STEP, e.g. main.3", what, ref)
		return 0, 0, false
	}
	for i, seg := range b.src.Segments {
		if seg.ID != id {
			continue
		}
		if seg.Kind != "straight" {
			b.pl.add(line, "pit", "%s %q: segment %s is a %s; the pit lane runs along straights", what, ref, id, seg.Kind)
			return 0, 0, false
		}
		if step < 0 || step >= seg.Steps {
			b.pl.add(line, "pit", "%s %q: segment %s has steps 0 to %d", what, ref, id, seg.Steps-1)
			return 0, 0, false
		}
		return i, b.segBase[i] + step, true
	}
	b.pl.add(line, "pit", "%s %q: no segment with id %q", what, ref, id)
	return 0, 0, false
}

// sideSpace returns the straight track space on the given side at a level.
func (b *builder) sideSpace(level int, side Direction) (SpaceID, bool) {
	if level < 0 || level >= b.c.Levels {
		return NoSpace, false
	}
	best := b.sideSpaces(side)[level]
	return best, best != NoSpace
}

// sideSpaces returns sideSpace for every level at once. Fix: pit() used to
// call sideSpace, a scan of every space, once per pit-lane level, which took
// seconds on a long board.
func (b *builder) sideSpaces(side Direction) []SpaceID {
	out := make([]SpaceID, b.c.Levels)
	for i := range out {
		out[i] = NoSpace
	}
	for i := range b.c.Spaces {
		s := &b.c.Spaces[i]
		if s.Level < 0 || s.Level >= len(out) || s.Kind != KindTrack || s.Segment < 0 || b.src.Segments[s.Segment].Kind != "straight" {
			continue
		}
		best := out[s.Level]
		if best == NoSpace || (side == Right && s.Offset > b.c.Spaces[best].Offset) || (side == Left && s.Offset < b.c.Spaces[best].Offset) {
			out[s.Level] = SpaceID(i)
		}
	}
	return out
}

// pit lays the single-lane pit lane beside the straights from the entry to
// the exit, with the boxes beside it (formula-d-2008.md §6.4).
func (b *builder) pit() {
	p := b.src.Pit
	if p == nil {
		return
	}
	_, entryLevel, ok1 := b.segmentRef(p.Line, "entry", p.Entry)
	_, exitLevel, ok2 := b.segmentRef(p.Line, "exit", p.Exit)
	if !ok1 || !ok2 {
		return
	}
	levels := b.c.Levels
	span := (exitLevel - entryLevel + levels) % levels
	if span < p.Boxes+3 {
		b.pl.add(p.Line, "pit", "the pit lane from %s to %s has %d spaces; %d boxes need at least %d", p.Entry, p.Exit, max(span-1, 0), p.Boxes, p.Boxes+2)
		return
	}
	sign := 1.0
	if p.Side == Left {
		sign = -1
	}
	// Fix: "space NAME kind=…" lines can take every space of the entry or
	// exit level off the track; linking NoSpace then panicked.
	sides := b.sideSpaces(p.Side)
	entry, exit := sides[entryLevel], sides[exitLevel]
	if entry == NoSpace || exit == NoSpace {
		b.pl.add(p.Line, "pit", "no track space on the %s edge of the straight at the pit entry %s or exit %s", p.Side, p.Entry, p.Exit)
		return
	}
	var lane []SpaceID
	for k := 1; k < span; k++ {
		lv := (entryLevel + k) % levels
		ts := sides[lv]
		if ts == NoSpace {
			b.pl.add(p.Line, "pit", "the pit lane must run beside straights, but level %d (between %s and %s) is not on a straight", lv, p.Entry, p.Exit)
			return
		}
		lane = append(lane, b.add(b.beside(ts, fmt.Sprintf("pit.%d", k), KindPit, sign*pitGap)))
	}
	for k := 0; k+1 < len(lane); k++ {
		b.link(lane[k], lane[k+1])
	}
	b.link(entry, lane[0])
	b.link(lane[len(lane)-1], exit)
	b.c.Spaces[entry].Flags |= FlagPitEntry
	limit := b.pitLimit(entry)
	b.c.Spaces[lane[len(lane)-1]].Flags |= FlagPitExit
	// boxes centred along the lane; box i is entered from the pit space
	// before it and left to the pit space after it (R19.1)
	first := (len(lane) - p.Boxes) / 2
	var boxes []SpaceID
	for i := range p.Boxes {
		at := lane[first+i]
		box := b.add(b.beside(at, fmt.Sprintf("box.%d", i+1), KindBox, sign*boxGap))
		b.c.Spaces[box].Box = i + 1
		b.link(lane[first+i-1], box)
		b.link(box, lane[first+i+1])
		boxes = append(boxes, box)
	}
	// the track levels strictly between entry and exit (one pass, as above)
	for i := range b.c.Spaces {
		if s := &b.c.Spaces[i]; s.Kind == KindTrack {
			if k := (s.Level - entryLevel + levels) % levels; k >= 1 && k < span {
				s.Flags |= FlagPitStraight
			}
		}
	}
	b.c.Pit = PitLane{Usable: !p.Unused, Side: p.Side, Entry: []SpaceID{entry}, Limit: limit, Lane: lane, Boxes: boxes, Exit: []SpaceID{lane[len(lane)-1]}}
	if p.Unused {
		// U-CIR-01: drawn, but no car may drive in.
		s := &b.c.Spaces[entry]
		for k, n := range s.Next {
			if n == lane[0] {
				s.Next = append(s.Next[:k], s.Next[k+1:]...)
				break
			}
		}
		s.Flags &^= FlagPitEntry
		for i := range b.c.Spaces {
			b.c.Spaces[i].Flags &^= FlagPitStraight | FlagPitEntryLimit
		}
		b.c.Pit.Limit = nil
	}
}

// pitLimit marks the pit-entry limit (FDR R19.19, AMB-41): the track
// spaces flagged pit-entry-limit by "space" lines, one per lane, or by
// default every track space at the entry's level, so that the dotted line
// runs across the whole road. The entry space itself is always on it.
func (b *builder) pitLimit(entry SpaceID) []SpaceID {
	var limit []SpaceID
	for i := range b.c.Spaces {
		if s := &b.c.Spaces[i]; s.Kind == KindTrack && s.Has(FlagPitEntryLimit) {
			limit = append(limit, SpaceID(i))
		}
	}
	if len(limit) == 0 {
		lv := b.c.Spaces[entry].Level
		for i := range b.c.Spaces {
			if s := &b.c.Spaces[i]; s.Kind == KindTrack && s.Level == lv {
				s.Flags |= FlagPitEntryLimit
				limit = append(limit, SpaceID(i))
			}
		}
	}
	return limit
}

// uniqueNames reports a declared space that took a name the pit lane
// gives its spaces. Fix: "space pit.2 lane=0 level=5" on a circuit with a
// pit lane made two spaces named pit.2, and Lookup found only one of them.
func (b *builder) uniqueNames() {
	seen := make(map[string]bool, len(b.c.Spaces))
	for i := range b.c.Spaces {
		name := b.c.Spaces[i].Name
		if !seen[name] {
			seen[name] = true
			continue
		}
		line := 0
		for _, sp := range b.src.Spaces {
			if sp.Name == name {
				line = sp.Line
			}
		}
		b.pl.add(line, "space "+name, "the name is already used by the pit lane (pit.N and box.N name its spaces)")
	}
}

// beside makes a space of the given kind, shifted sideways from ts by shift
// lane widths.
func (b *builder) beside(ts SpaceID, name string, kind Kind, shift float64) Space {
	t := b.c.Spaces[ts]
	n := scale(normal(t.Heading), shift)
	s := Space{Name: name, Kind: kind, Lane: 0, Offset: t.Offset + shift, Level: t.Level, Corner: -1, Segment: -1, Heading: t.Heading, Center: add(t.Center, n)}
	for k := range t.Quad {
		s.Quad[k] = add(t.Quad[k], n)
	}
	return s
}

func (b *builder) circuitFlags() {
	if b.src.WallSide != nil {
		// FDR R15: the outermost lane of every section is the wall lane
		side := *b.src.WallSide
		for i := range b.c.Spaces {
			s := &b.c.Spaces[i]
			if s.Kind != KindTrack || s.Segment < 0 {
				continue
			}
			lanes := b.segLanes[s.Segment]
			if (side == Right && s.Lane == lanes-1) || (side == Left && s.Lane == 0) {
				s.Flags |= FlagWall
			}
		}
	}
	if b.src.Police != "" {
		found := false
		for i, seg := range b.src.Segments {
			if seg.ID == b.src.Police {
				b.c.PoliceLevel = b.segBase[i]
				found = true
			}
		}
		if !found {
			b.pl.add(b.src.policeLine, "police", "no segment with id %q", b.src.Police)
		}
	}
}

// zones registers generated corners and hand-declared corner zones.
func (b *builder) zones() {
	for i, seg := range b.src.Segments {
		if seg.Kind != "corner" {
			continue
		}
		c := Corner{Index: len(b.c.Corners), ID: seg.ID, Name: seg.Name, Stops: seg.Stops, Direction: seg.Direction, Rails: seg.Rails}
		lanes := b.segSpaces[i]
		if seg.Direction == Right {
			c.InsideLane = len(lanes) - 1
		}
		for _, spaces := range lanes {
			c.Spaces = append(c.Spaces, spaces...)
		}
		b.c.Corners = append(b.c.Corners, c)
	}
	names := map[string]SpaceID{}
	for i := range b.c.Spaces {
		names[b.c.Spaces[i].Name] = SpaceID(i)
	}
	for _, z := range b.src.Zones {
		id := z.ID
		if id == "" {
			id = fmt.Sprintf("zone%d", len(b.c.Corners)+1)
		}
		c := Corner{Index: len(b.c.Corners), ID: id, Name: z.Name, Stops: z.Stops, Direction: z.Direction, InsideLane: z.Inside}
		for _, n := range z.Spaces {
			sid, ok := names[n]
			if !ok {
				b.pl.add(z.Line, fmt.Sprintf("zone %q", z.Name), "no space named %q", n)
				continue
			}
			c.Spaces = append(c.Spaces, sid)
		}
		if c.InsideLane < 0 {
			for _, sid := range c.Spaces {
				c.InsideLane = max(c.InsideLane, b.c.Spaces[sid].Lane)
			}
		}
		b.c.Corners = append(b.c.Corners, c)
	}
	for ci := range b.c.Corners {
		for _, sid := range b.c.Corners[ci].Spaces {
			s := &b.c.Spaces[sid]
			if s.Corner >= 0 {
				// Fix: name the line of the second zone (was line 0).
				b.pl.add(b.cornerLine(ci), "space "+s.Name, "belongs to two corners")
			}
			s.Corner = ci
		}
	}
	for i := range b.c.Spaces {
		if b.c.Spaces[i].Corner == -2 {
			b.c.Spaces[i].Corner = -1
		}
	}
}

// cornerLine is the source line of corner ci: its segment, or its zone
// line (zones come after the generated corners, in source order).
func (b *builder) cornerLine(ci int) int {
	for _, seg := range b.src.Segments {
		if seg.Kind == "corner" {
			if ci == 0 {
				return seg.Line
			}
			ci--
		}
	}
	if ci < len(b.src.Zones) {
		return b.src.Zones[ci].Line
	}
	return 0
}

// grid places the starting grid: explicit slots, or N slots behind the line
// in two staggered columns (pole on the left).
func (b *builder) grid() {
	src := b.src
	names := map[string]SpaceID{}
	for i := range b.c.Spaces {
		names[b.c.Spaces[i].Name] = SpaceID(i)
	}
	switch {
	case len(src.GridNames) > 0:
		for _, n := range src.GridNames {
			id, ok := names[n]
			if !ok {
				b.pl.add(src.gridLine, "grid", "no space named %q", n)
				continue
			}
			b.c.Grid = append(b.c.Grid, id)
		}
	case src.GridAuto > 0:
		for i := range src.GridAuto {
			lv := b.c.Levels - 1 - i
			side := Left
			if i%2 == 1 {
				side = Right
			}
			id, ok := b.sideSpace(lv, side)
			if !ok || lv < 0 {
				b.pl.add(src.gridLine, "grid", "slot %d falls at level %d, which is not on a straight: end the lap with a straight of at least %d spaces", i+1, lv, src.GridAuto)
				return
			}
			b.c.Grid = append(b.c.Grid, id)
		}
	}
	for _, id := range b.c.Grid {
		b.c.Spaces[id].Flags |= FlagGrid
	}
	if src.Qualifying != "" {
		id, ok := names[src.Qualifying]
		if !ok {
			b.pl.add(src.qualifyingLine, "qualifying", "no space named %q", src.Qualifying)
			return
		}
		b.c.QualifyingStart = id
	} else {
		// R1.4 (FR): the central space just before the start line
		var row []SpaceID
		for i := range b.c.Spaces {
			if s := &b.c.Spaces[i]; s.Level == b.c.Levels-1 && s.Kind == KindTrack {
				row = append(row, SpaceID(i))
			}
		}
		sort.Slice(row, func(i, j int) bool { return b.c.Spaces[row[i]].Offset < b.c.Spaces[row[j]].Offset })
		if len(row) > 0 {
			b.c.QualifyingStart = row[len(row)/2]
		}
	}
	if b.c.QualifyingStart != NoSpace {
		b.c.Spaces[b.c.QualifyingStart].Flags |= FlagQualifying
	}
}

// corners computes each corner's entry and exit spaces and its long and
// short path lengths.
func (b *builder) corners() {
	for ci := range b.c.Corners {
		c := &b.c.Corners[ci]
		in := map[SpaceID]bool{}
		c.FirstLevel, c.LastLevel = math.MaxInt, -1
		for _, s := range c.Spaces {
			in[s] = true
			c.FirstLevel = min(c.FirstLevel, b.c.Spaces[s].Level)
			c.LastLevel = max(c.LastLevel, b.c.Spaces[s].Level)
		}
		entries, exits := map[SpaceID]bool{}, map[SpaceID]bool{}
		for i := range b.c.Spaces {
			s := &b.c.Spaces[i]
			for _, n := range s.Next {
				if !in[SpaceID(i)] && in[n] {
					entries[n] = true
				}
				if in[SpaceID(i)] && !in[n] {
					exits[n] = true
				}
			}
		}
		c.Entry, c.Exit = sortedIDs(b.c, entries), sortedIDs(b.c, exits)
		c.ShortPath, c.LongPath = math.MaxInt, 0
		short, long := map[SpaceID]int{}, map[SpaceID]int{}
		var walk func(SpaceID, int) (int, int)
		walk = func(s SpaceID, depth int) (int, int) {
			if v, ok := short[s]; ok {
				return v, long[s]
			}
			lo, hi := math.MaxInt, 0
			if depth > len(c.Spaces) { // a cycle inside a zone: Validate reports it
				return 1, 1
			}
			leaves := false
			for _, n := range b.c.Spaces[s].Next {
				if !in[n] {
					leaves = true
					continue
				}
				l, h := walk(n, depth+1)
				lo, hi = min(lo, l), max(hi, h)
			}
			if leaves {
				lo = 0
			}
			if lo == math.MaxInt {
				lo = 0 // dead end; Validate reports it
			}
			short[s], long[s] = lo+1, hi+1
			return lo + 1, hi + 1
		}
		for _, e := range c.Entry {
			l, h := walk(e, 0)
			c.ShortPath, c.LongPath = min(c.ShortPath, l), max(c.LongPath, h)
		}
		if len(c.Entry) == 0 {
			c.ShortPath = 0
		}
	}
}

func sortedIDs(c *Circuit, set map[SpaceID]bool) []SpaceID {
	out := make([]SpaceID, 0, len(set))
	for id := range set {
		out = append(out, id)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := &c.Spaces[out[i]], &c.Spaces[out[j]]
		if a.Offset != b.Offset {
			return a.Offset < b.Offset
		}
		return out[i] < out[j]
	})
	return out
}

// shortestLap is the fewest moves between two crossings of the line on the
// track (the pit lane does not count), or 0 when the lap does not close.
func shortestLap(c *Circuit) int {
	dist := make([]int, len(c.Spaces))
	var queue []SpaceID
	for i := range c.Spaces {
		for _, n := range c.Spaces[i].Next {
			if c.Spaces[i].Kind == KindTrack && c.Spaces[n].Kind == KindTrack && c.CrossesLine(SpaceID(i), n) && dist[n] == 0 {
				dist[n] = 1
				queue = append(queue, n)
			}
		}
	}
	best := 0
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for _, n := range c.Spaces[s].Next {
			if c.Spaces[n].Kind != KindTrack {
				continue
			}
			if c.CrossesLine(s, n) {
				if best == 0 || dist[s] < best {
					best = dist[s]
				}
				continue
			}
			if dist[n] == 0 {
				dist[n] = dist[s] + 1
				queue = append(queue, n)
			}
		}
	}
	return best
}

func (b *builder) bounds() {
	c := b.c
	if len(c.Spaces) == 0 {
		return
	}
	c.Min = Point{math.Inf(1), math.Inf(1)}
	c.Max = Point{math.Inf(-1), math.Inf(-1)}
	for i := range c.Spaces {
		for _, p := range c.Spaces[i].Quad {
			c.Min.X, c.Min.Y = math.Min(c.Min.X, p.X), math.Min(c.Min.Y, p.Y)
			c.Max.X, c.Max.Y = math.Max(c.Max.X, p.X), math.Max(c.Max.Y, p.Y)
		}
	}
}
