package fd

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/tracks"
)

// AX-3 Marathon qualifying (league-variants.md annex 3, league AMB-56): one
// session over circuits chained, fewest moves first. Pitwall's boards are
// single circuits, so a marathon is played circuit after circuit: on each
// one every pilot drives one lap alone in the dry (the weather set, never
// rolled), through the SessionRule hook, ranked by his moves through
// AX-2's GridRule; the league chains the circuits and adds each pilot's
// moves over them (engine/league/marathon.go).
//
// AMB-56: the car carries its gear, lane and life points from one circuit
// to the next, one build for the whole marathon. The `carry` parameter
// says, car by car, what each brings into this circuit (QualifyingCarry):
// its lap starts on the start square in its lane, in its gear, with its
// life points, rather than standing in 1st with the starting build (R1.3,
// R1.4); each lap's end is told (carry-out) for the next circuit. The
// state is in the game's header, so a circuit replays alone.

// marathonSessions is one circuit of AX-3: one dry lap.
var marathonSessions = []Session{{Weather: tracks.Sun, Laps: 1}}

func variantAX3() Variant {
	return moduleVariant(Variant{ID: "AX-3", Group: "c", Name: "Marathon qualifying", NameFR: "Essais marathon", Chapter: chAnnexes, Scope: ScopeSideEvent, Engine: true,
		Params: []VariantParam{
			{Key: "carry", Default: "", OmitEmpty: true, Help: "what each car brings from the circuit before (league AMB-56), CAR:GEAR:LANE:LIFE-POINTS joined by +, e.g. 1:4:0:9/3/2/2/2/2+2:0:1:8/3/2/2/2/2 (gear 0: a lap ended before the line, a standing start in 1st); empty on the first circuit"},
		},
		Help: "one qualifying session over circuits chained (the league names them), the car's gear, lane and life points carried, the moves added up, fewest first",
	}, func(p map[string]string) (any, error) {
		contest := qualifyingContest{sessions: marathonSessions, refusal: "variant AX-3 drives one dry lap on each circuit of the marathon"}
		carry, err := ParseCarries(p["carry"])
		if err != nil {
			return nil, fmt.Errorf("variant AX-3: %w", err)
		}
		return marathonCircuit{qualifyingContest: contest, carry: carry}, nil
	})
}

// Carry is what a car brings from one circuit of a marathon to the next
// (league AMB-56): its gear, 0 when its lap ended before the line (it
// starts standing in 1st, R1.3); its lane, counted from the left from 0;
// and its life points.
type Carry struct {
	Gear, Lane int
	Wear       Wear
}

// marathonCircuit is the AX-3 module: a qualifying contest whose cars
// carry their state in (QualifyingCarry).
type marathonCircuit struct {
	qualifyingContest
	carry map[int]Carry
}

func (m marathonCircuit) Carried(car int) (Carry, bool) {
	c, ok := m.carry[car]
	return c, ok
}

// Check refuses life points above the starting build: one build for the
// whole marathon, and a car never gains points on the way (R-PS-04).
func (m marathonCircuit) Check(c Config) error {
	if err := m.qualifyingContest.Check(c); err != nil {
		return err
	}
	for _, car := range slices.Sorted(maps.Keys(m.carry)) {
		w := m.carry[car].Wear
		for i := range w {
			if w[i] > c.Start[i] {
				return fmt.Errorf("variant AX-3: car %d carries %s %d, above the build's %d: the marathon has one build and a car gains no life points on the way", car, c.Rules.CategoryName(Category(i)), w[i], c.Start[i])
			}
		}
	}
	return nil
}

// ParseCarries reads the carry parameter: CAR:GEAR:LANE:WEAR joined by +.
func ParseCarries(s string) (map[int]Carry, error) {
	out := map[int]Carry{}
	if s == "" {
		return out, nil
	}
	for _, part := range strings.Split(s, "+") {
		f := strings.Split(part, ":")
		if len(f) != 4 {
			return nil, fmt.Errorf("carry %q is not a car's CAR:GEAR:LANE:LIFE-POINTS, as 1:4:0:8/3/3/3/3/2", part)
		}
		car, err := strconv.Atoi(f[0])
		if err != nil || car < 1 || car > MaxCars {
			return nil, fmt.Errorf("carry %q: %q is not a car from 1 to %d", part, f[0], MaxCars)
		}
		if _, twice := out[car]; twice {
			return nil, fmt.Errorf("carry: car %d is given twice", car)
		}
		gear, err := strconv.Atoi(f[1])
		if err != nil || gear < 0 || gear > 6 {
			return nil, fmt.Errorf("carry %q: %q is not a gear from 0 (a lap ended before the line) to 6", part, f[1])
		}
		lane, err := strconv.Atoi(f[2])
		if err != nil || lane < 0 || lane > 9 {
			return nil, fmt.Errorf("carry %q: %q is not a lane from 0 (the leftmost) to 9", part, f[2])
		}
		w, err := ParseWearCompact(f[3])
		if err != nil {
			return nil, fmt.Errorf("carry %q: %w", part, err)
		}
		out[car] = Carry{Gear: gear, Lane: lane, Wear: w}
	}
	return out, nil
}

// FormatCarries writes the carry parameter ParseCarries reads, by car.
func FormatCarries(carry map[int]Carry) string {
	var parts []string
	for _, car := range slices.Sorted(maps.Keys(carry)) {
		c := carry[car]
		parts = append(parts, fmt.Sprintf("%d:%d:%d:%s", car, c.Gear, c.Lane, c.Wear.Compact()))
	}
	return strings.Join(parts, "+")
}

// announceCarries tells, as the circuit opens, what each carried car
// brings (QualifyingCarry), and gives the car its life points: its gear,
// lane (the start square's, the nearest lane where the start is narrower)
// and life points; a car whose lap ended on the circuit before stands on
// the qualifying start (R1.4).
func (g *Game) announceCarries() {
	for i := range g.Cars {
		c := &g.Cars[i]
		carry, ok := g.carried(c.Number)
		if !ok {
			continue
		}
		c.Wear = carry.Wear
		space := g.Track.Spaces[g.carriedStart(carry)]
		g.emit(Encode(CarryInEvent{Car: c.Number, Gear: carry.Gear, Lane: space.Lane, Space: space.Name, Wear: carry.Wear.Compact()}))
	}
}

// carried is what car n brings into the circuit, if anything.
func (g *Game) carried(n int) (Carry, bool) {
	for _, h := range g.hooks.carries {
		if carry, ok := h.Carried(n); ok {
			return carry, true
		}
	}
	return Carry{}, false
}

// carriedStart is the square a carried car starts its lap on.
func (g *Game) carriedStart(carry Carry) tracks.SpaceID {
	if carry.Gear == 0 {
		return g.Track.QualifyingStart // standing, as R1.3 and R1.4 say
	}
	return g.startSquareInLane(carry.Lane)
}

// carryInto sets a carried car's solo lap (QualifyingCarry): its life
// points, and unless its lap ended on the circuit before its gear, already
// under way, on the start square of its lane.
func (g *Game) carryInto(c *Car, sub *Game) {
	carry, ok := g.carried(c.Number)
	if !ok {
		return
	}
	lap := &sub.Cars[0]
	lap.Wear = carry.Wear
	if carry.Gear > 0 {
		lap.Space = g.carriedStart(carry)
		lap.Corner = g.Track.Spaces[lap.Space].Corner
		lap.Gear, lap.Started = carry.Gear, true // not R1.3's standing start: the car is under way
	}
}

// startSquareInLane is the qualifying start's square in lane (R1.4: the
// squares side by side with it), or the nearest lane's.
func (g *Game) startSquareInLane(lane int) tracks.SpaceID {
	start := g.Track.QualifyingStart
	best, gap := start, 1<<30
	for i := range g.Track.Spaces {
		s := &g.Track.Spaces[i]
		if s.Level != g.Track.Spaces[start].Level || s.Kind != tracks.KindTrack || !s.Playable() {
			continue
		}
		d := s.Lane - lane
		if d < 0 {
			d = -d
		}
		if d < gap || (d == gap && tracks.SpaceID(i) == start) {
			best, gap = tracks.SpaceID(i), d
		}
	}
	return best
}

// carryOut tells what car n takes from its finished lap to the next
// circuit (QualifyingCarry): its gear, lane and life points; gear 0 when
// the lap ended before the line.
func (g *Game) carryOut(n int, sub *Game) {
	if len(g.hooks.carries) == 0 {
		return
	}
	lap := sub.Cars[0]
	gear, lane := 0, 0
	if lap.Status == Finished {
		gear, lane = lap.Gear, sub.QualifyingLapLane() // off the board past the line (fdr AMB-46): where the lap ended
	}
	g.emit(Encode(CarryOutEvent{Car: n, Gear: gear, Lane: lane, Wear: lap.Wear.Compact()}))
}

// MarathonCarries are what each car takes to the next circuit of a
// marathon, as the record tells it (carry-out events), by car.
func (g *Game) MarathonCarries() map[int]Carry {
	out := map[int]Carry{}
	for _, e := range g.Events {
		x, ok := decoded[CarryOutEvent](e)
		if !ok {
			continue
		}
		w, err := ParseWearCompact(x.Wear)
		if err != nil {
			continue // never written so: carryOut writes the wear compact
		}
		out[x.Car] = Carry{Gear: x.Gear, Lane: x.Lane, Wear: w}
	}
	return out
}
