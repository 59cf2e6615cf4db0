package fd

import (
	"reflect"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/phrase"
)

// boxesGame is a game at the pit allocation (R4.1's stage), the grid given,
// reached as a game starts: without a qualifying session nothing is asked
// before the pits, the grid is rolled (a black die each, highest first) and
// the weather rolled for the pole, then the rolls given are 4-A's.
func boxesGame(t *testing.T, spec string, grid []int, rolls ...int) (*Game, *dice.Scripted) {
	t.Helper()
	g, err := NewGame("pits", noSessionCfg(t, spec), fdrLab(t), len(grid))
	require.NoError(t, err)
	src := dice.NewScripted(slices.Concat(gridRolls(grid), []int{10}, rolls)...) // the weather: any face
	require.NoError(t, g.Start(src))
	require.Equal(t, grid, g.RaceGrid(), "the grid rolled")
	return g, src
}

// noSessionCfg is fdr with spec and no qualifying session: the grid is
// rolled (R2.1's grid without qualifying).
func noSessionCfg(t *testing.T, spec string) Config {
	t.Helper()
	cfg := fdrVariantCfg(t, spec)
	cfg.Sessions = 0
	return cfg
}

// gridRolls are the grid's black dice, in car order, that roll grid: the
// first on the grid rolls 20, the next 19 …
func gridRolls(grid []int) []int {
	rolls := make([]int, len(grid))
	for place, n := range grid {
		rolls[n-1] = 20 - place
	}
	return rolls
}

func boxes(g *Game) []int {
	var out []int
	for i := range g.Cars {
		out = append(out, g.Cars[i].box)
	}
	return out
}

// 4-A(a), (b): the slots are assigned by the team ranking, the leader's
// nearest the entry, the team's first car in the first box; teams the
// ranking leaves out follow by a d20 each, ties re-rolled.
func TestVariant4AAssignedByRank(t *testing.T) {
	g, _ := boxesGame(t, "4-A:mode=a,ranking=2/1", []int{1, 2, 3, 4})
	assert.Equal(t, []int{3, 4, 1, 2}, boxes(g), "team 2 (cars 3, 4) leads: boxes 1 and 2")
	assert.Contains(t, eventsText(g), "pit-teams mode=a order=2,1")
	d := g.PendingAll()
	require.NotEmpty(t, d)
	assert.Equal(t, DecideBuild, d[0].Kind, "assigned, nobody chooses")
	assert.Equal(t, g.Track.Pit.Boxes[1], g.ownBox(g.car(4)))

	// the first GP: team 1 rolls 5, teams 2 and 3 roll 17 and re-roll 4 and 9
	g, src := boxesGame(t, "4-A:mode=b", []int{1, 2, 3, 4, 5, 6}, 5, 17, 17, 4, 9)
	assert.Zero(t, src.Remaining())
	assert.Contains(t, eventsText(g), "pit-teams mode=b order=3,2,1")
	assert.Equal(t, []int{5, 6, 3, 4, 1, 2}, boxes(g))
}

// 4-A(c): the teams choose in ranking order (at the first GP by a d20),
// each its slot among the free ones; the first car answers for the team.
func TestVariant4AChooseByRank(t *testing.T) {
	g, src := boxesGame(t, "4-A:mode=c,ranking=2/1", []int{1, 2, 3, 4})
	d := g.PendingAll()
	require.Len(t, d, 1)
	assert.Equal(t, 3, d[0].Car, "team 2's first car chooses first")
	var slots []int
	for _, op := range d[0].Options {
		slots = append(slots, op.Box)
	}
	assert.Equal(t, []int{1, 3, 5, 7, 9}, slots, "five two-box slots")
	require.Error(t, g.Submit(Order{Car: 1, Letter: "A"}, src), "team 1 waits its turn")
	require.NoError(t, g.Submit(Order{Car: 3, Letter: "B"}, src))
	d = g.PendingAll()
	require.Len(t, d, 1)
	assert.Equal(t, 1, d[0].Car)
	for _, op := range d[0].Options {
		assert.NotEqual(t, 3, op.Box, "slot 3–4 is taken")
	}
	o, ok := Autopilot(g)
	require.True(t, ok)
	require.NoError(t, g.Submit(o, src))
	assert.Equal(t, []int{1, 2, 3, 4}, boxes(g), "team 2 took 3–4, team 1 the free slot nearest the entry")
	assert.Contains(t, eventsText(g), "pit-box car=4 box=4")

	g, _ = boxesGame(t, "4-A:mode=c", []int{1, 2, 3, 4}, 6, 14)
	assert.Contains(t, eventsText(g), "pit-teams mode=c order=2,1", "the first GP: the higher d20 first")
	assert.Equal(t, 3, g.PendingAll()[0].Car)
}

// 4-A(d): worst first. At the first GP by the sum of the team's grid
// places, a missing teammate last on the grid (AMB-12); later the reverse
// of the standings.
func TestVariant4AWorstFirst(t *testing.T) {
	// places: car 1 1st, car 3 2nd, car 5 3rd, car 2 4th, car 4 5th; team 3
	// (car 5 alone) counts 3 + 6 = 9, team 2 2 + 5 = 7, team 1 1 + 4 = 5
	g, _ := boxesGame(t, "4-A:mode=d", []int{1, 3, 5, 2, 4})
	assert.Contains(t, eventsText(g), "pit-teams mode=d order=3,2,1")
	assert.Equal(t, 5, g.PendingAll()[0].Car)

	// equal sums: the team whose better car is further back first
	// (team 1: 1st and 4th; team 2: 2nd and 3rd)
	g, _ = boxesGame(t, "4-A:mode=d", []int{1, 3, 4, 2})
	assert.Contains(t, eventsText(g), "pit-teams mode=d order=2,1")

	g, _ = boxesGame(t, "4-A:mode=d,ranking=1/2/3", []int{1, 2, 3, 4, 5, 6})
	assert.Contains(t, eventsText(g), "pit-teams mode=d order=3,2,1", "the last of the standings first")
}

func TestVariant4ARefusesABadRanking(t *testing.T) {
	cfg := fdrConfig()
	assert.ErrorContains(t, cfg.EnableVariant("4-A:ranking=1/1"), "team 1 twice")
	assert.ErrorContains(t, cfg.EnableVariant("4-A:ranking=x"), "not a team number")
	assert.ErrorContains(t, cfg.EnableVariant("4-A:mode=e"), "must be one of a, b, c, d")
}

// 4-A with a teammate absent (AMB-12): the league names each car's team
// (teams=1/1/2/3/3: team 2 has one car), so the pairs after it do not
// shift; the lone car takes the first box of its team's slot, and under
// (d) at the first GP its missing teammate counts as last on the grid.
func TestVariant4AAbsentTeammate(t *testing.T) {
	g, _ := boxesGame(t, "4-A:mode=a,ranking=3/1/2,teams=1/1/2/3/3", []int{1, 2, 3, 4, 5})
	assert.Equal(t, []int{3, 4, 5, 1, 2}, boxes(g), "team 3 (cars 4, 5) leads, then team 1 (cars 1, 2), then team 2's lone car 3")
	assert.Contains(t, eventsText(g), "pit-teams mode=a order=3,1,2")

	g, src := boxesGame(t, "4-A:mode=c,ranking=2/3/1,teams=1/1/2/3/3", []int{1, 2, 3, 4, 5})
	d := g.PendingAll()
	require.Len(t, d, 1)
	assert.Equal(t, 3, d[0].Car, "team 2's lone car chooses for its team")
	require.NoError(t, g.Submit(Order{Car: 3, Letter: "A"}, src))
	assert.Equal(t, 4, g.PendingAll()[0].Car, "then team 3's first car, car 4, not car 5")

	// (d) at the first GP: sums of grid places, team 2's absent teammate
	// last (6th of 5 cars): team 1 3+5=8, team 2 1+6=7, team 3 2+4=6
	g, _ = boxesGame(t, "4-A:mode=d,teams=1/1/2/3/3", []int{3, 4, 1, 5, 2})
	assert.Contains(t, eventsText(g), "pit-teams mode=d order=1,2,3")

	// the header names the teams only when given: records of games made
	// before the parameter keep their header
	assert.Contains(t, fdrVariantCfg(t, "4-A:mode=c,teams=1/1/2").Options(), "variant.4-A=mode=c,ranking=,teams=1/1/2")
	assert.Contains(t, fdrVariantCfg(t, "4-A:mode=c").Options(), "variant.4-A=mode=c,ranking=")

	_, err := NewGame("pits", fdrVariantCfg(t, "4-A:teams=1/1/2"), fdrLab(t), 4)
	assert.ErrorContains(t, err, "teams names 3 cars, the race has 4")
	cfg := fdrConfig()
	assert.ErrorContains(t, cfg.EnableVariant("4-A:teams=1/1/1"), "team 1 has more than two cars")
}

// 4-A's hook, alone: a slot is the team's two pits, the teams are the
// parameter's, a bad ranking is refused when the module is built; a base
// game has no PitBoxRule, and its box option says one pit.
func TestPitBoxesByTeamHook(t *testing.T) {
	pitBoxes, ok := LookupVariant("4-A")
	require.True(t, ok)
	m, err := pitBoxes.build(map[string]string{"mode": "c", "ranking": "", "teams": "1/1/2"})
	require.NoError(t, err)
	r, ok := m.(PitBoxRule)
	require.True(t, ok)
	assert.Equal(t, phrase.New("opt.team-boxes", 3, 4), r.BoxFact(3))
	assert.Equal(t, []int{1, 1, 2}, r.Teams())
	_, err = pitBoxes.build(map[string]string{"mode": "c", "ranking": "1/1"})
	assert.EqualError(t, err, `variant 4-A: ranking "1/1": team 1 twice`)

	c := fdrLab(t)
	plain, err := NewGame("plain", fdrConfig(), c, 3)
	require.NoError(t, err)
	assert.Equal(t, phrase.New("opt.box", 3), plain.boxFact(3))
	assert.Equal(t, 2, plain.teamOfCar(3), "cars 3 and 4 are team 2")
	teams, err := NewGame("teams", fdrVariantCfg(t, "4-A:teams=1/1/2"), c, 3)
	require.NoError(t, err)
	assert.Equal(t, phrase.New("opt.team-boxes", 3, 4), teams.boxFact(3))
	assert.Equal(t, 1, teams.teamOfCar(2))
	assert.Equal(t, 2, teams.teamOfCar(3))
	_, err = NewGame("teams", fdrVariantCfg(t, "4-A:teams=1/1/2"), c, 4)
	assert.EqualError(t, err, "variant 4-A: teams names 3 cars, the race has 4")
}

// 4-A's settled order and its next team live in the game's own state of
// the module (StatefulModule), not in fdr's state nor in the module value
// every game of the configuration shares: a second game of the same
// configuration starts with nothing settled, and a qualifying session's
// game gets a state of its own, never its race's. What the state settles
// is read where the players read it: the pit-teams line and the team
// asked for its slot.
func TestVariant4AStateIsPerGame(t *testing.T) {
	g, src := boxesGame(t, "4-A:mode=c,ranking=2/1", []int{1, 2, 3, 4})
	st := onlyModuleState(t, g)
	unsettled := variantModule(t, "4-A:mode=c,ranking=2/1").(StatefulModule).NewState()
	assert.Contains(t, eventsText(g), "pit-teams mode=c order=2,1")
	assert.Equal(t, []int{3}, pendingCars(g), "team 2 (cars 3 and 4) asked first")
	require.NoError(t, g.Submit(Order{Car: 3, Letter: "A"}, src))
	assert.Equal(t, []int{1}, pendingCars(g), "then team 1 (cars 1 and 2)")
	assert.NotEqual(t, unsettled, st, "the race's state holds what it settled")

	other, err := NewGame("other", g.Config, g.Track, 4)
	require.NoError(t, err)
	fresh := onlyModuleState(t, other)
	assert.NotSame(t, st, fresh, "each game its own state")
	assert.Equal(t, unsettled, fresh, "nothing settled in a new game of the same configuration")

	sub := g.newQualiSession(g.car(1))
	own := onlyModuleState(t, sub)
	assert.NotSame(t, st, own, "a qualifying session's state is its own")
	assert.Equal(t, unsettled, own, "nothing settled in the session")

	plain, err := NewGame("plain", fdrConfig(), g.Track, 4)
	require.NoError(t, err)
	assert.Nil(t, plain.moduleStates, "a game without a stateful module holds no state")
}

// onlyModuleState is the one module state game g holds (NewGame makes
// it), a pointer as every StatefulModule's state.
func onlyModuleState(t *testing.T, g *Game) any {
	t.Helper()
	require.Len(t, g.moduleStates, 1, "NewGame makes the module's state")
	st := g.moduleStates[0]
	require.Equal(t, reflect.Pointer, reflect.ValueOf(st).Kind(), "a state the game writes in place")
	return st
}

// pendingCars are the cars g waits on.
func pendingCars(g *Game) []int {
	var cars []int
	for _, d := range g.PendingAll() {
		cars = append(cars, d.Car)
	}
	return cars
}

// A game built by hand without its module's state is refused at the box
// stage, not played with a state shared or made on the fly.
func TestVariant4AWithoutItsStateIsRefused(t *testing.T) {
	g, err := NewGame("pits", noSessionCfg(t, "4-A:mode=c"), fdrLab(t), 4)
	require.NoError(t, err)
	g.moduleStates = nil
	src := dice.NewScripted(slices.Concat(gridRolls([]int{1, 2, 3, 4}), []int{10, 6, 14})...) // the grid, the weather, 4-A's d20s
	assert.ErrorContains(t, g.Start(src), "no state of its module")
}

// Reading a 4-A game waiting on a team's slot from many goroutines at
// once (as bot and render do) writes nothing: the module's state is only
// written by the box stage and the orders (go test -race).
func TestVariant4APendingReadFromManyGoroutines(t *testing.T) {
	g, _ := boxesGame(t, "4-A:mode=c,ranking=2/1", []int{1, 2, 3, 4})
	st := reflect.ValueOf(onlyModuleState(t, g)).Elem() // the state as it points
	before := st.Interface()
	want := g.PendingAll()
	const readers = 8
	got := make([][]Decision, readers)
	done := make(chan struct{})
	for i := range readers {
		go func() {
			defer func() { done <- struct{}{} }()
			for range 20 {
				got[i] = g.PendingAll()
			}
		}()
	}
	for range readers {
		<-done
	}
	for i := range readers {
		assert.Equal(t, want, got[i], "reader %d", i)
	}
	assert.Equal(t, before, st.Interface(), "reads leave the state as it was")
}

// A 4-A race (the teams choose their slots) snapshotted after its setup
// loads and plays on the same: the module's state is the setup's, which
// a position never needs, and a loaded game makes its own.
func TestVariant4ASnapshotResumesIdentically(t *testing.T) {
	_, circuit := largestCircuit(t)
	cfg := fdrVariantCfg(t, "4-A:mode=c,ranking=2/1")
	cfg.Laps = 1
	g, rec, points, _ := snapshotRace(t, cfg, circuit, 4, "snapshot 4-A")
	require.Contains(t, eventsText(g), "pit-teams mode=c order=2,1")
	require.NotEmpty(t, points)
	for _, i := range []int{0, len(points) / 2, len(points) - 1} {
		p := points[i]
		again, err := Replay(fromSnapshot(rec, p), circuit)
		require.NoError(t, err, "snapshot at event %d", p.at)
		require.True(t, again.Over)
		assert.Equal(t, g.Results(), again.Results(), "snapshot at event %d", p.at)
		assert.Equal(t, g.Position(), again.Position(), "snapshot at event %d", p.at)
	}
}
