package fd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A refused test, hooks Declaration and BlackRefusal (test_refusal.go),
// one mechanism for 23-A(d)'s pilot point ("5R", "cancel one black-die
// test before it is rolled") and 6-B's refuse_test ("5T", use 3). Car 1
// is on its last engine point; a 20 in 5th calls its engine test (R16.3):
// without a refusal the black die's 3 blows the engine, held with the
// gear the test is not rolled, the car keeps its point, and the point (or
// the Super Top) is spent only then.
func TestRefusedTestKeepsTheLastEnginePoint(t *testing.T) {
	c := fdrLab(t)
	lastEngine, longest := lastEngineAtLong()

	without := plainFifthBlowsTheEngine(t, c, fdrVariantCfg(t, "23-A:scheme=d,uses=1"))
	assert.Equal(t, 1, without.g.PilotPointsLeft(1), "nothing held, nothing spent")

	// mark is the letter a player writes after the gear ("5R", "5T").
	for _, tc := range []struct {
		name, variant, mark, fact, event string
		left                             func(h *harness) int
	}{
		{"23-A(d)'s pilot point", "23-A:scheme=d,uses=1", "R", "fact.refuse-test-pilot", "test-refused car=1 for=engine by=earned",
			func(h *harness) int { return h.g.PilotPointsLeft(1) }},
		{"6-B's Super Top, refuse_test=yes", "6-B:refuse_test=yes", "T", "fact.refuse-test-super-top", "test-refused car=1 for=engine by=super-top",
			func(h *harness) int { // held: 1; spent: 0, its position says super-top-used
				if positionSays(h.t, h.g, 1, "super-top-used") {
					return 0
				}
				return 1
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := fdrPlayCfg(t, c, fdrVariantCfg(t, tc.variant), lastEngine())
			held := h.find(func(op Option) bool { return op.Declared() == tc.mark })
			require.NotEmpty(t, held, "every gear again with the refusal held")
			var keys []string
			for _, f := range h.g.OptionFacts(h.pending(), held[0]) {
				keys = append(keys, f.Key)
			}
			assert.Contains(t, keys, tc.fact, "the option says what holding it does")
			auto, ok := Autopilot(h.g)
			require.True(t, ok)
			assert.True(t, strings.HasSuffix(auto.Letter, tc.mark), "the autopilot holds it when a failed test would eliminate the car: %s", auto.Letter)

			h.submit(Order{Car: 1, Letter: "5" + tc.mark}, 20)
			assert.Equal(t, 1, tc.left(h), "held, not spent")
			h.pick(longest) // no black die scripted: the test is not rolled
			evs := h.since()
			assert.Contains(t, evs, tc.event)
			for _, e := range evs {
				assert.NotContains(t, e, "die=black", "the test is never rolled")
			}
			assert.Equal(t, 1, h.car(1).Wear[Engine], "the engine keeps its last point")
			assert.Equal(t, 0, tc.left(h), "spent on the test")

			t.Run("held with no test to refuse, it is kept", func(t *testing.T) {
				h := fdrPlayCfg(t, c, fdrVariantCfg(t, tc.variant), lastEngine())
				h.submit(Order{Car: 1, Letter: "5" + tc.mark}, 12)
				h.pick(func(op Option) bool { return len(op.Path) == 12 && op.Braked == 0 })
				assert.NotContains(t, strings.Join(h.since(), "\n"), "test-refused")
				assert.Equal(t, 1, tc.left(h))
			})
		})
	}

	t.Run("the refusal shares the race's one pilot point with the ±1", func(t *testing.T) {
		spent := lastEngine()
		spent.Cars[0].Flags = append(spent.Cars[0].Flags, "pilot-point")
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "23-A:scheme=d,uses=1"), spent)
		assert.Empty(t, h.find(func(op Option) bool { return op.Declared() == "R" }), "no point left to hold")
		cfg := ConfigFor(FDR)
		assert.ErrorContains(t, cfg.EnableVariant("6-B:refuse_test=maybe"), "refuse_test=\"maybe\" must be one of yes, no")
	})
}
