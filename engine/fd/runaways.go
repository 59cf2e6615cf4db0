package fd

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/tracks"
)

// 10-A's runaway car (league-variants.md ch. 10, the rail table's 16–20,
// league AMB-28): the car is out of the race, but it goes on spinning in
// the three lanes × hazard_len spaces past the bend it left (railsHazard) until the end of
// the game turn it ran away in — "until it stops". Every other car whose
// move enters that area in the meantime takes a collision test there, the
// competition rules' normal one (R14.3, T6: 1 dry, 1–2 wet, a CollisionRule
// and 3-A's Deluge on top). Hit, it loses a tyre point, then rolls the spin
// die: 10 or less and it loses a body point and another tyre point and is
// spun (R10.10: turned round at the turn's end, restarting in 1st at most
// with the restart roll, where 10-A's stall eliminates). When the turn
// ends the runaway stops, and markers go under it and all around it.

//
// The runaway cars are the base's: its move options weigh them, its facts,
// status, positions and boards tell them; 10-A (variants/10a.go) starts one
// (StartRunaway), runs its tests at a play's end and stops them at the
// turn's end through the host, and names its area's length through
// runawayArea.

// Exit is the space where it left Corner, from which its area is reckoned.
type runaway struct {
	Car    int
	Exit   tracks.SpaceID
	Corner string
}

// runawaySpins is the spin die of a car the runaway car hit: it spins on
// this or less (the booklet's "dé du tête-à-queue (10)").
const runawaySpins = 10

// runawayIn is the first space of path inside r's area, and whether the
// path enters the area at all.
func (g *Game) runawayIn(r runaway, path []tracks.SpaceID) (tracks.SpaceID, bool) {
	area := railsHazard(g.Track, r.Exit, g.railsHazardLen())
	for _, s := range path {
		if slices.Contains(area, s) {
			return s, true
		}
	}
	return tracks.NoSpace, false
}

// meetRunaways: car c, whose move went along path, takes the tests of
// each runaway car's area it entered, one set a runaway car, in the order
// they ran away (10-A's PlayEnd).
func (g *Game) meetRunaways(c *Car, path []tracks.SpaceID, src dice.Source) error {
	for _, r := range g.runaways {
		if c.Status != Racing {
			break
		}
		if at, ok := g.runawayIn(r, path); ok && r.Car != c.Number {
			if err := g.runawayTest(c, r, at, src); err != nil {
				return err
			}
		}
	}
	return nil
}

// runawayTest is the tests of a car that met runaway r on at: the
// collision test (R14.3's normal threshold there), and if hit the tyre
// point, the spin die, and if it spins the body and tyre points and the
// spin.
func (g *Game) runawayTest(c *Car, r runaway, at tracks.SpaceID, src dice.Source) error {
	limit := g.CollisionLimit(at, false)
	v, err := g.testBlack(src, c, "collision", func(v int) bool { return v <= limit })
	if err != nil {
		return err
	}
	if v <= limit {
		g.emit(Encode(RunawayHitEvent{Car: c.Number, Runaway: r.Car, Space: g.Track.Spaces[at].Name}))
	} else {
		g.emit(Encode(RunawayMissedEvent{Car: c.Number, Runaway: r.Car, Space: g.Track.Spaces[at].Name}))
	}
	if v > limit {
		return nil
	}
	g.LosePoints(c, Tyres, min(1, c.Wear[Tyres]), fmt.Sprintf("hit by the runaway car %d (10-A)", r.Car), tracks.NoSpace, "")
	s, err := g.testBlack(src, c, "spin", func(v int) bool { return v <= runawaySpins })
	if err != nil || s > runawaySpins {
		return err
	}
	cause := fmt.Sprintf("spun by the runaway car %d (10-A)", r.Car)
	if !g.LosePoints(c, Body, 1, cause, c.Space, ReasonCollision) {
		return nil
	}
	g.LosePoints(c, Tyres, min(1, c.Wear[Tyres]), cause, tracks.NoSpace, "")
	c.Spun = true // R10.10: turned round at the turn's end, restarting in 1st at most
	g.emit(Encode(SpinEvent{Car: c.Number, Corner: r.Corner}))
	return nil
}

// stopRunaways: the runaway cars stop at the turn's end; markers go
// under each and all around it (the 3 × 3 spaces round the centre of its
// area of length spaces), 10-A's RoundEnd.
func (g *Game) stopRunaways(length int) {
	for i, sc := range g.SpinningCars() {
		g.emit(Encode(RunawayStoppedEvent{Car: sc.Car, Space: g.Track.Spaces[sc.At].Name}))
		for _, s := range railsMarked(g.Track, g.runaways[i].Exit, length) {
			g.dropMarker(s, MarkerGeneric)
		}
	}
	g.runaways = nil
}

// runawayFacts are what a move along path meets of the runaway cars: for
// each whose area it enters, the collision check and its chance.
func (g *Game) runawayFacts(out []phrase.Phrase, path []tracks.SpaceID) []phrase.Phrase {
	for _, r := range g.runaways {
		if at, ok := g.runawayIn(r, path); ok {
			out = append(out, phrase.New("fact.runaway", r.Car, phrase.Percent(g.runawayHit(at))))
		}
	}
	return out
}

// SpinningCar is a runaway car still spinning, as a board draws it: the
// car, and the middle of its area where it spins.
type SpinningCar struct {
	Car int
	At  tracks.SpaceID
}

// SpinningCars are the runaway cars still spinning this game turn.
func (g *Game) SpinningCars() []SpinningCar {
	var out []SpinningCar
	for _, r := range g.runaways {
		at := r.Exit
		if s := railsHazardCentre(g.Track, r.Exit, g.railsHazardLen()); s != tracks.NoSpace {
			at = s
		}
		out = append(out, SpinningCar{Car: r.Car, At: at})
	}
	return out
}

// RunawayStatus tells the runaway cars still spinning, for a status text:
// each, where it spins and what a car driving into its area takes.
func (g *Game) RunawayStatus() []phrase.Phrase {
	var out []phrase.Phrase
	for i, sc := range g.SpinningCars() {
		out = append(out, phrase.New("status.runaway", sc.Car, g.runaways[i].Corner, placeSuffix(g.Track, "ev.at-place", g.Track.Spaces[sc.At].Name)))
	}
	return out
}

// runawayRisk is the chance the runaway cars' tests put a car with body
// points left out of the race, for a move along path: hit, then spun (the
// last body point, or 10-A's stall at the restart roll).
func (g *Game) runawayRisk(body int, path []tracks.SpaceID) float64 {
	survive := 1.0
	for _, r := range g.runaways {
		at, ok := g.runawayIn(r, path)
		if !ok {
			continue
		}
		spun := g.runawayHit(at) * g.blackChance(func(v int) bool { return v <= runawaySpins })
		out := g.severeSpinRisk()
		if body <= 1 {
			out = 1
		}
		survive *= 1 - spun*out
		body--
	}
	return 1 - survive
}

// runawayPenalty is what the autopilot weighs of the runaway cars on a
// move along path: the points a hit and a spin cost, the play a spin
// loses, and the elimination.
func (g *Game) runawayPenalty(c *Car, body int, path []tracks.SpaceID) float64 {
	p := 2000 * g.runawayRisk(body, path)
	for _, r := range g.runaways {
		if at, ok := g.runawayIn(r, path); ok {
			spin := g.blackChance(func(v int) bool { return v <= runawaySpins })
			p += g.runawayHit(at) * (pointWeight[Tyres] + spin*(pointWeight[Body]*(1+4/float64(max(1, c.Wear[Body])))+pointWeight[Tyres]+15))
		}
	}
	return p
}

// runawayHit is the chance a car meeting a runaway car on at is hit.
func (g *Game) runawayHit(at tracks.SpaceID) float64 {
	limit := g.CollisionLimit(at, false)
	return g.blackChance(func(v int) bool { return v <= limit })
}

// blackChance is the chance of a black die face that loses.
func (g *Game) blackChance(loses func(int) bool) float64 {
	faces := g.Config.Dice.Black.Faces
	if len(faces) == 0 {
		return 0
	}
	n := 0
	for _, v := range faces {
		if loses(v) {
			n++
		}
	}
	return float64(n) / float64(len(faces))
}

// runawayPositions writes the runaway cars of a position ("car:exit",
// runaway=), in the order they ran away.
func (g *Game) runawayPositions() []string {
	var out []string
	for _, r := range g.runaways {
		out = append(out, strconv.Itoa(r.Car)+":"+g.Track.Spaces[r.Exit].Name)
	}
	return out
}

// startRunaways sets the runaway cars of a position on the game: each an
// eliminated car of the position, once, leaving a bend on a track space
// past it, under 10-A's rails.
func (g *Game) startRunaways(p Position) error {
	if len(p.Runaways) > 0 && !g.runawayRails() {
		return fmt.Errorf("runaway: runaway cars run only under league variant 10-A with rails=yes")
	}
	for _, e := range p.Runaways {
		num, name, _ := strings.Cut(e, ":")
		n, err := strconv.Atoi(num)
		if err != nil || n < 1 || n > len(g.Cars) || strconv.Itoa(n) != num {
			return fmt.Errorf("runaway: %q does not start with a car of the race", e)
		}
		if g.Cars[n-1].Status != Eliminated {
			return fmt.Errorf("runaway: car %d is not out of the race", n)
		}
		if slices.ContainsFunc(g.runaways, func(r runaway) bool { return r.Car == n }) {
			return fmt.Errorf("runaway: car %d runs away twice", n)
		}
		exit, ok := g.Track.Lookup(name)
		if !ok || g.Track.Spaces[exit].Kind != tracks.KindTrack {
			return fmt.Errorf("runaway: %q is not a space of the track", name)
		}
		corner, ok := g.cornerBefore(exit)
		if !ok {
			return fmt.Errorf("runaway: no bend ends before %s", name)
		}
		g.runaways = append(g.runaways, runaway{Car: n, Exit: exit, Corner: corner})
	}
	return nil
}

// runawayArea is an UnpaidOvershootRule whose runaway cars spin on over
// an area past the bend they left (10-A's rails, league AMB-28): its
// length in spaces past the exit (hazard_len). An interface, so that the
// base reads no module's type.
type runawayArea interface{ RunawayAreaLength() int }

// runawayRails reports 10-A's rail cases on.
func (g *Game) runawayRails() bool {
	_, ok := g.hooks.unpaid.(runawayArea)
	return ok
}

// railsHazardLen is the length of a runaway car's area (10-A's
// hazard_len).
func (g *Game) railsHazardLen() int {
	if m, ok := g.hooks.unpaid.(runawayArea); ok {
		return m.RunawayAreaLength()
	}
	return 0
}

// cornerBefore is the name of the last bend before the level of s, the
// lap round (the last of the circuit before its first levels): the bend a
// car leaving onto s left.
func (g *Game) cornerBefore(s tracks.SpaceID) (string, bool) {
	level := g.Track.Spaces[s].Level
	best, name := -1, ""
	for _, k := range g.Track.Corners {
		ahead := k.LastLevel // laps round: a bend past s is a lap behind it
		if ahead >= level {
			ahead -= len(g.Track.Spaces) // any number below every level
		}
		if name == "" || ahead > best {
			best, name = ahead, k.Name
		}
	}
	return name, name != ""
}

// railsHazard is the runaway car's area: the track spaces of the three
// lanes around the middle one, from the exit's level on for length
// levels.
func railsHazard(c *tracks.Circuit, exit tracks.SpaceID, length int) []tracks.SpaceID {
	from, mid := railsHazardAxis(c, exit)
	return railsLevels(c, from, length, mid)
}

// railsMarked are the spaces that get markers when the runaway car stops:
// the centre of its area and the eight spaces around it (AMB-28), its
// whole area when hazard_len is 3.
func railsMarked(c *tracks.Circuit, exit tracks.SpaceID, length int) []tracks.SpaceID {
	from, mid := railsHazardAxis(c, exit)
	return railsLevels(c, from+length/2-1, 3, mid)
}

// railsLevels are the track spaces of levels from to from+n-1 in the
// three lanes around mid.
func railsLevels(c *tracks.Circuit, from, n, mid int) []tracks.SpaceID {
	var out []tracks.SpaceID
	for i := range c.Spaces {
		s := &c.Spaces[i]
		if s.Kind == tracks.KindTrack && s.Level >= from && s.Level < from+n && laneGap(s.Lane, mid) <= 1 {
			out = append(out, s.ID)
		}
	}
	return out
}

// railsHazardCentre is the middle of the runaway car's area, where it
// spins: the middle lane, the middle level; NoSpace if the track has no
// space there.
func railsHazardCentre(c *tracks.Circuit, exit tracks.SpaceID, length int) tracks.SpaceID {
	from, mid := railsHazardAxis(c, exit)
	for i := range c.Spaces {
		s := &c.Spaces[i]
		if s.Kind == tracks.KindTrack && s.Level == from+length/2 && s.Lane == mid {
			return s.ID
		}
	}
	return tracks.NoSpace
}

// railsHazardAxis is the first level of the runaway car's area and the
// middle lane of the track there.
func railsHazardAxis(c *tracks.Circuit, exit tracks.SpaceID) (from, mid int) {
	from = c.Spaces[exit].Level
	lo, hi := -1, -1
	for i := range c.Spaces {
		s := &c.Spaces[i]
		if s.Kind == tracks.KindTrack && s.Level == from {
			if lo < 0 || s.Lane < lo {
				lo = s.Lane
			}
			hi = max(hi, s.Lane)
		}
	}
	return from, (lo + hi) / 2
}

// laneGap is how many lanes apart a and b are.
func laneGap(a, b int) int {
	if a > b {
		return a - b
	}
	return b - a
}
