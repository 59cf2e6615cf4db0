package bot

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/league"
)

func parseRecord(t *testing.T, text string) []fd.Event {
	t.Helper()
	var out []fd.Event
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		e, err := fd.ParseEvent(line)
		require.NoError(t, err, line)
		out = append(out, e)
	}
	return out
}

// 24-D: the luck index reads the failed black-die tests from the record —
// a test failed when the loss it decides follows its roll (a wear point,
// a stall, a slow stop) — and an elimination by a test.
func TestBlackTestsFromRecord(t *testing.T) {
	evs := parseRecord(t, `
roll play=1 car=1 for=start n=0 die=black value=1
start car=1 result=stall
roll play=1 car=2 for=start n=0 die=black value=12
roll play=2 car=2 for=gear n=0 die=d6 value=3
roll play=2 car=2 for=handling n=0 die=black value=3
wear car=2 handling=-1 cause="dangerous space S3 (R-DEB-03)"
roll play=2 car=2 for=handling n=1 die=black value=15
roll play=3 car=1 for=collision n=0 die=black value=1
wear car=1 body=-1 cause="collision with car 3 (R-COL-03)"
roll play=3 car=3 for=collision n=0 die=black value=9
roll play=4 car=3 for=engine n=0 die=black value=2
wear car=3 engine=-1 cause="engine test (R-ENG-03)"
eliminated car=3 cause="lost its last engine point (engine test (R-ENG-03))"
debris space=S7
roll play=5 car=2 for=pit n=0 die=black value=14
pit-slow car=2
roll play=6 car=4 for=gear n=0 die=d4 value=1
wear car=4 tyres=-3 cause="overshot S9 by 3 (R-OVS-03)"
eliminated car=4 cause="lost more tyre points than it had (overshot S9 by 3 (R-OVS-03))"
roll play=7 car=0 for=weather n=0 die=black value=1
roll play=8 car=5 for=handling n=0 die=black value=2
wear car=5 handling=-1 cause="dangerous space S3 (R-DEB-03)"
debris space=S3
eliminated car=5 cause="lost its last handling point"
`)
	failed, byTest := blackTests(evs, "black")
	// car 1: a stall and a failed collision test; car 2: a failed
	// handling test and a slow stop (its passed tests do not count); car
	// 3: a failed engine test that eliminates it; car 4: out by an
	// overshoot, no test; car 5: out by a failed handling test, past the
	// debris; the weather roll is no car's test.
	assert.Equal(t, map[int]int{1: 2, 2: 2, 3: 1, 5: 1}, failed)
	assert.Equal(t, map[int]bool{3: true, 5: true}, byTest)
	// a roll of another die, or a loss of another car, is no failed test
	failed, byTest = blackTests(parseRecord(t, `
roll play=1 car=1 for=handling n=0 die=d20 value=2
wear car=1 handling=-1 cause="x"
roll play=1 car=1 for=collision n=0 die=black value=1
wear car=2 body=-1 cause="x"
`), "black")
	assert.Empty(t, failed)
	assert.Empty(t, byTest)
}

// 24-D: the luck index of a car in a recorded result counts its failed
// tests (2 each) and its elimination by a test (5), from the record.
func TestEventResultLuckCountsTests(t *testing.T) {
	g := &fd.Game{Cars: []fd.Car{{Number: 1, Status: fd.Finished, Place: 1}, {Number: 2, Status: fd.Eliminated}}}
	g.Config.Dice.Black.Name = "black"
	g.Events = parseRecord(t, `
roll play=1 car=1 for=handling n=0 die=black value=2
wear car=1 handling=-1 cause="x"
roll play=2 car=2 for=engine n=0 die=black value=1
wear car=2 engine=-1 cause="engine test (R-ENG-03)"
eliminated car=2 cause="lost its last engine point"
`)
	r := eventResult(g, []eventCar{{Car: 1, Pilot: "Anna"}, {Car: 2, Pilot: "Bob"}}, nil, 1)
	luck := map[string]float64{}
	for _, c := range r.Cars {
		luck[c.Pilot] = c.Luck
	}
	assert.Equal(t, map[string]float64{"Anna": 2, "Bob": 2 + 5}, luck)
	assert.Equal(t, league.LuckIndex(nil, 1, true), luck["Bob"])
}

// 7-A: players read the race direction's exclusion as prose, in English
// and French, never as a record line.
func TestExcludedProse(t *testing.T) {
	evs := parseRecord(t, `
excluded car=4 reason="rams everyone"
eliminated car=4 cause="excluded by the race direction: rams everyone (7-A)"
`)
	en := describeEvent(nil, nil, 0, evs[0], "en") + " / " + describeEvent(nil, nil, 0, evs[1], "en")
	fr := describeEvent(nil, nil, 0, evs[0], "fr") + " / " + describeEvent(nil, nil, 0, evs[1], "fr")
	assert.Contains(t, en, "is shown the black flag: rams everyone")
	assert.Contains(t, en, "is eliminated: excluded by the race direction: rams everyone")
	assert.Contains(t, fr, "reçoit le drapeau noir : rams everyone")
	assert.Contains(t, fr, "exclue par la direction de course : rams everyone")
	assert.NotContains(t, en+fr, "=")
}
