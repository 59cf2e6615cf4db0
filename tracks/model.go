package tracks

import (
	"fmt"
	"math"
)

// SpaceID indexes Circuit.Spaces. IDs are dense and deterministic: building
// the same source twice gives the same IDs.
type SpaceID int

// NoSpace marks the absence of a space.
const NoSpace SpaceID = -1

// Kind says what part of the board a space belongs to.
type Kind uint8

const (
	KindTrack  Kind = iota // the racing surface
	KindPit                // the single-lane pit lane
	KindBox                // a pit box, beside the pit lane
	KindTunnel             // drawn under a tunnel, not playable (U-TUN-01)
)

func (k Kind) String() string {
	switch k {
	case KindTrack:
		return "track"
	case KindPit:
		return "pit"
	case KindBox:
		return "box"
	case KindTunnel:
		return "tunnel"
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// Flags are the per-space markings of formula-d-2008.md §6 and
// fd-competition-rules.md §2.
type Flags uint32

const (
	FlagGrid          Flags = 1 << iota // a starting-grid slot
	FlagQualifying                      // the qualifying start space (R1.4)
	FlagPitEntry                        // a track space with an edge into the pit lane
	FlagPitEntryLimit                   // on the pit-entry limit: the line runs across its front; past it no car enters the pit lane (R19.19)
	FlagPitExit                         // a pit-lane space with an edge back onto the track
	FlagPitStraight                     // a track space on the straight between pit entry and exit (R-ORD-04)
	FlagWall                            // the wall lane of an oval (FDR R15)
	FlagDangerous                       // permanently dangerous: "the zone" of the street circuit (U-ZONE-01)
	FlagNoise                           // the «Marre du vacarme !» sniper area (U-GANG-01)
	FlagTunnelEntry                     // leaving this space jumps to the tunnel exit with the same number (U-TUN-01)
	FlagTunnelExit                      // where a tunnel entry lands
)

var flagNames = []struct {
	flag Flags
	name string
}{
	{FlagGrid, "grid"},
	{FlagQualifying, "qualifying"},
	{FlagPitEntry, "pit-entry"},
	{FlagPitEntryLimit, "pit-entry-limit"},
	{FlagPitExit, "pit-exit"},
	{FlagPitStraight, "pit-straight"},
	{FlagWall, "wall"},
	{FlagDangerous, "dangerous"},
	{FlagNoise, "noise"},
	{FlagTunnelEntry, "tunnel-entry"},
	{FlagTunnelExit, "tunnel-exit"},
}

// Names lists the flag names set in f, in a fixed order.
func (f Flags) Names() []string {
	var out []string
	for _, fn := range flagNames {
		if f&fn.flag != 0 {
			out = append(out, fn.name)
		}
	}
	return out
}

// ParseFlag returns the flag with the given name.
func ParseFlag(name string) (Flags, bool) {
	for _, fn := range flagNames {
		if fn.name == name {
			return fn.flag, true
		}
	}
	return 0, false
}

// Point is a position on the drawing plane, in lane widths. Y grows downwards
// as on an image.
type Point struct{ X, Y float64 }

// Space is one square of the board.
type Space struct {
	ID SpaceID
	// Name is the stable, human-readable id used in records and overrides:
	// "SEGMENT.STEP.LANE" for generated track spaces (STEP counts the spaces
	// of that lane within the segment from 0), "pit.N" for the pit lane,
	// "box.N" for pit boxes, or whatever a hand-made board declares.
	Name string
	Kind Kind
	// Lane counts across the track from the left edge in the driving
	// direction (0 = leftmost lane of that section).
	Lane int
	// Offset is the lateral position of the lane's centre from the centre
	// line, in lane widths, positive to the right. Lane changes are legal only
	// between lanes whose offsets differ by at most one (R-MOV-01).
	Offset float64
	// Level is the progress along the lap: spaces at one level are side by
	// side (R-ORD-01, AMB-08). Levels increase along every edge except the
	// edges that cross the start/finish line.
	Level int
	// Corner indexes Circuit.Corners, or -1 on a straight.
	Corner int
	// Segment indexes Circuit.Segments (the authoring segment that made it),
	// or -1 for spaces declared one by one.
	Segment int
	Flags   Flags
	// Box is the owner number (1-based) of a pit box, 0 elsewhere.
	Box int
	// Tunnel is the number of a tunnel entry or exit space, 0 elsewhere.
	Tunnel int
	// Next lists the forward edges: each costs one space of movement.
	Next []SpaceID

	// Geometry, in lane widths: the centre, the heading (radians, 0 = east,
	// clockwise on the image since Y grows downwards) and the outline as a
	// quadrilateral rear-left, rear-right, front-right, front-left.
	Center  Point
	Heading float64
	Quad    [4]Point
}

// Has reports whether the space carries every flag in f.
func (s *Space) Has(f Flags) bool { return s.Flags&f == f }

// Playable reports whether a car may stand on the space.
func (s *Space) Playable() bool { return s.Kind != KindTunnel }

// Direction is the way a corner turns.
type Direction int

const (
	Left Direction = iota
	Right
)

func (d Direction) String() string {
	if d == Left {
		return "left"
	}
	return "right"
}

// Corner is a corner zone with its yellow box (required stops) and its green
// and red boxes (long and short path lengths), formula-d-2008.md §6.2.
type Corner struct {
	Index int
	// ID is stable: the authoring segment id of the corner.
	ID        string
	Name      string
	Stops     int
	Direction Direction
	// Rails: the bend is lined with rails, where league 10-A's rail cases
	// decide an overshoot the tyres cannot pay.
	Rails bool
	// InsideLane is the lane index "à la corde" (R-ORD-03).
	InsideLane int
	// Spaces are the spaces inside the corner limits.
	Spaces []SpaceID
	// Entry lists the first corner space of each lane; Exit the first space
	// past the corner in each lane.
	Entry []SpaceID
	Exit  []SpaceID
	// FirstLevel and LastLevel bound the corner's levels.
	FirstLevel, LastLevel int
	// LongPath is the longest trajectory (the outer lane's spaces), ShortPath
	// the fewest spaces a car can spend inside the corner.
	LongPath, ShortPath int
}

// Weather is a black-die weather result (T-09b, FDR R3.1).
type Weather int

const (
	Sun Weather = iota
	Changeable
	Rain
)

func (w Weather) String() string {
	switch w {
	case Sun:
		return "sun"
	case Changeable:
		return "changeable"
	case Rain:
		return "rain"
	}
	return fmt.Sprintf("weather(%d)", int(w))
}

// ParseWeather reads "sun", "changeable" or "rain".
func ParseWeather(s string) (Weather, bool) {
	switch s {
	case "sun":
		return Sun, true
	case "changeable":
		return Changeable, true
	case "rain":
		return Rain, true
	}
	return 0, false
}

// WeatherRange maps black-die faces From..To (inclusive) to a weather.
type WeatherRange struct {
	From, To int
	Weather  Weather
}

// PitLane is the F1 pit lane (formula-d-2008.md §6.4, FDR R19).
type PitLane struct {
	// Usable is false on circuits whose pits are drawn but not used
	// (U-CIR-01) and on circuits without a pit lane.
	Usable bool
	// Side is the side of the track the pit lane runs along.
	Side Direction
	// Entry lists the track spaces with an edge into the pit lane; each is
	// also on the pit-entry limit.
	Entry []SpaceID
	// Limit lists the track spaces flagged FlagPitEntryLimit, one per lane
	// of the road: the dotted line of FDR R19.19 runs across the front of
	// each. By default every lane at the entry's level; a circuit may
	// stagger it lane by lane (19-5-5: two cars at one level can lie on
	// either side of it).
	Limit []SpaceID
	// Lane lists the pit-lane spaces in driving order.
	Lane []SpaceID
	// Boxes lists the pit boxes, Boxes[i] owned by number i+1.
	Boxes []SpaceID
	// Exit lists the pit-lane spaces with an edge back onto the track.
	Exit []SpaceID
}

// PitLimitBand is the band of levels the pit-entry limit crosses, lowest
// and highest (equal when the limit is one level across the road), and
// false when the circuit has no usable pit lane.
func (c *Circuit) PitLimitBand() (lo, hi int, ok bool) {
	if !c.Pit.Usable || len(c.Pit.Limit) == 0 {
		return 0, 0, false
	}
	lo, hi = c.Levels, -1
	for _, id := range c.Pit.Limit {
		lo, hi = min(lo, c.Spaces[id].Level), max(hi, c.Spaces[id].Level)
	}
	return lo, hi, true
}

// PastPitLimit reports whether a track space lies past the pit-entry
// limit of its lane (FDR R19.19, AMB-41): a car there can no longer enter
// the pit lane and plays before the pit-lane cars. A space on the limit or
// behind it has not passed it. Only spaces in the band of levels the limit
// crosses are judged by lane; elsewhere the level decides.
func (c *Circuit) PastPitLimit(id SpaceID) bool {
	lo, hi, ok := c.PitLimitBand()
	s := &c.Spaces[id]
	if !ok || s.Kind != KindTrack {
		return false
	}
	if s.Level < lo || s.Level > hi {
		return s.Level > hi
	}
	for _, l := range c.Pit.Limit {
		if c.Spaces[l].Lane == s.Lane {
			return s.Level > c.Spaces[l].Level
		}
	}
	return s.Level > hi
}

// Tunnel pairs the numbered entry and exit spaces of a tunnel (U-TUN-01).
type Tunnel struct {
	Number      int
	Entry, Exit SpaceID
}

// Segment records one authoring segment, for messages and drawing labels.
type Segment struct {
	Index int
	ID    string
	Kind  string // "straight", "corner" or "tunnel"
	Line  int    // line in the source file
	Lanes int
}

// Circuit is a whole board: the graph, its geometry and its race data.
type Circuit struct {
	ID          string
	Name        string
	Description string
	// Street marks the city circuit of the street-race rules (§2.18).
	Street bool
	// Oval marks a speedway with a wall lane (FDR R15).
	Oval bool
	// Laps is the circuit's suggested race length.
	Laps int
	// Lanes is the most lanes anywhere on the track.
	Lanes int
	// Levels is the number of levels in one lap; the start/finish line lies
	// between level Levels-1 and level 0 (AMB-34: the grid is behind it).
	Levels   int
	Spaces   []Space
	Corners  []Corner
	Segments []Segment
	// Grid is the ordered starting grid, pole first.
	Grid []SpaceID
	// QualifyingStart is the middle-lane space just before the line (R1.4).
	QualifyingStart SpaceID
	Pit             PitLane
	Weather         []WeatherRange
	Tunnels         []Tunnel
	// PoliceLevel is the first level past the police-station line
	// (U-POL-01), or -1 when there is none.
	PoliceLevel int
	// LapLength is the shortest lap in spaces (computed).
	LapLength int
	// Bounds of the drawing, in lane widths.
	Min, Max Point

	// notes are the builder's problems that did not stop it (a drawing
	// that does not close); Validate lists them first.
	notes Problems

	byName  map[string]SpaceID
	byLevel [][]SpaceID // spaces by level, in id order
}

// Space returns the space with the given id. It panics on an id that is not
// in the circuit, which is a programming error.
func (c *Circuit) Space(id SpaceID) *Space { return &c.Spaces[id] }

// Lookup finds a space by its name.
func (c *Circuit) Lookup(name string) (SpaceID, bool) {
	id, ok := c.byName[name]
	return id, ok
}

// CrossesLine reports whether the edge from a to b crosses the start/finish
// line, the only place where the level goes down.
func (c *Circuit) CrossesLine(a, b SpaceID) bool {
	return c.Spaces[b].Level < c.Spaces[a].Level
}

// WeatherFor reads the circuit's weather table for a black-die face.
func (c *Circuit) WeatherFor(face int) (Weather, error) {
	for _, r := range c.Weather {
		if face >= r.From && face <= r.To {
			return r.Weather, nil
		}
	}
	return 0, fmt.Errorf("tracks: %s: no weather for black die %d", c.ID, face)
}

// Beside lists the playable spaces at the same level in an adjacent lane
// (collisions, formula-d-2008.md §6.1). Pit spaces are only beside pit
// spaces (FDR R19.20).
func (c *Circuit) Beside(id SpaceID) []SpaceID {
	s := &c.Spaces[id]
	var out []SpaceID
	for _, o := range c.atLevel(s.Level) {
		t := &c.Spaces[o]
		if o == id || !t.Playable() || (t.Kind == KindTrack) != (s.Kind == KindTrack) {
			continue
		}
		if math.Abs(t.Offset-s.Offset) <= 1+offsetEpsilon {
			out = append(out, o)
		}
	}
	return out
}

// AheadSameLane returns the space straight ahead in the same lane, if the
// graph has one (slipstream "directly behind", collisions).
func (c *Circuit) AheadSameLane(id SpaceID) (SpaceID, bool) {
	s := &c.Spaces[id]
	for _, n := range s.Next {
		t := &c.Spaces[n]
		if t.Kind == s.Kind && math.Abs(t.Offset-s.Offset) < offsetEpsilon {
			return n, true
		}
	}
	return NoSpace, false
}

// NextCorner returns the index of the first corner whose zone starts at or
// after the given level (wrapping round the lap), or -1 on a circuit with no
// corner. Used for the "inside of the next corner" tie-break (R-ORD-03).
func (c *Circuit) NextCorner(level int) int {
	best, bestDist := -1, math.MaxInt
	for i := range c.Corners {
		d := c.Corners[i].FirstLevel - level
		if d < 0 {
			d += c.Levels
		}
		if d < bestDist {
			best, bestDist = i, d
		}
	}
	return best
}

// atLevel lists the spaces at a level, from the index built with the
// circuit: collisions and play order ask it for every move.
func (c *Circuit) atLevel(level int) []SpaceID {
	if c.byLevel != nil {
		if level < 0 || level >= len(c.byLevel) {
			return nil
		}
		return c.byLevel[level]
	}
	var out []SpaceID // a circuit put together by hand, not built
	for i := range c.Spaces {
		if c.Spaces[i].Level == level {
			out = append(out, SpaceID(i))
		}
	}
	return out
}

const offsetEpsilon = 1e-6

func (c *Circuit) index() {
	c.byName = make(map[string]SpaceID, len(c.Spaces))
	most := -1
	for i := range c.Spaces {
		c.byName[c.Spaces[i].Name] = SpaceID(i)
		most = max(most, c.Spaces[i].Level)
	}
	c.byLevel = nil
	if most >= 0 && most <= 4*len(c.Spaces)+64 { // hand-made boards may leave gaps
		c.byLevel = make([][]SpaceID, most+1)
		for i := range c.Spaces {
			if lv := c.Spaces[i].Level; lv >= 0 {
				c.byLevel[lv] = append(c.byLevel[lv], SpaceID(i))
			}
		}
	}
}
