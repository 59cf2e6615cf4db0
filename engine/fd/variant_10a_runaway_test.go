package fd

import (
	"encoding/hex"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/tracks"
)

// runawayRace is railsDecision with car 2 behind car 1, in 4th on long.30.1,
// and car 3 leading far ahead (the round goes on past car 1, R0.2): car 3
// moves 7, car 1 its unpaid overshoot out of railed One, rolled on the rail
// table with rail (20: the runaway car), and car 2 then waits on its move,
// rolled move.
func runawayRace(t *testing.T, rail, move int) *harness {
	h := runawaySpinning(t, rail)
	h.gear(4, move)
	return h
}

// runawaySpinning is runawayRace up to car 2's gear decision.
func runawaySpinning(t *testing.T, rail int) *harness {
	return runawaySpinningWith(t, "10-A:rails=yes", rail)
}

// runawaySpinningWith is runawaySpinning with 10-A given as spec.
func runawaySpinningWith(t *testing.T, spec string, rail int) *harness {
	car := fdrAt("long.31.0", 3)
	car.Wear[Tyres], car.Wear[Brakes] = 0, 0
	h := fdrPlayCfg(t, inlineTrack(t, fdrRailsLab), fdrVariantCfg(t, spec), Position{Round: 1, Cars: []CarPosition{car, fdrAt("long.30.1", 4), fdrAt("c.20.1", 4)}})
	h.expect(3, DecideGear)
	h.gear(4, 7)
	h.pick(func(op Option) bool { return len(op.Path) == 7 && op.Braked == 0 })
	h.expect(1, DecideGear)
	h.gear(3, 8)
	h.pick(railsOvershoot, rail)
	h.expect(2, DecideGear)
	return h
}

// throughHazard is car 2's move of 12 to b.4.1: out of One across the
// runaway car's area (b.0–b.2, every lane) and beyond it.
func throughHazard(op Option) bool { return len(op.Path) == 12 && op.Braked == 0 }

// 10-A rails, 16–20, hooks UnpaidOvershootRule, PlayEnd and RoundEnd: the
// runaway car is out but spins on in the 3 × 3 spaces past One until the
// end of the game turn; a car whose move enters them takes R14.3's normal
// collision test (1 in the dry, T6). Hit: −1 tyre point, then the spin die
// (10 or less): −1 body and −1 tyre point, spun (R10.10). The turn over,
// the runaway car stops and the nine spaces get their markers.
func TestVariant10ARunawayCar(t *testing.T) {
	t.Run("the runaway car spins on: no markers until the turn ends", func(t *testing.T) {
		h := runawayRace(t, 20, 12)
		evs := h.since()
		assert.Contains(t, evs, "rails car=1 corner=One roll=20 result=runaway space=b.0.1")
		assert.Equal(t, Eliminated, h.car(1).Status)
		assert.Empty(t, h.debris(), "the markers go down when it stops")
		assert.Equal(t, []string{"1:b.0.1"}, h.g.Position().Runaways)
		status := h.g.RunawayStatus()
		require.Len(t, status, 1, "the status text tells it")
		assert.Equal(t, "status.runaway", status[0].Key)
		assert.Equal(t, []any{1, "One"}, status[0].Args[:2])
	})
	t.Run("a car hit, and spun", func(t *testing.T) {
		h := runawayRace(t, 20, 12)
		h.since()
		// 1: the collision test fails; 5: the spin die spins
		op := h.pick(throughHazard, 1, 5)
		require.Equal(t, "b.4.1", h.name(op.End), "through the area and out of it")
		evs := h.since()
		assert.Equal(t, []string{
			"roll play=3 car=2 for=collision n=0 die=black value=1",
			"runaway-hit car=2 runaway=1 space=b.0.1",
			"roll play=3 car=2 for=spin n=0 die=black value=5",
			"spin car=2 corner=One",
		}, kinds(evs, "roll", "runaway-hit", "spin")[:4])
		assert.Equal(t, []string{
			"wear car=2 tyres=-5", // the overshoot out of One (R10.2)
			"wear car=2 tyres=-1", // hit
			"wear car=2 body=-1",  // spun
			"wear car=2 tyres=-1",
		}, withoutCause(kinds(evs, "wear")))
		assert.Contains(t, evs, "runaway-stopped car=1 space=b.1.1")
		assert.Contains(t, evs, "turned car=2 gear=1", "spun: turned round at the turn's end, in 1st")
		assert.Equal(t, []string{"b.0.0", "b.0.1", "b.0.2", "b.1.0", "b.1.1", "b.1.2", "b.2.0", "b.2.1", "b.2.2", "b.4.1"}, h.debris(),
			"under the runaway car and all around it, and car 2's lost body point (R17.1)")
		assert.Empty(t, h.g.Position().Runaways, "it has stopped")
		assert.Empty(t, h.g.RunawayStatus())
		assert.Equal(t, Racing, h.car(2).Status)
	})
	t.Run("a car missed", func(t *testing.T) {
		h := runawayRace(t, 20, 12)
		h.since()
		h.pick(throughHazard, 2)
		evs := h.since()
		assert.Contains(t, evs, "runaway-missed car=2 runaway=1 space=b.0.1")
		assert.Equal(t, []string{"wear car=2 tyres=-5"}, withoutCause(kinds(evs, "wear")), "the overshoot alone")
		assert.Empty(t, kinds(evs, "spin", "runaway-hit"))
		assert.Len(t, h.debris(), 9)
	})
	t.Run("a car that stays out of the area takes no test", func(t *testing.T) {
		h := runawayRace(t, 20, 8)
		h.since()
		h.pick(func(op Option) bool { return len(op.Path) == 8 && op.Braked == 0 })
		evs := h.since()
		assert.Empty(t, kinds(evs, "runaway-hit", "runaway-missed"))
		assert.Empty(t, kinds(evs, "roll"), "no die rolled for it")
		assert.Contains(t, evs, "runaway-stopped car=1 space=b.1.1")
	})
	t.Run("the last body point: the spin puts the hit car out", func(t *testing.T) {
		h := runawayRace(t, 20, 12)
		h.car(2).Wear[Body] = 1
		h.since()
		h.pick(throughHazard, 1, 10)
		evs := h.since()
		assert.Equal(t, Eliminated, h.car(2).Status)
		assert.Contains(t, withoutCause(evs), "eliminated car=2")
		assert.Empty(t, kinds(evs, "spin"))
	})
	t.Run("wet: the collision test loses on 1–2 (T6)", func(t *testing.T) {
		h := runawayRace(t, 20, 12)
		h.g.weather = Wet
		h.since()
		h.pick(throughHazard, 2, 11)
		evs := h.since()
		assert.Contains(t, evs, "runaway-hit car=2 runaway=1 space=b.0.1")
		assert.Contains(t, evs, "roll play=3 car=2 for=spin n=0 die=black value=11")
		assert.Empty(t, kinds(evs, "spin"), "11: it does not spin")
	})
}

// 10-A rails: a move into the runaway car's area tells its risk in its
// facts (the collision check and its chance), and its elimination risk
// counts the spin that takes the last body point.
func TestVariant10ARunawayOptionFacts(t *testing.T) {
	h := runawayRace(t, 20, 12)
	through := h.find(throughHazard)
	require.NotEmpty(t, through)
	facts := h.g.OptionFacts(h.pending(), through[0])
	assert.Contains(t, facts, phrase.New("fact.runaway", 1, phrase.Percent(0.05)))
	assert.InDelta(t, 0.05*0.5*0.05, h.g.EliminationRisk(h.pending(), through[0]), 1e-9, "hit, spun, then stalled at the restart roll")
	h.car(2).Wear[Body] = 1
	assert.InDelta(t, 0.05*0.5, h.g.EliminationRisk(h.pending(), through[0]), 1e-9, "hit and spun: the last body point")
	for _, op := range h.pending().Options {
		if len(op.Path) <= 8 {
			assert.NotContains(t, h.g.OptionFacts(h.pending(), op), phrase.New("fact.runaway", 1, phrase.Percent(0.05)))
		}
	}
}

// 10-A rails: the runaway car is part of a position (runaway=car:exit), so
// a race resumed mid-turn from any of its positions plays on the same, and
// the record replays from its own rolls without rolling again.
func TestVariant10ARunawayPositionAndReplay(t *testing.T) {
	h := runawaySpinning(t, 20)
	// a snapshot at car 2's gear decision (Game.Snapshot) holds the
	// spinning car
	snap, err := h.g.Snapshot()
	require.NoError(t, err)
	assert.Contains(t, snap.Position[0].String(), "runaway=1:b.0.1")
	h.gear(4, 12)
	h.pick(throughHazard, 1, 5)
	assert.Positive(t, scenarioRoundTrips(t, h, fdrRailsLab))

	back, err := ParsePosition(Position{Round: 1, Runaways: []string{"1:b.0.1"}, Cars: []CarPosition{{Car: 1, Status: Eliminated}}}.Events())
	require.NoError(t, err)
	assert.Equal(t, []string{"1:b.0.1"}, back.Runaways)

	for _, bad := range [][]string{{"2:b.0.1"}, {"1:nowhere"}, {"x:b.0.1"}, {"1:pit.1"}, {"1:b.0.1", "1:b.3.2"}} {
		cars := []CarPosition{{Space: "", Status: Eliminated}, fdrAt("long.30.1", 4)}
		g, err := NewGame("t", fdrVariantCfg(t, "10-A:rails=yes"), inlineTrack(t, fdrRailsLab), 2)
		require.NoError(t, err)
		cars[0].Car, cars[1].Car = 1, 2
		assert.Error(t, g.StartFrom(Position{Round: 1, Runaways: bad, Cars: cars}, nil), "%v", bad)
	}
	g, err := NewGame("t", fdrVariantCfg(t, "10-A"), inlineTrack(t, fdrRailsLab), 2)
	require.NoError(t, err)
	cars := []CarPosition{{Car: 1, Status: Eliminated}, fdrAt("long.30.1", 4)}
	cars[1].Car = 2
	assert.Error(t, g.StartFrom(Position{Round: 1, Runaways: []string{"1:b.0.1"}, Cars: cars}, nil), "no runaway car without the rails")
}

// 10-A rails with the game's own dice: a race resumed from a position
// where car 1 spins past Poterne (Port Azur's bends have rails) and car 2
// starts its play inside the area, played to the flag by the autopilot,
// replays from its record event for event and verifies against its seed;
// car 2's move took the runaway car's collision check.
func TestVariant10ARunawayRecordVerifies(t *testing.T) {
	c, err := tracks.Get("port-azur")
	require.NoError(t, err)
	cfg := fdrVariantCfg(t, "10-A:rails=yes")
	cfg.Laps = 1
	seed := SeedFrom("runaway-verifies")
	id := GameIDFor(seed)
	g, err := NewGame(id, cfg, c, 2)
	require.NoError(t, err)
	src := dice.NewSeeded(seed)
	require.NoError(t, g.StartFrom(Position{Round: 1, Runaways: []string{"1:citadelle-rise.0.1"}, Cars: []CarPosition{
		{Car: 1, Status: Eliminated, Cause: "ran away", Flags: []string{"started", "crossed"}},
		{Car: 2, Space: "citadelle-rise.0.0", Gear: 2, Wear: fdrDefaultBuild(), Flags: []string{"started", "crossed"}},
	}}, src))
	for !g.Over {
		o, ok := Autopilot(g)
		require.True(t, ok)
		require.NoError(t, g.Submit(o, src))
	}
	tested := 0
	for _, e := range g.Events {
		if e.Kind == "runaway-hit" || e.Kind == "runaway-missed" {
			tested++
		}
	}
	assert.Equal(t, 1, tested, "car 2's move crossed the area once")
	rec := &Record{Game: id, Rules: cfg.Rules, Options: cfg.Options(), Track: "port-azur", Cars: 2,
		Commitment: dice.Commitment(seed), Seed: hex.EncodeToString(seed[:]), Events: g.Events}
	back, err := ParseRecord(rec.Text())
	require.NoError(t, err)
	g2, err := Replay(back, c)
	require.NoError(t, err, "replay equals live")
	assert.Equal(t, g.Results(), g2.Results())
	assert.NoError(t, Verify(back))
}

// A position's runaway= entries (league 10-A) are read when a game starts
// from it: whatever the text, StartFrom refuses it with an error or the
// game writes the same entries back.
func FuzzRunawayPosition(f *testing.F) {
	f.Add("1:b.0.1")
	f.Add("1:b.0.1,1:b.3.2")
	f.Add("2:b.0.1")
	f.Add("1:long.0.0")
	f.Add("01:b.0.1")
	f.Add(":")
	c := inlineTrack(f, fdrRailsLab)
	cfg := fdrVariantCfg(f, "10-A:rails=yes")
	f.Fuzz(func(t *testing.T, entries string) {
		g, err := NewGame("t", cfg, c, 2)
		require.NoError(t, err)
		p := Position{Round: 1, Runaways: strings.Split(entries, ","), Cars: []CarPosition{
			{Car: 1, Status: Eliminated, Cause: "ran away", Flags: []string{"started", "crossed"}},
			{Car: 2, Space: "long.30.1", Gear: 4, Wear: fdrDefaultBuild(), Flags: []string{"started", "crossed"}},
		}}
		if g.StartFrom(p, dice.NewScripted()) != nil {
			return
		}
		assert.Equal(t, p.Runaways, g.Position().Runaways)
	})
}
