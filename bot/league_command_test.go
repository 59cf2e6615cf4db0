package bot

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
)

func TestParseLeagueWords(t *testing.T) {
	for in, want := range map[string]Command{
		"standings":                         {Verb: VerbStandings, Lang: "en"},
		"Classement":                        {Verb: VerbStandings, Lang: "fr"},
		"calendrier":                        {Verb: VerbCalendar, Lang: "fr"},
		"vote Cleo":                         {Verb: VerbVote, Lang: "en", Name: "Cleo"},
		"voter Anna Speed":                  {Verb: VerbVote, Lang: "fr", Name: "Anna Speed"},
		"enter Eve team Red":                {Verb: VerbEnter, Lang: "en", Name: "Eve", Name2: "Red"},
		"engager Éloïse écurie Bleue":       {Verb: VerbEnter, Lang: "fr", Name: "Éloïse", Name2: "Bleue"},
		"substitute Sam for Bob":            {Verb: VerbSubstitute, Lang: "en", Name: "Sam", Name2: "Bob"},
		"remplaçant Sam pour Bob":           {Verb: VerbSubstitute, Lang: "fr", Name: "Sam", Name2: "Bob"},
		"warn Dan rams everyone":            {Verb: VerbWarn, Lang: "en", Name: "Dan", Reason: "rams everyone"},
		"black-flag Dan rams everyone":      {Verb: VerbBlackFlag, Lang: "en", Name: "Dan", Reason: "rams everyone"},
		"drapeau-noir Dan percute tout":     {Verb: VerbBlackFlag, Lang: "fr", Name: "Dan", Reason: "percute tout"},
		"avertir Dan percute tout le monde": {Verb: VerbWarn, Lang: "fr", Name: "Dan", Reason: "percute tout le monde"},
		"first-driver Anna Speed":           {Verb: VerbFirstDriver, Lang: "en", Name: "Anna Speed"},
		"Premier-Pilote Éloïse":             {Verb: VerbFirstDriver, Lang: "fr", Name: "Éloïse"},
		"career":                            {Verb: VerbCareer, Lang: "en"},
		"carrière Anna Speed":               {Verb: VerbCareer, Lang: "fr", Name: "Anna Speed"},
		"withdraw challenge Anna Speed":     {Verb: VerbWithdraw, Lang: "en", Word: "challenge", Name: "Anna Speed"},
		"renoncer défi Éloïse":              {Verb: VerbWithdraw, Lang: "fr", Word: "challenge", Name: "Éloïse"},
		"withdraw dragster 2":               {Verb: VerbWithdraw, Lang: "en", Word: "dragster", Number: 2},
		"renoncer dragster 1":               {Verb: VerbWithdraw, Lang: "fr", Word: "dragster", Number: 1},
		"forfeit dragster 1":                {Verb: VerbForfeit, Lang: "en", Word: "dragster", Number: 1},
		"forfait dragster 3":                {Verb: VerbForfeit, Lang: "fr", Word: "dragster", Number: 3},
		"cancel dragster 1":                 {Verb: VerbCancel, Lang: "en", Word: "dragster", Number: 1},
		"décommander dragster 4":            {Verb: VerbCancel, Lang: "fr", Word: "dragster", Number: 4},
		"violation Anna Speed 2":            {Verb: VerbViolation, Lang: "en", Name: "Anna Speed", Number: 2},
		"infraction Éloïse 1":               {Verb: VerbViolation, Lang: "fr", Name: "Éloïse", Number: 1},
		"fine Anna Speed 50 late orders":    {Verb: VerbFine, Lang: "en", Name: "Anna Speed", Number: 50, Reason: "late orders"},
		"amende Éloïse 20":                  {Verb: VerbFine, Lang: "fr", Name: "Éloïse", Number: 20},
		"bid 120/0/80":                      {Verb: VerbBid, Lang: "en", Word: "120/0/80"},
		"miser 1/2":                         {Verb: VerbBid, Lang: "fr", Word: "1/2"},
	} {
		got, err := Parse(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
		assert.True(t, IsLeagueVerb(got.Verb))
	}
	for _, bad := range []string{"withdraw", "withdraw challenge", "renoncer dragster", "withdraw dragster 0", "withdraw dragster -1", "withdraw dragster +1", "forfeit dragster x", "cancel challenge Bob", "forfait défi Bob", "withdraw car 2", "standings now", "violation", "violation Cleo", "violation 2", "infraction Cleo zéro", "violation Cleo 0", "violation Cleo -1", "fine", "fine Cleo", "fine 50", "amende Cleo -5", "fine Cleo +5 x", "bid 1/2 3", "vote", "substitute Sam", "substitute for Bob", "black-flag", "enter", "first-driver", "premier-pilote  "} {
		_, err := Parse(bad)
		assert.Error(t, err, bad)
	}
}

// FuzzParseLeague: the league words never panic and an accepted one has
// what its verb needs.
func FuzzParseLeague(f *testing.F) {
	for _, s := range []string{"standings", "classement", "vote Cleo", "voter Anna Speed", "enter Eve team Red", "substitute Sam for Bob", "remplaçant Sam pour Bob", "black-flag Dan x", "warn Dan", "engager É écurie B", "vote É", "first-driver Bob", "premier-pilote É", "bid 120", "miser 0", "home 3", "domicile 12", "bid -4", "bid 1 2", "bid +5", "bid 007", "team-build 21 1/1", "budget-ecurie 4", "team-build", "withdraw challenge Bob", "renoncer défi É", "forfait dragster 2", "décommander dragster 1", "withdraw dragster 01"} {
		f.Add(s)
	}
	for _, s := range []string{"injuries in", "blessures non Anna Speed", "injuries maybe", "injuries"} {
		f.Add(s) // 20-A rule C's opt-in
	}
	for _, s := range []string{"violation Cleo 2", "infraction Anna Speed 1", "violation Cleo", "violation 3", "violation Cleo +1", "infraction É 007"} {
		f.Add(s) // 5-D's configuration violations
	}
	for _, s := range []string{"new-pilot Clea Nova", "nouveau-pilote Clea pour Cleo", "new-pilot Nova for Anna Speed", "new-pilot", "nouveau-pilote  pour Cleo", "new-pilot É for"} {
		f.Add(s) // 20-A's replacement pilot
	}
	for _, s := range []string{"transfer new", "transfert nouveau Red, Blue", "transfer new ,,", "transfer stay", "transfert part Red", "transfer stay Red, Blue", "transfert reste  ,"} {
		f.Add(s) // 25-A's wishes, a newcomer's among them
	}
	for _, s := range []string{"fine Cleo 50", "amende Anna Speed 20 retard des ordres", "fine Cleo", "fine 50", "fine Cleo -5", "amende É 007 x"} {
		f.Add(s) // 24-C's fines
	}
	for _, s := range []string{"placement-error Cleo 2", "erreur-placement Anna Speed 1 3", "placement-error Cleo", "placement-error 2", "placement-error Cleo 1 -5", "erreur-placement É 007 +1", "placement-error Cleo 0 2"} {
		f.Add(s) // 24-C's placement errors
	}
	for _, s := range []string{"bid 120/0/80", "miser 1/2", "bid /", "bid 1//2", "bid 1/2 3", "bid -1/+2"} {
		f.Add(s) // 1-D's split up front
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Parse(s)
		if err != nil || !IsLeagueVerb(c.Verb) {
			return
		}
		switch c.Verb {
		case VerbInjuries:
			if c.Word != "in" && c.Word != "out" || c.Name != strings.TrimSpace(c.Name) {
				t.Fatalf("%q: injuries read as %q %q", s, c.Word, c.Name)
			}
		case VerbFine:
			// fine NAME AMOUNT [REASON]: a name, a whole amount, the reason as typed
			if c.Name == "" || c.Name != strings.TrimSpace(c.Name) || c.Reason != strings.TrimSpace(c.Reason) {
				t.Fatalf("%q: fine of %q for %q", s, c.Name, c.Reason)
			}
			if !strings.Contains(s, strconv.Itoa(c.Number)) {
				t.Fatalf("%q: fine of %d", s, c.Number)
			}
		case VerbPlacementError:
			// placement-error NAME ROUND [COUNT]: a name, the round from 1
			// written after it, the count as written or 1
			if c.Name == "" || c.Name != strings.TrimSpace(c.Name) || len(c.Numbers) != 2 || c.Numbers[0] < 1 {
				t.Fatalf("%q: placement errors read as %q %v", s, c.Name, c.Numbers)
			}
			if f := strings.Fields(s); f[len(f)-1] != strconv.Itoa(c.Numbers[1]) && f[len(f)-1] != strconv.Itoa(c.Numbers[0]) {
				t.Fatalf("%q: the last number read is neither the round nor the count: %v", s, c.Numbers)
			}
		case VerbViolation:
			// violation NAME N: a name, then the round written last
			f := strings.Fields(s)
			if n, err := strconv.Atoi(f[len(f)-1]); err != nil || n != c.Number || n < 1 {
				t.Fatalf("%q: violation at round %d", s, c.Number)
			}
			if c.Name == "" || c.Name != strings.TrimSpace(c.Name) {
				t.Fatalf("%q: violation of %q", s, c.Name)
			}
		case VerbVote, VerbEnter, VerbWarn, VerbBlackFlag, VerbFirstDriver:
			if strings.TrimSpace(c.Name) == "" {
				t.Fatalf("%q: %s without a name", s, c.Verb)
			}
		case VerbTransfer:
			if c.Word != "stay" && c.Word != "leave" && c.Word != "new" {
				t.Fatalf("%q: transfer read as %q", s, c.Word)
			}
		case VerbNewPilot:
			if c.Name == "" || c.Name != strings.TrimSpace(c.Name) || c.Name2 != strings.TrimSpace(c.Name2) {
				t.Fatalf("%q: new pilot %q for %q", s, c.Name, c.Name2)
			}
		case VerbSubstitute:
			if strings.TrimSpace(c.Name) == "" || strings.TrimSpace(c.Name2) == "" {
				t.Fatalf("%q: substitute without both names", s)
			}
		case VerbWithdraw, VerbForfeit, VerbCancel:
			// withdraw challenge NAME (withdraw only) or VERB dragster N
			switch {
			case c.Word == "challenge" && (c.Verb != VerbWithdraw || strings.TrimSpace(c.Name) == "" || c.Name != strings.TrimSpace(c.Name)):
				t.Fatalf("%q: %s challenge read as %q", s, c.Verb, c.Name)
			case c.Word == "dragster" && c.Number < 1:
				t.Fatalf("%q: %s dragster %d", s, c.Verb, c.Number)
			case c.Word != "challenge" && c.Word != "dragster":
				t.Fatalf("%q: %s of %q", s, c.Verb, c.Word)
			}
		case VerbTeamBuild:
			if c.Word == "" || c.Word != strings.TrimSpace(c.Word) {
				t.Fatalf("%q: team-build read as %q", s, c.Word)
			}
		case VerbBid, VerbHome:
			// bid N, home N: the one number written after the verb; bid
			// A/B/C: 1-D's split up front, the word as typed
			f := strings.Fields(s)
			if len(f) != 2 {
				t.Fatalf("%q: %s with %d words", s, c.Verb, len(f))
			}
			if c.Word != "" {
				if c.Verb != VerbBid || !strings.Contains(c.Word, "/") || c.Word != f[1] {
					t.Fatalf("%q: %s split read as %q", s, c.Verb, c.Word)
				}
				break
			}
			if n, err := strconv.Atoi(f[1]); err != nil || n != c.Number {
				t.Fatalf("%q: %s read as %d", s, c.Verb, c.Number)
			}
		}
	})
}

// The league's commands through Handle, as every transport sends them:
// standings and calendar in the player's language, the game master's
// enter and substitute, the Pas de Bol vote (24-D) and the black flag
// (7-A) with its warning and two-thirds vote.
func TestLeagueCommands(t *testing.T) {
	store := memory.New()
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	svc := New(Options{Store: store, Random: fixedRandom, Now: func() time.Time { return now }})
	defer svc.Close()
	ctx := context.Background()
	id := newLeague(t, svc, "fd2008", -1, 48)
	say := func(who, text string) (string, error) {
		return svc.Handle(ctx, Request{Identity: cli(who), Text: text, League: id})
	}
	_, err := svc.SetPlayer(ctx, PlayerSettings{Name: "Cleo", Language: "fr"})
	require.NoError(t, err)

	out, err := say("Cleo", "calendrier")
	require.NoError(t, err)
	assert.Contains(t, out, "manche 1 : test-oval")
	_, err = say("Anna", "enter Eve team Blue")
	assert.ErrorContains(t, err, "only the league's game master")
	out, err = say("Maud", "enter Eve")
	require.NoError(t, err)
	assert.Equal(t, "Eve enters Tuesday Night GP, car 8.", out)
	out, err = say("Maud", "substitute Sam for Bob")
	require.NoError(t, err)
	assert.Equal(t, "Sam drives for Bob in round 1.", out)

	// round 1 opens and is raced
	_, err = svc.leagueTick(ctx)
	require.NoError(t, err)
	v, err := svc.League(ctx, id)
	require.NoError(t, err)
	game := v.Events[0].Game
	require.NotEmpty(t, game)
	// the league is found from the game too
	out, err = svc.Handle(ctx, Request{Identity: cli("Anna"), Game: game, Text: "standings"})
	require.NoError(t, err)
	assert.Contains(t, out, "No event has been raced yet.")

	// 7-A: no black flag without a warning; the pilots vote, two thirds
	// of the four others pass it
	_, err = say("Anna", "black-flag Dan rams everyone")
	assert.ErrorContains(t, err, "has not been warned")
	out, err = say("Anna", "warn Dan rams everyone")
	require.NoError(t, err)
	assert.Contains(t, out, "Dan is warned (round 1)")
	_, err = say("Dan", "black-flag Dan")
	assert.ErrorContains(t, err, "your own black flag")
	_, err = say("Bob", "black-flag Dan")
	assert.ErrorContains(t, err, "only the pilots of round 1", "Bob is away: Sam drives")
	out, err = say("Anna", "black-flag Dan rams everyone")
	require.NoError(t, err)
	assert.Equal(t, "Black flag for Dan: 1 vote(s) of the 3 needed.", out)
	// a duplicated message changes nothing
	_, err = svc.Handle(ctx, Request{Identity: cli("Sam"), Text: "black-flag Dan", League: id, Source: "cli", Key: "k1"})
	require.NoError(t, err)
	again, err := svc.Handle(ctx, Request{Identity: cli("Sam"), Text: "black-flag Dan", League: id, Source: "cli", Key: "k1"})
	require.NoError(t, err)
	assert.Equal(t, "Black flag for Dan: 2 vote(s) of the 3 needed.", again)
	out, err = say("Eve", "black-flag Dan")
	require.NoError(t, err)
	assert.Equal(t, "Black flag: Dan is excluded from round 1. Car 4 leaves the race now.", out)
	// the race is still running: Dan's car leaves it at once, by a line
	// of the game's record; nobody is asked for it again
	gv, err := svc.Show(ctx, game)
	require.NoError(t, err)
	require.Equal(t, "running", gv.State)
	for _, p := range gv.Pending {
		assert.NotEqual(t, 4, p.Car)
	}
	out4 := false
	for _, r := range gv.Results {
		if r.Car == 4 {
			out4 = true
			assert.Equal(t, "eliminated", r.Status)
			assert.Contains(t, r.Cause, "excluded by the race direction: rams everyone (7-A)")
		}
	}
	assert.True(t, out4, "car 4 in the classification")
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		evs, err := tx.Events(game, 0, 0)
		n := 0
		for _, e := range evs {
			if strings.HasPrefix(e.Line, "excluded ") {
				n++
				assert.Equal(t, `excluded car=4 reason="rams everyone"`, e.Line)
			}
		}
		assert.Equal(t, 1, n, "one exclusion recorded")
		return err
	}))
	verdict, err := svc.Verify(ctx, game)
	require.NoError(t, err, verdict)

	_, err = svc.Autoplay(ctx, game, 0)
	require.NoError(t, err)
	gv, err = svc.Show(ctx, game)
	require.NoError(t, err)
	assert.Equal(t, 4, gv.Results[len(gv.Results)-1].Car, "the only car out, classified last on distance")
	_, err = svc.leagueTick(ctx)
	require.NoError(t, err)
	st, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	for _, r := range st.Drivers {
		if r.Name == "Dan" {
			assert.EqualValues(t, 0, r.Points, "black-flagged: no points")
			assert.Equal(t, league.Excluded, r.Results[0].Status)
		}
	}

	// 24-D: the pilots of round 1 vote; not for themselves; the plurality
	// wins when all have voted
	_, err = say("Anna", "vote Anna Speed")
	assert.ErrorContains(t, err, "yourself")
	_, err = say("Bob", "vote Cleo")
	assert.ErrorContains(t, err, "only the pilots of round 1")
	out, err = say("Cleo", "voter Sam")
	require.NoError(t, err)
	assert.Equal(t, "Votre vote Pas de Bol de la manche 1 va à Sam.", out)
	for _, who := range []string{"Anna", "Dan", "Eve"} {
		_, err = say(who, "vote Sam")
		require.NoError(t, err, who)
	}
	_, err = say("Sam", "vote Cleo")
	require.NoError(t, err)
	_, err = svc.leagueTick(ctx)
	require.NoError(t, err)
	st, err = svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	require.NotEmpty(t, st.PasDeBol)
	assert.Equal(t, "Sam", st.PasDeBol[0].Name)
	assert.EqualValues(t, 1, st.PasDeBol[0].Points)
	_, err = say("Anna", "vote Cleo")
	assert.ErrorContains(t, err, "no Pas de Bol vote is open")

	out, err = say("Cleo", "classement")
	require.NoError(t, err)
	assert.Contains(t, out, "Championnat des pilotes :")
	assert.NotContains(t, out, "=")
}

// With nobody voting, the Pas de Bol goes by the luck index once the
// window has passed.
func TestPasDeBolFallsBackOnLuck(t *testing.T) {
	store := memory.New()
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	svc := New(Options{Store: store, Random: fixedRandom, Now: func() time.Time { return now }})
	defer svc.Close()
	ctx := context.Background()
	id := newLeague(t, svc, "fd2008", -1)
	_, err := svc.leagueTick(ctx)
	require.NoError(t, err)
	v, err := svc.League(ctx, id)
	require.NoError(t, err)
	_, err = svc.Autoplay(ctx, v.Events[0].Game, 0)
	require.NoError(t, err)
	_, err = svc.leagueTick(ctx)
	require.NoError(t, err)
	st, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	assert.Empty(t, nonZero(st.PasDeBol), "the vote is open for 48 hours")

	now = now.Add(PasDeBolWindow)
	_, err = svc.leagueTick(ctx)
	require.NoError(t, err)
	var doc *leagueDoc
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		_, doc, err = findLeague(tx, id)
		return err
	}))
	unluckiest, best := "", -1e9
	for _, c := range doc.Events[0].Result.Cars {
		if c.Luck > best || (c.Luck == best && c.Pilot < unluckiest) {
			unluckiest, best = c.Pilot, c.Luck
		}
	}
	assert.Equal(t, unluckiest, doc.Events[0].Result.PasDeBol)
}
