package bot

import (
	"context"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/persistence"
)

// 16-F in a league (league-variants.md ch. 16, AMB-14, AMB-37: enabling
// 16-F implies 5-A's build characteristic): a car's booster points are
// taken from its 22 build points, as 5-A's are (engine hook BuildShare).
// Over a season the league's event games spread what the boosters leave:
// 16 points on a car with 6 boosters (car and pits), the whole 22 on a
// car without.
func TestLeague16FBoostersComeOutOfTheBuild(t *testing.T) {
	svc, store := newMemoryService(t)
	ctx := context.Background()
	id := newSeason(t, svc, "Boosters", "16-F:points=6/0/6/0")
	playSeason(t, svc, id, nil)
	doc := readLeague(t, store, id)
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		for _, event := range doc.Events {
			l, err := svc.loadGame(tx, event.Game, false)
			require.NoError(t, err)
			spread := map[int]int{}
			for _, e := range l.game.Events {
				if e.Kind != "configuration" {
					continue
				}
				w, err := fd.ParseWearCompact(e.Get("wear"))
				require.NoError(t, err)
				car, _ := strconv.Atoi(e.Get("car"))
				pit, _ := strconv.Atoi(e.Get("pit"))
				for _, v := range w {
					spread[car] += v
				}
				spread[car] += pit
			}
			assert.Equal(t, map[int]int{1: 16, 2: 22, 3: 16, 4: 22}, spread, "event %s: the 6 boosters come out of the 22", event.Game)
		}
		return nil
	}))
}
