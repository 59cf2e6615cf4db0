package variants

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/fd"
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
var marathonSessions = []fd.Session{{Weather: tracks.Sun, Laps: 1}}

func variantAX3() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "AX-3", Group: "c", Name: "Marathon qualifying", NameFR: "Essais marathon", Chapter: fd.ChapterAnnexes, Scope: fd.ScopeSideEvent, Engine: true,
		Params: []fd.VariantParam{
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

func init() { fd.RegisterVariant("AX-3", variantAX3) }

// marathonCircuit is the AX-3 module: a qualifying contest whose cars
// carry their state in (QualifyingCarry).
type marathonCircuit struct {
	qualifyingContest
	carry map[int]fd.Carry
}

func (m marathonCircuit) Carried(car int) (fd.Carry, bool) {
	c, ok := m.carry[car]
	return c, ok
}

// Check refuses life points above the starting build: one build for the
// whole marathon, and a car never gains points on the way (R-PS-04).
func (m marathonCircuit) Check(c fd.Config) error {
	if err := m.qualifyingContest.Check(c); err != nil {
		return err
	}
	for _, car := range slices.Sorted(maps.Keys(m.carry)) {
		w := m.carry[car].Wear
		for i := range w {
			if w[i] > c.Start[i] {
				return fmt.Errorf("variant AX-3: car %d carries %s %d, above the build's %d: the marathon has one build and a car gains no life points on the way", car, c.Rules.CategoryName(fd.Category(i)), w[i], c.Start[i])
			}
		}
	}
	return nil
}

// ParseCarries reads the carry parameter: CAR:GEAR:LANE:WEAR joined by +.
func ParseCarries(s string) (map[int]fd.Carry, error) {
	out := map[int]fd.Carry{}
	if s == "" {
		return out, nil
	}
	for _, part := range strings.Split(s, "+") {
		f := strings.Split(part, ":")
		if len(f) != 4 {
			return nil, fmt.Errorf("carry %q is not a car's CAR:GEAR:LANE:LIFE-POINTS, as 1:4:0:8/3/3/3/3/2", part)
		}
		car, err := strconv.Atoi(f[0])
		if err != nil || car < 1 || car > fd.MaxCars {
			return nil, fmt.Errorf("carry %q: %q is not a car from 1 to %d", part, f[0], fd.MaxCars)
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
		w, err := fd.ParseWearCompact(f[3])
		if err != nil {
			return nil, fmt.Errorf("carry %q: %w", part, err)
		}
		out[car] = fd.Carry{Gear: gear, Lane: lane, Wear: w}
	}
	return out, nil
}

// FormatCarries writes the carry parameter ParseCarries reads, by car.
func FormatCarries(carry map[int]fd.Carry) string {
	var parts []string
	for _, car := range slices.Sorted(maps.Keys(carry)) {
		c := carry[car]
		parts = append(parts, fmt.Sprintf("%d:%d:%d:%s", car, c.Gear, c.Lane, c.Wear.Compact()))
	}
	return strings.Join(parts, "+")
}

// MarathonCarries are what each car takes to the next circuit of a
// marathon, as the record tells it (carry-out events), by car: a
// function of the variant's, not a method of Game, so that it moves with
// the variant (bot's marathon asks it).
func MarathonCarries(g *fd.Game) map[int]fd.Carry {
	out := map[int]fd.Carry{}
	for _, e := range g.Events {
		x, ok := fd.Decoded[fd.CarryOutEvent](e)
		if !ok {
			continue
		}
		w, err := fd.ParseWearCompact(x.Wear)
		if err != nil {
			continue // never written so: carryOut writes the wear compact
		}
		out[x.Car] = fd.Carry{Gear: x.Gear, Lane: x.Lane, Wear: w}
	}
	return out
}
