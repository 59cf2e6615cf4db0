package fd

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/internal/rulesdoc"
	"github.com/pitwall/pitwall/tracks"
)

// Issue 16: no variant is a stub. Every game switch of the registry
// (Engine: race, side-event and the league ones a game plays) races twice
// under the autopilot, with the same seed, circuit and cars: once on,
// once off. The two records, past their headers, must differ, and differ
// in the lines the rule writes (shows). A variant whose rule a short
// default race does not reach is given here what makes it happen (a
// circuit, a seed, more cars or laps, a parameter, the variants it needs
// on in both races); one no race can show names the test that does.

// variantChange is how a race shows one variant's rule.
type variantChange struct {
	spec string   // the variant as switched on; "": variantSpec(id)
	base []string // variants on in both races, the rule needs them
	// the race: an embedded circuit ("": hollowmere) or a test circuit's
	// text, the cars (0: 3), laps (0: 1), qualifying sessions (-1: none;
	// 0: the competition's default) and the seed's number
	track          string
	inline         string
	cars, laps     int
	sessions, seed int
	// clockOut is the car whose 2-B clock the service runs out as the
	// race starts (the engine keeps no clock)
	clockOut int
	// shows are the lines the rule writes: an event kind, or a text
	// ("for=fuel") a line contains; those lines must differ
	shows []string
	// testedBy names the test showing a rule no race can: a display or
	// a secret (it changes no record), or an event the autopilot's races
	// do not reach
	testedBy, why string
}

// variantChanges: every game switch of VariantList has its line
// (TestVariantChangesCoverTheRegistry). The settings were found by racing
// seeds until the rule bit; they are fixed here so that the test replays.
var variantChanges = map[string]variantChange{
	"6-C":  {shows: []string{"q-roll", "roll"}},
	"1-C":  {shows: []string{"grid-formula"}},
	"1-B":  {shows: []string{"q-gear"}},
	"4-A":  {shows: []string{"pit-teams"}},
	"6-A":  {shows: []string{"top"}},
	"18-A": {track: "oval", cars: 6, laps: 3, sessions: -1, seed: 14, shows: []string{"slipstream"}},
	"19-B": {track: "kestrel-downs", cars: 6, laps: 3, shows: []string{"move"}},
	// the pit lane's move spends no brake point and cannot be blocked:
	// its one option is played without an order
	"19-H": {laps: 3, shows: []string{"order"}},
	"22-A": {testedBy: "TestVariant22ALifePointsInText", why: "the life points are drawn and counted in the status: a display, no record changes (bot)"},
	"23-A": {shows: []string{"pilot-point"}},
	"23-B": {laps: 3, shows: []string{"pit-quick"}},
	"23-C": {shows: []string{"pilot-point"}},
	"5-E":  {shows: []string{"configuration"}},
	"1-D":  {shows: []string{"grid-bid"}},
	// form a's shared 18 points: the autopilot builds every car alike
	// already; form b's team budgets change the builds
	"4-B":  {spec: teamPack[0], cars: 2, sessions: -1, shows: []string{"configuration"}},
	"19-F": {laps: 2, shows: []string{"engineer-point"}},
	"19-G": {laps: 3, shows: []string{"mechanics-point"}},
	"20-B": {track: "race-city", cars: 6, shows: []string{"spare-car"}},
	"6-B":  {shows: []string{"super-top"}},
	"3-A":  {track: "test-oval", cars: 2, laps: 3, seed: 5, shows: []string{"state=deluge"}},
	"3-B":  {cars: 3, sessions: -1, seed: 6, shows: []string{"state=heatwave"}},
	"3-C":  {track: "oval", cars: 5, laps: 3, seed: 68, shows: []string{"final=true"}},
	// the race's tyres after a dry qualifying: the autopilot keeps its
	// compound anyway, with or without 8-B's super-softs
	"2-A":  {testedBy: "TestVariant2ATyresKeptFromQualifying", why: "the autopilot fits its qualifying compound for the race anyway: 2-A's one-compound decision changes only the option letters (none of 360 varied seeded races, up to 5 laps and with 8-B too, fitted other tyres)"},
	"8-A":  {track: "oval", cars: 6, laps: 3, seed: 2, shows: []string{"slide="}},
	"8-B":  {shows: []string{"type=supersoft"}},
	"5-A":  {shows: []string{"configuration"}},
	"5-B":  {shows: []string{"wing"}},
	"5-D":  {testedBy: "TestVariant5DHiddenConfiguration", why: "who may see a car's build: a secret kept from the views, no record changes"},
	"5-E2": {seed: 1, shows: []string{"telemetry"}},
	// 16-A bites as the last engine point goes: the Blitz's one-point
	// engines (AX-5) lose it at their first failed test
	"16-A": {base: []string{"AX-5"}, track: "oval", cars: 5, sessions: -1, seed: 68, shows: []string{"gear", "debris"}},
	"16-B": {sessions: -1, seed: 6, shows: []string{"pedal"}},
	"16-C": {seed: 2, shows: []string{"evo-bonus"}},
	"16-E": {shows: []string{"supercharge"}},
	"9-A":  {shows: []string{"formation"}},
	"10-A": {testedBy: "TestVariant10ASevereSpin", why: "a restart roll of 1 after a spin: the autopilot avoids spins, none of 750 seeded races (up to 6 cars and 3 laps) rolled a 1 on a restart"},
	"14-A": {cars: 6, laps: 2, shows: []string{"for=collision"}},
	"14-B": {laps: 3, shows: []string{"contact"}},
	"17-A": {track: "port-azur", cars: 5, laps: 2, sessions: 1, seed: 3, shows: []string{"for=handling"}},
	"17-B": {shows: []string{"kind=debris"}},
	"17-C": {cars: 6, laps: 2, shows: []string{"debris-cleared"}},
	"17-D": {track: "port-azur", cars: 6, laps: 2, seed: 2, shows: []string{"debris-worn"}},
	"19-A": {track: "kestrel-downs", cars: 6, laps: 3, seed: 1, shows: []string{"speed limit in the pit lane"}},
	"19-C": {track: "kestrel-downs", cars: 6, laps: 3, shows: []string{"refuel"}},
	"19-D": {base: []string{"19-E:pit_repairs_too=yes"}, track: "kestrel-downs", cars: 6, laps: 3, seed: 1, shows: []string{"for=pit"}},
	"19-E": {laps: 3, shows: []string{"pit-long"}},
	"2-B":  {clockOut: 1, shows: []string{"for=fuel"}},
	"1-A":  {shows: []string{"running-order"}},
	"5-C":  {shows: []string{"lock"}},
	// the embedded circuits' straights are 21 spaces at most: 7th pays
	// on the seventh gear's lab, its straights made long enough to reach
	// 6th with 50 spaces still ahead
	"6-D":  {inline: strings.NewReplacer("straight 60 id=long", "straight 160 id=long", "straight 70 id=c", "straight 170 id=c").Replace(sevenLabTrack), shows: []string{"seventh-gear", "q-seventh-gear"}},
	"8-C":  {track: "oval", cars: 6, laps: 3, sessions: -1, seed: 74, shows: []string{"gear"}},
	"15-A": {track: "oval", laps: 2, shows: []string{"red-flag"}},
	"16-D": {shows: []string{"evo-bonus"}},
	"16-F": {shows: []string{"configuration"}},
	"20-A": {shows: []string{"qualifying-injury"}},
	"21-B": {track: "kestrel-downs", cars: 6, shows: []string{"red-flag"}},
	"AX-2": {shows: []string{"contest"}},
	"AX-3": {shows: []string{"contest"}},
	"AX-5": {shows: []string{"configuration"}},
}

// Issue 16's check: each game switch changes its race where its rule says.
func TestVariantChangesItsRace(t *testing.T) {
	for _, v := range VariantList() {
		if !v.Engine {
			continue
		}
		ch, ok := variantChanges[v.ID]
		if !ok || ch.testedBy != "" {
			continue // TestVariantChangesCoverTheRegistry
		}
		t.Run(v.ID, func(t *testing.T) {
			off, on := ch.races(t, v.ID)
			require.False(t, slices.Equal(off, on), "%s changes nothing in its race: a stub", v.ID)
			assert.False(t, slices.Equal(linesShowing(off, ch.shows), linesShowing(on, ch.shows)), "%s: the records differ, but not in the lines its rule writes (%s); they first differ at\n%s",
				v.ID, strings.Join(ch.shows, ", "), firstDifference(off, on))
		})
	}
}

// Every game switch has its line, and a line naming a test names one that
// exists, so that the table cannot rot.
func TestVariantChangesCoverTheRegistry(t *testing.T) {
	tests := testFuncsIn(t, ".", "../../bot")
	engine := map[string]bool{}
	for _, v := range VariantList() {
		if !v.Engine {
			continue
		}
		engine[v.ID] = true
		ch, ok := variantChanges[v.ID]
		if !assert.True(t, ok, "%s is a game switch: variantChanges must say how a race shows it", v.ID) {
			continue
		}
		if ch.testedBy != "" {
			assert.True(t, tests[ch.testedBy], "%s: %s does not exist", v.ID, ch.testedBy)
			assert.NotEmpty(t, ch.why, "%s: say why no race shows it", v.ID)
			assert.Empty(t, ch.shows, "%s: a race or a named test, not both", v.ID)
		} else {
			assert.NotEmpty(t, ch.shows, "%s: the lines its rule writes", v.ID)
		}
	}
	for id := range variantChanges {
		assert.True(t, engine[id], "%s is not a game switch of the registry", id)
	}
}

// races plays the change's race off and on and returns each record's
// event lines (past the header).
func (ch variantChange) races(t *testing.T, id string) (off, on []string) {
	t.Helper()
	c, track := ch.circuit(t)
	cfg := fdrConfig()
	cfg.Laps = max(ch.laps, 1)
	switch {
	case ch.sessions < 0:
		cfg.Sessions = 0
	case ch.sessions > 0:
		cfg.Sessions = ch.sessions
	}
	for _, b := range ch.base {
		require.NoError(t, cfg.EnableVariant(b))
	}
	withIt := cfg
	spec := ch.spec
	if spec == "" {
		spec = variantSpec(id)
	}
	require.NoError(t, withIt.EnableVariant(spec))
	require.NoError(t, withIt.Validate())
	cars := ch.cars
	if cars == 0 {
		cars = 3
	}
	seed := SeedFrom(fmt.Sprintf("changes-%s-%d", id, ch.seed))
	off = eventLines(ch.race(t, cfg, c, track, cars, seed))
	on = eventLines(ch.race(t, withIt, c, track, cars, seed))
	return off, on
}

func (ch variantChange) circuit(t *testing.T) (*tracks.Circuit, string) {
	t.Helper()
	if ch.inline != "" {
		return inlineTrack(t, ch.inline), "inline"
	}
	id := ch.track
	if id == "" {
		id = "hollowmere"
	}
	c, err := tracks.Get(id)
	require.NoError(t, err)
	return c, id
}

// race is an autopilot race; with clockOut, the service runs that car's
// 2-B clock out as the race starts (refused, and so nothing, without 2-B).
func (ch variantChange) race(t *testing.T, cfg Config, c *tracks.Circuit, track string, cars int, seed [dice.SeedSize]byte) *Game {
	t.Helper()
	if ch.clockOut == 0 {
		g, _, err := Simulate(cfg, c, track, cars, seed)
		require.NoError(t, err)
		return g
	}
	g, err := NewGame(GameIDFor(seed), cfg, c, cars)
	require.NoError(t, err)
	src := dice.NewSeeded(seed)
	require.NoError(t, g.Start(src))
	clocked := false
	for !g.Over {
		if !clocked && g.setupStage == setupDone && !g.qualifying {
			clocked = true
			_ = g.ClockOut(ch.clockOut, "48h", src) // refused without 2-B: the game is as it was
		}
		o, ok := Autopilot(g)
		require.True(t, ok, "nothing pending in a game that is not over")
		require.NoError(t, g.Submit(o, src))
	}
	return g
}

// linesShowing are the lines of kind or containing text of shows.
func linesShowing(lines, shows []string) []string {
	var out []string
	for _, l := range lines {
		kind, _, _ := strings.Cut(l, " ")
		for _, s := range shows {
			if kind == s || strings.Contains(l, s) && strings.ContainsAny(s, "= ") {
				out = append(out, l)
				break
			}
		}
	}
	return out
}

// firstDifference shows where two records part.
func firstDifference(a, b []string) string {
	for i := range max(len(a), len(b)) {
		var x, y string
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if x != y {
			return fmt.Sprintf("event %d\n  off: %s\n  on:  %s", i, x, y)
		}
	}
	return "nowhere"
}

// testFuncsIn are the Test functions of the test files in dirs.
func testFuncsIn(t *testing.T, dirs ...string) map[string]bool {
	t.Helper()
	names, err := rulesdoc.TestFuncs(dirs...)
	require.NoError(t, err)
	return names
}
