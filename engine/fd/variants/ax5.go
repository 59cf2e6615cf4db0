package variants

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// AX-5 FD Blitz (league-variants.md annex 5, league AMB-58): a heat is a
// one-lap race of 12-point cars (T6 B1 C2 E1 K1 H1, no pit point), so
// that every engine, body and road-holding test is fatal: the car loses
// its only point. The grid is the cars' numbers, car 1 on pole (the
// league seats the heat's pole-sitter as car 1). The minute of play is a
// bank of response time, `time_bank`, kept by the service as 2-B's clock
// is (bot/chess_clock.go); when a car's bank is spent the service enters
// a "time-out" line (Game.ClockOut) and the car is frozen where it stands,
// classified on distance. Who wins the heat also reads the time each car
// used, which only the service knows: the engine gives the facts
// (BlitzHeat), engine/league decides (BlitzHeatWinner).
// The symmetric heat (start=symmetric), the spec's third heat of a level
// match: the two cars side by side behind the line, on either side of the
// track at the same distance from bend 1, pole left empty; the black die
// draws who takes the inside of the bend, who plays first.
// Hooks: BuildRule (its Only), GridRule, GridSpaceRule, ConfigRule.

// blitzBuild is the Blitz car (AX-5): tyres 6, brakes 1, gearbox (the
// fuel of the French game) 2, body 1, engine 1, handling 1.
var blitzBuild = fd.Wear{6, 1, 2, 1, 1, 1}

// blitzTimeBankDefault is the bank of an asynchronous heat [DEC]: the
// source's minute is live play; a lap is about 13 moves, so a day gives a
// player nearly two hours a move.
const blitzTimeBankDefault = "24h"

func variantAX5() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "AX-5", Group: "c", Name: "FD Blitz", NameFR: "FD Blitz", Chapter: fd.ChapterAnnexes, Scope: fd.ScopeSideEvent, Engine: true,
		Params: []fd.VariantParam{
			fd.NewParam("time_bank", blitzTimeBankDefault, "each pilot's bank of response time a heat, hours and minutes (like 24h, 90m or 1h30m); spent, the car is frozen where it stands"),
			fd.NewParam("start", BlitzStartGrid, "grid: car 1 on pole, the others behind on the grid; symmetric: the third heat of a level match of two, both cars side by side behind the line at the same distance from bend 1, pole left empty, the black die drawing who takes the inside and plays first", BlitzStartGrid, BlitzStartSymmetric),
		},
		Help: "one-against-one heats of one lap on 12-point cars with a time bank each, a knock-out bracket",
	}, func(p map[string]string) (any, error) {
		if _, err := ParseClockCapital(p["time_bank"]); err != nil {
			return nil, fmt.Errorf("variant AX-5: time_bank: %w", err)
		}
		if p["start"] == BlitzStartSymmetric {
			return symmetricBlitz{}, nil
		}
		return blitz{}, nil
	})
}

// The starts of an AX-5 heat (its parameter start).
const (
	BlitzStartGrid      = "grid"
	BlitzStartSymmetric = "symmetric"
)

func init() { fd.RegisterVariant("AX-5", variantAX5) }

// blitz is the AX-5 module.
type blitz struct{}

// Spread: the 12 points, all on the car, in the one Blitz build.
func (blitz) Spread(int) fd.Spread {
	n := blitzBuild.CarPoints()
	return fd.Spread{Total: n, CarMin: n, CarMax: n, Only: blitzBuild}
}

// Grid: no qualifying, car 1 on pole.
func (blitz) Grid(s fd.Setup, _ dice.Source) ([]int, error) { return fd.CarNumbers(s.Cars()), nil }

// Configure: one lap, no qualifying session.
func (blitz) Configure(c *fd.Config) { c.Laps, c.Sessions = 1, 0 }

// Check refuses another race length, a qualifying session, and 2-B, whose
// clock would run beside the bank.
func (blitz) Check(c fd.Config) error {
	if c.Laps != 1 {
		return errors.New("variant AX-5 races one lap: laps must be 1")
	}
	if c.Sessions != 0 {
		return errors.New("variant AX-5 has no qualifying: the pole-sitter is car 1, sessions must be 0")
	}
	if _, on := ClockCapital(c); on {
		return errors.New("variant AX-5: not with 2-B, the heat's time bank is its clock")
	}
	return nil
}

// RanOut: a frozen car is no longer racing, which ClockOut refuses
// already; AX-5 keeps no flag of its own.
func (blitz) RanOut(*fd.Car) bool { return false }

// RunOut: the car's time bank is spent: a "time-out" line, and the car
// is frozen where it stands, classified on distance (bank= the capital
// spent).
func (blitz) RunOut(g *fd.Game, c *fd.Car, bank string) {
	g.Emit(fd.Encode(fd.TimeOutEvent{Car: c.Number, Bank: bank}))
	g.StopWhereItStands(c, fd.ReasonTime, blitzTimeOutCause(bank))
}

// BlitzTimeBank is the time bank of a game playing AX-5, in minutes;
// false when AX-5 is off.
func BlitzTimeBank(c fd.Config) (int, bool) {
	p, on := variantAX5Once().ParamsIn(c)
	if !on {
		return 0, false
	}
	m, err := ParseClockCapital(p["time_bank"])
	return m, err == nil
}

// variantAX5Once is AX-5 looked up once, as variant2BOnce is 2-B.
var variantAX5Once = sync.OnceValue(func() fd.Variant { v, _ := fd.LookupVariant("AX-5"); return v })

// blitzTimeOutCause is the cause of a car frozen by its time bank.
func blitzTimeOutCause(bank string) string {
	return fmt.Sprintf("frozen where it stands, its time bank of %s spent", bank)
}

// BlitzCar is what a heat's winner reads of one car (AX-5, AMB-58).
type BlitzCar struct {
	Car int
	// Crossed: it crossed the line.
	Crossed bool
	// ToLine is the levels left to the line by the shortest way, 0 once
	// crossed.
	ToLine int
	// Moves counts its moves.
	Moves int
	// Order is its place in the game's classification (finishers in
	// crossing order, then by distance), cars at one distance in the
	// order the base rules would play them next (R6.8: the higher gear,
	// then who arrived first, then the lower number; so the heat's pole,
	// or in the symmetric heat the inside car, while neither has moved):
	// where equal distances are tied, who plays first.
	Order int
}

// BlitzHeat is every car's facts of a heat, car 1 first: a function of
// the variant's, not a method of Game, so that it moves with the variant
// (bot's heat winner asks it).
func BlitzHeat(g *fd.Game) []BlitzCar {
	out := make([]BlitzCar, len(g.Cars))
	for i := range g.Cars {
		c := &g.Cars[i]
		out[i] = BlitzCar{Car: c.Number, Crossed: c.Status == fd.Finished}
		if !out[i].Crossed {
			out[i].ToLine = max(0, g.Config.Laps*g.Track.Levels-fd.Progress(g.Track, c))
		}
	}
	for _, e := range g.Events {
		if e.Kind != "move" {
			continue
		}
		m, ok := fd.ReadMove(e) // every move of the heat: read by hand
		if !ok {
			m, ok = fd.Decoded[fd.MoveEvent](e)
		}
		if ok && m.Car >= 1 && m.Car <= len(out) {
			out[m.Car-1].Moves++
		}
	}
	results := g.Results()
	cars := make([]int, len(results))
	for i, r := range results {
		cars[i] = r.Car
	}
	// within each run of cars not crossed at one distance, the play order
	for i := 0; i < len(cars); {
		j := i + 1
		for j < len(cars) && !out[cars[i]-1].Crossed && !out[cars[j]-1].Crossed && out[cars[j]-1].ToLine == out[cars[i]-1].ToLine {
			j++
		}
		slices.SortStableFunc(cars[i:j], func(a, b int) int {
			ca, cb := g.Car(a), g.Car(b)
			return cmp.Or(cmp.Compare(cb.Gear, ca.Gear), cmp.Compare(g.LevelArrival(ca), g.LevelArrival(cb)), cmp.Compare(a, b))
		})
		i = j
	}
	for i, n := range cars {
		out[n-1].Order = i + 1
	}
	return out
}

// symmetricBlitz is the AX-5 module of the symmetric heat (start=symmetric).
type symmetricBlitz struct{ blitz }

// Grid: the black die (R2's grid roll, ties rolled again) orders the two
// cars; the first takes the inside of bend 1.
func (symmetricBlitz) Grid(s fd.Setup, src dice.Source) ([]int, error) {
	if n := s.Cars(); n != 2 {
		return nil, fmt.Errorf("variant AX-5: start=symmetric is a heat of two cars, not %d", n)
	}
	return s.RollGrid(src, fd.CarNumbers(2))
}

// GridSpaces: the inside square of BlitzSymmetricSquares for the first
// car of the grid, the outside one for the second.
func (symmetricBlitz) GridSpaces(s fd.Setup, grid []int) ([]tracks.SpaceID, error) {
	inside, outside, _, err := BlitzSymmetricSquares(s.Circuit())
	if err != nil {
		return nil, err
	}
	return []tracks.SpaceID{inside, outside}[:len(grid)], nil
}

// BlitzSymmetricSquares are the symmetric heat's squares (AX-5): at the
// level of the grid's second slot, behind the pole's so that pole is left
// empty, the track's leftmost and rightmost squares, so at the same
// distance from bend 1, the first bend after the line; inside is the one
// on the side the bend turns to (R-ORD-03's inside, where the base rules'
// play order puts a car first at equal distance). An error on a circuit
// with no such pair on a straight.
func BlitzSymmetricSquares(c *tracks.Circuit) (inside, outside tracks.SpaceID, bend int, err error) {
	if len(c.Grid) < 2 {
		return tracks.NoSpace, tracks.NoSpace, -1, fmt.Errorf("circuit %s: a grid of %d slots has no row behind the pole", c.ID, len(c.Grid))
	}
	level := c.Space(c.Grid[1]).Level
	left, right := tracks.NoSpace, tracks.NoSpace
	for i := range c.Spaces {
		sp := &c.Spaces[i]
		if sp.Level != level || sp.Kind != tracks.KindTrack || !sp.Playable() {
			continue
		}
		if left == tracks.NoSpace || sp.Lane < c.Space(left).Lane {
			left = sp.ID
		}
		if right == tracks.NoSpace || sp.Lane > c.Space(right).Lane {
			right = sp.ID
		}
	}
	if left == right || c.Space(left).Corner >= 0 || c.Space(right).Corner >= 0 {
		return tracks.NoSpace, tracks.NoSpace, -1, fmt.Errorf("circuit %s: no two squares side by side on the straight behind the pole", c.ID)
	}
	bend = c.NextCorner(level)
	if bend >= 0 && c.Corners[bend].Direction == tracks.Right {
		return right, left, bend, nil
	}
	return left, right, bend, nil
}
