package fd

import (
	"math"

	"github.com/pitwall/pitwall/tracks"
)

// Autopilot answers any pending decision with a deterministic policy: a gear
// whose likely roll makes the next corner's stops without needless wear,
// the move that gains most for what it costs, free slipstreams taken, the
// pit lane when the tyres run low. It plays timeouts and empty seats.
func Autopilot(g *Game) (Order, bool) {
	d := g.Pending()
	if d == nil {
		return Order{}, false
	}
	switch d.Kind {
	case DecideGear:
		return Order{Car: d.Car, Gear: g.autoGear(d)}, true
	}
	best, bestScore := 0, math.Inf(-1)
	for i, op := range d.Options {
		if s := g.scoreOption(d, op); s > bestScore {
			best, bestScore = i, s
		}
	}
	return Order{Car: d.Car, Letter: d.Options[best].Letter}, true
}

// weights of a point lost, per category: scarce points weigh more.
var pointWeight = [NumCategories]float64{2, 2.5, 1.5, 5, 5, 6}

func wearPenalty(c *Car, cost Wear) float64 {
	p := 0.0
	for i, n := range cost {
		if n > 0 {
			left := float64(c.Wear[i] - n)
			p += float64(n) * pointWeight[i] * (1 + 2/(left+1))
		}
	}
	return p
}

func (g *Game) scoreOption(d *Decision, op Option) float64 {
	c := g.car(d.Car)
	if op.Stop {
		return 0
	}
	s := float64(len(op.Path))
	if op.Eliminated {
		s -= 1000
	}
	s -= wearPenalty(c, op.Cost)
	if op.Spin {
		s -= 15
	}
	// a handling roll loses a point on 1–4 in 20
	s -= float64(op.Dangerous) * 0.2 * pointWeight[Handling] * (1 + 2/float64(c.Wear[Handling]))
	if op.Pit {
		if wantsPit(g, c) {
			s += 20
		} else {
			s -= 50
		}
	}
	// prefer the inside of the coming corner among equal moves (R-ORD-03)
	if op.End != tracks.NoSpace {
		s -= 0.05 * g.insideOf(op.End)
	}
	return s
}

func wantsPit(g *Game, c *Car) bool {
	return c.Wear[Tyres]*2 <= g.Config.Start[Tyres]
}

func (g *Game) insideOf(s tracks.SpaceID) float64 {
	sp := g.Track.Spaces[s]
	k := sp.Corner
	if k < 0 {
		k = g.Track.NextCorner(sp.Level)
	}
	if k < 0 || sp.Kind != tracks.KindTrack {
		return 0
	}
	if g.Track.Corners[k].Direction == tracks.Left {
		return float64(sp.Lane)
	}
	return float64(g.laneCount(s) - 1 - sp.Lane)
}

// autoGear picks the gear with the best expected outcome against the room
// the car has before it must stop in a corner.
func (g *Game) autoGear(d *Decision) int {
	c := g.car(d.Car)
	room, minRoom := g.roomAhead(c)
	best, bestScore := d.Options[0].Gear, math.Inf(-1)
	for _, op := range d.Options {
		die, err := g.Config.Dice.Gear(op.Gear)
		if err != nil {
			continue
		}
		score := -wearPenalty(c, op.Cost)
		if op.Eliminated {
			score -= 1000
		}
		for _, v := range die.Faces {
			score += g.faceValue(c, op.Gear, v, room, minRoom) / float64(len(die.Faces))
		}
		// leaving a slow corner in a high gear costs downshifts later
		if score > bestScore {
			best, bestScore = op.Gear, score
		}
	}
	return best
}

// faceValue scores moving v spaces in gear `gear` when the car may move at
// most room spaces before overshooting the corner it must stop in next, and
// needs at least near spaces to get into it.
func (g *Game) faceValue(c *Car, gear, v, room, near int) float64 {
	if room < 0 {
		return float64(v)
	}
	if v > room {
		excess := v - room
		brakes := c.Wear[Brakes] - 1 // keep one in hand
		if excess <= brakes {
			return float64(room) - float64(excess)*pointWeight[Brakes]*1.5
		}
		over := excess - max(brakes, 0)
		if over >= c.Wear[Tyres] || g.mustStopTwice(c) {
			return float64(room) - 400
		}
		return float64(room) - float64(over)*pointWeight[Tyres]*2 - float64(max(brakes, 0))*pointWeight[Brakes]
	}
	val := float64(v)
	k, stops := g.targetCorner(c)
	inside := v >= near
	if inside {
		stops++
	}
	if stops >= g.Track.Corners[k].Stops {
		return val
	}
	// another stop is needed in this corner next turn: the car must then
	// roll no more than what is left, so count the downshift it will need
	left := room - v
	h := 0
	for cand := 6; cand >= 1; cand-- {
		if die, err := g.Config.Dice.Gear(cand); err == nil && die.Max() <= left {
			h = cand
			break
		}
	}
	switch {
	case h == 0:
		return val - 25 // no gear is safe: it will brake or overshoot
	case gear-h <= 1:
		return val
	}
	cost, ok := downshiftCost(gear, h)
	if !ok {
		return val - 40
	}
	return val - wearPenalty(c, cost)*1.2
}

// mustStopTwice reports whether overshooting the corner ahead now would
// eliminate the car (R-OVS-02).
func (g *Game) mustStopTwice(c *Car) bool {
	k, stops := g.targetCorner(c)
	if k < 0 {
		return false
	}
	req := g.Track.Corners[k].Stops
	return (req == 2 && stops == 0) || (req == 3 && stops <= 1)
}

// targetCorner is the corner the car must stop in next and its stops so far.
func (g *Game) targetCorner(c *Car) (int, int) {
	sp := g.Track.Spaces[c.Space]
	if sp.Corner >= 0 && c.Corner == sp.Corner && c.Stops < g.Track.Corners[sp.Corner].Stops {
		return sp.Corner, c.Stops
	}
	// the next corner ahead along the lap
	best, bestD := -1, math.MaxInt
	for i, k := range g.Track.Corners {
		if i == sp.Corner {
			continue
		}
		dl := k.FirstLevel - sp.Level
		if dl < 0 {
			dl += g.Track.Levels
		}
		if dl < bestD {
			best, bestD = i, dl
		}
	}
	return best, 0
}

// roomAhead is the farthest the car can go and still stop inside the corner
// it must stop in next (and the least to get into it); -1 when there is no
// such corner in reach of any die.
func (g *Game) roomAhead(c *Car) (int, int) {
	k, _ := g.targetCorner(c)
	if k < 0 {
		return -1, -1
	}
	in := map[tracks.SpaceID]bool{}
	for _, s := range g.Track.Corners[k].Spaces {
		in[s] = true
	}
	dist := map[tracks.SpaceID]int{c.Space: 0}
	queue := []tracks.SpaceID{c.Space}
	far, near := -1, -1
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		if dist[s] > 40 {
			break
		}
		for _, n := range g.Track.Spaces[s].Next {
			if g.Track.Spaces[n].Kind != tracks.KindTrack {
				continue
			}
			if _, seen := dist[n]; seen {
				continue
			}
			dist[n] = dist[s] + 1
			if in[n] {
				far = max(far, dist[n])
				if near < 0 {
					near = dist[n]
				}
			}
			if !in[s] || in[n] { // never past the corner's exit
				queue = append(queue, n)
			}
		}
	}
	return far, near
}
