package fd

import (
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// 2-A: car 1 qualifies on soft tyres (the others as the autopilot likes);
// at the race's tyre decision (the TyreChoiceRule hook on R8.1) a dry start
// offers it soft alone, a wet start (rain) all three, and without 2-A all
// three. The lab circuit's weather table is set to one result so the
// start is dry or wet whatever the die.
func TestVariant2ATyresKeptFromQualifying(t *testing.T) {
	for _, tc := range []struct {
		name    string
		variant bool
		weather string
		want    []Tyre
	}{
		{"2-A, dry start: the qualifying soft alone", true, "weather sun 1-20", []Tyre{Soft}},
		{"2-A, changeable dry start: dry, soft alone", true, "weather changeable 1-20", []Tyre{Soft}},
		{"2-A, wet start: free", true, "weather rain 1-20", []Tyre{Hard, Soft, RainTyre}},
		{"without 2-A, dry start: free", false, "weather sun 1-20", []Tyre{Hard, Soft, RainTyre}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := inlineTrack(t, strings.Replace(fdrLabTrack, "weather sun 1-12 changeable 13-16 rain 17-20", tc.weather, 1))
			cfg := fdrConfig()
			if tc.variant {
				cfg = fdrVariantCfg(t, "2-A")
			}
			cfg.Sessions = 1
			g, err := NewGame("2-A", cfg, c, 3)
			require.NoError(t, err)
			src := dice.NewSeeded(SeedFrom("2-A"))
			require.NoError(t, g.Start(src))
			var race *Decision
			for race == nil {
				o, ok := Autopilot(g)
				require.True(t, ok)
				d := g.setupPending[o.Car]
				if d != nil && d.Kind == DecideTyres && o.Car == 1 {
					qs, held := g.qualifyingState()
					require.True(t, held, "an fdr game holds its qualifying state")
					if qs.InQualifying {
						for _, op := range d.Options {
							if op.Tyre == Soft {
								o.Letter = op.Letter // qualifying on soft
							}
						}
					} else {
						race = d
						break
					}
				}
				require.NoError(t, g.Submit(o, src))
			}
			var got []Tyre
			for _, op := range race.Options {
				got = append(got, op.Tyre)
			}
			assert.Equal(t, tc.want, got)
			o, ok := Autopilot(g)
			require.True(t, ok)
			require.NoError(t, g.Submit(o, src), "the autopilot fits a tyre the decision offers")
		})
	}
}
