package fd

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/pitwall/pitwall/tracks"
)

// 21-B Red flag (league-variants.md ch. 21, league AMB-46): at the end of
// a round (R6.11, the StoppageRule hook) the race stops when the markers
// on the circuit reach 18 or the walls they make reach 3, either one
// (redFlagCounts). On the first lap the race restarts from the original
// grid, the retired cars back; on a later lap it is over, classified in
// the order the cars completed the lap before. AMB-46's two-part race of
// the middle laps is not built: middle=end (the default) ends a middle
// lap's race as the last lap's, and middle=aggregate is refused.

const (
	redFlagMarkers = 18
	redFlagWalls   = 3
)

func variant21B() Variant {
	return moduleVariant(Variant{ID: "21-B", Group: "c", Name: "Red flag", NameFR: "Drapeau rouge", Chapter: chFinish, Scope: ScopeRace, Engine: true,
		Params: []VariantParam{
			{Key: "markers", Default: strconv.Itoa(redFlagMarkers), Help: "the markers on the circuit that stop the race"},
			{Key: "walls", Default: strconv.Itoa(redFlagWalls), Help: "the walls (rows where every lane holds a marker) that stop the race"},
			{Key: "middle", Default: "end", Values: []string{"end", "aggregate"}, Help: "a stoppage after lap 1 and before the last lap: end (the order at the end of the lap before, as on the last lap); aggregate, the two-part race, is not built"},
		},
		Help: "18 road-holding markers or 3 walls stop the race at the end of a round: a restart from the grid on lap 1, later the order at the end of the lap before",
	}, func(p map[string]string) (any, error) {
		markers, err := redFlagThreshold(p, "markers", redFlagMarkers)
		if err != nil {
			return nil, err
		}
		walls, err := redFlagThreshold(p, "walls", redFlagWalls)
		if err != nil {
			return nil, err
		}
		if m := p["middle"]; m != "" && m != "end" {
			return nil, fmt.Errorf("variant 21-B: middle=%s: the two-part race of a middle lap (league AMB-46) is not built yet; middle=end ends the race on the order at the end of the lap before", m)
		}
		return redFlag{markers: markers, walls: walls}, nil
	})
}

// redFlagThreshold reads a count parameter, its default when empty.
func redFlagThreshold(p map[string]string, key string, def int) (int, error) {
	s := p[key]
	if s == "" {
		return def, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("variant 21-B: %s=%s: a number of at least 1, please", key, s)
	}
	return n, nil
}

// redFlag is the 21-B module.
type redFlag struct{ markers, walls int }

// Stops: either count reaches its threshold (league AMB-46).
func (r redFlag) Stops(_ *tracks.Circuit, _, markers, walls int) bool {
	return markers >= r.markers || walls >= r.walls
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
	leader := g.fdrLeader()
	if leader == nil {
		return
	}
	lap := leader.Laps + 1
	outcome := "restart"
	if lap > 1 {
		outcome = "ended"
	}
	g.emit(ev("red-flag", "lap", lap, "markers", markers, "walls", walls, "outcome", outcome))
	if lap == 1 {
		g.redFlagRestart(true)
		return
	}
	g.redFlagClassify(lap - 1)
}

// redFlagRestart restarts the race from the original grid (21-B, first
// lap): every car back on its slot before its start roll, the retired
// ones too with the configuration they started with when retiredBack (20-A
// restarts without them, each car left on its own slot); the running cars
// keep their points (league AMB-46). The circuit is cleared of markers. A
// race started from a position has no grid of its own: its cars restart
// in their numbers' order.
func (g *Game) redFlagRestart(retiredBack bool) {
	grid := g.fdr.grid
	if len(grid) == 0 {
		grid = carNumbers(len(g.Cars))
	}
	var restarted []int
	for i, n := range grid {
		c := g.car(n)
		if c.Status != Racing && !retiredBack {
			continue
		}
		restarted = append(restarted, n)
		if c.Status != Racing {
			if w, ok := g.startWear[n]; ok {
				c.Wear = w
			}
			c.TyreAge = 0
			c.Status, c.Cause, c.Reason, c.LastLevel = Racing, "", "", 0
		}
		c.Space, c.Arrival, c.Gear = g.Track.Grid[i], i, 0
		c.Laps, c.CrossedStart, c.Started, c.StartRoll = 0, false, false, 0
		c.Stalled, c.Spun, c.SpinTurn, c.Restart, c.Wreck = false, false, false, false, false
		c.Inertia, c.Corner, c.Stops = InertiaNone, -1, 0
		c.Pitting, c.SlowStop, c.Technical, c.PitHeld = false, false, false, false
	}
	g.fdr.arrival = len(grid)
	clear(g.Debris)
	clear(g.markerKinds)
	clear(g.passages)
	g.emit(ev("grid", "order", joinInts(restarted)))
}

// redFlagClassify ends the race on the order at the end of lap (21-B,
// league AMB-46): first the cars that completed it, in the order their
// lap events say they crossed the line, those eliminated since included;
// then the running cars that had not completed it, by how far along they
// are. The other eliminated cars stay as they were.
func (g *Game) redFlagClassify(lap int) {
	var order []int
	for _, e := range g.Events {
		if e.Kind != "lap" || e.Get("laps") != strconv.Itoa(lap) {
			continue
		}
		if n, err := strconv.Atoi(e.Get("car")); err == nil && !slices.Contains(order, n) {
			order = append(order, n)
		}
	}
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
	cars := make([]*Car, 0, len(order)+len(rest))
	for _, n := range order {
		cars = append(cars, g.car(n))
	}
	g.classifyStopped(append(cars, rest...))
}

// classifyStopped ends a stopped race (21-B, 20-A) with the cars in order,
// each a finish event.
func (g *Game) classifyStopped(order []*Car) {
	for _, c := range order {
		g.finishes++
		c.Status, c.Place, c.FinishedPlay = Finished, g.finishes, g.Play
		c.Cause, c.Reason, c.Inertia, c.Wreck = "", "", InertiaNone, false
		c.Space = tracks.NoSpace
		g.emit(ev("finish", "car", c.Number, "place", c.Place))
	}
}

// RedFlagLap is the lap on which a red flag ended the race (21-B), 0 for
// a race run to its end: such a race is classified on the lap before, with
// half points (league AMB-46, the league's to give).
func (g *Game) RedFlagLap() int {
	for _, e := range g.Events {
		if e.Kind == "red-flag" && e.Get("outcome") == "ended" {
			lap, _ := e.Int("lap")
			return lap
		}
	}
	return 0
}
