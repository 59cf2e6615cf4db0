package bot

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/persistence"
)

// AX-3 as a league side event: a marathon added to the side calendar
// opens its first circuit at its date as a game of its own with every
// entered pilot, the next circuit when the last is recorded, and so on;
// the standings add each pilot's moves over the circuits recorded
// (LF-52). Refused: a league without AX-3, a single circuit, an unknown
// track.
func TestMarathonSideEvent(t *testing.T) {
	svc, store := newMemoryService(t)
	ctx := context.Background()
	date := time.Date(2020, 1, 1, 20, 0, 0, 0, time.UTC)

	plain := newSeason(t, svc, "No Marathon", "21-A")
	_, err := svc.AddMarathon(ctx, plain, date, "test-oval", "test-oval")
	assert.ErrorContains(t, err, "does not play AX-3")

	id := newSeason(t, svc, "Marathon", "AX-3")
	_, err = svc.AddMarathon(ctx, id, date, "test-oval")
	assert.ErrorContains(t, err, "two circuits or more")
	_, err = svc.AddMarathon(ctx, id, date, "test-oval", "nowhere")
	assert.Error(t, err)
	n, err := svc.AddMarathon(ctx, id, date, "test-oval", "test-oval", "test-oval")
	require.NoError(t, err)
	assert.Equal(t, 1, n)

	var doc *leagueDoc
	opened := 0
	for range 10000 {
		_, err := svc.leagueTick(ctx)
		require.NoError(t, err)
		doc = readLeague(t, store, id)
		m := doc.Marathons[0]
		require.NotEmpty(t, m.Legs, "the first circuit opens at the marathon's date")
		opened = max(opened, len(m.Legs))
		if m.over() {
			break
		}
		last := m.Legs[len(m.Legs)-1]
		require.Nil(t, last.Scores, "a recorded circuit is followed by the next at once")
		_, err = svc.Autoplay(ctx, last.Game, 1)
		require.NoError(t, err)
	}
	m := doc.Marathons[0]
	require.True(t, m.over(), "the marathon ended")
	assert.Equal(t, 3, opened)
	games := map[string]bool{}
	moves := map[string]int{}
	for k, leg := range m.Legs {
		games[leg.Game] = true
		require.Len(t, leg.Scores, 4, "every entered pilot drove the circuit")
		for _, sc := range leg.Scores {
			assert.Positive(t, sc.Moves)
			moves[sc.Pilot] += sc.Moves
		}
		require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
			row, err := tx.Game(leg.Game)
			require.NoError(t, err)
			meta, err := decodeMeta(row)
			require.NoError(t, err)
			want := "AX-3" // the first circuit carries nothing in; the next ones the state left (league AMB-56)
			if k > 0 {
				want += ":" + carryParam(m.Legs[k-1].Carry, leg.Cars)
			}
			assert.Equal(t, []string{want}, meta.Variants)
			return nil
		}))
	}
	assert.Len(t, games, 3, "a game a circuit, each of its own seed")

	st, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	require.Len(t, st.Marathon, 1)
	rows := st.Marathon[0].Rows
	require.Len(t, rows, 4)
	for i, r := range rows {
		assert.Equal(t, moves[r.Pilot], r.Moves, r.Pilot)
		assert.Equal(t, 3, r.Circuits)
		if i > 0 && r.Ended == rows[i-1].Ended {
			assert.GreaterOrEqual(t, r.Moves, rows[i-1].Moves, "fewest moves first")
		}
	}
	assert.Contains(t, st.Text("en"), "Marathon qualifying 1 (AX-3), 3 of 3 circuits driven")
	assert.Contains(t, st.Text("en"), "1. "+rows[0].Pilot+", ")
	assert.Contains(t, st.Text("fr"), "Essais marathon 1 (AX-3), 3 circuits courus sur 3")
}

// AX-2 and AX-3 in one league: a contest and a marathon on the side
// calendar at once, each game under its own variant alone, each ranking
// apart (LF-52); neither reaches the events' races.
func TestContestAndMarathonSideBySide(t *testing.T) {
	svc, store := newMemoryService(t)
	ctx := context.Background()
	date := time.Date(2020, 1, 1, 20, 0, 0, 0, time.UTC)

	id := newSeason(t, svc, "Both Annexes", "AX-2:winner=n", "AX-3")
	_, err := svc.AddContest(ctx, id, date, "test-oval")
	require.NoError(t, err)
	_, err = svc.AddMarathon(ctx, id, date, "test-oval", "test-oval")
	require.NoError(t, err)

	var doc *leagueDoc
	for range 10000 {
		_, err := svc.leagueTick(ctx)
		require.NoError(t, err)
		require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
			_, doc, err = findLeague(tx, id)
			return err
		}))
		var running []string
		if c := doc.Contests[0]; c.Order == nil {
			running = append(running, c.Game)
		}
		if m := doc.Marathons[0]; !m.over() {
			running = append(running, m.Legs[len(m.Legs)-1].Game)
		}
		if len(running) == 0 {
			break
		}
		for _, g := range running {
			_, err = svc.Autoplay(ctx, g, 1)
			require.NoError(t, err)
		}
	}
	require.True(t, doc.Marathons[0].over())
	require.Len(t, doc.Contests[0].Order, 4)
	variantsOf := func(game string) []string {
		var got []string
		require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
			row, err := tx.Game(game)
			require.NoError(t, err)
			m, err := decodeMeta(row)
			got = m.Variants
			return err
		}))
		return got
	}
	assert.Equal(t, []string{"AX-2:winner=n"}, variantsOf(doc.Contests[0].Game))
	for _, leg := range doc.Marathons[0].Legs {
		got := variantsOf(leg.Game)
		require.Len(t, got, 1, "AX-3 alone")
		id, _, _ := strings.Cut(got[0], ":") // the carry parameter after the first circuit (league AMB-56)
		assert.Equal(t, "AX-3", id)
	}
	assert.Empty(t, variantsOf(doc.Events[0].Game), "the events race, with neither annex")

	st, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	require.Len(t, st.Contest, 4)
	assert.Equal(t, [2]int{4, 5}, [2]int{st.Contest[0].Numerator, st.Contest[0].Denominator}, "winner=n: the contest's own parameter")
	require.Len(t, st.Marathon, 1)
	assert.Equal(t, 2, st.Marathon[0].Driven)
	text := st.Text("en")
	assert.Contains(t, text, "Qualifying contest (AX-2)")
	assert.Contains(t, text, "Marathon qualifying 1 (AX-3), 2 of 2 circuits driven")
}

// AX-3 (league AMB-56) over two circuits: each pilot's car starts the
// second circuit with the gear, lane and life points its lap on the first
// ended with (a lap ended before the line: standing in 1st), its new car
// number matched by pilot; the second circuit's game has them in its
// header; the standings say what each car brings while it runs.
func TestMarathonCarriesTheCar(t *testing.T) {
	svc, store := newMemoryService(t)
	ctx := context.Background()
	date := time.Date(2020, 1, 1, 20, 0, 0, 0, time.UTC)
	id := newSeason(t, svc, "Carried Marathon", "AX-3")
	_, err := svc.AddMarathon(ctx, id, date, "test-oval", "test-oval")
	require.NoError(t, err)

	var doc *leagueDoc
	told := false
	for range 10000 {
		_, err := svc.leagueTick(ctx)
		require.NoError(t, err)
		doc = readLeague(t, store, id)
		m := doc.Marathons[0]
		if m.over() {
			break
		}
		if len(m.Legs) == 2 && !told {
			st, err := svc.LeagueStandings(ctx, id)
			require.NoError(t, err)
			require.Len(t, st.Marathon, 1)
			first := m.Legs[0]
			require.Len(t, first.Carry, 4, "every pilot's car carries its state")
			for pilot, c := range first.Carry {
				assert.Equal(t, fd.ConfigFor(fd.FDR).Start, c.Wear, "no life points spent in qualifying (R1.1)")
				if c.Gear > 0 {
					assert.Contains(t, st.Text("en"), fmt.Sprintf("%s's car goes on to test-oval in gear %d, in lane %d from the left, with its life points tyres 9, brakes 3,", pilot, c.Gear, c.Lane+1))
					assert.Contains(t, st.Text("fr"), fmt.Sprintf("La voiture de %s enchaîne test-oval en %de, dans la file %d depuis la gauche, avec ses points de vie pneus 9, freins 3,", pilot, c.Gear, c.Lane+1))
				} else {
					assert.Contains(t, st.Text("en"), pilot+"'s car starts test-oval standing in 1st")
				}
			}
			told = true
		}
		_, err = svc.Autoplay(ctx, m.Legs[len(m.Legs)-1].Game, 1)
		require.NoError(t, err)
	}
	m := doc.Marathons[0]
	require.True(t, m.over())
	require.True(t, told, "the standings were read between the circuits")
	first, second := m.Legs[0], m.Legs[1]
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		l, err := svc.load(tx, second.Game)
		require.NoError(t, err)
		var text strings.Builder
		for _, e := range l.race().Events {
			text.WriteString(e.String() + "\n")
		}
		gearsCarried := 0
		for _, car := range second.Cars {
			c := first.Carry[car.Pilot]
			assert.Contains(t, text.String(), fmt.Sprintf("carry-in car=%d gear=%d ", car.Car, c.Gear), car.Pilot)
			assert.Contains(t, text.String(), fmt.Sprintf(" wear=%s\n", c.Wear.Compact()))
			if c.Gear > 0 {
				gearsCarried++
			}
		}
		assert.Positive(t, gearsCarried, "some car goes on under way")
		return nil
	}))
}
