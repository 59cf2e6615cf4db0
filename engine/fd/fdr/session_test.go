package fdr

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/fdtest"
	"github.com/pitwall/pitwall/tracks"
)

// fdr's keys of a position-car line are read by its module
// (CarPositionModule) since the fdr-session round: each refusal keeps its
// words and its order among the line's checks (the base's numbers first,
// then pit=, arrival=, box=, then config=, inertia=, reason=), and a line
// with every key reads back as it was written.
func TestFDRCarPositionKeysKeepTheirRefusals(t *testing.T) {
	line := func(kv ...any) []fd.Event {
		car := append([]any{"car", 1, "space", "c.1.1", "gear", 1, "wear", "9/3/2/2/2/2"}, kv...)
		return []fd.Event{fdtest.Event("position", "round", 1), fdtest.Event("position-car", car...)}
	}
	for _, tc := range []struct {
		name string
		kv   []any
		want string
	}{
		{"pit above fdr's points", []any{"pit", 23}, `position-car: pit="23" must be a number from 0 to 22`},
		{"arrival below 0", []any{"arrival", -1}, `position-car: arrival="-1" must be a number from 0 to 1073741824`},
		{"box above the most", []any{"box", 100}, `position-car: box="100" must be a number from 0 to 99`},
		{"the base's place first", []any{"place", 99, "pit", 23}, `position-car: place="99" must be a number from 0 to`},
		{"pit before config", []any{"pit", 23, "config", "x"}, `pit="23"`},
		{"box before inertia", []any{"box", 100, "inertia", "x"}, `box="100"`},
		{"an unknown inertia", []any{"inertia", "x"}, `position-car 1: inertia "x"`},
		{"an unknown reason", []any{"reason", "x"}, `position-car 1: reason "x"`},
	} {
		_, err := fd.ParsePosition(line(tc.kv...))
		assert.ErrorContains(t, err, tc.want, tc.name)
	}

	p, err := fd.ParsePosition(line("config", "11/3/3/3/3/2", "pit", 2, "arrival", 3, "box", 2, "inertia", inertiaNames[1]))
	require.NoError(t, err)
	c := p.Cars[0]
	assert.Equal(t, []any{2, 3, 2, inertiaNames[1]}, []any{c.Pit, c.Arrival, c.Box, c.Inertia})
	again, err := fd.ParsePosition(p.Events())
	require.NoError(t, err)
	assert.Equal(t, p, again, "written and read back")
}

// OnBoard counts a wreck through the slot fdr names at init
// (KeepWrecksOnBoard), which only one module may name: an eliminated car
// stands on the board with its wreck flag, and leaves it without.
func TestFDRNamesTheWreckSlotOnce(t *testing.T) {
	// A second naming panics only once a slot is named: fdr's init named it.
	require.PanicsWithValue(t, "fd: KeepWrecksOnBoard called twice", func() { fd.KeepWrecksOnBoard(wreckOnBoard) },
		"fdr's init names its wreck slot")

	// The slot OnBoard reads is fdr's wreckOnBoard: a car with that slot
	// alone set counts, and without it does not.
	c := fd.Car{Number: 1, Space: 3, Status: fd.Eliminated}
	assert.False(t, c.OnBoard(), "eliminated, no wreck")
	wreckOnBoard.Set(&c, true)
	assert.True(t, c.OnBoard(), "a wreck awaiting removal (R12.6)")
	wreckOnBoard.Set(&c, false)
	assert.False(t, c.OnBoard(), "the wreck flag cleared")
	wreckOnBoard.Set(&c, true)
	c.Space = tracks.NoSpace
	assert.False(t, c.OnBoard(), "a wreck off the board")
}
