package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
)

// startGame places a competition-rules race of cars on the grid 1, 2, …
// (the setup played up to the race tyres, hard for every car) on a track
// in weather wx, with the variants given, and plays with the rolls given
// until the first decision: the formation laps and start rolls of 9-A,
// then the first play's.
func startGame(t *testing.T, specs []string, cars int, wx WeatherState, rolls ...int) *Game {
	t.Helper()
	g := setupPlayedToRaceTyres(t, "start", fdrVariantCfg(t, specs...), cars)
	g.SetWeather(wx)
	g.SetRaceGrid(CarNumbers(cars))
	src := dice.NewScripted(append(rolls, 2)...) // and the first move's 1st-gear die
	chooseRaceTyres(t, g, func(int) Tyre { return Hard }, src)
	assert.Zero(t, src.Remaining(), "every scripted roll used")
	return g
}

// 9-A (league AMB-27), hook StartRule: the formation-lap stall roll equal
// to the number of cars sends the car to the back; with a staller, the
// first 20 of the start rolls is a jump start and the start is given
// again; without one, a 20 is the cannon start (R9.5's four spaces); a
// third start cuts the race to two laps.
func TestVariant9AFormationLap(t *testing.T) {
	t.Run("no stall: the grid stands, the start rolls wait for each first play", func(t *testing.T) {
		g := startGame(t, []string{"9-A"}, 4, Fine, 5, 6, 7, 8, 10, 20, 11, 12)
		ev := eventsText(g)
		assert.Equal(t, []int{1, 2, 3, 4}, g.RaceGrid())
		assert.Contains(t, ev, "formation start=1")
		assert.NotContains(t, ev, "formation-stall")
		assert.Contains(t, ev, "start car=1 result=normal")
		assert.Equal(t, 20, g.car(2).formationRoll(), "the cannon start, kept for car 2's first play")
		assert.Contains(t, exactPosition(t, g), "start-roll=20")
	})
	t.Run("a 4 with 4 cars: car 1 starts last", func(t *testing.T) {
		g := startGame(t, []string{"9-A"}, 4, Fine, 4, 6, 7, 8, 10, 11, 12, 13)
		assert.Equal(t, []int{2, 3, 4, 1}, g.RaceGrid())
		assert.Contains(t, eventsText(g), "formation-stall car=1")
		assert.Contains(t, eventsText(g), "grid order=2,3,4,1")
	})
	t.Run("a staller and a 20: a jump start, the start again from the original grid", func(t *testing.T) {
		g := startGame(t, []string{"9-A"}, 4, Fine,
			4, 6, 7, 8, 10, 20, // car 1 stalls; car 2 (first now) rolls 10, car 3 a 20
			5, 6, 7, 8, 10, 11, 12, 13)
		ev := eventsText(g)
		assert.Contains(t, ev, "jump-start car=3 start=1")
		assert.Contains(t, ev, "formation start=2")
		assert.Equal(t, []int{1, 2, 3, 4}, g.RaceGrid(), "the original grid, the staller back in place")
		assert.Equal(t, 3, g.Config.Laps, "the second start: three laps")
	})
	t.Run("the third start: two laps", func(t *testing.T) {
		jump := []int{4, 6, 7, 8, 20}
		rolls := append(append(append([]int{}, jump...), jump...), 5, 6, 7, 8, 10, 11, 12, 13)
		g := startGame(t, []string{"9-A"}, 4, Fine, rolls...)
		assert.Contains(t, eventsText(g), "race-shortened start=3 laps=2")
		assert.Equal(t, 2, g.Config.Laps)
		assert.Contains(t, exactPosition(t, g), "race-laps=2", "a resumed race keeps its two laps")
	})
	t.Run("without 9-A: no formation lap, the start roll at the first play", func(t *testing.T) {
		g := startGame(t, nil, 4, Fine, 10)
		assert.NotContains(t, eventsText(g), "formation")
		assert.Contains(t, eventsText(g), "roll play=1 car=1 for=start n=0 die=black value=10")
	})
}

// 9-A's wheelspin: on a wet track a car on dry tyres misses its start on
// 1 or 2 (R9.2 says 1); on rain tyres, or without 9-A, a 2 starts.
func TestVariant9AWheelspinOnDryTyresInRain(t *testing.T) {
	for _, tc := range []struct {
		name   string
		specs  []string
		tyre   Tyre
		result string
	}{
		{"9-A, dry tyres: a 2 misses", []string{"9-A"}, Hard, "stall"},
		{"9-A, rain tyres: a 2 starts", []string{"9-A"}, RainTyre, "normal"},
		{"without 9-A, dry tyres: a 2 starts", nil, Hard, "normal"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rolls := []int{2}
			if tc.specs != nil {
				rolls = []int{5, 2} // the formation roll, then the start roll
			}
			g := setupPlayedToRaceTyres(t, "start", fdrVariantCfg(t, tc.specs...), 1)
			g.SetWeather(Wet)
			g.SetRaceGrid([]int{1})
			src := dice.NewScripted(append(rolls, 2)...) // the 1st-gear die (after a missed start, at the next play)
			chooseRaceTyres(t, g, func(int) Tyre { return tc.tyre }, src)
			assert.Equal(t, tc.tyre, g.car(1).Tyre, "the tyres its player chose")
			assert.Zero(t, src.Remaining())
			assert.Contains(t, eventsText(g), "start car=1 result="+tc.result)
		})
	}
}

// exactPosition is the game's position as record lines.
func exactPosition(t *testing.T, g *Game) string {
	t.Helper()
	p := g.Position()
	out := ""
	for _, e := range p.Events() {
		out += e.String() + "\n"
	}
	return out
}

// A race resumed from a position between the formation lap and a car's
// first play keeps the start roll rolled for it (start-roll=) and the
// shortened race (race-laps=).
func TestVariant9APositionKeepsTheStart(t *testing.T) {
	c := fdrLab(t)
	cp := CarPosition{Car: 1, Space: "long.5.1", Wear: fdrDefaultBuild(), StartRoll: 20}
	h := fdrPlayCfg(t, c, fdrVariantCfg(t, "9-A"), Position{Round: 1, RaceLaps: 2, Cars: []CarPosition{cp}})
	evs := h.since()
	assert.Contains(t, evs, "start car=1 result=super", "the cannon start of the formation lap")
	assert.Empty(t, rolledFor(evs, "start"), "no second start roll")
	assert.Equal(t, 2, h.g.Config.Laps)

	g, err := NewGame("t", fdrVariantCfg(t, "9-A"), c, 1)
	require.NoError(t, err)
	g.Config.Laps = 1
	assert.ErrorContains(t, g.StartFrom(Position{Round: 1, RaceLaps: 2, Cars: []CarPosition{cp}}, nil), "race-laps=2")
	g, err = NewGame("t", fdrVariantCfg(t, "9-A"), c, 1)
	require.NoError(t, err)
	cp.Gear = 2
	assert.ErrorContains(t, g.StartFrom(Position{Round: 1, Cars: []CarPosition{cp}}, nil), "not started yet")
}
