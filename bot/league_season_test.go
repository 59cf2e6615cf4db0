package bot

import (
	"context"
	"fmt"
	"io"
	"strconv"
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

// seasonVictims: the car driven off the road in each round, by its player
// (the autopilot drives the others).
var seasonVictims = [4]int{1, 4, 6, 8}

// driveToElimination plays a game to its end: the autopilot answers every
// decision but car victim's, whose player asks for the highest gear and,
// in a move, takes the option that eliminates the car, else the one that
// overshoots most (21-A needs an eliminated pilot in each race). Under
// fixed seeds, the car is eliminated; the test checks it.
func driveToElimination(t *testing.T, svc *Service, game string, victim int) {
	t.Helper()
	ctx := context.Background()
	for range 10000 {
		gv, err := svc.Show(ctx, game)
		require.NoError(t, err)
		if gv.State == "finished" || len(gv.Pending) == 0 {
			return
		}
		p := gv.Pending[0]
		if p.Car != victim || p.Session != "" || len(p.Options) == 0 {
			_, err := svc.Autoplay(ctx, game, 1)
			require.NoError(t, err)
			continue
		}
		text := ""
		switch p.Decision {
		case "gear":
			best := 0
			for _, o := range p.Options {
				if n, err := strconv.Atoi(o); err == nil && n > best {
					best = n
				}
			}
			text = fmt.Sprint("gear ", best)
		case "move", "slipstream":
			pick := 0
			for i, f := range p.Facts {
				if f.Eliminated || (!p.Facts[pick].Eliminated && f.Overshoot > p.Facts[pick].Overshoot) {
					pick = i
				}
			}
			text = "choose " + p.Options[pick]
		default:
			_, err := svc.Autoplay(ctx, game, 1)
			require.NoError(t, err)
			continue
		}
		_, err = svc.Handle(ctx, Request{Identity: cli(p.Player), Game: game, Text: text})
		require.NoError(t, err, "car %d: %s", victim, text)
	}
	t.Fatalf("game %s did not end", game)
}

// A whole season (issue 15): 4 events three hours apart, 8 players in 4
// teams, a substitute at round 2, one pilot eliminated in each race, a
// qualifying session at round 3; serve's scheduler opens each event at its
// date (time under testing/synctest), and the service is stopped and
// started again on the same store after every round. The standings are
// the ones computed by hand below from each race's classification. One
// pilot a race is driven off the road by their own orders (the autopilot
// eliminates nobody on this circuit); 21-A classifies them on distance.
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
			driveToElimination(t, svc, v.Events[r].Game, seasonVictims[r])
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
		// the races as they were run (fixed seeds, the autopilot everywhere
		// but the victim's car, which its player drove off the road)
		assert.Equal(t, [4][]string{
			{"Dan", "Cleo", "Bob", "Eve", "Finn", "Hana", "Gus", "Anna"},
			{"Cleo", "Bob", "Hana", "Eve", "Anna", "Finn", "Gus", "Sub"},
			{"Cleo", "Hana", "Gus", "Eve", "Dan", "Bob", "Anna", "Finn"},
			{"Dan", "Finn", "Anna", "Eve", "Gus", "Cleo", "Bob", "Hana"},
		}, places)
		assert.Equal(t, "8,2,4,7,1,6,5,3", grid3, "round 3's grid, from its qualifying session: Hana, Bob, Dan, Gus, Anna, Finn, Eve, Cleo")
		// 21-A: each race's eliminated pilot is classified, on distance,
		// after the finishers
		require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
			_, doc, err := findLeague(tx, id)
			if err != nil {
				return err
			}
			for r, ev := range doc.Events {
				require.NotNil(t, ev.Result, "round %d recorded", r+1)
				var out []league.Car
				for _, c := range ev.Result.Cars {
					if c.Status != league.Finished {
						out = append(out, c)
					}
				}
				require.Len(t, out, 1, "round %d: one pilot eliminated", r+1)
				assert.Equal(t, seasonVictims[r], out[0].Car, "round %d", r+1)
				assert.Equal(t, league.Eliminated, out[0].Status, "round %d", r+1)
				assert.Equal(t, 8, out[0].Place, "round %d: classified 8th", r+1)
				assert.Positive(t, out[0].Out, "round %d: the turn of the elimination is recorded", r+1)
			}
			return nil
		}))

		// By hand, 10-6-4-3-2-1 (an eliminated pilot, 8th, scores nothing):
		//   Cleo 6+10+10+1 = 27, Dan 10+2+10 = 22 (round 2 was Sub's),
		//   Eve 3+3+3+3 = 12, Bob 4+6+1+0 = 11 and Hana 1+4+6+0 = 11 (the
		//   same scoring places 2, 3, 6: by name), Finn 2+1+0+6 = 9,
		//   Anna 0+2+0+4 = 6 and Gus 0+0+4+2 = 6 (scoring places 3 and 5
		//   each: by name), Sub 0.
		// Before round 4: Cleo 26, Dan 12, Bob 11, Hana 11, Eve 9, Gus 4,
		//   Finn 3, Anna 2, Sub 0.
		// Teams: Blue (Cleo, Dan, Sub) 49, Green (Eve, Finn) 21, Gold (Gus,
		//   Hana) 17 and Red (Anna, Bob) 17 (scoring places 2, 3, 3, 5, 6
		//   each: by name); before round 4 Blue 38, Gold 15, Red 13, Green 12.
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
				out = append(out, line{r.Name, int(r.Points), r.Moved})
			}
			return out
		}
		assert.Equal(t, []line{{"Cleo", 27, 0}, {"Dan", 22, 0}, {"Eve", 12, 2}, {"Bob", 11, -1}, {"Hana", 11, -1}, {"Finn", 9, 1}, {"Anna", 6, 1}, {"Gus", 6, -2}, {"Sub", 0, 0}}, lines(st.Drivers))
		assert.Equal(t, []line{{"Blue", 49, 0}, {"Green", 21, 2}, {"Gold", 17, -1}, {"Red", 17, -1}}, lines(st.Teams))
		quali := lines(nonZero(st.Qualifying))
		assert.Equal(t, []line{{"Hana", 10, 0}, {"Bob", 6, 0}, {"Dan", 4, 0}, {"Gus", 3, 0}, {"Anna", 2, 0}, {"Finn", 1, 0}}, quali)
		assert.Equal(t, []line{{"Gold", 13, 0}, {"Red", 8, 0}, {"Blue", 4, 0}, {"Green", 1, 0}}, lines(st.QualifyingTeams))
		// Media (24-B): one leader a game turn, so the turns led add up to
		// the turns played, for the pilots and for the teams
		led, ledTeams := 0, 0
		for _, r := range st.Media {
			led += int(r.Points)
		}
		for _, r := range st.MediaTeams {
			ledTeams += int(r.Points)
		}
		assert.Equal(t, rounds, led)
		assert.Equal(t, rounds, ledTeams)
		stop()
	})
}
