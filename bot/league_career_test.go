package bot

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
)

// storeLeague writes a league as if its events had been raced.
func storeLeague(t *testing.T, store persistence.Store, id string, created time.Time, doc leagueDoc) {
	t.Helper()
	data, err := json.Marshal(doc)
	require.NoError(t, err)
	require.NoError(t, store.Update(context.Background(), func(tx persistence.Tx) error {
		_, err := tx.CreateLeague(persistence.League{ID: id, Created: created, Data: data})
		return err
	}))
}

// raced is an event with its line-up and classified result.
func raced(cars ...league.Car) leagueEvent {
	ev := leagueEvent{Track: "test-oval", Game: "g-x", Result: &league.Result{Cars: league.Classify(cars)}}
	for _, c := range cars {
		ev.Cars = append(ev.Cars, eventCar{Car: c.Car, Player: "cli:" + Fold(c.Pilot), Pilot: c.Pilot, Team: c.Team})
	}
	ev.Cars[0].Player = "cli:anna" // the first car is always Anna's pilot here
	return ev
}

// LF-01: a pilot's career adds up over two seasons, computed by hand;
// entered in a third league, the player's pilot keeps its name and its
// number, and the reigning champion gets No. 1 (LF-03).
func TestPilotCareerOverTwoSeasons(t *testing.T) {
	store := memory.New()
	now := time.Date(2026, 12, 20, 12, 0, 0, 0, time.UTC)
	svc := New(Options{Store: store, Random: fixedRandom, Now: func() time.Time { return now }})
	defer svc.Close()
	ctx := context.Background()
	for _, name := range []string{"Anna", "Bob", "Cid", "Dan", "Eve"} {
		_, err := svc.SetPlayer(ctx, PlayerSettings{Name: name})
		require.NoError(t, err)
	}
	fin := func(car int, pilot string, finish int) league.Car {
		return league.Car{Car: car, Pilot: pilot, Status: league.Finished, Finish: finish}
	}
	out := func(car int, pilot string, distance int) league.Car {
		return league.Car{Car: car, Pilot: pilot, Status: league.Eliminated, Distance: distance}
	}
	// season 1 (10-6-4-3-2-1), over. Round 1: Anna Speed wins, Cid 2nd,
	// Bob out (3rd). Round 2: Bob wins, Anna Speed 2nd, Cid out (3rd).
	// Anna Speed 10+6 = 16, champion (Bob 4+10 = 14, Cid 6+4 = 10).
	storeLeague(t, store, "autumn-cup", now.Add(-50*24*time.Hour), leagueDoc{Name: "Autumn Cup", Rules: "fd2008", Points: league.DefaultScale,
		Entries: []leagueEntry{{Player: "cli:anna", Pilot: "Anna Speed", Team: "Red", Seat: 1, Number: 5}, {Player: "cli:bob", Pilot: "Bob", Number: 6}, {Player: "cli:cid", Pilot: "Cid", Number: 7}},
		Events: []leagueEvent{
			raced(fin(1, "Anna Speed", 1), fin(2, "Cid", 2), out(3, "Bob", 40)),
			raced(fin(1, "Anna Speed", 2), fin(2, "Bob", 1), out(3, "Cid", 40)),
		}})
	// season 2 (25-18-15), two rounds of three raced. Round 1: Dan, Eve,
	// Anna Speed out (15 points). Round 2: Dan, Eve, Anna Speed
	// black-flagged (0). Anna Speed 3rd on 15 points.
	s2 := raced(league.Car{Car: 1, Pilot: "Anna Speed", Status: league.Excluded}, fin(2, "Dan", 1), fin(3, "Eve", 2))
	storeLeague(t, store, "winter-cup", now.Add(-20*24*time.Hour), leagueDoc{Name: "Winter Cup", Rules: "fd2008", Points: league.Scale{25, 18, 15},
		Entries: []leagueEntry{{Player: "cli:anna", Pilot: "Anna Speed", Team: "Blue", Seat: 1, Number: 5}, {Player: "cli:dan", Pilot: "Dan", Team: "Blue", Seat: 2, Number: 2}, {Player: "cli:eve", Pilot: "Eve", Number: 9}},
		Events: []leagueEvent{
			raced(out(1, "Anna Speed", 30), fin(2, "Dan", 1), fin(3, "Eve", 2)),
			s2,
			{Track: "test-oval"},
		}})

	v, err := svc.PilotCareer(ctx, "anna speed")
	require.NoError(t, err)
	assert.Equal(t, "Anna Speed", v.Pilot)
	assert.Equal(t, "Anna", v.Player)
	assert.Equal(t, league.Career{Seasons: 2, Starts: 4, Wins: 1, Podiums: 3, Points: 31, Best: 1, DNFs: 1, DSQ: 1, Titles: 1}, v.Career)
	assert.Equal(t, []league.SeasonRecord{
		{League: "autumn-cup", Name: "Autumn Cup", Team: "Red", Number: 5, Starts: 2, Wins: 1, Podiums: 2, Points: 16, Best: 1, Position: 1, Over: true, Champion: true},
		{League: "winter-cup", Name: "Winter Cup", Team: "Blue", Number: 5, Starts: 2, Podiums: 1, Points: 15, Best: 3, DNFs: 1, DSQ: 1, Position: 3},
	}, v.History)
	assert.Equal(t, 5, v.Number)
	assert.Equal(t, "Blue", v.Team)
	assert.Equal(t, "Anna Speed (Anna), car 5: 2 season(s), 4 start(s), 1 win(s), 3 podium(s), 31 point(s), 1 retirement(s), 1 black flag(s), best finish 1st, champion 1 time(s).\n"+
		"  Autumn Cup for Red: 2 start(s), 1 win(s), 2 podium(s), 16 point(s), champion.\n"+
		"  Winter Cup for Blue: 2 start(s), 0 win(s), 1 podium(s), 15 point(s), 3rd in the championship so far.\n", v.Text("en"))
	assert.Contains(t, v.Text("fr"), "Anna Speed (Anna), voiture 5 : 2 saison(s), 4 départ(s), 1 victoire(s)")

	// on every transport: career [NAME] / carriere [NOM], the sender's
	// own pilot without a name
	reply, err := svc.Handle(ctx, Request{Identity: cli("Anna"), Text: "career", League: "winter-cup"})
	require.NoError(t, err)
	assert.Equal(t, v.Text("en"), reply)
	reply, err = svc.Handle(ctx, Request{Identity: cli("Eve"), Text: "carrière anna speed", League: "winter-cup"})
	require.NoError(t, err)
	assert.Equal(t, v.Text("en"), reply, "in the sender's language")
	_, err = svc.Handle(ctx, Request{Identity: cli("Cid"), Text: "career", League: "autumn-cup"})
	require.NoError(t, err, "Cid raced season 1")
	_, err = svc.Handle(ctx, Request{Identity: cli("Bob"), Text: "career Zed", League: "autumn-cup"})
	assert.ErrorContains(t, err, "no pilot \"Zed\"")

	byPlayer, err := svc.PilotCareer(ctx, "Anna")
	require.NoError(t, err)
	assert.Equal(t, v, byPlayer, "a player's name gives their latest pilot")
	_, err = svc.PilotCareer(ctx, "Nobody")
	assert.ErrorContains(t, err, "no pilot")

	// a third league: Anna's pilot keeps its name; as the reigning
	// champion (season 1; season 2 is not over) it takes No. 1 (LF-03);
	// Eve keeps her 9; Dan his 2
	id, err := svc.CreateLeague(ctx, LeagueRequest{Name: "Spring Cup", MasterName: "Maud"})
	require.NoError(t, err)
	for _, p := range []string{"Dan", "Eve", "Anna"} {
		require.NoError(t, svc.EnterLeague(ctx, EnterRequest{League: id, Player: p}))
	}
	sv, err := svc.League(ctx, id)
	require.NoError(t, err)
	got := map[string]int{}
	for _, e := range sv.Entries {
		got[e.Pilot] = e.Number
	}
	assert.Equal(t, map[string]int{"Dan": 2, "Eve": 9, "Anna Speed": 1}, got)
	// a pilot's name is its player's
	err = svc.EnterLeague(ctx, EnterRequest{League: id, Player: "Bob", Pilot: "ANNA SPEED"})
	assert.ErrorContains(t, err, "another player's")
	// a new persona starts from zero
	require.NoError(t, svc.EnterLeague(ctx, EnterRequest{League: id, Player: "Bob", Pilot: "Robert Rapide"}))
	bob, err := svc.PilotCareer(ctx, "Robert Rapide")
	require.NoError(t, err)
	assert.Equal(t, league.Career{}, bob.Career)
	require.Len(t, bob.History, 1)
	assert.Equal(t, "spring-cup", bob.History[0].League)
}

// The career of a pilot who raced a real season: two leagues played
// through the scheduler, one event each; the second entry keeps the
// pilot, and the career is the sum of both leagues' standings.
func TestPilotCareerOfPlayedSeasons(t *testing.T) {
	store := memory.New()
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	svc := New(Options{Store: store, Random: fixedRandom, Now: func() time.Time { return now }})
	defer svc.Close()
	ctx := context.Background()
	play := func(name string, pilots map[string]string) LeagueStandingsView {
		id, err := svc.CreateLeague(ctx, LeagueRequest{Name: name, Rules: "fd2008", MasterName: "Maud"})
		require.NoError(t, err)
		_, err = svc.AddLeagueEvent(ctx, id, "test-oval", now, 1)
		require.NoError(t, err)
		for _, p := range []string{"Anna", "Bob", "Cleo"} {
			require.NoError(t, svc.EnterLeague(ctx, EnterRequest{League: id, Player: p, Pilot: pilots[p]}))
		}
		_, err = svc.leagueTick(ctx)
		require.NoError(t, err)
		v, err := svc.League(ctx, id)
		require.NoError(t, err)
		_, err = svc.Autoplay(ctx, v.Events[0].Game, 0)
		require.NoError(t, err)
		_, err = svc.leagueTick(ctx)
		require.NoError(t, err)
		st, err := svc.LeagueStandings(ctx, id)
		require.NoError(t, err)
		require.Len(t, st.Events, 1, "the event is recorded")
		return st
	}
	first := play("One", map[string]string{"Anna": "Anna Speed"})
	now = now.Add(time.Hour)
	second := play("Two", nil) // Anna's pilot is Anna Speed again
	var points league.Points
	wins := 0
	for _, st := range []LeagueStandingsView{first, second} {
		for _, r := range st.Drivers {
			if r.Name == "Anna Speed" {
				points += r.Points
				if r.Results[0].Place == 1 {
					wins++
				}
			}
		}
	}
	v, err := svc.PilotCareer(ctx, "Anna Speed")
	require.NoError(t, err)
	assert.Equal(t, 2, v.Seasons)
	assert.Equal(t, 2, v.Starts)
	assert.Equal(t, points, v.Points)
	assert.Equal(t, wins, v.Wins)
	assert.Equal(t, 1, v.Number, "the pilot kept its number")
}
