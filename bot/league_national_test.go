package bot

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/persistence"
)

// 23-C: a pilot declares his home GP before the season; that event's game
// gives his car the nationality point, spent before an earned 23-A point
// and never debited from the 23-A ledger; the standings say the home GPs
// in English and French. Declaring is refused without 23-C, for a round
// the calendar lacks, and once the season has started.
func TestNationalityPointSeason(t *testing.T) {
	svc, store := newMemoryService(t)
	ctx := context.Background()

	plain := newSeason(t, svc, "No Flags", "21-A")
	_, err := svc.SetHomeRound(ctx, plain, "Anna", 1)
	assert.ErrorContains(t, err, "does not play 23-C")

	id := newSeason(t, svc, "Flags", "23-A:scheme=c", "23-C")
	_, err = svc.SetHomeRound(ctx, id, "Anna", 4)
	assert.ErrorContains(t, err, "no round 4")
	_, err = svc.SetHomeRound(ctx, id, "Nobody", 1)
	assert.ErrorContains(t, err, "no pilot")
	got, err := svc.SetHomeRound(ctx, id, "Anna", 1)
	require.NoError(t, err)
	assert.Equal(t, "Anna", got)
	_, err = svc.SetHomeRound(ctx, id, "Dan", 3)
	require.NoError(t, err)
	reply, err := svc.Handle(ctx, Request{Identity: cli("Cleo"), League: id, Text: "domicile 2"})
	require.NoError(t, err, "a pilot declares his own")
	assert.Equal(t, "Cleo gets the nationality point at round 2 (test-oval).", reply)

	spent := 0
	playSeason(t, svc, id, func(p PendingView) string {
		if p.Player != "Anna" || p.Decision != "move" || spent > 0 {
			return ""
		}
		for i, f := range p.Facts {
			if f.Top != 0 && !f.Eliminated && !f.Spin {
				spent++
				return "choose " + p.Options[i]
			}
		}
		return ""
	})
	require.Equal(t, 1, spent, "Anna was offered her home GP's point")
	_, err = svc.SetHomeRound(ctx, id, "Cleo", 3)
	assert.ErrorContains(t, err, "the season has started")

	var doc *leagueDoc
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		_, doc, err = findLeague(tx, id)
		if err != nil {
			return err
		}
		// each event's game got each car's point: Anna's at round 1, Dan's at 3
		for i, want := range []string{"1/0/0/0", "0/0/1/0", "0/0/0/1"} {
			row, err := tx.Game(doc.Events[i].Game)
			require.NoError(t, err)
			m, err := decodeMeta(row)
			require.NoError(t, err)
			assert.Contains(t, m.Variants, "23-C:uses="+want, "round %d", i+1)
			lines, err := tx.Events(doc.Events[i].Game, 0, 0)
			require.NoError(t, err)
			for _, l := range lines {
				if e, err := fd.ParseEvent(l.Line); err == nil && e.Kind == "pilot-point" && i == 0 {
					assert.Equal(t, "national", e.Get("point"), "the nationality point goes first")
				}
			}
		}
		return nil
	}))
	for _, c := range doc.Events[0].Result.Cars {
		assert.Zero(t, c.PointsSpent, "a nationality point is not debited from the ledger")
	}

	st, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, []NationalPoint{{Pilot: "Anna", Round: 1, Track: "test-oval"}, {Pilot: "Cleo", Round: 2, Track: "test-oval"}, {Pilot: "Dan", Round: 3, Track: "test-oval"}}, st.National)
	assert.Contains(t, st.Text("en"), "Nationality points (23-C), one square more or less on a move at the home GP:\n  Anna at round 1 (test-oval)\n  Cleo at round 2 (test-oval)\n  Dan at round 3 (test-oval)\n")
	assert.Contains(t, st.Text("fr"), "  Anna à la manche 1 (test-oval)\n")
}
