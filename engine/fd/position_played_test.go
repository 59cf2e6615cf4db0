package fd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
)

// turnCars lists the car of each turn line from event i on, and the order of
// each round line ("r:" + order).
func turnCars(evs []Event) []string {
	var out []string
	for _, e := range evs {
		switch e.Kind {
		case "turn":
			out = append(out, e.Get("car"))
		case "round":
			out = append(out, "r:"+e.Get("order"))
		}
	}
	return out
}

// played3 is a round in progress on test-oval: car 1 has played and now
// leads; cars 2 and 3 have not, side by side on one level, car 3 in the
// higher gear.
func played3(played []int) Position {
	cars := []CarPosition{at("back.6.1", 4), at("back.3.0", 3), at("back.3.1", 5)}
	for i := range cars {
		cars[i].Car = i + 1
	}
	return Position{Round: 4, Played: played, Cars: cars}
}

// R-ORD-01: the order is frozen for the round; a position with played=
// resumes it with the cars that have not played, in the order the position
// computes for them (R-ORD-02: the higher gear first), and the next round
// starts only when they have played.
func TestPositionPlayedResumesTheRound(t *testing.T) {
	c := ovalTrack(t)
	g, err := NewGame("t", DefaultConfig(), c, 3)
	require.NoError(t, err)
	require.NoError(t, g.StartFrom(played3([]int{1}), dice.NewScripted()))
	h := &harness{t: t, g: g, c: c, mark: 4}
	h.expect(3, DecideGear) // R-ORD-02: car 3 in 5th before car 2 in 3rd
	assert.Equal(t, 4, g.Round, "round 4 goes on")
	assert.Equal(t, []string{"3"}, turnCars(g.Events), "no new round line")

	h.gear(5, 11) // the 5th-gear die: 11
	for d := g.Pending(); d != nil && d.Car == 3; d = g.Pending() {
		h.submit(Order{Car: 3, Letter: d.Options[0].Letter}) // no handling roll on the straight
	}
	h.expect(2, DecideGear)
	assert.Equal(t, 4, g.Round, "car 2 still plays in round 4")
}

// Without played= the same position is a round over: round 5 starts with
// car 1 in the lead (R-ORD-01).
func TestPositionWithoutPlayedStartsTheNextRound(t *testing.T) {
	c := ovalTrack(t)
	g, err := NewGame("t", DefaultConfig(), c, 3)
	require.NoError(t, err)
	require.NoError(t, g.StartFrom(played3(nil), dice.NewScripted()))
	assert.Equal(t, 5, g.Round)
	assert.Equal(t, []string{"r:1,3,2", "1"}, turnCars(g.Events))
	assert.Equal(t, 1, g.Pending().Car)
}

// The played list is written on the position line and read back; the
// inconsistent ones are refused with a reason (R-ORD-01: a car plays once a
// round; a finished or eliminated car has no play left).
func TestPositionPlayedParseAndRefusals(t *testing.T) {
	p := played3([]int{1, 3})
	evs := p.Events()
	assert.Equal(t, "position round=4 played=1,3", evs[0].String())
	back, err := ParsePosition(evs)
	require.NoError(t, err)
	assert.Equal(t, []int{1, 3}, back.Played)

	refuse := func(head, want string) {
		t.Helper()
		lines := append([]Event(nil), evs...)
		e, err := ParseEvent(head)
		require.NoError(t, err)
		lines[0] = e
		_, err = ParsePosition(lines)
		require.Error(t, err, head)
		assert.Contains(t, err.Error(), want, head)
	}
	refuse("position round=4 played=1,3,1", "lists car 1 twice")
	refuse("position round=4 played=4", "the position has 3 cars")
	refuse("position round=4 played=x", `position: played="x" holds "x", which is not a number as the record writes it`)
	refuse("position round=4 played=1,,2", `position: played="1,,2" holds "", which is not a number`)
	refuse("position round=4 played=01", `position: played="01" holds "01", which is not a number`)
	refuse("position round=4 played=1,21", `position: played="1,21": "21" is not a car number (1 to 10)`)
	refuse("position round=0 played=1", "round in progress")

	fin := played3([]int{2})
	fin.Cars[1].Status, fin.Cars[1].Place, fin.Cars[1].Space = Finished, 1, ""
	_, err = ParsePosition(fin.Events())
	require.Error(t, err)
	assert.Contains(t, err.Error(), "car 2, which has finished")

	// StartFrom refuses the same, and leaves the game unstarted
	g, err := NewGame("t", DefaultConfig(), ovalTrack(t), 3)
	require.NoError(t, err)
	require.ErrorContains(t, g.StartFrom(fin, dice.NewScripted()), "which has finished")
	dup := played3([]int{2, 2})
	require.ErrorContains(t, g.StartFrom(dup, dice.NewScripted()), "twice")
	assert.Empty(t, g.Events)
}

// cycleDice rolls faces in a fixed cycle, whatever the die: two games fed
// two fresh cycleDice roll the same values as long as they roll the same
// dice in the same order.
type cycleDice struct{ n int }

func (s *cycleDice) Roll(k dice.Key, d dice.Die) (dice.Roll, error) {
	i := (s.n*7 + 3) % len(d.Faces)
	s.n++
	return dice.Roll{Key: k, Die: d.Name, Index: i, Value: d.Faces[i]}, nil
}

// drive plays the first option of every decision for n plays and returns
// the turn and round lines it produced.
func drive(t *testing.T, g *Game, plays int) []string {
	t.Helper()
	src := &cycleDice{}
	from, stop := len(g.Events), g.Play+plays
	for !g.Over && g.Play < stop {
		d := g.Pending()
		require.NotNil(t, d)
		o := Order{Car: d.Car, Session: d.Session, Letter: d.Options[0].Letter}
		if d.Kind == DecideGear {
			o = Order{Car: d.Car, Gear: d.Options[len(d.Options)/2].Gear}
		}
		require.NoError(t, g.Submit(o, src))
	}
	return turnCars(g.Events[from:])
}

// A position written mid-round (replay --at N) and loaded again gives the
// same pending decision and the same play order after it (R-ORD-01..04),
// for every gear decision of three fixed-seed races.
func TestPositionMidRoundRoundTrip(t *testing.T) {
	checked := 0
	for _, seed := range []string{"pos1", "pos2", "pos3"} {
		c, _, rec := simulated(t, "test-oval", 4, seed)
		for i, e := range rec.Events {
			if e.Kind != "order" || e.Get("gear") == "" || i%3 != 0 {
				continue
			}
			g, err := ReplayAtEvent(rec, c, i+1)
			require.NoError(t, err)
			p, err := g.PositionExact()
			if err != nil {
				continue // a turn under way: a position is written between turns
			}
			text := make([]string, 0, len(p.Cars)+1)
			for _, pe := range p.Events() {
				text = append(text, pe.String())
			}
			var lines []Event
			for _, l := range text {
				pe, err := ParseEvent(l)
				require.NoError(t, err)
				lines = append(lines, pe)
			}
			back, err := ParsePosition(lines)
			require.NoError(t, err, strings.Join(text, "\n"))
			g2, err := NewGame("t", DefaultConfig(), c, 4)
			require.NoError(t, err)
			require.NoError(t, g2.StartFrom(back, dice.NewScripted()), strings.Join(text, "\n"))

			want, got := g.Pending(), g2.Pending()
			require.NotNil(t, want)
			require.NotNil(t, got, strings.Join(text, "\n"))
			assert.Equal(t, want.Car, got.Car, "%s event %d: deciding car\n%s", seed, i+1, strings.Join(text, "\n"))
			assert.Equal(t, want.Kind, got.Kind)
			assert.Equal(t, want.Options, got.Options)
			assert.Equal(t, g.Round, g2.Round, "%s event %d: round", seed, i+1)
			if len(p.Played) > 0 {
				checked++
			}
			assert.Equal(t, drive(t, g, 10), drive(t, g2, 10), "%s event %d: the plays after the position\n%s", seed, i+1, strings.Join(text, "\n"))
			assert.Equal(t, onBoard(g.Position().Cars), onBoard(g2.Position().Cars))
		}
	}
	assert.Greater(t, checked, 5, "mid-round positions were checked")
}

// onBoard drops the corner stops of the cars off the board, which a position
// does not read back (StartFrom).
func onBoard(cars []CarPosition) []CarPosition {
	out := append([]CarPosition(nil), cars...)
	for i := range out {
		if out[i].Space == "" {
			out[i].Stops = 0
		}
	}
	return out
}

// A round resumed from played= orders the cars yet to play by the round's
// rules (R-ORD-01..04), after the cars that played, in the order they
// played, whatever their place now.
func TestPositionPlayedOrderRules(t *testing.T) {
	c := ovalTrack(t)
	for _, tc := range []struct {
		name string
		cars []CarPosition
		want []int
	}{
		{"progress (R-ORD-01)", []CarPosition{at("back.0.1", 3), at("back.5.1", 3), at("back.2.1", 3)}, []int{2, 3, 1}},
		{"same level: higher gear (R-ORD-02)", []CarPosition{at("back.3.0", 3), at("back.3.1", 5)}, []int{2, 1}},
		{"same level and gear: inside of the next corner (R-ORD-03)", []CarPosition{at("back.3.0", 4), at("back.3.2", 4), at("back.3.1", 4)}, []int{2, 3, 1}},
		{"pit straight before the pit lane (R-ORD-04)", []CarPosition{at("pit.5", 4).pits(1), at("main.2.1", 4)}, []int{2, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// two cars that played this round, the one behind first: car
			// n+2 at back.1.0, then car n+1 far ahead on the back straight
			cars := append(append([]CarPosition(nil), tc.cars...), at("back.12.1", 2), at("back.1.0", 1))
			n := len(tc.cars)
			for i := range cars {
				cars[i].Car = i + 1
			}
			g, err := NewGame("t", DefaultConfig(), c, len(cars))
			require.NoError(t, err)
			require.NoError(t, g.StartFrom(Position{Round: 7, Played: []int{n + 2, n + 1}, Cars: cars}, dice.NewScripted()))
			assert.Equal(t, append([]int{n + 2, n + 1}, tc.want...), g.Order)
			assert.Equal(t, 7, g.Round)
			d := g.Pending()
			require.NotNil(t, d)
			assert.Equal(t, tc.want[0], d.Car, "the first car yet to play decides")
			assert.Equal(t, DecideGear, d.Kind)
		})
	}
}
