package league

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// 21-A: finishers by crossing order, then the eliminated by distance, a
// tie going to the later elimination, then to the base play order
// (AMB-45); an excluded car (7-A) is not classified.
func TestClassifyByDistance(t *testing.T) {
	cars := []Car{
		{Car: 1, Pilot: "A", Status: Eliminated, Distance: 50, Out: 10, PlayOrder: 1},
		{Car: 2, Pilot: "B", Status: Finished, Finish: 2},
		{Car: 3, Pilot: "C", Status: Excluded, Distance: 200},
		{Car: 4, Pilot: "D", Status: Eliminated, Distance: 50, Out: 12, PlayOrder: 4},
		{Car: 5, Pilot: "E", Status: Finished, Finish: 1},
		{Car: 6, Pilot: "F", Status: Eliminated, Distance: 50, Out: 12, PlayOrder: 2},
		{Car: 7, Pilot: "G", Status: Eliminated, Distance: 90, Out: 3},
	}
	got := Classify(cars)
	var order []string
	var places []int
	for _, c := range got {
		order = append(order, c.Pilot)
		places = append(places, c.Place)
	}
	assert.Equal(t, []string{"E", "B", "G", "F", "D", "A", "C"}, order)
	assert.Equal(t, []int{1, 2, 3, 4, 5, 6, 0}, places)
	assert.Equal(t, 0, cars[0].Place, "the input is left alone")
}

func TestScale(t *testing.T) {
	s, err := ParseScale("25-18-15 12,10")
	require.NoError(t, err)
	assert.Equal(t, Scale{25, 18, 15, 12, 10}, s)
	assert.Equal(t, "25,18,15,12,10", s.String())
	assert.Equal(t, 25, s.Points(1))
	assert.Equal(t, 10, s.Points(5))
	assert.Equal(t, 0, s.Points(6))
	assert.Equal(t, 0, s.Points(0))
	for _, bad := range []string{"", "a,b", "1,2", "0,0", "-", "5,x1", "2000"} {
		_, err := ParseScale(bad)
		assert.ErrorIs(t, err, ErrScale, bad)
	}
	assert.Equal(t, 10, DefaultScale.Points(1), "AMB-59: 10-6-4-3-2-1")
	assert.Equal(t, 1, DefaultScale.Points(6))
}

// A season of three events, standings computed by hand:
//
//	event 1 (qualifying; grid Ann Bob Cid Dee): Cid 1st, Ann 2nd, Bob and
//	  Dee out at 50 spaces, Dee later (turn 12 against 10) so 3rd (21-A).
//	  Points Cid 10, Ann 6, Dee 4, Bob 3. Turns led: Ann 5, Cid 7.
//	event 2 (grid by formula): Ann, Bob, Dee finish; Cid black-flagged
//	  (7-A: no place, no points). Ann 10, Bob 6, Dee 4. Ann led 12 turns.
//	  Pas de Bol: Bob.
//	event 3 (qualifying; grid Sub Cid Ann Bob): Sub drives Dee's Blue car
//	  (LF-05). Bob 1st, Sub 2nd, Ann and Cid out at 80 in turn 20, Ann
//	  first in play order, so Ann 3rd. Bob 10, Sub 6, Ann 4, Cid 3.
//
// Drivers: Ann 6+10+4 = 20, Bob 3+6+10 = 19, Cid 10+0+3 = 13, Dee 4+4 = 8,
// Sub 6. Before event 3: Ann 16, Cid 10, Bob 9, Dee 8, so Bob gained one
// place and Cid lost one. Teams (LF-11): Red (Ann, Bob) 9+16+14 = 39,
// Blue (Cid, Dee, Sub) 14+4+9 = 27.
// Qualifying (24-A, events 1 and 3): Ann 10+4 = 14, Sub 10 (a pole) before
// Cid 4+6 = 10 (a 2nd and a 3rd: countback), Bob 6+3 = 9, Dee 3. Teams:
// Red 10+6+4+3 = 23, Blue 4+3+10+6 = 23, the same places: by name, Blue.
// After event 1 alone it was Ann, Bob, Cid, Dee and Red, Blue: Bob lost two
// places, Dee one, Blue gained one.
// Media (24-B): Ann 17, Cid 7. Pas de Bol (24-D): Bob 1.
func TestSeasonStandingsByHand(t *testing.T) {
	ev1 := Result{Qualified: true, Cars: Classify([]Car{
		{Car: 1, Pilot: "Ann", Team: "Red", Status: Finished, Finish: 2, Grid: 1, TurnsLed: 5},
		{Car: 2, Pilot: "Bob", Team: "Red", Status: Eliminated, Distance: 50, Out: 10, Grid: 2},
		{Car: 3, Pilot: "Cid", Team: "Blue", Status: Finished, Finish: 1, Grid: 3, TurnsLed: 7},
		{Car: 4, Pilot: "Dee", Team: "Blue", Status: Eliminated, Distance: 50, Out: 12, Grid: 4},
	})}
	ev2 := Result{PasDeBol: "Bob", Cars: Classify([]Car{
		{Car: 1, Pilot: "Ann", Team: "Red", Status: Finished, Finish: 1, Grid: 2, TurnsLed: 12},
		{Car: 2, Pilot: "Bob", Team: "Red", Status: Finished, Finish: 2, Grid: 1},
		{Car: 3, Pilot: "Cid", Team: "Blue", Status: Excluded, Distance: 60, Grid: 3},
		{Car: 4, Pilot: "Dee", Team: "Blue", Status: Finished, Finish: 3, Grid: 4},
	})}
	ev3 := Result{Qualified: true, Cars: Classify([]Car{
		{Car: 1, Pilot: "Ann", Team: "Red", Status: Eliminated, Distance: 80, Out: 20, PlayOrder: 1, Grid: 3},
		{Car: 2, Pilot: "Bob", Team: "Red", Status: Finished, Finish: 1, Grid: 4},
		{Car: 3, Pilot: "Cid", Team: "Blue", Status: Eliminated, Distance: 80, Out: 20, PlayOrder: 2, Grid: 2},
		{Car: 4, Pilot: "Sub", Team: "Blue", Status: Finished, Finish: 2, Grid: 1},
	})}
	st := Compute([]Result{ev1, ev2, ev3}, nil)

	type line struct {
		Pos    int
		Name   string
		Points Points
		Moved  int
	}
	lines := func(rows []Row) []line {
		var out []line
		for _, r := range rows {
			out = append(out, line{r.Position, r.Name, r.Points, r.Moved})
		}
		return out
	}
	assert.Equal(t, []line{{1, "Ann", 20, 0}, {2, "Bob", 19, 1}, {3, "Cid", 13, -1}, {4, "Dee", 8, 0}, {5, "Sub", 6, 0}}, lines(st.Drivers))
	assert.Equal(t, []line{{1, "Red", 39, 0}, {2, "Blue", 27, 0}}, lines(st.Teams))
	assert.Equal(t, []line{{1, "Ann", 14, 0}, {2, "Sub", 10, 0}, {3, "Cid", 10, 0}, {4, "Bob", 9, -2}, {5, "Dee", 3, -1}}, lines(st.Qualifying))
	assert.Equal(t, []line{{1, "Blue", 23, 1}, {2, "Red", 23, -1}}, lines(st.QualifyingTeams))
	assert.Equal(t, []line{{1, "Ann", 17, 0}, {2, "Cid", 7, 0}, {3, "Bob", 0, 0}, {4, "Dee", 0, 0}, {5, "Sub", 0, 0}}, lines(st.Media))
	assert.Equal(t, []line{{1, "Red", 17, 0}, {2, "Blue", 7, 0}}, lines(st.MediaTeams))
	assert.Equal(t, "Bob", st.PasDeBol[0].Name)
	assert.EqualValues(t, 1, st.PasDeBol[0].Points)

	// each row carries its results per event
	cid := st.Drivers[2]
	assert.Equal(t, []Cell{{Place: 1, Points: 10, Status: Finished}, {Status: Excluded}, {Place: 4, Points: 3, Status: Eliminated}}, cid.Results)
	sub := st.Drivers[4]
	assert.Equal(t, []Cell{{}, {}, {Place: 2, Points: 6, Status: Finished}}, sub.Results, "a substitute has only the events he drove")
	blue := st.Teams[1]
	assert.Equal(t, []Cell{{Place: 1, Points: 14, Status: Finished}, {Place: 3, Points: 4, Status: Finished}, {Place: 2, Points: 9, Status: Finished}}, blue.Results)
}

func TestCountbackBreaksPointTies(t *testing.T) {
	// X: 6+6 = 12 (two 2nd places); Y: 10+2 = 12 (a win): Y first.
	res := []Result{
		{Cars: Classify([]Car{{Pilot: "Y", Status: Finished, Finish: 1}, {Pilot: "X", Status: Finished, Finish: 2}})},
		{Cars: Classify([]Car{{Pilot: "Z", Status: Finished, Finish: 1}, {Pilot: "X", Status: Finished, Finish: 2}, {Pilot: "W", Status: Finished, Finish: 3}, {Pilot: "V", Status: Finished, Finish: 4}, {Pilot: "Y", Status: Finished, Finish: 5}})},
	}
	st := Compute(res, nil)
	assert.Equal(t, "Y", st.Drivers[0].Name)
	assert.EqualValues(t, 12, st.Drivers[0].Points)
	assert.Equal(t, "X", st.Drivers[1].Name)
	assert.EqualValues(t, 12, st.Drivers[1].Points)
}

// 24-D, AMB-52: plurality of the participants' votes; self-votes and
// outsiders do not count; the luck index breaks a tie.
func TestPasDeBolVote(t *testing.T) {
	ps := []string{"Ann", "Bob", "Cid", "Dee"}
	votes := map[string]string{"Ann": "Bob", "Bob": "Bob", "Cid": "Dee", "Dee": "Bob", "Eve": "Dee", "Fay": "Dee"}
	assert.Equal(t, "Bob", PasDeBol(ps, votes, nil))
	tie := map[string]string{"Ann": "Bob", "Bob": "Cid"}
	assert.Equal(t, "Cid", PasDeBol(ps, tie, map[string]float64{"Bob": 1.5, "Cid": 2}))
	assert.Equal(t, "Bob", PasDeBol(ps, tie, map[string]float64{"Bob": 3, "Cid": 2}))
	assert.Equal(t, "Dee", PasDeBol(ps, nil, map[string]float64{"Dee": 0.5}), "no vote: the luck index")
	assert.Equal(t, "", PasDeBol(nil, votes, nil))
}

// 24-D luck index: d6 {2,3,3,4,4,4} has mean 20/6 and spread 2; a 2 is
// (10/3−2)/2 = 2/3 of bad luck, a 4 is (10/3−4)/2 = −1/3; a failed test +2,
// an elimination by test +5.
func TestLuckIndex(t *testing.T) {
	d6 := []int{2, 3, 3, 4, 4, 4}
	assert.InDelta(t, 2.0/3, LuckIndex([]Roll{{Faces: d6, Value: 2}}, 0, false), 1e-9)
	assert.InDelta(t, 2.0/3-1.0/3+2+5, LuckIndex([]Roll{{Faces: d6, Value: 2}, {Faces: d6, Value: 4}}, 1, true), 1e-9)
	assert.Zero(t, LuckIndex(nil, 0, false))
}

// 7-A: yes ≥ ceil(2/3 × electorate).
func TestBlackFlagTwoThirds(t *testing.T) {
	assert.True(t, BlackFlagPasses(3, 2))
	assert.False(t, BlackFlagPasses(4, 2))
	assert.True(t, BlackFlagPasses(4, 3))
	assert.False(t, BlackFlagPasses(7, 4))
	assert.True(t, BlackFlagPasses(7, 5))
	assert.False(t, BlackFlagPasses(0, 0))
}

func FuzzParseScale(f *testing.F) {
	for _, s := range []string{"10,6,4,3,2,1", "25-18-15", "", "1,2", "0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sc, err := ParseScale(s)
		if err != nil {
			return
		}
		again, err := ParseScale(sc.String())
		if err != nil || again.String() != sc.String() {
			t.Fatalf("%q: %v does not read back (%v)", s, sc, err)
		}
		for i := 1; i < len(sc); i++ {
			if sc[i] > sc[i-1] {
				t.Fatalf("%q: rises at place %d", s, i+1)
			}
		}
	})
}

// 21-B's last lap (league AMB-46, LF-10): a race the red flag ended on its
// last lap pays half its points, rounded down to 0.5, to the drivers and
// the constructors alike, and the season's other folds of points (a
// points ledger, the pot's cancelled results) read the same halves.
func TestHalfPointsRace(t *testing.T) {
	cars := func() []Car {
		return Classify([]Car{
			{Car: 1, Pilot: "Ann", Team: "Red", Status: Finished, Finish: 1},
			{Car: 2, Pilot: "Bob", Team: "Red", Status: Finished, Finish: 4},
			{Car: 3, Pilot: "Cid", Team: "Blue", Status: Finished, Finish: 2},
			{Car: 4, Pilot: "Dee", Team: "Blue", Status: Eliminated, Distance: 30, Out: 5},
		})
	}
	whole := Result{Cars: cars()}
	half := Result{Cars: cars(), HalfPoints: true}
	assert.EqualValues(t, 3, whole.PlacePoints(4, DefaultScale))
	assert.EqualValues(t, 1.5, half.PlacePoints(4, DefaultScale), "3 halved")
	assert.EqualValues(t, 0.5, half.PlacePoints(6, DefaultScale), "1 halved: 0.5")

	st := Compute([]Result{whole, half}, nil)
	points := map[string]Points{}
	for _, r := range append(st.Drivers, st.Teams...) {
		points[r.Name] = r.Points
	}
	// Ann 1st (10 + 5), Cid 2nd (6 + 3), Bob 3rd (4 + 2), Dee 4th on
	// distance (3 + 1.5)
	assert.Equal(t, map[string]Points{"Ann": 15, "Cid": 9, "Bob": 6, "Dee": 4.5, "Red": 21, "Blue": 13.5}, points)
	dee := st.Drivers[3]
	assert.Equal(t, "Dee", dee.Name)
	assert.Equal(t, []Cell{{Place: 4, Points: 3, Status: Eliminated}, {Place: 4, Points: 1.5, Status: Eliminated}}, dee.Results, "3 halved")
	assert.Equal(t, "4.5", dee.Points.String())

	// 23-A(a1): a point earns a point, a half point half of one
	a1, err := Schemes23A("a1")
	require.NoError(t, err)
	balances := map[string]string{}
	for _, a := range a1[0].Book(nil, []Result{whole, half}, nil, DefaultScale) {
		balances[a.Holder] = a.Balance.String()
	}
	assert.Equal(t, "4.5", balances["Dee"], "3 whole points and 3 half points")
	// 5-E: the result cancelled is the one with the most points, halves
	// read as halves: Ann's whole win (10) before her halved one (5)
	cut := CancelBest([]Result{half, whole}, map[string]int{"Ann": 1}, nil)
	assert.False(t, cut[0].Cars[0].Cancelled)
	assert.True(t, cut[1].Cars[0].Cancelled)
}
