package street

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/phrase"
)

// keysOf lists the catalog keys of phrases.
func keysOf(ps []phrase.Phrase) []string {
	var keys []string
	for _, p := range ps {
		keys = append(keys, p.Key)
	}
	return keys
}

// fd's option facts and decision headers ask the street module for the
// driver draft (U-DRV-01, T-13): each card with its starting points and
// its ability.
func TestStreetDescribesTheDriverDraft(t *testing.T) {
	g, err := fd.NewGame("s", Config(), mustTrack(t, "race-city"), 2)
	require.NoError(t, err)
	require.NoError(t, g.Start(dice.NewScripted()))
	d := g.PendingAll()[0]
	require.Equal(t, DecideDriver, d.Kind)
	assert.Equal(t, "dec.driver", g.DecisionPhrase(&d, "Ann").Key, "U-DRV-01")
	var jack fd.Option
	for _, op := range d.Options {
		if op.Driver == DriverJack {
			jack = op
		}
	}
	require.Equal(t, DriverJack, jack.Driver, "T-13 offers Jack")
	facts := g.OptionFacts(&d, jack)
	assert.Equal(t, []string{"opt.driver", "fact.points", "fact.points", "fact.points", "fact.points", "fact.points", "fact.points", "driver.jack"}, keysOf(facts))
	assert.Equal(t, []any{"Jack Owens"}, facts[0].Args)
	assert.Equal(t, []any{phrase.Category("tyres"), 9}, facts[1].Args, "T-13: Jack starts with 9 tyre points")
}

// A move's street declarations are said by the module, after the base's
// causes: Jack's drift (U-DRV-02, EX-F-46).
func TestStreetDescribesTheDrift(t *testing.T) {
	h := streetPlay(t, driving("grand-hotel.0.1", 3, DriverJack))
	h.Gear(3, 5)
	d := h.Pending()
	for _, op := range d.Options {
		facts := keysOf(h.G.OptionFacts(d, op))
		if op.Drift != 0 {
			assert.Contains(t, facts, "fact.drift", "U-DRV-02 Jack")
		} else {
			assert.NotContains(t, facts, "fact.drift")
		}
	}
	m := New().(fd.OptionFactsModule)
	got := m.MoveFacts(nil, fd.Option{Nitro: 4, Drift: -1, Cute: true, Drop: true, Radio: 3})
	assert.Equal(t, []string{"fact.nitro", "fact.drift", "fact.cute", "fact.drop", "fact.radio"}, keysOf(got))
	assert.Equal(t, []any{phrase.Signed(-1)}, got[1].Args)
	_, own := m.DecisionFacts(h.G, *d, d.Options[0])
	assert.False(t, own, "a move is the base's decision")
}

// The checkpoint's spread of recovered points (U-CHK-01): the header
// says the points and why, each option the points it gives back.
func TestStreetDescribesTheRepair(t *testing.T) {
	h := streetPlay(t, driving("main.11.1", 4, DriverJenny).WithWear("1/3/2/2/2/2").WithLaps(0))
	h.Gear(4, 7)
	h.Move("start.4.1")
	d := h.Expect(1, DecideRepair)
	head := h.G.DecisionPhrase(d, "")
	require.Equal(t, "dec.repair", head.Key)
	assert.Equal(t, 4, head.Args[1], "Jenny recovers 4 points")
	facts := h.G.OptionFacts(d, d.Options[0])
	require.NotEmpty(t, facts)
	assert.Equal(t, "opt.repair", facts[0].Key)
	assert.Contains(t, keysOf(facts), "fact.repair")
}
