package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
)

// 7-A: the race direction shows the black flag while the race runs: the
// car leaves the race at once (its pending decision dropped), is never
// asked again, is classified as eliminated on distance, and the exclusion
// is a record line that replays to the same race. Under fd2008 and fdr,
// fixed seeds.
func TestExcludeBlackFlag7A(t *testing.T) {
	c := ovalTrack(t)
	for _, cfg := range []Config{DefaultConfig(), fdrConfig()} {
		t.Run(string(cfg.Rules), func(t *testing.T) {
			cfg.Laps = 1
			seed := SeedFrom("black-flag")
			id := GameIDFor(seed)
			g, err := NewGame(id, cfg, c, 4)
			require.NoError(t, err)
			src := dice.NewSeeded(seed)
			// not before the race runs
			require.ErrorIs(t, g.Exclude(1, "x", src), ErrIllegal)
			require.NoError(t, g.Start(src))
			for n := 0; n < 12 || g.setupStage < setupDone || g.qualifying; n++ {
				o, ok := Autopilot(g)
				require.True(t, ok)
				require.NoError(t, g.Submit(o, src))
			}
			require.False(t, g.Over)
			d := g.Pending()
			require.NotNil(t, d)
			flagged := d.Car
			require.NoError(t, g.Exclude(flagged, "dangerous driving", src))
			car := g.Cars[flagged-1]
			assert.Equal(t, Eliminated, car.Status)
			assert.Contains(t, car.Cause, "excluded by the race direction: dangerous driving (7-A)")
			// a refused exclusion changes nothing
			before := len(g.Events)
			require.ErrorIs(t, g.Exclude(flagged, "again", src), ErrIllegal)
			require.ErrorIs(t, g.Exclude(9, "no such car", src), ErrIllegal)
			assert.Len(t, g.Events, before)
			for !g.Over {
				o, ok := Autopilot(g)
				require.True(t, ok)
				require.NotEqual(t, flagged, o.Car, "the excluded car is never asked")
				require.NoError(t, g.Submit(o, src))
			}
			res := g.Results()
			last := res[len(res)-1]
			assert.Equal(t, flagged, last.Car, "the only car out: classified last, on distance")
			assert.Equal(t, "eliminated", last.Status)
			n := 0
			for _, e := range g.Events {
				if e.Kind == "excluded" {
					n++
					assert.Equal(t, `excluded car=`+e.Get("car")+` reason="dangerous driving"`, e.String())
				}
			}
			assert.Equal(t, 1, n)
			rec := &Record{Game: id, Rules: cfg.Rules, Options: cfg.Options(), Track: "test-oval", Cars: 4, Events: g.Events}
			back, err := Replay(rec, c)
			require.NoError(t, err)
			assert.Equal(t, res, back.Results())
			_, err = Replay(rec, c)
			require.NoError(t, err)
			assert.ErrorIs(t, g.Exclude(1, "over", src), ErrIllegal, "not after the race")
		})
	}
}
