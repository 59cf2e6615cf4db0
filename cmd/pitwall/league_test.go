package main

import (
	"context"
	"encoding/json"
	stdpng "image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/bot"
	"github.com/pitwall/pitwall/persistence/sqlite"
	"github.com/pitwall/pitwall/render/standings"
)

// The league commands as the README writes them: create prints the id
// alone, add-event and enter answer in a sentence, show and standings
// --json give the documented keys, export everything; refusals exit 1
// with the reason on standard error.
func TestLeagueCLIContract(t *testing.T) {
	cli := newCLIOnDB(t, "league.db")
	run := cli.run
	out := run("league", "create", "Tuesday Night GP", "--rules", "fd2008", "--variant", "21-A", "--variant", "24-D", "--points", "25,18,15,12", "--master", "Maud")
	assert.Equal(t, "tuesday-night-gp\n", out)
	assert.Equal(t, "round 1: test-oval on 2026-12-01 20:00 UTC\n", run("league", "add-event", "tuesday-night-gp", "--track", "test-oval", "--date", "2026-12-01 20:00", "--laps", "1"))
	assert.Equal(t, "round 1: hollowmere on 2026-11-24 00:00 UTC\n", run("league", "add-event", "Tuesday Night GP", "--track", "hollowmere", "--date", "2026-11-24"), "the calendar stays in date order")
	assert.Equal(t, "Anna enters Tuesday Night GP as Anna Speed, car 1, first driver of Red\n", run("league", "enter", "tuesday-night-gp", "Anna", "--team", "Red", "--pilot", "Anna Speed"))
	assert.Equal(t, "Bob enters Tuesday Night GP as Bob, car 2, second driver of Red\n", run("league", "enter", "tuesday-night-gp", "Bob", "--team", "Red"))
	run("league", "enter", "tuesday-night-gp", "Cleo")
	assert.Equal(t, "Sam drives for Bob in round 1\n", run("league", "substitute", "tuesday-night-gp", "Sam", "--for", "Bob"))

	var show map[string]any
	require.NoError(t, json.Unmarshal([]byte(run("league", "show", "tuesday-night-gp", "--json")), &show))
	for _, k := range []string{"id", "name", "rules", "variants", "points", "lang", "master", "events", "entries", "black_flags", "channels", "created"} {
		assert.Contains(t, show, k)
	}
	assert.Equal(t, []any{25.0, 18.0, 15.0, 12.0}, show["points"])
	assert.Equal(t, []any{"21-A", "24-D"}, show["variants"])
	events := show["events"].([]any)
	require.Len(t, events, 2)
	assert.Equal(t, "hollowmere", events[0].(map[string]any)["track"])
	assert.Equal(t, "scheduled", events[0].(map[string]any)["state"])
	entries := show["entries"].([]any)
	require.Len(t, entries, 3)
	assert.Equal(t, map[string]any{"number": 1.0, "pilot": "Anna Speed", "player": "Anna", "team": "Red", "seat": 1.0}, entries[0])
	assert.Equal(t, map[string]any{"number": 3.0, "pilot": "Cleo", "player": "Cleo"}, entries[2], "no team, no seat")

	// LF-02: the game master swaps a team's No. 1 and No. 2; numbers stay
	assert.Equal(t, "Bob is the first driver of Red\n", run("league", "team", "tuesday-night-gp", "red", "--first", "bob"))
	require.NoError(t, json.Unmarshal([]byte(run("league", "show", "tuesday-night-gp", "--json")), &show))
	entries = show["entries"].([]any)
	assert.Equal(t, map[string]any{"number": 1.0, "pilot": "Anna Speed", "player": "Anna", "team": "Red", "seat": 2.0}, entries[0])
	assert.Equal(t, map[string]any{"number": 2.0, "pilot": "Bob", "player": "Bob", "team": "Red", "seat": 1.0}, entries[1])

	text := run("league", "show", "tuesday-night-gp")
	assert.Contains(t, text, "round 2: test-oval on 2026-12-01 20:00 UTC, 1 lap(s), to come")
	assert.Contains(t, text, "Sam drives for Bob")
	assert.NotContains(t, text, "=")

	var st map[string]any
	require.NoError(t, json.Unmarshal([]byte(run("league", "standings", "tuesday-night-gp", "--json")), &st))
	for _, k := range []string{"league", "name", "events", "rounds", "drivers", "teams", "qualifying", "qualifying_teams", "media", "media_teams", "pas_de_bol"} {
		assert.Contains(t, st, k)
	}
	assert.Equal(t, 2.0, st["rounds"])
	assert.Contains(t, run("league", "standings", "tuesday-night-gp", "--lang", "fr"), "Aucune course n'a encore été disputée.")

	var exp map[string]any
	require.NoError(t, json.Unmarshal([]byte(run("league", "export", "tuesday-night-gp")), &exp))
	assert.Contains(t, exp, "league")
	assert.Contains(t, exp, "standings")
	assert.NotContains(t, exp["league"], "secret", "the seeds' secret stays in the database")
	expEntries := exp["league"].(map[string]any)["entries"].([]any)
	assert.Equal(t, 1.0, expEntries[1].(map[string]any)["seat"], "the export keeps the seats: Bob is Red's No. 1")

	for _, bad := range [][]string{
		{"league", "create", "Tuesday Night GP"},
		{"league", "create", "Other", "--variant", "99-Z"},
		{"league", "create", "Other", "--points", "1,2"},
		{"league", "add-event", "nope", "--track", "test-oval", "--date", "2026-12-01"},
		{"league", "add-event", "tuesday-night-gp", "--track", "test-oval", "--date", "tomorrow"},
		{"league", "enter", "tuesday-night-gp", "Anna"},
		{"league", "team", "tuesday-night-gp", "Red", "--first", "Cleo"},
		{"league", "show", "nope"},
	} {
		assert.NotEmpty(t, cli.refused(bad...), "%v", bad)
	}
}

// The events open and their results are recorded through serve's
// scheduler: here, one pass of it over the database the CLI wrote.
func TestLeagueCLIStandingsAfterARace(t *testing.T) {
	cli := newCLIOnDB(t, "league.db")
	db, run := cli.db, cli.run
	run("league", "create", "Rapide", "--rules", "fd2008", "--lang", "fr")
	run("league", "add-event", "rapide", "--track", "test-oval", "--date", "2020-01-01", "--laps", "1")
	run("league", "enter", "rapide", "Anna", "--team", "Rouge")
	run("league", "enter", "rapide", "Bob", "--team", "Rouge")

	ctx := context.Background()
	tick := func() {
		store, err := sqlite.Open(ctx, db)
		require.NoError(t, err)
		defer store.Close()
		svc := bot.New(bot.Options{Store: store})
		defer svc.Close()
		ctx, cancel := context.WithCancel(ctx)
		var out strings.Builder
		done := make(chan error, 1)
		go func() { done <- svc.Run(ctx, &out) }()
		// the first pass opens or records; wait for it through the store
		require.Eventually(t, func() bool {
			v, err := svc.League(ctx, "rapide")
			return err == nil && v.Events[0].State != "scheduled" && (v.Events[0].State == "finished" || v.Events[0].Game != "")
		}, 10e9, 10e6)
		cancel()
		require.NoError(t, <-done)
	}
	tick()
	var show bot.LeagueView
	require.NoError(t, json.Unmarshal([]byte(run("league", "show", "rapide", "--json")), &show))
	require.NotEmpty(t, show.Events[0].Game)
	run("game", "autoplay", show.Events[0].Game)

	store, err := sqlite.Open(ctx, db)
	require.NoError(t, err)
	svc := bot.New(bot.Options{Store: store})
	ctx2, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	var out strings.Builder
	go func() { done <- svc.Run(ctx2, &out) }()
	require.Eventually(t, func() bool {
		v, err := svc.League(ctx, "rapide")
		return err == nil && v.Events[0].State == "finished"
	}, 10e9, 10e6)
	cancel()
	require.NoError(t, <-done)
	svc.Close()
	store.Close()

	png := filepath.Join(t.TempDir(), "standings.png")
	assert.Empty(t, run("league", "standings", "rapide", "--png", "-o", png))
	f, err := os.Open(png)
	require.NoError(t, err)
	img, err := stdpng.Decode(f)
	f.Close()
	require.NoError(t, err)
	assert.Equal(t, standings.Width, img.Bounds().Dx())

	// LF-01: the pilot's career, as prose and as JSON
	var career map[string]any
	require.NoError(t, json.Unmarshal([]byte(run("league", "pilot", "Anna", "--json")), &career))
	for _, k := range []string{"pilot", "player", "number", "team", "seasons", "starts", "wins", "podiums", "points", "dnfs", "titles", "history"} {
		assert.Contains(t, career, k)
	}
	assert.Equal(t, 1.0, career["starts"])
	// the seeds are random here: the champion is the leader of the standings
	var lead struct {
		Drivers []struct {
			Name   string `json:"name"`
			Points int    `json:"points"`
		} `json:"drivers"`
	}
	require.NoError(t, json.Unmarshal([]byte(run("league", "standings", "rapide", "--json")), &lead))
	require.NotEmpty(t, lead.Drivers)
	titles := 0.0
	if lead.Drivers[0].Name == "Anna" {
		titles = 1
	}
	assert.Equal(t, titles, career["titles"], "a one-event season over: its leader is champion")
	for _, d := range lead.Drivers {
		if d.Name == "Anna" {
			assert.Equal(t, float64(d.Points), career["points"])
		}
	}
	assert.Contains(t, run("league", "pilot", "Anna", "--lang", "fr"), "Anna, voiture 1 : 1 saison(s), 1 départ(s)")
	cli.refused("league", "pilot", "Nobody")

	text := run("league", "standings", "rapide")
	assert.Contains(t, text, "Rapide après 1 manche(s) sur 1.")
	assert.Contains(t, text, "Championnat des pilotes :")
	assert.Contains(t, text, "1. Rouge, 16 points")
	assert.Regexp(t, `1\. (Anna \(voiture 1, premier|Bob \(voiture 2, second) pilote de Rouge\), 10 points`, text, "each driver with number, team and seat")

	var st struct {
		Drivers []struct {
			Name   string `json:"name"`
			Number int    `json:"number"`
			Team   string `json:"team"`
			Seat   int    `json:"seat"`
		} `json:"drivers"`
	}
	require.NoError(t, json.Unmarshal([]byte(run("league", "standings", "rapide", "--json")), &st))
	require.Len(t, st.Drivers, 2)
	for _, d := range st.Drivers {
		want := map[string][3]any{"Anna": {1, "Rouge", 1}, "Bob": {2, "Rouge", 2}}[d.Name]
		assert.Equal(t, want, [3]any{d.Number, d.Team, d.Seat}, d.Name)
	}
}

// --qualifying-deadline on league create and add-event: the qualifying
// session's own time limit, shown by league show.
func TestLeagueCLIQualifyingDeadline(t *testing.T) {
	cli := newCLIOnDB(t, "league.db")
	run := cli.run
	run("league", "create", "Paced", "--deadline", "48h", "--qualifying-deadline", "6h")
	run("league", "add-event", "paced", "--track", "test-oval", "--date", "2026-12-01", "--qualifying-deadline", "90m")
	var show struct {
		Deadline           int `json:"deadline_minutes"`
		QualifyingDeadline int `json:"qualifying_deadline_minutes"`
		Events             []struct {
			QualifyingDeadline int `json:"qualifying_deadline_minutes"`
		} `json:"events"`
	}
	require.NoError(t, json.Unmarshal([]byte(run("league", "show", "paced", "--json")), &show))
	assert.Equal(t, 48*60, show.Deadline)
	assert.Equal(t, 6*60, show.QualifyingDeadline)
	require.Len(t, show.Events, 1)
	assert.Equal(t, 90, show.Events[0].QualifyingDeadline)
	assert.Contains(t, run("league", "show", "paced"), "Decisions: 48 hours in a race, 6 hours in qualifying.")
	assert.Contains(t, cli.refused("league", "create", "Other", "--qualifying-deadline", "30s"), "whole minutes")
}

// league home declares a 23-C home GP; the standings list it; a league
// without 23-C refuses it with a sentence. league bid seals a 1-D bid.
func TestLeagueCLIHomeGP(t *testing.T) {
	cli := newCLIOnDB(t, "league.db")
	run := cli.run
	run("league", "create", "Flags", "--variant", "23-A:scheme=c", "--variant", "23-C")
	run("league", "add-event", "flags", "--track", "test-oval", "--date", "2026-12-01")
	run("league", "add-event", "flags", "--track", "test-oval", "--date", "2026-12-08")
	run("league", "enter", "flags", "Anna", "--team", "Red")
	assert.Equal(t, "Anna gets the nationality point at round 2\n", run("league", "home", "flags", "Anna", "--round", "2"))
	assert.Contains(t, run("league", "standings", "flags"), "Anna at round 2 (test-oval)")
	var st struct {
		National []struct {
			Pilot string `json:"pilot"`
			Round int    `json:"round"`
		} `json:"national"`
	}
	require.NoError(t, json.Unmarshal([]byte(run("league", "standings", "flags", "--json")), &st))
	require.Len(t, st.National, 1)
	assert.Equal(t, 2, st.National[0].Round)

	run("league", "create", "Plain")
	assert.Contains(t, cli.refused("league", "home", "plain", "Anna", "--round", "1"), "does not play 23-C")

	// league bid seals a 1-D bid on the next event
	run("league", "create", "Kitty", "--variant", "1-D")
	run("league", "add-event", "kitty", "--track", "test-oval", "--date", "2026-12-01")
	run("league", "enter", "kitty", "Anna")
	assert.Equal(t, "Anna bids 60 on round 1 (test-oval), sealed until the event opens; 40 left in the kitty after it.\n", run("league", "bid", "kitty", "Anna", "60"))
	assert.Contains(t, cli.refused("league", "bid", "kitty", "Anna", "101"), "100 points left")
}

// league pot declares a 5-E build total on the next event; the standings
// say the pot in --json; a total outside 18–24 is refused with a sentence.
func TestLeagueCLIBuildPot(t *testing.T) {
	cli := newCLIOnDB(t, "league.db")
	run := cli.run
	run("league", "create", "Pot", "--variant", "5-E:pot=44")
	run("league", "add-event", "pot", "--track", "test-oval", "--date", "2026-12-01")
	run("league", "add-event", "pot", "--track", "test-oval", "--date", "2026-12-08")
	run("league", "enter", "pot", "Anna")
	assert.Equal(t, "Anna builds with 24 points at round 1 (test-oval); 20 will be left in the season's pot after it.\n", run("league", "pot", "pot", "Anna", "24"))
	assert.Contains(t, cli.refused("league", "pot", "pot", "Anna", "26"), "a build total from 18 to 24")
	var st struct {
		Pot []struct {
			Pilot string `json:"pilot"`
			Pot   int    `json:"pot"`
			Left  int    `json:"left"`
		} `json:"pot"`
	}
	require.NoError(t, json.Unmarshal([]byte(run("league", "standings", "pot", "--json")), &st))
	require.Len(t, st.Pot, 1)
	assert.Equal(t, 44, st.Pot[0].Pot)
	assert.Equal(t, 44, st.Pot[0].Left, "nothing spent before an event opens")
}

// 25-A on the command line: create-team registers a team for the market,
// transfer records a wish (refused with a sentence when the list breaks
// 25-A.1), transition refuses a season not over.
func TestLeagueCLITeamManagement(t *testing.T) {
	cli := newCLIOnDB(t, "league.db")
	run := cli.run
	run("league", "create", "Market", "--variant", "25-A")
	run("league", "add-event", "market", "--track", "test-oval", "--date", "2026-12-01")
	run("league", "enter", "market", "Anna", "--team", "Red")
	assert.Equal(t, "Gold is registered for the next season's market.\n", run("league", "create-team", "market", "Gold"))
	assert.Equal(t, "Anna asks to stay in his team next season.\n", run("league", "transfer", "market", "Anna"))
	assert.Contains(t, cli.refused("league", "transfer", "market", "Anna", "--leave", "Red,Gold"), "your list names 10 different teams")
	assert.Contains(t, cli.refused("league", "transition", "market", "Market 2"), "the season is not over")
	assert.Contains(t, cli.refused("league", "transfer", "market", "Anna", "--ousted", "Red,Gold"), "should the champion take your seat you join the pool with a list of 10 different teams")
	assert.Equal(t, "Eve is registered for the next season's market as a newcomer, without a list: a team with a free seat by the d20s.\n", run("league", "newcomer", "market", "Eve"))
	assert.Contains(t, cli.refused("league", "newcomer", "market", "Finn", "--list", "Red,Gold"), "a newcomer's list names 10 different teams")
	assert.Contains(t, cli.refused("league", "newcomer", "market", "Anna"), "Anna races this season as Anna")
}

// league add-contest puts a qualifying contest (AX-2) on the side
// calendar; a league without AX-2 refuses it with a sentence.
func TestLeagueCLIAddContest(t *testing.T) {
	cli := newCLIOnDB(t, "league.db")
	run := cli.run
	run("league", "create", "Contest", "--variant", "AX-2")
	assert.Equal(t, "contest 1: test-oval on 2026-12-01 20:00 UTC\n", run("league", "add-contest", "contest", "--track", "test-oval", "--date", "2026-12-01 20:00"))
	run("league", "create", "Plain")
	assert.Contains(t, cli.refused("league", "add-contest", "plain", "--track", "test-oval", "--date", "2026-12-01"), "does not play AX-2")
}

// league add-marathon puts a marathon (AX-3) on the side calendar, its
// circuits in order; a league without AX-3 refuses it with a sentence.
func TestLeagueCLIAddMarathon(t *testing.T) {
	cli := newCLIOnDB(t, "league.db")
	run := cli.run
	run("league", "create", "Marathon", "--variant", "AX-3")
	assert.Equal(t, "marathon 1: test-oval, then test-oval from 2026-12-01 20:00 UTC\n", run("league", "add-marathon", "marathon", "--track", "test-oval,test-oval", "--date", "2026-12-01 20:00"))
	run("league", "create", "Plain")
	assert.Contains(t, cli.refused("league", "add-marathon", "plain", "--track", "test-oval,test-oval", "--date", "2026-12-01"), "does not play AX-3")
}

// league add-blitz (AX-5, LF-51): the Blitz is added with its three
// pools; refused without AX-5 or with a pool missing, in a sentence.
func TestLeagueCLIAddBlitz(t *testing.T) {
	cli := newCLIOnDB(t, "league.db")
	run := cli.run
	run("league", "create", "Blitz", "--variant", "AX-5:time_bank=12h")
	assert.Equal(t, "Blitz 1: short oval, medium test-oval or oval, long test-oval, from 2026-12-01 20:00 UTC\n",
		run("league", "add-blitz", "blitz", "--short", "oval", "--medium", "test-oval,oval", "--long", "test-oval", "--date", "2026-12-01 20:00"))
	run("league", "create", "Plain")
	assert.Contains(t, cli.refused("league", "add-blitz", "plain", "--short", "oval", "--medium", "oval", "--long", "oval", "--date", "2026-12-01"), "does not play AX-5")
	assert.Contains(t, cli.refused("league", "add-blitz", "blitz", "--short", "oval", "--medium", "oval", "--long", "nowhere", "--date", "2026-12-01"), "nowhere")
	// blitz_players
	assert.Equal(t, "Blitz 2 (3 cars a heat): short oval, medium oval, long oval, from 2026-12-01 00:00 UTC\n",
		run("league", "add-blitz", "blitz", "--short", "oval", "--medium", "oval", "--long", "oval", "--date", "2026-12-01", "--players", "3"))
	for _, bad := range []string{"1", "11", "0"} {
		assert.Contains(t, cli.refused("league", "add-blitz", "blitz", "--short", "oval", "--medium", "oval", "--long", "oval", "--date", "2026-12-01", "--players", bad),
			"a Blitz heat races from 2 to 10 cars (--players), not "+bad, "--players %s", bad)
	}
}

// league add-dragster puts a Dragster tournament (AX-1) on the side
// calendar; refused for a league that does not play AX-1.
func TestLeagueCLIAddDragster(t *testing.T) {
	cli := newCLIOnDB(t, "league.db")
	run := cli.run
	run("league", "create", "Drag", "--variant", "AX-1")
	assert.Equal(t, "dragster tournament 1 from 2026-12-01 20:00 UTC\n", run("league", "add-dragster", "drag", "--date", "2026-12-01 20:00"))
	run("league", "create", "Plain")
	assert.Contains(t, cli.refused("league", "add-dragster", "plain", "--date", "2026-12-01"), "does not play AX-1")
}

// league challenge and league accept (AX-4): a challenge issued, then
// accepted, opens the duel; a second challenge of the pair is refused.
func TestLeagueCLIChallengeAndAccept(t *testing.T) {
	cli := newCLIOnDB(t, "league.db")
	run := cli.run
	run("league", "create", "Rebels", "--variant", "AX-4:faster=squares")
	run("league", "enter", "rebels", "Anna")
	run("league", "enter", "rebels", "Bob")
	assert.Equal(t, "challenge 1: Anna challenges Bob\n", run("league", "challenge", "rebels", "Anna", "Bob"))
	assert.Regexp(t, `^Bob accepts Anna's challenge: duel g-[0-9a-f]{10}\n$`, run("league", "accept", "rebels", "Bob", "Anna"))
	assert.Contains(t, cli.refused("league", "challenge", "rebels", "Bob", "Anna"), "a pair meets once")
}

// league withdraw, forfeit and cancel-dragster (issue 16): a challenge
// withdrawn before it is accepted (AX-4), a pilot withdrawn from a
// tournament not yet drawn and the tournament cancelled (AX-1); each
// refused with a sentence when it may not be done.
func TestLeagueCLIWithdrawAndCancel(t *testing.T) {
	cli := newCLIOnDB(t, "league.db")
	run := cli.run
	run("league", "create", "Both", "--variant", "AX-1", "--variant", "AX-4")
	for _, p := range []string{"Anna", "Bob", "Cleo"} {
		run("league", "enter", "both", p)
	}
	run("league", "challenge", "both", "Anna", "Bob")
	assert.Contains(t, cli.refused("league", "withdraw", "both", "Bob", "--challenge", "Anna"), "only its challenger withdraws it")
	assert.Equal(t, "Anna withdraws the challenge to Bob\n", run("league", "withdraw", "both", "Anna", "--challenge", "Bob"))
	assert.Contains(t, cli.refused("league", "withdraw", "both", "Anna", "--challenge", "Bob"), "Anna has no challenge to Bob to withdraw")
	assert.Equal(t, "challenge 2: Bob challenges Anna\n", run("league", "challenge", "both", "Bob", "Anna"), "the pair may meet after a withdrawal")

	run("league", "add-dragster", "both", "--date", "2099-12-01 20:00")
	assert.Equal(t, "Cleo withdraws from dragster tournament 1\n", run("league", "withdraw", "both", "Cleo", "--dragster", "1"))
	assert.Contains(t, cli.refused("league", "withdraw", "both", "Cleo", "--dragster", "2"), "has no Dragster tournament 2")
	assert.Contains(t, cli.refused("league", "forfeit", "both", "Anna", "1"), "is not drawn yet")
	assert.Equal(t, "dragster tournament 1 cancelled\n", run("league", "cancel-dragster", "both", "1"))
	assert.Contains(t, cli.refused("league", "cancel-dragster", "both", "1"), "was cancelled")
}

// league injuries sets a player's 20-A rule C opt-in before the first
// race; league show says it (text, injury_opt_in in --json); a league
// without rule C refuses it with a sentence.
func TestLeagueCLIInjuryOptIn(t *testing.T) {
	cli := newCLIOnDB(t, "league.db")
	run := cli.run
	run("league", "create", "Bones", "--variant", "20-A:rule=C")
	run("league", "add-event", "bones", "--track", "test-oval", "--date", "2026-12-01")
	run("league", "enter", "bones", "Anna")
	run("league", "enter", "bones", "Bob")
	assert.Equal(t, "Anna plays the injury rule this season (20-A): his accidents are tested.\n", run("league", "injuries", "bones", "Anna", "in"))
	assert.Contains(t, run("league", "show", "bones"), "car 1: Anna (Anna), plays the injury rule\n")
	var show struct {
		Entries []struct {
			Pilot       string `json:"pilot"`
			InjuryOptIn *bool  `json:"injury_opt_in"`
		} `json:"entries"`
	}
	require.NoError(t, json.Unmarshal([]byte(run("league", "show", "bones", "--json")), &show))
	require.Len(t, show.Entries, 2)
	require.NotNil(t, show.Entries[0].InjuryOptIn)
	require.NotNil(t, show.Entries[1].InjuryOptIn)
	assert.True(t, *show.Entries[0].InjuryOptIn)
	assert.False(t, *show.Entries[1].InjuryOptIn)

	run("league", "create", "Plain", "--variant", "20-A")
	run("league", "enter", "plain", "Anna")
	assert.Contains(t, cli.refused("league", "injuries", "plain", "Anna", "in"), "does not play 20-A's rule C")
}

// league new-pilot enters a replacement pilot for a pilot hurt, suspended
// or dead (20-A); one who may race the next event is refused with a
// sentence (the bot's tests play the injuries themselves).
func TestLeagueCLINewPilotRefusesAPilotWhoMayRace(t *testing.T) {
	cli := newCLIOnDB(t, "league.db")
	run := cli.run
	run("league", "create", "Cast", "--variant", "20-A")
	run("league", "add-event", "cast", "--track", "test-oval", "--date", "2026-12-01")
	run("league", "enter", "cast", "Anna")
	assert.Contains(t, cli.refused("league", "new-pilot", "cast", "Anna", "Ann Two"), "Anna may race round 1: a replacement pilot is for a pilot hurt, suspended or dead (20-A)")
}
