package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
)

// 4-B (a), hook TeamBuildRule: cars 1 and 2 are team 1. Car 1 builds
// 4/3/2/5/4/4; car 2's 9/3/2/2/2/2 shares only 15 points with it (4+3+2+2+
// 2+2) and is refused under 4-B, taken without; 7/3/2/3/4/3 shares 19 and
// is taken. Once car 1 has built, car 2 is offered only what shares 18:
// preset C and car 1's own configuration.
func TestVariant4BTeamBuildsAlike(t *testing.T) {
	src := dice.NewScripted()
	first := Wear{4, 3, 2, 5, 4, 4}
	apart, alike := Wear{9, 3, 2, 2, 2, 2}, Wear{7, 3, 2, 3, 4, 3}

	base := buildStage(t, FDRConfig())
	require.NoError(t, base.Submit(Order{Car: 1, Build: first}, src))
	assert.NoError(t, base.Submit(Order{Car: 2, Build: apart}, src), "without 4-B a teammate builds as he likes (R5.2)")

	g := buildStage(t, fdrVariantCfg(t, "4-B"))
	require.NoError(t, g.Submit(Order{Car: 1, Build: first}, src))
	before := len(g.Events)
	err := g.Submit(Order{Car: 2, Build: apart}, src)
	require.ErrorIs(t, err, ErrIllegal)
	assert.ErrorContains(t, err, "shares 15 points with car 1's 4/3/2/5/4/4, it must share 18")
	assert.Len(t, g.Events, before, "a refused configuration changes nothing")

	d := g.PendingAll()
	require.Len(t, d, 1)
	var builds []Wear
	for _, op := range d[0].Options {
		assert.GreaterOrEqual(t, sharedPoints(op.Build, first), 18, "option %s", op.Letter)
		builds = append(builds, op.Build)
	}
	assert.Equal(t, []Wear{FDRPresets[2], first}, builds, "preset C shares 19, the others 15 to 17; the teammate's own configuration is offered")

	require.NoError(t, g.Submit(Order{Car: 2, Build: alike}, src))
	assert.Contains(t, eventsText(g), "configuration car=2 wear=7/3/2/3/4/3")
}

// Another team's configuration binds nothing: cars 1 and 2 are teams 1
// and 2 by the teams parameter.
func TestVariant4BOnlyTeammatesBind(t *testing.T) {
	src := dice.NewScripted()
	g := buildStage(t, fdrVariantCfg(t, "4-B:teams=1/2"))
	require.NoError(t, g.Submit(Order{Car: 1, Build: Wear{9, 3, 2, 2, 2, 2}}, src))
	assert.NoError(t, g.Submit(Order{Car: 2, Build: Wear{4, 3, 2, 5, 4, 4}}, src))
}

func TestVariant4BRefusesBadParameters(t *testing.T) {
	cfg := FDRConfig()
	err := cfg.EnableVariant("4-B:mode=b")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not built yet")
	assert.ErrorContains(t, cfg.EnableVariant("4-B:shared=30"), "from 1 to 22")
	assert.Error(t, cfg.EnableVariant("4-B:teams=1/1/1"), "a team has two cars at most")
}

// With 4-A on, 4-B takes 4-A's teams when it names none.
func TestVariant4BTakesTheTeamsOf4A(t *testing.T) {
	src := dice.NewScripted()
	g := buildStage(t, fdrVariantCfg(t, "4-A:teams=1/2", "4-B"))
	require.NoError(t, g.Submit(Order{Car: 1, Build: Wear{9, 3, 2, 2, 2, 2}}, src))
	assert.NoError(t, g.Submit(Order{Car: 2, Build: Wear{4, 3, 2, 5, 4, 4}}, src), "4-A's teams: cars 1 and 2 are apart")
}
