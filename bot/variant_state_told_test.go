package bot

import (
	"context"
	"regexp"
	"slices"
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
		also    string // a variant played with it
		once    bool   // told of the reader's car alone (5-D hides the others' builds, the teammate's too here)
	}{
		{"6-A", `the Top (free|spent) this lap`, `Top (disponible|utilisé) ce tour`, "", false},
		{"6-B", `Super Top (held|spent)`, `Super Top (en réserve|utilisé)`, "", false},
		{"5-A", `(\d+|no) booster points? left`, `(\d+ points? de booster restants?|plus de point de booster)`, "", false},
		{"16-F", `(\d+|no) booster points? left`, `(\d+ points? de booster restants?|plus de point de booster)`, "", false},
		{"5-B", `(neutral|high|low) wing`, `aileron (neutre|chargé|déchargé)`, "", false},
		{"5-C", `steering lock \w+`, `braquage \w+`, "", false},
		{"5-E2", `telemetry point (to spend|spent)`, `point de télémétrie (à utiliser|utilisé)`, "", false},
		{"16-B", `pedal to the metal (free|spent) this lap`, `pédale au plancher (disponible|utilisée) ce tour`, "", false},
		{"23-C", `(\d+|no) pilot points? left`, `(\d+ points? de pilote restants?|plus de point de pilote)`, "", false},
		{"23-A:uses=2/1", `(\d+|no) pilot points? left`, `(\d+ points? de pilote restants?|plus de point de pilote)`, "", false},
		{"19-F:points=3/3", `\d+ engineer points? left`, `\d+ points? d'ingénieur restants?`, "", false},
		{"19-F:points=3/3", `\d+ engineer points? left`, `\d+ points? d'ingénieur restants?`, "5-D:team_shares_config=no", true},
		{"19-G:points=5/5", `\d+ team mechanics points?, quick stops \+\d`, `\d+ points? de mécaniciens d'écurie, arrêts rapides \+\d`, "", false},
		{"23-B:scheme=c,quick=2/2", `2 team points, quick stops \+2`, `2 points d'écurie, arrêts rapides \+2`, "", false},
		{"23-B:scheme=a,build=1/1", `a team build point this race`, `un point de configuration d'écurie pour cette course`, "5-D:team_shares_config=no", true},
		{"2-B", `race clock: .* left of`, `Chrono de course de la voiture \d+ : reste`, "", false},
		{"21-B", `\nRed flag at 18 markers or 3 walls: \d+ markers? and \d+ walls? on the circuit\n`, `\nDrapeau rouge à 18 marqueurs ou 3 murs : \d+ marqueurs? et \d+ murs? sur le circuit\n`, "", false},
		{"15-A", `\nOval restart at 2 markers: \d+ markers? on the circuit\n`, `\nArrêt sur l'ovale à 2 marqueurs : \d+ marqueurs? sur le circuit\n`, "", false},
		{"3-A", weatherEN, weatherFR, "", false},
		{"3-B", weatherEN, weatherFR, "", false},
		{"3-C", weatherEN, weatherFR, "", false},
		{"8-C", weatherEN, weatherFR, "", false},
	}
	// a round of the race begun, the seated car still racing
	underWay := regexp.MustCompile(`round [1-9]\d*, [^\n]*\n[^\n]*\n(?:[^\n]*\n)*  \d+\. Car 2: racing`)
	svc, _ := newTestService(t)
	ctx := context.Background()
	for _, c := range cases {
		track := "test-oval"
		if c.variant == "15-A" {
			track = "oval" // 15-A stops only an oval's race, 2 starters at 2 markers
		}
		req := CreateRequest{Track: track, Rules: "fdr", Laps: 2, Seats: []string{"ai:pro", "Anna"},
			Seed: "state-told " + c.variant + c.also, Variants: slices.DeleteFunc([]string{c.variant, c.also}, func(v string) bool { return v == "" })}
		if c.once {
			// Bob's car, not an autopilot's (whose build 5-D shows), and
			// Gina the master, who sees every build
			req.Seats, req.Master = []string{"Bob", "Anna"}, cli("Gina")
		}
		id, err := svc.Create(ctx, req)
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
		if c.once {
			assert.Len(t, regexp.MustCompile(c.en).FindAllString(en, -1), 1, "%s with %s: the reader's car alone", c.variant, c.also)
		}
	}
}
