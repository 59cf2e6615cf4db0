package fdr

import (
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// What the competition rules answer the league variants through the
// game's module value (host_fdr_variants.go): the variants ask the
// leader, the grid, a loss of points, an elimination … as rules notions,
// and fdr answers from its own state and functions, so neither names the
// other's internals (issue 13, the fdr-variants round). Each answer is
// the code the variant ran before, unchanged, so the records are the
// same.

// The module value answers every question the variants ask; a missing
// method would make the host fall back silently.
var (
	_ fd.RaceOrderModule         = (*fdrRules)(nil)
	_ fd.RaceGridModule          = (*fdrRules)(nil)
	_ fd.EliminationModule       = (*fdrRules)(nil)
	_ fd.RunningOrderDrawsModule = (*fdrRules)(nil)
	_ fd.QualifyingLapModule     = (*fdrRules)(nil)
)

// Leader is the race leader (R0.2, AMB-40; fdrLeader).
func (*fdrRules) Leader(g *fd.Game) *fd.Car { return fdrLeader(g) }

// CompareStanding is the race's order at this instant: distance (laps,
// then level, fdrStanding), then the order of play (R6.8, fdrKey), as the
// leader is found.
func (*fdrRules) CompareStanding(g *fd.Game, a, b *fd.Car) int {
	if d := fdrStanding(g, b) - fdrStanding(g, a); d != 0 {
		return d
	}
	if earlier(fdrKey(g, a), fdrKey(g, b)) {
		return -1
	}
	return 1
}

// LevelArrival is c's arrival rank at its level (R6.8).
func (*fdrRules) LevelArrival(c *fd.Car) int { return arrival(c) }

// RaceGrid is the race's grid (R1.13, R9.1), nil before it is known.
func (m *fdrRules) RaceGrid() []int { return m.race.grid }

// SetRaceGrid makes grid the race's grid (a restart's own order).
func (m *fdrRules) SetRaceGrid(grid []int) { m.race.grid = grid }

// GridSquares are the squares of grid's slots, as the setup placed the
// start (gridSpaces: the circuit's grid or a GridSpaceRule's).
func (*fdrRules) GridSquares(g *fd.Game, grid []int) ([]tracks.SpaceID, error) {
	return gridSpaces(g, grid)
}

// ReturnToGrid is a car back on slot of the grid as at the start: no
// reason (T8), its arrival in grid order (R9.1, R6.8), no restart roll
// (R10.14), no wreck (R12.6), no inertia (R16.4).
func (*fdrRules) ReturnToGrid(c *fd.Car, slot int) {
	setEliminationReason(c, "")
	levelArrival.Set(c, slot)
	spinRestart.Set(c, false)
	wreckOnBoard.Set(c, false)
	engineInertia.Set(c, InertiaNone)
}

// GridRestarted: the arrivals go on after the grid's (R6.8), and the grid
// event tells the restarted cars' squares (emitGrid).
func (m *fdrRules) GridRestarted(g *fd.Game, grid, restarted []int) {
	m.race.arrival = len(grid)
	emitGrid(g, restarted)
}

// EliminateCar is R20 and T8 (fdrEliminate).
func (*fdrRules) EliminateCar(g *fd.Game, c *fd.Car, reason, cause string) {
	fdrEliminate(g, c, reason, cause)
}

// LosePoints is R5.1, R5.3, R16.4 and R17.1 (fdrLose).
func (*fdrRules) LosePoints(g *fd.Game, c *fd.Car, cat fd.Category, n int, cause string, at tracks.SpaceID, bodyReason string) bool {
	return fdrLose(g, c, cat, n, cause, at, bodyReason)
}

// CollisionLimit is T6 (fdrCollisionLimit).
func (*fdrRules) CollisionLimit(g *fd.Game, at tracks.SpaceID, aggravated bool) int {
	return fdrCollisionLimit(g, at, aggravated)
}

// ClearElimination: no reason (T8), no inertia (R16.4), no wreck (R12.6).
func (*fdrRules) ClearElimination(c *fd.Car) {
	setEliminationReason(c, "")
	engineInertia.Set(c, InertiaNone)
	wreckOnBoard.Set(c, false)
}

// RunningOrderDrawsDue: session 1 opens and its d20s are not rolled yet
// (league 1-A).
func (m *fdrRules) RunningOrderDrawsDue() bool {
	return m.race.session == 1 && m.race.orderDraws == nil
}

// KeepRunningOrderDraws keeps session 1's d20s, the map itself (1-A).
func (m *fdrRules) KeepRunningOrderDraws(draws map[int]int) { m.race.orderDraws = draws }

// QualifyingLapLane is where the session's lap ended past the line
// (AMB-46; AX-3, league AMB-56).
func (m *fdrRules) QualifyingLapLane() int { return m.race.qLane }
