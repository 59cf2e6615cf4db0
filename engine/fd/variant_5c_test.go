package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/phrase"
)

// 5-C (league AMB-16), hook CompulsoryModifier: the lock takes its spaces
// off the roll of the high gears, whatever the player wants — the move
// decision's distance, the "compulsory" event, the gear option's fact; no
// benefit is played. Without 5-C the roll is the distance.
func TestVariant5CSteeringLock(t *testing.T) {
	c := fdrLab(t)
	for _, tc := range []struct {
		name     string
		spec     string
		gear     int
		roll     int
		distance int
	}{
		{"without 5-C", "", 4, 10, 10},
		{"A2, 4th: −1", "5-C:level=A2", 4, 10, 9},
		{"A2, 3rd: nothing", "5-C:level=A2", 3, 6, 6},
		{"chosen (the default), none chosen yet: nothing", "5-C", 6, 25, 25},
		{"A1, 6th: −5", "5-C:level=A1", 6, 25, 20},
		{"A3, 5th: −1", "5-C:level=A3", 5, 15, 14},
		{"car 1 has none of its own", "5-C:level=A1,levels=none/A1", 6, 25, 25},
		{"car 1 has A1 of its own", "5-C:level=none,levels=A1", 5, 15, 12},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := fdrConfig()
			if tc.spec != "" {
				cfg = fdrVariantCfg(t, tc.spec)
			}
			h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Cars: []CarPosition{fdrAt("c.2.1", tc.gear).laps(1), fdrAt("long.2.1", 2)}})
			facts := h.g.OptionFacts(h.pending(), h.gearOption(tc.gear))
			h.gear(tc.gear, tc.roll)
			d := h.expect(1, DecideMove)
			assert.Equal(t, tc.roll, d.Rolled, "the die as rolled")
			assert.Equal(t, tc.distance, d.Distance, "the move")
			told := false
			for _, f := range facts {
				told = told || f.Key == "fact.compulsory"
			}
			assert.Equal(t, tc.distance != tc.roll, told, "the gear option says the lock's spaces")
			if tc.distance != tc.roll {
				assert.Contains(t, h.since(), "compulsory car=1 gear="+itoa(tc.gear)+" delta="+itoa(tc.distance-tc.roll))
			}
		})
	}
}

// 5-C refuses a level it does not know, naming the car.
func TestVariant5CRefusesBadLevels(t *testing.T) {
	for spec, why := range map[string]string{
		"5-C:level=A4":        "must be one of choose, A1, A2, A3, none",
		"5-C:levels=A1/B2/A3": "car 2's level",
		"5-C:level=a1":        "must be one of choose, A1, A2, A3, none",
		"5-C:levels=A1//none": "car 2's level",
	} {
		cfg := fdrConfig()
		err := cfg.EnableVariant(spec)
		require.Error(t, err, spec)
		assert.Contains(t, err.Error(), why, spec)
	}
}

// 5-C's lock is the player's (spec l.391): by default each car answers a
// "steering lock" decision once its tyres are fitted (DownforceRule's
// AskedAtSetUp), A1, A2, A3 or none, and races with it; a lock the league
// fixes (level=, levels=) asks nothing.
func TestVariant5CLockChosenAtTheSetUp(t *testing.T) {
	g := raceSetUp(t, "5-C", fdrVariantCfg(t, "5-C"), 5, func(d *Decision, o *Order) {
		if d.Kind == DecideLock && d.Car == 1 {
			var locks []string
			for _, op := range d.Options {
				locks = append(locks, op.Lock)
			}
			assert.Equal(t, []string{"A1", "A2", "A3", "none"}, locks)
			o.Letter = "A" // A1
		}
	}, 5, 2)
	assert.Equal(t, []string{"lock car=1 level=A1", "lock car=2 level=none"}, eventsOf(g, "lock"), "car 2's autopilot races with none")
	assert.Equal(t, -5, g.compulsoryDelta(&g.Cars[0], 6), "car 1's A1: 6th −5")
	assert.Zero(t, g.compulsoryDelta(&g.Cars[1], 6))
	assert.Empty(t, eventsOf(raceWeatherFor(t, fdrVariantCfg(t, "5-C:level=A2"), 5, 5, 2), "lock"), "a lock the league fixes asks nothing")
}

// 5-C at a pit stop, "as in 5-B" (DownforceRule, AMB-16): a step toward
// more reduction (A3 → A2 → A1) is one repair of a long stop, a step
// toward less is free at any stop; a car raced with no lock has no
// downforce to change ("except if you have no wings").
func TestVariant5CLockAtThePit(t *testing.T) {
	locked := func(lock string) CarPosition {
		car := worn(Wear{9, 2, 2, 2, 2, 2}, 2)
		car.Flags = append(car.Flags, "lock-"+lock)
		return car
	}
	h, d := intoThePit(t, fdrVariantCfg(t, "5-C"), locked("A2"))
	var larger, smaller Option
	for _, op := range d.Options {
		switch {
		case op.Downforce == "A1" && op.Technical && repairs(op) == 0:
			larger = op
		case op.Downforce == "A3" && !op.Technical:
			smaller = op
		case op.Downforce == "A1" && !op.Technical:
			t.Errorf("a quick stop cannot enlarge the lock: %+v", op)
		case op.Downforce == "none":
			t.Errorf("a crew fits no 'none': %+v", op)
		}
	}
	assert.Equal(t, 1, larger.DownforceUp, "A2 → A1: one repair")
	assert.Zero(t, smaller.DownforceUp, "A2 → A3: free")
	assert.Contains(t, h.g.OptionFacts(d, larger), phrase.New("fact.lock-change", phrase.Term("lock.A1"), 1))
	h.submit(Order{Car: 1, Letter: larger.Letter})
	assert.True(t, positionSays(t, h.g, 1, "lock-A1"), "the larger lock fitted")
	assert.False(t, positionSays(t, h.g, 1, "lock-A2"))
	assert.Equal(t, 1, h.g.pitPool[1], "one step, one pit point")
	assert.Contains(t, h.since(), "lock-change car=1 level=A1 repairs=1")
	assert.Equal(t, -3, h.g.compulsoryDelta(h.car(1), 5), "A1 from now on: 5th −3")

	_, d = intoThePit(t, fdrVariantCfg(t, "5-C"), locked("none"))
	for _, op := range d.Options {
		assert.Empty(t, op.Downforce, "no lock, nothing to change")
	}
}

// The car's state a player needs (CarStatus): 5-C's lock, 16-B's pedal
// and 5-E2's point, spent or not; nothing without the variants.
func TestCarStateSaysLockPedalAndTelemetry(t *testing.T) {
	c := fdrLab(t)
	car := fdrAt("long.2.1", 3).flag("lock-A1").flag("pedal-used")
	h := fdrPlayCfg(t, c, fdrVariantCfg(t, "5-C", "16-B", "5-E2"), Position{Round: 1, Cars: []CarPosition{car, fdrAt("long.0.0", 2)}})
	st := h.g.CarState(1)
	assert.Contains(t, st, phrase.New("status.lock", phrase.Term("lock.A1")))
	assert.Contains(t, st, phrase.New("status.pedal-spent"))
	assert.Contains(t, h.g.CarState(2), phrase.New("status.pedal-left"))
	assert.Contains(t, h.g.CarState(2), phrase.New("status.lock", phrase.Term("lock.none")), "not chosen: none")
	assert.Empty(t, fdrPlay(t, c, Fine, []CarPosition{fdrAt("long.2.1", 3)}, nil).g.CarState(1), "without the variants")
	assert.Nil(t, h.g.CarState(9), "no such car")
}
