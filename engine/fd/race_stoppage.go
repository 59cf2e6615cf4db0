package fd

import (
	"slices"

	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/tracks"
)

// The race's stoppage (R6.11, the StoppageRule and AccidentRule hooks):
// what the game does when a module stops the race at the end of a round —
// the restart from the grid on lap 1, AMB-46's two-part race on a middle
// lap, the classification on the lap before on the last — and the red
// flag's status and record facts. 21-B's red flag (variants/21b.go), 15-A
// and 20-A's serious accident (variants/20a.go) stop a race through it; the
// trigger's counts are redflag.go's. It is the base's: the round's end
// (host_fdr.go's Stoppage), emit, the status text, the league's half points
// and the tests call it, and it asks the modules only through their hooks.

// middleLapAggregate is a StoppageRule whose middle-lap stoppage starts a
// second part (21-B's middle=aggregate).
type middleLapAggregate interface{ AggregatesMiddleLaps() bool }

// stoppageStatus is a StoppageRule that says how near the race is to its
// stoppage, for the status text (21-B, 15-A).
type stoppageStatus interface {
	StoppageStatus(track *tracks.Circuit, starters, markers, walls int) []phrase.Phrase
}

// RedFlagStatus is the race's counts toward its stoppage for the status
// text when 21-B or 15-A is on (issue 16): what a driver weighs before a
// risky move. None once a car has finished (nothing stops a race won) and
// without those variants, whose games the base tells by its events.
func (g *Game) RedFlagStatus() []phrase.Phrase {
	if g.finishes > 0 || g.Over {
		return nil
	}
	markers, walls := g.redFlagCounts()
	var out []phrase.Phrase
	for _, h := range g.hooks.stoppage {
		if s, ok := h.(stoppageStatus); ok {
			out = append(out, s.StoppageStatus(g.Track, len(g.Cars), markers, walls)...)
		}
	}
	return out
}

// fdrStoppage is the end of a round under a StoppageRule: the red flag
// falls when a module says the circuit is too dangerous. Once a car has
// finished the race is won and nothing stops it.
func (g *Game) fdrStoppage() {
	if g.accidentStoppage() { // AccidentRule (20-A)
		return
	}
	if len(g.hooks.stoppage) == 0 || g.finishes > 0 {
		return
	}
	markers, walls := g.redFlagCounts()
	if !slices.ContainsFunc(g.hooks.stoppage, func(r StoppageRule) bool { return r.Stops(g.Track, len(g.Cars), markers, walls) }) {
		return
	}
	leader := g.Leader()
	if leader == nil {
		return
	}
	lap := leader.Laps + 1
	aggregate := lap > 1 && lap < g.Config.Laps && slices.ContainsFunc(g.hooks.stoppage, func(r StoppageRule) bool {
		a, ok := r.(middleLapAggregate)
		return ok && a.AggregatesMiddleLaps()
	})
	outcome := "restart"
	switch {
	case aggregate:
		outcome = "aggregate"
	case lap >= g.Config.Laps && lap > 1: // the last lap: half points (LF-10)
		outcome = "half-points"
	case lap > 1:
		outcome = "ended"
	}
	g.emit(Encode(RedFlagEvent{Lap: lap, Markers: markers, Walls: walls, Outcome: outcome}))
	switch {
	case lap == 1:
		g.restartFrom(g.originalGrid(), restartRedFlag)
	case aggregate:
		g.redFlagSecondPart()
	default:
		g.redFlagClassify(lap - 1)
	}
}

// originalGrid is the race's grid, car numbers from pole; a race started
// from a position has none of its own: its cars in their numbers' order.
func (g *Game) originalGrid() []int {
	if grid := g.RaceGrid(); len(grid) > 0 {
		return grid
	}
	return carNumbers(len(g.Cars))
}

// redFlagSecondPart freezes Part 1 of a two-part race (21-B middle laps,
// league AMB-46): each car's place in the track order and its squares
// behind the leader (an eliminated car's where it stopped) are events of
// the record (red-flag-part), and the race restarts for one lap from a
// grid in that order, the retired cars back as on the first lap. A flag in
// Part 2 restarts Part 2 from its grid.
func (g *Game) redFlagSecondPart() {
	order := make([]*Car, 0, len(g.Cars))
	for i := range g.Cars {
		order = append(order, &g.Cars[i])
	}
	slices.SortStableFunc(order, func(a, b *Car) int { return progress(g.Track, b) - progress(g.Track, a) })
	lead := progress(g.Track, order[0])
	grid := make([]int, len(order))
	for i, c := range order {
		grid[i] = c.Number
		g.emit(Encode(RedFlagPartEvent{Car: c.Number, Place: i + 1, Gap: lead - progress(g.Track, c)}))
	}
	g.SetRaceGrid(grid)
	g.Config.Laps, g.shortened = 1, 1
	g.restartFrom(grid, restartRedFlag)
}

// redFlagPartOne reads Part 1's standing from the record: each car's
// place and squares behind; nil when the race has no second part.
func (g *Game) redFlagPartOne() map[int][2]int { return g.redFlagPart }

// noteRedFlagEvent keeps, as the race goes, what a red flag classifies
// by (emit calls it under 21-B, 15-A): the cars completing each lap in
// the order they crossed the line, and Part 1's standing of a two-part
// race. A live game in the service keeps no record (bot's forgetEvents),
// so these cannot be read back from it.
func (g *Game) noteRedFlagEvent(e Event) {
	if l, ok := decoded[LapEvent](e); ok {
		if slices.Contains(g.redFlagLaps[l.Laps], l.Car) {
			return
		}
		if g.redFlagLaps == nil {
			g.redFlagLaps = map[int][]int{}
		}
		g.redFlagLaps[l.Laps] = append(g.redFlagLaps[l.Laps], l.Car)
	} else if p, ok := decoded[RedFlagPartEvent](e); ok {
		if g.redFlagPart == nil {
			g.redFlagPart = map[int][2]int{}
		}
		g.redFlagPart[p.Car] = [2]int{p.Place, p.Gap}
	}
}

// redFlagAggregateEnd ends a two-part race when the first car crosses the
// line of Part 2 (league AMB-46): every running car, the winner of Part 2
// included, is classified on its squares behind Part 1's leader plus its
// squares behind Part 2's winner at that moment, fewest first; ties go to
// the better Part-1 place, then the better Part-2 place. Each car's sum is
// an aggregate event. Cars eliminated in Part 2 stay eliminated. False
// when the race has no second part.
func (g *Game) redFlagAggregateEnd(winner *Car) bool {
	if len(g.hooks.stoppage) == 0 {
		return false
	}
	part := g.redFlagPartOne()
	if part == nil {
		return false
	}
	type standing struct {
		car                *Car
		gap1, gap2, ahead2 int
	}
	lead := progress(g.Track, winner)
	var rows []standing
	for i := range g.Cars {
		c := &g.Cars[i]
		if c.Status == Racing {
			rows = append(rows, standing{car: c, gap1: part[c.Number][1], gap2: lead - progress(g.Track, c)})
		}
	}
	slices.SortStableFunc(rows, func(a, b standing) int {
		if d := (a.gap1 + a.gap2) - (b.gap1 + b.gap2); d != 0 {
			return d
		}
		if d := part[a.car.Number][0] - part[b.car.Number][0]; d != 0 {
			return d
		}
		return a.gap2 - b.gap2
	})
	order := make([]int, len(rows))
	for i, r := range rows {
		order[i] = r.car.Number
		g.emit(Encode(AggregateEvent{Car: r.car.Number, Part1: r.gap1, Part2: r.gap2, Total: r.gap1 + r.gap2}))
	}
	g.finishInOrder(order)
	return true
}

// restartKind says how the cars come back when the race restarts from its
// grid on lap 1.
type restartKind int

const (
	// restartRedFlag: 21-B (and 15-A) — the running cars keep their points,
	// the retired ones come back by the team rule (redFlagComebacks).
	restartRedFlag restartKind = iota
	// restartAccident: 20-A rule A — every car not hurt back in its start
	// state: the configuration it started with and new tyres [DEC].
	restartAccident
	// restartFrozen: 20-A rule B's new start — the running cars restart as
	// they are (life points and tyres kept), the others stay out.
	restartFrozen
)

// restartFrom is the one restart of a stopped race (21-B's red flag on
// lap 1 or its second part, 15-A, 20-A's serious accident on lap 1 and
// rule B's new start): every car restarting on its slot of grid (the
// original grid, a race started from a position in its cars' numbers
// order; Part 1's order for a second part; rule B's track order) before
// its start roll (R9), the circuit cleared of markers. A car whose pilot
// is hurt (20-A: in qualifying or in this race) never restarts.
func (g *Game) restartFrom(grid []int, kind restartKind) {
	slots, err := g.RestartSquares(grid)
	if err != nil {
		slots = g.Track.Grid // the squares the race started from were the circuit's
	}
	var spares map[int]repair
	if kind == restartRedFlag {
		spares = g.redFlagComebacks()
	}
	var restarted []int
	for i, n := range grid {
		c := g.car(n)
		if g.hurt[n] || c.EliminationReason() == ReasonInjury || kind == restartFrozen && c.Status != Racing {
			continue
		}
		restarted = append(restarted, n)
		switch {
		case kind == restartAccident:
			g.restoreStart(c)
		case c.Status != Racing:
			g.comeBack(c, spares)
		}
		c.Status, c.Cause, c.LastLevel = Racing, "", 0
		c.Space, c.Gear = slots[i], 0 // AX-5's symmetric squares too (GridSpaceRule)
		g.ReturnToGrid(c, i)          // no reason, wreck, inertia or restart roll; arrival in grid order (R9.1)
		c.Laps, c.CrossedStart, c.Started = 0, false, false
		c.setFormationRoll(0) // league 9-A: a new start rolls anew
		c.Stalled, c.Spun, c.SpinTurn = false, false, false
		c.Corner, c.Stops = -1, 0
		c.Pitting, c.SlowStop, c.Technical = false, false, false
		releasePit(c) // league variant 19-D
	}
	clear(g.Debris)
	clear(g.markerKinds)
	clear(g.passages)
	g.GridRestarted(grid, restarted) // the arrivals after the grid's (R6.8), its grid event
}

// comebackTeams is a StoppageRule whose lap-1 restart gives each team
// one spare car (21-B's teams=): each car's team, car 1 first; nil when
// the module names no teams (every retired car gets a fresh car). An
// interface, so that the red flag's module needs no base field.
type comebackTeams interface{ ComebackTeams(cars int) []int }

// repair is how the second retired car of a team comes back at 21-B's
// lap-1 restart: the characteristic whose loss put it out (has: a cause
// with one).
type repair struct {
	cat Category
	has bool
}

// redFlagComebacks names the retired cars that come back at 21-B's lap-1
// restart without a fresh car (l.1265, league AMB-46): a team has one
// spare car, so when both its cars retired, its first car (its No. 1)
// takes the fresh car [DEC: the team's choice, which an asynchronous race
// cannot wait for] and the other comes back with the points it had left.
// The teams are the module's (the league's, bot); a race without teams
// gives every retired car a fresh car [DEC]. A hurt pilot (20-A) does not
// come back, so his teammate takes the fresh car.
func (g *Game) redFlagComebacks() map[int]repair {
	var teams []int
	for _, r := range g.hooks.stoppage {
		if t, ok := r.(comebackTeams); ok {
			if own := t.ComebackTeams(len(g.Cars)); own != nil {
				teams = own
			}
		}
	}
	if teams == nil {
		return nil
	}
	retired := map[int][]int{}
	for n := 1; n <= len(g.Cars) && n <= len(teams); n++ {
		if c := g.car(n); c.Status != Racing && !g.hurt[n] && c.EliminationReason() != ReasonInjury {
			retired[teams[n-1]] = append(retired[teams[n-1]], n)
		}
	}
	out := map[int]repair{}
	for _, cars := range retired {
		if len(cars) == 2 {
			cat, has := reasonCategory(g.car(cars[1]).EliminationReason())
			out[cars[1]] = repair{cat, has}
		}
	}
	return out
}

// reasonCategory is the characteristic whose loss eliminated a car for
// reason (21-B's +1): the body for a collision or the wall, the handling
// (road holding), the engine, the brakes for a blocking (R12.5), the
// tyres for an overshoot; none for the others (fuel, a black flag).
func reasonCategory(reason string) (Category, bool) {
	switch reason {
	case ReasonCollision, ReasonWall:
		return Body, true
	case ReasonHandling:
		return Handling, true
	case ReasonEngine:
		return Engine, true
	case ReasonBlocking:
		return Brakes, true
	case ReasonOvershoot:
		return Tyres, true
	}
	return 0, false
}

// comeBack brings retired car c back at 21-B's lap-1 restart: a fresh car
// (the configuration it started with), or, named in repaired, the points
// it had left with one more in the characteristic whose loss put it out;
// new tyres of the same kind either way (for an overshoot the new tyres
// are that point). Each is an event of the record, told to the players.
func (g *Game) comeBack(c *Car, repaired map[int]repair) {
	start, known := g.startWear[c.Number]
	r, kept := repaired[c.Number]
	switch {
	case kept:
		if known {
			c.Wear[Tyres] = start[Tyres]
		}
		if r.has && r.cat != Tyres {
			c.Wear[r.cat]++
		}
		cat := Tyres
		if r.has {
			cat = r.cat
		}
		g.emit(Encode(RedFlagRepairedEvent{Car: c.Number, Cat: cat.String()}))
	default:
		if known {
			c.Wear = start
		}
		g.emit(Encode(RedFlagFreshEvent{Car: c.Number}))
	}
	c.TyreAge = 0
}

// restoreStart puts car c back in its start state for 20-A's lap-1
// restart [DEC]: the configuration it started with and new tyres of the
// same kind, as a fresh car of 21-B's. What a league's ledgers spent
// (boosts, Tops) is not given back.
func (g *Game) restoreStart(c *Car) {
	if w, ok := g.startWear[c.Number]; ok {
		c.Wear = w
	}
	c.TyreAge = 0
}

// redFlagClassify ends the race on the order at the end of lap (21-B,
// league AMB-46): first the cars that completed it, in the order their
// lap events say they crossed the line, those eliminated since included;
// then the running cars that had not completed it, by how far along they
// are. The other eliminated cars stay as they were.
func (g *Game) redFlagClassify(lap int) {
	order := slices.Clone(g.redFlagLaps[lap])
	// a race started from a position misses the lap events before it
	var rest []*Car
	for i := range g.Cars {
		c := &g.Cars[i]
		switch {
		case slices.Contains(order, c.Number):
		case c.Laps >= lap || c.Status == Racing:
			rest = append(rest, c)
		}
	}
	slices.SortStableFunc(rest, func(a, b *Car) int {
		if (a.Laps >= lap) != (b.Laps >= lap) {
			if a.Laps >= lap {
				return -1
			}
			return 1
		}
		return progress(g.Track, b) - progress(g.Track, a)
	})
	for _, c := range rest {
		order = append(order, c.Number)
	}
	g.finishInOrder(order)
}

// finishInOrder classifies the cars in order after those already placed,
// each a finish event, off the board (21-B's stoppages).
func (g *Game) finishInOrder(order []int) {
	for _, n := range order {
		c := g.car(n)
		g.finishes++
		c.Status, c.Place, c.FinishedPlay = Finished, g.finishes, g.Play
		c.Cause = ""
		g.ClearElimination(c) // no reason, inertia or wreck
		c.Space = tracks.NoSpace
		g.emit(Encode(FinishEvent{Car: c.Number, Place: c.Place}))
	}
}

// RedFlagLap is the lap on which a red flag ended the race (21-B), 0 for
// a race run to its end: such a race is classified on the lap before.
func (g *Game) RedFlagLap() int {
	for _, e := range g.Events {
		if r, ok := decoded[RedFlagEvent](e); ok && (r.Outcome == "ended" || r.Outcome == "half-points") {
			return r.Lap
		}
	}
	return 0
}

// HalfPoints says a red flag ended the race on its last lap (21-B, league
// AMB-46, LF-10): classified at the end of the lap before, it pays half
// its championship points. It is a fact of the record (the red-flag
// event's outcome), which the league's result carries
// (league.Result.HalfPoints) for every ranking that folds points.
func (g *Game) HalfPoints() bool {
	for _, e := range g.Events {
		if r, ok := decoded[RedFlagEvent](e); ok && r.Outcome == "half-points" {
			return true
		}
	}
	return false
}
