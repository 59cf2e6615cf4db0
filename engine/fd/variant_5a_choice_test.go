package fd

import (
	"encoding/hex"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/phrase"
)

// 5-A, hooks BuildShare and Declaration, the build decision (FDR R5.2,
// league AMB-14: "booster ∈ [0,6]" a characteristic of the 22): a player
// who builds 3 booster points has 3 boosts in the race, the third his
// last.
func TestVariant5AChosenBoostersGiveTheirBoosts(t *testing.T) {
	c := fdrLab(t)
	cars := func(built, boosted int) []CarPosition {
		p := fdrAt("long.2.1", 4).flag("boosters-chosen")
		for range built {
			p = p.flag("booster-built")
		}
		for range boosted {
			p = p.flag("boost")
		}
		return []CarPosition{p, fdrAt("long.0.0", 1)}
	}
	boosts := func(h *harness) []Option { return h.find(func(op Option) bool { return op.Declared() == "B" }) } // "5B"

	h := fdrPlayCfg(t, c, fdrVariantCfg(t, "5-A"), Position{Round: 1, Cars: cars(3, 2)})
	assert.NotEmpty(t, boosts(h), "built 3, boosted 2: a third")
	left, ok := h.g.BoostersLeft(1)
	assert.True(t, ok)
	assert.Equal(t, 1, left)
	h.submit(Order{Car: 1, Letter: "5B"}, 12)
	h.pick(func(op Option) bool { return len(op.Path) == 17 && op.Braked == 0 }, 10)
	assert.Equal(t, 3, countFlag(h.g.Position().Cars[0].Flags, "boost"), "the race's third boost")
	left, _ = h.g.BoostersLeft(1)
	assert.Zero(t, left, "the three built are spent")
	assert.Contains(t, h.g.Position().Events()[1].String(), "boosters-chosen,booster-built,booster-built,booster-built", "a position carries the choice")
	back, err := ParsePosition(h.g.Position().Events())
	require.NoError(t, err, "a position with the choice reads back")
	assert.Equal(t, 3, countFlag(back.Cars[0].Flags, "booster-built"))
	assert.True(t, contains(back.Cars[0].Flags, "boosters-chosen"))

	h = fdrPlayCfg(t, c, fdrVariantCfg(t, "5-A"), Position{Round: 1, Cars: cars(3, 3)})
	assert.Empty(t, boosts(h), "built 3, boosted 3: none left, though max is 6")
	h = fdrPlayCfg(t, c, fdrVariantCfg(t, "5-A"), Position{Round: 1, Cars: cars(0, 0)})
	assert.Empty(t, boosts(h), "built none: no boost")
}

// 5-A, hook BuildShare (AMB-14): two players choose their booster points
// differently, each out of his 22; what is refused is refused with a
// sentence and leaves the game as it was.
func TestVariant5APlayersChooseTheirBoosters(t *testing.T) {
	chosen := func(car int, w Wear, boosters int) Order {
		return Order{Car: car, Build: w, Boosters: boosters, BoostersChosen: true}
	}
	for _, tc := range []struct {
		spec, why string
		order     Order
	}{
		{"5-A", "car 1 may build 0 to 6 booster points (league 5-A), not 7", chosen(1, Wear{4, 3, 3, 2, 2, 1}, 7)},
		{"5-A", "car 1 may build 0 to 6 booster points (league 5-A), not -1", chosen(1, fdrDefaultBuild(), -1)},
		{"5-A", "car 1 builds 3 booster points of its 22 (league 5-A): the car has 20 points; put 17, 18 or 19 on the car", chosen(1, fdrDefaultBuild(), 3)},
		{"5-A:max=3", "car 1 may build 0 to 3 booster points (league 5-A), not 4", chosen(1, Wear{5, 3, 2, 2, 2, 2}, 4)},
		{"5-A:points=6/6", "car 1's booster points are the league's, 6 (league 5-A, points=)", chosen(1, fdrDefaultBuild(), 0)},
		{"16-F", "car 1 may build 0 to 6 booster points (league 16-F), not 7", chosen(1, Wear{4, 3, 3, 2, 2, 1}, 7)},
	} {
		t.Run(tc.spec+" "+tc.why, func(t *testing.T) {
			g, err := NewGame("5-A-refused", fdrVariantCfg(t, tc.spec), fdrLab(t), 2)
			require.NoError(t, err)
			g.askSetup(1, DecideBuild)
			err = g.submitSetup(tc.order, g.setupPending[1])
			require.ErrorIs(t, err, ErrIllegal)
			assert.ErrorContains(t, err, tc.why)
			assert.Empty(t, g.Events, "a refused build changes nothing")
			assert.NotContains(t, g.Position().Cars[0].Flags, "boosters-chosen", "no choice kept")
		})
	}
	t.Run("without 5-A or 16-F", func(t *testing.T) {
		g, err := NewGame("no-boosters", fdrConfig(), fdrLab(t), 1)
		require.NoError(t, err)
		g.askSetup(1, DecideBuild)
		assert.ErrorContains(t, g.submitSetup(chosen(1, fdrDefaultBuild(), 0), g.setupPending[1]), "car 1 cannot build booster points: the game plays neither 5-A nor 16-F")
	})

	g, err := NewGame("5-A-chosen", fdrVariantCfg(t, "5-A"), fdrLab(t), 3)
	require.NoError(t, err)
	for _, n := range []int{1, 2, 3} {
		g.askSetup(n, DecideBuild)
	}
	require.NoError(t, g.submitSetup(chosen(1, Wear{5, 3, 3, 2, 2, 2}, 3), g.setupPending[1]), "17 on the car, 2 in the pit, 3 boosters")
	require.NoError(t, g.submitSetup(Order{Car: 2, Letter: "A", Boosters: 0, BoostersChosen: true}, g.setupPending[2]), "a preset fitted to no booster")
	require.NoError(t, g.submitSetup(Order{Car: 3, Letter: "A"}, g.setupPending[3]), "unsaid: max")
	for _, want := range []struct{ car, boosters, total int }{{1, 3, 19}, {2, 0, 22}, {3, 6, 16}} {
		left, _ := g.BoostersLeft(want.car)
		assert.Equal(t, want.boosters, left, "car %d", want.car)
		assert.Equal(t, want.total, g.startWear[want.car].CarPoints()+g.pitPool[want.car], "car %d spreads the rest of its 22", want.car)
	}
	var orders []string
	for _, e := range g.Events {
		if e.Kind == "order" {
			orders = append(orders, e.String())
		}
	}
	assert.Equal(t, []string{"order car=1 build=5/3/3/2/2/2 boosters=3", "order car=2 build=" + g.startWear[2].Compact() + " boosters=0", "order car=3 build=" + g.startWear[3].Compact()}, orders,
		"a chosen count is in the order, which replays it; an unsaid one is not")
	assert.Equal(t, 20, g.BuildTotal(1), "5-D's public total counts the hidden boosters: 17 on the car and 3, as 20 and no booster")
}

// 5-A: a race where car 1's player builds 3 booster points differs from
// the autopilot's 6 in its build and its boosts, and its record replays
// and verifies; the same race without the choice replays as before.
func TestVariant5AChosenBoostersRecord(t *testing.T) {
	race := func(order *Order) (*Game, *Record) {
		cfg := fdrVariantCfg(t, "5-A")
		seed := SeedFrom("boosters chosen")
		gid := GameIDFor(seed)
		g, err := NewGame(gid, cfg, fdrLab(t), 2)
		require.NoError(t, err)
		src := dice.NewSeeded(seed)
		require.NoError(t, g.Start(src))
		for !g.Over {
			o, ok := Autopilot(g)
			require.True(t, ok)
			if d := g.setupPending[o.Car]; order != nil && o.Car == order.Car && d != nil && d.Kind == DecideBuild {
				o = *order
			}
			require.NoError(t, g.Submit(o, src))
		}
		return g, &Record{Game: gid, Rules: cfg.Rules, Options: cfg.Options(), Track: "5-A-choice", Cars: 2,
			Commitment: dice.Commitment(seed), Seed: hex.EncodeToString(seed[:]), Events: g.Events}
	}
	three, rec := race(&Order{Car: 1, Letter: "A", Boosters: 3, BoostersChosen: true})
	six, _ := race(nil)
	assert.Equal(t, 19, three.startWear[1].CarPoints()+three.pitPool[1])
	assert.Equal(t, 16, six.startWear[1].CarPoints()+six.pitPool[1])
	assert.LessOrEqual(t, countFlag(three.Position().Cars[0].Flags, "boost"), 3, "three built, three boosts at most")
	assert.NotEqual(t, three.Events, six.Events)
	assert.True(t, slices.ContainsFunc(three.Events, func(e Event) bool {
		return e.Kind == "order" && strings.HasSuffix(e.String(), " boosters=3")
	}))

	back, err := ParseRecord(rec.Text())
	require.NoError(t, err)
	again, err := Replay(back, fdrLab(t))
	require.NoError(t, err, "the chosen count replays from the order")
	assert.Equal(t, three.Results(), again.Results())
	assert.NoError(t, Verify(back))
}

// 5-A's build characteristic in the build decision (AMB-14, hook
// BuildShare): while each player chooses his booster points, every
// option of the build says what they are and their range, 0 to max; when
// the game gives each car its own (points=) no option offers the choice.
func TestVariant5ABuildOptionsSayTheBoosterChoice(t *testing.T) {
	for spec, want := range map[string]bool{"5-A": true, "5-A:max=4": true, "16-F": true, "5-A:points=6/0": false} {
		g, err := NewGame("choice", fdrVariantCfg(t, spec), fdrLab(t), 2)
		require.NoError(t, err)
		g.askSetup(1, DecideBuild)
		d := g.setupPending[1]
		require.NotEmpty(t, d.Options)
		most, _ := g.BoosterChoice()
		for _, op := range d.Options {
			facts := g.OptionFacts(d, op)
			choice := phrase.New("fact.booster-choice", most, 5) // a boost's 5 spaces
			if want {
				assert.Contains(t, facts, choice, "%s option %s", spec, op.Letter)
			} else {
				assert.False(t, slices.ContainsFunc(facts, func(p phrase.Phrase) bool { return p.Key == "fact.booster-choice" }), spec)
			}
		}
	}
	g, err := NewGame("choice", fdrVariantCfg(t, "5-A:max=4"), fdrLab(t), 2)
	require.NoError(t, err)
	most, ok := g.BoosterChoice()
	assert.True(t, ok)
	assert.Equal(t, 4, most)
}
