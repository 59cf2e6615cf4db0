package bot

import (
	"context"
	"encoding/json"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
)

// seats lists the entry list as pilot → seat.
func seats(t *testing.T, svc *Service, id string) map[string]int {
	t.Helper()
	v, err := svc.League(context.Background(), id)
	require.NoError(t, err)
	out := map[string]int{}
	for _, e := range v.Entries {
		out[e.Pilot] = e.Seat
	}
	return out
}

// LF-02: a team's first entrant is its first driver (No. 1), the second
// its second; the game master swaps them (league team --first, or
// first-driver NAME / premier-pilote NOM), and the car numbers stay with
// the pilots (LF-03, 25-A.5).
func TestTeamSeatsAndTheSwap(t *testing.T) {
	store := memory.New()
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	svc := New(Options{Store: store, Random: fixedRandom, Now: func() time.Time { return now }})
	defer svc.Close()
	ctx := context.Background()
	id := newLeague(t, svc, "fd2008", 48)
	require.NoError(t, svc.EnterLeague(ctx, EnterRequest{League: id, Player: "Xavi"}))
	assert.Equal(t, map[string]int{"Anna Speed": 1, "Bob": 2, "Cleo": 1, "Dan": 2, "Xavi": 0}, seats(t, svc, id))

	team, pilot, err := svc.SetFirstDriver(ctx, id, "blue", "dan")
	require.NoError(t, err)
	assert.Equal(t, [2]string{"Blue", "Dan"}, [2]string{team, pilot}, "the names as entered")
	assert.Equal(t, map[string]int{"Anna Speed": 1, "Bob": 2, "Cleo": 2, "Dan": 1, "Xavi": 0}, seats(t, svc, id))
	v, err := svc.League(ctx, id)
	require.NoError(t, err)
	for _, e := range v.Entries {
		if e.Pilot == "Dan" {
			assert.Equal(t, 7, e.Number, "LF-03: the number does not change with the seat")
		}
	}
	assert.Contains(t, v.Text("en"), "car 7: Dan (Dan), first driver of Blue")
	assert.Contains(t, v.Text("en"), "car 3: Cleo (Cleo), second driver of Blue")
	assert.Contains(t, v.Text("fr"), "voiture 7 : Dan (Dan), premier pilote de Blue")

	for _, bad := range [][2]string{{"Red", "Dan"}, {"", "Xavi"}, {"Blue", "Nobody"}} {
		_, _, err := svc.SetFirstDriver(ctx, id, bad[0], bad[1])
		assert.Error(t, err, "%v", bad)
	}
	assert.Equal(t, map[string]int{"Anna Speed": 1, "Bob": 2, "Cleo": 2, "Dan": 1, "Xavi": 0}, seats(t, svc, id), "a refusal changes nothing")

	// the command language: the game master only, English and French
	say := func(who, text string) (string, error) {
		return svc.Handle(ctx, Request{Identity: cli(who), Text: text, League: id})
	}
	_, err = say("Anna", "first-driver Bob")
	assert.ErrorContains(t, err, "only the league's game master")
	out, err := say("Maud", "first-driver Bob")
	require.NoError(t, err)
	assert.Equal(t, "Bob is now the first driver of Red; car numbers do not change.", out)
	_, err = svc.SetPlayer(ctx, PlayerSettings{Name: "Maud", Language: "fr"})
	require.NoError(t, err)
	out, err = say("Maud", "premier-pilote Cleo")
	require.NoError(t, err)
	assert.Equal(t, "Cleo est désormais premier pilote de Blue ; les numéros ne changent pas.", out)
	assert.Equal(t, map[string]int{"Anna Speed": 2, "Bob": 1, "Cleo": 1, "Dan": 2, "Xavi": 0}, seats(t, svc, id))

	// a new pilot of a team whose No. 1 is taken is its No. 2, whatever
	// the order of the entry list
	id2, err := svc.CreateLeague(ctx, LeagueRequest{Name: "Second", MasterName: "Maud"})
	require.NoError(t, err)
	require.NoError(t, svc.EnterLeague(ctx, EnterRequest{League: id2, Player: "Anna", Team: "Red"}))
	assert.Equal(t, map[string]int{"Anna Speed": 1}, seats(t, svc, id2), "LF-01: Anna's pilot again")
	require.NoError(t, svc.EnterLeague(ctx, EnterRequest{League: id2, Player: "Bob", Team: "RED"}))
	assert.Equal(t, map[string]int{"Anna Speed": 1, "Bob": 2}, seats(t, svc, id2))
}

// A league stored before seats existed reads with its teams' pilots seated
// in the order they entered.
func TestSeatsOfALeagueStoredWithoutThem(t *testing.T) {
	store := memory.New()
	svc := New(Options{Store: store, Random: fixedRandom})
	defer svc.Close()
	ctx := context.Background()
	id := newLeague(t, svc, "fd2008")
	require.NoError(t, store.Update(ctx, func(tx persistence.Tx) error {
		row, err := tx.League(id)
		if err != nil {
			return err
		}
		var doc map[string]any
		if err := json.Unmarshal(row.Data, &doc); err != nil {
			return err
		}
		for _, e := range doc["entries"].([]any) {
			delete(e.(map[string]any), "seat")
		}
		if row.Data, err = json.Marshal(doc); err != nil {
			return err
		}
		_, err = tx.UpdateLeague(row)
		return err
	}))
	assert.Equal(t, map[string]int{"Anna Speed": 1, "Bob": 2, "Cleo": 1, "Dan": 2}, seats(t, svc, id))
}

// 4-A gives a team one slot of two boxes, its first car in the first box
// (engine/fd): the line-up puts each team's first driver (LF-02) in the
// team's first car, whatever the car numbers, so the No. 1 takes the
// first box and a swap moves the pilots' boxes (25-A.5).
func TestFirstDriverTakesTheTeamsFirstBox(t *testing.T) {
	store := memory.New()
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	svc := New(Options{Store: store, Random: fixedRandom, Now: func() time.Time { return now }})
	defer svc.Close()
	ctx := context.Background()
	id, err := svc.CreateLeague(ctx, LeagueRequest{Name: "Boxes", Rules: "fdr", Variants: []string{"4-A:mode=a"}, MasterName: "Maud"})
	require.NoError(t, err)
	_, err = svc.AddLeagueEvent(ctx, id, "test-oval", now.Add(-time.Hour), 1)
	require.NoError(t, err)
	for _, e := range []EnterRequest{{Player: "Anna", Team: "Red"}, {Player: "Bob", Team: "Red"}, {Player: "Cleo", Team: "Blue"}, {Player: "Dan", Team: "Blue"}} {
		e.League = id
		require.NoError(t, svc.EnterLeague(ctx, e))
	}
	_, _, err = svc.SetFirstDriver(ctx, id, "Red", "Bob")
	require.NoError(t, err)
	_, _, err = svc.SetFirstDriver(ctx, id, "Blue", "Dan")
	require.NoError(t, err)
	_, err = svc.leagueTick(ctx)
	require.NoError(t, err)

	var cars []eventCar
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		_, doc, err := findLeague(tx, id)
		if err == nil {
			cars = doc.Events[0].Cars
		}
		return err
	}))
	var order []string
	for _, c := range cars {
		order = append(order, c.Pilot)
	}
	assert.Equal(t, []string{"Bob", "Anna", "Dan", "Cleo"}, order, "each team's No. 1 in its first car")

	v, err := svc.League(ctx, id)
	require.NoError(t, err)
	_, err = svc.Autoplay(ctx, v.Events[0].Game, 0) // qualifying first, then the boxes (fdr)
	require.NoError(t, err)
	rec, err := svc.GameRecord(ctx, v.Events[0].Game)
	require.NoError(t, err)
	box := map[int]int{}
	for _, m := range regexp.MustCompile(`pit-box car=(\d+) box=(\d+)`).FindAllStringSubmatch(rec, -1) {
		c, _ := strconv.Atoi(m[1])
		b, _ := strconv.Atoi(m[2])
		box[c] = b
	}
	require.Len(t, box, 4, "4-A(a) assigns every box")
	for _, c := range []int{1, 3} { // Bob, Dan
		assert.Equal(t, 1, box[c]%2, "car %d (a No. 1) has the first box of its slot", c)
		assert.Equal(t, box[c]+1, box[c+1], "its No. 2 the next")
	}
}
