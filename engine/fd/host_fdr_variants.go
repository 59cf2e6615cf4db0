package fd

import "github.com/pitwall/pitwall/tracks"

// What the league variants (engine/fd/variants) ask of the ruleset they race
// under (issue 13, the fdr-variants round): the leader, the race's grid,
// how a car loses points or is eliminated. The variants play under the
// competition rules, whose answers are fdr's state and rules; they live
// in a package of their own that sees only engine/fd's exported API, and
// fdr in another, so each question here is a host function that asks
// the game's rules module through an optional interface (answered by
// fdrRules, fdr/variant_hooks.go) and names nothing of fdr's. A ruleset
// that does not answer gets the base's answer, or none, as each says.
// TestFDRFilesUseOnlyTheHostAPI holds this file and the variants' at no
// name of fdr's (baseFreeOfFDR).

// RaceOrderModule is a rules module that orders the cars along the race:
// its leader (fdr R0.2, AMB-40), who stands ahead, and the order cars at
// one level arrived in (R6.8).
type RaceOrderModule interface {
	// Leader is the race's leader, nil when no car races.
	Leader(g *Game) *Car
	// CompareStanding is negative when a stands ahead of b in the race,
	// positive when b does; two cars never tie.
	CompareStanding(g *Game, a, b *Car) int
	// LevelArrival is c's rank of arrival at its level, lower first.
	LevelArrival(c *Car) int
}

// Leader is the race's leader as the ruleset finds it (fdr R0.2: the
// racing car furthest along the race, AMB-40): the lap a red flag (21-B)
// or a serious accident (20-A) stops the race on is the leader's. Nil
// when no car races or the ruleset names no leader.
func (g *Game) Leader() *Car {
	if m, ok := g.Rules().(RaceOrderModule); ok {
		return m.Leader(g)
	}
	return nil
}

// CompareStanding orders two cars as they stand in the race at this
// instant, negative when a is ahead (fdr: laps, then level, then the
// order of play R6.8, as the leader is found): 20-A rule B's grid of a
// new start and its classification (trackOrder). Without the ruleset's
// order, by how far along the race each is.
func (g *Game) CompareStanding(a, b *Car) int {
	if m, ok := g.Rules().(RaceOrderModule); ok {
		return m.CompareStanding(g, a, b)
	}
	return progress(g.Track, b) - progress(g.Track, a)
}

// LevelArrival is c's rank of arrival at its level (fdr R6.8: at one
// level and in one gear, the car that arrived first plays first): AX-5's
// heat orders the cars tied at one distance so. 0 under a ruleset that
// keeps none.
func (g *Game) LevelArrival(c *Car) int {
	if m, ok := g.Rules().(RaceOrderModule); ok {
		return m.LevelArrival(c)
	}
	return 0
}

// RaceGridModule is a rules module that keeps the race's grid and places
// cars on it (fdr R9.1), as a stopped race's restart does again (21-B's
// red flag, 20-A's serious accident).
type RaceGridModule interface {
	// RaceGrid is the grid, car numbers from pole; nil before it is
	// known. The caller does not change it.
	RaceGrid() []int
	// SetRaceGrid makes grid the race's grid.
	SetRaceGrid(grid []int)
	// GridSquares are the squares of grid's slots, in its order.
	GridSquares(g *Game, grid []int) ([]tracks.SpaceID, error)
	// ReturnToGrid gives c, back on slot's square, its rules state as at
	// a start.
	ReturnToGrid(c *Car, slot int)
	// GridRestarted ends a restart from grid: the cars of restarted are
	// on their squares.
	GridRestarted(g *Game, grid, restarted []int)
}

// RaceGrid is the race's grid, car numbers from pole (fdr R1.13, R9.1):
// what 21-B's lap-1 restart and 4-A's team order read. Nil when the
// race has none (started from a position) or the ruleset keeps none. The
// caller does not change it.
func (g *Game) RaceGrid() []int {
	if m, ok := g.Rules().(RaceGridModule); ok {
		return m.RaceGrid()
	}
	return nil
}

// SetRaceGrid makes grid the race's grid: a two-part race's Part 2
// (21-B) and 20-A rule B's new start restart from an order of their
// own. Nothing under a ruleset that keeps none.
func (g *Game) SetRaceGrid(grid []int) {
	if m, ok := g.Rules().(RaceGridModule); ok {
		m.SetRaceGrid(grid)
	}
}

// RestartSquares are the squares a restart puts grid's slots on, in its
// order, as the ruleset placed the race's start (the circuit's grid, or
// a GridSpaceRule's: AX-5's symmetric squares); the circuit's grid under
// a ruleset that places none.
func (g *Game) RestartSquares(grid []int) ([]tracks.SpaceID, error) {
	if m, ok := g.Rules().(RaceGridModule); ok {
		return m.GridSquares(g, grid)
	}
	return g.Track.Grid, nil
}

// ReturnToGrid gives c, restarting from slot of the grid (21-B, 20-A),
// the ruleset's state of a car at a start: under fdr no reason of
// elimination (T8), its arrival at its level in grid order (R9.1, R6.8),
// no spin-out restart roll (R10.14), no wreck (R12.6), no engine inertia
// (R16.4). The caller places the car itself.
func (g *Game) ReturnToGrid(c *Car, slot int) {
	if m, ok := g.Rules().(RaceGridModule); ok {
		m.ReturnToGrid(c, slot)
	}
}

// GridRestarted ends a restart from grid once the cars of restarted stand
// on their squares: under fdr the next arrival counts after the grid's
// (R6.8) and a grid event tells the restarted cars' squares.
func (g *Game) GridRestarted(grid, restarted []int) {
	if m, ok := g.Rules().(RaceGridModule); ok {
		m.GridRestarted(g, grid, restarted)
	}
}

// EliminationModule is a rules module that takes life points and
// eliminates cars its own way (fdr R5.1, R20, T8: a reason, a wreck left
// on the board; T6's collision tests).
type EliminationModule interface {
	// EliminateCar puts c out of the race with reason and cause.
	EliminateCar(g *Game, c *Car, reason, cause string)
	// LosePoints takes n points of cat from c and reports whether it
	// still races.
	LosePoints(g *Game, c *Car, cat Category, n int, cause string, at tracks.SpaceID, bodyReason string) bool
	// CollisionLimit is the highest losing roll of a collision test
	// taken on at.
	CollisionLimit(g *Game, at tracks.SpaceID, aggravated bool) int
	// ClearElimination takes back what the ruleset keeps of c's
	// elimination.
	ClearElimination(c *Car)
}

// EliminateCar puts c out of the race as the ruleset does (fdr R20, T8:
// with its reason, a Reason* text; a wreck left on the board after a
// blocking, a collision or the wall): 20-A's pilot hurt in qualifying.
// The base's elimination, without a reason, under a ruleset that keeps
// none.
func (g *Game) EliminateCar(c *Car, reason, cause string) {
	if m, ok := g.Rules().(EliminationModule); ok {
		m.EliminateCar(g, c, reason, cause)
		return
	}
	g.eliminate(c, cause)
}

// LosePoints takes n points of cat from c as the ruleset does (fdr R5.1:
// a lost body or engine point leaves its marker at at, none at
// tracks.NoSpace, R17.1; the last body point eliminates with bodyReason,
// a collision's when ""; 6-B may save the last point) and reports whether
// c still races: 10-A's rails and runaway car. The base's loss (R-PS-03)
// under a ruleset that takes points no other way.
func (g *Game) LosePoints(c *Car, cat Category, n int, cause string, at tracks.SpaceID, bodyReason string) bool {
	if m, ok := g.Rules().(EliminationModule); ok {
		return m.LosePoints(g, c, cat, n, cause, at, bodyReason)
	}
	return g.lose(c, cat, n, cause)
}

// CollisionLimit is the highest losing roll of a collision test taken on
// at (fdr T6, R14.3, R14.4: 1 dry, 1–2 wet, one more aggravated; a
// CollisionRule or 3-A's deluge moves it): the test of a car meeting
// 10-A's runaway car, and the autopilot's price of it. The base rules'
// limit (R-COL-03: 1 dry, 1–2 wet) under a ruleset without its own.
func (g *Game) CollisionLimit(at tracks.SpaceID, aggravated bool) int {
	if m, ok := g.Rules().(EliminationModule); ok {
		return m.CollisionLimit(g, at, aggravated)
	}
	return g.baseCollisionLimit()
}

// ClearElimination takes back what the ruleset keeps of c's elimination
// when a stopped race classifies it (21-B, 20-A): under fdr its reason
// (T8), its engine's inertia (R16.4) and its wreck (R12.6). The caller
// sets the car's status itself.
func (g *Game) ClearElimination(c *Car) {
	if m, ok := g.Rules().(EliminationModule); ok {
		m.ClearElimination(c)
	}
}

// RunningOrderDrawsModule is a rules module with qualifying sessions that
// keeps session 1's running-order d20s (fdr's, league 1-A's unranked
// cars), which the game rolls (drawRunningOrder).
type RunningOrderDrawsModule interface {
	// RunningOrderDrawsDue: session 1 opens and its d20s are not rolled.
	RunningOrderDrawsDue() bool
	// KeepRunningOrderDraws keeps draws, by car, as the session's; the
	// caller may fill the map after.
	KeepRunningOrderDraws(draws map[int]int)
}

// RunningOrderDrawsDue reports whether session 1 opens without its
// running-order d20s rolled (league 1-A): false under a ruleset without
// qualifying sessions.
func (g *Game) RunningOrderDrawsDue() bool {
	m, ok := g.Rules().(RunningOrderDrawsModule)
	return ok && m.RunningOrderDrawsDue()
}

// KeepRunningOrderDraws keeps draws, by car, as session 1's running-order
// d20s (league 1-A), the map itself: the game fills it as it rolls.
func (g *Game) KeepRunningOrderDraws(draws map[int]int) {
	if m, ok := g.Rules().(RunningOrderDrawsModule); ok {
		m.KeepRunningOrderDraws(draws)
	}
}

// QualifyingLapModule is a rules module whose qualifying lap goes past
// the line (fdr AMB-46): it keeps where the lap ended.
type QualifyingLapModule interface {
	QualifyingLapLane() int
}

// QualifyingLapLane is the lane of the square a qualifying session's lap
// ended on past the line (fdr AMB-46), which AX-3's marathon carries to
// the next circuit (league AMB-56); 0 under a ruleset that keeps none.
func (g *Game) QualifyingLapLane() int {
	if m, ok := g.Rules().(QualifyingLapModule); ok {
		return m.QualifyingLapLane()
	}
	return 0
}
