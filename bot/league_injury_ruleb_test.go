package bot

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/league"
	"github.com/pitwall/pitwall/internal/phrasebook"
	"github.com/pitwall/pitwall/tracks"
)

// 20-A rule B in a league (spec B, l.1198): testdata/injury-rule-b-death.rec
// is a race of the engine's scripted dice (engine/fd's
// TestVariant20ARuleBDeathAfterLap1EndsTheRace) where Cleo's car 1
// overshoots One in 4th after the leader's first lap, rolls 19 then 2 and
// dies: the race ended at once. The league reads that race's own test
// instead of rolling one (one source of truth), and its result is the
// track order at the instant — Anna (car 2) ahead of Bob (car 3), Cleo
// eliminated — with full points; Cleo is dead for the league.
func TestInjuryRuleBDeathAfterLap1ClassifiesAtTheInstant(t *testing.T) {
	src, err := os.ReadFile("testdata/injury-rule-b-death.rec")
	require.NoError(t, err)
	rec, err := fd.ParseRecord(string(src))
	require.NoError(t, err)
	c, err := tracks.Load("injury-rule-b-death.rec", []byte(rec.TrackSource))
	require.NoError(t, err)
	g, err := fd.Replay(rec, c)
	require.NoError(t, err)
	require.True(t, g.Over)

	doc := &leagueDoc{Name: "B", Secret: "s", Variants: []string{"21-A", "20-A:rule=B"}}
	form, on, err := injuryForm(doc.Variants)
	require.NoError(t, err)
	require.True(t, on)
	cars := []eventCar{{Pilot: "Cleo"}, {Pilot: "Anna"}, {Pilot: "Bob"}}
	injuries, err := doc.rollInjuries("b", 0, g, cars, form)
	require.NoError(t, err)
	assert.Equal(t, []eventInjury{{Car: 1, Cause: "overshoot", InjuryOutcome: league.InjuryOutcome{Pilot: "Cleo", Rolls: []int{19, 2}, Injured: true, Dead: true}}}, injuries,
		"the race's own test, not a league roll")

	res := eventResult(g, cars, nil, 1)
	assert.False(t, res.HalfPoints, "full points")
	placed := map[string]int{}
	for _, c := range res.Cars {
		placed[c.Pilot] = c.Place
	}
	assert.Equal(t, map[string]int{"Anna": 1, "Bob": 2, "Cleo": 3}, placed, "the track order at the instant, then the eliminated")
	st := league.Compute([]league.Result{res}, league.DefaultScale)
	require.NotEmpty(t, st.Drivers)
	assert.Equal(t, "Anna", st.Drivers[0].Name)
	assert.Equal(t, league.Points(league.DefaultScale.Points(1)), st.Drivers[0].Points, "a winner's whole points")

	out := league.AvailabilityAfter([][]league.InjuryOutcome{{injuries[0].InjuryOutcome}})
	assert.Error(t, out.Check("Cleo"), "dead: her career is over")
	assert.NoError(t, out.Check("Anna"))

	var stop fd.Event
	for _, e := range g.Events {
		if e.Kind == "accident-stop" {
			stop = e
		}
	}
	assert.Equal(t, "the race is stopped on lap 2 after Car 1's serious accident: it is over, classified in the current order",
		phrasebook.Text("en", fd.EventPhrase(nil, stop)))
	newStart, err := fd.ParseEvent("accident-stop car=1 lap=1 outcome=new-start")
	require.NoError(t, err)
	assert.Equal(t, "the race is stopped on lap 1 after Car 1's fatal accident: a new start for 2 laps, the grid in the order the cars stood at the accident, each car as it is, no tyre change",
		phrasebook.Text("en", fd.EventPhrase(nil, newStart)))
	assert.Contains(t, phrasebook.Text("fr", fd.EventPhrase(nil, newStart)),
		"nouveau départ pour 2 tours, la grille dans l'ordre des voitures au moment de l'accident, chacune dans son état, sans changement de pneus")
}
