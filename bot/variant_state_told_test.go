package bot

import (
	"context"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Issue 16 ("shows … in text what a player needs to decide (a ledger
// balance, a Top left …) in English and French"): every game switch that
// keeps a state its player spends during the race says it in the status
// text of a race under way, in both languages. One game a variant (some
// are alternatives: 5-A and 16-F, 5-B and 5-C), played by the autopilot
// into its first round, then read as the seated player.
func TestEveryVariantStateIsToldInTheStatus(t *testing.T) {
	// the weather pack's forecast, a line of the race's (fd.Game.WeatherStatus)
	const weatherEN = `\nWeather: [a-z ]+, (dry|wet) track, (a weather test may still change it|final to the flag)\n`
	const weatherFR = `\nMétéo : [a-zéè ]+, piste (sèche|mouillée), (un test météo peut encore la changer|définitive jusqu'à l'arrivée)\n`
	cases := []struct {
		variant string
		en, fr  string // a regexp each
	}{
		{"6-A", `the Top (free|spent) this lap`, `Top (disponible|utilisé) ce tour`},
		{"6-B", `Super Top (held|spent)`, `Super Top (en réserve|utilisé)`},
		{"5-A", `(\d+|no) booster points? left`, `(\d+ points? de booster restants?|plus de point de booster)`},
		{"16-F", `(\d+|no) booster points? left`, `(\d+ points? de booster restants?|plus de point de booster)`},
		{"5-B", `(neutral|high|low) wing`, `aileron (neutre|chargé|déchargé)`},
		{"5-C", `steering lock \w+`, `braquage \w+`},
		{"5-E2", `telemetry point (to spend|spent)`, `point de télémétrie (à utiliser|utilisé)`},
		{"16-B", `pedal to the metal (free|spent) this lap`, `pédale au plancher (disponible|utilisée) ce tour`},
		{"23-C", `(\d+|no) pilot points? left`, `(\d+ points? de pilote restants?|plus de point de pilote)`},
		{"23-A:uses=2/1", `(\d+|no) pilot points? left`, `(\d+ points? de pilote restants?|plus de point de pilote)`},
		{"2-B", `race clock: .* left of`, `Chrono de course de la voiture \d+ : reste`},
		{"3-A", weatherEN, weatherFR},
		{"3-B", weatherEN, weatherFR},
		{"3-C", weatherEN, weatherFR},
		{"8-C", weatherEN, weatherFR},
	}
	// a round of the race begun, the seated car still racing
	underWay := regexp.MustCompile(`round [1-9]\d*, [^\n]*\n[^\n]*\n(?:[^\n]*\n)*  \d+\. Car 2: racing`)
	svc, _ := newTestService(t)
	ctx := context.Background()
	for _, c := range cases {
		id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Rules: "fdr", Laps: 2, Seats: []string{"ai:pro", "Anna"},
			Seed: "state-told " + c.variant, Variants: []string{c.variant}})
		require.NoError(t, err, c.variant)
		status := statusIn(t, svc, id, "Anna")
		for range 400 {
			if underWay.MatchString(status("en")) {
				break
			}
			_, err := svc.Autoplay(ctx, id, 1)
			require.NoError(t, err, c.variant)
		}
		en, fr := status("en"), status("fr")
		require.Regexp(t, underWay, en, "%s: the race is under way", c.variant)
		assert.Regexp(t, c.en, en, "%s in English", c.variant)
		assert.Regexp(t, c.fr, fr, "%s in French", c.variant)
	}
}
