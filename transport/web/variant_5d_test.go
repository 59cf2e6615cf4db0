package web

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/bot"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/internal/hiddenbuild"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/tracks"
)

// League variant 5-D on the web page. Gina is the game master; Anna (car
// 1) plays with the buttons of her personal link, reading the JSON reply;
// Bob (car 2) drives on autopilot. While car 2 races, neither Anna's
// replies nor her page, the spectator's page or record.txt tell Bob's
// build; Bob's page tells it, Anna's page hers; record.txt tells neither
// (a comment stands for each build line). After the flag the spectator's
// page and record.txt tell it.
func TestVariant5DWebHidesOtherBuilds(t *testing.T) {
	f := newFixture(t, Config{})
	ctx := context.Background()
	for _, name := range []string{"Anna", "Bob", "Gina"} {
		_, err := f.svc.SetPlayer(ctx, bot.PlayerSettings{Name: name})
		require.NoError(t, err)
	}
	id, err := f.svc.Create(ctx, bot.CreateRequest{Track: "test-oval", Rules: "fdr", Laps: 1, Seats: []string{"Anna", "Bob"}, Seed: "hidden-web", Variants: []string{"5-D"},
		Master: persistence.Identity{Kind: persistence.IdentityCLI, Value: "gina"}})
	require.NoError(t, err)
	_, err = f.svc.Handle(ctx, bot.Request{Identity: persistence.Identity{Kind: persistence.IdentityCLI, Value: "bob"}, Game: id, Text: "auto on"})
	require.NoError(t, err)
	anna, bob := f.token("Anna"), f.token("Bob")
	oval, err := tracks.Get("test-oval")
	require.NoError(t, err)
	builds := func(car int) []string {
		var evs []fd.Event
		for _, l := range f.lines(id) {
			e, err := fd.ParseEvent(l)
			require.NoError(t, err)
			evs = append(evs, e)
		}
		return hiddenbuild.Strings(oval, evs, car)
	}
	hides := func(text string, hidden []string, what string) {
		for _, h := range hidden {
			assert.NotContains(t, text, h, what)
		}
	}

	hiddenTold, ownTold := false, false
	for step := 0; ; step++ {
		require.Less(t, step, 400, "the race ends")
		_, page := f.get("/g/" + id + "?t=" + anna)
		forms := buttons(t, page)
		if len(forms) == 0 {
			break // the race is over
		}
		resp, reply := f.post("/g/"+id+"/play", forms[0], "Accept", "application/json")
		require.Equal(t, 200, resp.StatusCode, reply)
		v, err := f.svc.Show(ctx, id)
		require.NoError(t, err)
		if v.State == persistence.GameFinished {
			break
		}
		bobs, own := builds(2), builds(1)
		_, mine := f.get("/g/" + id + "?t=" + anna)
		_, public := f.get("/g/" + id)
		_, rec := f.get("/g/" + id + "/record.txt")
		hides(reply, bobs, "Anna's JSON reply")
		hides(mine, bobs, "Anna's page")
		hides(public, bobs, "the spectator's page")
		hides(rec, append(bobs, own...), "record.txt")
		hiddenTold = hiddenTold || strings.Contains(reply+mine+public, "Car 2 is set up: ")
		ownTold = ownTold || hiddenbuild.In(mine, own)
		if bobs != nil {
			_, his := f.get("/g/" + id + "?t=" + bob)
			assert.True(t, hiddenbuild.In(his, bobs), "Bob's page tells his build")
			assert.Contains(t, rec, "# configuration car=2 pit=")
			_, err := fd.ParseRecord(rec)
			assert.NoError(t, err, "record.txt with its comments still parses")
		}
	}
	assert.True(t, hiddenTold, "car 2's build was told by its total: the checks saw it")
	assert.True(t, ownTold, "Anna's page tells her own build")
	v, err := f.svc.Show(ctx, id)
	require.NoError(t, err)
	require.Equal(t, persistence.GameFinished, v.State)
	bobs := builds(2)
	_, public := f.get("/g/" + id)
	_, rec := f.get("/g/" + id + "/record.txt")
	assert.True(t, hiddenbuild.In(public, bobs), "at the flag the spectator's page tells Bob's build")
	assert.Contains(t, rec, bobs[1], "at the flag record.txt is whole")
}
