package bot

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/persistence"
)

// 5-E: pilots declare their build total on the next event (the command
// language, or the game master's league pot); the event's game spreads
// each car's total by R5.2; the pot is what is left, shown with the
// standings; at the end of the season a pilot over his pot loses his
// best results, one a point over, from his championship and his team's.
// Refused: a total outside 18–24, a league without 5-E, a total beyond
// the pot when the league blocks overspending.
func TestBuildPotSeason(t *testing.T) {
	svc, store := newMemoryService(t)
	ctx := context.Background()

	plain := newSeason(t, svc, "No Pot", "21-A")
	_, err := svc.DeclareBuildTotal(ctx, plain, "Anna", 24)
	assert.ErrorContains(t, err, "does not play 5-E")
	blocked := newSeason(t, svc, "Tight Pot", "5-E:pot=20,overspend=block")
	_, err = svc.DeclareBuildTotal(ctx, blocked, "Anna", 24)
	assert.ErrorContains(t, err, "only 20 points are left in your season's pot")

	id := newSeason(t, svc, "Pot", "5-E:pot=66")
	reply, err := svc.Handle(ctx, Request{Identity: cli("Anna"), League: id, Text: "pot 24"})
	require.NoError(t, err)
	assert.Equal(t, "Anna builds with 24 points at round 1 (test-oval); 42 will be left in the season's pot after it.", reply)
	_, err = svc.Handle(ctx, Request{Identity: cli("Dan"), League: id, Text: "cagnotte 25"})
	assert.ErrorContains(t, err, "a build total from 18 to 24")
	reply, err = svc.Handle(ctx, Request{Identity: cli("Dan"), League: id, Text: "cagnotte 18"})
	require.NoError(t, err)
	assert.Equal(t, "Dan builds with 18 points at round 1 (test-oval); 48 will be left in the season's pot after it.", reply)

	// every event opens at the first pass (their dates are past): Anna's
	// 24 and two standard 22 make 68, 2 over the pot
	_, err = svc.leagueTick(ctx)
	require.NoError(t, err)
	_, err = svc.DeclareBuildTotal(ctx, id, "Anna", 24)
	assert.ErrorContains(t, err, "every event has opened")

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
		assert.Contains(t, m.Variants, "5-E:pot=66,overspend=allow,totals=24/22/22/18")
		l, err := svc.loadGame(tx, doc.Events[0].Game, false)
		require.NoError(t, err)
		onCar, pits := map[string]int{}, map[string]string{}
		for _, e := range l.race().Events {
			if e.Kind == "configuration" {
				w, err := fd.ParseWearCompact(e.Get("wear"))
				require.NoError(t, err)
				for _, v := range w {
					onCar[e.Get("car")] += v
				}
				pits[e.Get("car")] = e.Get("pit")
			}
		}
		assert.Equal(t, 22, onCar["1"])
		assert.Equal(t, 18, onCar["4"])
		assert.Equal(t, "2", pits["1"], "Anna's 24: 22 on the car, 2 in the pits")
		assert.Equal(t, "0", pits["4"], "Dan's 18: 18 on the car, none in the pits")
		return nil
	}))

	st, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	text := st.Text("en")
	assert.Contains(t, text, "Anna has used 68 of 66, 0 left; 2 over, his 2 best result(s) cancelled at the end of the season.")
	assert.Contains(t, text, "Dan has used 62 of 66, 4 left.")
	assert.Contains(t, st.Text("fr"), "Anna a utilisé 68 sur 66, il en reste 0 ; 2 de trop")

	// Anna's two best results are cancelled, her team's points with them
	raw := league.Compute(doc.results(), doc.Points)
	var annaResults []int
	for _, r := range doc.results() {
		for _, c := range r.Cars {
			if c.Pilot == "Anna" {
				annaResults = append(annaResults, league.Scale(doc.Points).Points(c.Place))
			}
		}
	}
	slices.Sort(annaResults)
	require.Len(t, annaResults, 3)
	pointsOf := func(rows []league.Row, name string) league.Points {
		for _, r := range rows {
			if r.Name == name {
				return r.Points
			}
		}
		return 0
	}
	assert.EqualValues(t, annaResults[0], pointsOf(st.Drivers, "Anna"), "only her worst result counts")
	assert.Equal(t, pointsOf(raw.Teams, "Red")-league.Points(annaResults[1]+annaResults[2]), pointsOf(st.Teams, "Red"))
	assert.Equal(t, pointsOf(raw.Drivers, "Dan"), pointsOf(st.Drivers, "Dan"), "within his pot: nothing cancelled")
}

// 5-E's pot is 22 × the league's races when not given (league-variants.md
// ch. 5: "pot = 22 × season_races"), and the league's declarations keep
// to its bounds: car_min, car_max, pit_max, absence_cost and the spec's
// overspend_mode.
func TestBuildPotFollowsTheCalendarAndTheBounds(t *testing.T) {
	svc, store := newMemoryService(t)
	ctx := context.Background()

	id := newSeason(t, svc, "Calendar Pot", "5-E:overspend_mode=block,car_min=20,pit_max=3,absence_cost=15")
	doc := readLeague(t, store, id)
	require.Len(t, doc.Events, 3)
	pot, rules, ok := doc.buildPot()
	require.True(t, ok)
	assert.Equal(t, league.BuildPot{Pot: 66, Absence: 15}, pot, "three races: 66, not 352")
	assert.True(t, rules.Block, "overspend_mode=block")

	_, err := svc.DeclareBuildTotal(ctx, id, "Anna", 19)
	assert.ErrorContains(t, err, "a build total from 20 to 25: 20 to 22 on the car and 0 to 3 in the pits")
	reply, err := svc.DeclareBuildTotal(ctx, id, "Anna", 25)
	require.NoError(t, err)
	assert.Equal(t, "Anna builds with 25 points at round 1 (test-oval); 41 will be left in the season's pot after it.", reply)

	_, err = svc.CreateLeague(ctx, LeagueRequest{Name: "Bad Pot", Variants: []string{"5-E:car_min=23"}})
	assert.ErrorContains(t, err, "car_min 23 is above car_max 22")
}
