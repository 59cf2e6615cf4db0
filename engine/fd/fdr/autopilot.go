package fdr

import (
	"math"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// The autopilot's answers to the competition rules' own decisions and
// risks: a configuration for the circuit and the weather (R5.2), pit stops
// that repair (R19.17), the engine tests 5th and 6th gear invite (R16).

// fdrAutoBuild picks a preset: tyres for the whole race when the pit lane
// cannot be used, otherwise a sturdy car with spare pit points.
func fdrAutoBuild(g *fd.Game, d *fd.Decision) string {
	want := FDRPresets[1]
	if !g.Track.Pit.Usable {
		want = FDRPresets[5]
	}
	sp, _ := g.BuildSpread(d.Car)
	want = fitSpread(want, sp) // a season pot's total (5-E), a telemetry point kept (5-E2)
	for _, op := range d.Options {
		if op.Build == want {
			return op.Letter
		}
	}
	return d.Options[0].Letter
}

// fdrWantsPit: tyres half gone, or tyres for the wrong weather.
// (Written small enough to inline into fdrScoreAdjust, as it was before
// it called the host's StartingWear.)
func fdrWantsPit(g *fd.Game, c *fd.Car) bool {
	if c.Wear[fd.Tyres]*2 <= g.StartingWear(c)[fd.Tyres] {
		return true
	}
	return fdrWet(g) != (c.Tyre == fd.RainTyre)
}

// fdrAutoPit fits tyres for the track and, with pit points left, a long
// stop repairing the scarcest points when the car is damaged.
func fdrAutoPit(g *fd.Game, d *fd.Decision) string {
	c := g.Car(d.Car)
	want := fd.Hard
	if fdrWet(g) {
		want = fd.RainTyre
	}
	best, bestScore := "", math.Inf(-1)
	rules := g.PitStopRules(c)
	for _, op := range d.Options {
		if op.Tyre != want {
			continue
		}
		score := 0.0
		for cat, n := range op.Repair {
			if n > 0 {
				score += float64(n) * fd.PointWeight(fd.Category(cat)) * (1 + 3/float64(c.Wear[cat]+1))
			}
		}
		if op.Engineer > 0 && !op.Technical {
			score += 4 // 19-F: a sure quick stop, where the die misses half the time
		}
		if op.Technical {
			score -= 8 // it costs the rest of this play and a slow restart
			// 19-D: a turn more in the pit, for sure or on a missed roll
			repaired, paid, _ := rules.Repairs(op)
			if roll, held := rules.Excess(repaired, paid); held {
				score -= 8
			} else if roll {
				score -= 4
			}
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

// fdrBlockCost estimates what a blocking of k spaces costs by the
// competition rules' table (T5, R12.5); not ok when the car cannot pay it.
func fdrBlockCost(k int, w fd.Wear) (fd.Wear, bool) {
	b, t, ok := fdrT5(k)
	if !ok || b > w[fd.Brakes] || t > w[fd.Tyres] {
		return fd.Wear{}, false
	}
	return fd.Wear{fd.Tyres: t, fd.Brakes: b}, true
}

// fdrGearRisk prices the engine tests a gear invites (R16.1, R16.3): in 5th
// or 6th the car tests on its own top face and on everyone else's.
func fdrGearRisk(g *fd.Game, c *fd.Car, gear int) float64 {
	if gear < 5 || g.Qualifying() {
		return 0
	}
	others := 0
	for i := range g.Cars {
		if o := &g.Cars[i]; o != c && o.OnBoard() && o.Status == fd.Racing {
			others++
		}
	}
	// a test per round from the car's own die (1 in 10 or 20) and the
	// others' (about one in ten of their plays), failing 1 in 5
	p := (0.1 + 0.05*float64(others)) * 0.2
	if g.HasExtraGear() && gear > 6 {
		p += 1.2 * 0.2 // league 6-D: a sure test, one more per 20 or 30 (1 in 10 each)
	}
	if fdrWet(g) {
		p *= 0.75
	}
	left := float64(c.Wear[fd.Engine])
	return p * fd.PointWeight(fd.Engine) * (1 + 6/left)
}

// fdrScoreAdjust prices what the shared scoring does not see: wall tests
// (R15), aggravated collision tests (R14.4), tyres kept for the laps left.
func fdrScoreAdjust(g *fd.Game, c *fd.Car, op *fd.Option) float64 {
	return fdrScoreAdjustAmong(g, c, op, nil)
}

// fdrScoreAdjustAmong is fdrScoreAdjust with where the cars stand worked
// out once for the decision's options (cars, when not nil; issue 14): the
// contacts are found as appendContacts finds them (appendContactsAmong).
func fdrScoreAdjustAmong(g *fd.Game, c *fd.Car, op *fd.Option, cars *fd.CarSpaces) float64 {
	s := 0.0
	wet := 0.0
	if fdrWet(g) {
		wet = 1
	}
	s -= float64(op.Wall) * (1 + wet) / 20 * fd.PointWeight(fd.Body) * (1 + 4/float64(c.Wear[fd.Body]))
	// R7.2, R8.13: a stop deep in a corner that still owes stops leaves no
	// room for them (in the wet each one slides on)
	if op.End != tracks.NoSpace && !op.Eliminated && !g.Qualifying() {
		s -= cornerSqueeze(g, c, op.End)
	}
	// R19: heading for the pit, keep to its side of the track and do not
	// drive past the pit entry
	if fdrWantsPit(g, c) && op.End != tracks.NoSpace && !op.Pit {
		s -= pitApproach(g, c, op.End)
	}
	// R14: each car beside or ahead is a test for the mover, lost on 1
	// (1–2 wet), one more face when aggravated
	if op.End != tracks.NoSpace && g.Track.Spaces[op.End].Kind == tracks.KindTrack {
		body := bodyValue(g, c)
		var buf [8]int
		for _, faces := range appendCollisionLimitsAmong(buf[:0], g, c, op.End, cars) { // as the tests roll (CollisionRule)
			s -= float64(faces) / 20 * body
		}
	}
	return s
}

// cornerSqueeze prices ending on end when the stops still owed there will
// not fit in what is left of the corner.
func cornerSqueeze(g *fd.Game, c *fd.Car, end tracks.SpaceID) float64 {
	sp := &g.Track.Spaces[end]
	if sp.Kind != tracks.KindTrack || sp.Corner < 0 {
		return 0
	}
	k := &g.Track.Corners[sp.Corner]
	stops := 1
	if sp.Corner == c.Corner {
		stops += c.Stops
	}
	owed := k.Stops - stops
	if owed <= 0 {
		return 0
	}
	left := k.LastLevel - sp.Level
	need := owed * (1 + fdrSlideAmount(g, c))
	if left >= need {
		return 0
	}
	price := 6.0
	if owed >= 2 {
		price = 20 // leaving with two owed is the end of the race (R10.3)
	}
	return price * float64(need-left)
}

// pitApproach is the price of an end for a car that wants its pit: past
// the entry without entering costs the stop; short of it, the lanes away
// from the entry lane.
func pitApproach(g *fd.Game, c *fd.Car, end tracks.SpaceID) float64 {
	if !g.Track.Pit.Usable || len(g.Track.Pit.Entry) == 0 || !c.CrossedStart || c.PitStops >= g.Config.MaxPitStops() || c.Laps+1 >= g.Config.Laps {
		return 0
	}
	entry := &g.Track.Spaces[g.Track.Pit.Entry[0]]
	from, to := g.Track.Spaces[c.Space].Level, g.Track.Spaces[end].Level
	dist := func(l int) int { return (entry.Level - l + g.Track.Levels) % g.Track.Levels }
	if g.Track.Spaces[c.Space].Kind != tracks.KindTrack || g.Track.Spaces[end].Kind != tracks.KindTrack {
		return 0
	}
	if dist(from) < g.Track.Levels/2 && dist(to) > g.Track.Levels/2 {
		return 15 // drove past it
	}
	if d := dist(to); d <= 24 {
		return 0.6 * math.Abs(g.Track.Spaces[end].Offset-entry.Offset)
	}
	return 0
}

// fdrStuckInGear prices the next play of a car that must stop again in a
// corner with left spaces to go but cannot skip gears down to a safe one:
// the least it can roll overshoots.
func fdrStuckInGear(g *fd.Game, c *fd.Car, gear, left, owed int) float64 {
	lowest := gear - 1
	if c.Wear[fd.Gearbox] > 0 && c.Wear[fd.Brakes] == 0 {
		lowest = gear - 2 // one skip, on gas alone
	}
	die, err := g.GearDie(max(1, lowest))
	if err != nil {
		return 40
	}
	excess := die.Min() - left - max(c.Wear[fd.Brakes]-1, 0)
	switch {
	case excess <= 0:
		return 10
	case owed >= 2:
		return 2000 // R10.3: excessive overshooting
	}
	tyres := excess * fdrOvershootFactor(g, c)
	if tyres >= c.Wear[fd.Tyres] {
		return 2000
	}
	return 40 + fd.WearPenalty(c, fd.Wear{fd.Tyres: tyres})
}

// bodyValue is what one body point is worth to the autopilot: the last
// ones are the race.
func bodyValue(g *fd.Game, c *fd.Car) float64 {
	left := float64(c.Wear[fd.Body])
	return fd.PointWeight(fd.Body) * (1 + 8/(left-0.5))
}

// fdrTimeoutFor answers car's pending decision the way a missed deadline
// does (TimeoutFor): the booklet's digest states the defaults:
// the payment of a move avoids elimination, then a spin, then spends the
// fewest points, then goes farthest (AMB-17); a tyre choice keeps the type
// fitted, hard tyres for a qualifying session (AMB-48); a pit stop keeps
// the tyres and stops short (AMB-48, FR 19-2-7). Where the digest states
// nothing, it is the autopilot's choice.
func fdrTimeoutFor(g *fd.Game, car int) (fd.Order, bool) {
	for _, d := range g.PendingAll() {
		if d.Car != car {
			continue
		}
		switch d.Kind {
		case fd.DecideMove, fd.DecideSlipstream:
			return fd.Order{Car: car, Letter: timeoutMove(d.Options)}, true // AMB-17
		case fd.DecideTyres:
			want := fd.Hard // AMB-48: a qualifying session defaults to hard
			if d.Session == "" {
				want = g.Car(car).Tyre
			}
			for _, op := range d.Options {
				if op.Tyre == want {
					return fd.Order{Car: car, Letter: op.Letter}, true
				}
			}
		case fd.DecidePit:
			for _, op := range d.Options {
				if op.Tyre == g.Car(car).Tyre && !op.Technical {
					return fd.Order{Car: car, Letter: op.Letter}, true // FR 19-2-7
				}
			}
		}
		return g.AutoOrder(&d)
	}
	return fd.Order{}, false
}

// timeoutMove is AMB-17's default: no elimination, then no spin, then the
// fewest points spent, then the farthest; the first listed on a tie.
func timeoutMove(opts []fd.Option) string {
	best := -1
	key := func(op fd.Option) [5]int {
		spent := 0
		for _, n := range op.Cost {
			spent += n
		}
		// the Top (league variant 6-A) is kept unless it saves the car
		// from an elimination or a spin
		k := [5]int{0, 0, 0, spent, -len(op.Path)}
		if op.Eliminated {
			k[0] = 1
		}
		if op.Spin {
			k[1] = 1
		}
		if op.Top != 0 {
			k[2] = 1
		}
		return k
	}
	for i, op := range opts {
		if best < 0 {
			best = i
			continue
		}
		a, b := key(op), key(opts[best])
		for j := range a {
			if a[j] != b[j] {
				if a[j] < b[j] {
					best = i
				}
				break
			}
		}
	}
	return opts[best].Letter
}
