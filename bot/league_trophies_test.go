package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/persistence"
)

// A season with a dozen variants on, 24-C and the ledgers among them,
// autoplays to its end; 24-C's trophies are those of the recorded results,
// said in English and French; a league without 24-C has none.
func TestTrophiesSeasonWithADozenVariants(t *testing.T) {
	svc, store := newMemoryService(t)
	ctx := context.Background()
	id := playLeague(t, svc, "Dozen", nil, "24-C", "23-A:scheme=i", "23-B:scheme=a", "6-A", "18-A", "17-A", "14-B", "19-B", "21-A", "24-A", "24-B", "24-D")

	st, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	require.NotNil(t, st.Trophies)
	var results []league.Result
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		_, doc, err := findLeague(tx, id)
		results = doc.results()
		for _, ev := range doc.Events {
			require.NoError(t, tx.VerifyChain(ev.Game), "the event's record verifies")
		}
		return err
	}))
	require.Len(t, results, 3)
	assert.Equal(t, league.ComputeTrophies(results, league.DefaultScale), *st.Trophies)
	require.NotEmpty(t, st.Trophies.Complete)
	require.NotEmpty(t, st.Trophies.Retirements)
	require.Len(t, st.Ledgers, 3, "23-A(i) pilot and team, 23-B(a)")

	best := st.Trophies.Complete[0]
	en, fr := st.Text("en"), st.Text("fr")
	assert.Contains(t, en, "Complete pilot (race and qualifying points):\n  1. "+best.Name+", "+pointsText(best.Points, "en"))
	assert.Contains(t, fr, "Pilote complet (points de course et d'essais) :\n  1. "+best.Name)
	assert.Contains(t, en, "Best climb and worst fall (places gained in races):")
	assert.Contains(t, en, "Fewest retirements (pilots at half the races or more):\n  1. ")
	assert.Contains(t, fr, "Moins d'abandons")
	assert.Contains(t, en, "Pilot points (23-A(i) pilot); 10 point(s) spent buy")
	assert.NotContains(t, en, "=", "sentences, not key=value")

	plain := playLeague(t, svc, "Plain", nil, "21-A")
	st, err = svc.LeagueStandings(ctx, plain)
	require.NoError(t, err)
	assert.Nil(t, st.Trophies)
	assert.False(t, strings.Contains(st.Text("en"), "Complete pilot"))
}
