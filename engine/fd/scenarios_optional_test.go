package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
)

// The derived scenarios of the optional rules (formula-d-2008.md §4.2,
// EX-F-29 to EX-F-34). The street module (EX-F-35 on) is not in the engine.

// EX-F-29 — Car building (O-BLD, T-08).
func TestEXF29CarBuilding(t *testing.T) {
	assert.NoError(t, ValidateBuild(Wear{14, 1, 1, 1, 1, 2}))
	for _, w := range []Wear{
		{15, 1, 1, 1, 1, 1}, // tyres over 14
		{6, 8, 1, 1, 2, 2},  // brakes over 7
		{10, 0, 3, 3, 2, 2}, // a category at 0
		{6, 3, 3, 3, 3, 3},  // 21
		{6, 3, 3, 3, 3, 1},  // 19
	} {
		assert.Error(t, ValidateBuild(w), "%v", w)
	}
	for _, w := range BuildPresets {
		assert.NoError(t, ValidateBuild(w), "preset %v", w)
	}
}

// EX-F-30 — Qualifying score and grid (O-QUA-04..06).
func TestEXF30QualifyingScore(t *testing.T) {
	assert.Equal(t, 13, QualifyingResult{Rolls: 11, Penalty: 2}.Score())
	cfg := DefaultConfig()
	cfg.Optional.Qualifying = true
	g, err := NewGame("t", cfg, ovalTrack(t), 3)
	require.NoError(t, err)
	// P1 13, P2 ended its attempt in a 2-stop corner, P3 13 too: P1 and P3
	// roll off (3 then 17: P3 first), P2 starts last
	g.qualiResults = map[int]QualifyingResult{
		1: {Car: 1, Rolls: 11, Penalty: 2},
		2: {Car: 2, Rolls: 4, Ended: true},
		3: {Car: 3, Rolls: 13},
	}
	src := dice.NewScripted(3, 17)
	order, err := g.qualifyingOrder(src)
	require.NoError(t, err)
	assert.Equal(t, []int{3, 1, 2}, order)
	assert.Zero(t, src.Remaining())
}

// EX-F-31 — Weather ladder (O-WX-04, AMB-24).
func TestEXF31WeatherLadder(t *testing.T) {
	c := inlineTrack(t, longTrack) // weather sun 1-12 changeable 13-16 rain 17-20
	cfg := DefaultConfig()
	cfg.Optional.Weather = true
	g, err := NewGame("t", cfg, c, 2)
	require.NoError(t, err)
	h := &harness{t: t, g: g, c: c}
	cars := []CarPosition{at("back.0.1", 6).laps(1), at("main.5.1", 5)}
	cars[0].Car, cars[1].Car = 1, 2
	require.NoError(t, g.StartFrom(Position{Round: 1, Weather: Overcast, Cars: cars}, dice.NewScripted()))
	h.mark = 3
	// A rolls 30 in 6th: engine tests with the dry thresholds (a 4 loses),
	// then the weather roll: rain → changeable rain
	h.gear(6, 30)
	h.moveN("back.30.1", 30, 4, 4, 18)
	evs := h.since()
	assert.Equal(t, 2, h.car(1).Wear[Engine], "4 loses in the dry")
	assert.Equal(t, 2, h.car(2).Wear[Engine])
	assert.Equal(t, ChangeableWet, g.Weather())
	assert.Contains(t, evs, "weather session=race state=changeable-rain was=changeable")
	// the ladder, one trigger at a time
	for _, step := range []struct {
		roll int
		want WeatherState
	}{{14, ChangeableWet}, {5, Overcast}, {5, Fine}} {
		src := dice.NewScripted(step.roll)
		require.NoError(t, g.weatherChange(src))
		assert.Equal(t, step.want, g.Weather())
	}
	// fine is permanent: no more weather rolls
	src := dice.NewScripted()
	require.NoError(t, g.weatherChange(src))
	assert.Equal(t, Fine, g.Weather())
}

// EX-F-32 — Soft tyres in the dry (O-TYR-04, AMB-25).
func TestEXF32SoftTyresDry(t *testing.T) {
	c := ovalTrack(t)
	cfg := DefaultConfig()
	cfg.Optional.Tyres = true
	cfg.Laps = 3
	soft := func(age int) CarPosition {
		cp := at("start.2.2", 4)
		cp.Tyre, cp.TyreAge = Soft, age
		return cp
	}
	t.Run("age 0: +1 optional, overshoot ×2", func(t *testing.T) {
		h := play(t, c, cfg, []CarPosition{soft(0)}, nil)
		h.gear(4, 9)
		bonus := 0
		for _, op := range h.pending().Options {
			if op.Bonus {
				bonus++
				assert.Len(t, op.Path, 10)
			}
		}
		assert.Positive(t, bonus, "moves of 10 are offered")
		op := h.option("back.1.2", 9)
		assert.Equal(t, Wear{Tyres: 4}, op.Cost, "n=2 costs 4")
	})
	t.Run("age 1: no bonus, ×2", func(t *testing.T) {
		h := play(t, c, cfg, []CarPosition{soft(1).laps(1)}, nil)
		h.gear(4, 8)
		for _, op := range h.pending().Options {
			assert.False(t, op.Bonus)
			assert.LessOrEqual(t, len(op.Path), 8)
		}
		assert.Equal(t, Wear{Tyres: 2}, h.option("back.0.2", 8).Cost)
	})
	t.Run("age 2: ×3", func(t *testing.T) {
		h := play(t, c, cfg, []CarPosition{soft(2).laps(2)}, nil)
		h.gear(4, 8)
		assert.Equal(t, Wear{Tyres: 3}, h.option("back.0.2", 8).Cost)
	})
}

// EX-F-33 — Rain slide (O-TYR-03/07/08).
func TestEXF33RainSlide(t *testing.T) {
	c := ovalTrack(t)
	cfg := DefaultConfig()
	cfg.Optional.Tyres, cfg.Optional.Weather = true, true
	for _, tc := range []struct {
		tyre  Tyre
		slide int
	}{{Hard, 3}, {RainTyre, 1}} {
		t.Run(tc.tyre.String(), func(t *testing.T) {
			cp := at("back.8.1", 3)
			cp.Tyre = tc.tyre
			g, err := NewGame("t", cfg, c, 1)
			require.NoError(t, err)
			cp.Car = 1
			require.NoError(t, g.StartFrom(Position{Round: 1, Weather: Wet, Cars: []CarPosition{cp}}, dice.NewScripted()))
			h := &harness{t: t, g: g, c: c}
			// from back.8.1 a move of 6 stays on the straight (back.14);
			// the South Bend starts 8 spaces away
			h.gear(3, 6)
			for _, op := range h.pending().Options {
				touches := g.touchesCorner(op.Path)
				if touches {
					assert.Equal(t, tc.slide, op.Slide, "%s", h.name(op.End))
					assert.Equal(t, 6+tc.slide-op.Braked, len(op.Path), "%s", h.name(op.End))
				} else {
					assert.Zero(t, op.Slide)
					assert.Equal(t, 6-op.Braked, len(op.Path), "%s", h.name(op.End))
				}
			}
			assert.Equal(t, 0, h.option("back.14.1", 6).Braked)
			if tc.slide == 3 {
				assert.Equal(t, 0, h.option("south.1.1", 9).Braked)
				assert.Equal(t, 1, h.option("south.0.1", 8).Braked)
			}
		})
	}
}

// EX-F-34 — Team points (O-TEAM-03, T-11).
func TestEXF34TeamPoints(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Optional.Team = true
	g, err := NewGame("t", cfg, ovalTrack(t), 10)
	require.NoError(t, err)
	// red (cars 1, 2) places 1st and 9th; blue (cars 3, 4) 2nd and 3rd
	places := []int{1, 9, 2, 3, 4, 5, 6, 7, 8, 10}
	var cars []CarPosition
	for i, p := range places {
		cars = append(cars, CarPosition{Car: i + 1, Wear: DefaultWear(), Status: Finished, Place: p, Laps: 2})
	}
	require.NoError(t, g.StartFrom(Position{Round: 20, Cars: cars}, dice.NewScripted()))
	require.True(t, g.Over)
	team := map[int]int{}
	for _, r := range g.Results() {
		require.NotNil(t, r.Points)
		team[r.Team] += *r.Points
	}
	assert.Equal(t, 10, team[1], "red: 10 + 0")
	assert.Equal(t, 14, team[2], "blue: 8 + 6")
	// O-TEAM-03: the engine totals the teams; blue wins though red won the race
	teams := g.TeamResults()
	require.Len(t, teams, 5)
	assert.Equal(t, TeamResult{Team: 2, Place: 1, Points: 14, Cars: []int{3, 4}, Best: 2}, teams[0])
	assert.Equal(t, TeamResult{Team: 1, Place: 2, Points: 10, Cars: []int{1, 2}, Best: 1}, teams[1])
	var order []int
	for _, tr := range teams {
		order = append(order, tr.Team)
	}
	assert.Equal(t, []int{2, 1, 3, 4, 5}, order, "14, 10, 9, 5, 1 points")
}

// O-TEAM-03, AMB-27: a tie on points goes to the team with the better
// individual finish; an eliminated car scores 0.
func TestOTEAM03TeamTie(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Optional.Team = true
	g, err := NewGame("t", cfg, ovalTrack(t), 6)
	require.NoError(t, err)
	// team 1: 3rd and 5th, 6 + 4; team 2: 1st and out, 10 + 0; team 3:
	// 2nd and out, 8
	cars := []CarPosition{
		{Car: 1, Wear: DefaultWear(), Status: Finished, Place: 3, Laps: 2},
		{Car: 2, Wear: DefaultWear(), Status: Finished, Place: 5, Laps: 2},
		{Car: 3, Wear: DefaultWear(), Status: Finished, Place: 1, Laps: 2},
		{Car: 4, Wear: DefaultWear(), Status: Eliminated, Laps: 1},
		{Car: 5, Wear: DefaultWear(), Status: Finished, Place: 2, Laps: 2},
		{Car: 6, Wear: DefaultWear(), Status: Eliminated, Laps: 1},
	}
	require.NoError(t, g.StartFrom(Position{Round: 20, Cars: cars}, dice.NewScripted()))
	require.True(t, g.Over)
	teams := g.TeamResults()
	require.Len(t, teams, 3)
	assert.Equal(t, TeamResult{Team: 2, Place: 1, Points: 10, Cars: []int{3, 4}, Best: 1}, teams[0], "tie on 10: the 1st place wins it")
	assert.Equal(t, TeamResult{Team: 1, Place: 2, Points: 10, Cars: []int{1, 2}, Best: 3}, teams[1])
	assert.Equal(t, TeamResult{Team: 3, Place: 3, Points: 8, Cars: []int{5, 6}, Best: 2}, teams[2])
	cfg.Optional.Team = false
	g2, err := NewGame("t", cfg, ovalTrack(t), 2)
	require.NoError(t, err)
	assert.Nil(t, g2.TeamResults(), "no team race, no teams")
}
