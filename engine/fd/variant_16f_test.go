package fd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/internal/phrasebook"
)

// 16-F, hooks those of 5-A (Declaration, DeclaredRoll) and PlayEnd: no
// limit a lap, six boosts a race and a seventh runs the car out of fuel;
// on the last lap past the penultimate corner a car that has boosted
// rolls a fuel test at the end of each move.
func TestVariant16FBoostersAndFuel(t *testing.T) {
	c := fdrLab(t)
	cars := func(flags ...string) []CarPosition {
		p := fdrAt("long.2.1", 4)
		p.Flags = append(p.Flags, flags...)
		return []CarPosition{p, fdrAt("long.0.0", 1)}
	}
	boosted := func(h *harness) bool { return len(h.find(func(op Option) bool { return op.Letter == "5B" })) > 0 }
	twice := []string{"boost", "boost-lap", "boost", "boost-lap"}
	assert.False(t, boosted(fdrPlayCfg(t, c, fdrVariantCfg(t, "5-A"), Position{Round: 1, Cars: cars(twice...)})), "5-A: twice a lap")
	assert.True(t, boosted(fdrPlayCfg(t, c, fdrVariantCfg(t, "16-F"), Position{Round: 1, Cars: cars(twice...)})), "16-F: no limit a lap")

	t.Run("a seventh boost runs the car out of fuel", func(t *testing.T) {
		six := strings.Split(strings.Repeat("boost,", 6), ",")[:6]
		h := fdrPlayCfg(t, c, fdrVariantCfg(t, "16-F"), Position{Round: 1, Cars: cars(six...)})
		require.True(t, boosted(h), "the six booster points spent, a seventh still allowed")
		h.submit(Order{Car: 1, Letter: "5B"}, 12)
		h.pick(func(op Option) bool { return len(op.Path) == 17 && op.Braked == 0 }, 20) // its engine test 1–14 passes
		evs := strings.Join(h.since(), "\n")
		assert.Contains(t, evs, "boost car=1 n=7")
		assert.Contains(t, evs, `eliminated car=1 cause="out of fuel after 7 boosts" reason=fuel`)
		h = fdrPlayCfg(t, c, fdrVariantCfg(t, "16-F:points=2"), Position{Round: 1, Cars: cars("boost", "boost")})
		assert.False(t, boosted(h), "two built, two spent, fewer than six: refused")
	})
	t.Run("the last lap's fuel-risk zone", func(t *testing.T) {
		run := func(cfg Config, roll int, flags ...string) *harness {
			p := fdrAt("d.2.1", 2).laps(2) // the last lap of 3, past corner Three
			p.Flags = append(p.Flags, flags...)
			h := fdrPlayCfg(t, c, cfg, Position{Round: 1, Cars: []CarPosition{p, fdrAt("c.2.1", 1).laps(2)}})
			h.gear(3, 5)
			h.since()
			if roll == 0 {
				h.pick(func(op Option) bool { return len(op.Path) == 5 && op.Braked == 0 })
			} else {
				h.pick(func(op Option) bool { return len(op.Path) == 5 && op.Braked == 0 }, roll)
			}
			return h
		}
		h := run(fdrVariantCfg(t, "16-F"), 4, "boost", "boost")
		evs := strings.Join(h.since(), "\n")
		assert.Contains(t, evs, "for=fuel n=0 die=black value=4")
		assert.Contains(t, evs, `cause="out of fuel after 2 boosts" reason=fuel`, "two boosts: 1–4")
		h = run(fdrVariantCfg(t, "16-F"), 5, "boost", "boost")
		assert.Equal(t, Racing, h.car(1).Status, "5 passes 1–4")
		h = run(fdrVariantCfg(t, "16-F"), 0)
		assert.Empty(t, kinds(h.since(), "roll"), "no boost, no fuel test")
		h = run(fdrVariantCfg(t, "5-A"), 0, "boost", "boost")
		assert.Empty(t, kinds(h.since(), "roll"), "5-A has no fuel-risk zone")
	})
	t.Run("the boost option tells the fuel it risks, in both languages", func(t *testing.T) {
		factsOf := func(spec string, flags ...string) []phrase.Phrase {
			h := fdrPlayCfg(t, c, fdrVariantCfg(t, spec), Position{Round: 1, Cars: cars(flags...)})
			ops := h.find(func(op Option) bool { return op.Letter == "5B" })
			require.Len(t, ops, 1)
			return h.g.OptionFacts(h.pending(), ops[0])
		}
		// fact.boost says the boost's 5 spaces (5-A's, which 16-F keeps) first
		first := factsOf("16-F")
		assert.Equal(t, []phrase.Phrase{phrase.New("fact.boost", 5, 4, 6), phrase.New("fact.boost-fuel", 2)}, first[len(first)-2:],
			"the engine test after the move, then the last lap's fuel test after one boost: 1–2")
		third := factsOf("16-F", "boost", "boost")
		assert.Equal(t, phrase.New("fact.boost-fuel", 8), third[len(third)-1], "after three boosts: 1–8")
		seventh := factsOf("16-F", strings.Split(strings.Repeat("boost,", 6), ",")[:6]...)
		assert.Equal(t, []phrase.Phrase{phrase.New("fact.boost", 5, 14, 0), phrase.New("fact.boost-out-of-fuel", 7)}, seventh[len(seventh)-2:],
			"a seventh boost runs the car out of fuel")
		assert.Equal(t, "boost 7, beyond the race's six: the car runs out of fuel at the end of the move", phrasebook.Text("en", seventh[len(seventh)-1]))
		assert.Equal(t, "boost n° 7, au-delà des six de la course : la voiture tombe en panne sèche à la fin du coup", phrasebook.Text("fr", seventh[len(seventh)-1]))
		assert.Equal(t, "puis, au dernier tour après l'avant-dernier virage, un test d'essence de 1 à 2 à la fin de chaque coup", phrasebook.Text("fr", first[len(first)-1]))
		plain := factsOf("5-A")
		assert.Equal(t, "fact.boost", plain[len(plain)-1].Key, "5-A has no fuel to risk")
	})
	t.Run("with 5-A: refused, 16-F replaces it (AMB-37)", func(t *testing.T) {
		cfg := fdrVariantCfg(t, "5-A", "16-F")
		err := cfg.Validate()
		require.Error(t, err)
		assert.Contains(t, err.Error(), "variant 5-A: not with")
		assert.Contains(t, err.Error(), "declares with the letter B")
	})
}
