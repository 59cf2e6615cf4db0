package bot

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// League variant 5-D, the event log: the configuration event tells a car's
// build to its owner and the game master only while it races; another seat
// reads its build total (the contract's stand-in, StandIn.Phrase); the
// wear events stay public. At the flag everyone reads every build.
func TestVariant5DLogHidesOtherConfigurations(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	_, err := svc.SetPlayer(ctx, PlayerSettings{Name: "Bob", Language: "fr"})
	require.NoError(t, err)
	_, err = svc.SetPlayer(ctx, PlayerSettings{Name: "Gina"})
	require.NoError(t, err)
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Rules: "fdr", Laps: 1, Seats: []string{"Anna", "Bob"}, Master: cli("Gina"), Seed: "hidden-build", Variants: []string{"5-D"}})
	require.NoError(t, err)
	logOf := func(who, word string) string {
		text, err := svc.Handle(ctx, Request{Identity: cli(who), Game: id, Text: word + " 200"})
		require.NoError(t, err)
		return text
	}
	// the qualifying laps, then both builds (R5.2): the race not started
	setUpRE := regexp.MustCompile(`Car (\d) is set up: [^\n]*pit point`)
	master := ""
	for range 500 {
		if master = logOf("Gina", "log"); len(setUpRE.FindAllString(master, -1)) == 2 {
			break
		}
		_, err = svc.Autoplay(ctx, id, 1)
		require.NoError(t, err)
	}
	setUp := setUpRE.FindAllStringSubmatch(master, -1)
	require.Len(t, setUp, 2, "the game master reads both configurations: %s", master)
	car1, car2 := setUp[0][0], setUp[1][0]
	anna := logOf("Anna", "log")
	assert.Contains(t, anna, car1, "Anna reads her own configuration")
	assert.NotContains(t, anna, car2, "Anna does not read Bob's")
	assert.Regexp(t, `Car 2 is set up: \d+ build points, the rest hidden until its race ends`, anna)
	bob := logOf("Bob", "journal")
	assert.Regexp(t, `La voiture 1 est réglée : \d+ points de configuration, le reste caché jusqu'à la fin de sa course`, bob)
	assert.Regexp(t, `La voiture 2 est réglée : pneus \d+`, bob, "Bob reads his own configuration")
	assert.Equal(t, 1, strings.Count(bob, "points de configuration, le reste caché"), "Bob reads his own: %s", bob)

	_, err = svc.Autoplay(ctx, id, 1000)
	require.NoError(t, err)
	after := logOf("Anna", "log")
	assert.Contains(t, after, car2, "at the flag Bob's build is revealed")
	assert.NotContains(t, after, "the rest hidden")
}
