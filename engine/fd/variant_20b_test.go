package fd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// 20-B (a), hook SpareCar: car 1 ends on long.5.0 beside car 2 (long.5.1)
// and behind car 3 (long.6.0, one body point left); car 3's collision test
// (R14.3) rolls a 1 and eliminates it. The pit entry of fdrlab is home.1,
// at the end of the lap: on the first lap nobody has reached it, so under
// 20-B car 3 is back at once in its team's spare, in its box, with one
// engine point less; without 20-B it stays out. Once a car has done a lap
// the leader is past the pit entry, and a team whose spare is out already
// has none left. Cars 2 and 3 have not crossed the line yet, so car 1
// leads and plays first without having done a lap.
func TestVariant20BSpareCar(t *testing.T) {
	c := fdrLab(t)
	spare := func(cp CarPosition) CarPosition { cp.Flags = append(cp.Flags, "spare"); return cp }
	for _, tc := range []struct {
		name    string
		variant bool
		leader  CarPosition // car 1
		car4    *CarPosition
		back    bool
	}{
		{"without 20-B the car is out", false, fdrAt("long.2.0", 2), nil, false},
		{"20-B: out on the first lap, back in the spare", true, fdrAt("long.2.0", 2), nil, true},
		{"20-B: the leader has passed the pit entry", true, fdrAt("long.2.0", 2).laps(1), nil, false},
		{"20-B: the team's spare is already out", true, fdrAt("long.2.0", 2), func() *CarPosition { p := spare(fdrAt("long.0.0", 2)); return &p }(), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := FDRConfig()
			if tc.variant {
				cfg = fdrVariantCfg(t, "20-B")
			}
			behind := func(cp CarPosition) CarPosition { cp.Flags = []string{"started"}; return cp }
			c3 := behind(fdrAt("long.6.0", 2))
			c3.Wear[Body] = 1
			cars := []CarPosition{tc.leader, behind(fdrAt("long.5.1", 2)), c3}
			if tc.car4 != nil {
				cars = append(cars, *tc.car4)
			}
			h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Weather: Fine, Cars: cars})
			h.gear(2, 3)
			h.since()
			h.submit(Order{Car: 1, Letter: h.option("long.5.0", 3).Letter}, 1, 20, 20)
			evs := strings.Join(h.since(), "\n")
			assert.Contains(t, evs, "eliminated car=3", "R14.3: car 3's collision test fails")
			car3 := h.car(3)
			if !tc.back {
				assert.Equal(t, Eliminated, car3.Status)
				assert.NotContains(t, evs, "spare-car")
				return
			}
			assert.Contains(t, evs, "spare-car car=3 gear=4 engine=1", "20-B: the spare, one engine point less")
			assert.Equal(t, Racing, car3.Status)
			assert.True(t, car3.Spare)
			assert.Equal(t, h.g.ownBox(car3), car3.Space, "the spare starts in its pit box")
			assert.Equal(t, FDRDefaultBuild()[Engine]-1, car3.Wear[Engine])
			assert.Equal(t, FDRDefaultBuild()[Body], car3.Wear[Body], "the spare has the car's built body")
			assert.True(t, car3.SlowStop, "it leaves its box in 4th at most (R19.15)")
			// the position keeps the spare, so a saved game still knows it
			p := h.g.Position()
			assert.Contains(t, p.Cars[2].Flags, "spare")
		})
	}
}

func TestVariant20BRefusesTheFormsNotBuilt(t *testing.T) {
	cfg := FDRConfig()
	err := cfg.EnableVariant("20-B:mode=b1")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not built yet")
	require.Error(t, cfg.EnableVariant("20-B:teams=1/1/1"), "a team has two cars at most")
}
