package bot

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/persistence"
)

// The race direction's exclusion (7-A) takes a car out only while it
// races: no car outside the race, a car racing once (its line is
// committed, the race goes on), never again, never a car that finished,
// nothing once the race is over. Whatever it refuses, the record is
// unchanged. Written before excludeInRace asks the contract whether the
// car is in play (engine.Progressed) rather than the car's status.
func TestExcludeInRaceTakesOnlyARacingCar(t *testing.T) {
	ctx := context.Background()
	svc, store := newTestService(t)
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Laps: 1, Seats: []string{"A", "B", "C", "D"}, Seed: "exclude in race"})
	require.NoError(t, err)
	exclude := func(car int) (bool, int64) {
		t.Helper()
		var out bool
		require.NoError(t, store.Update(ctx, func(tx persistence.Tx) error {
			var err error
			out, err = svc.excludeInRace(tx, id, car, "black flag", "en")
			return err
		}))
		svc.forget(id)
		return out, recordLen(t, store, id)
	}
	_, err = svc.Autoplay(ctx, id, 40)
	require.NoError(t, err)
	lines := recordLen(t, store, id)
	for _, car := range []int{0, 5, -1} {
		out, after := exclude(car)
		assert.False(t, out, "no car %d", car)
		assert.Equal(t, lines, after, "no car %d: the record is unchanged", car)
	}
	out, after := exclude(2)
	assert.True(t, out, "car 2 races: it leaves the race")
	assert.Greater(t, after, lines, "its exclusion is committed")
	lines = after
	out, after = exclude(2)
	assert.False(t, out, "car 2 is out already")
	assert.Equal(t, lines, after)

	finished := 0
	for finished == 0 {
		made, err := svc.Autoplay(ctx, id, 1)
		require.NoError(t, err)
		require.Positive(t, made, "the race ended before a car finished")
		show, err := svc.Show(ctx, id)
		require.NoError(t, err)
		for _, r := range show.Results {
			if r.Status == "finished" {
				finished = r.Car
			}
		}
	}
	show, err := svc.Show(ctx, id)
	require.NoError(t, err)
	require.Equal(t, persistence.GameRunning, show.State, "a car finished, the race runs on")
	lines = recordLen(t, store, id)
	out, after = exclude(finished)
	assert.False(t, out, "car %d finished", finished)
	assert.Equal(t, lines, after)

	_, err = svc.Autoplay(ctx, id, 0)
	require.NoError(t, err)
	lines = recordLen(t, store, id)
	for car := 1; car <= 4; car++ {
		out, after = exclude(car)
		assert.False(t, out, "the race is over: car %d", car)
		assert.Equal(t, lines, after)
	}
}
