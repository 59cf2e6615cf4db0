package bot

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/persistence"
)

// A street race from the service: each player picks a driver by name, in
// English or French (U-DRV-01), a taken driver is refused, the race runs
// to the end with the drivers in the results.
func TestStreetGameFromTheService(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	id, err := svc.Create(ctx, CreateRequest{Track: "race-city", Rules: "street", Seats: []string{"Anna", "Bob", "Cleo"}, Seed: "street"})
	require.NoError(t, err)
	v, err := svc.Show(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "street", v.Rules)
	require.Len(t, v.Pending, 3, "every player picks a driver at once")
	_, err = svc.Handle(ctx, Request{Identity: cli("Anna"), Game: id, Text: "driver Diane"})
	require.NoError(t, err)
	_, err = svc.Handle(ctx, Request{Identity: cli("Bob"), Game: id, Text: "pilote Diane Montfort"})
	require.Error(t, err, "Diane is taken")
	assert.True(t, IsUserError(err))
	_, err = svc.Handle(ctx, Request{Identity: cli("Bob"), Game: id, Text: "pilote Tzarof"})
	require.NoError(t, err)
	_, err = svc.Handle(ctx, Request{Identity: cli("Cleo"), Game: id, Text: "driver G"}) // Montoya by letter
	require.NoError(t, err)
	_, err = svc.Autoplay(ctx, id, 0)
	require.NoError(t, err)
	v, err = svc.Show(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "finished", v.State)
	drivers := map[int]string{}
	for _, r := range v.Results {
		drivers[r.Car] = r.Driver
	}
	assert.Equal(t, map[int]string{1: "Diane Montfort", 2: "Dimitri Tzarof", 3: "Montoya Cadena"}, drivers)
	out, err := svc.Verify(ctx, id)
	require.NoError(t, err)
	assert.Contains(t, out, "every roll matches")
}

func TestParseDriver(t *testing.T) {
	c, err := Parse("driver Li-Tsu Sin")
	require.NoError(t, err)
	assert.Equal(t, VerbDriver, c.Verb)
	assert.Equal(t, "Li-Tsu Sin", c.Name)
	c, err = Parse("Pilote Julien « Frogger » Marcellin")
	require.NoError(t, err)
	assert.Equal(t, VerbDriver, c.Verb)
	assert.Equal(t, "fr", c.Lang)
	_, err = Parse("driver")
	require.Error(t, err)
}

// In a street race's lobby each player picks a driver when joining; the
// race starts with those drivers.
func TestStreetLobbyDrivers(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	anna := persistence.Identity{Kind: persistence.IdentityDiscord, Value: "2001"}
	bob := persistence.Identity{Kind: persistence.IdentityDiscord, Value: "2002"}
	id, err := svc.Open(ctx, OpenRequest{Track: "race-city", Rules: "street", Seed: "street-lobby", Creator: anna, Name: "Anna"})
	require.NoError(t, err)
	require.NoError(t, svc.store.Update(ctx, func(tx persistence.Tx) error { _, err := svc.EnsurePlayer(tx, bob, "Bob"); return err }))
	_, err = svc.Handle(ctx, Request{Identity: bob, Game: id, Text: "pilote Tzarof"})
	require.Error(t, err, "join first")
	_, err = svc.Handle(ctx, Request{Identity: bob, Game: id, Text: "join"})
	require.NoError(t, err)
	reply, err := svc.Handle(ctx, Request{Identity: anna, Game: id, Text: "driver Diane"})
	require.NoError(t, err)
	assert.Contains(t, reply, "Diane Montfort")
	_, err = svc.Handle(ctx, Request{Identity: bob, Game: id, Text: "driver Diane"})
	require.Error(t, err, "taken")
	_, err = svc.Handle(ctx, Request{Identity: bob, Game: id, Text: "pilote Tzarof"})
	require.NoError(t, err)
	_, err = svc.Handle(ctx, Request{Identity: anna, Game: id, Text: "start"})
	require.NoError(t, err)
	_, err = svc.Autoplay(ctx, id, 0)
	require.NoError(t, err)
	v, err := svc.Show(ctx, id)
	require.NoError(t, err)
	drivers := map[int]string{}
	for _, r := range v.Results {
		drivers[r.Car] = r.Driver
	}
	assert.Equal(t, map[int]string{1: "Diane Montfort", 2: "Dimitri Tzarof"}, drivers)
}

// A driver nobody chose races only when the game master seats it on
// autopilot (U-DRV-01).
func TestStreetMasterSeatsAnAutopilotDriver(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	anna := persistence.Identity{Kind: persistence.IdentityDiscord, Value: "3001"}
	bob := persistence.Identity{Kind: persistence.IdentityDiscord, Value: "3002"}
	id, err := svc.Open(ctx, OpenRequest{Track: "race-city", Rules: "street", Seed: "street-auto", Creator: anna, Name: "Anna"})
	require.NoError(t, err)
	require.NoError(t, svc.store.Update(ctx, func(tx persistence.Tx) error { _, err := svc.EnsurePlayer(tx, bob, "Bob"); return err }))
	_, err = svc.Handle(ctx, Request{Identity: bob, Game: id, Text: "join"})
	require.NoError(t, err)
	_, err = svc.Handle(ctx, Request{Identity: bob, Game: id, Text: "seat-auto Jenny"})
	require.Error(t, err, "only the game master")
	_, err = svc.Handle(ctx, Request{Identity: anna, Game: id, Text: "driver Diane"})
	require.NoError(t, err)
	_, err = svc.Handle(ctx, Request{Identity: anna, Game: id, Text: "seat-auto Diane"})
	require.Error(t, err, "Diane is taken")
	reply, err := svc.Handle(ctx, Request{Identity: anna, Game: id, Text: "robot Jenny"})
	require.NoError(t, err)
	assert.Contains(t, reply, "car 3")
	_, err = svc.Handle(ctx, Request{Identity: anna, Game: id, Text: "start"})
	require.NoError(t, err)
	_, err = svc.Autoplay(ctx, id, 0)
	require.NoError(t, err)
	v, err := svc.Show(ctx, id)
	require.NoError(t, err)
	require.Len(t, v.Results, 3)
	drivers := map[int]string{}
	for _, r := range v.Results {
		drivers[r.Car] = r.Driver
	}
	assert.Equal(t, "Diane Montfort", drivers[1])
	assert.Equal(t, "Jenny Slivers", drivers[3])
	assert.NotEmpty(t, drivers[2], "Bob got a driver at the start")
}
