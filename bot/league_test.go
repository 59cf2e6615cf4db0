package bot

import (
	"context"
	"fmt"
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

// fixedRandom fills every secret with the same bytes: the league's event
// seeds, so its races, are the same in every run.
func fixedRandom(b []byte) error {
	for i := range b {
		b[i] = byte(i*7 + 3)
	}
	return nil
}

// newLeague makes a league of four pilots in two teams with events at
// the dates given (hours from now).
func newLeague(t *testing.T, svc *Service, rules string, hours ...int) string {
	t.Helper()
	ctx := context.Background()
	id, err := svc.CreateLeague(ctx, LeagueRequest{Name: "Tuesday Night GP", Rules: rules, Variants: []string{"21-A", "24-A"}, MasterName: "Maud",
		Channels: []Channel{{Transport: "discord", Target: "chan-1"}}})
	require.NoError(t, err)
	assert.Equal(t, "tuesday-night-gp", id)
	for _, h := range hours {
		_, err := svc.AddLeagueEvent(ctx, id, "test-oval", svc.opts.Now().Add(time.Duration(h)*time.Hour), 1)
		require.NoError(t, err)
	}
	for _, e := range []EnterRequest{
		{Player: "Anna", Team: "Red", Pilot: "Anna Speed"},
		{Player: "Bob", Team: "Red"},
		{Player: "Cleo", Team: "Blue"},
		{Player: "Dan", Team: "Blue", Number: 7},
	} {
		e.League = id
		require.NoError(t, svc.EnterLeague(ctx, e))
	}
	return id
}

func TestLeagueCreateRefusals(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	_, err := svc.CreateLeague(ctx, LeagueRequest{Name: "X", Variants: []string{"99-Z"}})
	assert.ErrorContains(t, err, "unknown variant")
	_, err = svc.CreateLeague(ctx, LeagueRequest{Name: "X", Variants: []string{"20-A:rule=Z"}})
	assert.ErrorContains(t, err, "20-A", "a parameter outside its values is refused with the variant's name")
	_, err = svc.CreateLeague(ctx, LeagueRequest{Name: "X", Points: "1,2,3"})
	assert.ErrorContains(t, err, "points scale")
	_, err = svc.CreateLeague(ctx, LeagueRequest{Name: "X", Rules: "chess"})
	assert.Error(t, err)
	_, err = svc.CreateLeague(ctx, LeagueRequest{Name: "  "})
	assert.Error(t, err)
	id, err := svc.CreateLeague(ctx, LeagueRequest{Name: "Été Cup", Points: "25-18-15"})
	require.NoError(t, err)
	assert.Equal(t, "ete-cup", id)
	_, err = svc.CreateLeague(ctx, LeagueRequest{Name: "ete cup"})
	assert.ErrorContains(t, err, "exists already")

	id = newLeague(t, svc, "fd2008")
	err = svc.EnterLeague(ctx, EnterRequest{League: id, Player: "Eve", Team: "Red"})
	assert.ErrorContains(t, err, "two pilots already")
	err = svc.EnterLeague(ctx, EnterRequest{League: id, Player: "Anna"})
	assert.ErrorContains(t, err, "already entered")
	err = svc.EnterLeague(ctx, EnterRequest{League: id, Player: "Eve", Number: 7})
	assert.ErrorContains(t, err, "taken by Dan")
	_, err = svc.SubstituteLeague(ctx, id, "Sam", "Bob")
	assert.ErrorContains(t, err, "every event has started", "no event in the calendar")
	_, err = svc.AddLeagueEvent(ctx, id, "nowhere", time.Now(), 1)
	assert.Error(t, err)

	v, err := svc.League(ctx, "Tuesday Night GP")
	require.NoError(t, err)
	assert.Equal(t, []int{10, 6, 4, 3, 2, 1}, v.Points, "AMB-59 by default")
	assert.Equal(t, "Maud", v.Master)
	var nums []int
	for _, e := range v.Entries {
		nums = append(nums, e.Number)
	}
	assert.Equal(t, []int{1, 2, 3, 7}, nums)
	assert.Equal(t, "Anna Speed", v.Entries[0].Pilot)
	assert.Equal(t, "Anna", v.Entries[0].Player)
}

// The scheduler opens each event at its date with the entry list (the
// substitute in his pilot's car), and once its race is over records the
// result, posts it as prose to every member, and the standings follow
// the race's classification.
func TestLeagueSeasonThroughTheScheduler(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := memory.New()
		svc := New(Options{Store: store, Random: fixedRandom})
		ctx, cancel := context.WithCancel(context.Background())
		id := newLeague(t, svc, "fd2008", 2, 26)
		round, err := svc.SubstituteLeague(ctx, id, "Sam", "Bob")
		require.NoError(t, err)
		assert.Equal(t, 1, round)

		out := &syncBuffer{}
		done := make(chan error, 1)
		go func() { done <- svc.Run(ctx, out) }()

		time.Sleep(time.Hour)
		synctest.Wait()
		v, err := svc.League(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, "scheduled", v.Events[0].State, "not before its date")

		time.Sleep(time.Hour + time.Second)
		synctest.Wait()
		v, err = svc.League(ctx, id)
		require.NoError(t, err)
		require.Equal(t, "running", v.Events[0].State, "opened at its date")
		game := v.Events[0].Game
		gv, err := svc.Show(ctx, game)
		require.NoError(t, err)
		assert.Equal(t, 4, gv.Cars)
		seats := seatPlayers(t, store, game)
		assert.Equal(t, []string{"cli:anna", "cli:sam", "cli:cleo", "cli:dan"}, seats, "Sam drives Bob's car")

		_, err = svc.Autoplay(ctx, game, 0)
		require.NoError(t, err)
		time.Sleep(pollEvery + time.Second)
		synctest.Wait()

		st, err := svc.LeagueStandings(ctx, id)
		require.NoError(t, err)
		require.Len(t, st.Events, 1)
		gv, err = svc.Show(ctx, game)
		require.NoError(t, err)
		pilotOf := map[int]string{1: "Anna Speed", 2: "Sam", 3: "Cleo", 4: "Dan"}
		teamOf := map[int]string{1: "Red", 2: "Red", 3: "Blue", 4: "Blue"}
		want := map[string]int{}
		teams := map[string]int{}
		for _, r := range gv.Results {
			pts := league.DefaultScale.Points(r.Place)
			want[pilotOf[r.Car]] = pts
			teams[teamOf[r.Car]] += pts
		}
		got := map[string]int{}
		for _, r := range st.Drivers {
			got[r.Name] = int(r.Points)
		}
		assert.Equal(t, want, got, "every starter scores by his place, the substitute for himself (LF-05)")
		gotTeams := map[string]int{}
		for _, r := range st.Teams {
			gotTeams[r.Name] = int(r.Points)
		}
		assert.Equal(t, teams, gotTeams, "the team keeps its substitute's points (LF-11)")
		assert.Equal(t, 23, teams["Red"]+teams["Blue"])

		time.Sleep(time.Minute) // the relay prints the posts
		synctest.Wait()
		posted := out.String()
		assert.Contains(t, posted, "Tuesday Night GP, round 1 of 2, on test-oval.")
		assert.Contains(t, posted, "Drivers' championship:")
		assert.Regexp(t, `\. Anna Speed \(car 1, first driver of Red\), \d+ points?`, posted, "a driver with number, team and seat (LF-02)")
		assert.Regexp(t, `\. Sam, \d+ points?`, posted, "a substitute has no entry")
		assert.NotContains(t, posted, "=", "prose, not key=value")

		// round 2: everyone in their own car again
		time.Sleep(24 * time.Hour)
		synctest.Wait()
		v, err = svc.League(ctx, id)
		require.NoError(t, err)
		require.Equal(t, "running", v.Events[1].State)
		assert.Equal(t, []string{"cli:anna", "cli:bob", "cli:cleo", "cli:dan"}, seatPlayers(t, store, v.Events[1].Game))
		_, err = svc.Autoplay(ctx, v.Events[1].Game, 0)
		require.NoError(t, err)
		time.Sleep(pollEvery + time.Second)
		synctest.Wait()
		st, err = svc.LeagueStandings(ctx, id)
		require.NoError(t, err)
		assert.Len(t, st.Events, 2)
		assert.Len(t, st.Drivers, 5, "four pilots and the substitute")
		total := 0
		for _, r := range st.Drivers {
			total += int(r.Points)
		}
		assert.Equal(t, 46, total)

		cancel()
		require.NoError(t, <-done)
		svc.Close()
	})
}

func seatPlayers(t *testing.T, store persistence.Store, game string) []string {
	t.Helper()
	var out []string
	require.NoError(t, store.View(context.Background(), func(tx persistence.ReadTx) error {
		seats, err := tx.Seats(game)
		for _, s := range seats {
			out = append(out, s.Player)
		}
		return err
	}))
	return out
}

// A crash between opening an event's game and marking the event opens the
// same game again, not a second one; a result is recorded and posted
// once however often the tick runs.
func TestLeagueOpensOnceAndRecordsOnce(t *testing.T) {
	store := memory.New()
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	svc := New(Options{Store: store, Random: fixedRandom, Now: func() time.Time { return now }, Standings: fakeStandings{}})
	defer svc.Close()
	ctx := context.Background()
	id := newLeague(t, svc, "fd2008", -1)

	// the game of round 1 exists already, as if the process died right
	// after creating it
	var doc *leagueDoc
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		var err error
		_, doc, err = findLeague(tx, id)
		return err
	}))
	seed := eventSeed(doc.Secret, id, 0)
	pre, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Rules: "fd2008", Seats: []string{"Anna", "Bob", "Cleo", "Dan"}, Seed: seed, Laps: 1})
	require.NoError(t, err)

	_, err = svc.leagueTick(ctx)
	require.NoError(t, err)
	v, err := svc.League(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, pre, v.Events[0].Game, "the game opened before the crash is the event's")
	games := 0
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		live, err := tx.LiveGames()
		games = len(live)
		return err
	}))
	assert.Equal(t, 1, games)

	_, err = svc.Autoplay(ctx, pre, 0)
	require.NoError(t, err)
	for range 3 {
		_, err = svc.leagueTick(ctx)
		require.NoError(t, err)
	}
	posts := 0
	var channel []persistence.Message
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		ms, err := tx.Pending(now.Add(time.Hour), 0)
		for _, m := range ms {
			if strings.Contains(m.Text, "round 1 of 1") {
				posts++
			}
			if m.Target == "chan-1" {
				channel = append(channel, m)
			}
		}
		return err
	}))
	assert.Equal(t, 6, posts, "one post for each of the four pilots, the game master and the league's channel")
	require.Len(t, channel, 1)
	assert.Equal(t, "standings en: 4 drivers after 1 event(s)", string(channel[0].PNG), "the channel's post carries the standings image")
	st, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	assert.Len(t, st.Events, 1)
}

// fakeStandings "draws" a sentence saying what it was given.
type fakeStandings struct{}

func (fakeStandings) StandingsPNG(w io.Writer, v LeagueStandingsView, lang string) error {
	_, err := fmt.Fprintf(w, "standings %s: %d drivers after %d event(s)", lang, len(v.Drivers), len(v.Events))
	return err
}

// Results are recorded in calendar order: a later race over first waits
// for the earlier one (the soak test found the standings of round 2
// computed before round 1's result).
func TestLeagueResultsInCalendarOrder(t *testing.T) {
	store := memory.New()
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	svc := New(Options{Store: store, Random: fixedRandom, Now: func() time.Time { return now }})
	defer svc.Close()
	ctx := context.Background()
	id := newLeague(t, svc, "fd2008", -2, -1)
	_, err := svc.leagueTick(ctx)
	require.NoError(t, err)
	v, err := svc.League(ctx, id)
	require.NoError(t, err)
	_, err = svc.Autoplay(ctx, v.Events[1].Game, 0)
	require.NoError(t, err)
	_, err = svc.leagueTick(ctx)
	require.NoError(t, err)
	v, err = svc.League(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, []string{"running", "running"}, []string{v.Events[0].State, v.Events[1].State}, "round 2 waits for round 1")
	_, err = svc.Autoplay(ctx, v.Events[0].Game, 0)
	require.NoError(t, err)
	_, err = svc.leagueTick(ctx)
	require.NoError(t, err)
	st, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	assert.Len(t, st.Events, 2)
}
