package bot

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/league"
)

// tokenParams are 23-A's uses and tokens as the league fills them for the
// next event's game.
func tokenParams(t *testing.T, doc *leagueDoc, round int) (uses, tokens string) {
	t.Helper()
	specs := doc.eventVariants(grantCars, round)
	require.Len(t, specs, 1)
	_, p, err := fd.ParseVariantSpec(specs[0])
	require.NoError(t, err)
	return p["uses"], p["tokens"]
}

// 23-A(c)'s season boost tokens (floor(season championship points / 30),
// a +1 each) reach the race: after Ann's three wins (30 points on the
// default scale) the fourth event's game gives her car one token beside
// her bonus point; the token her race spent (a "pilot-point … point=token"
// event) is debited from the season ledger, never from the bonus, and
// never below zero; an event opened and not recorded holds its token from
// the next; the tokens expire at the season's end.
func TestSeasonTokensReachTheRaceAndAreDebited(t *testing.T) {
	doc := &leagueDoc{Variants: []string{"23-A:scheme=c"}, Points: league.DefaultScale}
	for range 2 {
		doc.Events = append(doc.Events, leagueEvent{Result: oneTwo()})
	}
	doc.Events = append(doc.Events, leagueEvent{})
	_, tokens := tokenParams(t, doc, 2)
	assert.Empty(t, tokens, "20 points: no token yet, and no parameter")

	doc.Events[2] = leagueEvent{Result: oneTwo()}
	doc.Events = append(doc.Events, leagueEvent{})
	uses, tokens := tokenParams(t, doc, 3)
	assert.Equal(t, "1/0/0/0", tokens, "Ann's 30 points are one token")
	assert.Equal(t, "1/0/0/0", uses, "and her 1.5 bonus one point")

	// her race spends the token: the record's event, the result's count
	g := &fd.Game{Cars: []fd.Car{{Number: 1, Status: fd.Finished, Place: 1}, {Number: 2, Status: fd.Finished, Place: 2}, {Number: 3, Status: fd.Finished, Place: 3}, {Number: 4, Status: fd.Finished, Place: 4}}}
	g.Events = parseRecord(t, "pilot-point car=1 delta=1 point=token\n")
	spent := eventResult(g, grantCars, nil, 1)
	require.Equal(t, 1, spent.Cars[0].TokensSpent)
	require.Zero(t, spent.Cars[0].PointsSpent, "a token is not the bonus")
	doc.Events[3] = leagueEvent{Result: &spent}
	schemes, books := doc.ledgerBooks(doc.results())
	require.Len(t, schemes, 2)
	balance := func(k int, holder string) (string, int) {
		for _, a := range books[k] {
			if a.Holder == holder {
				return a.Balance.String(), a.Next
			}
		}
		return "", -1
	}
	bonus, _ := balance(0, "Ann")
	assert.Equal(t, "2", bonus, "four wins' 0.5, the bonus untouched")
	season, next := balance(1, "Ann")
	assert.Equal(t, "10", season, "40 points − 30 for the token spent")
	assert.Zero(t, next)

	t.Run("a token spent twice is never below zero", func(t *testing.T) {
		twice := spent
		twice.Cars = append([]league.Car(nil), spent.Cars...)
		twice.Cars[0].TokensSpent = 2
		d := &leagueDoc{Variants: doc.Variants, Points: doc.Points, Events: append(append([]leagueEvent(nil), doc.Events[:3]...), leagueEvent{Result: &twice})}
		_, books := d.ledgerBooks(d.results())
		for _, a := range books[1] {
			assert.GreaterOrEqual(t, int64(a.Balance), int64(0), a.Holder)
		}
	})
	t.Run("an open event holds its token from the next", func(t *testing.T) {
		d := &leagueDoc{Variants: doc.Variants, Points: doc.Points, Events: append(append([]leagueEvent(nil), doc.Events[:3]...),
			leagueEvent{Game: "g3", Cars: grantCars, TokenUses: map[string]int{"Ann": 1}}, leagueEvent{})}
		assert.Empty(t, d.seasonTokenUses(grantCars, d.results()), "Ann's one token is the open event's")
	})
	t.Run("the tokens expire at the season's end, the bonus carries over", func(t *testing.T) {
		carried, err := carriedLedgers(doc.Variants, []storedLeague{{doc: doc}})
		require.NoError(t, err)
		assert.Empty(t, carried["23-A(c) season"])
		assert.Equal(t, "2", carried["23-A(c)"]["Ann"].String())
	})
}

// A season token in words (23-A(c)): the option says the token and the
// tokens left this season, the status each car's tokens left, the reply
// the token spent, in English and French.
func TestSeasonTokenInWords(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Rules: "fdr", Laps: 1, Seats: []string{"ai:pro", "Anna"}, Seed: "season-token-words", Variants: []string{"23-A:scheme=c,tokens=0/2"}})
	require.NoError(t, err)
	_, err = svc.SetPlayer(ctx, PlayerSettings{Name: "Anna", Language: "fr"})
	require.NoError(t, err)
	text, option := untilCar2OffersPlusOne(t, svc, id, "her token")
	assert.Contains(t, text, "a season token: one space more (2 left this season)")
	status := statusIn(t, svc, id, "Anna")
	assert.Contains(t, status("en"), "2 season tokens left", "car 2's tokens")
	assert.Contains(t, status("en"), "no season token left", "car 1 has none")
	assert.Contains(t, status("fr"), "2 jetons de saison restants")
	reply, err := svc.Handle(ctx, Request{Identity: cli("Anna"), Game: id, Text: "choose " + option})
	require.NoError(t, err)
	assert.Contains(t, reply, "dépense un jeton de saison : une case de plus")
	assert.Contains(t, status("en"), "1 season token left", "one token spent")
}
