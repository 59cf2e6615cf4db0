package league

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// violationRace is a race of three: A wins, B second, C out third.
func violationRace() Result {
	return Result{Cars: Classify([]Car{
		{Car: 1, Pilot: "A", Team: "Red", Status: Finished, Finish: 1},
		{Car: 2, Pilot: "B", Team: "Blue", Status: Finished, Finish: 2},
		{Car: 3, Pilot: "C", Team: "Red", Status: Eliminated, Distance: 40},
	})}
}

// 5-D's violation entered by the organiser disqualifies the pilot's result:
// excluded, no place and no points, the cars behind move up; the drivers'
// and constructors' standings and the pilot's career read it.
func TestVariant5DViolationDisqualifies(t *testing.T) {
	race := violationRace()
	got, ok := Disqualify(race, "A")
	require.True(t, ok)
	assert.Equal(t, Finished, race.Cars[0].Status, "the result given is left alone")

	byPilot := map[string]Car{}
	for _, c := range got.Cars {
		byPilot[c.Pilot] = c
	}
	assert.Equal(t, Car{Car: 1, Pilot: "A", Team: "Red", Status: Excluded, Finish: 1, Disqualified: true}, byPilot["A"])
	assert.Equal(t, 1, byPilot["B"].Place, "B moves up to first")
	assert.Equal(t, 2, byPilot["C"].Place)

	st := Compute([]Result{got}, DefaultScale)
	points := map[string]int{}
	for _, r := range st.Drivers {
		points[r.Name] = int(r.Points)
	}
	assert.Equal(t, map[string]int{"A": 0, "B": 10, "C": 6}, points)
	teams := map[string]int{}
	for _, r := range st.Teams {
		teams[r.Name] = int(r.Points)
	}
	assert.Equal(t, map[string]int{"Red": 6, "Blue": 10}, teams, "Red keeps only C's points")
	assert.Equal(t, 1, PilotSeason("A", []Result{got}, DefaultScale, false).DSQ)

	_, ok = Disqualify(race, "Z")
	assert.False(t, ok, "Z did not race")
}

// config_violation_count: the first violation is a DSQ alone, the second
// and later a DSQ with a one-GP suspension from the next event; each
// pilot's count is his own.
func TestVariant5DViolationCount(t *testing.T) {
	var vs []ConfigViolation
	vs = append(vs, NewViolation(vs, "A", 1, 3))
	vs = append(vs, NewViolation(vs, "B", 1, 3))
	vs = append(vs, NewViolation(vs, "A", 2, 3))
	vs = append(vs, NewViolation(vs, "A", 3, 5))
	assert.Equal(t, []ConfigViolation{
		{Pilot: "A", Round: 1, Count: 1},
		{Pilot: "B", Round: 1, Count: 1},
		{Pilot: "A", Round: 2, Count: 2, Suspended: 3},
		{Pilot: "A", Round: 3, Count: 3, Suspended: 5},
	}, vs)
	assert.Equal(t, 3, ViolationCount(vs, "A"))
	assert.Equal(t, 1, ViolationCount(vs, "B"))
	assert.Equal(t, 0, ViolationCount(vs, "C"))
	_, out := SuspendedFrom(vs, "A", 3)
	assert.True(t, out)
	_, out = SuspendedFrom(vs, "A", 4)
	assert.False(t, out, "one GP only")
	_, out = SuspendedFrom(vs, "B", 3)
	assert.False(t, out, "a first violation suspends nobody")
	assert.Equal(t, []int{0, 0, 1, 1}, []int{SuspensionAfterViolations(0), SuspensionAfterViolations(1), SuspensionAfterViolations(2), SuspensionAfterViolations(3)})
}
