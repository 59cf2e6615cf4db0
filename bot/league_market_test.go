package bot

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/persistence"
)

// 25-A over a whole season: pilots state their wishes (refused when the
// list breaks 25-A.1), the game master registers a created team before
// the penultimate event; at mid-season a No. 1 without more points than
// his No. 2 swaps roles (25-A.5); the market is refused before the season
// is over, then runs once and opens the next season, every placed pilot
// entered in the team the market gave him, the champion as No. 1 with
// car No. 1 (LF-03); the outcome is told in sentences.
func TestTeamManagementSeason(t *testing.T) {
	svc, store := newMemoryService(t)
	ctx := context.Background()

	plain := newSeason(t, svc, "No Market", "21-A")
	_, err := svc.CreateTeam(ctx, plain, "Gold")
	assert.ErrorContains(t, err, "does not play 25-A")
	_, err = svc.CreateLeague(ctx, LeagueRequest{Name: "Bad Market", Variants: []string{"25-A:leave_points=x"}})
	assert.ErrorContains(t, err, "leave_points")

	id := newSeason(t, svc, "Market", "25-A:leave_points=12,stay_roll_points=6,bankruptcy_points=8,suppliers=Ford/Honda/Renault")
	team, err := svc.CreateTeam(ctx, id, "Gold")
	require.NoError(t, err)
	assert.Equal(t, "Gold", team)
	_, err = svc.CreateTeam(ctx, id, "gold")
	assert.ErrorContains(t, err, "exists already")

	// Dan (no points yet: fired if it stays so) needs 10 teams; the market
	// has 3
	_, err = svc.Handle(ctx, Request{Identity: cli("Dan"), League: id, Text: "transfer leave Red, Gold"})
	assert.ErrorContains(t, err, "names 10 different teams of the market")
	_, err = svc.Handle(ctx, Request{Identity: cli("Dan"), League: id, Text: "transfer leave Red, Purple"})
	assert.ErrorContains(t, err, "no team Purple")
	reply, err := svc.Handle(ctx, Request{Identity: cli("Anna"), League: id, Text: "transfert reste"})
	require.NoError(t, err)
	assert.Equal(t, "Anna asks to stay in his team next season.", reply)

	_, err = svc.Transition(ctx, id, "Market 2")
	assert.ErrorContains(t, err, "the season is not over")

	playSeason(t, svc, id, nil)
	_, err = svc.CreateTeam(ctx, id, "Silver")
	assert.ErrorContains(t, err, "the penultimate event has opened")

	var doc *leagueDoc
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		_, doc, err = findLeague(tx, id)
		return err
	}))
	// 25-A.5 after round 2 of 3: each team swapped iff its No. 1 had no
	// more points than its No. 2 then
	mid := league.Compute(doc.results()[:2], doc.Points)
	pts := map[string]league.Points{}
	for _, r := range mid.Drivers {
		pts[r.Name] = r.Points
	}
	for team, pair := range map[string][2]string{"Red": {"Anna", "Bob"}, "Blue": {"Cleo", "Dan"}} {
		assert.Equal(t, pts[pair[0]] <= pts[pair[1]], slices.Contains(doc.Swapped, team), "%s: %v", team, pts)
	}

	text, err := svc.Transition(ctx, id, "Market 2")
	require.NoError(t, err)
	assert.Contains(t, text, "The market of Market opens market-2.")
	_, err = svc.Transition(ctx, id, "Market 3")
	assert.ErrorContains(t, err, "the market has run; the next season is market-2")
	again, err := svc.Transition(ctx, id, "Market 2")
	require.NoError(t, err, "run again, it finishes nothing twice")
	assert.Equal(t, text, again)

	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		_, doc, err = findLeague(tx, id)
		return err
	}))
	out := doc.Transition
	require.NotNil(t, out)
	assert.Len(t, out.Placements, 4, "every pilot once")
	assert.Len(t, out.Suppliers, len(out.Teams), "every team of the next season rolls for its supplier")
	next, err := svc.League(ctx, "market-2")
	require.NoError(t, err)
	assert.Equal(t, doc.Variants, next.Variants, "the same variants")
	standings := doc.standings()
	champion := standings.Drivers[0].Name
	entered := map[string]LeagueEntryView{}
	for _, e := range next.Entries {
		entered[e.Pilot] = e
	}
	for _, pl := range out.Placements {
		assert.Contains(t, text, pl.Pilot)
		if pl.To == "" {
			assert.NotContains(t, entered, pl.Pilot)
			continue
		}
		assert.Equal(t, pl.To, entered[pl.Pilot].Team, pl.Pilot)
		assert.NotContains(t, out.Bankrupt, pl.To)
	}
	assert.Equal(t, league.FateChampion, placementOf(out, champion).Fate)
	assert.Equal(t, 1, entered[champion].Number, "the champion's car is No. 1")
	assert.Equal(t, 1, entered[champion].Seat, "and he is his team's No. 1")
	for _, b := range out.Bankrupt {
		assert.NotEqual(t, standings.Teams[0].Name, b, "the constructors' champion never goes bankrupt")
	}
	fr := transitionText(doc, "fr")
	assert.True(t, strings.HasPrefix(fr, "Le marché de Market ouvre market-2."), fr)
}

func placementOf(out *league.MarketOutcome, pilot string) league.Placement {
	for _, p := range out.Placements {
		if p.Pilot == pilot {
			return p
		}
	}
	return league.Placement{}
}

// A season with a dozen variants on, this among them (5-E's pot,
// 1-A's running order, 25-A's market, AX-2's contest beside the events),
// autoplays to the end; every event's and the contest's record verifies;
// the market then opens the next season with every pilot entered.
func TestSeasonWithEconomiesAndSideEvents(t *testing.T) {
	svc, store := newMemoryService(t)
	ctx := context.Background()
	id := newSeason(t, svc, "Dozen Economies", "5-E:pot=66", "1-A", "25-A:leave_points=10,stay_roll_points=4,bankruptcy_points=4", "AX-2",
		"6-A", "18-A", "17-A", "14-B", "19-B", "21-A", "24-A", "23-A:scheme=c")
	_, err := svc.DeclareBuildTotal(ctx, id, "Anna", 24)
	require.NoError(t, err)
	// a circuit drawn from two when the contest opens (AX-2)
	_, err = svc.AddContest(ctx, id, time.Date(2020, 1, 2, 8, 0, 0, 0, time.UTC), "test-oval", "oval")
	require.NoError(t, err)
	playSeason(t, svc, id, nil)
	playContests(t, svc, id)

	var doc *leagueDoc
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		_, doc, err = findLeague(tx, id)
		if err != nil {
			return err
		}
		for _, ev := range doc.Events {
			require.NoError(t, tx.VerifyChain(ev.Game), "the event's record verifies")
		}
		require.NoError(t, tx.VerifyChain(doc.Contests[0].Game), "the contest's record verifies")
		assert.Contains(t, []string{"test-oval", "oval"}, doc.Contests[0].Track, "the circuit drawn is kept")
		return nil
	}))
	require.Len(t, doc.results(), 3)
	requireSeasonVerifies(t, svc, store, id)
	st, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	assert.Len(t, st.Pot, 4)
	assert.Len(t, st.Contest, 4)
	text, err := svc.Transition(ctx, id, "Dozen Economies 2")
	require.NoError(t, err)
	assert.Contains(t, text, "The market of Dozen Economies opens dozen-economies-2.")
	next, err := svc.League(ctx, "dozen-economies-2")
	require.NoError(t, err)
	assert.Equal(t, doc.Variants, next.Variants)
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		_, doc, err = findLeague(tx, id)
		return err
	}))
	placed := 0
	for _, pl := range doc.Transition.Placements {
		if pl.To != "" {
			placed++
		}
	}
	assert.Len(t, next.Entries, placed, "every placed pilot entered")
}

// 25-A.3 (l.1479): one team at most may race with a single pilot (the
// pilots odd). Blue and Gold with one pilot each: round 1, its date come,
// waits, and league show says why in English and French; a pilot in Gold
// and it opens; then an entry that would leave two single-pilot teams is
// refused with a sentence, one that fills Blue is not.
func TestMarketOneSinglePilotTeamAtMost(t *testing.T) {
	svc, store := newMemoryService(t)
	ctx := context.Background()
	id, err := svc.CreateLeague(ctx, LeagueRequest{Name: "Odd Teams", Rules: "fdr", Variants: []string{"25-A"}, MasterName: "Maud"})
	require.NoError(t, err)
	for _, p := range [][2]string{{"Anna", "Red"}, {"Bob", "Red"}, {"Cleo", "Blue"}, {"Dan", "Gold"}} {
		require.NoError(t, svc.EnterLeague(ctx, EnterRequest{League: id, Player: p[0], Team: p[1]}))
	}
	addInjuryEvent(t, svc, id, 1)
	_, err = svc.leagueTick(ctx)
	require.NoError(t, err, "waiting is no failure")
	assert.Empty(t, readLeague(t, store, id).Events[0].Game, "round 1 waits")
	lv, err := svc.League(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "Blue, Gold have a single pilot each: only one team may, when the pilots are odd (25-A.3)", lv.Events[0].Waiting)
	assert.Contains(t, lv.Text("en"), "    waits: Blue, Gold have a single pilot each: only one team may, when the pilots are odd (25-A.3)\n")
	assert.Contains(t, lv.Text("fr"), "    en attente : Blue, Gold n'ont qu'un pilote chacune : une seule écurie le peut, quand les pilotes sont en nombre impair (25-A.3)\n")

	require.NoError(t, svc.EnterLeague(ctx, EnterRequest{League: id, Player: "Eve", Team: "Gold"}))
	_, err = svc.leagueTick(ctx)
	require.NoError(t, err)
	assert.NotEmpty(t, readLeague(t, store, id).Events[0].Game, "five pilots, Blue the one single-pilot team: round 1 opens")
	lv, err = svc.League(ctx, id)
	require.NoError(t, err)
	assert.Empty(t, lv.Events[0].Waiting)

	err = svc.EnterLeague(ctx, EnterRequest{League: id, Player: "Finn", Team: "Silver"})
	var refusal *UserError
	require.ErrorAs(t, err, &refusal)
	assert.Equal(t, "Blue, Silver have a single pilot each: only one team may, when the pilots are odd (25-A.3)", refusal.Msg)
	assert.Len(t, readLeague(t, store, id).Entries, 5, "refused: the entry list unchanged")
	require.NoError(t, svc.EnterLeague(ctx, EnterRequest{League: id, Player: "Finn", Team: "Blue"}))
}

// 25-A.1 (l.1464): a player new to the league registers for the next
// season's market — the game master's RegisterNewcomer, or his own
// "transfer new" in the league named — and rolls for a seat after every
// pilot of the season, in registration order; each newcomer placed is
// entered in the next season in the team the dice gave him. Refused with
// a sentence: a list that breaks 25-A.1, a pilot racing this season.
func TestMarketNewcomersRollForASeat(t *testing.T) {
	svc, _ := newMemoryService(t)
	ctx := context.Background()
	id := newSeason(t, svc, "Newcomers", "25-A")
	_, err := svc.CreateTeam(ctx, id, "Gold")
	require.NoError(t, err)

	var refusal *UserError
	_, err = svc.RegisterNewcomer(ctx, id, "Eve", "", []string{"Red", "Gold"})
	require.ErrorAs(t, err, &refusal)
	assert.Equal(t, "a newcomer's list names 10 different teams of the market, at least 3 of this season and 3 created ones; without a list he takes a free seat by the d20s", refusal.Msg)
	reply, err := svc.RegisterNewcomer(ctx, id, "Eve", "Eva Ray", nil)
	require.NoError(t, err)
	assert.Equal(t, "Eva Ray is registered for the next season's market as a newcomer, without a list: a team with a free seat by the d20s.", reply)
	_, err = svc.SetPlayer(ctx, PlayerSettings{Name: "Finn", Language: "fr"})
	require.NoError(t, err)
	reply, err = svc.Handle(ctx, Request{Identity: cli("Finn"), League: id, Text: "transfert nouveau"})
	require.NoError(t, err)
	assert.Equal(t, "Finn est inscrit au marché de la saison prochaine comme nouveau, sans liste : une écurie avec un volant libre aux d20.", reply)
	_, err = svc.Handle(ctx, Request{Identity: cli("Anna"), League: id, Text: "transfer new"})
	assert.ErrorContains(t, err, "Anna races this season as Anna: his wish goes to the market with transfer, he is no newcomer")

	playSeason(t, svc, id, nil)
	text, err := svc.Transition(ctx, id, "Newcomers 2")
	require.NoError(t, err)
	doc := readLeague(t, svc.store, id)
	out := doc.Transition
	require.Len(t, out.Placements, 6, "the four pilots and the two newcomers")
	next, err := svc.League(ctx, "newcomers-2")
	require.NoError(t, err)
	entered := map[string]string{}
	for _, e := range next.Entries {
		entered[e.Pilot] = e.Team
	}
	for k, pilot := range []string{"Eva Ray", "Finn"} {
		pl := out.Placements[4+k]
		assert.Equal(t, pilot, pl.Pilot, "newcomers last, in registration order")
		assert.Equal(t, league.FateNew, pl.Fate)
		require.NotEmpty(t, pl.To, "Gold has two free seats at least")
		assert.NotEmpty(t, pl.Seats, "no list: the d20 of each team with a free seat")
		assert.Equal(t, pl.To, entered[pilot], "entered in the team the dice gave him")
		assert.Contains(t, text, pilot+" (new) joins "+pl.To+".\n")
	}
}

// 25-A.1 (l.1470): a staying pilot gives the list of 10 he joins the pool
// with should the champion take his seat — transfer stay TEAM, … (transfert
// reste …) — checked as a fired pilot's (3 of this season, 3 created) and
// refused with a sentence when it breaks that; the market reads it
// (TestMarketOustedPilotJoinsThePoolWithHisList).
func TestMarketStayingPilotsListShouldHeBeOusted(t *testing.T) {
	svc, store := newMemoryService(t)
	ctx := context.Background()
	id, err := svc.CreateLeague(ctx, LeagueRequest{Name: "Ten Teams", Rules: "fdr", Variants: []string{"25-A"}, MasterName: "Maud"})
	require.NoError(t, err)
	for _, p := range seasonPilots {
		require.NoError(t, svc.EnterLeague(ctx, EnterRequest{League: id, Player: p.player, Team: p.team}))
	}
	created := []string{"Silver", "Bronze", "Black", "White", "Pink", "Grey"}
	for _, team := range created {
		_, err := svc.CreateTeam(ctx, id, team)
		require.NoError(t, err)
	}
	_, err = svc.Handle(ctx, Request{Identity: cli("Bob"), League: id, Text: "transfer stay Red, Blue, Green"})
	var refusal *UserError
	require.ErrorAs(t, err, &refusal)
	assert.Equal(t, "should the champion take your seat you join the pool with a list of 10 different teams of the market, at least 3 of this season and 3 created ones (25-A.1)", refusal.Msg)
	ten := "Red, Blue, Green, Gold, " + strings.Join(created, ", ")
	reply, err := svc.Handle(ctx, Request{Identity: cli("Bob"), League: id, Text: "transfert reste " + ten})
	require.NoError(t, err)
	assert.Equal(t, "Bob asks to stay in his team next season; should the champion take his seat, his list: "+ten+".", reply)
	wish := readLeague(t, store, id).Market["Bob"]
	assert.False(t, wish.Leave)
	assert.Len(t, wish.Teams, 10)
}
