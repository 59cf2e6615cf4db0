package fd

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
)

// AX-3 through the SessionRule hook: one circuit of a marathon is one dry
// lap per pilot, never rolled, each alone, ranked by its moves through
// the GridRule hook, and the game ends there. With the same seed, the
// game without AX-3 rolls its session's weather and races.
func TestVariantAX3DrivesOneDryLapACircuit(t *testing.T) {
	c := fdrLab(t)
	leg, _ := fdrCheckedRace(t, fdrVariantCfg(t, "AX-3"), c, "lab", 3, SeedFrom("marathon"))
	text := eventsText(leg)
	assert.Contains(t, text, "weather session=qualifying n=1 result=sun state=fine")
	assert.NotContains(t, text, "for=weather-qualifying", "no session weather is rolled")
	assert.NotContains(t, text, "session=qualifying n=2")
	assert.Equal(t, 3, strings.Count(text, "\nqualified "), "one session of three cars")
	assert.Contains(t, text, "contest order=")
	assert.NotContains(t, text, "session=race")
	assert.True(t, leg.Over)

	// the ranking is the single lap's moves, fewest first (ended laps last)
	scores := leg.ContestScores()
	require.Len(t, scores, 3)
	places := map[int]int{}
	for _, car := range leg.Cars {
		places[car.Number] = car.Place
	}
	for _, a := range scores {
		assert.Positive(t, a.Moves)
		for _, b := range scores {
			if !a.Ended && (b.Ended || a.Moves < b.Moves) {
				assert.Less(t, places[a.Car], places[b.Car], "car %d (%d moves) before car %d (%d)", a.Car, a.Moves, b.Car, b.Moves)
			}
		}
	}

	race, _ := fdrCheckedRace(t, fdrConfig(), c, "lab", 3, SeedFrom("marathon"))
	assert.Contains(t, eventsText(race), "session=race")
	assert.NotContains(t, eventsText(race), "contest")

	cfg := fdrVariantCfg(t, "AX-3")
	cfg.Sessions = 2
	assert.ErrorContains(t, cfg.Validate(), "one dry lap")
	cfg = fdrConfig()
	require.NoError(t, cfg.EnableVariant("AX-2"))
	require.NoError(t, cfg.EnableVariant("AX-3"))
	assert.ErrorContains(t, cfg.Validate(), "not with AX-2")
}

// marathonCircuitStart starts a circuit of AX-3 with spec on fdrLab, two
// cars, and fits both cars' tyres (R1.5): the laps then open, car 1 first.
func marathonCircuitStart(t *testing.T, spec string, rolls ...int) *Game {
	t.Helper()
	g, err := NewGame("marathon", fdrVariantCfg(t, spec), fdrLab(t), 2)
	require.NoError(t, err)
	require.NoError(t, g.Start(dice.NewScripted()))
	src := dice.NewScripted(rolls...)
	for range 2 {
		o, ok := Autopilot(g)
		require.True(t, ok)
		require.Equal(t, DecideTyres, g.setupPending[o.Car].Kind, "R1.5: the tyres before the lap")
		require.NoError(t, g.Submit(o, src))
	}
	return g
}

// AX-3, hook QualifyingCarry (league AMB-56): a car carried into the
// circuit starts its lap under way in its gear, on the start square of its
// lane, with its life points, not standing in 1st with the build on the
// central square (R1.3, R1.4); a car that carries nothing, as on the
// first circuit, starts as R1.3 says. Scripted dice: car 2's 1st-gear roll.
func TestVariantAX3CarriesGearLaneAndLifePoints(t *testing.T) {
	opening, err := NewGame("marathon", fdrVariantCfg(t, "AX-3:carry=1:4:0:7/3/1/2/2/1"), fdrLab(t), 2)
	require.NoError(t, err)
	require.NoError(t, opening.Start(dice.NewScripted()))
	assert.Contains(t, eventsText(opening), "carry-in car=1 gear=4 lane=0 ", "told as the circuit opens, before the tyres")
	assert.Equal(t, Wear{7, 3, 1, 2, 2, 1}, opening.Cars[0].Wear, "the car shows what it brings")

	carried := marathonCircuitStart(t, "AX-3:carry=1:4:0:7/3/1/2/2/1", 2)
	text := eventsText(carried)
	c := carried.Track
	left := carried.startSquareInLane(0)
	assert.Equal(t, 0, c.Spaces[left].Lane)
	assert.Equal(t, c.Spaces[c.QualifyingStart].Level, c.Spaces[left].Level, "beside the qualifying start (R1.4)")
	assert.Contains(t, text, "carry-in car=1 gear=4 lane=0 space="+c.Spaces[left].Name+" wear=7/3/1/2/2/1")
	assert.Contains(t, text, "qualifying car=1 start="+c.Spaces[left].Name)
	assert.NotContains(t, text, "carry-in car=2", "car 2 carries nothing")
	assert.Contains(t, text, "qualifying car=2 start="+c.Spaces[c.QualifyingStart].Name)
	lap := carried.quali[1].Cars[0]
	assert.Equal(t, Wear{7, 3, 1, 2, 2, 1}, lap.Wear, "the life points carried")
	assert.Equal(t, Wear{7, 3, 1, 2, 2, 1}, carried.Cars[0].Wear, "shown on the car too")
	assert.Equal(t, 4, lap.Gear)
	var gears []int
	for _, d := range carried.PendingAll() {
		if d.Car == 1 {
			require.Equal(t, DecideGear, d.Kind, "under way: the driver shifts from 4th")
			for _, o := range d.Options {
				gears = append(gears, o.Gear)
			}
		}
	}
	assert.Equal(t, []int{5, 4, 3, 2, 1}, gears, "one up at most, down free (R1.1)")
	assert.Equal(t, fdrDefaultBuild(), carried.quali[2].Cars[0].Wear, "car 2 keeps the build")

	plain := marathonCircuitStart(t, "AX-3", 2, 2)
	assert.NotContains(t, eventsText(plain), "carry-in")
	assert.Contains(t, eventsText(plain), "qualifying car=1 start="+c.Spaces[c.QualifyingStart].Name)
	assert.Equal(t, 1, plain.quali[1].Cars[0].Gear, "R1.3: standing, 1st rolled at once")
	assert.Equal(t, fdrDefaultBuild(), plain.quali[1].Cars[0].Wear)

	standing := marathonCircuitStart(t, "AX-3:carry=1:0:2:8/3/2/2/2/2", 2, 2)
	assert.Contains(t, eventsText(standing), "carry-in car=1 gear=0 lane=1 space="+c.Spaces[c.QualifyingStart].Name+" wear=8/3/2/2/2/2", "a lap ended before the line: standing on the central square")
	assert.Equal(t, 1, standing.quali[1].Cars[0].Gear)
	assert.Equal(t, Wear{8, 3, 2, 2, 2, 2}, standing.quali[1].Cars[0].Wear)
}

// AX-3 over two circuits (league AMB-56): what the first circuit's laps end
// with (carry-out) is the second's carry parameter, in its header, so the
// second circuit replays and verifies alone; life points are never spent
// in qualifying (R1.1), so they go through unchanged.
func TestVariantAX3ChainsTwoCircuits(t *testing.T) {
	c := fdrLab(t)
	first, _ := fdrCheckedRace(t, fdrVariantCfg(t, "AX-3"), c, "lab", 3, SeedFrom("marathon-chain"))
	out := map[int]CarryOutEvent{} // what the record tells of each lap's end
	for _, e := range first.Events {
		if x, ok := decoded[CarryOutEvent](e); ok {
			out[x.Car] = x
		}
	}
	require.Len(t, out, 3, "every lap's end is told")
	ended := map[int]bool{}
	for _, s := range first.ContestScores() {
		ended[s.Car] = s.Ended
	}
	// the second circuit's parameter, CAR:GEAR:LANE:LIFE-POINTS a car, as
	// the league writes it from the carry-outs (bot, with the variant's
	// FormatCarries: TestVariantAX3MarathonCarriesAreTheCarryOuts)
	var carries []string
	for _, car := range slices.Sorted(maps.Keys(out)) {
		carry := out[car]
		assert.Equal(t, fdrDefaultBuild().Compact(), carry.Wear, "car %d: no life points spent in qualifying (R1.1)", car)
		assert.Equal(t, ended[car], carry.Gear == 0, "car %d: gear 0 only for a lap ended before the line", car)
		carries = append(carries, fmt.Sprintf("%d:%d:%d:%s", car, carry.Gear, carry.Lane, carry.Wear))
	}
	spec := "AX-3:carry=" + strings.Join(carries, "+")

	second := checkedVariantRace(t, fdrVariantCfg(t, spec), c, "lab", 3, "marathon-chain-2")
	text := eventsText(second)
	for car, carry := range out {
		assert.Contains(t, text, fmt.Sprintf("carry-in car=%d gear=%d ", car, carry.Gear))
	}
	assert.Contains(t, second.Config.VariantSpecs(), spec, "the carried state is in the game's header")
	alone, _ := fdrCheckedRace(t, fdrVariantCfg(t, "AX-3"), c, "lab", 3, SeedFrom("marathon-chain-2"))
	assert.NotEqual(t, eventsText(alone), text, "the same circuit and dice without the carry differ")
}

// The carry parameter refuses, with a sentence, what no car can bring.
func TestVariantAX3RefusesBadCarry(t *testing.T) {
	for spec, want := range map[string]string{
		"AX-3:carry=1:4:0":                               "CAR:GEAR:LANE:LIFE-POINTS",
		"AX-3:carry=0:4:0:8/3/2/2/2/2":                   "not a car from 1",
		"AX-3:carry=1:7:0:8/3/2/2/2/2":                   "not a gear from 0",
		"AX-3:carry=1:4:x:8/3/2/2/2/2":                   "not a lane from 0",
		"AX-3:carry=1:4:0:8/3/2":                         "wear",
		"AX-3:carry=1:4:0:8/3/2/2/2/2+1:3:0:8/3/2/2/2/2": "given twice",
	} {
		cfg := fdrConfig()
		assert.ErrorContains(t, cfg.EnableVariant(spec), want, spec)
	}
	cfg := fdrConfig()
	require.NoError(t, cfg.EnableVariant("AX-3:carry=1:4:0:12/3/2/2/2/2"))
	assert.ErrorContains(t, cfg.Validate(), "above the build's", "one build for the marathon")
}
