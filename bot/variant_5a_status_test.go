package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// 5-A's booster points left reach the player in words: the status text
// counts each car's, in English and French, and a boost takes one off.
func TestVariant5ABoostersLeftInTheStatus(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	id, err := svc.Create(ctx, CreateRequest{Track: "oval", Rules: "fdr", Laps: 2, Seats: []string{"ai:pro", "Anna"}, Seed: "boosters-left", Variants: []string{"5-A:points=6/1"}})
	require.NoError(t, err)
	status := statusIn(t, svc, id, "Anna")
	for range 400 {
		v, err := svc.Show(ctx, id)
		require.NoError(t, err)
		require.Equal(t, "running", v.State, "Anna was never offered a boost")
		p := v.Pending[0]
		if p.Car == 2 && p.Decision == "gear" {
			for _, letter := range p.Options {
				if !strings.HasSuffix(letter, "B") {
					continue
				}
				en := status("en")
				assert.Contains(t, en, "1 booster point left", "car 2 built 1")
				assert.Regexp(t, `Car 1: racing, .*, \d booster points left\n`, en, "car 1 built 6")
				assert.Contains(t, status("fr"), "1 point de booster restant")
				_, err := svc.Handle(ctx, Request{Identity: cli("Anna"), Game: id, Text: "choose " + strings.ToLower(letter)})
				require.NoError(t, err)
				assert.Contains(t, status("en"), "no booster point left", "the boost spent car 2's only point")
				assert.Contains(t, status("fr"), "plus de point de booster")
				return
			}
		}
		_, err = svc.Autoplay(ctx, id, 1)
		require.NoError(t, err)
	}
	t.Fatal("the race did not offer Anna a boost")
}
