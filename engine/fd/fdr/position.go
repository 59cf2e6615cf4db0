package fdr

import (
	"fmt"
	"github.com/pitwall/pitwall/engine/fd"
	"math"
	"slices"
	"strconv"
)

// Positions under the competition rules carry what a car needs to restart
// mid-race: the pit box it chose (R4.1, BOT-10), its configuration and pit
// points (R5.2), its arrival rank
// (R6.8), its inertia (R16.4, R16.7), a wreck's reason (T8); the flags
// restart (R10.14) and wreck (R12.6, R14.5); the header the last weather
// test (R3.6).

// writeFDRState fills in the keys of the competition rules' car state, each
// written only when set.
func writeFDRState(c fd.CarPosition, s *fd.PositionCarState) {
	if c.Config != (fd.Wear{}) {
		pit := c.Pit
		s.Config, s.Pit = c.Config.Compact(), &pit
	}
	if c.Arrival > 0 {
		s.Arrival = c.Arrival
	}
	s.Inertia, s.Reason = c.Inertia, c.Reason
	if c.Box > 0 {
		s.Box = c.Box
	}
	if c.StartRoll > 0 {
		s.StartRoll = c.StartRoll // league 9-A
	}
}

// maxBox bounds box= on a position line; the circuit's own count is
// checked when the game starts from it.
const maxBox = 99

// readFDR reads a car's competition state from its position line's typed
// value (FDR R4.1, R5.2, R16.4, T8; league 9-A's start roll).
func readFDR(c *fd.CarPosition, s fd.PositionCarState) error {
	if v := s.Config; v != "" {
		w, err := fd.ParseWearCompact(v)
		if err != nil {
			return fmt.Errorf("position-car %d: config: %w", c.Car, err)
		}
		c.Config = w
	}
	if n := s.StartRoll; n != 0 { // league 9-A
		if n < 1 || n > 20 {
			return fmt.Errorf("position-car %d: start-roll=%q: a black die, 1 to 20", c.Car, strconv.Itoa(n))
		}
		c.StartRoll = n
	}
	if v := s.Inertia; v != "" {
		if !slices.Contains(inertiaNames[1:], v) {
			return fmt.Errorf("position-car %d: inertia %q (%v)", c.Car, v, inertiaNames[1:])
		}
		c.Inertia = v
	}
	if v := s.Reason; v != "" {
		if !slices.Contains([]string{fd.ReasonOvershoot, fd.ReasonBlocking, fd.ReasonCollision, fd.ReasonWall, fd.ReasonEngine, fd.ReasonHandling, fd.ReasonFuel, fd.ReasonTime}, v) {
			return fmt.Errorf("position-car %d: reason %q", c.Car, v)
		}
		c.Reason = v
	}
	return nil
}

// fdrStartCar sets a car's competition state from its position line and
// returns its configured values.
func fdrStartCar(g *fd.Game, c *fd.Car, cp fd.CarPosition) (fd.Wear, error) {
	cfg, pit := g.Config.Start, fdrPitPoints(g.Config.Start)
	if cp.Config != (fd.Wear{}) {
		sp := g.Spread(cp.Car)                // a season pot's total (5-E)
		given := g.Untuned(cp.Car, cp.Config) // the configuration before 19-F's tune
		if err := validateSpread(given, sp); err != nil {
			return cfg, fmt.Errorf("car %d: %w", cp.Car, err)
		}
		cfg, pit = cp.Config, cp.Pit
		if left := sp.Total - given.CarPoints(); pit > left {
			return cfg, fmt.Errorf("car %d: %d pit points, more than the %d its configuration leaves (R5.2)", cp.Car, pit, left)
		}
	}
	if cp.Box > len(g.Track.Pit.Boxes) {
		return cfg, fmt.Errorf("car %d: box %d, but %s has %d pit boxes (R4.1)", cp.Car, cp.Box, g.Track.ID, len(g.Track.Pit.Boxes))
	}
	c.SetPitBox(cp.Box)
	g.SetStartingWear(c, cfg)
	g.SetPitPool(c.Number, pit)
	levelArrival.Set(c, cp.Arrival)
	fdrRaceState(g).arrival = max(fdrRaceState(g).arrival, cp.Arrival)
	spinRestart.Set(c, slices.Contains(cp.Flags, "restart"))
	c.SetFormationRoll(cp.StartRoll) // league 9-A
	if cp.StartRoll > 0 && (slices.Contains(cp.Flags, "started") || cp.Gear > 0) {
		return cfg, fmt.Errorf("car %d: start-roll is for a car that has not started yet (league 9-A)", cp.Car)
	}
	engineInertia.Set(c, max(0, slices.Index(inertiaNames, cp.Inertia)))
	if !c.SetEliminationReason(cp.Reason) { // a position read took only T8's; one built in Go may hold any text
		return cfg, fmt.Errorf("car %d: reason %q is none of T8's (%v)", cp.Car, cp.Reason, fdrReasons[1:])
	}
	wreck := slices.Contains(cp.Flags, "wreck")
	if wreck && (cp.Status != fd.Eliminated || cp.Space == "") {
		return cfg, fmt.Errorf("car %d: a wreck is eliminated and stands on a space (R12.6, R14.5)", cp.Car)
	}
	wreckOnBoard.Set(c, wreck)
	if inertiaState(c) != InertiaNone && cp.Status != fd.Racing {
		return cfg, fmt.Errorf("car %d: inertia is for a racing car whose engine blew (R16.4)", cp.Car)
	}
	return cfg, nil
}

// fdrCarPosition writes a car's competition state.
func fdrCarPosition(g *fd.Game, c *fd.Car, cp *fd.CarPosition) {
	cp.Config = g.StartingWear(c)
	cp.Pit = g.PitPool(c.Number)
	cp.Arrival = arrival(c)
	cp.Inertia = inertiaNames[inertiaState(c)]
	cp.Box = c.PitBox()              // R4.1
	cp.StartRoll = c.FormationRoll() // league 9-A
	if c.Status == fd.Eliminated {
		cp.Reason = c.EliminationReason() // T8, for the wreck and the classification
	}
}

// fdrRoundState writes where the round stands (R6.10, AMB-40). Between
// rounds: the round just over. At a decision of the car whose play is under
// way: the plays started before it this round (played=, the cars still on
// the board), those of them that ended at the level they began (still=),
// the car itself (next=: its play starts again from its beginning) and the
// weather tests owed (R3.5). When that car is the first of the round, the
// position names the round before instead: the round starts with it as the
// leader.
func fdrRoundState(g *fd.Game, p *fd.Position) {
	f := fdrRaceState(g)
	p.Round = g.Round
	c := fdrPlayUnderWay(g)
	if !f.inRound || g.Over || c == nil {
		return
	}
	next := c.Number
	before := f.seq[:len(f.seq)-1]
	if len(before) == 0 {
		p.Round = g.Round - 1
		return
	}
	p.Next = next
	p.WeatherOwed = f.wxPending
	for _, n := range before {
		c := g.Car(n)
		if !c.OnBoard() {
			continue // finished, or eliminated and removed: out of the scan
		}
		p.Played = append(p.Played, n)
		if n != next && !slices.Contains(p.Still, n) && f.prePos[n] == fdrKey(g, c).pos {
			p.Still = append(p.Still, n)
		}
	}
	slices.Sort(p.Still)
}

// fdrPlayUnderWay is the car whose play of the round is under way, or nil.
func fdrPlayUnderWay(g *fd.Game) *fd.Car {
	f := fdrRaceState(g)
	t, ok := g.PlayUnderWay()
	if !ok || t.Car() == nil || t.Between() || len(f.seq) == 0 || f.seq[len(f.seq)-1] != t.Car().Number {
		return nil
	}
	return t.Car()
}

// fdrResumeRound resumes round g.Round from a position's played=, still=,
// next= and weather-owed=: the cars listed played (twice: a second play,
// R6.10), those in still= did not move in their last play, and the scan
// goes on with the next car (AMB-40).
func fdrResumeRound(g *fd.Game, p fd.Position) {
	f := fdrRaceState(g)
	f.inRound = true
	f.played, f.prePos = map[int]int{}, map[int]int{}
	f.seq = append([]int(nil), p.Played...)
	for _, n := range p.Played {
		f.played[n]++
		f.prePos[n] = math.MinInt // moved since: met again, a second play (R6.10)
	}
	for _, n := range p.Still {
		f.prePos[n] = fdrKey(g, g.Car(n)).pos
	}
	f.resume = p.Next
	f.wxPending = p.WeatherOwed // R3.5, AMB-29
	// the order shown: the cars that played, then the others as the scan
	// would meet them from the leader
	var order []int
	for _, n := range p.Played {
		if !slices.Contains(order, n) {
			order = append(order, n)
		}
	}
	if leader := fdrLeader(g); leader != nil {
		for _, n := range fdrProjectedOrder(g, leader) {
			if !slices.Contains(order, n) {
				order = append(order, n)
			}
		}
	}
	g.SetRunningOrder(order, len(order))
}
