package ai

import (
	"sort"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// weight is what one point of a category is worth in spaces when plenty
// are left; a point grows dearer as the category runs out (wearPen).
var weight = [fd.NumCategories]float64{2, 2.5, 1.5, 5, 5, 6}

// legendFloor is the least a legend's wear weighs, at the flag: its price
// of a point falls from the pro's at the start to that at the flag, by the
// distance still to drive. It once also weighed every point at three
// quarters of that all race long (legendBold 0.75), and so spent its brakes
// and gearbox points early, when a point kept buys a skip or a stop later:
// measured with ai-bench (issue 20, Kestrel Downs, seeds ai-bench-1 … 20,
// legend against pro), it was ahead of the pro in 65.5 % of 200 races with
// the three quarters and 76–77 % without. Under fdr, where a gear costs
// over-rev points rather than a skip's gearbox and brakes (FDR R13),
// fdrBold keeps the three quarters: without them the legend was ahead on
// the oval in 10 of 15 races against 12 (seeds ai-bench-1 … 3). legendTyre is
// how much less it weighs a tyre point than a pro does, all race long (a
// tyre point spent early may cost a pit stop later, so the tyres do not
// follow the flag the way the other points do): measured in time trials
// (the car alone, 20 races on Kestrel Downs and Hollowmere, the same seeds),
// a legend needed 97.9 plays for the two at the pro's tyre weight, 96.4 at
// three quarters, 95.5 at a half, 96.8 at 0.3; the pro 98.3. On its last
// lap under fd2008 no stop is left to give the tyres back, and the half
// price spent them before the corners that needed them: on Kestrel Downs
// (issue 20, round 18) half the legends left Runway End on the last lap
// with one tyre point (a pro in one case of four), and a car with one took
// 1.4 plays more to the flag than one with two. There its tyres cost the
// pro's price times the share of the lap's stops still owed to the flag
// (stopsToFlag), falling to legendFloor past the last corner.
const (
	legendFloor = 0.1
	fdrBold     = 0.75
	legendTyre  = 0.5
)

// fdrContact is how much more a legend fears a contact under fdr, where a
// car has two body points (R5.2) and contacts aggravate (R14): measured with
// ai-bench, its DNF rate fell from 9 % to 5 % in 50 races.
const fdrContact = 4

// pitShare: a pro or a legend pits when its tyres are down to a
// pitShare-th of their start (R-PIT-01). Measured with ai-bench (50 races
// a circuit): at a half, as the autopilot does, a pro stopped in 54 % of
// its races and a legend in 70 %; at a third, 27 % and 20 %, and both
// finished higher.
var pitShare = map[Level]int{Pro: 3, Legend: 3}

// A legend looks a second play ahead (solo.go) for the moves the pro's
// estimate puts within soloMargin spaces of the best, and there weighs the
// gears from soloSkip below its gear up: measured with ai-bench (25 races a
// circuit), its mean place went from 2.60 to 2.39 and the pro's from 3.05
// to 3.23; a gear decision costs it about 10–20 ms of one core.
const (
	soloMargin = 6
	soloSkip   = 2
)

// eliminated is the value of a race lost (in spaces).
const eliminated = 1000

// finishPlay is what a play spared by crossing the line is worth to a
// legend (in spaces): more than the best a play in 6th may bring.
const finishPlay = 50

// planner scores the options of one decision of one car.
type planner struct {
	g     *fd.Game
	c     *fd.Car
	lvl   Level
	scale float64 // wear matters more with more of the race to go
	// tyreScale is the pro's scale (a legend's times legendTyre), for
	// the tyres at every level: a
	// legend spends its other points as the race runs out, but a tyre
	// point spent early is a pit stop later
	tyreScale float64
	rooms     map[roomKey]roomInfo
	// gearValues are the expected values of the gears gear weighed
	gearValues map[int]float64
	// a legend's second play ahead (solo.go): its values by the car's
	// state after a move, the car's position, and whether this planner is
	// itself that look-ahead (which looks no further)
	solos   map[soloKey]float64
	pos     *fd.CarPosition
	shallow bool
	memo    *Memo // the game's, when the driver has one
}

func newPlanner(g *fd.Game, car int, lvl Level) *planner {
	c := &g.Cars[car-1]
	left := max(g.Config.Laps-c.Laps, 1)
	scale := 0.5 + 0.5*float64(left)/float64(max(g.Config.Laps, 1))
	tyreScale := scale
	if lvl >= Legend {
		// a point kept past the flag is wasted: spend them as the race
		// runs out, by the distance still to drive
		lap := g.Track.Levels
		done := c.Laps*lap + g.Track.Spaces[c.Space].Level
		if !c.CrossedStart {
			done = 0
		}
		frac := 1 - float64(done)/float64(max(g.Config.Laps*lap, 1))
		scale = legendFloor + (1-legendFloor)*min(max(frac, 0), 1)
	}
	if lvl >= Legend {
		if g.Can().OverRevGearbox {
			scale *= fdrBold
		}
		if c.CrossedStart && c.Laps >= g.Config.Laps-1 && !g.Can().PitLane && !g.Config.Rules.Info().Drivers {
			// no stop gives them back now: the tyres pay the overshoots of
			// the corners still ahead, so they follow the stops owed to the
			// flag rather than the distance (R-OVS-03). Measured under the
			// complete rules only: fdr's driven pit lane and tyre types
			// (FDR R19, T3) and the street races keep the half price
			tyreScale *= legendFloor + (1-legendFloor)*stopsToFlag(g, c)
		} else {
			tyreScale *= legendTyre
		}
	}
	return &planner{g: g, c: c, lvl: lvl, scale: scale, tyreScale: tyreScale, rooms: map[roomKey]roomInfo{}, solos: map[soloKey]float64{}}
}

// stopsToFlag is the share of a lap's stops (R-COR-02) the car still owes
// before the flag on its last lap: those of the corner it stands in, then
// of every corner whose entry lies ahead of it.
func stopsToFlag(g *fd.Game, c *fd.Car) float64 {
	t := g.Track
	here := t.Spaces[c.Space].Level
	left, all := 0, 0
	for k, cn := range t.Corners {
		all += cn.Stops
		switch {
		case k == c.Corner:
			left += max(cn.Stops-c.Stops, 0)
		case len(cn.Entry) > 0 && t.Spaces[cn.Entry[0]].Level > here:
			left += cn.Stops
		}
	}
	return float64(left) / float64(max(all, 1))
}

// wearPen is the price of losing cost from the car's points.
func (p *planner) wearPen(cost fd.Wear) float64 {
	pen := 0.0
	for i, n := range cost {
		if n <= 0 {
			continue
		}
		left := p.c.Wear[i] - n
		if left < 0 {
			return eliminated
		}
		w := float64(n) * weight[i] * (1 + 2/float64(left+1))
		if fd.Category(i) == fd.Tyres {
			pen += w * p.tyreScale
		} else {
			pen += w * p.scale
		}
	}
	return pen
}

// wantsPit says whether the car should take the pit lane as it passes it
// (R-PIT-01, FDR R19). Tyres for the wrong weather are changed at every
// level, where a stop may change them (O-TYR-10, FDR R8). Otherwise a
// rookie pits by the book, tyres half gone (the autopilot's rule); a pro
// and a legend only when what is left would not see the race out
// (pitShare): a stop costs about a play (the surplus discarded, a slow
// stop one time in two), dearer than the tyre points it gives back unless
// few are left, and tyres are the last resort after the brakes (R-OVS).
func (p *planner) wantsPit() bool {
	g, c := p.g, p.c
	if g.Can().TyreTypes || g.Config.Optional.Tyres && g.Config.Optional.PitOptions { // a tyre choice at every stop
		if g.Weather().Rain() != (c.Tyre == fd.RainTyre) {
			return true
		}
	}
	start := g.StartWear(c.Number)[fd.Tyres]
	t := c.Wear[fd.Tyres]
	if p.lvl <= Rookie {
		return t*2 <= start
	}
	return t*pitShare[p.lvl] <= start
}

// gear picks the gear with the best expected play: for each face of its
// die, the best of the moves the engine would then offer, each valued with
// the next play it leaves.
func (p *planner) gear(dec *fd.Decision) (int, bool) {
	best, bestV := 0, negInf
	p.gearValues = map[int]float64{}
	for _, op := range dec.Options {
		if p.shallow && op.Gear < p.c.Gear-soloSkip {
			continue // the look-ahead spares itself the deep skips
		}
		die, err := p.g.Config.Dice.Gear(op.Gear)
		if err != nil {
			continue
		}
		v := -p.wearPen(op.Cost)
		if op.Eliminated {
			v -= eliminated
		}
		if p.lvl >= Legend {
			v -= p.g.EliminationRisk(dec, op) * eliminated / 3 // R-ENG-01
		}
		faces := distinctFaces(die.Faces)
		for _, f := range faces {
			moves := p.g.MovesIf(op.Gear, f.value)
			if moves == nil {
				return 0, false
			}
			bv := p.best(fd.DecideMove, moves, op.Gear)
			v += bv * float64(f.count) / float64(len(die.Faces))
		}
		p.gearValues[op.Gear] = v
		if v > bestV {
			best, bestV = op.Gear, v
		}
	}
	return best, best > 0
}

type face struct{ value, count int }

// distinctFaces lists a die's values once each, in order, with how many
// faces show them: sums always add up in the same order.
func distinctFaces(faces []int) []face {
	var out []face
	for _, v := range faces {
		i := sort.Search(len(out), func(i int) bool { return out[i].value >= v })
		if i < len(out) && out[i].value == v {
			out[i].count++
			continue
		}
		out = append(out, face{})
		copy(out[i+1:], out[i:])
		out[i] = face{v, 1}
	}
	return out
}

// move picks the move or slipstream of best value.
func (p *planner) move(dec *fd.Decision) string {
	best, bestV := dec.Options[0].Letter, negInf
	vals := p.values(dec.Kind, dec.Options, p.c.Gear)
	for i, op := range dec.Options {
		if vals[i] > bestV {
			best, bestV = op.Letter, vals[i]
		}
	}
	return best
}

// best is the value of the best of the moves.
func (p *planner) best(kind fd.DecisionKind, moves []fd.Option, gear int) float64 {
	bv := negInf
	for _, v := range p.values(kind, moves, gear) {
		bv = max(bv, v)
	}
	return bv
}

// values scores the moves. A legend looks a second play ahead (solo) for
// those the pro's estimate puts within soloMargin spaces of the best: the
// others would not be chosen anyway, and the look-ahead is the costly part.
func (p *planner) values(kind fd.DecisionKind, moves []fd.Option, gear int) []float64 {
	vals := make([]float64, len(moves))
	top := negInf
	for i, mo := range moves {
		vals[i] = p.value(kind, mo, gear, false)
		top = max(top, vals[i])
	}
	if p.lvl < Legend || p.shallow {
		return vals
	}
	for i, mo := range moves {
		if vals[i] >= top-soloMargin {
			vals[i] = p.value(kind, mo, gear, true)
		} else {
			vals[i] = negInf // never above one looked at twice
		}
	}
	return vals
}

// value scores a move option: the spaces gained, less its wear and risks,
// plus the next play it leaves (pro and legend).
func (p *planner) value(kind fd.DecisionKind, op fd.Option, gear int, deep bool) float64 {
	g, c := p.g, p.c
	end := op.End
	if op.Stop || end == tracks.NoSpace {
		end = c.Space
	}
	if op.Eliminated {
		return -eliminated
	}
	if p.lvl >= Legend && p.finishes(op, end) {
		return p.finishValue(kind, op)
	}
	v := float64(p.progress(c.Space, end))
	cost := op.Cost
	cost[fd.Brakes] += op.SlipBrake // FDR R18.7
	v -= p.wearPen(cost)
	if op.Spin {
		v -= 15 // R-OVS-07: the next play starts in 1st
	}
	hl := float64(c.Wear[fd.Handling])
	v -= float64(op.Dangerous) * 0.2 * weight[fd.Handling] * (1 + 2/hl) * p.scale // R-DEB-03
	v -= float64(op.Wall) * 0.25 * weight[fd.Body]                                // FDR R15.2
	if contacts := p.contacts(end); contacts > 0 {
		pen := float64(contacts) * 0.05 * weight[fd.Body] * (1 + 4/float64(c.Wear[fd.Body])) // R-COL-03, FDR R14
		if p.lvl >= Legend && g.Can().CertainContacts {
			pen *= fdrContact // FDR R14: two body points, aggravated contacts
		}
		v -= pen
	}
	if p.lvl >= Legend && kind == fd.DecideMove && op.Braked == 0 && op.Blocked == 0 {
		v += p.slipChance(end, gear) // R-SLP-01: a slipstream may follow
	}
	if p.lvl >= Legend && !op.Stop {
		v -= g.EliminationRisk(&fd.Decision{Car: c.Number, Kind: kind}, op) * eliminated / 3
	}
	if op.Pit {
		if p.wantsPit() {
			v += 20
		} else {
			v -= 50
		}
	}
	if g.Track.Spaces[end].Kind != tracks.KindTrack {
		return v // the pit lane: the stop decides the rest
	}
	k, s := p.after(op, end)
	if deep && !op.Spin {
		if sv, ok := p.solo(op, end, gear, s); ok {
			return v + sv // the second play, weighed like the first
		}
	}
	v += p.next(end, gear, k, s)
	return v
}

// finishes says whether the move takes the car over the line after its
// last lap: the race is over for it (R-FIN-02).
func (p *planner) finishes(op fd.Option, end tracks.SpaceID) bool {
	c := p.c
	return c.CrossedStart && c.Laps == p.g.Config.Laps-1 && !op.Stop && p.g.Track.CrossesLine(c.Space, end)
}

// finishValue is a legend's value of crossing the line now: finishPlay
// for each play of its look-ahead the crossing spares (two from the play
// decided, one from the look-ahead's own play). The ranking is the order
// of crossing (R-FIN-02), so a play saved is worth more than any space or
// point; past the line a space or a wear point is worth nothing (R-FIN-03):
// the crossing moves differ only by the risks taken on the way. The levels
// to the line are not counted: a move that leaves the line for the next
// play is then worth its spaces, which put the car earlier in the order
// of that play's round (R-ORD-01), the order the cars cross in.
func (p *planner) finishValue(kind fd.DecisionKind, op fd.Option) float64 {
	c := p.c
	spared := 2.0
	if p.shallow {
		spared = 1
	}
	v := spared*finishPlay - p.g.EliminationRisk(&fd.Decision{Car: c.Number, Kind: kind}, op)*eliminated/3
	hl := float64(c.Wear[fd.Handling])
	return v - float64(op.Dangerous)*0.2*weight[fd.Handling]*(1+2/hl)*p.scale // R-DEB-03
}

// slipChance is what ending directly behind a car may bring: a slipstream
// of three spaces when both cars are in 4th or above and ours in no lower a
// gear (R-SLP-01), worth taking only away from a corner owing stops; the
// slipstream decision itself weighs it exactly.
func (p *planner) slipChance(end tracks.SpaceID, gear int) float64 {
	g := p.g
	if g.Track.Spaces[end].Kind != tracks.KindTrack || gear < 4 {
		return 0
	}
	a, ok := g.Track.AheadSameLane(end)
	if !ok {
		return 0
	}
	o := g.Occupied(a)
	if o == 0 || o == p.c.Number {
		return 0
	}
	if x := g.Cars[o-1].Gear; x < 4 || x > gear {
		return 0
	}
	ri := p.room(end, -1, 0)
	if ri.room >= 0 && ri.room < 6 {
		return 0 // a corner close ahead: the stops come first
	}
	return 1.5
}

// contacts counts the cars beside or straight ahead of s (R-COL-01).
func (p *planner) contacts(s tracks.SpaceID) int {
	g := p.g
	if g.Track.Spaces[s].Kind != tracks.KindTrack {
		return 0
	}
	n := 0
	near := g.Track.Beside(s)
	if a, ok := g.Track.AheadSameLane(s); ok {
		near = append(near, a)
	}
	for _, b := range near {
		if o := g.Occupied(b); o != 0 && o != p.c.Number {
			n++
		}
	}
	return n
}

// progress is how many levels from a to b along the lap.
func (p *planner) progress(a, b tracks.SpaceID) int {
	t := p.g.Track
	d := t.Spaces[b].Level - t.Spaces[a].Level
	if d < 0 {
		d += t.Levels
	}
	return d
}

// after is the corner the car stands in after the option, and its stops
// there (R-COR-02, R-OVS-05), as the engine will count them.
func (p *planner) after(op fd.Option, end tracks.SpaceID) (int, int) {
	k := p.g.Track.Spaces[end].Corner
	switch {
	case k < 0:
		return -1, 0
	case op.Stop && k == p.c.Corner:
		return k, p.c.Stops + 1
	case op.Overshoot > 0 && k != p.c.Corner:
		return k, 0
	case k == p.c.Corner:
		return k, p.c.Stops + 1
	}
	return k, 1
}

// next is the value of the next play from end in gear: the best gear then
// (its downshift paid) by the expected spaces of its die against the room
// before the stops owed next, braking or overshooting beyond it.
func (p *planner) next(end tracks.SpaceID, gear, k, s int) float64 {
	ri := p.room(end, k, s)
	best := negInf
	lo := max(1, gear-4)
	if p.lvl <= Rookie {
		lo = max(1, gear-1) // a beginner does not plan a skip
	}
	for h := lo; h <= min(6, gear+1); h++ {
		cost, ok := downshift(gear, h)
		if !ok || cost[fd.Brakes] > p.c.Wear[fd.Brakes] || cost[fd.Gearbox] > p.c.Wear[fd.Gearbox] || cost[fd.Engine] >= p.c.Wear[fd.Engine] {
			continue
		}
		die, err := p.g.Config.Dice.Gear(h)
		if err != nil {
			continue
		}
		ev := -p.wearPen(cost)
		top := 0
		for _, f := range die.Faces {
			ev += p.faceValue(f, ri, h) / float64(len(die.Faces))
			if f == die.Max() {
				top++
			}
		}
		if h >= 5 { // R-ENG-01: a top face tests every engine, 1–4 in 20 loses one
			ev -= float64(top) / float64(len(die.Faces)) * 0.2 * weight[fd.Engine] * (1 + 2/float64(p.c.Wear[fd.Engine])) * p.scale
		}
		best = max(best, ev)
	}
	if best == negInf {
		return -40
	}
	return best
}

// faceValue is the spaces a roll of v gains against the room, less the
// brakes or tyres beyond it; a legend also counts the downshift the play
// after will need when stops are still owed.
func (p *planner) faceValue(v int, ri roomInfo, h int) float64 {
	if ri.room < 0 {
		return float64(v)
	}
	if v > ri.room {
		excess := v - ri.room
		brakes := p.c.Wear[fd.Brakes] - 1 // keep one in hand
		if excess <= brakes {
			return float64(ri.room) - p.wearPen(fd.Wear{fd.Brakes: excess})
		}
		if ri.owed >= 2 && v >= ri.near { // R-OVS-02
			return float64(ri.room) - eliminated/4
		}
		over := excess - max(brakes, 0)
		if over >= p.c.Wear[fd.Tyres] {
			return float64(ri.room) - eliminated/4 // R-OVS-03
		}
		return float64(ri.room) - p.wearPen(fd.Wear{fd.Brakes: max(brakes, 0), fd.Tyres: over})
	}
	val := float64(v)
	if p.lvl >= Legend && v >= ri.near && ri.owed > 1 {
		left := ri.room - v
		hmax := 0
		for cand := 6; cand >= 1; cand-- {
			if die, err := p.g.Config.Dice.Gear(cand); err == nil && die.Max() <= left {
				hmax = cand
				break
			}
		}
		switch {
		case hmax == 0:
			val -= 8
		case h-hmax >= 2:
			if cost, ok := downshift(h, hmax); ok {
				val -= p.wearPen(cost)
			} else {
				val -= 30
			}
		}
	}
	return val
}

// downshift is T-05's wear for dropping from one gear to another (R-DWN).
func downshift(from, to int) (fd.Wear, bool) {
	var w fd.Wear
	switch from - to {
	case 2:
		w[fd.Gearbox] = 1
	case 3:
		w[fd.Gearbox], w[fd.Brakes] = 1, 1
	case 4:
		w[fd.Gearbox], w[fd.Brakes], w[fd.Engine] = 1, 1, 1
	case 5:
		return w, false
	}
	return w, true
}

type roomKey struct {
	s    tracks.SpaceID
	k, n int
}

// roomInfo: the farthest the car may go from a space and still stop in the
// corner it owes stops in next (room, -1 when none is in reach), the least
// to get into it (near) and the stops it owes there.
type roomInfo struct{ room, near, owed int }

func (p *planner) room(s tracks.SpaceID, k, n int) roomInfo {
	key := roomKey{s, k, n}
	if ri, ok := p.rooms[key]; ok {
		return ri
	}
	ri := p.findRoom(s, k, n)
	p.rooms[key] = ri
	return ri
}

func (p *planner) findRoom(s tracks.SpaceID, k, n int) roomInfo {
	t := p.g.Track
	here := t.Spaces[s].Corner
	target, owed := -1, 0
	if here >= 0 && here == k && n < t.Corners[k].Stops {
		target, owed = k, t.Corners[k].Stops-n
	}
	const depth = 64
	drivable := func(from, to tracks.SpaceID) bool {
		switch t.Spaces[to].Kind {
		case tracks.KindTrack:
			return true
		case tracks.KindPit:
			return t.Spaces[from].Kind != tracks.KindTrack
		}
		return false
	}
	dist := map[tracks.SpaceID]int{s: 0}
	queue := []tracks.SpaceID{s}
	if target < 0 {
		// the first corner ahead that is not the one already done
		for len(queue) > 0 && target < 0 {
			x := queue[0]
			queue = queue[1:]
			if dist[x] > depth {
				break
			}
			for _, y := range t.Spaces[x].Next {
				if _, seen := dist[y]; seen || !drivable(x, y) {
					continue
				}
				dist[y] = dist[x] + 1
				if c := t.Spaces[y].Corner; c >= 0 && c != here {
					target, owed = c, t.Corners[c].Stops
					break
				}
				queue = append(queue, y)
			}
		}
		if target < 0 || owed == 0 {
			return roomInfo{-1, -1, 0}
		}
		dist = map[tracks.SpaceID]int{s: 0}
		queue = []tracks.SpaceID{s}
	}
	far, near := -1, -1
	if here == target {
		near = 0
	}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		if dist[x] > depth {
			break
		}
		in := t.Spaces[x].Corner == target
		for _, y := range t.Spaces[x].Next {
			if _, seen := dist[y]; seen || !drivable(x, y) {
				continue
			}
			yin := t.Spaces[y].Corner == target
			if in && !yin {
				continue // never past the corner's exit
			}
			dist[y] = dist[x] + 1
			if yin {
				far = max(far, dist[y])
				if near < 0 {
					near = dist[y]
				}
			}
			queue = append(queue, y)
		}
	}
	if here == target {
		far = max(far, 0)
	}
	if far < 0 {
		return roomInfo{-1, -1, 0}
	}
	return roomInfo{far, near, owed}
}
