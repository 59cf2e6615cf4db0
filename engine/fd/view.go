package fd

import (
	"fmt"
	"strings"

	"github.com/pitwall/pitwall/tracks"
)

// Read-only views of a game for those who draw or describe it (render,
// the bot). Nothing here changes the game: every function reads the state
// or reads the events back.

// Weather returns the weather of the race (O-WX): Fine when the weather
// rule is off.
func (g *Game) Weather() WeatherState { return g.weather }

// StartWear returns a car's starting values: the game's Start, or the car's
// configuration under O-BLD. Wear points are shown against them.
func (g *Game) StartWear(car int) Wear {
	if car < 1 || car > len(g.Cars) {
		return g.Config.Start
	}
	return g.startingWear(&g.Cars[car-1])
}

// DieRoll is one die roll read back from the events.
type DieRoll struct {
	Play    int
	Car     int    // the car that rolled; 0 for the weather roll
	Purpose string // grid, start, gear, collision, engine, handling, weather, pit, …
	Die     string // d4 … d30, black
	Value   int
}

// PathSegment is one stretch of a play's movement, as the events give it.
type PathSegment struct {
	Kind string           // "move", "slipstream" or "pit-quick"
	Path []tracks.SpaceID // the spaces entered, in order
}

// PlayLog is what happened in one play (one car's turn), read back from the
// events.
type PlayLog struct {
	Play  int
	Round int
	Car   int
	// From is where the car stood when its turn began.
	From tracks.SpaceID
	// Segments are its movements in order: the move, then any slipstreams,
	// or the quick exit from the pits.
	Segments []PathSegment
	// Gear is the gear engaged (0 when none was).
	Gear int
	// Rolls are every die rolled during the play, by any car, in order.
	Rolls []DieRoll
	// Events are the play's events, from its turn line to the next play.
	Events []Event
	// Done is false for the play in progress.
	Done bool
}

// Path is every space the car entered in the play, in order.
func (p *PlayLog) Path() []tracks.SpaceID {
	var out []tracks.SpaceID
	for _, s := range p.Segments {
		out = append(out, s.Path...)
	}
	return out
}

// Plays reads the game's plays back from its events, oldest first. The
// last one is not Done while a car's turn is in progress.
func (g *Game) Plays() []PlayLog { return g.PlaysSince(0) }

// PlaysSince is Plays from play n on: the earlier plays are only followed
// for where the cars stand, which is quicker.
func (g *Game) PlaysSince(n int) []PlayLog {
	var out []PlayLog
	pos := make([]tracks.SpaceID, len(g.Cars)+1)
	for i := range pos {
		pos[i] = tracks.NoSpace
	}
	setPos := func(car int, id tracks.SpaceID) {
		if car >= 0 && car < len(pos) {
			pos[car] = id
		}
	}
	lookup := func(name string) tracks.SpaceID {
		if id, ok := g.Track.Lookup(name); ok {
			return id
		}
		return tracks.NoSpace
	}
	// start at the turn line of play n, found from the end: where the cars
	// stand then, and the round, are read backwards from there (the last
	// event that placed each car wins), which is quicker than reading the
	// whole race
	start := len(g.Events)
	for i := len(g.Events) - 1; i >= 0; i-- {
		if t, ok := turnOf(g.Events[i]); ok {
			if t.Play < n {
				break
			}
			start = i
		}
	}
	round := 0
	placed := make([]bool, len(pos))
	left, roundKnown := len(g.Cars), false
	for i := start - 1; i >= 0 && (left > 0 || !roundKnown); i-- {
		e := g.Events[i]
		switch e.Kind {
		case "round", "position":
			if !roundKnown {
				round, _ = roundOf(e)
				roundKnown = true
			}
			continue
		case "grid":
			grid, ok := readLoose[GridEvent](e)
			if !ok {
				continue
			}
			spaces := g.gridEventSpaces(grid)
			for j, car := range grid.Order {
				if j < len(spaces) && car >= 0 && car < len(pos) && !placed[car] {
					pos[car], placed[car] = spaces[j], true
					left--
				}
			}
			continue
		case "move", "slipstream", "pit-quick":
			car, p, ok := movedOf(e)
			if !ok || car < 0 || car >= len(pos) || placed[car] {
				continue
			}
			if p != "" && p != "-" {
				pos[car], placed[car] = lookup(p[strings.LastIndexByte(p, ',')+1:]), true
				left--
			} // else it did not move: look further back
		case "position-car":
			x, ok := readLoose[PositionCarEvent](e)
			if !ok || x.Car < 0 || x.Car >= len(pos) || placed[x.Car] {
				continue
			}
			pos[x.Car], placed[x.Car] = lookup(x.Space), true
			left--
		case "eliminated", "finish":
			car, ok := leftOf(e)
			if !ok || car < 0 || car >= len(pos) || placed[car] {
				continue
			}
			placed[car] = true // off the board: pos stays NoSpace
			left--
		}
	}
	keeping := false // inside a play from n on
	for _, e := range g.Events[start:] {
		var cur *PlayLog
		if keeping && len(out) > 0 {
			cur = &out[len(out)-1]
		}
		switch e.Kind {
		case "position":
			round, _ = roundOf(e)
		case "position-car":
			if x, ok := readLoose[PositionCarEvent](e); ok {
				setPos(x.Car, lookup(x.Space))
			}
		case "grid":
			if grid, ok := readLoose[GridEvent](e); ok {
				spaces := g.gridEventSpaces(grid)
				for i, car := range grid.Order {
					if i < len(spaces) {
						setPos(car, spaces[i])
					}
				}
			}
		case "round", "over":
			if e.Kind == "round" {
				round, _ = roundOf(e)
			}
			if cur != nil {
				cur.Done = true
			}
			continue
		case "turn":
			if cur != nil {
				cur.Done = true
			}
			t, _ := turnOf(e)
			keeping = t.Play >= n
			if !keeping {
				continue
			}
			from := tracks.NoSpace
			if t.Car >= 0 && t.Car < len(pos) {
				from = pos[t.Car]
			}
			out = append(out, PlayLog{Play: t.Play, Round: round, Car: t.Car, From: from})
			cur = &out[len(out)-1]
		case "gear":
			if cur != nil {
				if x, ok := gearOf(e); ok && x.Car == cur.Car {
					cur.Gear = x.To
				}
			}
		case "move", "slipstream", "pit-quick":
			car, p, ok := movedOf(e)
			if !ok {
				break
			}
			if cur == nil || cur.Car != car {
				// only where it ends
				if p != "" && p != "-" {
					setPos(car, lookup(p[strings.LastIndexByte(p, ',')+1:]))
				}
				break
			}
			var path []tracks.SpaceID
			if p != "" && p != "-" {
				for _, name := range strings.Split(p, ",") {
					if id := lookup(name); id != tracks.NoSpace {
						path = append(path, id)
					}
				}
			}
			if len(path) > 0 {
				setPos(car, path[len(path)-1])
			}
			cur.Segments = append(cur.Segments, PathSegment{Kind: e.Kind, Path: path})
		case "eliminated", "finish":
			if car, ok := leftOf(e); ok {
				setPos(car, tracks.NoSpace)
			}
		case "roll":
			if cur != nil {
				if r, ok := rollOf(e); ok && r.Play == cur.Play {
					cur.Rolls = append(cur.Rolls, DieRoll{Play: r.Play, Car: r.Car, Purpose: r.For, Die: r.Die, Value: r.Value})
				}
			}
		}
		if cur != nil {
			cur.Events = append(cur.Events, e)
		}
	}
	if k := len(out); k > 0 && !out[k-1].Done && keeping {
		out[k-1].Done = g.turn == nil
	}
	return out
}

// EliminationRisk is the chance that choosing op eliminates the car of
// decision d, from what the option brings for sure (Option.Eliminated) and
// from the black-die rolls it brings: one handling roll per dangerous space
// entered (R-DEB-03), one collision roll per car beside or ahead of the end
// (R-COL), under fdr one wall test per entry into an oval's wall lane
// (FDR R15.2, counted with the collision tests against the body left), and
// the engine test of a top face in 5th or 6th (R-ENG). It
// reads the weather (T-10) and the dice set; 0 for decisions without risk.
func (g *Game) EliminationRisk(d *Decision, op Option) float64 {
	if d == nil || d.Car < 1 || d.Car > len(g.Cars) {
		return 0
	}
	if op.Eliminated {
		return 1
	}
	c := &g.Cars[d.Car-1]
	left := sub(c.Wear, op.Cost)
	black := g.Config.Dice.Black
	chance := func(loses func(int) bool) float64 {
		if len(black.Faces) == 0 {
			return 0
		}
		n := 0
		for _, v := range black.Faces {
			if loses(v) {
				n++
			}
		}
		return float64(n) / float64(len(black.Faces))
	}
	survive := 1.0
	switch d.Kind {
	case DecideGear:
		die, err := g.gearDie(op.Gear)
		if err != nil || g.inPitLane(c) || g.qualifying || (op.Gear != 5 && op.Gear != 6) || left[Engine] > 1 {
			return 0
		}
		top := 0
		for _, v := range die.Faces {
			if v == die.Max() {
				top++
			}
		}
		survive = 1 - float64(top)/float64(len(die.Faces))*chance(func(v int) bool { return g.carEngineLoses(c, v) })
	case DecideMove, DecideSlipstream:
		if op.Stop {
			op.Dangerous = 0
		}
		loses := func(v int) bool { return g.handlingLoses(c, v) }
		survive *= g.dangerSurvival(op, left, chance(loses)) // R17.2, league 17-B
		if op.Spin {
			survive *= 1 - g.severeSpinRisk() // league 10-A: a 1 at the restart roll
		}
		if op.RailsKept > 0 {
			survive *= op.RailsKept // league 10-A's rails: 11–15 keeps it in
		}
		if !op.Stop {
			survive *= 1 - g.runawayRisk(left[Body], op.Path) // league 10-A: a runaway car's area
		}
		// the body tests: a wall test each time the move enters an oval's
		// wall lane (FDR R15.2: a plain collision test's faces, 1 dry, 1–2
		// wet; op.Wall counts none in qualifying, nor along the lane, R15.4),
		// then the collision tests where it ends (R14; R15.5 rolls the wall
		// after them). Each lost costs a body point, so they are counted
		// together against the body left: two lost on two points retire the
		// car as surely as one on its last.
		var fails []float64
		body := op.End != tracks.NoSpace && !g.qualifying
		if !op.Stop && op.Wall > 0 {
			body = true
			wall := chance(g.collisionLoses)
			for range op.Wall {
				fails = append(fails, wall)
			}
		}
		if op.End != tracks.NoSpace && !g.qualifying {
			// the thresholds the tests will use (14-B's corner, 3-A's deluge, R14.4)
			for _, limit := range g.collisionTestLimits(c, op.End) {
				fails = append(fails, chance(func(v int) bool { return v <= limit }))
			}
		}
		if body {
			survive *= 1 - riskAtLeastEach(fails, left[Body])
		}
	default:
		return 0
	}
	return 1 - survive
}

// riskAtLeast is the chance of k or more successes in n trials of chance p.
func riskAtLeast(n, k int, p float64) float64 {
	if k > 0 && p <= 0 {
		return 0
	}
	ps := make([]float64, max(n, 0))
	for i := range ps {
		ps[i] = p
	}
	return riskAtLeastEach(ps, k)
}

// riskAtLeastEach is the chance of k or more successes in independent
// trials of the chances ps, each its own (a collision test's threshold
// depends on its pair).
func riskAtLeastEach(ps []float64, k int) float64 {
	if k <= 0 {
		return 1
	}
	if len(ps) < k {
		return 0
	}
	// exactly[i]: the chance of i successes so far, i < k; k or more is
	// what is left of 1
	exactly := make([]float64, k)
	exactly[0] = 1
	for _, p := range ps {
		for i := k - 1; i >= 0; i-- {
			exactly[i] *= 1 - p
			if i > 0 {
				exactly[i] += exactly[i-1] * p
			}
		}
	}
	below := 0.0
	for _, x := range exactly {
		below += x
	}
	return max(0, 1-below)
}

// LastPlay returns the number of the last record play (the highest play=
// of a turn line), 0 when no car has played.
func (r *Record) LastPlay() int {
	last := 0
	for _, e := range r.Events {
		if t, ok := turnOf(e); ok && t.Play > last {
			last = t.Play
		}
	}
	return last
}

// ReplayUntil rebuilds the game of a record as it stood after play n: the
// orders are submitted again, with the record's rolls, until the game asks
// for a decision of a later play; the game is returned waiting for that
// decision. n = 0 is the game before the first play (the grid, after the
// setup); an n at or past the record's last play replays the whole record
// (Replay). The events replayed must equal the record's, as in Replay. A
// play in which nobody has anything to choose is played through with the
// one before it.
func ReplayUntil(r *Record, c *tracks.Circuit, n int) (*Game, error) {
	if n < 0 {
		return nil, fmt.Errorf("play %d: plays are numbered from 1 (0 is the grid)", n)
	}
	if last := r.LastPlay(); n >= last && last > 0 {
		return Replay(r, c)
	}
	return replayHook(r, c, func(g *Game) (bool, error) {
		return g.turn != nil && g.Play > n, nil
	})
}

// ReplayAtEvent rebuilds the game of a record as it stood at its event n
// (numbered from 1, as the record's lines): every order recorded before
// line n is submitted again, so the game waits on the decision that was
// pending then, mid-round included; the lines a submitted order produced
// may run past n (an order plays on to the next decision). n past the
// record's end replays it whole.
func ReplayAtEvent(r *Record, c *tracks.Circuit, n int) (*Game, error) {
	if n < 1 {
		return nil, fmt.Errorf("event %d: events are numbered from 1", n)
	}
	var orders []int
	for i, e := range r.Events {
		if e.Kind == "order" || e.Kind == "q-order" {
			orders = append(orders, i+1)
		}
	}
	next := 0
	return replayHook(r, c, func(g *Game) (bool, error) {
		stop := next < len(orders) && orders[next] >= n
		next++
		return stop, nil
	})
}

// ReplayEach replays a whole record as Replay does and calls each with the
// game and the number of the last play finished, whenever plays have ended
// since the last call: before the first order of a later play, and once
// more at the end. The game must only be read during the call (drawn, say).
// An error from each stops the replay and is returned.
func ReplayEach(r *Record, c *tracks.Circuit, each func(g *Game, play int) error) (*Game, error) {
	done := 0
	g, err := replayHook(r, c, func(g *Game) (bool, error) {
		if g.turn != nil && g.Play-1 > done {
			done = g.Play - 1
			return false, each(g, done)
		}
		return false, nil
	})
	if err != nil {
		return g, err
	}
	if len(g.Events) != len(r.Events) && !r.inputsOnly() {
		return g, fmt.Errorf("the record has %d events, the replay %d", len(r.Events), len(g.Events))
	}
	last := g.Play
	if g.turn != nil {
		last--
	}
	return g, each(g, last)
}

// PlayRounds maps each play of a record to its round, from its round and
// turn lines.
func (r *Record) PlayRounds() map[int]int {
	out := map[int]int{}
	round := 0
	for _, e := range r.Events {
		if n, ok := roundOf(e); ok {
			round = n
		} else if t, ok := turnOf(e); ok {
			out[t.Play] = round
		}
	}
	return out
}

// inputsOnly reports whether a record holds only its inputs (a position,
// rolls and orders), as a person writes a bug report.
func (r *Record) inputsOnly() bool {
	for _, e := range r.Events {
		switch e.Kind {
		case "roll", "q-roll", "position", "position-car", "position-lap", "position-qualified", "order", "q-order", "classification", "excluded", "clock-out", "time-out":
		default:
			return false
		}
	}
	return true
}

// replayHook replays a record's orders with its rolls, asking hook before
// each order whether to stop there.
func replayHook(r *Record, c *tracks.Circuit, hook func(g *Game) (stop bool, err error)) (*Game, error) {
	return replay(r, c, nil, hook)
}

// gridEventSpaces are the squares a grid event puts its cars on, pole
// first: its own where it names them (AX-5's symmetric heat), else the
// circuit's grid slots.
func (g *Game) gridEventSpaces(grid GridEvent) []tracks.SpaceID {
	names := grid.Spaces
	if names == "" {
		return g.Track.Grid
	}
	var out []tracks.SpaceID
	for _, n := range strings.Split(names, ",") {
		id, ok := g.Track.Lookup(n)
		if !ok {
			id = tracks.NoSpace
		}
		out = append(out, id)
	}
	return out
}
