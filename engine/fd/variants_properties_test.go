package fd

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/tracks"
)

// Every league variant the engine plays, alone and all together, over
// autopilot races on every embedded circuit: the race ends, the board stays
// legal, the record (its header naming the variants) replays event for
// event and verifies against the seed.
func TestVariantsPropertiesAutopilotRaces(t *testing.T) {
	perVariant := 30
	if testing.Short() || raceDetector {
		perVariant = 3
	}
	var sets [][]string
	var all []string
	// 23-A's pilot points need uses, which a league gives its games
	spec := map[string]string{"23-A": "23-A:uses=2/1/2/1/2/1", "23-C": "23-C:uses=1/0/1/0/1/0"}
	for _, v := range VariantList() {
		if v.Engine && v.Ready {
			s := v.ID
			if sp, ok := spec[v.ID]; ok {
				s = sp
			}
			sets = append(sets, []string{s})
			all = append(all, s)
		}
	}
	sets = append(sets, all)
	ids := tracks.IDs()
	for _, set := range sets {
		pilotPoints := 0
		for i := range perVariant {
			id := ids[i%len(ids)]
			c, err := tracks.Get(id)
			require.NoError(t, err)
			cfg := FDRConfig()
			cfg.Laps = 1 + i%2
			cfg.Sessions = i % 2
			for _, s := range set {
				require.NoError(t, cfg.EnableVariant(s))
			}
			require.NoError(t, cfg.Validate())
			cars := 2 + i%5
			seedWord := fmt.Sprintf("variants-%v-%d", set, i)
			t.Run(seedWord, func(t *testing.T) {
				seed := SeedFrom(seedWord)
				g, rec := fdrCheckedRace(t, cfg, c, id, cars, seed)
				fdrCheckRecord(t, g)
				back, err := ParseRecord(rec.Text())
				require.NoError(t, err)
				bcfg, err := back.Config()
				require.NoError(t, err)
				require.Equal(t, cfg.Variants, bcfg.Variants, "the header names the variants")
				g2, err := Replay(back, c)
				require.NoError(t, err, "replay equals live")
				assert.Equal(t, g.Results(), g2.Results())
				assert.NoError(t, Verify(back))
				for _, e := range g.Events {
					if e.Kind == "pilot-point" {
						pilotPoints++
					}
				}
			})
		}
		if len(set) == 1 && (set[0] == spec["23-A"] || set[0] == spec["23-C"]) {
			assert.Positive(t, pilotPoints, "the autopilot spends pilot points when a ±1 pays")
		}
	}
}
