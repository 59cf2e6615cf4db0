package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// An option named by what it does is the first option, in the order
// Options lists them, that does it all; its key is the contract's key
// (a letter), and a name no option answers gives no key.
func TestContractKeyByNamesTheOptionThatDoesIt(t *testing.T) {
	g := raceUntil(t, "status golden fdr", 2, func(g *Game) bool {
		d, ok := pendingKindOf(g, DecidePit)
		return ok && len(d.Options) > 1
	})
	c := NewContract(g, nil)
	d, _ := pendingKindOf(g, DecidePit)
	seat := d.Car - 1
	for _, stop := range []string{"long", "quick"} {
		for _, tyres := range []string{"", "hard", "soft", "rain"} {
			want := ""
			for _, op := range d.Options {
				if (tyres == "" || op.Tyre.String() == tyres) && op.Technical == (stop == "long") {
					want = op.Letter
					break
				}
			}
			assert.Equal(t, want, c.KeyBy(seat, OptionBy{Tyres: tyres, Stop: stop}), "%s stop, tyres %q", stop, tyres)
		}
	}
	first := d.Options[0]
	assert.Equal(t, first.Letter, c.KeyBy(seat, OptionBy{}), "asking nothing is the first option")
	assert.Equal(t, first.Letter, c.KeyBy(seat, OptionBy{Tyres: first.Tyre.String()}))
	assert.Empty(t, c.KeyBy(seat, OptionBy{Tyres: "no such tyre"}))
	assert.Empty(t, c.KeyBy(seat, OptionBy{PitLane: true}), "a pit stop's options end nowhere")
	assert.Empty(t, c.KeyBy(1-seat, OptionBy{}), "a seat with nothing to decide")
}

// raceUntil plays an fdr race on port-azur by the autopilot until stop
// says so (the seed of bot's status golden, whose race stops in the pits).
func raceUntil(t *testing.T, seedText string, cars int, stop func(*Game) bool) *Game {
	t.Helper()
	c, err := tracks.Get("port-azur")
	require.NoError(t, err)
	seed := SeedFrom(seedText)
	g, err := NewGame(GameIDFor(seed), fdrConfig(), c, cars)
	require.NoError(t, err)
	src := dice.NewSeeded(seed)
	require.NoError(t, g.Start(src))
	for n := 0; !stop(g); n++ {
		require.False(t, g.Over, "the race never came to the moment wanted")
		o, ok := Autopilot(g)
		require.True(t, ok)
		require.NoError(t, g.Submit(o, src))
	}
	return g
}

// pendingKindOf is the first pending decision of kind.
func pendingKindOf(g *Game, kind DecisionKind) (Decision, bool) {
	for _, d := range g.PendingAll() {
		if d.Kind == kind {
			return d, true
		}
	}
	return Decision{}, false
}

// A move into the pit lane is named by PitLane alone.
func TestContractKeyByFindsTheMoveIntoThePitLane(t *testing.T) {
	g := raceUntil(t, "status golden fdr", 2, func(g *Game) bool {
		d, ok := pendingKindOf(g, DecideMove)
		if !ok {
			return false
		}
		for _, op := range d.Options {
			if op.Pit {
				return true
			}
		}
		return false
	})
	d, _ := pendingKindOf(g, DecideMove)
	want := ""
	for _, op := range d.Options {
		if op.Pit {
			want = op.Letter
			break
		}
	}
	require.NotEmpty(t, want)
	assert.Equal(t, want, NewContract(g, nil).KeyBy(d.Car-1, OptionBy{PitLane: true}))
}
