package bot

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The car's state a player needs to decide (issue 16): the status text
// says, under each car's line, its wing (5-B), its telemetry point (5-E2)
// and this lap's pedal (16-B), in English and French, apart from the
// wear line (where 5-A's boosters and the pilot points go).
func TestCarStateInTheStatus(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Rules: "fdr", Laps: 2, Seats: []string{"ai:pro", "Anna"},
		Seed: "car-state", Variants: []string{"5-B", "5-E2", "16-B"}})
	require.NoError(t, err)
	status := statusIn(t, svc, id, "Anna")
	for range 400 {
		if strings.Contains(status("en"), "round 1,") {
			break
		}
		_, err := svc.Autoplay(ctx, id, 1)
		require.NoError(t, err)
	}
	en, fr := status("en"), status("fr")
	require.Contains(t, en, "round 1,", "the race is under way")
	for _, want := range []string{`\n     [^\n]*\b(neutral|high|low) wing\b`, `\n     [^\n]*telemetry point (to spend|spent)`, `\n     [^\n]*pedal to the metal (free|spent) this lap`} {
		assert.Regexp(t, want, en)
	}
	for _, want := range []string{`\n     [^\n]*aileron (neutre|chargé|déchargé)`, `\n     [^\n]*point de télémétrie (à utiliser|utilisé)`, `\n     [^\n]*pédale au plancher (disponible|utilisée) ce tour`} {
		assert.Regexp(t, want, fr)
	}
	assert.Len(t, regexp.MustCompile(`\n     \S[^\n]*telemetry point`).FindAllString(en, -1), 2, "one state line a car")

	plain, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Rules: "fdr", Laps: 1, Seats: []string{"ai:pro", "Anna"}, Seed: "car-state plain"})
	require.NoError(t, err)
	_, err = svc.Autoplay(ctx, plain, 5)
	require.NoError(t, err)
	reply, err := svc.Handle(ctx, Request{Identity: cli("Anna"), Game: plain, Text: "status"})
	require.NoError(t, err)
	assert.NotContains(t, reply, "\n     ", "without the variants no state line")
}
