package bot

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/persistence"
)

// 1-D: pilots bid on the next event (the command language, or the game
// master's league bid), sealed until it opens; the event's game builds
// its grid from the bids, highest on pole; the kitty is what is left,
// shown with the standings once revealed. Refused: more than is left, a
// league without 1-D, a player without a car.
func TestKittySeason(t *testing.T) {
	svc, store := newMemoryService(t)
	ctx := context.Background()

	plain := newSeason(t, svc, "No Kitty", "21-A")
	_, err := svc.PlaceBid(ctx, plain, "Anna", 10)
	assert.ErrorContains(t, err, "does not play 1-D")

	id := newSeason(t, svc, "Kitty", "1-D:per_circuit=100")
	reply, err := svc.Handle(ctx, Request{Identity: cli("Anna"), League: id, Text: "bid 120"})
	require.NoError(t, err)
	assert.Equal(t, "Anna bids 120 on round 1 (test-oval), sealed until the event opens; 180 left in the kitty after it.", reply)
	_, err = svc.Handle(ctx, Request{Identity: cli("Dan"), League: id, Text: "miser 400"})
	assert.ErrorContains(t, err, "300")
	reply, err = svc.PlaceBid(ctx, id, "Dan", 50)
	require.NoError(t, err)
	assert.Contains(t, reply, "Dan bids 50 on round 1")
	_, err = svc.Handle(ctx, Request{Identity: cli("Maud"), League: id, Text: "bid 10"})
	assert.ErrorContains(t, err, "no car")

	st, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	assert.Contains(t, st.Text("en"), "Anna has 300 of 300 left.", "sealed: nothing deducted nor shown before the event opens")
	exp, err := svc.LeagueExport(ctx, id)
	require.NoError(t, err)
	assert.NotContains(t, string(exp), `"bids"`, "the export keeps bids sealed")

	playSeason(t, svc, id, nil)
	var doc *leagueDoc
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		_, doc, err = findLeague(tx, id)
		if err != nil {
			return err
		}
		row, err := tx.Game(doc.Events[0].Game)
		require.NoError(t, err)
		m, err := decodeMeta(row)
		require.NoError(t, err)
		assert.Contains(t, m.Variants, "1-D:per_circuit=100,bids=120/0/0/50,championship=0/0/0/0")
		return nil
	}))
	grid := map[string]int{}
	for _, c := range doc.Events[0].Result.Cars {
		grid[c.Pilot] = c.Grid
	}
	assert.Equal(t, 1, grid["Anna"], "the highest bid on pole")
	assert.Equal(t, 2, grid["Dan"])

	st, err = svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	require.NotEmpty(t, st.Kitty)
	assert.Contains(t, st.Text("en"), "Anna has 180 of 300 left (bids: 120 at round 1, 0 at round 2, 0 at round 3).")
	assert.Contains(t, st.Text("fr"), "Anna a encore 180 sur 300 (mises : 120 à la manche 1, 0 à la manche 2, 0 à la manche 3).")
	_, err = svc.PlaceBid(ctx, id, "Anna", 10)
	assert.ErrorContains(t, err, "every event has opened")
}

// 1-D with allocation=upfront (kitty_allocation = UPFRONT): each pilot
// seals his whole circuit-by-circuit split before GP1 (bid 120/0/80, or
// the game master's league bid with a split); refused with a sentence: a
// split that does not sum within the kitty, of the wrong length, with a
// part that is not a whole number, a single bid, a split in a sealed-bid
// league, a split once the season has started. Each event's game gets
// its part, revealed when it opens.
func TestKittyUpfrontSplit(t *testing.T) {
	svc, store := newMemoryService(t)
	ctx := context.Background()
	sealed := newSeason(t, svc, "Sealed Kitty", "1-D")
	_, err := svc.PlaceSplit(ctx, sealed, "Anna", "100/100/100")
	assert.ErrorContains(t, err, "takes one sealed bid before each race")

	up := newSeason(t, svc, "Upfront", "1-D:allocation=upfront")
	_, err = svc.Handle(ctx, Request{Identity: cli("Anna"), League: up, Text: "bid 120"})
	assert.ErrorContains(t, err, "allocates the kitty up front")
	_, err = svc.Handle(ctx, Request{Identity: cli("Anna"), League: up, Text: "bid 200/100/1"})
	assert.ErrorContains(t, err, "the split sums to 301, more than the 300 points of the kitty")
	_, err = svc.Handle(ctx, Request{Identity: cli("Anna"), League: up, Text: "bid 100/100"})
	assert.ErrorContains(t, err, "a split of 3 bids")
	_, err = svc.PlaceSplit(ctx, up, "Anna", "100/x/100")
	assert.ErrorContains(t, err, `bid 2 of the split, "x", is not a whole number from 0`)
	reply, err := svc.Handle(ctx, Request{Identity: cli("Anna"), League: up, Text: "bid 120/0/180"})
	require.NoError(t, err)
	assert.Equal(t, "Anna's split of the kitty, 120/0/180 over the 3 races, is sealed; each bid is revealed when its event opens.", reply)
	_, err = svc.PlaceSplit(ctx, up, "Dan", "50/50/50")
	require.NoError(t, err)

	playSeason(t, svc, up, nil)
	doc := readLeague(t, store, up)
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		row, err := tx.Game(doc.Events[2].Game)
		require.NoError(t, err)
		m, err := decodeMeta(row)
		require.NoError(t, err)
		require.Len(t, m.Variants, 1)
		assert.Regexp(t, `^1-D:per_circuit=100,bids=180/0/0/50,.*allocation=upfront$`, m.Variants[0], "round 3's part of each split")
		return nil
	}))
	st, err := svc.LeagueStandings(ctx, up)
	require.NoError(t, err)
	assert.Contains(t, st.Text("en"), "Anna has 0 of 300 left (bids: 120 at round 1, 0 at round 2, 180 at round 3).")
	_, err = svc.PlaceSplit(ctx, up, "Anna", "0/0/0")
	assert.ErrorContains(t, err, "the season has started")
}
