package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The compulsory changes of a move (league §0.4 step 3) under a
// telemetry reroll (5-E2): the wing's (5-B, WingRule) or the steering
// lock's (5-C, CompulsoryModifier, whose "compulsory" event says its
// spaces) read the face that stands. Car 1 in 4th with a high wing (a), or
// 5-C's A2 lock (−1 in 4th), rolls 10 and moves 9; its reroll of 12 moves
// 11. 5-B and 5-C are not played together (league AMB-15).
func TestWingOrLockAndTelemetryReroll(t *testing.T) {
	c := fdrLab(t)
	for _, tc := range []struct {
		name    string
		variant string
		lock    bool
	}{
		{"a high wing", "5-B", false},
		{"an A2 lock", "5-C:level=A2", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := Position{Round: 1, Weather: Fine, Cars: []CarPosition{winged(fdrAt("c.0.1", 4), WingLoaded)}}
			h := fdrPlayCfg(t, c, fdrVariantCfg(t, tc.variant, "5-E2"), p)
			h.gear(4, 10)
			d := h.expect(1, DecideMove)
			assert.Equal(t, 10, d.Rolled)
			assert.Equal(t, 9, d.Distance, "10, −1")
			if tc.lock {
				assert.Contains(t, h.since(), "compulsory car=1 gear=4 delta=-1", "the lock's own spaces")
			}

			op, offered := rerollOption(h)
			require.True(t, offered)
			h.submit(Order{Car: 1, Letter: op.Letter}, 12)
			since := h.since()
			assert.Contains(t, since, "telemetry car=1 was=10")
			if tc.lock {
				assert.Contains(t, since, "compulsory car=1 gear=4 delta=-1", "the new face is locked too")
			}
			d = h.expect(1, DecideMove)
			assert.Equal(t, 12, d.Rolled, "the new result stands")
			assert.Equal(t, 11, d.Distance, "12, −1")
		})
	}
}

// 5-B with 5-C is refused, whichever is named first (league AMB-15: "5-B
// and 5-C may not both be on"), with a sentence naming both.
func TestWingAndLockRefusedTogether(t *testing.T) {
	for _, order := range [][]string{{"5-B", "5-C"}, {"5-C:level=A1", "5-B:loaded=b"}} {
		cfg := fdrVariantCfg(t, order...)
		err := cfg.Validate()
		require.Error(t, err, "%v", order)
		assert.Equal(t, "variant 5-C: not with 5-B, which already sets the car's downforce: the booklet offers the wing and the steering lock as alternatives (league AMB-15)", err.Error())
		_, err = NewGame("t", cfg, fdrLab(t), 2)
		assert.Error(t, err, "no game starts with both")
	}
}

// MovesIf, the AI's look-ahead, foresees the wing's and the lock's
// changes as the roll will make them: the same options as Pending after
// that face (5-B, 5-C, each on its own: league AMB-15).
func TestMovesIfReadsTheWingAndTheLock(t *testing.T) {
	c := fdrLab(t)
	for _, spec := range []string{"5-B:loaded=b", "5-C"} {
		cfg := fdrVariantCfg(t, spec)
		for _, wing := range []string{WingLoaded, WingUnloaded} {
			for _, tc := range []struct{ gear, face int }{{4, 12}, {5, 19}, {6, 28}} {
				p := func() Position {
					return Position{Round: 1, Weather: Fine, Cars: []CarPosition{winged(fdrAt("c.0.1", tc.gear), wing)}}
				}
				h := fdrPlayCfg(t, c, cfg, p())
				foreseen := h.g.MovesIf(tc.gear, tc.face)
				h.gear(tc.gear, tc.face)
				require.NotEmpty(t, foreseen)
				assert.Equal(t, h.expect(1, DecideMove).Options, foreseen, "%s: %s wing, %d in gear %d", spec, wing, tc.face, tc.gear)
			}
		}
	}
}

// The start roll under 9-A's formation lap in a 3-A deluge: the higher of
// the two stall thresholds stands (9-A: 1–2 on dry tyres in the wet; the
// Deluge, 8-C: 1–4 on dry tyres, 1–2 on rain tyres).
func TestFormationLapStartInADeluge(t *testing.T) {
	c := fdrLab(t)
	for _, tc := range []struct {
		name     string
		variants []string
		wx       WeatherState
		tyre     Tyre
		roll     int
		want     string
	}{
		{"9-A in the rain, hard tyres, 3: a start", []string{"9-A"}, Wet, Hard, 3, "normal"},
		{"9-A in the rain, hard tyres, 2: a stall", []string{"9-A"}, Wet, Hard, 2, "stall"},
		{"9-A in a deluge, hard tyres, 4: the deluge's stall", []string{"9-A", "3-A"}, Deluge, Hard, 4, "stall"},
		{"9-A in a deluge, hard tyres, 5: a start", []string{"9-A", "3-A"}, Deluge, Hard, 5, "normal"},
		{"9-A in a deluge, rain tyres, 2: a stall", []string{"9-A", "3-A"}, Deluge, RainTyre, 2, "stall"},
		{"9-A in a deluge, rain tyres, 3: a start", []string{"9-A", "3-A"}, Deluge, RainTyre, 3, "normal"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cp := CarPosition{Space: "long.5.1", Wear: fdrDefaultBuild(), StartRoll: tc.roll, Tyre: tc.tyre}
			// the 1st gear's die: at this play, or after a stall at the next
			// (R9.2), the start roll not rolled again
			h := fdrPlayCfg(t, c, fdrVariantCfg(t, tc.variants...), Position{Round: 1, Weather: tc.wx, RaceLaps: 1, Cars: []CarPosition{cp}}, 2)
			assert.Contains(t, h.since(), "start car=1 result="+tc.want)
		})
	}
}

// 5-E2's point with 5-E's season pot: it comes out of the car's total.
// Car 1's pot of 18 is all on the car (18 at least), so it keeps no
// point; car 2's 24 keeps one, its presets fitted to leave it.
func TestTelemetryPointFromASeasonPot(t *testing.T) {
	g, err := NewGame("5-E2", fdrVariantCfg(t, "5-E:totals=18/24", "5-E2"), fdrLab(t), 2)
	require.NoError(t, err)
	for _, tc := range []struct{ car, total, kept int }{{1, 18, 0}, {2, 24, 1}} {
		assert.Equal(t, tc.kept, g.buildReserved(tc.car), "car %d", tc.car)
		g.askSetup(tc.car, DecideBuild)
		d := g.setupPending[tc.car]
		require.NotEmpty(t, d.Options, "car %d has presets", tc.car)
		for _, op := range d.Options {
			assert.Equal(t, tc.total-op.Build.CarPoints()-tc.kept, op.Pits, "car %d: %v", tc.car, op.Build)
			assert.GreaterOrEqual(t, op.Pits, 0)
		}
	}
	require.NoError(t, submitBuild(g, 2, Wear{10, 3, 2, 3, 2, 2}))
	assert.Equal(t, 1, g.pitPool[2], "24 − 22 on the car − the kept point")
	require.NoError(t, submitBuild(g, 1, Wear{8, 3, 2, 2, 1, 2}))
	assert.Equal(t, 0, g.pitPool[1], "18 on the car, no point kept")
}
