package fdr

import (
	"slices"
	"testing"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fdr's own kinds left engine/fd's list for its module's (issue 13, step
// (c)): the codec reads them through fdrRules.Events, and each line, its
// struct and its phrase are what they were as base kinds.
func TestFDRKindsAreTheModulesAndSayTheSame(t *testing.T) {
	for _, c := range []struct {
		typed fd.TypedEvent
		line  string
	}{
		{EngineBlownEvent{Car: 2, Inertia: "extended"}, "engine-blown car=2 inertia=extended"},
		{InertiaEvent{Car: 4}, "inertia car=4"},
		{PenaltyEvent{Car: 1, Rolls: 3}, "penalty car=1 rolls=3"},
		{PitLongEvent{Car: 5, Pit: 7}, "pit-long car=5 pit=7"},
		{RemovedEvent{Car: 6}, "removed car=6"},
		{TurnedEvent{Car: 3, Gear: 1}, "turned car=3 gear=1"},
		{WallEvent{Car: 8, Space: "12B"}, "wall car=8 space=12B"},
	} {
		kind := c.typed.EventKind()
		// fdr's module lists it, so it is not engine/fd's own too: the
		// codec refuses a kind planned twice (planKinds panics at the
		// first Encode below).
		assert.True(t, slices.ContainsFunc(newFDRRules().(fd.EventModule).Events(), func(m fd.ModuleEvent) bool { return m.Event.EventKind() == kind }),
			"%s is fdr's kind, not engine/fd's own", kind)
		require.Equal(t, c.line, fd.Encode(c.typed).String())
		e, err := fd.ParseEvent(c.line)
		require.NoError(t, err)
		back, err := fd.Decode(e)
		require.NoError(t, err)
		assert.Equal(t, c.typed, back)
		car := e.Get("car")
		said := phrase.New("ev.did."+kind, phrase.New("ev.car", car))
		assert.Equal(t, said, fd.EventPhrase(nil, e), "%s says its car did it", kind)
		// A line the codec refuses still says its car (CarOnly).
		broken, err := fd.ParseEvent(kind + " car=" + car + " unknown=1")
		require.NoError(t, err)
		_, err = fd.Decode(broken)
		require.Error(t, err)
		assert.Equal(t, said, fd.EventPhrase(nil, broken), "%s from a refused line", kind)
	}
}
