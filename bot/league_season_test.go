package bot

import (
	"context"
	"io"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
)

// seasonPilots: eight players in four teams, by car number.
var seasonPilots = []struct{ player, team string }{
	{"Anna", "Red"}, {"Bob", "Red"}, {"Cleo", "Blue"}, {"Dan", "Blue"},
	{"Eve", "Green"}, {"Finn", "Green"}, {"Gus", "Gold"}, {"Hana", "Gold"},
}

// A whole season (issue 15): 4 events three hours apart, 8 players in 4
// teams, a substitute at round 2, one pilot eliminated in each race, a
// qualifying session at round 3; serve's scheduler opens each event at its
// date (time under testing/synctest), and the service is stopped and
// started again on the same store after every round. The standings are
// the ones computed by hand below from each race's classification. (The
// autopilot eliminated nobody on this circuit, so the classification of
// eliminated pilots by distance is tested in engine/league, by hand.)
func TestWholeSeason(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := memory.New()
		ctx := context.Background()
		var svc *Service
		var stop func()
		run := func() {
			svc = New(Options{Store: store, Random: fixedRandom})
			rctx, cancel := context.WithCancel(ctx)
			done := make(chan error, 1)
			go func() { done <- svc.Run(rctx, io.Discard) }()
			stop = func() {
				cancel()
				require.NoError(t, <-done)
				svc.Close()
			}
		}
		run()
		id, err := svc.CreateLeague(ctx, LeagueRequest{Name: "Season One", Rules: "fd2008", MasterName: "Maud"})
		require.NoError(t, err)
		start := svc.opts.Now()
		week := 3 * time.Hour // "a week": a short one, since the scheduler wakes every minute
		for i := range 4 {
			_, err := svc.AddLeagueEvent(ctx, id, "test-oval", start.Add(time.Duration(i+1)*week), 2, i == 2)
			require.NoError(t, err)
		}
		for _, p := range seasonPilots {
			require.NoError(t, svc.EnterLeague(ctx, EnterRequest{League: id, Player: p.player, Team: p.team}))
		}
		var places [4][]string // pilots by place, per round
		rounds, grid3 := 0, ""
		for r := range 4 {
			if r == 1 {
				out, err := svc.Handle(ctx, Request{Identity: cli("Maud"), League: id, Text: "substitute Sub for Dan"})
				require.NoError(t, err)
				assert.Equal(t, "Sub drives for Dan in round 2.", out)
			}
			time.Sleep(week)
			synctest.Wait()
			v, err := svc.League(ctx, id)
			require.NoError(t, err)
			require.Equal(t, "running", v.Events[r].State, "round %d opened at its date", r+1)
			_, err = svc.Autoplay(ctx, v.Events[r].Game, 0)
			require.NoError(t, err)
			time.Sleep(pollEvery + time.Second)
			synctest.Wait()
			v, err = svc.League(ctx, id)
			require.NoError(t, err)
			require.Equal(t, "finished", v.Events[r].State)
			gv, err := svc.Show(ctx, v.Events[r].Game)
			require.NoError(t, err)
			rounds += gv.Rounds
			if r == 2 {
				require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
					evs, err := tx.Events(v.Events[r].Game, 0, 0)
					for _, e := range evs {
						if strings.HasPrefix(e.Line, "qualified") {
							grid3 = "qualified"
						}
						if strings.HasPrefix(e.Line, "grid order=") && grid3 == "qualified" {
							grid3 = strings.TrimPrefix(e.Line, "grid order=")
						}
					}
					return err
				}))
			}
			for _, res := range gv.Results {
				name := seasonPilots[res.Car-1].player
				if r == 1 && res.Car == 4 {
					name = "Sub"
				}
				places[r] = append(places[r], name)
			}
			stop() // a restart between rounds: everything is in the store
			run()
		}
		// the races as they were run (fixed seeds, the autopilot everywhere)
		assert.Equal(t, [4][]string{
			{"Hana", "Cleo", "Dan", "Eve", "Finn", "Anna", "Bob", "Gus"},
			{"Gus", "Bob", "Hana", "Cleo", "Eve", "Sub", "Anna", "Finn"},
			{"Cleo", "Gus", "Hana", "Dan", "Finn", "Bob", "Eve", "Anna"},
			{"Finn", "Cleo", "Eve", "Gus", "Bob", "Dan", "Anna", "Hana"},
		}, places)
		assert.Equal(t, "8,2,4,7,1,6,5,3", grid3, "round 3's grid, from its qualifying session: Hana, Bob, Dan, Gus, Anna, Finn, Eve, Cleo")

		// By hand, 10-6-4-3-2-1:
		//   Cleo 6+3+10+6 = 25, Gus 0+10+6+3 = 19, Hana 10+4+4+0 = 18,
		//   Finn 2+0+2+10 = 14, Bob 0+6+1+2 = 9 and Eve 3+2+0+4 = 9 (Bob has
		//   a 2nd place, Eve's best is 3rd), Dan 4+3+1 = 8 (round 2 was
		//   Sub's), Anna 1 and Sub 1 (a 6th place each: by name).
		// Before round 4: Cleo 19, Hana 18, Gus 16, Bob 7 (a 2nd) and Dan 7,
		//   Eve 5, Finn 4, Anna 1, Sub 1.
		// Teams: Gold (Gus, Hana) 37, Blue (Cleo, Dan, Sub) 34, Green (Eve,
		//   Finn) 23, Red (Anna, Bob) 10; the same order before round 4.
		// Qualifying (24-A, round 3 only): Hana 10, Bob 6, Dan 4, Gus 3,
		//   Anna 2, Finn 1; teams Gold 13, Red 8, Blue 4, Green 1.
		st, err := svc.LeagueStandings(ctx, id)
		require.NoError(t, err)
		type line struct {
			Name          string
			Points, Moved int
		}
		lines := func(rows []league.Row) []line {
			var out []line
			for _, r := range rows {
				out = append(out, line{r.Name, r.Points, r.Moved})
			}
			return out
		}
		assert.Equal(t, []line{{"Cleo", 25, 0}, {"Gus", 19, 1}, {"Hana", 18, -1}, {"Finn", 14, 3}, {"Bob", 9, -1}, {"Eve", 9, 0}, {"Dan", 8, -2}, {"Anna", 1, 0}, {"Sub", 1, 0}}, lines(st.Drivers))
		assert.Equal(t, []line{{"Gold", 37, 0}, {"Blue", 34, 0}, {"Green", 23, 0}, {"Red", 10, 0}}, lines(st.Teams))
		quali := lines(nonZero(st.Qualifying))
		assert.Equal(t, []line{{"Hana", 10, 0}, {"Bob", 6, 0}, {"Dan", 4, 0}, {"Gus", 3, 0}, {"Anna", 2, 0}, {"Finn", 1, 0}}, quali)
		assert.Equal(t, []line{{"Gold", 13, 0}, {"Red", 8, 0}, {"Blue", 4, 0}, {"Green", 1, 0}}, lines(st.QualifyingTeams))
		// Media (24-B): one leader a game turn, so the turns led add up to
		// the turns played, for the pilots and for the teams
		led, ledTeams := 0, 0
		for _, r := range st.Media {
			led += r.Points
		}
		for _, r := range st.MediaTeams {
			ledTeams += r.Points
		}
		assert.Equal(t, rounds, led)
		assert.Equal(t, rounds, ledTeams)
		stop()
	})
}
