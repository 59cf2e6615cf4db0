package fd

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/tracks"
)

// League variant 5-D (AMB-17) through the contract's stand-ins: while a
// car races, its build lines are read whole by its own seat and the
// referee, and by another seat and a spectator as a comment with the
// build's total that tells none of the build's values; a line that writes
// no build is read whole by everyone, and once the race is over so is
// every line.
func TestContractStandInsHideBuildsUnder5D(t *testing.T) {
	g, con, random := started5DContract(t, "contract-5d-stand-ins", 3, "5-A")
	standIns := 0
	playByAutopilot(t, con, random, func(st engine.Step) {
		for _, e := range st.Events {
			fe, _ := EventOf(e)
			car := BuildLineCar(fe)
			for _, reader := range []int{engine.Referee, -1, 0, 1, 2} {
				told, ok := engine.Told(e, reader, con.Over())
				require.True(t, ok, "every line is told, whole or as its stand-in")
				if car == 0 || reader == engine.Referee || reader == car-1 || g.Cars[car-1].Status != Racing {
					assert.Equal(t, fe.String(), told.Line(), "%s is read whole by %d", fe, reader)
					continue
				}
				in, ok := StandInOf(told)
				require.True(t, ok, "%s to %d", fe, reader)
				standIns++
				assert.True(t, strings.HasPrefix(in.Line(), "# "+fe.Kind+" "), in.Line())
				assert.Contains(t, in.Line(), fmt.Sprintf(": a build of %d points, hidden until its race ends (league variant 5-D)", g.BuildTotal(car)))
				for _, a := range fe.Args {
					if buildKeys[a.Key] {
						assert.NotContains(t, in.Line(), a.Key+"="+a.Val, "the stand-in of %s tells no build value", fe)
					}
				}
				assert.NotContains(t, in.Line(), "boosters-chosen")
				assert.Equal(t, fe.Kind, in.Kind())
				assert.Equal(t, fe.Get("car"), in.Public.Get("car"), "the stand-in names the line's car as written")
				assert.Equal(t, fmt.Sprintf("car %s's build: hidden until its race ends (5-D)", fe.Get("car")), in.Words)
			}
		}
	})
	assert.Positive(t, standIns, "the race wrote builds down")
	for _, e := range con.Events() {
		told, ok := engine.Told(e, -1, true)
		require.True(t, ok)
		assert.Equal(t, e.Line(), told.Line(), "over: a spectator reads every line whole")
	}
}

// A position's flags lose those of the booster points chosen in a build
// (5-A), which are part of the hidden build; the others stay in order.
func TestStandInPublicFlags(t *testing.T) {
	assert.Equal(t, "started,crossed", publicFlags("started,boosters-chosen,crossed,booster-built"))
	assert.Equal(t, "", publicFlags("boosters-chosen"))
	assert.Equal(t, "started", publicFlags("started"))
}

// Without 5-D no line has a stand-in: the contract hands every line out
// whole to every reader.
func TestContractNoStandInWithout5D(t *testing.T) {
	c, err := tracks.Get("port-azur")
	require.NoError(t, err)
	cfg := FDRConfig()
	cfg.Laps = 1
	g, _, err := Simulate(cfg, c, "port-azur", 2, SeedFrom("contract-no-5d"))
	require.NoError(t, err)
	con := NewContract(g, sayKey)
	for _, e := range g.Events {
		out := con.HandOut(e)
		assert.True(t, out.Audience().Everyone(), "%s", e)
		assert.Nil(t, out.(engine.Redacted).StandIn(), "%s", e)
	}
}
