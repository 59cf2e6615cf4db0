package fdtest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/tracks"
)

// Track is an embedded circuit by name ("race-city", "test-oval").
func Track(t testing.TB, name string) *tracks.Circuit {
	t.Helper()
	c, err := tracks.Get(name)
	require.NoError(t, err)
	return c
}

// InlineTrack is a circuit from its source text, for a test's own lab
// circuit.
func InlineTrack(t testing.TB, src string) *tracks.Circuit {
	t.Helper()
	c, err := tracks.Load("inline.track", []byte(src))
	require.NoError(t, err)
	return c
}

// FDRLabSource is FDR Lab, the competition rules' (fdr) lab circuit: a
// rectangle with a 34-space straight after the line and a 44-space back
// straight (room for a 30 in 6th), corners One (1 stop), Two (2), Three
// (3) and Four (1), and a pit lane from home.1 to long.4. It is source
// text so that a test can add its own lines (a pit-entry limit …);
// engine/fd's internal tests keep their copy (fdrLabTrack), as they
// cannot import fdtest.
const FDRLabSource = `circuit fdrlab
name "FDR Lab"
description "Competition-rules lab: long straights, a 1-, a 2- and a 3-stop corner, a pit lane."
lanes 3
laps 3
weather sun 1-12 changeable 13-16 rain 17-20
grid 10
straight 34 id=long
corner "One" right stops=1 angle=90 radius=6 id=one
straight 8 id=b
corner "Two" right stops=2 angle=90 radius=6 id=two
straight 44 id=c
corner "Three" right stops=3 angle=90 radius=6 id=three
straight 8 id=d
corner "Four" right stops=1 angle=90 radius=6 id=four
straight 10 id=home
pit side=left entry=home.1 exit=long.4 boxes=10
`

// FDRLab is the FDR Lab circuit (FDRLabSource).
func FDRLab(t testing.TB) *tracks.Circuit { return InlineTrack(t, FDRLabSource) }
