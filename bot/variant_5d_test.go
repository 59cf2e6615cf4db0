package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
)

// League variant 5-D: the status text a seat reads tells its own car's
// wear and only the build total of the others, in English and French; the
// game master reads every car's; after the flag everyone does. Without
// 5-D every car's wear is public. game show (JSON) is read by anyone: it
// leaves a racing car's wear out (TestVariant22ALifePointsInText).
func TestVariant5DStatusTextHidesOtherBuilds(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	_, err := svc.SetPlayer(ctx, PlayerSettings{Name: "Bob", Language: "fr"})
	require.NoError(t, err)
	_, err = svc.SetPlayer(ctx, PlayerSettings{Name: "Gina"})
	require.NoError(t, err)
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Rules: "fdr", Laps: 1, Seats: []string{"Anna", "Bob"}, Master: cli("Gina"), Seed: "hidden-build", Variants: []string{"5-D"}})
	require.NoError(t, err)
	status := func(who, word string) string {
		text, err := svc.Handle(ctx, Request{Identity: cli(who), Game: id, Text: word})
		require.NoError(t, err)
		return text
	}
	en, fr, master := status("Anna", "status"), status("Bob", "etat"), status("Gina", "status")
	assert.Equal(t, 1, strings.Count(en, "wear points tyres"), "Anna reads her own car's wear only: %s", en)
	assert.Equal(t, 1, strings.Count(en, "hidden build of 20 points, at least 1 a characteristic"), en)
	assert.Equal(t, 1, strings.Count(fr, "points d'usure pneus"), "Bob reads his own car's wear only: %s", fr)
	assert.Equal(t, 1, strings.Count(fr, "configuration cachée de 20 points, au moins 1 par caractéristique"), fr)
	assert.Equal(t, 2, strings.Count(master, "wear points tyres"), "the game master reads every car: %s", master)
	assert.NotContains(t, master, "hidden build")

	shown, err := svc.Show(ctx, id)
	require.NoError(t, err)
	for _, r := range shown.Results {
		assert.Nil(t, r.Wear, "game show: car %d's wear is its owner's while it races", r.Car)
	}

	_, err = svc.Autoplay(ctx, id, 1000)
	require.NoError(t, err)
	v, err := svc.Show(ctx, id)
	require.NoError(t, err)
	require.Equal(t, "finished", v.State)
	for _, r := range v.Results {
		assert.NotNil(t, r.Wear, "game show after the flag: car %d's wear revealed", r.Car)
	}
	after := status("Anna", "status")
	assert.NotContains(t, after, "hidden build", "at the flag every build is revealed: %s", after)
	assert.Equal(t, 2, strings.Count(after, "wear points tyres"), after)
}

// fd.BuildLineCar names the race's car of a build line: a qualifying copy's is
// its q=CAR, not its solo session's car 1 (fd.Event.InRace), so 5-D hides
// it from the seats that may not see that car.
func TestBuildCarOfQualifyingCopy(t *testing.T) {
	for line, want := range map[string]int{
		"configuration car=2 wear=8/3/2/3/3/2 pit=1":                       2,
		"order car=3 build=8/3/2/3/3/2":                                    3,
		"q-position-car q=3 car=1 space=main.13.1 gear=0 wear=8/3/2/3/3/2": 3,
		"q-gear q=3 car=1 from=0 to=1":                                     0,
	} {
		e, err := fd.ParseEvent(line)
		require.NoError(t, err)
		assert.Equal(t, want, fd.BuildLineCar(e), line)
	}
}
