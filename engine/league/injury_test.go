package league

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
)

// 20-A's forms with scripted dice (league-variants.md ch. 20, league
// AMB-43): which accidents roll, what hurts, what kills, how many races a
// pilot misses. Every scripted roll is used, so a case that rolls more or
// less than it says fails.
func TestRollInjury(t *testing.T) {
	body := Accident{Pilot: "Vasseur", Cause: AccidentBody, Gear: 3}
	for _, tc := range []struct {
		name     string
		form     InjuryForm
		accident Accident
		rolls    []int
		want     InjuryOutcome
	}{
		{"A-a: a 2 is no injury", InjuryAa, body, []int{2}, InjuryOutcome{}},
		{"A-a: a 1 hurts, a 3 on the reroll spares", InjuryAa, body, []int{1, 3}, InjuryOutcome{Injured: true, RacesOut: 1}},
		{"A-a: a 1 hurts, a 2 on the reroll kills", InjuryAa, body, []int{1, 2}, InjuryOutcome{Injured: true, Dead: true}},
		{"A-a: a severe spin is an accident", InjuryAa, Accident{Cause: AccidentSpin}, []int{1, 20}, InjuryOutcome{Injured: true, RacesOut: 1}},
		{"A-a: no whiplash test", InjuryAa, Accident{Cause: AccidentWhiplash}, nil, InjuryOutcome{}},
		{"A-b: 5 unpaid squares hurt on a 5", InjuryAb, Accident{Cause: AccidentOvershoot, Unpaid: 5}, []int{5, 2}, InjuryOutcome{Injured: true, RacesOut: 1}},
		{"A-b: 5 unpaid squares spare a 6", InjuryAb, Accident{Cause: AccidentOvershoot, Unpaid: 5}, []int{6}, InjuryOutcome{}},
		{"A-b: nothing unpaid rolls nothing", InjuryAb, Accident{Cause: AccidentStandStill}, nil, InjuryOutcome{}},
		{"A-b: only a 1 kills", InjuryAb, body, []int{1, 1}, InjuryOutcome{Injured: true, Dead: true}},
		{"A-b: a whiplash hurts on a 1 and never kills", InjuryAb, Accident{Cause: AccidentWhiplash}, []int{1}, InjuryOutcome{Injured: true, RacesOut: 1}},
		{"A-b: road holding is not tested", InjuryAb, Accident{Cause: AccidentRoadHolding, Gear: 6}, nil, InjuryOutcome{}},
		{"B: a 19 hurts", InjuryB, body, []int{19, 3}, InjuryOutcome{Injured: true, RacesOut: 1}},
		{"B: a 1 does not hurt", InjuryB, body, []int{1}, InjuryOutcome{}},
		{"B: a 20 then a 2 kills", InjuryB, Accident{Cause: AccidentOvershoot, Gear: 5}, []int{20, 2}, InjuryOutcome{Injured: true, Dead: true}},
		{"B: an overshoot in 3rd is not serious", InjuryB, Accident{Cause: AccidentOvershoot, Gear: 3, Unpaid: 9}, nil, InjuryOutcome{}},
		{"C: road holding in 6th hurts on a 2, one race", InjuryC, Accident{Cause: AccidentRoadHolding, Gear: 6}, []int{2}, InjuryOutcome{Injured: true, RacesOut: 1}},
		{"C: road holding in 5th spares a 2", InjuryC, Accident{Cause: AccidentRoadHolding, Gear: 5}, []int{2}, InjuryOutcome{}},
		{"C: road holding in 4th is not tested", InjuryC, Accident{Cause: AccidentRoadHolding, Gear: 4}, nil, InjuryOutcome{}},
		{"C with a seventh gear: 7th hurts on a 2 (league AMB-02)", InjuryC, Accident{Cause: AccidentRoadHolding, Gear: 7, Gears: 7}, []int{2}, InjuryOutcome{Injured: true, RacesOut: 1}},
		{"C with a seventh gear: 6th spares a 2", InjuryC, Accident{Cause: AccidentRoadHolding, Gear: 6, Gears: 7}, []int{2}, InjuryOutcome{}},
		{"C with a seventh gear: 5th is not tested", InjuryC, Accident{Cause: AccidentRoadHolding, Gear: 5, Gears: 7}, nil, InjuryOutcome{}},
		{"C: 4 unpaid squares off the track are free", InjuryC, Accident{Cause: AccidentOvershoot, Unpaid: 4}, nil, InjuryOutcome{}},
		{"C: off the track, table row 3: a 2nd-gear die of races", InjuryC, Accident{Cause: AccidentOvershoot, Unpaid: 6}, []int{2, 3, 4}, InjuryOutcome{Injured: true, RacesOut: 4}},
		{"C: off the track, table row 1 ends the career", InjuryC, Accident{Cause: AccidentOvershoot, Unpaid: 6}, []int{1, 1}, InjuryOutcome{Injured: true, Dead: true}},
		{"C: off the track, table 10: one race", InjuryC, Accident{Cause: AccidentOvershoot, Unpaid: 6}, []int{1, 10}, InjuryOutcome{Injured: true, RacesOut: 1}},
		{"C: off the track, table 16: bruises only", InjuryC, Accident{Cause: AccidentOvershoot, Unpaid: 6}, []int{2, 16}, InjuryOutcome{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := dice.NewScripted(tc.rolls...)
			got, err := RollInjury(tc.form, tc.accident, src, "season-1")
			require.NoError(t, err)
			assert.Zero(t, src.Remaining(), "every scripted roll is rolled")
			tc.want.Pilot, tc.want.Rolls = tc.accident.Pilot, tc.rolls
			assert.Equal(t, tc.want, got)
		})
	}
}

// A form the booklet does not have is refused with a sentence.
func TestRollInjuryRefusesAnUnknownForm(t *testing.T) {
	_, err := RollInjury("D", Accident{Cause: AccidentBody}, dice.NewScripted(1), "season-1")
	require.EqualError(t, err, `20-A has the forms A-a, A-b, B and C, not "D"`)
}

// 20-A's availability (LF-31): a pilot hurt for two races is refused at
// the next two and enters the third; a dead one is refused for good; the
// others are never refused.
func TestAvailabilityAfterInjuries(t *testing.T) {
	var a Availability
	a.Apply(InjuryOutcome{Pilot: "Vasseur", Injured: true, RacesOut: 2})
	a.Apply(InjuryOutcome{Pilot: "Lemaire", Injured: true, Dead: true})
	a.Apply(InjuryOutcome{Pilot: "Girard"}) // bruises only
	require.EqualError(t, a.Check("Vasseur"), "Vasseur is injured and misses the next 2 races (20-A)")
	require.EqualError(t, a.Check("Lemaire"), "Lemaire died of his injuries: his career is over, enter a new pilot (20-A)")
	require.NoError(t, a.Check("Girard"))
	a.RaceHeld()
	require.EqualError(t, a.Check("Vasseur"), "Vasseur is injured and misses the next race (20-A)")
	a.RaceHeld()
	require.NoError(t, a.Check("Vasseur"), "back after two races")
	require.Error(t, a.Check("Lemaire"), "death is for good")
	assert.Empty(t, a.Out)
}

// 20-A's parameters choose a form; race=b belongs to rule A only and a
// rule the booklet does not have is refused, both with a sentence.
func TestInjuryFormOf(t *testing.T) {
	for _, tc := range []struct {
		rule, race string
		want       InjuryForm
	}{{"A", "a", InjuryAa}, {"A", "", InjuryAa}, {"A", "b", InjuryAb}, {"B", "a", InjuryB}, {"C", "", InjuryC}} {
		got, err := InjuryFormOf(tc.rule, tc.race)
		require.NoError(t, err)
		assert.Equal(t, tc.want, got, "rule=%s race=%s", tc.rule, tc.race)
	}
	_, err := InjuryFormOf("B", "b")
	require.EqualError(t, err, "variant 20-A: race=b chooses rule A's race triggers; rule B has its own")
	_, err = InjuryFormOf("D", "a")
	require.EqualError(t, err, "variant 20-A: rule=D: the booklet's rules are A, B and C")
}

// The availability folded over a season (LF-31): hurt for two races at
// round 1, the pilot misses rounds 2 and 3 and is back for round 4; the
// pilot killed at round 2 never comes back.
func TestAvailabilityAfterASeason(t *testing.T) {
	races := [][]InjuryOutcome{
		{{Pilot: "Vasseur", Injured: true, RacesOut: 2}},
		{{Pilot: "Lemaire", Injured: true, Dead: true}},
		nil,
	}
	after := func(n int) Availability { return AvailabilityAfter(races[:n]) }
	a0 := after(0)
	require.NoError(t, a0.Check("Vasseur"))
	a1 := after(1)
	require.EqualError(t, a1.Check("Vasseur"), "Vasseur is injured and misses the next 2 races (20-A)")
	a2 := after(2)
	require.EqualError(t, a2.Check("Vasseur"), "Vasseur is injured and misses the next race (20-A)")
	require.Error(t, a2.Check("Lemaire"))
	a3 := after(3)
	require.NoError(t, a3.Check("Vasseur"), "back for round 4")
	require.Error(t, a3.Check("Lemaire"), "the dead never come back")
}

// Rule A's qualifying trigger (QUALI, league-variants.md ch. 20): more
// than six squares past a bend, no stop in a 2-stop bend, one stop at
// most in a 3-stop bend; six squares past, or a stop short in a 1-stop
// bend, are not enough.
func TestQualifyingAccident(t *testing.T) {
	assert.True(t, QualifyingAccident(7, 1, 1), "seven squares past a 1-stop bend")
	assert.False(t, QualifyingAccident(6, 0, 1), "six squares are not enough")
	assert.True(t, QualifyingAccident(2, 0, 2), "no stop in a 2-stop bend")
	assert.False(t, QualifyingAccident(2, 1, 2), "one stop of two")
	assert.True(t, QualifyingAccident(3, 1, 3), "one stop of three")
	assert.False(t, QualifyingAccident(3, 2, 3), "two stops of three")
}

// Rule A's qualifying test: a 1 hurts (the pilot misses this race only,
// so no race out after it), a reroll of 1–2 kills; the dead pilot's
// career is over in the league's availability, the hurt one races next.
func TestRollQualifyingInjury(t *testing.T) {
	for _, tc := range []struct {
		name  string
		rolls []int
		want  InjuryOutcome
	}{
		{"a 2 spares", []int{2}, InjuryOutcome{}},
		{"a 1 hurts, a 3 spares his life", []int{1, 3}, InjuryOutcome{Injured: true}},
		{"a 1 hurts, a 2 kills", []int{1, 2}, InjuryOutcome{Injured: true, Dead: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := dice.NewScripted(tc.rolls...)
			n := 0
			got, err := RollQualifyingInjury("Vasseur", func(d dice.Die, purpose string) (int, error) {
				n++
				r, err := src.Roll(dice.Key{Game: "q", Purpose: purpose, Counter: n}, d)
				return r.Value, err
			})
			require.NoError(t, err)
			assert.Zero(t, src.Remaining())
			tc.want.Pilot, tc.want.Rolls = "Vasseur", tc.rolls
			assert.Equal(t, tc.want, got)
			a := AvailabilityAfter([][]InjuryOutcome{{got}})
			assert.Equal(t, tc.want.Dead, a.Check("Vasseur") != nil, "only death keeps him from the next race")
		})
	}
}
