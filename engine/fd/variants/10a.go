package variants

import (
	"fmt"
	"strconv"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// 10-A Severe spin (league-variants.md ch. 10, core): a spun car's restart
// roll (R10.14, the black die at its next play) of 1 no longer just loses
// the play: the car has stalled, the marshals push it off and it is out of
// the race, classified by the distance it covered (21-A). 20 and 2–19 are
// the base's. A RestartRule; the move options' elimination risk and the
// autopilot count the 1 in 20 a spin now carries.
//
// The rail cases (rails=yes, league AMB-28): an overshoot the tyres cannot
// pay (R10.8) of two spaces or more out of a bend whose track line says
// `rails`, or onto the pit straight, is decided on the black d20 instead of
// eliminating the car outright (an UnpaidOvershootRule): 1–5 straight off
// (a marker at the exit), 6–10 off to the inside (even) or the outside
// (odd) lane (the marker there), 11–15 bounces back onto the nearest free
// exit space, spun, tyres at 0, 16–20 the runaway car: out, but it spins
// on in the 3 × 3 spaces past the exit (the centre and the eight around
// it) until the end of the game turn: every car whose move enters them
// takes a collision test there (a PlayEnd), and at the turn's end the
// runaway stops and those nine spaces get markers (a RoundEnd).

func init() { fd.RegisterVariant("10-A", withKinds(variant10A)) }

func variant10A() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "10-A", Group: "b", Name: "Severe spin", NameFR: "Tête-à-queue grave", Chapter: fd.ChapterBendExit, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{fd.NewParam("rails", "no", "the rail cases: a d20 decides an unpaid overshoot out of a railed bend or onto the pit straight", "no", "yes"),
			{Key: "hazard_len", Default: "3", OmitDefault: true, Help: "the rail cases' runaway car spins over this many spaces past the exit, three lanes wide (1 to 9)"}},
		Help: "after a spin, a 1 on the restart roll stalls the car: the marshals push it off and it is out of the race",
	}, func(p map[string]string) (any, error) {
		n, err := strconv.Atoi(p["hazard_len"])
		if err != nil || n < 1 || n > maxHazardLength || strconv.Itoa(n) != p["hazard_len"] {
			return nil, fmt.Errorf("variant 10-A: hazard_len is a number of spaces from 1 to %d, not %q", maxHazardLength, p["hazard_len"])
		}
		if p["rails"] == "yes" {
			return severeSpinRails{hazardLen: n}, nil
		}
		return severeSpin{}, nil
	})
}

// severeSpin is the 10-A module.
type severeSpin struct{}

// StallEliminates: the stall after a spin is the end of the race.
func (severeSpin) StallEliminates() bool { return true }

// severeSpinRails is 10-A with its rail cases; hazardLen is the runaway
// car's area, in spaces past the exit (AMB-28's hazard_len, default 3),
// across three lanes.
type severeSpinRails struct {
	severeSpin
	hazardLen int
}

// maxHazardLength bounds hazard_len: a runaway car spinning over more
// than a straight is a typo.
const maxHazardLength = 9

// UnpaidOvershoot rolls the rail table (league AMB-28) for an unpaid
// overshoot of two spaces or more out of a railed bend or onto the pit
// straight; anywhere else R10.8 eliminates the car as in the base.
func (severeSpinRails) UnpaidOvershoot(t fd.Turn, corner tracks.Corner, spaces int, src dice.Source) (bool, error) {
	g, c := t.Game(), t.Car()
	exit, ok := railsRolled(g.Track, corner, spaces, t.Path())
	if !ok {
		return false, nil
	}
	v, err := g.Black(src, c.Number, "rails")
	if err != nil {
		return false, err
	}
	tell := func(result string, at tracks.SpaceID) {
		g.Emit(fd.Encode(RailsEvent{Car: c.Number, Corner: corner.Name, Roll: v, Result: result, Space: g.Track.Spaces[at].Name}))
	}
	switch {
	case v <= 5: // straight off
		tell("straight", exit)
		g.DropMarker(exit, fd.MarkerDebris)
	case v <= 10: // off to the centre of the circuit on an even roll
		side, lane := "outside", outsideLane(corner)
		if v%2 == 0 {
			side, lane = "inside", corner.InsideLane
		}
		at := exit
		if lane >= 0 && lane < len(corner.Exit) && corner.Exit[lane] != tracks.NoSpace {
			at = corner.Exit[lane]
		}
		tell(side, at)
		g.DropMarker(at, fd.MarkerDebris)
	case v <= 15: // bounces off the rail, back on the track, spun
		at := nearestFreeExit(g, c, corner, exit)
		if at == tracks.NoSpace {
			tell("straight", exit) // no free space to come back to: it stays off [DEC]
			g.DropMarker(exit, fd.MarkerDebris)
			return false, nil
		}
		tell("rebound", at)
		c.Space = at
		g.LosePoints(c, fd.Tyres, c.Wear[fd.Tyres], "bounced off the rails of "+corner.Name+" (10-A)", tracks.NoSpace, "")
		c.Spun = true // R10.10: a base spin-out; its restart roll is 10-A's
		g.Emit(fd.Encode(fd.SpinEvent{Car: c.Number, Corner: corner.Name}))
		return c.Status == fd.Racing, nil
	default: // the runaway car: out, spinning on until the turn's end
		tell("runaway", exit)
		g.StartRunaway(c.Number, exit, corner.Name)
	}
	return false, nil
}

// railsRolled says whether an unpaid overshoot of spaces out of corner
// along path goes to the rail table, and where the car left the corner.
func railsRolled(c *tracks.Circuit, corner tracks.Corner, spaces int, path []tracks.SpaceID) (tracks.SpaceID, bool) {
	exit := railExit(c, path, corner.Index)
	if spaces < 2 || exit == tracks.NoSpace || !(corner.Rails || c.Spaces[exit].Has(tracks.FlagPitStraight)) {
		return exit, false
	}
	return exit, true
}

// KeptChance is the 11–15 of the black die (25 %) where the rail table
// rolls; the rebound may still find no free space, which it does not count.
func (severeSpinRails) KeptChance(g *fd.Game, corner tracks.Corner, spaces int, path []tracks.SpaceID) float64 {
	faces := g.Config.Dice.Black.Faces
	if _, ok := railsRolled(g.Track, corner, spaces, path); !ok || len(faces) == 0 {
		return 0
	}
	kept := 0
	for _, v := range faces {
		if v >= 11 && v <= 15 {
			kept++
		}
	}
	return float64(kept) / float64(len(faces))
}

// railExit is the first space of path past its last space in the corner:
// where the car left it.
func railExit(c *tracks.Circuit, path []tracks.SpaceID, corner int) tracks.SpaceID {
	exit := tracks.NoSpace
	for i := len(path) - 1; i >= 0 && c.Spaces[path[i]].Corner != corner; i-- {
		exit = path[i]
	}
	return exit
}

// outsideLane is the corner's lane farthest from its inside lane.
func outsideLane(corner tracks.Corner) int {
	if corner.InsideLane == 0 {
		return len(corner.Exit) - 1
	}
	return 0
}

// nearestFreeExit is the space where the car left the corner if no other
// car is on it, else the corner's other exit spaces, the nearest lane first.
func nearestFreeExit(g *fd.Game, c *fd.Car, corner tracks.Corner, exit tracks.SpaceID) tracks.SpaceID {
	lane := g.Track.Spaces[exit].Lane
	best, bestGap := tracks.NoSpace, -1
	for _, s := range append([]tracks.SpaceID{exit}, corner.Exit...) {
		if s == tracks.NoSpace || occupiedByOther(g, c, s) {
			continue
		}
		gap := max(g.Track.Spaces[s].Lane-lane, lane-g.Track.Spaces[s].Lane) // lanes apart
		if best == tracks.NoSpace || gap < bestGap {
			best, bestGap = s, gap
		}
	}
	return best
}

// occupiedByOther: another car, running or a wreck, stands on s.
func occupiedByOther(g *fd.Game, c *fd.Car, s tracks.SpaceID) bool {
	for i := range g.Cars {
		o := &g.Cars[i]
		if o != c && o.Space == s && o.OnBoard() { // running or a wreck (s is a square)
			return true
		}
	}
	return false
}
