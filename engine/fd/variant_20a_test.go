package fd

import (
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// 20-A reads the accidents of a race from its record (league AMB-43: only
// eliminating ones); the league rolls the injuries. A fatal blocking in
// 3rd, 7 squares short (R12.5), is a stand-still accident with 7 unpaid
// squares, and the car right in front, hit by it (R12.6), takes the
// whiplash.
func TestVariant20AReadsAStandStillAndItsWhiplash(t *testing.T) {
	wall := []CarPosition{fdrAt("long.10.1", 3).laps(1), fdrAt("long.12.0", 2), fdrAt("long.12.1", 2), fdrAt("long.12.2", 2)}
	h := fdrPlay(t, fdrLab(t), Fine, wall, nil)
	assert.Empty(t, h.g.Accidents(), "no accident yet")
	h.gear(3, 8) // 1 free, 7 short
	op := h.pick(func(op Option) bool { return op.Blocked == 7 && h.name(op.End) == "long.11.1" }, 20, 20)
	require.True(t, op.Eliminated)
	assert.Equal(t, []Accident{
		{Car: 1, Cause: AccidentStandStill, Gear: 3, Gears: 6, Unpaid: 7},
		{Car: 3, Cause: AccidentWhiplash, Gears: 6},
	}, h.g.Accidents())
}

// An overshoot the tyres cannot pay (R10.8) is an overshoot accident: 2
// squares over with no tyre point left are 2 unpaid squares.
func TestVariant20AReadsAnOvershoot(t *testing.T) {
	car := fdrAt("long.31.0", 3)
	car.Wear[Tyres], car.Wear[Brakes] = 0, 0
	h := fdrPlay(t, fdrLab(t), Fine, []CarPosition{car, fdrAt("long.5.1", 2)}, nil)
	h.gear(3, 8)
	h.pick(func(op Option) bool { return op.Overshoot == 2 && op.Braked == 0 })
	assert.Equal(t, []Accident{{Car: 1, Cause: AccidentOvershoot, Gear: 3, Gears: 6, Unpaid: 2}}, h.g.Accidents())
}

// An engine that blows is no accident (20-A looks at crashes only), nor
// is a car that finished.
func TestVariant20AIgnoresWhatIsNoAccident(t *testing.T) {
	g := &Game{Cars: []Car{{Number: 1, Gear: 5}, {Number: 2, Gear: 6}}, Events: []Event{
		ev("eliminated", "car", 1, "cause", "its engine blew", "reason", ReasonEngine),
		ev("eliminated", "car", 2, "cause", "lost its last handling point (wet, R17.3)", "reason", ReasonHandling),
		ev("eliminated", "car", 9, "cause", "a car the record does not have", "reason", ReasonWall),
	}}
	assert.Equal(t, []Accident{{Car: 2, Cause: AccidentRoadHolding, Gear: 6, Gears: 6}}, g.Accidents())
	g.hooks.extraGear = variantModule(t, "6-D").(ExtraGear)
	assert.Equal(t, 7, g.Accidents()[0].Gears, "6-D's seventh gear: the league shifts rule C's gears (league AMB-02)")
}

// 20-A is a league variant with its forms as parameters; a value the
// booklet does not have is refused with a sentence.
func TestVariant20AParameters(t *testing.T) {
	v, p, err := ParseVariantSpec("20-A")
	require.NoError(t, err)
	assert.True(t, v.Implemented)
	assert.Equal(t, ScopeLeague, v.Scope)
	assert.Equal(t, map[string]string{"rule": "A", "race": "a", "b_tests": "race"}, p)
	_, p, err = ParseVariantSpec("20-A:rule=A,race=b")
	require.NoError(t, err)
	assert.Equal(t, "b", p["race"])
	_, _, err = ParseVariantSpec("20-A:rule=D")
	require.EqualError(t, err, `variant 20-A: rule="D" must be one of A, B, C`)
	assert.True(t, v.Engine, "a game plays rule A's tests and stoppage")
	c := fdrConfig()
	require.NoError(t, c.EnableVariant("20-A"))
	require.EqualError(t, c.EnableVariant("20-A:rule=B,race=b"), "variant 20-A: race=b chooses rule A's race triggers; rule B has its own")
	require.EqualError(t, c.EnableVariant("20-A:rule=B,b_tests=after"), `variant 20-A: b_tests="after" must be one of race, league`)
}

// overshootRace plays car 1's eliminating overshoot (2 squares, no tyre
// point to pay them, R10.8), which ends the round (car 2 now leads); after
// are the rolls the end of the round calls (the injury test under 20-A).
func overshootRace(t *testing.T, cfg Config, laps int, debris []string, after ...int) *harness {
	return overshootRaceIn(t, cfg, 3, laps, debris, nil, after...)
}

// overshootRaceIn is overshootRace with car 1 in gear (3 or 4: a roll of
// 8 either way) and more cars behind it.
func overshootRaceIn(t *testing.T, cfg Config, gear, laps int, debris []string, more []CarPosition, after ...int) *harness {
	car := fdrAt("long.31.0", gear)
	car.Wear[Tyres], car.Wear[Brakes] = 0, 0
	car.Laps = laps
	other := fdrAt("long.12.1", 2)
	other.Laps = laps
	h := fdrPlayCfg(t, fdrLab(t), cfg, Position{Round: 1, Weather: Fine, Debris: debris, Cars: append([]CarPosition{car, other}, more...)})
	h.gear(gear, 8)
	require.True(t, h.pick(func(op Option) bool { return op.Overshoot == 2 && op.Braked == 0 }, after...).Eliminated)
	return h
}

// 20-A rule A in the race (league AMB-43), the AccidentRule hook at the
// end of the round: car 1's overshoot eliminates it on lap 1, its d20 of 1
// hurts its pilot, the reroll of 5 spares his life; the serious accident
// stops the race by 21-B's procedure (fdrStoppage): a restart from the grid
// without car 1. Without 20-A the race plays on and rolls nothing.
func TestVariant20ASeriousAccidentOnLap1Restarts(t *testing.T) {
	h := overshootRace(t, fdrVariantCfg(t, "20-A"), 0, nil, 1, 5, 10, 2)
	evs := strings.Join(h.since(), "\n")
	assert.Contains(t, evs, "roll play=1 car=1 for=injury n=0 die=black value=1\nroll play=1 car=1 for=death n=0 die=black value=5\n"+
		"injury car=1 cause=overshoot rolls=1,5 result=injured races=1\naccident-stop car=1 lap=1 outcome=restart\ngrid order=2\n")
	assert.Equal(t, Eliminated, h.car(1).Status, "the crashed car stays out")
	assert.Contains(t, evs, "roll play=2 car=2 for=start", "car 2 rolls its start again (R9), from its own grid slot")
	tests, rolled := h.g.InjuryTests()
	assert.True(t, rolled)
	assert.Equal(t, []AccidentOutcome{{Car: 1, Cause: AccidentOvershoot, Rolls: []int{1, 5}, Injured: true, RacesOut: 1}}, tests)
	_, err := h.g.Snapshot()
	assert.ErrorContains(t, err, "not snapshotted")

	off := overshootRace(t, fdrConfig(), 0, nil)
	offEvs := off.since()
	assert.Empty(t, kinds(offEvs, "injury", "accident-stop", "grid"), "without 20-A the race plays on")
	assert.NotContains(t, strings.Join(offEvs, "\n"), "for=injury", "without 20-A the race rolls no test")
	assert.Equal(t, h.c.Spaces[off.car(2).Space].Name, "long.12.1", "car 2 where it was")
	_, rolled = off.g.InjuryTests()
	assert.False(t, rolled, "the league rolls a race without 20-A's own")

	dead := overshootRace(t, fdrVariantCfg(t, "20-A"), 0, nil, 1, 2, 10, 2)
	assert.Contains(t, strings.Join(dead.since(), "\n"), "injury car=1 cause=overshoot rolls=1,2 result=dead races=0\naccident-stop car=1 lap=1 outcome=restart")
}

// After lap 1 a serious accident ends the race in the current order, full
// points (league AMB-43): car 2, the only one running, wins; car 1 stays
// eliminated; Game.RedFlagLap stays 0 (no half points).
func TestVariant20ASeriousAccidentLaterEndsRace(t *testing.T) {
	h := overshootRace(t, fdrVariantCfg(t, "20-A"), 1, nil, 1, 5)
	evs := strings.Join(h.since(), "\n")
	assert.Contains(t, evs, "injury car=1 cause=overshoot rolls=1,5 result=injured races=1\naccident-stop car=1 lap=2 outcome=ended\nfinish car=2 place=1\nover")
	assert.True(t, h.g.Over)
	assert.Equal(t, Eliminated, h.car(1).Status)
	assert.Zero(t, h.g.RedFlagLap())
}

// An accident that hurts no one (d20 of 5 under A(a)) is told and does not
// stop the race; under rule A(b) the overshoot's 2 unpaid squares are the
// threshold: a 2 hurts.
func TestVariant20ANonSeriousAccidentPlaysOn(t *testing.T) {
	h := overshootRace(t, fdrVariantCfg(t, "20-A"), 0, nil, 5)
	evs := h.since()
	assert.Equal(t, []string{"injury car=1 cause=overshoot rolls=5 result=unhurt races=0"}, kinds(evs, "injury", "accident-stop", "grid"))
	assert.Equal(t, "long.12.1", h.c.Spaces[h.car(2).Space].Name, "the race plays on")
	assert.Equal(t, DecideGear, h.pending().Kind)

	b := overshootRace(t, fdrVariantCfg(t, "20-A:race=b"), 0, nil, 2, 7, 10, 2)
	assert.Contains(t, strings.Join(b.since(), "\n"), "injury car=1 cause=overshoot rolls=2,7 result=injured races=1\naccident-stop car=1 lap=1 outcome=restart")
}

// Rule C is the league's, rolled after the race, and so is rule B with
// b_tests=league (games recorded before rule B rolled in the race): the
// race rolls nothing and InjuryTests says so.
func TestVariant20ARuleCAndLeagueRuleBRollAfterTheRace(t *testing.T) {
	for _, rule := range []string{"B,b_tests=league", "C"} {
		h := overshootRaceIn(t, fdrVariantCfg(t, "20-A:rule="+rule), 4, 0, nil, nil)
		assert.Empty(t, kinds(h.since(), "injury", "accident-stop"), rule)
		_, rolled := h.g.InjuryTests()
		assert.False(t, rolled, rule)
	}
}

// 20-A with 21-B (both stop the race through fdrStoppage): three walls and
// a serious accident in the same round make one stoppage, 20-A's, without
// the crashed car; an accident that hurts no one leaves 21-B's red flag,
// which brings every retired car back.
func TestVariant20AWith21B(t *testing.T) {
	cfg := fdrVariantCfg(t, "20-A", "21-B")
	h := overshootRace(t, cfg, 0, redFlagWalls3, 1, 5, 10, 2)
	evs := h.since()
	assert.Equal(t, []string{"accident-stop car=1 lap=1 outcome=restart", "grid order=2"}, kinds(evs, "accident-stop", "red-flag", "grid"))
	assert.Equal(t, Eliminated, h.car(1).Status)

	h = overshootRace(t, cfg, 0, redFlagWalls3, 5, 10, 2)
	evs = h.since()
	assert.Equal(t, []string{"red-flag lap=1 markers=9 walls=3 outcome=restart", "grid order=1,2"}, kinds(evs, "accident-stop", "red-flag", "grid"))
	assert.Equal(t, Racing, h.car(1).Status, "21-B: the retired car restarts")
}

// A live game in the service keeps no record (bot's forgetEvents drops
// the events once stored): rule A's in-race tests must find the
// accidents all the same. Races played that way, their events gathered
// aside, replay and verify, and some of them test an accident.
func TestVariant20ATestsWithoutTheRecordInMemory(t *testing.T) {
	injuries := 0
	for i := range 40 {
		for _, e := range forgetfulRace(t, i, 2, "20-A:race=b") {
			if e.Kind == "injury" {
				injuries++
			}
		}
	}
	assert.Positive(t, injuries, "some race tests an accident")
}

// forgetfulRace plays autopilot race i (circuits in turn, 8 cars) with
// the variants on as the service does, dropping the game's events after
// each order (bot's forgetEvents), and checks that the events gathered
// aside replay to the same results and verify; it returns them.
func forgetfulRace(t *testing.T, i, laps int, variants ...string) []Event {
	t.Helper()
	ids := tracks.IDs()
	id := ids[i%len(ids)]
	c, err := tracks.Get(id)
	require.NoError(t, err)
	cfg := fdrConfig()
	cfg.Laps = laps
	for _, v := range variants {
		require.NoError(t, cfg.EnableVariant(v))
	}
	seed := SeedFrom(fmt.Sprintf("forgetful-%v-%d", variants, i))
	gid := GameIDFor(seed)
	g, err := NewGame(gid, cfg, c, 8)
	require.NoError(t, err)
	src := dice.NewSeeded(seed)
	require.NoError(t, g.Start(src))
	all := slices.Clone(g.Events)
	g.Events = nil
	for !g.Over {
		o, ok := Autopilot(g)
		require.True(t, ok)
		require.NoError(t, g.Submit(o, src))
		all = append(all, g.Events...)
		g.Events = nil
	}
	rec := &Record{Game: gid, Rules: cfg.Rules, Options: cfg.Options(), Track: id, Cars: 8,
		Commitment: dice.Commitment(seed), Seed: hex.EncodeToString(seed[:]), Events: all}
	back, err := ParseRecord(rec.Text())
	require.NoError(t, err)
	g2, err := Replay(back, c)
	require.NoError(t, err, "race %d replays", i)
	assert.Equal(t, g.Results(), g2.Results())
	assert.NoError(t, Verify(back))
	return all
}

// qualifyingOff is qualifying session 1 on the lab circuit (FDR R1): car
// 1's lap at space in gear, stops made in the corner it stands in, car 2's
// lap already done. Car 1 engages next with the die roll, then takes the
// overshooting option; after are the rolls that calls (20-A's test, and
// when the lap ends the race weather rolled for the pole, R2.1).
func qualifyingOff(t *testing.T, cfg Config, space string, gear, stops, next, roll int, after ...int) *harness {
	t.Helper()
	lap := CarPosition{Car: 1, Space: space, Gear: gear, Stops: stops, Wear: fdrDefaultBuild(), Config: fdrDefaultBuild(), Pit: 2, Flags: []string{"started", "crossed"}}
	p := Position{Session: 1, QualiWeather: Fine, SessionWeather: "sun",
		Cars:      []CarPosition{{Car: 1, Wear: fdrDefaultBuild(), Config: fdrDefaultBuild()}, {Car: 2, Wear: fdrDefaultBuild(), Config: fdrDefaultBuild()}},
		Laps:      []LapPosition{{Car: lap, Round: 1, Play: 1}},
		Qualified: []QualifyingResult{{Car: 2, Session: 1, Rolls: 9, Past: 1, Covered: 40, Seq: 1}}}
	c := fdrLab(t)
	g, err := NewGame("t", cfg, c, 2)
	require.NoError(t, err)
	require.NoError(t, g.StartFrom(p, dice.NewScripted()))
	h := &harness{t: t, g: g, c: c, mark: len(g.Events)}
	d := h.pending()
	require.Equal(t, "qualifying", d.Session)
	h.submit(Order{Car: 1, Gear: next, Session: d.Session}, roll)
	d = h.pending()
	for _, op := range d.Options {
		if op.Overshoot > 0 {
			h.submit(Order{Car: 1, Letter: op.Letter, Session: d.Session}, after...)
			return h
		}
	}
	t.Fatalf("no overshooting option in:\n%s", h.describe(d))
	return nil
}

// 20-A rule A's qualifying trigger (QUALI), hook QualifyingAccidentRule,
// rolled as the lap makes it: seven squares past One (a 1-stop bend),
// the lap's 5th-gear roll of 13 from long.31; the d20 of 1 hurts the
// pilot, the reroll of 5 spares his life. His lap ends there; car 1 does
// not start: it is out before the grid, which is car 2's alone, and no setup is asked of it;
// the league reads the test (InjuryTests, no race out after this one).
// Without 20-A, or with rule B, the same lap rolls nothing and goes on;
// six squares past are no accident.
func TestVariant20AQualifyingOvershoot(t *testing.T) {
	h := qualifyingOff(t, fdrVariantCfg(t, "20-A"), "long.31.0", 4, 0, 5, 13, 1, 5, 10)
	evs := strings.Join(h.since(), "\n")
	assert.Contains(t, evs, "q-overshoot q=1 car=1 corner=One spaces=7 stops=0 required=1")
	assert.Contains(t, evs, "roll play=0 car=1 for=injury n=0 die=black value=1\nroll play=0 car=1 for=death n=0 die=black value=5\n"+
		"qualifying-injury car=1 corner=One spaces=7 stops=0 required=1 rolls=1,5 result=injured\n"+
		"eliminated car=1 cause=\"its pilot was hurt in qualifying\" reason=injury\nq-over q=1 rounds=3 plays=3\n", "the lap ends there")
	assert.Contains(t, evs, "weather session=race result=sun state=fine car=2", "the pole is car 2's")
	assert.Equal(t, Eliminated, h.car(1).Status)
	assert.Equal(t, []int{2}, h.g.RaceGrid(), "car 1 is kept off the grid")
	for _, d := range h.g.PendingAll() {
		assert.Equal(t, 2, d.Car, "no setup asked of a car that does not start")
	}
	tests, rolled := h.g.InjuryTests()
	assert.True(t, rolled)
	assert.Equal(t, []AccidentOutcome{{Car: 1, Cause: AccidentQualifying, Rolls: []int{1, 5}, Injured: true}}, tests)

	for _, spec := range []string{"", "20-A:rule=B"} {
		cfg := fdrConfig()
		if spec != "" {
			cfg = fdrVariantCfg(t, spec)
		}
		off := qualifyingOff(t, cfg, "long.31.0", 4, 0, 5, 13)
		offEvs := off.since()
		assert.Empty(t, kinds(offEvs, "qualifying-injury", "eliminated", "q-over"), "%q: the lap goes on", spec)
		assert.NotContains(t, strings.Join(offEvs, "\n"), "for=injury", spec)
	}

	six := qualifyingOff(t, fdrVariantCfg(t, "20-A"), "long.31.0", 4, 0, 5, 12)
	sixEvs := six.since()
	assert.Contains(t, strings.Join(sixEvs, "\n"), "q-overshoot q=1 car=1 corner=One spaces=6 stops=0 required=1")
	assert.Empty(t, kinds(sixEvs, "qualifying-injury"), "six squares past are no accident")
}

// A miss: seven squares past One, and the d20 of 2 leaves the pilot
// unhurt (told, no reroll); his lap goes on.
func TestVariant20AQualifyingMiss(t *testing.T) {
	h := qualifyingOff(t, fdrVariantCfg(t, "20-A"), "long.31.0", 4, 0, 5, 13, 2)
	evs := h.since()
	assert.Equal(t, []string{"qualifying-injury car=1 corner=One spaces=7 stops=0 required=1 rolls=2 result=unhurt"}, kinds(evs, "qualifying-injury", "eliminated", "q-over"))
	assert.Equal(t, Racing, h.car(1).Status)
	assert.Equal(t, DecideGear, h.pending().Kind, "the lap goes on")
}

// The stops triggers: Two (2 stops) left with none, Three (3 stops) left
// with one — each aborts the lap (R1.10) and is an accident; the 1 then 2
// of the second kills the pilot. Three left with two stops is an
// overshoot of 1 square: no accident.
func TestVariant20AQualifyingTooFewStops(t *testing.T) {
	two := qualifyingOff(t, fdrVariantCfg(t, "20-A"), "two.4.0", 2, 0, 2, 4, 1, 3, 10)
	evs := two.since()
	assert.Contains(t, strings.Join(evs, "\n"), "q-eliminated q=1 car=1 cause=\"session aborted: left Two with 0 of 2 stops (R1.10)\" reason=overshoot")
	assert.Equal(t, []string{"qualifying-injury car=1 corner=Two spaces=2 stops=0 required=2 rolls=1,3 result=injured",
		"eliminated car=1 cause=\"its pilot was hurt in qualifying\" reason=injury"}, kinds(evs, "qualifying-injury", "eliminated"))

	three := qualifyingOff(t, fdrVariantCfg(t, "20-A"), "three.4.0", 2, 1, 2, 4, 1, 2, 10)
	evs = three.since()
	assert.Equal(t, []string{"qualifying-injury car=1 corner=Three spaces=2 stops=1 required=3 rolls=1,2 result=dead",
		"eliminated car=1 cause=\"its pilot was hurt in qualifying\" reason=injury"}, kinds(evs, "qualifying-injury", "eliminated"))
	tests, _ := three.g.InjuryTests()
	assert.Equal(t, []AccidentOutcome{{Car: 1, Cause: AccidentQualifying, Rolls: []int{1, 2}, Injured: true, Dead: true}}, tests)

	paid := qualifyingOff(t, fdrVariantCfg(t, "20-A"), "three.4.0", 2, 2, 2, 4)
	assert.Empty(t, kinds(paid.since(), "qualifying-injury"), "two stops of three: a paid overshoot")
}

// The car whose pilot was hurt in qualifying (QUALI) does not start: the
// race, played to its end by the autopilot, has car 2 alone on the grid;
// car 1 never moves and is classified out (ReasonInjury); the record,
// text and back, replays to the same results.
// With two sessions (R1.1) car 1 drives no second lap.
func TestVariant20AQualifyingHurtCarDoesNotStart(t *testing.T) {
	t.Run("one session", func(t *testing.T) { hurtCarRace(t, 1, nil, 1, 9, 10) })
	t.Run("two sessions", func(t *testing.T) { hurtCarRace(t, 2, nil, 1, 9, 7) })
}

// 20-A's QUALI with 20-B: the spare car is for a car out in the race, not
// for one whose pilot was hurt before it.
func TestVariant20AQualifyingHurtWith20B(t *testing.T) {
	for _, mode := range []string{"a", "b1", "b2"} {
		t.Run(mode, func(t *testing.T) { hurtCarRace(t, 1, []string{"20-B:mode=" + mode}, 1, 9, 10) })
	}
}

// hurtCarRace plays qualifyingOff's lap aborted in Two under 20-A (and
// more variants) with sessions, the test's rolls after it, then the
// autopilot to the end.
func hurtCarRace(t *testing.T, sessions int, more []string, after ...int) {
	cfg := fdrVariantCfg(t, append([]string{"20-A"}, more...)...)
	cfg.Sessions = sessions
	h := qualifyingOff(t, cfg, "two.4.0", 2, 0, 2, 4, after...)
	src := dice.NewSeeded(SeedFrom("20-A quali"))
	for !h.g.Over {
		o, ok := Autopilot(h.g)
		require.True(t, ok)
		require.NoError(t, h.g.Submit(o, src))
	}
	evs := eventLines(h.g)
	assert.Contains(t, evs, "grid order=2")
	for _, l := range kinds(evs, "turn", "move", "gear", "tyres", "box") {
		assert.NotRegexp(t, `\bcar=1\b`, l, "car 1 takes no part in the race")
	}
	res := h.g.Results()
	require.Len(t, res, 2)
	assert.Equal(t, 2, res[0].Car)
	assert.Equal(t, Eliminated, h.car(1).Status)
	assert.Equal(t, ReasonInjury, h.car(1).EliminationReason())

	for _, l := range kinds(evs, "qualifying") {
		assert.NotRegexp(t, `\bcar=1\b`, l, "no lap of car 1's in a second session")
	}
	if sessions == 2 {
		assert.Contains(t, kinds(evs, "qualifying"), "qualifying car=2 start=home.9.1", "car 2 drives its second lap")
	}
	rec := &Record{Game: "t", Rules: FDR, Options: cfg.Options(), TrackSource: fdrLabTrack, Cars: 2, Scripted: true, Events: h.g.Events}
	back, err := ParseRecord(rec.Text())
	require.NoError(t, err)
	g2, err := Replay(back, h.c)
	require.NoError(t, err)
	assert.Equal(t, res, g2.Results())
}

// 20-A's QUALI with 21-B: a two-part race's second part brings the
// retired cars back (league AMB-46), but not the car whose pilot was hurt
// in qualifying: it never started.
func TestVariant20AQualifyingHurtWith21B(t *testing.T) {
	cfg := fdrVariantCfg(t, "20-A", "21-B")
	h := qualifyingOff(t, cfg, "two.4.0", 2, 0, 2, 4, 1, 9, 10)
	src := dice.NewSeeded(SeedFrom("20-A 21-B quali"))
	for h.g.Pending() == nil || h.g.Pending().Kind != DecideGear {
		o, ok := Autopilot(h.g)
		require.True(t, ok)
		require.NoError(t, h.g.Submit(o, src))
	}
	h.g.redFlagSecondPart()
	assert.Equal(t, Eliminated, h.car(1).Status, "the hurt pilot's car stays out")
	assert.Equal(t, Racing, h.car(2).Status)
	grids := kinds(eventLines(h.g), "grid")
	assert.Equal(t, "grid order=2", grids[len(grids)-1], "part 2's grid without car 1")
}

// 20-A rule A's serious accident on lap 1 (l.1184; the AccidentRule hook,
// then fdrStoppage's restart, the one 21-B's red flag uses): the race
// restarts from the original grid without the crashed car (its pilot
// hurt), every other car restored to its start state [DEC]: the running
// car 2 and car 3, retired earlier by its engine without harm, both back
// with the configuration they started with and new tyres. 21-B's red flag
// instead leaves a running car its points (TestVariant21BFirstLapRestart).
func TestVariant20ALap1RestartRestoresTheOthers(t *testing.T) {
	crash := fdrAt("long.31.0", 3)
	crash.Wear[Tyres], crash.Wear[Brakes] = 0, 0
	running := fdrAt("long.12.1", 2)
	running.Wear = Wear{5, 1, 1, 1, 1, 1}
	running.TyreAge = 4
	retired := CarPosition{Space: "", Status: Eliminated, Wear: Wear{3, 0, 2, 2, 0, 2}, Reason: ReasonEngine, Flags: []string{"started", "crossed"}}
	h := fdrPlayCfg(t, fdrLab(t), fdrVariantCfg(t, "20-A"), Position{Round: 1, Weather: Fine, Cars: []CarPosition{crash, running, retired}})
	h.gear(3, 8)
	require.True(t, h.pick(func(op Option) bool { return op.Overshoot == 2 && op.Braked == 0 }, 1, 5, 10, 2).Eliminated)
	evs := strings.Join(h.since(), "\n")
	assert.Contains(t, evs, "injury car=1 cause=overshoot rolls=1,5 result=injured races=1\naccident-stop car=1 lap=1 outcome=restart\ngrid order=2,3\n")
	assert.Equal(t, Eliminated, h.car(1).Status, "the crashed car stays out")
	for _, n := range []int{2, 3} {
		assert.Equal(t, Racing, h.car(n).Status, "car %d restarts", n)
		assert.Equal(t, fdrDefaultBuild(), h.car(n).Wear, "car %d in its start state", n)
		assert.Zero(t, h.car(n).TyreAge, "car %d on new tyres", n)
	}
}
