package ai

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// The test oval's South Bend (2 stops) spans levels 30–37.
const southFirst, southLast = 30, 37

// R-COR-02, R-OVS-03: inside the 2-stop South Bend with its first stop
// made and no brake left, 4th's every face (7–12) leaves the corner and
// costs tyres; the plan takes 3rd (4–8: 4–6 make the second stop) rather
// than overshoot.
func TestPlanMakesTheSecondStop(t *testing.T) {
	p := buildPlan(fd.DefaultConfig(), oval(t))
	d := southFirst + 1
	require.Equal(t, p.corner[d], p.corner[southLast])
	gear := p.gearFor(d, 4, 1, 0, 3)
	assert.Equal(t, 3, gear)
	assert.Greater(t, p.playCost(d, 4, 1, 0, 3), p.playCost(d, 3, 1, 0, 3), "4th dearer than 3rd")
	// with no stop made the overshoot eliminates (R-OVS-02): never 4th
	assert.Less(t, p.gearFor(d, 4, 0, 0, 3), 4)
}

// From level 23 of the back straight, 4th's every face (7–12) ends in the
// South Bend and scores its first stop (R-COR-02), while 3rd's 4–6 stop
// short of it, a play spent for nothing: the plan shifts up.
func TestPlanDoesNotStopShortOfTheCorner(t *testing.T) {
	p := buildPlan(fd.DefaultConfig(), oval(t))
	assert.Equal(t, 4, p.gearFor(southFirst-7, 3, 0, 3, 3))
	assert.Less(t, p.playCost(southFirst-7, 4, 0, 3, 3), p.playCost(southFirst-7, 3, 0, 3, 3))
}

// The same from a race, with scripted dice: a legend on back.9.1 (level
// 23) in 3rd takes 4th, and rolling 4th's lowest face (7) it ends inside
// the South Bend with its first stop made.
func TestLegendShiftsUpIntoTheCorner(t *testing.T) {
	c := oval(t)
	src := dice.NewScripted(7)
	g := start(t, c, src, racing("back.9.1", 3))
	o, ok := Driver{Level: Legend}.Order(g, 1)
	require.True(t, ok)
	require.Equal(t, 4, o.Gear)
	require.NoError(t, g.Submit(o, src))
	if dec := g.Pending(); dec != nil && dec.Car == 1 && dec.Kind == fd.DecideMove {
		mo, ok := Driver{Level: Legend}.Order(g, 1)
		require.True(t, ok)
		require.NoError(t, g.Submit(mo, src))
	}
	car := g.Cars[0]
	assert.Equal(t, "South Bend", c.Corners[max(car.Corner, 0)].Name)
	assert.Equal(t, 1, car.Stops)
}

// A plan is made once per circuit and rules and shared: every goroutine
// asking gets the same one, which nobody writes after it is made (run with
// -race).
func TestPlanIsSharedSafely(t *testing.T) {
	c := oval(t)
	cfg := fd.DefaultConfig()
	got := make([]*lapPlan, 4)
	var wg sync.WaitGroup
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = planFor(cfg, c)
			_ = got[i].at(0, 1, 0, 3, 3)
		}()
	}
	wg.Wait()
	for _, p := range got {
		assert.Same(t, got[0], p)
	}
	cfg.Laps = 3
	assert.NotSame(t, got[0], planFor(cfg, c), "another race length, another plan")
	assert.Equal(t, buildPlan(fd.DefaultConfig(), c).cost, got[0].cost, "deterministic")
}

// The plan is made once per circuit, on the first legend order that needs
// it: that order pays for it within its 500 ms budget (issue 20). Run
// with -cpu 1.
func BenchmarkPlanKestrelDowns(b *testing.B) {
	c, err := tracks.Get("kestrel-downs")
	require.NoError(b, err)
	for b.Loop() {
		buildPlan(fd.DefaultConfig(), c)
	}
}
