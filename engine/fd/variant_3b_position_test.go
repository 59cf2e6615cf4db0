package fd

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
)

// weatherFaces is a seeded source whose weather rolls are scripted, in
// order: the qualifying sessions' and the race's (R3.1, R3.2).
type weatherFaces struct {
	faces []int
	rest  dice.Source
}

func (w *weatherFaces) Roll(k dice.Key, d dice.Die) (dice.Roll, error) {
	if (k.Purpose != "weather" && k.Purpose != "weather-qualifying") || len(w.faces) == 0 {
		return w.rest.Roll(k, d)
	}
	v := w.faces[0]
	w.faces = w.faces[1:]
	return dice.Roll{Key: k, Die: d.Name, Index: slices.Index(d.Faces, v), Value: v}, nil
}

// autopilotUntil plays g's setup and qualifying by the autopilot until
// done reports true or the race is set up.
func autopilotUntil(t *testing.T, g *Game, src dice.Source, done func() bool) {
	t.Helper()
	for g.setupStage < setupDone && !done() {
		o, ok := Autopilot(g)
		require.True(t, ok)
		require.NoError(t, g.Submit(o, src))
	}
}

// 3-B (hook WeatherRoll, R3.1, league AMB-11): "it has rained" is where
// the meeting is, not the last session alone. A position taken in the
// second qualifying session after a rainy first one says so (rained=yes,
// Position.Rained), and the race resumed from it keeps the heatwave away
// as the uninterrupted game does: the sun end of the race weather roll is
// fine. The same position without rained=yes (a position of before this
// field, naming the last session only) gives the heatwave.
func TestVariant3BRainFromThePosition(t *testing.T) {
	cfg := fdrVariantCfg(t, "3-B")
	cfg.Sessions = 2
	seed := SeedFrom("3-B rained")
	whole, err := NewGame("rained", cfg, fdrLab(t), 2)
	require.NoError(t, err)
	src := &weatherFaces{faces: []int{18, 5, 1}, rest: dice.NewSeeded(seed)} // rain, sun, the sun end
	require.NoError(t, whole.Start(src))
	autopilotUntil(t, whole, src, func() bool {
		qs, _ := whole.qualifyingState()
		return qs.Session == 2 && whole.inQualifyingSession()
	})
	p := whole.Position()
	require.Equal(t, 2, p.Session)
	assert.Equal(t, "sun", p.SessionWeather, "the last session")
	assert.True(t, p.Rained, "the first session's rain")

	back, err := ParsePosition(p.Events())
	require.NoError(t, err)
	assert.True(t, back.Rained, "rained=yes reads back")

	autopilotUntil(t, whole, src, func() bool { return false })
	assert.Equal(t, Fine, whole.Weather(), "no heatwave after rain in the meeting")

	resumed := func(p Position) WeatherState {
		g, err := NewGame("rained", cfg, fdrLab(t), 2)
		require.NoError(t, err)
		src := &weatherFaces{faces: []int{1}, rest: dice.NewSeeded(seed)}
		require.NoError(t, g.StartFrom(p, src))
		autopilotUntil(t, g, src, func() bool { return false })
		return g.Weather()
	}
	assert.Equal(t, Fine, resumed(p), "resumed from the position: the same")
	p.Rained = false
	assert.Equal(t, Heatwave, resumed(p), "the last session alone was dry")
}
