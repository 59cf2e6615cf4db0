package fdr

import (
	"fmt"
	"slices"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// Order of play under the competition rules (R6.6–R6.10, R19.19): a round
// starts with the race leader and the next car to play is always the first
// one met going backwards round the loop from where the last car started
// its play (AMB-40). The round ends when that car is the current leader,
// so a car that gets lapped plays one time fewer, and a lapped car that
// passes the leader again gets that play back.

// scanScale splits a level so that the pit lane fits between two levels.
const scanScale = 1024

// scanKey places a car in the scan: pos along the loop (higher plays
// first), then rank at the same pos (lower plays first).
type scanKey struct {
	pos  int
	rank [4]int
}

// fdrKey is R6.8 and R19.19: the level, then (same level) a stalled or
// spun-out car after the others (R9.4, R10.15, AMB-15), the higher gear
// first, the car that arrived first, and the car number to settle the
// rest. Near the pits the circuit's pit-entry limit decides, space by
// space (AMB-41): track cars past the limit first, then the pit-lane and
// pit cars, ordered by how far along the lane they are, a lane car before
// a car in its pit at the same level, then the track cars that have not
// reached the limit. Where the limit is staggered across the lanes, a car
// past it plays before a car not yet there at the same level or even
// ahead (19-5-5: C before I).
func fdrKey(g *fd.Game, c *fd.Car) scanKey {
	return keyInBand(g, c, pitBandOf(g))
}

// pitBand is the circuit's pit-limit band (tracks' PitLimitBand): the
// levels the staggered limit crosses, ok when there is one.
type pitBand struct {
	lo, hi int
	ok     bool
}

func pitBandOf(g *fd.Game) pitBand {
	lo, hi, ok := g.Track.PitLimitBand()
	return pitBand{lo, hi, ok}
}

// keyInBand is fdrKey with the circuit's pit-limit band worked out by the
// caller, once for the keys of every car on the scan (issue 14: a pass
// over the limit's spaces for each key).
func keyInBand(g *fd.Game, c *fd.Car, band pitBand) scanKey {
	k := scanKey{}
	if c.Space == tracks.NoSpace {
		k.pos = -1
		return k
	}
	s := &g.Track.Spaces[c.Space]
	tier := 0
	if c.Spun || (c.Stalled && !c.CrossedStart) || isWreck(c) {
		tier = 1
	}
	k.rank = [4]int{tier, -c.Gear, arrival(c), c.Number}
	k.pos = s.Level * scanScale
	lo, hi := band.lo, band.hi
	if !band.ok {
		return k
	}
	if s.Kind == tracks.KindTrack {
		if s.Level >= lo && s.Level <= hi && g.Track.PastPitLimit(c.Space) {
			// past the limit inside its band: after every level of the
			// band, ahead of the pit lane, in level order
			k.pos = hi*scanScale + 3*scanScale/4 + (s.Level - lo)
		}
		return k
	}
	idx, box := pitLaneIndex(g, c.Space)
	sub := 2 * idx
	if !box {
		sub++ // G before H (R19.19)
	}
	k.pos = hi*scanScale + scanScale/2 + min(sub, scanScale/4-1)
	return k
}

// pitLaneIndex is how far along the pit lane a space is: its index in the
// lane, or for a pit the index of the lane space beside it.
func pitLaneIndex(g *fd.Game, id tracks.SpaceID) (int, bool) {
	s := &g.Track.Spaces[id]
	lane := g.Track.Pit.Lane
	if s.Kind == tracks.KindPit {
		return slices.Index(lane, id), false
	}
	for i, l := range lane {
		if g.Track.Spaces[l].Level == s.Level {
			return i, true
		}
	}
	return 0, true
}

// earlier reports whether a plays before b when both are met in one sweep.
func earlier(a, b scanKey) bool {
	if a.pos != b.pos {
		return a.pos > b.pos
	}
	return slices.Compare(a.rank[:], b.rank[:]) < 0
}

// onScan lists the cars that have a turn to come: racing cars and wrecks
// awaiting removal.
func onScan(g *fd.Game) []*fd.Car {
	return appendOnScan(nil, g)
}

// appendOnScan appends onScan's cars to dst: the order of play asks for
// them several times a play, into a buffer on its stack (issue 14).
func appendOnScan(dst []*fd.Car, g *fd.Game) []*fd.Car {
	for i := range g.Cars {
		if c := &g.Cars[i]; c.OnBoard() {
			dst = append(dst, c)
		}
	}
	return dst
}

// fdrLeader is the race leader (R0.2): the racing car furthest along the
// race, laps then level (AMB-40); a car whose engine has blown is already
// eliminated (R16.4) and leads only when nothing else races.
func fdrLeader(g *fd.Game) *fd.Car {
	var cars [fd.MaxCars]*fd.Car
	var keys [fd.MaxCars]scanKey
	return leaderAmong(g, scanKeys(g, cars[:0], keys[:0]))
}

// scannedCars are the cars on the scan (onScan) with their scan keys,
// worked out once for a step of the order of play (issue 14: finding the
// leader and then the next car worked every key out twice, some three
// times).
type scannedCars struct {
	cars []*fd.Car
	keys []scanKey
	band pitBand // the circuit's pit-limit band the keys were worked out with
}

// scanKeys appends the cars on the scan and their keys to cars and keys.
func scanKeys(g *fd.Game, cars []*fd.Car, keys []scanKey) scannedCars {
	cars = appendOnScan(cars, g)
	band := pitBandOf(g)
	for _, c := range cars {
		keys = append(keys, keyInBand(g, c, band))
	}
	return scannedCars{cars, keys, band}
}

// leaderAmong is fdrLeader of the scanned cars.
func leaderAmong(g *fd.Game, scan scannedCars) *fd.Car {
	var best *fd.Car
	var bestProg int
	var bestKey scanKey
	for _, engineOK := range [2]bool{true, false} {
		for i, c := range scan.cars {
			if c.Status != fd.Racing || (engineOK && inertiaState(c) != InertiaNone) {
				continue
			}
			k := scan.keys[i]
			p := standingInBand(g, c, k, scan.band)
			if best == nil || p > bestProg || (p == bestProg && earlier(k, bestKey)) {
				best, bestProg, bestKey = c, p, k
			}
		}
		if best != nil {
			return best
		}
	}
	return nil
}

// fdrStanding is how far along the race a car is, laps then its place in
// the scan: a car in the pit lane counts as standing at the pit-entry
// limit (R19.19, AMB-41).
func fdrStanding(g *fd.Game, c *fd.Car) int {
	return standingAt(g, c, fdrKey(g, c))
}

// standingAt is fdrStanding of a car whose scan key is k.
func standingAt(g *fd.Game, c *fd.Car, k scanKey) int {
	return standingInBand(g, c, k, pitBandOf(g))
}

// standingInBand is standingAt with the circuit's pit-limit band worked
// out by the caller, once for every car on the scan (issue 14: leaderAmong
// passed over the limit's spaces for each car, at every step of the order
// of play).
func standingInBand(g *fd.Game, c *fd.Car, k scanKey, band pitBand) int {
	laps := c.Laps
	if !c.CrossedStart {
		laps = -1
	}
	if lo, zone := band.lo, band.ok; zone {
		if s := &g.Track.Spaces[c.Space]; s.Kind != tracks.KindTrack && s.Level < lo {
			laps-- // it crossed the line inside the pit lane: still the lap before
		}
	}
	return laps*g.Track.Levels*scanScale + k.pos
}

// scanNextAmong is the first of the scanned cars met going backwards from
// p, wrapping round the loop (AMB-40).
func scanNextAmong(scan scannedCars, p scanKey) *fd.Car {
	var next, top *fd.Car
	var nextKey, topKey scanKey
	for i, c := range scan.cars {
		k := scan.keys[i]
		if top == nil || earlier(k, topKey) {
			top, topKey = c, k
		}
		if earlier(p, k) && (next == nil || earlier(k, nextKey)) {
			next, nextKey = c, k
		}
	}
	if next == nil {
		return top
	}
	return next
}

// fdrProjectedOrder is the order the round would follow if no car passed
// another: the leader, then backwards round the loop.
//
// The cars and their keys are listed on the stack, each key worked out
// once with the circuit's pit-limit band (keyInBand), and sorted by
// insertion (issue 14: every round, and every play of a qualifying
// session is a round, listed the cars on the heap and sorted them by
// reflection, sort.SliceStable). The order is a strict total order (the
// leader first, then the cars not wrapped, then earlier, whose keys end
// in the car's number), so every correct sort gives this one result;
// TestProjectedOrderAsBySort checks it against the sort it replaces.
func fdrProjectedOrder(g *fd.Game, leader *fd.Car) []int {
	band := pitBandOf(g)
	lk := keyInBand(g, leader, band)
	var buf [fd.MaxCars]projected
	items := buf[:0]
	for i := range g.Cars {
		c := &g.Cars[i]
		if !c.OnBoard() { // onScan's cars, in its order
			continue
		}
		k := keyInBand(g, c, band)
		items = append(items, projected{c.Number, k, c != leader && !earlier(lk, k)})
	}
	for i := 1; i < len(items); i++ {
		for j := i; j > 0 && items[j].before(&items[j-1], leader.Number); j-- {
			items[j], items[j-1] = items[j-1], items[j]
		}
	}
	out := make([]int, len(items))
	for i := range items {
		out[i] = items[i].n
	}
	return out
}

// projected is a car in fdrProjectedOrder: its number, its scan key, and
// whether the scan meets it only after wrapping round past the leader.
type projected struct {
	n    int
	k    scanKey
	wrap bool
}

// before is fdrProjectedOrder's order: the leader, then the cars met
// before the scan wraps, then the others, each in the scan's order.
func (a *projected) before(b *projected, leader int) bool {
	if a.n == leader || b.n == leader {
		return a.n == leader
	}
	if a.wrap != b.wrap {
		return !a.wrap
	}
	return earlier(a.k, b.k)
}

// fdrBeginTurn picks the next car (AMB-40) and plays the automatic start of
// its play.
func fdrBeginTurn(g *fd.Game, src dice.Source) error {
	f := fdrRaceState(g)
	if stopped, err := g.RollInstantInjuryTests(src); err != nil { // AccidentStop (20-A rule B): the last play's
		return err
	} else if stopped {
		f.inRound = false // a new start begins a new round; an ended race is over
	}
	for guard := 0; guard < 8*fd.MaxCars+8; guard++ {
		// the cars do not move before the next car is found
		var cars [fd.MaxCars]*fd.Car
		var keys [fd.MaxCars]scanKey
		scan := scanKeys(g, cars[:0], keys[:0])
		leader := leaderAmong(g, scan)
		if g.RaceOver() || leader == nil {
			if err := g.RollInjuryTests(src); err != nil { // AccidentRule (20-A): the last round's
				return err
			}
			g.Finish()
			return nil
		}
		var c *fd.Car
		switch {
		case !f.inRound:
			fdrStartRound(g, leader)
			c = leader
		case f.resume != 0:
			// a position mid-round (next=): the scan had reached this car
			// when the position was written (R6.10, AMB-40)
			c = g.Car(f.resume)
			f.resume = 0
		default:
			c = scanNextAmong(scan, f.pointer)
			if c == leader {
				// R0.2: the round ends just before the leader plays again
				if err := fdrEndRound(g, src); err != nil {
					return err
				}
				f.inRound = false
				continue
			}
			k := keyInBand(g, c, scan.band) // fdrKey: the cars have not moved
			f.pointer = k
			if n := f.played[c.Number]; n > 0 {
				// R6.10: only a lapped car that has passed the leader since
				// it played gets a second play in the round
				if n >= 2 || f.prePos[c.Number] == k.pos || c.Status != fd.Racing {
					continue
				}
			}
		}
		return fdrStartTurn(g, c, src)
	}
	return fmt.Errorf("game %s: round %d: the order of play does not settle", g.ID, g.Round)
}

func fdrStartRound(g *fd.Game, leader *fd.Car) {
	f := fdrRaceState(g)
	g.Round++
	f.inRound = true
	// the round's counts emptied in place (issue 14: two new maps a
	// round); nothing but the state holds them (a position copies what it
	// reads, fdrResumeRound makes its own)
	if f.played == nil || f.prePos == nil {
		f.played, f.prePos = map[int]int{}, map[int]int{}
	} else {
		clear(f.played)
		clear(f.prePos)
	}
	f.seq = f.seq[:0] // its memory the round's again: nothing keeps the list of a round before (issue 14)
	order := fdrProjectedOrder(g, leader)
	g.SetRunningOrder(order, len(order)) // the shared scheduler is not used under fdr
	g.Emit(fd.RoundEvent{N: g.Round, Order: g.Order}.LineIn(g))
}

// fdrEndRound is the end of a round (R6.11): what a RoundEnd module kept
// until then stops (10-A's runaway car), spun-out cars face forward
// again in 1st gear (R10.10), then the weather tests owed are rolled
// (R3.5), then a StoppageRule may stop the race.
func fdrEndRound(g *fd.Game, src dice.Source) error {
	g.RoundEnded() // RoundEnd (10-A's runaway car)
	for i := range g.Cars {
		c := &g.Cars[i]
		if !c.Spun {
			continue
		}
		c.Spun = false // AMB-56
		if c.Status == fd.Racing && c.OnBoard() {
			c.Gear = 1
			spinRestart.Set(c, true) // R10.14 at its next play
			g.Emit(fd.Encode(TurnedEvent{Car: c.Number, Gear: 1}))
		}
	}
	if err := fdrWeatherTests(g, src); err != nil {
		return err
	}
	g.TakeSpares(true)                             // SpareCar (league 20-B b2: a game turn later)
	if err := g.RollInjuryTests(src); err != nil { // AccidentRule (20-A)
		return err
	}
	g.Stoppage() // AccidentRule (20-A), StoppageRule (21-B, 15-A)
	return nil
}

// fdrStartTurn plays the automatic start of a car's play (R6.11 step 1).
func fdrStartTurn(g *fd.Game, c *fd.Car, src dice.Source) error {
	f := fdrRaceState(g)
	k := fdrKey(g, c)
	f.pointer = k
	f.prePos[c.Number] = k.pos
	f.played[c.Number]++
	f.seq = append(f.seq, c.Number)
	// removal of a wreck (R12.6, R14.5), of a car after its inertia move
	// (R16.4), or after the last play of extended inertia (AMB-26)
	if isWreck(c) {
		fdrRemove(g, c)
		return nil
	}
	if inertiaState(c) == InertiaMoved || (inertiaState(c) == InertiaExtendedMove && c.Gear <= 1) {
		fdrEliminate(g, c, fd.ReasonEngine, "its engine blew; removed after its inertia (R16.4, R20.4)")
		return nil
	}
	g.Play++
	if g.Play > fd.MaxPlays {
		return fmt.Errorf("game %s: more than %d plays; the race cannot end", g.ID, fd.MaxPlays)
	}
	rules, play := f.playValue()
	play.segFrom, play.segCorner, play.segStops, play.finishAt = c.Space, c.Corner, c.Stops, -1
	play.crossedBefore, play.tyreAge, play.fromGear = c.CrossedStart, c.TyreAge, c.Gear
	play.lastRunning = g.HasMarkerRule() && g.LastRunning(c) // MarkerRule
	if c.Space != tracks.NoSpace {
		play.pitLaneStart = g.Track.Spaces[c.Space].Kind != tracks.KindTrack
	}
	t := g.OpenPlay(c, rules)
	g.Emit(fd.TurnEvent{Play: g.Play, Car: c.Number}.LineIn(g))
	switch {
	case !c.Started && g.Qualifying() && g.QualifyingStartRule() != nil:
		c.Started = true // QualifyingStart: a gear of the driver's choice
		play.flying = true
		t.AskGear()
		return nil
	case !c.Started && g.Qualifying():
		c.Started = true // R1.3: the lap starts in 1st gear
		return g.EngageGear(fd.Option{Gear: 1}, src)
	case !c.Started:
		// R9: the start roll, or the one a formation lap rolled (9-A)
		v := c.FormationRoll()
		if v == 0 {
			var err error
			if v, err = g.Black(src, c.Number, "start"); err != nil {
				return err
			}
		}
		c.Started = true
		c.SetFormationRoll(0)
		missed := g.MissedStart(c)
		if stall, ok := g.StartStall(c); ok {
			missed = max(missed, stall) // league 3-A: the Deluge's wheelspin (8-C)
			if g.HasTyreMatrix() {
				missed = stall // TyreMatrix: 8-C's wheelspin overrides 9-A's (league AMB-26)
			}
		}
		if v <= missed {
			v = 1 // StartRule: a wheelspin that misses the start, as a 1 does
		}
		switch v {
		case 1:
			c.Stalled = true // R9.2, R9.3
			g.Emit(fd.Encode(fd.StartEvent{Car: c.Number, Result: "stall"}))
			g.EndPlay()
			return nil
		case 20:
			g.Emit(fd.Encode(fd.StartEvent{Car: c.Number, Result: "super"}))
			c.Gear = 1
			t.MoveWithoutDie(4) // R9.5: 4 spaces, no gear die
			return nil
		}
		g.Emit(fd.Encode(fd.StartEvent{Car: c.Number, Result: "normal"}))
		return g.EngageGear(fd.Option{Gear: 1}, src) // R9.7
	case fd.HeldInPit(c):
		fd.ReleasePit(c) // league variant 19-D: one more turn in the pit
		g.Emit(fd.Encode(fd.PitWaitEvent{Car: c.Number}))
		g.EndPlay()
		return nil
	case c.Stalled:
		c.Stalled = false // R9.2, R10.14: 1st gear without a new black die
		return g.EngageGear(fd.Option{Gear: 1}, src)
	case spinRestart.Of(c) || c.Spun:
		// R10.14: the restart roll
		spinRestart.Set(c, false)
		c.Spun = false
		v, err := g.Black(src, c.Number, "restart")
		if err != nil {
			return err
		}
		switch v {
		case 1:
			if g.RestartStallEliminates() { // RestartRule (league 10-A)
				g.Emit(fd.Encode(fd.RestartEvent{Car: c.Number, Result: "stall"}))
				fdrEliminate(g, c, fd.ReasonOvershoot, "stalled after its spin and pushed off the track by the marshals")
				g.EndPlay()
				return nil
			}
			c.Stalled = true
			c.Gear = 1
			g.Emit(fd.Encode(fd.RestartEvent{Car: c.Number, Result: "stall"}))
			fdrStopAccounting(g, t) // AMB-33: a stall in a corner counts as a stop
			g.EndPlay()
			return nil
		case 20:
			g.Emit(fd.Encode(fd.RestartEvent{Car: c.Number, Result: "super"}))
			c.Gear = 1
			t.MoveWithoutDie(4)
			return nil
		}
		g.Emit(fd.Encode(fd.RestartEvent{Car: c.Number, Result: "normal"}))
		return g.EngageGear(fd.Option{Gear: 1}, src)
	case inertiaState(c) == InertiaPending || inertiaState(c) == InertiaExtended:
		// R16.4, R16.7, AMB-27: the 4th-gear die, no over-rev cost, a
		// forced move
		play.inertia = true
		gear := 4
		if inertiaState(c) == InertiaPending {
			engineInertia.Set(c, InertiaMoved)
			gear, _ = g.InertiaGear(c.Gear) // CoastRule: 16-A's gear − 2
			play.coast = g.HasCoast()       // and its straight move
		} else {
			engineInertia.Set(c, InertiaExtendedMove)
		}
		g.Emit(fd.Encode(InertiaEvent{Car: c.Number}))
		return g.EngageGear(fd.Option{Gear: gear}, src)
	case inertiaState(c) == InertiaExtendedMove:
		play.inertia = true // R16.7: one gear down (fdrGearOptions)
	}
	t.AskGear()
	return nil
}

// fdrRemove takes a wreck off the board at its turn (R12.6, R14.5).
func fdrRemove(g *fd.Game, c *fd.Car) {
	wreckOnBoard.Set(c, false)
	c.Space = tracks.NoSpace
	g.Emit(fd.Encode(RemovedEvent{Car: c.Number}))
}

// fdrEliminate is R20 and T8: the car is out, with its reason; after an
// overshoot, a handling test or an engine blow without inertia it leaves
// the board at once and leaves no sticker; after a blocking or a lost last
// body point it stays as a wreck until its next turn, with a sticker under
// it.
func fdrEliminate(g *fd.Game, c *fd.Car, reason, cause string) {
	if c.Status != fd.Racing {
		return
	}
	if inertiaState(c) != InertiaNone && reason != fd.ReasonEngine {
		cause += "; its engine had blown (R16.4)"
	}
	c.Status = fd.Eliminated
	c.Cause = cause
	setEliminationReason(c, reason)
	engineInertia.Set(c, InertiaNone)
	c.LastLevel = fd.Progress(g.Track, c)
	g.Emit(fd.Encode(fd.EliminatedEvent{Car: c.Number, Cause: cause, Reason: reason}))
	if c.Space == tracks.NoSpace {
		return
	}
	switch reason {
	case fd.ReasonBlocking, fd.ReasonCollision, fd.ReasonWall:
		g.DropMarker(c.Space, fd.MarkerDebris) // R12.6, R14.5: a sticker under the wreck (17-B: debris)
		wreckOnBoard.Set(c, true)
		c.Spun = false
		spinRestart.Set(c, false)
	default:
		fdrRemove(g, c)
	}
}

// aggravating is R14.4 and AMB-22: a spun-out car, a car stalled at the
// start, or a wreck of a collision or a blocking awaiting removal makes the
// collision tests of every pair it is in aggravated (not an engine blow,
// R14.7).
func aggravating(c *fd.Car) bool {
	if isWreck(c) {
		r := c.EliminationReason()
		return r == fd.ReasonBlocking || r == fd.ReasonCollision || r == fd.ReasonWall
	}
	return c.Spun || (c.Stalled && !c.CrossedStart)
}

// fdrCheckCircuit refuses a circuit the competition rules cannot run on:
// no weather table (AMB-02), fewer pits than cars (AMB-59).
func fdrCheckCircuit(g *fd.Game) error {
	if len(g.Track.Weather) == 0 {
		return fmt.Errorf("circuit %s has no weather table (AMB-02)", g.Track.ID)
	}
	if g.Track.Pit.Usable && len(g.Track.Pit.Boxes) < len(g.Cars) {
		return fmt.Errorf("circuit %s has %d pits for %d cars (AMB-59)", g.Track.ID, len(g.Track.Pit.Boxes), len(g.Cars))
	}
	return nil
}
