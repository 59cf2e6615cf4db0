package variants

import (
	"fmt"
	"strings"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// 20-B The spare car (league-variants.md ch. 20): each team has one spare
// car. Hook: SpareCar, at the end of every play and of every round of the
// race; form (b1) also fills CarMoveLimit for the spare's first move.
//
//   - (a): a pilot out of the race before the leader has reached the pit
//     entry on the first lap restarts from his pit box in the spare, his
//     car as he built it with one engine point less, 4th at most.
//   - (b1) (league AMB-44): a pilot out before leaving the first bend gets
//     a fresh car once every running car has passed the pit-lane exit; it
//     leaves its box in 4th at most and its first move stops before the
//     first bend.
//   - (b2) (league AMB-44, league AMB-03: "tour" is a game turn): a pilot whose car is
//     destroyed before leaving the first bend by its engine, its body, a
//     stand-still or its handling restarts from his box in 1st at the end
//     of the game turn after the one he went out in, his build less two
//     points of his choice.
//
// Decisions where the booklet is silent: the spare is taken as soon as it
// may be (a retired car can only gain by it, so no prompt); its pit points
// are those of the start; a car eliminated in the very play the leader
// reaches the pit entry is judged after that play. (b2)'s two points are
// chosen before the race (`cut`, per car, as 19-F's shares are: an
// asynchronous league cannot stop a race for it), by default from the
// categories with the most points; a category is never cut below one point
// (the cut goes to the fullest one instead). (b1)'s spare keeps the tyres it
// was built with: no tyre change is offered as it leaves, so the change that
// would cost a lap never arises. The first bend is the circuit's corner of
// the lowest level; a (b1) first move with no way to stop before it keeps
// every option (a filter never leaves none).

func init() { fd.RegisterVariant("20-B", variant20B) }

func variant20B() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "20-B", Group: "b", Name: "Spare car", NameFR: "Le mulet", Chapter: fd.ChapterElim, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{
			fd.NewParam("mode", "a", "a: out before the leader reaches the lap-1 pit entry, restart in the spare from the pit box, 4th at most, −1 engine; b1: out before leaving the first bend, a fresh car once every running car has passed the pit exit, 4th at most, first move stopping before the first bend; b2: destroyed before leaving the first bend (engine, body, stand-still, handling), restart in 1st at the end of the next game turn, two build points cut", "a", "b1", "b2"),
			{Key: "teams", Default: "", OmitEmpty: true, Help: "each car's team, car 1 first, separated by /, e.g. 1/1/2/3/3; empty: as 4-A says, else cars 1 and 2 are team 1, 3 and 4 team 2 …"},
			{Key: "cut", Default: "", OmitEmpty: true, Help: "mode b2: the two build points each car's spare loses, car 1 first, separated by /, two categories joined by +, e.g. engine+body/tyres+tyres; empty, or a car not named: from the categories with the most points"},
		},
		Help: "a pilot who retires early restarts from his box in his team's one spare car: before the leader reaches the lap-1 pit entry (a), or before leaving the first bend (b1, b2)",
	}, func(p map[string]string) (any, error) {
		teams, err := fd.ParseTeams(p["teams"])
		if err != nil {
			return nil, fmt.Errorf("variant 20-B: %w", err)
		}
		cuts, err := parseSpareCuts(p["cut"])
		if err != nil {
			return nil, fmt.Errorf("variant 20-B: %w", err)
		}
		if cuts != nil && p["mode"] != "b2" {
			return nil, fmt.Errorf("variant 20-B: cut is the build points of mode b2's spare; mode %s cuts none", p["mode"])
		}
		s := spareCar{mode: p["mode"], teams: teams, cuts: cuts}
		if s.mode == "b1" {
			return spareCarB1{s}, nil
		}
		return s, nil
	})
}

// parseSpareCuts reads `cut`: per car, two categories joined by +.
func parseSpareCuts(s string) ([][2]fd.Category, error) {
	if s == "" {
		return nil, nil
	}
	var out [][2]fd.Category
	for _, pair := range strings.Split(s, "/") {
		names := strings.Split(pair, "+")
		if len(names) != 2 {
			return nil, fmt.Errorf("cut %q: %q is not two categories joined by + (engine+body)", s, pair)
		}
		var cut [2]fd.Category
		for i, n := range names {
			c, ok := fd.ParseCategory(n)
			if !ok {
				return nil, fmt.Errorf("cut %q: %q is not a category (%s)", s, n, strings.Join(fd.CategoryNames(), ", "))
			}
			cut[i] = c
		}
		out = append(out, cut)
	}
	if len(out) > fd.MaxCars {
		return nil, fmt.Errorf("cut %q: more than %d cars", s, fd.MaxCars)
	}
	return out, nil
}

// spareCar is the 20-B module, forms (a) and (b2).
type spareCar struct {
	mode  string           // a, b1, b2
	teams []int            // each car's team; nil: the game's teams (4-A's or pairs)
	cuts  [][2]fd.Category // b2: each car's two points cut, car 1 first
}

// 20-B's per-car state (slot.go).
var (
	// spareTakenBy: the car is its team's spare, back in the race after it
	// went out (a position's "spare")
	spareTakenBy = fd.NewVariantSlot[bool]("spare")
	// sparePromised: (b2), the car is out and its team's spare is promised
	// to it at the end of the next game turn (a position's "spare-due")
	sparePromised = fd.NewVariantSlot[bool]("spare-due")
)

// spareCarB1 is form (b1): a spareCar that also limits the spare's first
// move (CarMoveLimit).
type spareCarB1 struct{ spareCar }

func (s spareCar) team(g *fd.Game, car int) int { return teamIn(g, s.teams, car) }

// spareTaken: the team of car has used its spare, or promised it (b2).
func (s spareCar) spareTaken(g *fd.Game, car int) bool {
	team := s.team(g, car)
	for i := range g.Cars {
		o := &g.Cars[i]
		if o.Number != car && (spareTakenBy.Of(o) || sparePromised.Of(o)) && s.team(g, o.Number) == team {
			return true
		}
	}
	return false
}

// SpareFor says whether the car out of the race is back now, later or not,
// and keeps on the car what it gave (the spare taken, or promised): the
// host brings the car back as it says.
func (s spareCar) SpareFor(t fd.Turn, c *fd.Car, roundEnd bool) (fd.Spare, bool) {
	sp, ok := s.spareFor(t.Game(), c, roundEnd)
	switch {
	case ok && sp.Due:
		sparePromised.Set(c, true)
	case ok:
		spareTakenBy.Set(c, true)
		sparePromised.Set(c, false)
	}
	return sp, ok
}

// spareFor decides, writing nothing.
func (s spareCar) spareFor(g *fd.Game, c *fd.Car, roundEnd bool) (fd.Spare, bool) {
	if c.Status != fd.Eliminated || spareTakenBy.Of(c) || g.OwnBox(c) == tracks.NoSpace || s.spareTaken(g, c.Number) {
		return fd.Spare{}, false
	}
	switch s.mode {
	case "b1":
		if roundEnd || !outInFirstBend(g.Track, c) || !passedPitExit(g) {
			return fd.Spare{}, false
		}
		return fd.Spare{Gear: 4, Wear: g.StartingWear(c), SlowStop: true, Kind: "spare-car-fresh"}, true
	case "b2":
		if !roundEnd || !outInFirstBend(g.Track, c) || !destroyed(c.EliminationReason()) {
			return fd.Spare{}, false
		}
		if !sparePromised.Of(c) {
			return fd.Spare{Due: true}, true // back at the end of the next game turn
		}
		w, cut := s.cutBuild(g.StartingWear(c), c.Number)
		return fd.Spare{Gear: 1, Wear: w, Kind: "spare-car-cut", Cut: cut}, true
	}
	if roundEnd || len(g.Track.Pit.Entry) == 0 {
		return fd.Spare{}, false
	}
	entry := g.Track.Spaces[g.Track.Pit.Entry[0]].Level
	for i := range g.Cars {
		o := &g.Cars[i]
		if o.Laps > 0 || o.CrossedStart && fd.Progress(g.Track, o) >= entry {
			return fd.Spare{}, false // the leader has reached the pit entry
		}
	}
	w := g.StartingWear(c)
	w[fd.Engine] = max(1, w[fd.Engine]-1)
	return fd.Spare{Gear: 4, Wear: w, SlowStop: true, Kind: "spare-car"}, true
}

// cutBuild is (b2)'s build: two points crossed off, the car's own choice or
// the fullest categories; never one below 1.
func (s spareCar) cutBuild(w fd.Wear, car int) (fd.Wear, [2]fd.Category) {
	fullest := func() fd.Category {
		best := fd.Category(0)
		for c := range fd.NumCategories {
			if w[c] > w[best] {
				best = c
			}
		}
		return best
	}
	var cut [2]fd.Category
	for i := range cut {
		c := fullest()
		if car <= len(s.cuts) && w[s.cuts[car-1][i]] > 1 {
			c = s.cuts[car-1][i]
		}
		w[c]--
		cut[i] = c
	}
	return w, cut
}

// AllowsMove is (b1)'s mandatory stop: the spare's first move, from its
// box on the first lap, enters no space of the first bend.
func (s spareCarB1) AllowsMove(t fd.Turn, c *fd.Car, op fd.Option) bool {
	g := t.Game()
	if !spareTakenBy.Of(c) || c.Laps > 0 || g.Track.Spaces[c.Space].Kind != tracks.KindBox {
		return true
	}
	first := firstBend(g.Track)
	for _, id := range op.Path {
		if first >= 0 && g.Track.Spaces[id].Corner == first {
			return false
		}
	}
	return true
}

// firstBend is the corner of the lowest level, -1 on a circuit without one.
func firstBend(c *tracks.Circuit) int {
	first := -1
	for i := range c.Corners {
		if first < 0 || c.Corners[i].FirstLevel < c.Corners[first].FirstLevel {
			first = i
		}
	}
	return first
}

// outInFirstBend: the car went out on the first lap before leaving the
// first bend (its progress when eliminated, 21-A's distance).
func outInFirstBend(c *tracks.Circuit, car *fd.Car) bool {
	first := firstBend(c)
	return first >= 0 && car.LastLevel <= c.Corners[first].LastLevel
}

// destroyed: (b2)'s causes — the engine, the body (a collision, the wall),
// a stand-still (blocked with no points to brake) and the handling.
func destroyed(reason string) bool {
	switch reason {
	case fd.ReasonEngine, fd.ReasonCollision, fd.ReasonWall, fd.ReasonBlocking, fd.ReasonHandling:
		return true
	}
	return false
}

// passedPitExit: every running car is past the level where the pit lane
// comes back onto the track.
func passedPitExit(g *fd.Game) bool {
	exit := -1
	for _, id := range g.Track.Pit.Exit {
		for _, n := range g.Track.Spaces[id].Next {
			if s := &g.Track.Spaces[n]; s.Kind == tracks.KindTrack && (exit < 0 || s.Level < exit) {
				exit = s.Level
			}
		}
	}
	if exit < 0 {
		return true
	}
	for i := range g.Cars {
		o := &g.Cars[i]
		if o.Status == fd.Racing && o.Space != tracks.NoSpace && fd.Progress(g.Track, o) < exit {
			return false
		}
	}
	return true
}
