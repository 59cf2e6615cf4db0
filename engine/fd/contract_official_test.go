package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/dice"
)

// The officials' lines through the contract (engine.Officiated): a race
// clock running out (2-B), the race direction's exclusion (7-A) and a
// classification changed after the race (FDR R1.14), each given as its
// record line, make the race the same officials' calls made directly
// make, line for line, and each step is exactly what its line appended.
// What the rules refuse, or a line that is no official's, changes nothing
// and wraps engine.ErrIllegal beside fd's own sentence.
func TestContractOfficialLines(t *testing.T) {
	c := ovalTrack(t)
	cfg := fdrVariantCfg(t, "2-B")
	cfg.Laps = 1
	seed := SeedFrom("officials through the contract")
	type call struct {
		line   string
		direct func(g *Game, src dice.Source) error
	}
	race := func(viaContract bool) *Game {
		g, err := NewGame(GameIDFor(seed), cfg, c, 4)
		require.NoError(t, err)
		random := noShuffles{dice.NewSeeded(seed)}
		require.NoError(t, g.Start(random))
		con := NewContract(g, sayKey)
		official := func(cl call) {
			t.Helper()
			if !viaContract {
				require.NoError(t, cl.direct(g, random), cl.line)
				return
			}
			before := len(g.Events)
			st, err := con.Official(cl.line, random)
			require.NoError(t, err, cl.line)
			require.NotEmpty(t, st.Events)
			assert.Equal(t, recordLines(g.Events[before:]), stepLines(st), "the step is what %q appended", cl.line)
		}
		refused := func(line string, why string) {
			t.Helper()
			if !viaContract {
				return
			}
			before := len(g.Events)
			_, err := con.Official(line, random)
			require.ErrorIs(t, err, engine.ErrIllegal, line)
			require.ErrorIs(t, err, ErrIllegal, line)
			assert.ErrorContains(t, err, why)
			assert.Len(t, g.Events, before, "%q changes nothing", line)
		}
		refused(ExclusionLine(1, "too early"), "a car is excluded while the race runs (7-A)")
		for n := 0; n < 12 || g.setupStage < setupDone || g.qualifying; n++ {
			o, ok := Autopilot(g)
			require.True(t, ok)
			require.NoError(t, g.Submit(o, random))
		}
		require.False(t, g.Over)
		refused(ClassificationLine(1, 2, ""), "the classification can be adjusted once the race is over (R1.14)")
		refused("gear car=1 from=3 to=4", "is no official's line")
		refused("excluded reason=x", `"excluded reason=x": excluded: car= missing`)
		refused("classification car=1 place=x", `classification: place="x" is not a number`)
		refused(`excluded car=1 reason="unclosed`, "is not a record line")
		refused(ClockOutLine(9, "48h"), "there is no car 9")
		flagged := g.Pending().Car
		official(call{ClockOutLine(flagged, "48h"), func(g *Game, src dice.Source) error { return g.ClockOut(flagged, "48h", src) }})
		refused(ClockOutLine(flagged, "48h"), "is not racing on time (2-B)")
		official(call{ExclusionLine(flagged, ""), func(g *Game, src dice.Source) error { return g.Exclude(flagged, "", src) }})
		refused(ExclusionLine(flagged, "again"), "is not racing")
		for steps := 0; !g.Over; steps++ {
			require.Less(t, steps, 5000)
			o, ok := Autopilot(g)
			require.True(t, ok)
			require.NoError(t, g.Submit(o, random))
		}
		refused(ClassificationLine(1, 7, "x"), "place 7: the places run from 1 to 4")
		official(call{ClassificationLine(flagged, 1, "appeal upheld"), func(g *Game, _ dice.Source) error { return g.Adjust(flagged, 1, "appeal upheld") }})
		return g
	}
	direct, through := race(false), race(true)
	require.Equal(t, recordLines(direct.Events), recordLines(through.Events))
	flagged := through.Results()[0].Car // classified first by the appeal
	lines := recordLines(through.Events)
	assert.Contains(t, lines, "clock-out car="+itoa(flagged)+" capital=48h")
	assert.Contains(t, lines, "excluded car="+itoa(flagged)+` reason="black flag"`, "the race fills in the exclusion's default reason")
	assert.Contains(t, lines, "classification car="+itoa(flagged)+` place=1 reason="appeal upheld"`)
}

// An official's reason is free text (a game master's words): whatever it
// holds, its line reads back to the very reason, so the race writes what
// the official said.
func TestOfficialLinesKeepTheirReasons(t *testing.T) {
	for _, reason := range []string{"", "black flag", `he said "go" = fast # now`, "deux\nlignes", " padded ", "pénalité \\ é"} {
		for _, line := range []string{ExclusionLine(2, reason), ClassificationLine(2, 1, reason)} {
			e, err := ParseEvent(line)
			require.NoError(t, err, line)
			assert.Equal(t, reason, e.Get("reason"), line)
			assert.Equal(t, "2", e.Get("car"), line)
		}
	}
	e, err := ParseEvent(ClockOutLine(3, "1h30m"))
	require.NoError(t, err)
	assert.Equal(t, "clock-out", e.Kind)
	assert.Equal(t, "1h30m", e.Get("capital"))
}
