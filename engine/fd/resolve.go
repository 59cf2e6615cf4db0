package fd

import (
	"fmt"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// endMove resolves the end of a whole move in the order of
// formula-d-2008.md §2.19: overshoots, pit arrival, stops, collisions,
// engine tests, finish, then ends the turn.
func (g *Game) endMove(src dice.Source) error {
	t := g.turn
	c := t.car
	// the overshoots ask only the circuit and the start's corner and
	// stops (leavesUnmade), not the cars or hazards a borrowed mover
	// would set up and clear again (issue 14)
	m := mover{g: g, car: c, track: g.Track, startCorner: t.startCorner, startStops: t.startStops}
	overshot := false
	factor := g.overshootFactor(c)
	for _, o := range g.overshoots(&m, t.start, t.path) {
		overshot = true
		corner := g.Track.Corners[o.corner]
		g.emit(OvershootEvent{Car: c.Number, Corner: corner.Name, Spaces: o.spaces, Stops: o.stops, Required: corner.Stops}.line())
		if c.Status != Racing {
			continue
		}
		loss := o.spaces * factor // T-10b
		cause := fmt.Sprintf("overshot %s by %d (R-OVS-03)", corner.Name, o.spaces)
		if factor > 1 {
			cause = fmt.Sprintf("overshot %s by %d, ×%d for the tyres (R-OVS-03, T-10b)", corner.Name, o.spaces, factor)
		}
		switch {
		case g.qualifying:
			// O-QUA-04/05: points are ignored; overshoots cost rolls, and no
			// stop at all in a 2- or 3-stop corner ends the attempt
			g.qPenalty += loss
			if corner.Stops >= 2 && o.stops == 0 {
				g.eliminate(c, fmt.Sprintf("qualifying attempt ended: no stop in %s (O-QUA-05)", corner.Name))
			}
		case (corner.Stops == 2 && o.stops == 0) || (corner.Stops == 3 && o.stops <= 1):
			g.eliminate(c, fmt.Sprintf("left %s with %d of %d stops (R-OVS-02)", corner.Name, o.stops, corner.Stops))
		case c.SpinTurn && o.spaces > 1:
			g.eliminate(c, fmt.Sprintf("overshot %s by %d in the turn after a spin (R-OVS-07)", corner.Name, o.spaces))
		case c.SpinTurn:
			c.Spun = true
			g.emit(Encode(SpinEvent{Car: c.Number, Corner: corner.Name}))
		case loss > c.Wear[Tyres]:
			g.lose(c, Tyres, loss, cause)
		case loss == c.Wear[Tyres]:
			g.lose(c, Tyres, loss, cause)
			c.Spun = true // R-OVS-07
			g.emit(Encode(SpinEvent{Car: c.Number, Corner: corner.Name}))
		default:
			g.lose(c, Tyres, loss, cause)
		}
	}
	t.overshot = overshot
	if c.Status != Racing {
		if err := g.owedRolls(src); err != nil {
			return err
		}
		g.endTurn()
		return nil
	}
	// pit arrival (R-PIT-03..06, O-PIT-02)
	if c.Pitting && c.Space == g.ownBox(c) {
		if g.pitNeedsChoice() {
			t.stage = stagePit
			return nil
		}
		if err := g.pitStop(c, Option{Tyre: c.Tyre}, src); err != nil {
			return err
		}
	}
	return g.finishMove(src)
}

// finishMove is the rest of §2.19 after the pit stop: stops, collisions,
// engine tests and the weather they may change, finish.
func (g *Game) finishMove(src dice.Source) error {
	t := g.turn
	c := t.car
	overshot := t.overshot
	g.countStop(c, t, overshot) // R-COR-02, R-OVS-05, AMB-09
	if t.downshiftDebris {
		g.dropDebris(c.Space) // R-DWN-05, R-DEB-01: where the move ends
	}
	if err := g.collisions(c, src); err != nil {
		return err
	}
	if t.engine {
		if err := g.engineTests(c, src); err != nil {
			return err
		}
		if err := g.weatherChange(src); err != nil { // O-WX-04 after the tests (AMB-24)
			return err
		}
		if t.stage == stageModule {
			return nil // the rules module decides (street U-DRV-02 Julien), then finishTail
		}
	}
	return g.finishTail(src)
}

// finishTail is the end of §2.19 after the weather: the rules module's
// end-of-turn events, the finish, the end of the turn.
func (g *Game) finishTail(src dice.Source) error {
	t := g.turn
	c := t.car
	if m := g.module; m != nil {
		if wait, err := m.EndOfPlay(g, src); err != nil || wait { // street §2.19 step 12
			return err
		}
	}
	if c.Status == Racing && c.Laps >= g.Config.Laps {
		g.finishes++
		c.Status = Finished
		c.Place = g.finishes
		c.FinishedPlay = g.Play
		g.emit(Encode(FinishEvent{Car: c.Number, Place: c.Place}))
		c.Space = tracks.NoSpace // R-FIN-03: removed from the board
	}
	g.endTurn()
	return nil
}

// owedRolls plays the rolls a turn still owes the other cars when the mover
// is eliminated during its move (§2.19: "Rolls already required of other
// cars ... still happen"): the engine tests of a 20 or a 30 (R-ENG-02), and
// the weather roll they bring (O-WX-04).
func (g *Game) owedRolls(src dice.Source) error {
	t := g.turn
	if t == nil || !t.engine {
		return nil
	}
	if err := g.engineTests(t.car, src); err != nil {
		return err
	}
	return g.weatherChange(src)
}

// quickExit is R-PIT-05: out of the box at once, ceil(d/2) spaces, in 4th
// (T-07).
func (g *Game) quickExit(c *Car, v int) error {
	n := (v + 1) / 2
	c.Gear = 4
	var path []tracks.SpaceID
	at := c.Space
	for range n {
		next := tracks.NoSpace
		cur := &g.Track.Spaces[at]
		if cur.Kind == tracks.KindTrack {
			if a, ok := g.Track.AheadSameLane(at); ok {
				next = a
			}
		} else {
			// along the pit lane, then out onto the track
			for _, want := range []tracks.Kind{tracks.KindPit, tracks.KindTrack} {
				for _, s := range cur.Next {
					if next == tracks.NoSpace && g.Track.Spaces[s].Kind == want {
						next = s
					}
				}
			}
		}
		if next == tracks.NoSpace || g.Occupied(next) != 0 {
			break // R-PIT-07: wait behind
		}
		g.crossLine(c, at, next)
		path = append(path, next)
		at = next
	}
	c.Space = at
	g.emit(Encode(PitQuickEvent{Car: c.Number, Path: g.names(path), Gear: 4}))
	return nil
}

// collisions is R-COL: each car beside or directly ahead rolls once, then
// the mover rolls once per such car; a 1 costs the roller a body point.
func (g *Game) collisions(c *Car, src dice.Source) error {
	if g.qualifying {
		return nil // O-QUA-03
	}
	if c.Space == tracks.NoSpace || g.Track.Spaces[c.Space].Kind != tracks.KindTrack {
		return nil // R-COL-06
	}
	ahead, hasAhead := g.Track.AheadSameLane(c.Space)
	if !g.mayCollide(c, ahead, hasAhead) {
		return nil // most moves end with no car beside or ahead
	}
	var partnersBuf, rolledBuf [4]int
	partners := partnersBuf[:0]
	for _, s := range g.Track.Beside(c.Space) {
		if n := g.Occupied(s); n != 0 {
			partners = append(partners, n)
		}
	}
	if hasAhead {
		if n := g.Occupied(ahead); n != 0 {
			partners = append(partners, n)
		}
	}
	// AMB-17: the passive cars roll in play order, then the mover rolls
	// once per passive car in the same order (R-COL-02)
	g.sortByPlayOrder(partners)
	rolled := rolledBuf[:0]
	for _, n := range partners {
		p := g.car(n)
		if g.Track.Spaces[p.Space].Kind != tracks.KindTrack {
			continue
		}
		rolled = append(rolled, n)
		g.emit(ContactEvent{Car: c.Number, With: n}.line())
		for range g.rules().CollisionRolls(g, c) { // street U-DRV-02 Derek: twice against him
			if p.Status != Racing {
				break
			}
			v, err := g.black(src, n, "collision")
			if err != nil {
				return err
			}
			if g.collisionLoses(v) {
				g.lose(p, Body, 1, fmt.Sprintf("collision with car %d (R-COL-03)", c.Number))
			}
		}
	}
	for _, n := range rolled {
		for range g.rules().CollisionRolls(g, g.car(n)) { // street U-DRV-02 Derek
			if c.Status != Racing {
				break // AMB-17: an eliminated car's further rolls are skipped
			}
			v, err := g.black(src, c.Number, "collision")
			if err != nil {
				return err
			}
			if g.collisionLoses(v) {
				g.lose(c, Body, 1, fmt.Sprintf("collision with car %d (R-COL-03)", n))
			}
		}
	}
	return nil
}

// mayCollide says whether any car could be c's collision partner: R-COL's
// cars beside are on spaces of c's level (tracks.Circuit.Beside reads
// only those), the car ahead on the space straight ahead. With none, the
// lists of collisions need not be built.
func (g *Game) mayCollide(c *Car, ahead tracks.SpaceID, hasAhead bool) bool {
	level := g.Track.Spaces[c.Space].Level
	for i := range g.Cars {
		o := &g.Cars[i]
		if !o.OnBoard() || o.Space == c.Space {
			continue
		}
		if g.Track.Spaces[o.Space].Level == level || (hasAhead && o.Space == ahead) {
			return true
		}
	}
	return false
}

// sortByPlayOrder orders the collision partners by their place in
// g.Order, stably (an insertion sort: there are at most a few); a car not
// in the order ranks as its first, as a missing key of a rank map did.
func (g *Game) sortByPlayOrder(cars []int) {
	for i := 1; i < len(cars); i++ {
		for j := i; j > 0 && g.playRank(cars[j]) < g.playRank(cars[j-1]); j-- {
			cars[j], cars[j-1] = cars[j-1], cars[j]
		}
	}
}

// playRank is the car's index in g.Order (the last one, as a map filled
// in order kept), or 0 when it is not there.
func (g *Game) playRank(car int) int {
	rank := 0
	for i, n := range g.Order {
		if n == car {
			rank = i
		}
	}
	return rank
}

// engineTests is R-ENG-02..06: the mover, then every other racing car in
// 5th or 6th outside the pit lane, rolls; 1–4 costs an engine point.
func (g *Game) engineTests(c *Car, src dice.Source) error {
	if g.qualifying {
		return nil // O-QUA-03
	}
	var testers []int
	if !g.inPitLane(c) {
		// R-ENG-06, AMB-19: the exemption covers the triggering car when
		// its move has taken it into the pit lane or its box
		testers = append(testers, c.Number)
	}
	for i := range g.Cars {
		o := &g.Cars[i]
		if o.Number != c.Number && o.OnBoard() && (o.Gear == 5 || o.Gear == 6) && !g.inPitLane(o) {
			testers = append(testers, o.Number)
		}
	}
	g.emit(Encode(EngineTestEvent{Car: c.Number}))
	for _, n := range testers {
		o := g.car(n)
		if !o.OnBoard() {
			continue
		}
		v, err := g.black(src, n, "engine")
		if err != nil {
			return err
		}
		if g.carEngineLoses(o, v) && !g.rules().EngineSpared(g, o, v) { // street U-DRV-02 Dimitri
			g.lose(o, Engine, 1, "engine test (R-ENG-03)")
		}
	}
	return nil
}

// countStop scores the stop where a move ends (R-COR-02, AMB-09): a stop
// after an overshoot does not count in the next corner (R-OVS-05, FDR
// R10.5).
func (g *Game) countStop(c *Car, t *turn, overshot bool) {
	sp := g.Track.Spaces[c.Space]
	switch {
	case sp.Corner < 0:
		c.Corner, c.Stops = -1, 0
	case overshot && sp.Corner != t.startCorner:
		c.Corner, c.Stops = sp.Corner, 0
	case sp.Corner == c.Corner:
		c.Stops++
	default:
		c.Corner, c.Stops = sp.Corner, 1
	}
	if sp.Corner >= 0 && !(overshot && sp.Corner != t.startCorner) {
		g.emit(StopEvent{Car: c.Number, Corner: g.Track.Corners[sp.Corner].Name, Stops: c.Stops, Required: g.Track.Corners[sp.Corner].Stops}.lineIn(g.lines()))
	}
}
