package league

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// LF-01: a pilot's season record and its career, computed by hand.
func TestPilotSeasonAndCareer(t *testing.T) {
	// season 1 (10-6-4-3-2-1), over: Ann wins round 1, is 2nd in round 2
	// and is champion on 16 points (Bob 14, Cid 10)
	s1 := []Result{
		{Cars: []Car{{Pilot: "Ann", Place: 1, Status: Finished}, {Pilot: "Cid", Place: 2, Status: Finished}, {Pilot: "Bob", Place: 3, Status: Eliminated}}},
		{Cars: []Car{{Pilot: "Bob", Place: 1, Status: Finished}, {Pilot: "Ann", Place: 2, Status: Finished}, {Pilot: "Cid", Place: 3, Status: Eliminated}}},
	}
	r1 := PilotSeason("Ann", s1, DefaultScale, true)
	assert.Equal(t, SeasonRecord{Starts: 2, Wins: 1, Podiums: 2, Points: 16, Best: 1, Position: 1, Over: true, Champion: true}, r1)
	// the same season not over yet: no champion
	assert.False(t, PilotSeason("Ann", s1, DefaultScale, false).Champion)
	// Cid: 6 + 4 = 10, third, one retirement
	assert.Equal(t, SeasonRecord{Starts: 2, Podiums: 2, Points: 10, Best: 2, DNFs: 1, Position: 3, Over: true}, PilotSeason("Cid", s1, DefaultScale, true))

	// season 2 (25-18-15), two rounds raced: Ann 3rd eliminated (15),
	// then black-flagged (0)
	s2 := []Result{
		{Cars: []Car{{Pilot: "Dan", Place: 1, Status: Finished}, {Pilot: "Eve", Place: 2, Status: Finished}, {Pilot: "Ann", Place: 3, Status: Eliminated}}},
		{Cars: []Car{{Pilot: "Dan", Place: 1, Status: Finished}, {Pilot: "Eve", Place: 2, Status: Finished}, {Pilot: "Ann", Status: Excluded}}},
	}
	r2 := PilotSeason("Ann", s2, Scale{25, 18, 15}, false)
	assert.Equal(t, SeasonRecord{Starts: 2, Podiums: 1, Points: 15, Best: 3, DNFs: 1, DSQ: 1, Position: 3}, r2)

	// a season the pilot did not race adds nothing, not even a season
	none := PilotSeason("Ann", []Result{{Cars: []Car{{Pilot: "Zed", Place: 1, Status: Finished}}}}, DefaultScale, true)
	assert.Zero(t, none.Starts)
	assert.False(t, none.Champion)

	assert.Equal(t, Career{Seasons: 2, Starts: 4, Wins: 1, Podiums: 3, Points: 31, Best: 1, DNFs: 1, DSQ: 1, Titles: 1}, Add([]SeasonRecord{r1, none, r2}))
	assert.Equal(t, Career{}, Add(nil))
}
