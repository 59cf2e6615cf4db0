package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
)

// 4-B(b) and 19-F in a league: a pilot declares his team's build before
// the season (team-build 21 1/1: 21-point cars, a pilot point each, the
// 2 left of 46 its engineers'); each event's game gets 4-B's totals and
// pilots and 19-F's points from the builds, and the season plays to its
// end. Blue declared nothing: 20-point cars, 3 pilot points each, no
// engineer. Refused: a build over 46, a pilot without a team build word,
// a league playing neither variant, and once the season has started.
func TestTeamBuildSeason(t *testing.T) {
	store := memory.New()
	defer store.Close()
	svc := New(Options{Store: store, Random: fixedRandom})
	defer svc.Close()
	ctx := context.Background()

	plain := newSeason(t, svc, "No Budget", "21-A")
	_, err := svc.Handle(ctx, Request{Identity: cli("Anna"), League: plain, Text: "team-build 21 1/1"})
	assert.ErrorContains(t, err, "plays neither 4-B(b) (team budgets) nor 19-F (engineer points)")

	id := newSeason(t, svc, "Budget", "4-B:mode=b", "19-F")
	_, err = svc.Handle(ctx, Request{Identity: cli("Anna"), League: id, Text: "team-build 23 3/0"})
	assert.ErrorContains(t, err, "two cars of 23 and pilot points 3 and 0 spend 49 of the team's 46 points")
	_, err = svc.Handle(ctx, Request{Identity: cli("Anna"), League: id, Text: "team-build 21"})
	assert.ErrorContains(t, err, "e.g. team-build 21 1/1")
	reply, err := svc.Handle(ctx, Request{Identity: cli("Anna"), League: id, Text: "team-build 21 1/1"})
	require.NoError(t, err)
	assert.Equal(t, "Red builds its cars on 21 points; its No. 1 has 1 pilot points, its No. 2 1, its engineers 2.", reply)
	reply, err = svc.Handle(ctx, Request{Identity: cli("Bob"), League: id, Text: "budget-ecurie 22 0/1"})
	require.NoError(t, err, "a teammate may change it before the season")
	assert.Equal(t, "Red builds its cars on 22 points; its No. 1 has 0 pilot points, its No. 2 1, its engineers 1.", reply, "the league's language")
	assert.Equal(t, "Red construit ses voitures sur 22 points ; son n° 1 a 0 points de pilote, son n° 2 1, ses ingénieurs 1.", teamBuildReply("Red", league.TeamBuild{Car: 22, Pilots: [2]int{0, 1}, Engineers: 1}, "fr"))

	playSeason(t, svc, id, func(PendingView) string { return "" })
	_, err = svc.Handle(ctx, Request{Identity: cli("Anna"), League: id, Text: "team-build 21 1/1"})
	assert.ErrorContains(t, err, "the season has started")

	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		_, doc, err := findLeague(tx, id)
		require.NoError(t, err)
		assert.Equal(t, league.TeamBuild{Car: 22, Pilots: [2]int{0, 1}, Engineers: 1}, doc.TeamBuilds["Red"])
		for i, ev := range doc.Events {
			row, err := tx.Game(ev.Game)
			require.NoError(t, err)
			m, err := decodeMeta(row)
			require.NoError(t, err)
			assert.Contains(t, m.Variants, "4-B:mode=b,shared=18,totals=22/22/20/20,pilots=0/1/3/3", "round %d", i+1)
			assert.Contains(t, m.Variants, "19-F:points=1/0/0/0", "round %d: Red's one engineer point is its first car's", i+1)
		}
		return nil
	}))

	solo := newSeason(t, svc, "Engineers", "19-F")
	reply, err = svc.Handle(ctx, Request{Identity: cli("Cleo"), League: solo, Text: "team-build 5"})
	require.NoError(t, err)
	assert.Equal(t, "Blue has 5 engineer points.", reply)
	_, err = svc.Handle(ctx, Request{Identity: cli("Cleo"), League: solo, Text: "team-build 7"})
	assert.ErrorContains(t, err, "0 to 6")
}

// FuzzParseBudgetWords: "CAR NO1/NO2" never panics, and what it accepts
// writes back as the same numbers.
func FuzzParseBudgetWords(f *testing.F) {
	for _, s := range []string{"21 1/1", "20 3/3", "21", "21 1/", "x 1/1", "21 1/1/1", "-3 +1/0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		car, pilots, ok := parseBudgetWords(strings.Fields(s))
		if !ok {
			return
		}
		again, back, ok := parseBudgetWords(strings.Fields(fmt.Sprintf("%d %d/%d", car, pilots[0], pilots[1])))
		if !ok || again != car || back != pilots {
			t.Fatalf("%q read as %d %v, written back as %d %v", s, car, pilots, again, back)
		}
	})
}

// 19-F's pre-race tune in a league (LF-25): a pilot declares, beside the
// team's build, what its engineers improve on the No. 1's car and the
// No. 2's (team-tune engine+brakes/tyres), paid from the team's engineer
// points; each event's game gets it as 19-F's tune, each car's share of
// the engineers paying its tune first. Refused: a tune beyond the
// engineers, an unknown characteristic or one twice, a build that no
// longer pays the tune, a league without 19-F, once the season started.
func TestTeamTuneSeason(t *testing.T) {
	store := memory.New()
	defer store.Close()
	svc := New(Options{Store: store, Random: fixedRandom})
	defer svc.Close()
	ctx := context.Background()

	plain := newSeason(t, svc, "No Engineers", "4-B:mode=b")
	_, err := svc.Handle(ctx, Request{Identity: cli("Anna"), League: plain, Text: "team-tune engine/-"})
	assert.ErrorContains(t, err, "does not play 19-F (engineer points)")

	id := newSeason(t, svc, "Tuned", "4-B:mode=b", "19-F")
	_, err = svc.Handle(ctx, Request{Identity: cli("Anna"), League: id, Text: "team-tune engine/-"})
	assert.ErrorContains(t, err, "Red's tune costs 1 engineer points and the team has 0", "nothing declared: 3 pilot points each, no engineer")
	reply, err := svc.Handle(ctx, Request{Identity: cli("Anna"), League: id, Text: "team-build 20 0/1"})
	require.NoError(t, err)
	assert.Contains(t, reply, "its engineers 5")
	for text, want := range map[string]string{
		"team-tune wings/-":                               "e.g. team-tune engine+brakes/tyres",
		"team-tune engine+engine/-":                       "e.g. team-tune engine+brakes/tyres",
		"team-tune engine/brakes/tyres":                   "e.g. team-tune engine+brakes/tyres",
		"team-tune engine+brakes+tyres/body+gas+handling": "Red's tune costs 6 engineer points and the team has 5",
	} {
		_, err = svc.Handle(ctx, Request{Identity: cli("Anna"), League: id, Text: text})
		assert.ErrorContains(t, err, want, text)
	}
	reply, err = svc.Handle(ctx, Request{Identity: cli("Bob"), League: id, Text: "reglage-ecurie engine+brakes/tyres"})
	require.NoError(t, err, "a teammate declares it too")
	assert.Equal(t, "Red's engineers improve its No. 1's car by one point of brakes and engine and its No. 2's by tyres, 3 of their 5 points.", reply)
	assert.Equal(t, "Les ingénieurs de Red améliorent d'un point la voiture de son n° 1 en freins et moteur et celle de son n° 2 en pneus, 3 de leurs 5 points.",
		teamTuneReply("Red", league.TeamBuild{Engineers: 5, Tunes: [][]string{{"brakes", "engine"}, {"tyres"}}}, "fr"))
	_, err = svc.Handle(ctx, Request{Identity: cli("Anna"), League: id, Text: "team-build 22 0/1"})
	assert.ErrorContains(t, err, "Red's tune costs 3 engineer points and this build leaves 1")

	playSeason(t, svc, id, func(PendingView) string { return "" })
	_, err = svc.Handle(ctx, Request{Identity: cli("Anna"), League: id, Text: "team-tune -/-"})
	assert.ErrorContains(t, err, "the season has started")

	// the standings show each team's build and tune: text, JSON, web page
	view, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	line := "Red builds its cars on 20 points; its No. 1 has 0 pilot points, its No. 2 1, its engineers 5. Red's engineers improve its No. 1's car by one point of brakes and engine and its No. 2's by tyres, 3 of their 5 points."
	assert.Contains(t, view.Text("en"), "Team builds (4-B, 19-F):\n  "+line+"\n")
	assert.Contains(t, view.Text("fr"), "Budgets d'écurie (4-B, 19-F) :\n  Red construit ses voitures sur 20 points")
	raw, err := json.Marshal(view)
	require.NoError(t, err)
	assert.Contains(t, string(raw), `"team_builds":[{"team":"Red","car":20,"pilots":[0,1],"engineers":5,"tunes":[["brakes","engine"],["tyres"]]}]`)
	web, err := svc.WebLeague(ctx, id, "en")
	require.NoError(t, err)
	var lines []string
	for _, p := range web.Ledgers {
		lines = append(lines, p.Lines...)
	}
	assert.Contains(t, lines, line)

	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		_, doc, err := findLeague(tx, id)
		require.NoError(t, err)
		assert.Equal(t, [][]string{{"brakes", "engine"}, {"tyres"}}, doc.TeamBuilds["Red"].Tunes)
		for i, ev := range doc.Events {
			row, err := tx.Game(ev.Game)
			require.NoError(t, err)
			m, err := decodeMeta(row)
			require.NoError(t, err)
			assert.Contains(t, m.Variants, "19-F:points=3/2/0/0,tune=brakes+engine/tyres/-/-", "round %d: each share pays its car's tune, the rest split", i+1)
		}
		return nil
	}))
}
