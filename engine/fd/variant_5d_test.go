package fd

import (
	"testing"

	"github.com/pitwall/pitwall/tracks"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// 5-D (the CarSecrecy hook): during the race a car's build and wear are
// its owner's and the game master's; another seat, or a reader with no
// car, does not see them. Without 5-D everyone sees every car.
func TestVariant5DHiddenConfiguration(t *testing.T) {
	c := fdrLab(t)
	p := func() Position {
		return Position{Round: 1, Weather: Fine, Cars: []CarPosition{fdrAt("c.0.1", 3), fdrAt("c.0.0", 3), fdrAt("c.1.1", 3)}}
	}
	on := fdrPlayCfg(t, c, fdrVariantCfg(t, "5-D"), p()).g
	off := fdrPlayCfg(t, c, fdrConfig(), p()).g
	for reader := GameMaster; reader <= 3; reader++ {
		for car := 1; car <= 3; car++ {
			assert.True(t, off.SeesCar(reader, car), "without 5-D: reader %d sees car %d", reader, car)
			want := reader == car || reader == GameMaster
			assert.Equal(t, want, on.SeesCar(reader, car), "5-D: reader %d, car %d", reader, car)
		}
	}
	assert.Equal(t, on.BuildTotal(1), off.BuildTotal(1), "the build total is public either way")
	assert.Positive(t, on.BuildTotal(1))

	// a car out of the race (here eliminated) is checked and shown
	on.Cars[1].Status = Eliminated
	assert.True(t, on.SeesCar(1, 2), "5-D: a car's build shows at the end of its race")
	assert.False(t, on.SeesCar(1, 3))
}

// 5-D with teams (4-A's pit teams, AMB-17): teammates see each other's
// build unless the league says team_shares_config=no; the other team
// never does, nor anyone in a game without teams.
func TestVariant5DTeamShares(t *testing.T) {
	c := fdrLab(t)
	four := func() Position {
		return Position{Round: 1, Weather: Fine, Cars: []CarPosition{fdrAt("c.0.1", 3), fdrAt("c.0.0", 3), fdrAt("c.1.1", 3), fdrAt("c.1.0", 3)}}
	}
	for _, tc := range []struct {
		specs  []string
		shared bool
	}{{[]string{"5-D", "4-A"}, true}, {[]string{"5-D:team_shares_config=yes", "4-A"}, true}, {[]string{"5-D:team_shares_config=no", "4-A"}, false}, {[]string{"5-D"}, false}} {
		g := fdrPlayCfg(t, c, fdrVariantCfg(t, tc.specs...), four()).g
		assert.Equal(t, tc.shared, g.SeesCar(1, 2), "%v: car 2 is car 1's teammate", tc.specs)
		assert.Equal(t, tc.shared, g.SeesCar(4, 3), "%v", tc.specs)
		assert.False(t, g.SeesCar(1, 3), "%v: the other team", tc.specs)
	}
	cfg := fdrConfig()
	err := cfg.EnableVariant("5-D:team_shares_config=maybe")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "must be one of yes, no")
}

// 5-D: at the flag every build is revealed; the race itself (its record)
// is the same as without the variant, since the rule hides, never changes.
func TestVariant5DRevealAtTheFlag(t *testing.T) {
	c, err := tracks.Get("lab")
	if err != nil {
		c = fdrLab(t)
	}
	seed := SeedFrom("5-D reveal")
	on, recOn := fdrCheckedRace(t, fdrVariantCfg(t, "5-D"), c, c.ID, 3, seed)
	off, _ := fdrCheckedRace(t, fdrConfig(), c, c.ID, 3, seed)
	require.True(t, on.Over)
	for car := 1; car <= 3; car++ {
		assert.True(t, on.SeesCar(0, car), "after the flag every reader sees car %d", car)
	}
	assert.Equal(t, off.Results(), on.Results(), "5-D changes what is shown, not the race")
	assert.Contains(t, recOn.Text(), "5-D")
}
