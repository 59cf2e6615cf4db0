package ai

import (
	"slices"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// trafficReach is how far ahead of where a move leaves the car (in levels)
// another car is put in the legend's second play: farther than the top
// face of 6th (30) and the spaces the car ahead moves first.
const trafficReach = 40

// traffic lists the other cars as the legend's second play will find them,
// numbered from 2 in the order they play before it. Under the base rules
// the order of a round is frozen by position at its start (R-ORD-01): a car
// ahead of where the move leaves ours has played this round and will play
// before ours in the next one, so our second play meets it where its own
// next move leaves it; a car behind plays after ours and is no obstacle. The
// move of a car ahead is its gear's mean, no farther than the room before
// the stops it owes (it brakes into a corner, R-COR-02). A car that may pass
// ours later this round is left out: where it ends is a guess. Under fdr the
// order follows the leader and gives second plays (R6.6–R6.10): no traffic.
// A car whose guessed space is taken (by ours, or by a car guessed before
// it) is left out.
func (p *planner) traffic(end tracks.SpaceID, laps int) []fd.CarPosition {
	g := p.g
	if g.Can().LeaderOrder || trafficOff {
		return nil
	}
	t := g.Track
	ours := laps*t.Levels + t.Spaces[end].Level
	pos := p.position()
	type ahead struct {
		cp   fd.CarPosition
		prog int
	}
	var cars []ahead
	used := map[tracks.SpaceID]bool{end: true}
	for i := range g.Cars {
		o := &g.Cars[i]
		if o.Number == p.c.Number || o.Status != fd.Racing || o.Space == tracks.NoSpace || t.Spaces[o.Space].Kind != tracks.KindTrack {
			continue
		}
		prog := carProgress(t, o)
		if d := prog - ours; d <= 0 || d > trafficReach {
			continue
		}
		s, lapped := p.guessMove(o)
		if used[s] {
			continue
		}
		used[s] = true
		idx := slices.IndexFunc(pos.Cars, func(cp fd.CarPosition) bool { return cp.Car == o.Number })
		if idx < 0 {
			continue
		}
		cp := lookaheadCar(pos.Cars[idx])
		cp.Space = t.Spaces[s].Name
		cp.Stops = 0
		if t.Spaces[s].Corner >= 0 && t.Spaces[s].Corner == o.Corner {
			cp.Stops = min(o.Stops+1, t.Corners[o.Corner].Stops)
		}
		if lapped {
			cp.Laps++
		}
		cars = append(cars, ahead{cp, prog})
	}
	slices.SortStableFunc(cars, func(a, b ahead) int { return b.prog - a.prog })
	out := make([]fd.CarPosition, len(cars))
	for i, a := range cars {
		out[i] = a.cp
		out[i].Car = i + 2
	}
	return out
}

// guessMove is where a car's next move leaves it: its gear's mean along
// its lane, no farther than the room before the stops it owes; and
// whether it crosses the line on the way.
func (p *planner) guessMove(o *fd.Car) (tracks.SpaceID, bool) {
	t := p.g.Track
	adv := 0
	if die, err := p.g.Config.Dice.Gear(o.Gear); err == nil {
		sum := 0
		for _, f := range die.Faces {
			sum += f
		}
		adv = (sum + len(die.Faces)/2) / len(die.Faces)
	}
	if ri := p.room(o.Space, o.Corner, o.Stops); ri.room >= 0 {
		adv = min(adv, ri.room)
	}
	s, lapped := o.Space, false
	for range adv {
		n, ok := t.AheadSameLane(s)
		if !ok {
			n = tracks.NoSpace
			for _, x := range t.Spaces[s].Next {
				if t.Spaces[x].Kind == tracks.KindTrack {
					n = x
					break
				}
			}
			if n == tracks.NoSpace {
				break
			}
		}
		if t.CrossesLine(s, n) {
			lapped = true
		}
		s = n
	}
	return s, lapped
}

// carProgress is how far a car is along the race, in levels (R-ORD-01).
func carProgress(t *tracks.Circuit, c *fd.Car) int {
	lv := t.Spaces[c.Space].Level
	if !c.CrossedStart {
		return lv - t.Levels
	}
	return c.Laps*t.Levels + lv
}

// position is the game's position, taken once per planner.
func (p *planner) position() *fd.Position {
	if p.gamePos == nil {
		pos := p.g.Position()
		p.gamePos = &pos
	}
	return p.gamePos
}

// lookaheadCar is a car's position made a plain racing car for the
// look-ahead's own game: none of the states of a turn under way.
func lookaheadCar(cp fd.CarPosition) fd.CarPosition {
	cp.Flags = slices.DeleteFunc(slices.Clone(cp.Flags), func(f string) bool {
		return f == "stalled" || f == "spun" || f == "slow-stop" || f == "pitting" || f == "restart" || f == "wreck"
	})
	cp.Inertia, cp.Reason = "", ""
	if !slices.Contains(cp.Flags, "started") {
		cp.Flags = append(cp.Flags, "started")
	}
	if !slices.Contains(cp.Flags, "crossed") {
		cp.Flags = append(cp.Flags, "crossed")
	}
	return cp
}

// trafficOff leaves the traffic out (tests compare the two).
var trafficOff = false
