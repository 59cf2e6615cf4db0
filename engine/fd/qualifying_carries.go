package fd

import "github.com/pitwall/pitwall/tracks"

// The carries of the QualifyingCarry hook (AX-3's marathon: league AMB-56),
// which the base plays: fdr's setup announces them as the circuit opens
// (AnnounceCarries), the qualifying lap starts from them (qualifying.go's
// carryInto) and tells at its end what the car takes on (carryOut). The
// module says only what each car brings (Carried).

// Carry is what a car brings from one circuit of a marathon to the next
// (league AMB-56): its gear, 0 when its lap ended before the line (it
// starts standing in 1st, R1.3); its lane, counted from the left from 0;
// and its life points. The QualifyingCarry hook's type, so the base's:
// the base plays the carries, AX-3 says them and bot keeps them between
// circuits.
type Carry struct {
	Gear, Lane int
	Wear       Wear
}

// announceCarries tells, as the circuit opens, what each carried car
// brings (QualifyingCarry), and gives the car its life points: its gear,
// lane (the start square's, the nearest lane where the start is narrower)
// and life points; a car whose lap ended on the circuit before stands on
// the qualifying start (R1.4).
func (g *Game) announceCarries() {
	for i := range g.Cars {
		c := &g.Cars[i]
		carry, ok := g.carried(c.Number)
		if !ok {
			continue
		}
		c.Wear = carry.Wear
		space := g.Track.Spaces[g.carriedStart(carry)]
		g.emit(Encode(CarryInEvent{Car: c.Number, Gear: carry.Gear, Lane: space.Lane, Space: space.Name, Wear: carry.Wear.Compact()}))
	}
}

// carried is what car n brings into the circuit, if anything.
func (g *Game) carried(n int) (Carry, bool) {
	for _, h := range g.hooks.carries {
		if carry, ok := h.Carried(n); ok {
			return carry, true
		}
	}
	return Carry{}, false
}

// carriedStart is the square a carried car starts its lap on.
func (g *Game) carriedStart(carry Carry) tracks.SpaceID {
	if carry.Gear == 0 {
		return g.Track.QualifyingStart // standing, as R1.3 and R1.4 say
	}
	return g.startSquareInLane(carry.Lane)
}

// carryInto sets a carried car's solo lap (QualifyingCarry): its life
// points, and unless its lap ended on the circuit before its gear, already
// under way, on the start square of its lane.
func (g *Game) carryInto(c *Car, sub *Game) {
	carry, ok := g.carried(c.Number)
	if !ok {
		return
	}
	lap := &sub.Cars[0]
	lap.Wear = carry.Wear
	if carry.Gear > 0 {
		lap.Space = g.carriedStart(carry)
		lap.Corner = g.Track.Spaces[lap.Space].Corner
		lap.Gear, lap.Started = carry.Gear, true // not R1.3's standing start: the car is under way
	}
}

// startSquareInLane is the qualifying start's square in lane (R1.4: the
// squares side by side with it), or the nearest lane's.
func (g *Game) startSquareInLane(lane int) tracks.SpaceID {
	start := g.Track.QualifyingStart
	best, gap := start, 1<<30
	for i := range g.Track.Spaces {
		s := &g.Track.Spaces[i]
		if s.Level != g.Track.Spaces[start].Level || s.Kind != tracks.KindTrack || !s.Playable() {
			continue
		}
		d := s.Lane - lane
		if d < 0 {
			d = -d
		}
		if d < gap || (d == gap && tracks.SpaceID(i) == start) {
			best, gap = tracks.SpaceID(i), d
		}
	}
	return best
}

// carryOut tells what car n takes from its finished lap to the next
// circuit (QualifyingCarry): its gear, lane and life points; gear 0 when
// the lap ended before the line.
func (g *Game) carryOut(n int, sub *Game) {
	if len(g.hooks.carries) == 0 {
		return
	}
	lap := sub.Cars[0]
	gear, lane := 0, 0
	if lap.Status == Finished {
		gear, lane = lap.Gear, sub.QualifyingLapLane() // off the board past the line (fdr AMB-46): where the lap ended
	}
	g.emit(Encode(CarryOutEvent{Car: n, Gear: gear, Lane: lane, Wear: lap.Wear.Compact()}))
}
