package fd

import (
	"testing"

	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/stretchr/testify/assert"
)

// Issue 16: the team points a player spends or counts on at a stop are
// told in the car's state (CarStatus): 19-F's engineer points left after
// the tune and the points spent, 19-G's mechanics points with the car's
// own quick stops of the race and the faces they add (R19.15: 5 ⇒ +1),
// 23-B(c)'s team points, 23-B(a)'s build point.
func TestCarStateSaysTeamPoints(t *testing.T) {
	c := fdrLab(t)
	pos := Position{Round: 1, Cars: []CarPosition{fdrAt("long.2.1", 3).flag("engineer-point").flag("mechanics-point"), fdrAt("long.0.0", 2)}}

	g := fdrPlayCfg(t, c, fdrVariantCfg(t, "19-F:points=3/2,tune=engine/-", "19-G:points=4/0"), pos).g
	assert.Equal(t, []phrase.Phrase{phrase.New("status.engineers-left", 1), phrase.New("status.mechanics", 5, 1)}, g.CarState(1),
		"car 1: 3 engineer points, 1 tuned, 1 spent; 4 mechanics points and its quick stop's, 5: +1")
	assert.Equal(t, []phrase.Phrase{phrase.New("status.engineers-left", 2), phrase.New("status.mechanics", 0, 0)}, g.CarState(2))

	g = fdrPlayCfg(t, c, fdrVariantCfg(t, "19-F:points=3/0"), pos).g
	assert.Empty(t, g.CarState(2), "19-F: no share, nothing said")

	g = fdrPlayCfg(t, c, fdrVariantCfg(t, "23-B:scheme=c,quick=2/0"), pos).g
	assert.Equal(t, []phrase.Phrase{phrase.New("status.team-points", 2)}, g.CarState(1))
	assert.Equal(t, []phrase.Phrase{phrase.New("status.team-points", 0)}, g.CarState(2))

	g = fdrPlayCfg(t, c, fdrVariantCfg(t, "23-B:scheme=a,build=1/0"), pos).g
	assert.Equal(t, []phrase.Phrase{phrase.New("status.team-build-point")}, g.CarState(1))
	assert.Empty(t, g.CarState(2), "23-B(a): no build point, nothing said")
}

// Under 5-D (CarStateFor) the build's part of a car's state, 19-F's
// engineer points and 23-B(a)'s build point, is told only to the reader
// who sees the car's build, as the boosters are; 19-G's and 23-B(c)'s
// points, the league's standings, to everyone.
func TestCarStateHidesTheBuildUnder5D(t *testing.T) {
	c := fdrLab(t)
	pos := Position{Round: 1, Cars: []CarPosition{fdrAt("long.2.1", 3), fdrAt("long.0.0", 2)}}
	for _, tc := range []struct {
		specs  []string
		hidden bool
	}{
		{[]string{"5-D", "19-F:points=3/3"}, true},
		{[]string{"5-D", "23-B:scheme=a,build=1/1"}, true},
		{[]string{"5-D", "19-G:points=5/5"}, false},
		{[]string{"5-D", "23-B:scheme=c,quick=1/1"}, false},
	} {
		g := fdrPlayCfg(t, c, fdrVariantCfg(t, tc.specs...), pos).g
		assert.NotEmpty(t, g.CarStateFor(1, 1), "%v: its own car", tc.specs)
		assert.Equal(t, g.CarState(1), g.CarStateFor(GameMaster, 1), "%v: the game master sees all", tc.specs)
		if tc.hidden {
			assert.Empty(t, g.CarStateFor(2, 1), "%v: another car's build", tc.specs)
		} else {
			assert.Equal(t, g.CarState(1), g.CarStateFor(2, 1), "%v: public", tc.specs)
		}
	}
}
