package bot

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/internal/hiddenbuild"
	"github.com/pitwall/pitwall/tracks"
)

// hiddenBuildStrings are car's build as evs hold it (hiddenbuild.Strings),
// the strings a reader who may not see the car must not receive.
func hiddenBuildStrings(t *testing.T, c *tracks.Circuit, evs []fd.Event, car int) []string {
	t.Helper()
	out := hiddenbuild.Strings(c, evs, car)
	require.Len(t, out, 4, "car %d's build order, configuration and its two sentences", car)
	return out
}

// assertHidesBuild fails when text tells any of hidden (hiddenBuildStrings).
func assertHidesBuild(t *testing.T, text string, hidden []string, msgAndArgs ...any) {
	t.Helper()
	for _, h := range hidden {
		assert.NotContains(t, text, h, msgAndArgs...)
	}
}

// assertTellsBuild fails unless text tells at least one of hidden.
func assertTellsBuild(t *testing.T, text string, hidden []string, msgAndArgs ...any) {
	t.Helper()
	if !hiddenbuild.In(text, hidden) {
		assert.Fail(t, "the build is not told: "+text, msgAndArgs...)
	}
}

// simulated5D is a one-lap race of two autopilot cars on the test oval,
// with 5-D on or off.
func simulated5D(t *testing.T, hidden bool) (*fd.Record, *tracks.Circuit) {
	t.Helper()
	c, err := tracks.Get("test-oval")
	require.NoError(t, err)
	cfg := fd.ConfigFor(fd.FDR)
	cfg.Laps = 1
	if hidden {
		require.NoError(t, cfg.EnableVariant("5-D"))
	}
	_, rec, err := fd.Simulate(cfg, c, "test-oval", 2, fd.SeedFrom("hidden-views"))
	require.NoError(t, err)
	return rec, c
}

// League variant 5-D in `replay --events` (EventsOf): car 1's seat reads
// car 2's build lines as comments and none of its wear while it races;
// once the race is over, every car's wear. The game master reads the
// record whole; without 5-D the seat reads what the game master does.
func TestVariant5DEventsHideOtherCars(t *testing.T) {
	rec, c := simulated5D(t, true)
	hidden := hiddenBuildStrings(t, c, rec.Events, 2)
	evs, err := EventsOf(rec, c, 1)
	require.NoError(t, err)
	js, err := json.Marshal(evs)
	require.NoError(t, err)
	assertHidesBuild(t, string(js), hidden, "car 1's seat reads car 2's build in replay --events --json")
	mine := hiddenBuildStrings(t, c, rec.Events, 1)
	assert.Contains(t, string(js), strings.ReplaceAll(mine[1], `"`, `\"`), "car 1's seat reads its own configuration")
	comments, racing, over := 0, 0, 0
	for _, v := range evs {
		if strings.HasPrefix(v.Line, "# ") {
			comments++
			assert.Equal(t, "2", v.Args["car"], v.Line)
			assert.Regexp(t, `^# (order|configuration) car=2( pit=\d+)?: a build of \d+ points, hidden until its race ends`, v.Line)
		}
		for _, cs := range v.After {
			text := CarStateText(cs)
			switch {
			case cs.Car == 1:
				assert.NotNil(t, cs.Wear, "car 1's seat reads its own wear")
			case cs.Status == "racing":
				racing++
				assert.Nil(t, cs.Wear, "car 2's wear while it races")
				assert.Contains(t, text, "hidden until its race ends")
			default:
				over++
				assert.NotNil(t, cs.Wear, "car 2's wear once its race is over")
				assert.Contains(t, text, " tyres")
			}
		}
	}
	assert.Equal(t, 2, comments, "car 2's build order and configuration")
	assert.Positive(t, racing)
	assert.Positive(t, over)

	whole, err := EventsOf(rec, c, fd.GameMaster)
	require.NoError(t, err)
	for i, v := range whole {
		assert.Equal(t, rec.Events[i].String(), v.Line)
		for _, cs := range v.After {
			assert.NotNil(t, cs.Wear, "the game master reads car %d's wear", cs.Car)
		}
	}

	plain, c := simulated5D(t, false)
	seat, err := EventsOf(plain, c, 1)
	require.NoError(t, err)
	master, err := EventsOf(plain, c, fd.GameMaster)
	require.NoError(t, err)
	assert.Equal(t, master, seat, "without 5-D a seat reads the whole record")
}

// League variant 5-D in `replay --at N --json` (StateAt): at a line where
// both cars race, each seat reads its own car's wear and pending options
// only, the game master both.
func TestVariant5DStateAtHidesOtherCars(t *testing.T) {
	rec, c := simulated5D(t, true)
	// the first line after car 2's first turn began where a position is
	// exact (between turns)
	var g *fd.Game
	n, turned := 0, false
	for i, e := range rec.Events {
		turned = turned || e.Kind == "turn" && e.Get("car") == "2"
		if !turned {
			continue
		}
		at, err := fd.ReplayAtEvent(rec, c, i+1)
		require.NoError(t, err)
		if _, err := at.PositionExact(); err == nil {
			g, n = at, i+1
			break
		}
	}
	require.NotNil(t, g, "no line between turns")
	wear := func(v StateView) map[int]bool {
		out := map[int]bool{}
		for _, cs := range v.Cars {
			out[cs.Car] = cs.Wear != nil
		}
		return out
	}
	con := fd.NewContract(g, nil)
	one, two, master := StateAt(con, rec, n, 1), StateAt(con, rec, n, 2), StateAt(con, rec, n, fd.GameMaster)
	assert.Equal(t, map[int]bool{1: true, 2: false}, wear(one))
	assert.Equal(t, map[int]bool{1: false, 2: true}, wear(two))
	assert.Equal(t, map[int]bool{1: true, 2: true}, wear(master))
	require.NotEmpty(t, master.Position, master.PositionNote)
	for _, line := range one.Position {
		if strings.Contains(line, "position-car car=2 ") {
			assert.Regexp(t, `^# position-car car=2 .*hidden until its race ends`, line)
			assert.NotContains(t, line, "wear=")
		}
	}
	assert.Contains(t, strings.Join(master.Position, "\n"), "position-car car=2 ")
	require.NotEmpty(t, master.Pending)
	for reader, v := range map[int]StateView{1: one, 2: two} {
		for _, p := range v.Pending {
			assert.Equal(t, p.Car == reader, len(p.Options) > 0, "car %d's options read by car %d's seat", p.Car, reader)
		}
	}
}
