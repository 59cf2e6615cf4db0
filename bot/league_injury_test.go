package bot

import (
	"context"
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/internal/phrasebook"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
)

// offTheRoad is an order for playSeason: pilot's player asks for the
// highest gear and takes the move that eliminates the car, else the one
// that overshoots most; the autopilot answers everyone else.
func offTheRoad(player string) func(PendingView) string {
	return func(p PendingView) string {
		if p.Player != player || p.Session != "" || len(p.Options) == 0 {
			return ""
		}
		switch p.Decision {
		case "gear":
			best := 0
			for _, o := range p.Options {
				if n, err := strconv.Atoi(o); err == nil && n > best {
					best = n
				}
			}
			return fmt.Sprint("gear ", best)
		case "move", "slipstream":
			pick := 0
			for i, f := range p.Facts {
				if f.Eliminated || (!p.Facts[pick].Eliminated && f.Overshoot > p.Facts[pick].Overshoot) {
					pick = i
				}
			}
			return "choose " + p.Options[pick]
		}
		return ""
	}
}

// injuryLeague creates a league playing 20-A (rule A, race triggers b:
// the unpaid squares are the threshold, league AMB-43) with four pilots
// and its first event, where Cleo drives off the road.
func injuryLeague(t *testing.T, name string, more ...string) (*Service, persistence.Store, string) {
	t.Helper()
	store := memory.New()
	t.Cleanup(func() { store.Close() })
	svc := New(Options{Store: store, Random: fixedRandom})
	t.Cleanup(svc.Close)
	ctx := context.Background()
	id, err := svc.CreateLeague(ctx, LeagueRequest{Name: name, Rules: "fdr", Variants: append([]string{"21-A", "20-A:rule=A,race=b"}, more...), MasterName: "Maud"})
	require.NoError(t, err)
	for _, p := range seasonPilots[:4] {
		require.NoError(t, svc.EnterLeague(ctx, EnterRequest{League: id, Player: p.player, Team: p.team}))
	}
	addInjuryEvent(t, svc, id, 1)
	playSeason(t, svc, id, offTheRoad("Cleo"))
	return svc, store, id
}

// addInjuryEvent adds a one-lap event on the given day of January 2020.
func addInjuryEvent(t *testing.T, svc *Service, id string, day int) {
	t.Helper()
	_, err := svc.AddLeagueEvent(context.Background(), id, "test-oval", time.Date(2020, 1, day, 20, 0, 0, 0, time.UTC), 1)
	require.NoError(t, err)
}

// linedUp are the pilots of event i's line-up.
func linedUp(doc *leagueDoc, i int) []string {
	var out []string
	for _, c := range doc.Events[i].Cars {
		out = append(out, c.Pilot)
	}
	return out
}

// A season with 20-A on: Cleo drives off the road at round 1; the race
// rolls her injury test (rule A, with the game's dice; under the fixed
// seed of "Broken Bones": 2 ≤ her unpaid squares, hurt; 5 on the death
// roll, alive) and the league reads it; she misses round 2 — left out of its line-up, the
// standings and the results say so in English and French — and is back
// for round 3.
func TestInjurySeasonHurtOutAndBack(t *testing.T) {
	svc, store, id := injuryLeague(t, "Broken Bones")
	ctx := context.Background()
	doc := readLeague(t, store, id)
	require.Len(t, doc.Events[0].Injuries, 1, "one accident: Cleo's")
	inj := doc.Events[0].Injuries[0]
	assert.Equal(t, eventInjury{Car: 3, Cause: "overshoot", InjuryOutcome: league.InjuryOutcome{Pilot: "Cleo", Rolls: []int{2, 5}, Injured: true, RacesOut: 1}}, inj)
	require.Error(t, doc.unavailable("Cleo", 1))

	st, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	en, fr := st.Text("en"), st.Text("fr")
	assert.Contains(t, en, "Injuries (20-A):\n  Round 1: Cleo, after an off-track in a bend, rolled 2 then 5: injured, misses the next race.\n  Cleo is out of the next race.\n")
	assert.Contains(t, fr, "Blessures (20-A) :\n  Manche 1 : Cleo, après une sortie de virage, a tiré 2 puis 5 : blessé, manque la course suivante.\n  Cleo est absent de la prochaine course.\n")
	lv, err := svc.League(ctx, id)
	require.NoError(t, err)
	assert.Contains(t, lv.Text("en"), "car 3: Cleo (Cleo), first driver of Blue, injured: out of the next race\n", "league show")
	assert.Contains(t, lv.Text("fr"), "voiture 3 : Cleo (Cleo), premier pilote de Blue, blessé : absent de la prochaine course\n")
	_, results := doc.resultsText(0, "en")
	assert.Contains(t, results, "Cleo is out of the next race.", "the results posted after round 1 tell it")

	addInjuryEvent(t, svc, id, 2)
	playSeason(t, svc, id, nil)
	doc = readLeague(t, store, id)
	assert.Equal(t, []string{"Anna", "Bob", "Dan"}, linedUp(doc, 1), "round 2 without Cleo (LF-31)")
	require.NoError(t, doc.unavailable("Cleo", 2), "she has missed her race")

	addInjuryEvent(t, svc, id, 3)
	playSeason(t, svc, id, nil)
	doc = readLeague(t, store, id)
	assert.Contains(t, linedUp(doc, 2), "Cleo", "back for round 3")
	st, err = svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	assert.NotContains(t, st.Text("en"), "Cleo is out", "nobody is out any more")
	assert.Empty(t, st.Out.Out)
}

// Under "Bent Metal 117"'s fixed seed Cleo dies of her injuries at round
// 1, tested in the race (2 ≤ her unpaid squares, then a 1): her name is refused from then on
// (LF-31), her player enters a new pilot who takes her car from zero
// (LF-01), and her points stay hers.
func TestInjuryDeathAndANewPilot(t *testing.T) {
	svc, store, id := injuryLeague(t, "Bent Metal 117")
	ctx := context.Background()
	doc := readLeague(t, store, id)
	require.Len(t, doc.Events[0].Injuries, 1)
	assert.True(t, doc.Events[0].Injuries[0].Dead)

	lv, err := svc.League(ctx, id)
	require.NoError(t, err)
	assert.Contains(t, lv.Text("en"), "Cleo (Cleo), first driver of Blue, died of his injuries: his player enters a new pilot\n")
	err = svc.EnterLeague(ctx, EnterRequest{League: id, Player: "Cleo", Pilot: "Cleo"})
	var refusal *UserError
	require.ErrorAs(t, err, &refusal)
	assert.Equal(t, "Cleo died of his injuries: his career is over, enter a new pilot (20-A)", refusal.Msg)
	assert.Equal(t, "Cleo est mort de ses blessures : sa carrière est finie, engagez un nouveau pilote (20-A)", refusal.Fr)
	require.NoError(t, svc.EnterLeague(ctx, EnterRequest{League: id, Player: "Cleo", Pilot: "Clea Nova"}))

	addInjuryEvent(t, svc, id, 2)
	playSeason(t, svc, id, nil)
	doc = readLeague(t, store, id)
	assert.Equal(t, []string{"Anna", "Bob", "Clea Nova", "Dan"}, linedUp(doc, 1), "the new pilot in the dead one's car")
	st, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	assert.Contains(t, st.Text("en"), "Round 1: Cleo, after an off-track in a bend, rolled 2 then 1: killed: his career is over.")
	assert.Contains(t, st.Text("fr"), "Manche 1 : Cleo, après une sortie de virage, a tiré 2 puis 1 : tué : sa carrière est finie.")
}

// 20-A's parameters are checked when the league is created: race=b
// belongs to rule A, refused with a sentence in both languages.
func TestInjuryLeagueRefusesBadParameters(t *testing.T) {
	svc, _ := newTestService(t)
	_, err := svc.CreateLeague(context.Background(), LeagueRequest{Name: "Odd Rules", Variants: []string{"20-A:rule=B,race=b"}, MasterName: "Maud"})
	var refusal *UserError
	require.ErrorAs(t, err, &refusal)
	assert.Equal(t, "variant 20-A: race=b chooses rule A's race triggers; rule B has its own", refusal.Msg)
	assert.Equal(t, "variante 20-A : race=b choisit les déclencheurs en course de la règle A ; la règle B a les siens", refusal.Fr)
}

// 20-A with 5-E (LF-33): the race an injury keeps a pilot out of is an
// absence of the season build pot, which burns the standard 22 points.
func TestInjuryWithTheBuildPotBurnsTheAbsence(t *testing.T) {
	svc, store, id := injuryLeague(t, "Broken Bones", "5-E")
	doc := readLeague(t, store, id)
	require.Len(t, doc.Events[0].Injuries, 1)
	require.True(t, doc.Events[0].Injuries[0].Injured, "under the fixed seed Cleo is hurt at round 1")
	addInjuryEvent(t, svc, id, 2)
	playSeason(t, svc, id, nil)
	doc = readLeague(t, store, id)
	assert.NotContains(t, linedUp(doc, 1), "Cleo")
	pot, _, ok := doc.buildPot()
	require.True(t, ok)
	account := doc.potAccount(pot, "Cleo")
	require.Len(t, account.Rounds, 2)
	assert.False(t, account.Rounds[0].Absent)
	assert.True(t, account.Rounds[1].Absent, "out injured at round 2")
	assert.Equal(t, pot.Absence, account.Rounds[1].Spent)
}

// 20-A rule A's qualifying test (QUALI): the event is told in English and
// French; the league reads it from the race (cause qualifying, no race out
// after this one: the pilot missed the race he was hurt before) and says
// it in the standings; a pilot killed in qualifying is dead for the
// league.
func TestInjuryInQualifyingIsToldAndRead(t *testing.T) {
	e, err := fd.ParseEvent(`qualifying-injury car=3 corner=Sainte-Dévote spaces=8 stops=0 required=1 rolls=1,4 result=injured`)
	require.NoError(t, err)
	assert.Equal(t, "Car 3 goes off at Sainte-Dévote in qualifying (8 squares past the bend): its pilot is injured (injury test: 1,4) and the car does not start the race",
		phrasebook.Text("en", fd.EventPhrase(nil, e)))
	assert.Equal(t, "La voiture 3 sort de la piste à Sainte-Dévote en qualifications (8 cases au-delà du virage) : son pilote est blessé (test de blessure : 1,4) et la voiture ne prend pas le départ",
		phrasebook.Text("fr", fd.EventPhrase(nil, e)))
	e, err = fd.ParseEvent(`qualifying-injury car=3 corner=Sainte-Dévote spaces=2 stops=1 required=3 rolls=1,2 result=dead`)
	require.NoError(t, err)
	assert.Contains(t, phrasebook.Text("en", fd.EventPhrase(nil, e)), "(1 of 3 stops): its pilot dies of his injuries")
	assert.Contains(t, phrasebook.Text("fr", fd.EventPhrase(nil, e)), "(1 arrêt sur 3) : son pilote meurt de ses blessures")

	cars := []eventCar{{Pilot: "Anna"}, {Pilot: "Bob"}, {Pilot: "Cleo"}}
	got := raceInjuries([]fd.AccidentOutcome{
		{Car: 3, Cause: fd.AccidentQualifying, Rolls: []int{1, 4}, Injured: true},
		{Car: 2, Cause: fd.AccidentQualifying, Rolls: []int{1, 2}, Injured: true, Dead: true},
	}, cars)
	var outcomes []league.InjuryOutcome
	var season []LeagueInjury
	for _, inj := range got {
		outcomes = append(outcomes, inj.InjuryOutcome)
		season = append(season, LeagueInjury{Round: 1, Pilot: inj.Pilot, Cause: inj.Cause, Rolls: inj.Rolls, Injured: inj.Injured, Dead: inj.Dead, RacesOut: inj.RacesOut})
	}
	out := league.AvailabilityAfter([][]league.InjuryOutcome{outcomes})
	assert.NoError(t, out.Check("Cleo"), "hurt in qualifying, she races the next round")
	assert.Error(t, out.Check("Bob"), "killed in qualifying, his career is over")
	en := injuryParagraph(season, out, "en")[0].Lines
	fr := injuryParagraph(season, out, "fr")[0].Lines
	assert.Equal(t, "Round 1: Cleo, after an off in qualifying, rolled 1 then 4: injured, did not start the race.", en[0])
	assert.Equal(t, "Manche 1 : Cleo, après une sortie de piste en qualifications, a tiré 1 puis 4 : blessé, n'a pas pris le départ.", fr[0])
	assert.Equal(t, "Round 1: Bob, after an off in qualifying, rolled 1 then 2: killed: his career is over.", en[1])
}

// ruleCLeague creates a league playing 20-A rule C with four pilots and
// one event, not opened yet.
func ruleCLeague(t *testing.T, name string) (*Service, persistence.Store, string) {
	t.Helper()
	store := memory.New()
	t.Cleanup(func() { store.Close() })
	svc := New(Options{Store: store, Random: fixedRandom})
	t.Cleanup(svc.Close)
	id, err := svc.CreateLeague(context.Background(), LeagueRequest{Name: name, Rules: "fdr", Variants: []string{"21-A", "20-A:rule=C"}, MasterName: "Maud"})
	require.NoError(t, err)
	for _, p := range seasonPilots[:4] {
		require.NoError(t, svc.EnterLeague(context.Background(), EnterRequest{League: id, Player: p.player, Team: p.team}))
	}
	addInjuryEvent(t, svc, id, 1)
	return svc, store, id
}

// 20-A rule C's opt-in (spec C: the player flag injury_opt_in, fixed at
// the first GP): a player opts in or out with "injuries in|out"
// ("blessures oui|non"), the game master for a named pilot; league show
// says each entry's choice (text and injury_opt_in in --json); once the
// first GP has opened the choice is refused with a sentence in both
// languages, as it is in a league that does not play rule C.
func TestInjuryRuleCOptIn(t *testing.T) {
	svc, store, id := ruleCLeague(t, "Opt In")
	ctx := context.Background()
	say := func(who, text string) (string, error) {
		return svc.Handle(ctx, Request{Identity: cli(who), Text: text, League: id})
	}
	_, err := svc.SetPlayer(ctx, PlayerSettings{Name: "Dan", Language: "fr"})
	require.NoError(t, err)
	out, err := say("Cleo", "injuries in")
	require.NoError(t, err)
	assert.Equal(t, "Cleo plays the injury rule this season (20-A): his accidents are tested.", out)
	out, err = say("Dan", "blessures oui")
	require.NoError(t, err)
	assert.Equal(t, "Dan joue la règle des blessures cette saison (20-A) : ses accidents sont testés.", out)
	out, err = say("Maud", "injuries out Dan")
	require.NoError(t, err, "the game master names a pilot")
	assert.Equal(t, "Dan does not play the injury rule this season (20-A): his accidents are not tested.", out)
	_, err = say("Anna", "injuries in Bob")
	assert.ErrorContains(t, err, "only the league's game master")
	_, err = say("Anna", "injuries maybe")
	assert.Error(t, err)

	lv, err := svc.League(ctx, id)
	require.NoError(t, err)
	assert.Contains(t, lv.Text("en"), "Cleo (Cleo), first driver of Blue, plays the injury rule\n")
	assert.Contains(t, lv.Text("fr"), "Dan (Dan), second pilote de Blue, ne joue pas la règle des blessures\n")
	require.NotNil(t, lv.Entries[2].InjuryOptIn)
	assert.True(t, *lv.Entries[2].InjuryOptIn)
	assert.Equal(t, []bool{false, false, true, false}, optIns(readLeague(t, store, id)))

	playSeason(t, svc, id, nil) // the first GP opens and is run
	_, err = say("Anna", "injuries in")
	var refusal *UserError
	require.ErrorAs(t, err, &refusal)
	assert.Equal(t, "the season has started: the injury rule is chosen before its first race (20-A)", refusal.Msg)
	assert.Equal(t, "la saison a commencé : la règle des blessures se choisit avant sa première course (20-A)", refusal.Fr)
	_, err = svc.SetInjuryOptIn(ctx, id, "Bob", true)
	assert.ErrorAs(t, err, &refusal, "the game master's command too")
	assert.Equal(t, []bool{false, false, true, false}, optIns(readLeague(t, store, id)), "fixed after the first GP")

	a, _, aID := injuryLeagueBare(t, "Plain A")
	_, err = a.SetInjuryOptIn(ctx, aID, "Anna", true)
	require.ErrorAs(t, err, &refusal)
	assert.Equal(t, "Plain A does not play 20-A's rule C: only there does each player choose to play the injuries", refusal.Msg)
}

// injuryLeagueBare creates a league playing 20-A rule A with four pilots
// and no event.
func injuryLeagueBare(t *testing.T, name string) (*Service, persistence.Store, string) {
	t.Helper()
	store := memory.New()
	t.Cleanup(func() { store.Close() })
	svc := New(Options{Store: store, Random: fixedRandom})
	t.Cleanup(svc.Close)
	id, err := svc.CreateLeague(context.Background(), LeagueRequest{Name: name, Rules: "fdr", Variants: []string{"20-A"}, MasterName: "Maud"})
	require.NoError(t, err)
	require.NoError(t, svc.EnterLeague(context.Background(), EnterRequest{League: id, Player: "Anna"}))
	return svc, store, id
}

// optIns are the entries' rule C choices, in entry order.
func optIns(doc *leagueDoc) []bool {
	var out []bool
	for _, e := range doc.Entries {
		out = append(out, e.InjuryOptIn)
	}
	return out
}

// Rule C's tests are rolled only for an opted-in pilot's accidents: two
// cars out with their last body point (rule C: a d20, 1 hurts); Anna
// opted in and rolls, Bob did not and rolls nothing.
func TestInjuryRuleCRollsOnlyTheOptedIn(t *testing.T) {
	doc := &leagueDoc{Name: "C", Secret: "s", Variants: []string{"20-A:rule=C"},
		Entries: []leagueEntry{{Player: "a", Pilot: "Anna", InjuryOptIn: true}, {Player: "b", Pilot: "Bob"}}}
	var evs []fd.Event
	for _, line := range []string{"eliminated car=1 cause=x reason=collision", "eliminated car=2 cause=x reason=collision"} {
		e, err := fd.ParseEvent(line)
		require.NoError(t, err)
		evs = append(evs, e)
	}
	g := &fd.Game{Cars: []fd.Car{{Number: 1, Gear: 4}, {Number: 2, Gear: 4}}, Events: evs}
	require.Len(t, g.Accidents(), 2, "both are accidents")
	cars := []eventCar{{Pilot: "Anna"}, {Pilot: "Bob"}}
	got, err := doc.rollInjuries("c", 0, g, cars, league.InjuryC)
	require.NoError(t, err)
	require.Len(t, got, 1, "only the opted-in pilot rolls")
	assert.Equal(t, "Anna", got[0].Pilot)
	assert.Len(t, got[0].Rolls, 1)

	doc.Entries[1].InjuryOptIn = true
	got, err = doc.rollInjuries("c", 0, g, cars, league.InjuryC)
	require.NoError(t, err)
	assert.Len(t, got, 2, "opted in, Bob rolls too")
	got, err = doc.rollInjuries("c", 0, g, cars, league.InjuryB)
	require.NoError(t, err)
	assert.Len(t, got, 2, "rule B: no opt-in, every pilot's accident is tested")
}

// offInQualifying is an order for playSeason: pilot's player drives his
// qualifying lap in the highest gear and takes the move that aborts it,
// else the one that overshoots most; the autopilot answers the rest.
func offInQualifying(player string) func(PendingView) string {
	race := offTheRoad(player)
	return func(p PendingView) string {
		if p.Session != "qualifying" {
			return ""
		}
		p.Session = ""
		return race(p)
	}
}

// A league season under rule A: Cleo's qualifying lap leaves a bend with
// too few stops (QUALI); the race rolls her test with the game's dice and
// the league keeps it on the event (cause qualifying, no race out after
// it), told in the standings in both languages.
func TestInjuryInQualifyingSeason(t *testing.T) {
	store := memory.New()
	t.Cleanup(func() { store.Close() })
	svc := New(Options{Store: store, Random: fixedRandom})
	t.Cleanup(svc.Close)
	ctx := context.Background()
	id, err := svc.CreateLeague(ctx, LeagueRequest{Name: "Quali Bones", Rules: "fdr", Variants: []string{"21-A", "20-A"}, MasterName: "Maud"})
	require.NoError(t, err)
	for _, p := range seasonPilots[:4] {
		require.NoError(t, svc.EnterLeague(ctx, EnterRequest{League: id, Player: p.player, Team: p.team}))
	}
	addInjuryEvent(t, svc, id, 1)
	playSeason(t, svc, id, offInQualifying("Cleo"))
	doc := readLeague(t, store, id)
	var quali []eventInjury
	for _, inj := range doc.Events[0].Injuries {
		if inj.Cause == fd.AccidentQualifying {
			quali = append(quali, inj)
		}
	}
	require.NotEmpty(t, quali, "Cleo's qualifying off is tested")
	assert.Equal(t, "Cleo", quali[0].Pilot)
	assert.Zero(t, quali[0].RacesOut, "a qualifying injury costs this race only")
	st, err := svc.LeagueStandings(ctx, id)
	require.NoError(t, err)
	assert.Contains(t, st.Text("en"), "Round 1: Cleo, after an off in qualifying, rolled ")
	assert.Contains(t, st.Text("fr"), "Manche 1 : Cleo, après une sortie de piste en qualifications, a tiré ")
}

// pointsOf is pilot's championship points in doc, and whether he is
// ranked at all.
func pointsOf(doc *leagueDoc, pilot string) (league.Points, bool) {
	for _, r := range doc.standings().Drivers {
		if r.Name == pilot {
			return r.Points, true
		}
	}
	return 0, false
}

// 20-A (l.1168, LF-01, LF-31): a player whose pilot is hurt enters a
// replacement pilot himself. Under "Broken Bones"'s fixed seed Cleo is
// hurt at round 1 and misses round 2: her player's new-pilot names Clea
// Nova, who drives car 3 at round 2 (from the next race, rule A) from
// zero points, while Cleo keeps her round-1 result and takes her car back
// at round 3. Refused with a sentence: a pilot who may race, a name raced
// under already, a game master's command from someone else.
func TestInjuryReplacementPilotWhileHurt(t *testing.T) {
	svc, store, id := injuryLeague(t, "Broken Bones")
	ctx := context.Background()
	say := func(who, text string) (string, error) {
		return svc.Handle(ctx, Request{Identity: cli(who), Text: text, League: id})
	}
	var refusal *UserError
	_, err := say("Cleo", "new-pilot Clea Nova")
	require.ErrorAs(t, err, &refusal, "no event left to race in")
	assert.Equal(t, "every event has started: a replacement pilot races from the next event, and none is left", refusal.Msg)

	addInjuryEvent(t, svc, id, 2)
	cleoAfterRound1, ranked := pointsOf(readLeague(t, store, id), "Cleo")
	require.True(t, ranked)
	_, err = say("Anna", "new-pilot Ann Two")
	require.ErrorAs(t, err, &refusal)
	assert.Equal(t, "Anna may race round 2: a replacement pilot is for a pilot hurt, suspended or dead (20-A)", refusal.Msg)
	assert.Equal(t, "Anna peut courir la manche 2 : un pilote de remplacement est pour un pilote blessé, suspendu ou mort (20-A)", refusal.Fr)
	_, err = say("Cleo", "new-pilot Bob")
	require.ErrorAs(t, err, &refusal, "Bob's name")
	assert.Equal(t, "the name Bob has raced already (in Broken Bones): a replacement pilot is a new pilot, under a new name (20-A)", refusal.Msg)
	_, err = say("Anna", "new-pilot Clea Nova for Cleo")
	assert.ErrorContains(t, err, "only the league's game master")

	out, err := say("Cleo", "new-pilot Clea Nova")
	require.NoError(t, err)
	assert.Equal(t, "Clea Nova drives car 3 in place of Cleo from round 2, for as long as Cleo is out: a new pilot, with no points and no experience; Cleo's results stay his (20-A).", out)
	lv, err := svc.League(ctx, id)
	require.NoError(t, err)
	assert.Contains(t, lv.Text("en"), "Cleo (Cleo), first driver of Blue, injured: out of the next race; Clea Nova drives his car meanwhile\n")
	assert.Contains(t, lv.Text("fr"), "Cleo (Cleo), premier pilote de Blue, blessé : absent de la prochaine course ; Clea Nova conduit sa voiture entre-temps\n")

	playSeason(t, svc, id, nil)
	doc := readLeague(t, store, id)
	require.Len(t, doc.Events[1].Cars, 4, "car 3 races at round 2")
	assert.Equal(t, eventCar{Car: 3, Player: doc.Entries[2].Player, Pilot: "Clea Nova", Team: "Blue", For: "Cleo"}, doc.Events[1].Cars[2], "her player, as a new pilot")
	cleo, _ := pointsOf(doc, "Cleo")
	assert.Equal(t, cleoAfterRound1, cleo, "Cleo's results stay hers and round 2 gives her nothing")
	nova, ranked := pointsOf(doc, "Clea Nova")
	require.True(t, ranked, "the new pilot has his own line")
	roundTwo := &leagueDoc{Points: doc.Points, Events: doc.Events[1:2]}
	alone, _ := pointsOf(roundTwo, "Clea Nova")
	assert.Equal(t, alone, nova, "from zero: round 2's points alone")

	addInjuryEvent(t, svc, id, 3)
	playSeason(t, svc, id, nil)
	doc = readLeague(t, store, id)
	assert.Contains(t, linedUp(doc, 2), "Cleo", "back in her car at round 3")
	assert.NotContains(t, linedUp(doc, 2), "Clea Nova")
}

// Under "Bent Metal 117"'s fixed seed Cleo dies at round 1; her player,
// in French, enters a new pilot himself (nouveau-pilote, rule B's new
// pseudonym): he takes her entry for good — car 3, her team seat — and
// the dead name stays refused.
func TestInjuryReplacementPilotAfterDeath(t *testing.T) {
	svc, store, id := injuryLeague(t, "Bent Metal 117")
	ctx := context.Background()
	_, err := svc.SetPlayer(ctx, PlayerSettings{Name: "Cleo", Language: "fr"})
	require.NoError(t, err)
	addInjuryEvent(t, svc, id, 2)
	say := func(who, text string) (string, error) {
		return svc.Handle(ctx, Request{Identity: cli(who), Text: text, League: id})
	}
	var refusal *UserError
	_, err = say("Cleo", "nouveau-pilote cleo")
	require.ErrorAs(t, err, &refusal)
	assert.Equal(t, "le nom cleo a déjà couru (dans Bent Metal 117) : un pilote de remplacement est un nouveau pilote, sous un nouveau nom (20-A)", refusal.Msg, "in her language")
	out, err := say("Cleo", "nouveau-pilote Clea Nova")
	require.NoError(t, err)
	assert.Equal(t, "Clea Nova prend la voiture 3 de Cleo, mort, à partir de la manche 2 : un nouveau pilote, sans points ni expérience ; les résultats de Cleo restent les siens (20-A).", out)
	doc := readLeague(t, store, id)
	assert.Equal(t, leagueEntry{Player: doc.Entries[2].Player, Pilot: "Clea Nova", Team: "Blue", Seat: 1, Number: 3}, doc.Entries[2])

	playSeason(t, svc, id, nil)
	doc = readLeague(t, store, id)
	assert.Equal(t, []string{"Anna", "Bob", "Clea Nova", "Dan"}, linedUp(doc, 1))
	assert.Empty(t, doc.Events[1].Cars[2].For, "his own car now, not a stand-in")
	reply, err := svc.EnterReplacement(ctx, id, "Clea Nova", "Clea Prime")
	require.Error(t, err, "the new pilot may race: nothing to replace")
	assert.Empty(t, reply)
}
