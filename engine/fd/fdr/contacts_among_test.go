package fdr

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/fdtest"
	"github.com/pitwall/pitwall/tracks"
)

// Issue 14: the autopilot works out where the cars stand once for a
// decision's options (fd.CarSpaces) and prices each option's contacts
// from it (OptionScoreAmong, appendContactsAmong, carNearAmong) instead
// of passing over the cars for each option (carNear, Occupied). This
// differential test plays whole 10-car fdr races by autopilot and, before
// every order of the race (not of a qualifying session's one-car game),
// checks that the two ways agree: for the deciding car and every space of
// the circuit, carNearAmong is carNear and appendContactsAmong lists the cars
// appendContacts lists, in its order; and for every option of a move
// decision, OptionScoreAmong is OptionScore to the bit. (R14, AMB-21,
// AMB-23: the contacts and their order.)
func TestContactsAmongAgreeWithContacts(t *testing.T) {
	races := []struct {
		track string
		seed  string
		laps  int
	}{
		{"kestrel-downs", "bench", 1},
		{"port-azur", "among-1", 1},
		{"race-city", "among-2", 1},
	}
	if testing.Short() {
		races = races[:1]
	}
	for _, r := range races {
		t.Run(r.track, func(t *testing.T) {
			spaces, near, scored := 0, 0, 0
			autopilotRace(t, r.track, r.seed, r.laps, func(g *fd.Game) {
				if d := g.Pending(); d != nil && d.Session == "" && !g.Qualifying() {
					s, n, o := checkContactsAmong(t, g, d)
					spaces, near, scored = spaces+s, near+n, scored+o
				}
			})
			t.Logf("%s: %d (decision, space) pairs, %d with a car near, %d options scored", r.track, spaces, near, scored)
			require.Positive(t, near, "the race put cars near the spaces looked at")
			require.Positive(t, scored, "the race had move options to score")
		})
	}
}

// autopilotRace plays a whole 10-car fdr race on track by autopilot, its
// dice seeded from seed, calling before on the game before every order
// (qualifying's included).
func autopilotRace(t *testing.T, track, seed string, laps int, before func(*fd.Game)) {
	t.Helper()
	cfg := FDRConfig()
	cfg.Laps = laps
	s := fd.SeedFrom(seed)
	g, err := fd.NewGame(fd.GameIDFor(s), cfg, fdtest.Track(t, track), 10)
	require.NoError(t, err)
	src := dice.NewSeeded(s)
	require.NoError(t, g.Start(src))
	for !g.Over {
		before(g)
		o, ok := fd.Autopilot(g)
		require.True(t, ok, "nothing pending")
		require.NoError(t, g.Submit(o, src))
	}
}

// checkContactsAmong compares the two ways on g before decision d.
func checkContactsAmong(t *testing.T, g *fd.Game, d *fd.Decision) (spaces, near, scored int) {
	t.Helper()
	cars := g.CarSpacesAmong()
	require.NotNil(t, cars, "an fdr game on an embedded circuit fits the sets")
	// the deciding car, as the autopilot asks (every space: the ends of
	// its options are some of them)
	if c := g.Car(d.Car); c != nil && c.OnBoard() {
		for s := range g.Track.Spaces {
			at := tracks.SpaceID(s)
			spaces++
			want := carNear(g, at)
			require.Equal(t, want, carNearAmong(g, at, cars), "carNear of space %d", s)
			if want {
				near++
			}
			if g.Track.Spaces[at].Kind != tracks.KindTrack {
				continue
			}
			require.Equal(t, appendContacts(nil, g, c, at), appendContactsAmong(nil, g, c, at, cars),
				"the contacts of car %d at space %d", c.Number, s)
		}
	}
	if d.Kind != fd.DecideMove {
		return spaces, near, 0
	}
	c := g.Car(d.Car)
	var r fdrRules
	for i := range d.Options {
		op := &d.Options[i]
		want := r.OptionScore(g, c, op)
		got := r.OptionScoreAmong(g, c, op, cars)
		require.Equal(t, want, got, "option %s of car %d", op.Letter, d.Car)
		scored++
	}
	return spaces, near, scored
}
