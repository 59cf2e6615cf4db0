package fd

import (
	"math"
	"slices"
	"sync/atomic"

	"github.com/pitwall/pitwall/tracks"
)

// Autopilot answers any pending decision with a deterministic policy: a gear
// whose likely roll makes the next corner's stops without needless wear,
// the move that gains most for what it costs, free slipstreams taken, the
// pit lane when the tyres run low. It plays timeouts and empty seats.
func Autopilot(g *Game) (Order, bool) {
	if g.pending != nil {
		// read, not lent: the autopilot keeps nothing of the list
		d := *g.pending
		return g.autopilot(&d)
	}
	if n, sub := g.firstQualifyingSession(); sub != nil {
		// O-QUA: Pending's first decision is this session's (no setup
		// decision waits), read here without listing every session's
		// decision: PendingAll lends each session's option lists, so each
		// session's next decision took new ones (issue 14)
		g.lendScratchTo(sub) // kept by sub, with its look-ahead's walk, until its order (submitQualifying)
		o, ok := Autopilot(sub)
		o.Car = n
		return o, ok
	}
	d := g.Pending()
	if d == nil {
		return Order{}, false
	}
	return g.autopilot(d)
}

// AutopilotFor answers the pending decision of one car, when several
// players decide at once (setup, qualifying).
func AutopilotFor(g *Game, car int) (Order, bool) {
	for _, d := range g.PendingAll() {
		if d.Car == car {
			return g.autopilot(&d)
		}
	}
	return Order{}, false
}

func (g *Game) autopilot(d *Decision) (Order, bool) {
	if d.Session == "qualifying" {
		// the session is its own one-car game
		o, ok := Autopilot(g.quali[d.Car])
		o.Car = d.Car
		return o, ok
	}
	if m := g.module; m != nil {
		// the module gets its own copy: d handed to an interface escapes,
		// and the autopilot's decision stays on the stack without a module
		md := *d
		if l, ok := m.Auto(g, &md); ok {
			return Order{Car: d.Car, Letter: l}, true // street U-DRV-01, U-DRV-02 Julien, U-POL-01, U-CHK-01
		}
	}
	switch d.Kind {
	case DecideGear:
		gear := g.autoGear(d)
		if l := g.autoDeclare(d, gear); l != "" {
			return Order{Car: d.Car, Letter: l}, true // Declaration: when it pays
		}
		return Order{Car: d.Car, Gear: gear}, true
	case DecideBuild:
		if g.can().PitPointBuild {
			md := *d // its own copy: d handed to an interface escapes
			if l, ok := g.rules().Auto(g, &md); ok {
				return Order{Car: d.Car, Letter: l}, true // FDR R5.2
			}
		}
		return Order{Car: d.Car, Letter: d.Options[0].Letter}, true
	case DecideTyres:
		return Order{Car: d.Car, Letter: g.autoTyres(d)}, true
	case DecideWing:
		return Order{Car: d.Car, Letter: g.autoWing(d)}, true // league 5-B
	case DecideLock:
		return Order{Car: d.Car, Letter: autoLock(d)}, true // league 5-C
	case DecideBox:
		// BOT-10: the free pit nearest the pit-lane entry
		return Order{Car: d.Car, Letter: d.Options[0].Letter}, true
	case DecidePit:
		if g.can().PitLane {
			md := *d // its own copy: d handed to an interface escapes
			if l, ok := g.rules().Auto(g, &md); ok {
				return Order{Car: d.Car, Letter: l}, true // FDR R19
			}
		}
		return Order{Car: d.Car, Letter: g.autoPit(d)}, true
	}
	best, bestScore, reroll := 0, math.Inf(-1), -1
	var words [8]uint64
	cars := g.carSpaces(words[:])
	among := g.carSpacesAmong() // the ruleset's own reading of the cars near (issue 14)
	for i := range d.Options {
		op := &d.Options[i] // no copy: the option is read where it lies
		if op.Reroll {
			reroll = i // league 5-E2: judged below, not as a move
			continue
		}
		if s := g.scoreOptionAmong(d, op, cars, among); s > bestScore {
			best, bestScore = i, s
		}
	}
	if reroll >= 0 && g.rerollPays(d, d.Options[best]) {
		best = reroll
	}
	return Order{Car: d.Car, Letter: d.Options[best].Letter}, true
}

// rerollPays: the autopilot spends its telemetry point (league 5-E2) when
// its best move eliminates the car, or when a roll in the lowest quarter
// of a fast gear's die wastes the gear.
func (g *Game) rerollPays(d *Decision, best Option) bool {
	if best.Eliminated {
		return true
	}
	c := g.decisionCar(d)
	if c == nil || c.Gear < 4 {
		return false
	}
	die, err := g.Config.Dice.Gear(c.Gear)
	if err != nil || len(die.Faces) == 0 {
		return false
	}
	low := slices.Min(die.Faces)
	return d.Rolled <= low+(die.Max()-low)/4
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

// carSpaces is the set of spaces a car on the board stands on, in buf
// when the circuit fits it (nil when not): scoreOption asks Occupied of
// the spaces beside and ahead of every option's end, and most are empty
// (issue 14).
func (g *Game) carSpaces(buf []uint64) spaceBits {
	words := (len(g.Track.Spaces) + 63) / 64
	if words > len(buf) {
		return nil
	}
	set := spaceBits(buf[:words])
	for i := range g.Cars {
		if c := &g.Cars[i]; c.OnBoard() {
			set.add(c.Space)
		}
	}
	return set
}

// CarSpaces is where the cars on the board stand, the mover's car
// included, worked out by the autopilot once for every option of a
// decision it scores (issue 14): the spaces, and the circuit's levels
// they are on, for a ruleset whose option score reads the cars near each
// option's end (OptionScorerAmong). It lives in the game (Game.carSet)
// and is read only while the decision's options are scored, before
// anything moves.
type CarSpaces struct {
	scorer         OptionScorerAmong
	spaces, levels [carSpaceWords]uint64
}

// carSpaceWords bounds CarSpaces' sets: 512 spaces and 512 levels (the
// embedded circuits have about 400 spaces); a larger circuit's options are
// scored by OptionScore.
const carSpaceWords = 8

// Has reports whether a car on the board stands on space sp (Occupied(sp)
// is not 0).
func (s *CarSpaces) Has(sp tracks.SpaceID) bool {
	return s.spaces[(sp>>6)&(carSpaceWords-1)]&(1<<(sp&63)) != 0 // sp < 512: the mask changes nothing
}

// OnLevel reports whether a car on the board stands on a space of level l.
func (s *CarSpaces) OnLevel(l int) bool {
	return l >= 0 && l < 64*carSpaceWords && s.levels[l>>6]&(1<<(l&63)) != 0
}

// carSpacesAmong fills the game's CarSpaces for the options of one
// decision, or is nil when the ruleset's option score does not read them
// (no OptionScorerAmong) or the circuit does not fit the sets.
func (g *Game) carSpacesAmong() *CarSpaces {
	if !g.can().CertainContacts {
		return nil
	}
	sa, ok := g.rules().(OptionScorerAmong)
	if !ok || len(g.Track.Spaces) > 64*carSpaceWords || g.Track.Levels > 64*carSpaceWords {
		return nil
	}
	cs := &g.carSet
	cs.scorer, cs.spaces, cs.levels = sa, [carSpaceWords]uint64{}, [carSpaceWords]uint64{}
	for i := range g.Cars {
		if c := &g.Cars[i]; c.OnBoard() {
			l := g.Track.Spaces[c.Space].Level
			if l < 0 || l >= 64*carSpaceWords {
				return nil // a level off the sets: OptionScore finds the cars itself
			}
			cs.spaces[c.Space>>6] |= 1 << (c.Space & 63)
			cs.levels[l>>6] |= 1 << (l & 63)
		}
	}
	return cs
}

// scoreOption is the autopilot's score of a move option.
func (g *Game) scoreOption(d *Decision, op *Option) float64 {
	var words [8]uint64
	return g.scoreOptionAmong(d, op, g.carSpaces(words[:]), g.carSpacesAmong())
}

// scoreOptionAmong is scoreOption with the cars' spaces found once for
// every option of a decision: cars is carSpaces' set, or nil to ask
// Occupied of every space; among is carSpacesAmong's sets, or nil to
// score by OptionScore.
func (g *Game) scoreOptionAmong(d *Decision, op *Option, cars spaceBits, among *CarSpaces) float64 {
	c := g.car(d.Car)
	if op.Stop {
		return 0
	}
	s := float64(len(op.Path))
	if op.Eliminated {
		s -= 2000
	}
	// every car beside or ahead is a collision roll: 1 in 20 costs a body
	// point (R-COL-03)
	if op.End != tracks.NoSpace && g.Track.Spaces[op.End].Kind == tracks.KindTrack && !g.can().CertainContacts {
		contacts := 0
		for _, b := range g.contactSpaces(op.End) {
			if cars != nil && !cars.has(b) {
				continue // no car there: Occupied would say 0
			}
			if n := g.Occupied(b); n != 0 && n != c.Number {
				contacts++
			}
		}
		s -= float64(contacts) * 0.05 * pointWeight[Body] * (1 + 4/float64(c.Wear[Body]))
	}
	s -= wearPenalty(c, op.Cost)
	s -= g.pricedPenalty(c, op) // PricedModifier (16-B)
	if g.can().CertainContacts {
		if among != nil {
			s += among.scorer.OptionScoreAmong(g, c, op, among) // the same, the cars' spaces found once (issue 14)
		} else {
			s += g.rules().OptionScore(g, c, op) // FDR: wall, aggravated contacts, tyres left
		}
	}
	if m := g.module; m != nil {
		s += m.Score(g, c, *op) // street U-NIT-01, U-DRV-02
	}
	if op.Spin {
		s -= 15 + 2000*g.severeSpinRisk() // league 10-A: the restart roll may put it out
	}
	if op.RailsKept > 0 {
		s -= 2000 * (1 - op.RailsKept) // league 10-A's rails: out unless 11–15
	}
	if len(g.runaways) > 0 { // without one the penalty is 0: spared a call per option (issue 14)
		s -= g.runawayPenalty(c, c.Wear[Body]-op.Cost[Body], op.Path) // league 10-A: a runaway car's area
	}
	// a handling roll loses a point on 1–4 in 20 (league 17-B: a body or
	// an engine point on debris or oil, or surely under loss=auto)
	// without a dangerous space every count is 0 and nothing is taken
	// off: most options have none (issue 14)
	if op.Dangerous > 0 {
		tested, sure := g.dangerLosses(op)
		for cat := range NumCategories {
			if n := 0.2*float64(tested[cat]) + float64(sure[cat]); n > 0 {
				s -= n * pointWeight[cat] * (1 + 2/float64(max(1, c.Wear[cat])))
			}
		}
	}
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
	if g.can().PitLane {
		return g.rules().WantsPit(g, c) // FDR R19
	}
	return c.Wear[Tyres]*2 <= g.Config.Start[Tyres]
}

// contactSpaces lists where a car is a collision roll for a car ending at
// s (R-COL-03): the spaces beside s (Track.Beside), then the one straight
// ahead in its lane (Track.AheadSameLane), if any. It depends on the
// circuit alone: worked out once per circuit for every space, on the first
// question, and shared by every game on it (issue 14: the autopilot asks
// it of every move option; each game kept lists of the spaces beside,
// made as asked, and looked for the space ahead every time).
func (g *Game) contactSpaces(s tracks.SpaceID) []tracks.SpaceID {
	if t := g.steps; t != nil && t.contactsDone.Load() {
		return t.contacts[s]
	}
	return g.shareContacts(s)
}

// shareContacts works contactSpaces out for every space of the circuit,
// once, and answers it for s; out of line, so that contactSpaces is
// inlined.
func (g *Game) shareContacts(s tracks.SpaceID) []tracks.SpaceID {
	t := g.stepTable()
	t.contactsOnce.Do(func() {
		t.contacts = make([][]tracks.SpaceID, len(g.Track.Spaces))
		var all []tracks.SpaceID // every space's list, one after another
		first := make([]int, len(g.Track.Spaces)+1)
		for i := range g.Track.Spaces {
			first[i] = len(all)
			all = append(all, g.Track.Beside(tracks.SpaceID(i))...)
			if a, ok := g.Track.AheadSameLane(tracks.SpaceID(i)); ok {
				all = append(all, a)
			}
		}
		first[len(g.Track.Spaces)] = len(all)
		for i := range t.contacts {
			t.contacts[i] = all[first[i]:first[i+1]:first[i+1]]
		}
		t.contactsDone.Store(true)
	})
	return t.contacts[s]
}

// insideOf is how many lanes space s lies from the inside of the corner it
// is in or comes to next (0 off the track). It depends on the circuit
// alone: worked out once per circuit for every space, on the first
// question, and shared by every game on it (issue 14: the autopilot asks
// it for every move option).
func (g *Game) insideOf(s tracks.SpaceID) float64 {
	if t := g.steps; t != nil && t.insideDone.Load() {
		return t.inside[s]
	}
	return g.shareInside(s)
}

// shareInside works insideOf out for every space of the circuit, once, and
// answers it for s; out of line, so that insideOf is inlined (issue 14).
func (g *Game) shareInside(s tracks.SpaceID) float64 {
	t := g.stepTable()
	t.insideOnce.Do(func() {
		t.inside = make([]float64, len(g.Track.Spaces))
		for i := range t.inside {
			t.inside[i] = g.workInsideOf(tracks.SpaceID(i))
		}
		t.insideDone.Store(true)
	})
	return t.inside[s]
}

// workInsideOf is insideOf worked out.
func (g *Game) workInsideOf(s tracks.SpaceID) float64 {
	sp := &g.Track.Spaces[s]
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
	aim := g.aimFor(c)
	var legal reach
	g.reachable(&legal, c, d.Options[0].Gear)
	best, bestScore := d.Options[0].Gear, math.Inf(-1)
	for i := range d.Options {
		op := &d.Options[i] // read where it lies: an option is a few hundred bytes
		die, err := g.gearDie(op.Gear)
		if err != nil {
			continue
		}
		score := -wearPenalty(c, op.Cost)
		if op.Eliminated {
			score -= 1000
		}
		if g.can().EngineTests {
			score -= g.rules().GearRisk(g, c, op.Gear) // FDR R16: engine tests in 5th and 6th
		}
		// a die repeats its faces side by side (5th: 11–20 twice, 6th:
		// 21–30 thrice), so a face's share is worked out once per value
		// and added as often as before, in the same order (issue 14)
		lastFace, share := 0, 0.0
		for i, v := range die.Faces {
			if i > 0 && v == lastFace {
				score += share
				continue
			}
			lastFace = v
			// traffic: a car that cannot go v spaces is blocked (T-04)
			val := 0.0
			if free := legal.farthest(v); free < v && !g.inPitLane(c) {
				cost, ok := g.autoBlockCost(v-free, c.Wear)
				if !ok {
					val -= 2000
				}
				val -= wearPenalty(c, cost)
				v = free
			}
			val += g.faceValue(c, &aim, op.Gear, v)
			share = val / float64(len(die.Faces))
			score += share
		}
		// leaving a slow corner in a high gear costs downshifts later
		if score > bestScore {
			best, bestScore = op.Gear, score
		}
	}
	return best
}

// gearAim is what faceValue asks of the car's situation, worked out once
// per gear decision instead of once per gear and face.
type gearAim struct {
	// room is the most the car may move before overshooting the corner it
	// must stop in next, near the least to get into it (roomAhead)
	room, near int
	// corner and stops: targetCorner
	corner, stops int
	slide         int  // FDR R8.13: RulesModule.StopSlide
	factor        int  // overshootFactor
	stopTwice     bool // mustStopTwiceIn
	// dieMax[g] is the top face of gear g's die, if it has one (hasDie)
	dieMax [7]int
	hasDie [7]bool
}

func (g *Game) aimFor(c *Car) gearAim {
	// the corner ahead once, for the three questions that ask for it
	k, stops := g.targetCorner(c)
	a := gearAim{factor: g.overshootFactor(c), stopTwice: g.mustStopTwiceIn(k, stops)}
	if g.can().TyreTypes {
		a.slide = g.rules().StopSlide(g, c) // FDR R8.13
	}
	a.room, a.near = g.roomTowards(c, k)
	a.corner, a.stops = k, stops
	for gear := 1; gear < len(a.dieMax); gear++ { // gear 0 has no die
		if die, err := g.gearDie(gear); err == nil {
			a.dieMax[gear], a.hasDie[gear] = die.Max(), true
		}
	}
	return a
}

// faceValue scores moving v spaces in gear `gear` when the car may move at
// most room spaces before overshooting the corner it must stop in next, and
// needs at least near spaces to get into it.
func (g *Game) faceValue(c *Car, a *gearAim, gear, v int) float64 {
	room, near := a.room, a.near
	if room < 0 {
		return float64(v)
	}
	if g.can().TyreTypes && v >= near && v <= room {
		v += a.slide // FDR R8.13: a stop owed in the wet slides on
	}
	if v > room {
		excess := v - room
		brakes := c.Wear[Brakes] - 1 // keep one in hand
		if excess <= brakes {
			return float64(room) - wearPenalty(c, Wear{Brakes: excess})*1.5
		}
		over := (excess - max(brakes, 0)) * a.factor
		if over >= c.Wear[Tyres] || a.stopTwice {
			return float64(room) - 2000
		}
		return float64(room) - wearPenalty(c, Wear{Tyres: over, Brakes: max(brakes, 0)})*1.5
	}
	val := float64(v)
	k, stops := a.corner, a.stops
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
		if a.hasDie[cand] && a.dieMax[cand] <= left {
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
	if g.can().OverRevGearbox && (!ok || cost[Gearbox] > c.Wear[Gearbox] || cost[Brakes] > c.Wear[Brakes]) {
		// FDR R13.8: a skip it cannot pay is no way down
		return val - g.rules().StuckInGear(g, c, gear, left, g.Track.Corners[k].Stops-stops)
	}
	if !ok {
		return val - 40
	}
	return val - wearPenalty(c, cost)*1.2
}

// mustStopTwiceIn reports whether overshooting the corner ahead now would
// eliminate the car (R-OVS-02): k is that corner (targetCorner), stops the
// car's stops in it so far.
func (g *Game) mustStopTwiceIn(k, stops int) bool {
	if k < 0 {
		return false
	}
	req := g.Track.Corners[k].Stops
	return (req == 2 && stops == 0) || (req == 3 && stops <= 1)
}

// targetCorner is the corner the car must stop in next and its stops so far.
func (g *Game) targetCorner(c *Car) (int, int) {
	sp := &g.Track.Spaces[c.Space]
	if sp.Corner >= 0 && c.Corner == sp.Corner && c.Stops < g.Track.Corners[sp.Corner].Stops {
		return sp.Corner, c.Stops
	}
	// the next corner ahead along the lap; each corner read where it lies
	// (a range's value copied the whole corner, spaces and all: issue 14)
	best, bestD := -1, math.MaxInt
	for i := range g.Track.Corners {
		if i == sp.Corner {
			continue
		}
		dl := g.Track.Corners[i].FirstLevel - sp.Level
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
	return g.roomTowards(c, k)
}

// roomTowards is roomAhead for the corner k targetCorner gives.
func (g *Game) roomTowards(c *Car, k int) (int, int) {
	if k < 0 {
		return -1, -1
	}
	// the answer depends on the circuit, whether FDR's pit lane applies,
	// the space and which of targetCorner's two cases k is (the corner the
	// car stands in, or the next one ahead) only: worked out once per
	// circuit for every game on it (issue 14; circuitShare)
	rooms := g.shareRooms()
	at := 2 * int(c.Space)
	if g.Track.Spaces[c.Space].Corner == k {
		at++
	}
	if v := rooms[at].Load(); v != 0 {
		return unpackRoom(v)
	}
	ws := g.takeScratch()
	defer g.putScratch(ws)
	far, near := g.walkRoom(ws, c.Space, k)
	rooms[at].Store(packRoom(far, near)) // another game may store the same
	return far, near
}

// shareRooms is roomAhead's answers for this game's circuit and rules,
// shared by every game on them.
func (g *Game) shareRooms() []atomic.Int32 {
	pitLane := 0
	if g.can().PitLane {
		pitLane = 1
	}
	return g.stepTable().rooms[pitLane]
}

// walkRoom is roomAhead from space s towards corner k, searched.
func (g *Game) walkRoom(ws *scratch, from tracks.SpaceID, k int) (int, int) {
	in, dist := ws.marks, ws.counts // all false, all -1 between calls
	for _, s := range g.Track.Corners[k].Spaces {
		in[s] = true
	}
	seen := append(ws.seen[:0], from)
	dist[from] = 0
	queue := append(ws.queue[:0], from)
	far, near := -1, -1
	for head := 0; head < len(queue); head++ {
		s := queue[head]
		if dist[s] > 70 { // two turns at full speed
			break
		}
		for _, n := range g.Track.Spaces[s].Next {
			if k := g.Track.Spaces[n].Kind; k != tracks.KindTrack && !(g.can().PitLane && k == tracks.KindPit && g.Track.Spaces[s].Kind != tracks.KindTrack) {
				continue // FDR: a car in the pit lane looks past its exit
			}
			if dist[n] >= 0 {
				continue
			}
			dist[n] = dist[s] + 1
			seen = append(seen, n)
			if in[n] {
				far = max(far, int(dist[n]))
				if near < 0 {
					near = int(dist[n])
				}
			}
			if !in[s] || in[n] { // never past the corner's exit
				queue = append(queue, n)
			}
		}
	}
	for _, s := range seen {
		dist[s] = -1
	}
	for _, s := range g.Track.Corners[k].Spaces {
		in[s] = false
	}
	ws.seen, ws.queue = seen, queue
	if g.Track.Spaces[from].Corner == k {
		// still owing stops in the corner it stands in: beyond far (or
		// from the very first space, if it is on the corner's last one)
		// every space is an overshoot
		return max(far, 0), 0
	}
	return far, near
}

// autoTyres fits rain tyres in the wet and hard ones in the dry: soft
// tyres' +1 is not worth doubled overshoot losses to a cautious driver.
func (g *Game) autoTyres(d *Decision) string {
	want := Hard
	w := g.tyreWeather()
	if w.Rain() {
		want = RainTyre
	}
	want = g.delugeTyre(w, want)
	if _, ok := g.compoundOf(SuperSoft); ok && w == Fine && g.Config.Laps <= 2 {
		want = SuperSoft // league 8-B: a sure dry race short enough for one set
	}
	for _, op := range d.Options {
		if op.Tyre == want {
			return op.Letter
		}
	}
	return d.Options[0].Letter
}

// autoWing sets the wing for the circuit (league 5-B): high where more
// than a third of the track's spaces are corners (port-azur, oval), low
// where fewer than 28% are (kestrel-downs, test-oval), neutral between.
func (g *Game) autoWing(d *Decision) string {
	corner, track := 0, 0
	for i := range g.Track.Spaces {
		if sp := &g.Track.Spaces[i]; sp.Kind == tracks.KindTrack {
			track++
			if sp.Corner >= 0 {
				corner++
			}
		}
	}
	want := WingNeutral
	switch {
	case corner*3 > track:
		want = WingLoaded
	case corner*100 < track*28:
		want = WingUnloaded
	}
	for _, op := range d.Options {
		if op.Wing == want {
			return op.Letter
		}
	}
	return d.Options[0].Letter
}

// autoLock races with no steering lock (league 5-C): a lock only takes
// spaces off, the booklet giving it no benefit (league AMB-16).
func autoLock(d *Decision) string {
	for _, op := range d.Options {
		if op.Lock == "none" {
			return op.Letter
		}
	}
	return d.Options[0].Letter
}

// delugeTyre is want, or a TyreMatrix's wet compound in a deluge (league
// 8-C: monsoons slide 1 where rain tyres slide 2, and aquaplane only on
// a 20).
func (g *Game) delugeTyre(w WeatherState, want Tyre) Tyre {
	if m := g.hooks.matrix; m != nil && w == Deluge {
		return m.WetCompound()
	}
	return want
}

// autoPit takes the tyres for the weather and, when the car is damaged and
// the pool allows, the technical stop that repairs the scarcest points.
func (g *Game) autoPit(d *Decision) string {
	c := g.car(d.Car)
	want := c.Tyre
	if g.Config.Optional.Tyres {
		want = Hard
		if g.weather.Rain() {
			want = RainTyre
		}
	}
	want = g.delugeTyre(g.weather, want)
	best, bestScore := "", math.Inf(-1)
	for _, op := range d.Options {
		if op.Tyre != want {
			continue
		}
		score := 0.0
		for cat, n := range op.Repair {
			if n > 0 {
				score += float64(n) * pointWeight[cat] * (1 + 2/float64(c.Wear[cat]+1))
			}
		}
		if op.Technical {
			score -= 6 // it costs the next turn's speed
		}
		if score > bestScore {
			best, bestScore = op.Letter, score
		}
	}
	if best == "" {
		return d.Options[0].Letter
	}
	return best
}

// reach is what reachable finds: the lengths of the legal moves of a car
// with the other cars where they stand.
type reach struct {
	// free: nothing can block the car, every length is legal
	free bool
	// lengths()[k]: some legal end lies k steps away; they are the first
	// n of buf when they fit (no allocation per decision), else big
	n   int
	buf [64]bool
	big []bool
}

func (r *reach) lengths() []bool {
	if r.big != nil {
		return r.big
	}
	return r.buf[:r.n]
}

// farthest is the longest legal move of at most v spaces (0 when none).
func (r *reach) farthest(v int) int {
	if r.free {
		return v
	}
	legal := r.lengths()
	for k := min(v, len(legal)-1); k > 0; k-- {
		if legal[k] {
			return k
		}
	}
	return 0
}

// reachable fills r with, for a roll of v, the farthest the car can
// legally go with the other cars where they stand (the longest legal path
// ≤ v).
func (g *Game) reachable(r *reach, c *Car, topGear int) {
	r.free = true
	die, err := g.gearDie(topGear)
	if err != nil {
		return
	}
	// no car within reach ahead: nothing can block, spare the search
	far := die.Max() + g.slide(c) + 1
	here := g.Track.Spaces[c.Space].Level
	traffic := false
	for i := range g.Cars {
		o := &g.Cars[i]
		if o.Number == c.Number || !o.OnBoard() {
			continue
		}
		d := g.Track.Spaces[o.Space].Level - here
		if d < 0 {
			d += g.Track.Levels
		}
		if d <= far+1 {
			traffic = true
			break
		}
	}
	if !traffic {
		return
	}
	r.free = false
	t := &turn{car: c, start: c.Space, startCorner: c.Corner, startStops: c.Stops}
	m := g.borrowMover(t)
	defer g.returnMover()
	// their lengths only; the walk is kept for the move that follows
	if r.n = die.Max() + g.slide(c) + 2; r.n > len(r.buf) {
		r.big = make([]bool, r.n)
	}
	m.legalLengths(c.Space, far, c.Pitting, r.lengths())
	m.release()
}

// TimeoutFor answers car's pending decision the way a missed deadline does:
// the defaults the rules state (the competition rules' digest, the module's
// TimeoutOrder), else the autopilot's choice.
func TimeoutFor(g *Game, car int) (Order, bool) {
	if g.can().DeadlineDefaults {
		return g.rules().TimeoutOrder(g, car) // FDR AMB-17, AMB-48
	}
	return AutopilotFor(g, car)
}
