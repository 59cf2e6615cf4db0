package bot

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/persistence"
)

// tokenOf cuts the token out of a personal link.
func tokenOf(t *testing.T, link string) string {
	t.Helper()
	i := strings.Index(link, "?t=")
	require.GreaterOrEqual(t, i, 0, link)
	tok := strings.Fields(link[i+3:])[0]
	require.Len(t, tok, WebTokenLen)
	return tok
}

func TestPersonalLinkAndReset(t *testing.T) {
	svc, _ := newTestService(t)
	svc.opts.LocalURL = "http://localhost:8080"
	ctx := context.Background()
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "web-1"})
	require.NoError(t, err)

	_, err = svc.PersonalLink(ctx, "Nobody", false)
	require.Error(t, err)
	assert.True(t, IsUserError(err))

	link, err := svc.PersonalLink(ctx, "Anna", false)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(link, "http://localhost:8080/?t="), link)
	tok := tokenOf(t, link)
	again, err := svc.PersonalLink(ctx, "Anna", false)
	require.NoError(t, err)
	assert.Equal(t, link, again, "asking again gives the same link")

	// link / lien in the command language gives the same token, for this game
	reply, err := svc.Handle(ctx, Request{Identity: cli("Anna"), Game: id, Text: "link"})
	require.NoError(t, err)
	assert.Contains(t, reply, "http://localhost:8080/g/"+id+"?t="+tok)
	bob, err := svc.Handle(ctx, Request{Identity: cli("Bob"), Game: id, Text: "lien"})
	require.NoError(t, err)
	assert.NotContains(t, bob, tok, "each player has their own token")

	v, err := svc.WebGame(ctx, id, tok, "", false)
	require.NoError(t, err)
	require.NotNil(t, v.Viewer)
	assert.Equal(t, "Anna", v.Viewer.Name)
	assert.Equal(t, 1, v.Viewer.Car)
	assert.True(t, v.Viewer.Master)

	// reset: the old link no longer recognises Anna, the new one does
	fresh, err := svc.PersonalLink(ctx, "Anna", true)
	require.NoError(t, err)
	newTok := tokenOf(t, fresh)
	assert.NotEqual(t, tok, newTok)
	v, err = svc.WebGame(ctx, id, tok, "", false)
	require.NoError(t, err)
	assert.Nil(t, v.Viewer, "a reset link is read-only")
	_, err = svc.WebHandle(ctx, WebOrder{Game: id, Token: tok, Text: "status"})
	assert.ErrorIs(t, err, ErrBadToken)
	v, err = svc.WebGame(ctx, id, newTok, "", false)
	require.NoError(t, err)
	require.NotNil(t, v.Viewer)

	// garbage tokens are nobody
	for _, bad := range []string{"", "x", strings.Repeat("a", WebTokenLen), newTok + "a", strings.ToUpper(newTok[:23]) + "!"} {
		v, err = svc.WebGame(ctx, id, bad, "", false)
		require.NoError(t, err)
		assert.Nil(t, v.Viewer, "%q", bad)
	}
}

func TestWebGameShowsNoSecretToOthers(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "web-2"})
	require.NoError(t, err)
	p := pendingFor(t, svc, id)
	names := map[int]string{1: "Anna", 2: "Bob"}
	mover, other := names[p.Car], names[3-p.Car]
	// the player who waits sends a pre-move and a standing order
	_, err = svc.Handle(ctx, Request{Identity: cli(other), Game: id, Text: "next 2"})
	require.NoError(t, err)
	_, err = svc.Handle(ctx, Request{Identity: cli(other), Game: id, Text: "plan safe"})
	require.NoError(t, err)

	moverLink, err := svc.PersonalLink(ctx, mover, false)
	require.NoError(t, err)
	otherLink, err := svc.PersonalLink(ctx, other, false)
	require.NoError(t, err)

	spectator, err := svc.WebGame(ctx, id, "", "fr", false)
	require.NoError(t, err)
	assert.Equal(t, "fr", spectator.Lang, "a spectator reads the browser's language")
	assert.Nil(t, spectator.Viewer)
	require.Len(t, spectator.Pending, 1)
	assert.Equal(t, p.Car, spectator.Pending[0].Car)
	assert.Equal(t, mover, spectator.Pending[0].Player)
	assert.Empty(t, spectator.Pending[0].Options, "no buttons for a spectator")
	assert.Empty(t, spectator.Pending[0].Token)

	mine, err := svc.WebGame(ctx, id, tokenOf(t, moverLink), "", false)
	require.NoError(t, err)
	require.NotNil(t, mine.Viewer)
	assert.Equal(t, "en", mine.Lang, "a player reads their own language")
	assert.Zero(t, mine.Viewer.PreMove, "the mover sent no pre-move")
	assert.Empty(t, mine.Viewer.Plans, "the other's standing orders are not the mover's")
	require.NotEmpty(t, mine.Pending[0].Options, "the mover gets buttons")
	assert.NotEmpty(t, mine.Pending[0].Token)

	theirs, err := svc.WebGame(ctx, id, tokenOf(t, otherLink), "", false)
	require.NoError(t, err)
	assert.Equal(t, 2, theirs.Viewer.PreMove, "a player sees their own pre-move")
	assert.NotEmpty(t, theirs.Viewer.Plans)
	assert.Empty(t, theirs.Pending[0].Options, "no buttons on someone else's decision")
}

func TestWebOrderAppliesOnceAndStaleButtonsAreRefused(t *testing.T) {
	svc, store := newTestService(t)
	ctx := context.Background()
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "web-3"})
	require.NoError(t, err)
	p := pendingFor(t, svc, id)
	mover := map[int]string{1: "Anna", 2: "Bob"}[p.Car]
	link, err := svc.PersonalLink(ctx, mover, false)
	require.NoError(t, err)
	tok := tokenOf(t, link)
	v, err := svc.WebGame(ctx, id, tok, "", false)
	require.NoError(t, err)
	d := v.Pending[0]
	require.NotEmpty(t, d.Options)

	// an illegal order changes nothing, byte for byte
	before := recordLines(t, store, id)
	_, err = svc.WebHandle(ctx, WebOrder{Game: id, Token: tok, Text: "choose Z", Key: "k0"})
	require.Error(t, err)
	assert.Equal(t, before, recordLines(t, store, id))

	// a double click: the same key twice is applied once, answered twice
	o := WebOrder{Game: id, Token: tok, Text: d.Options[0].Command, Car: d.Car, Decision: d.Token, Key: "k1"}
	first, err := svc.WebHandle(ctx, o)
	require.NoError(t, err)
	after := recordLines(t, store, id)
	require.Greater(t, len(after), len(before))
	second, err := svc.WebHandle(ctx, o)
	require.NoError(t, err)
	assert.Equal(t, first, second)
	assert.Equal(t, after, recordLines(t, store, id), "applied once")

	// the same button with another key (a second page) is stale now
	o.Key = "k2"
	_, err = svc.WebHandle(ctx, o)
	assert.ErrorIs(t, err, ErrStale)
	assert.Equal(t, after, recordLines(t, store, id))
}

func TestRecentGamesNewestFirst(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	now := svc.opts.Now()
	var ids []string
	for i, seed := range []string{"r1", "r2", "r3"} {
		at := now.Add(time.Duration(i) * time.Minute)
		svc.opts.Now = func() time.Time { return at }
		seats := []string{"Anna", "Bob"}
		if i == 1 {
			seats = []string{"Carl", "ai:pro"}
		}
		id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: seats, Seed: seed})
		require.NoError(t, err)
		ids = append(ids, id)
	}
	link, err := svc.PersonalLink(ctx, "Carl", false)
	require.NoError(t, err)
	list, viewer, err := svc.RecentGames(ctx, 10, tokenOf(t, link))
	require.NoError(t, err)
	assert.Equal(t, "Carl", viewer)
	require.Len(t, list, 3)
	assert.Equal(t, []string{ids[2], ids[1], ids[0]}, []string{list[0].ID, list[1].ID, list[2].ID})
	assert.True(t, list[1].Mine)
	assert.False(t, list[0].Mine)
	assert.Equal(t, []string{"Carl", "AI pro"}, list[1].Players)
	list, viewer, err = svc.RecentGames(ctx, 2, "")
	require.NoError(t, err)
	assert.Empty(t, viewer)
	assert.Len(t, list, 2)
}

// playRecorder keeps the play of each game it is asked to draw.
type playRecorder struct{ plays []int }

func (r *playRecorder) BoardPNG(w io.Writer, race engine.Game, lang string) error {
	g := race.(fd.Contract).G
	r.plays = append(r.plays, g.Play)
	_, err := io.WriteString(w, lang)
	return err
}

type cropRecorder struct{ playRecorder }

func (c *cropRecorder) CropPNG(w io.Writer, g engine.Game, lang string) error {
	_, err := io.WriteString(w, "crop "+lang)
	return err
}

func TestBoardAtStepsThroughHistory(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "web-4"})
	require.NoError(t, err)
	_, err = svc.Autoplay(ctx, id, 12)
	require.NoError(t, err)
	v, err := svc.WebGame(ctx, id, "", "en", false)
	require.NoError(t, err)
	require.Greater(t, v.Plays, 2)
	require.NotEmpty(t, v.Log)
	r := &playRecorder{}
	var sb strings.Builder
	require.NoError(t, svc.BoardAt(ctx, id, 1, "fr", false, r, &sb))
	require.NoError(t, svc.BoardAt(ctx, id, -1, "en", false, r, &sb))
	require.NoError(t, svc.BoardAt(ctx, id, 10_000, "en", false, r, &sb))
	assert.Equal(t, "fren"+"en", sb.String())
	require.Len(t, r.plays, 3)
	assert.LessOrEqual(t, r.plays[0], 2, "after play 1 the game waits on play 2 at most")
	assert.Equal(t, r.plays[1], r.plays[2], "past the end is the game as it stands")
	assert.Greater(t, r.plays[1], r.plays[0])
	// the phone crop, when the renderer draws one
	c := &cropRecorder{}
	sb.Reset()
	require.NoError(t, svc.BoardAt(ctx, id, 1, "en", true, c, &sb))
	require.NoError(t, svc.BoardAt(ctx, id, 1, "en", false, c, &sb))
	assert.Equal(t, "crop en"+"en", sb.String())
	sb.Reset()
	require.NoError(t, svc.BoardAt(ctx, id, 1, "en", true, r, &sb))
	assert.Equal(t, "en", sb.String(), "without a crop, the board")
	err = svc.BoardAt(ctx, "nope", 0, "en", false, r, &sb)
	assert.True(t, IsUserError(err))

	rec, err := svc.GameRecord(ctx, id)
	require.NoError(t, err)
	assert.Contains(t, rec, id)
	assert.NotContains(t, rec, "\nseed ", "no seed while the race runs")
}

func TestPostsLinkToThePageWhenAPublicURLIsSet(t *testing.T) {
	for _, public := range []string{"", "https://pitwall.example.org/"} {
		svc, store := newTestService(t)
		svc.opts.PublicURL = public
		ctx := context.Background()
		_, err := svc.RegisterEmail(ctx, "Bob", "bob@example.org")
		require.NoError(t, err)
		id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "web-5"})
		require.NoError(t, err)
		_, err = svc.Autoplay(ctx, id, 1)
		require.NoError(t, err)
		var msgs []persistence.Message
		require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
			var err error
			msgs, err = tx.Pending(svc.opts.Now().Add(time.Hour), 100)
			return err
		}))
		link, err := svc.PersonalLink(ctx, "Bob", false)
		require.NoError(t, err)
		bobs := tokenOf(t, link)
		mailed := false
		for _, m := range msgs {
			switch {
			case public == "":
				assert.NotContains(t, m.Text, "Watch the race")
				assert.NotContains(t, m.Text, "?t=")
			case m.Transport == persistence.IdentityEmail:
				// Bob's own mail carries his personal link
				assert.Equal(t, "bob@example.org", m.Target)
				assert.Contains(t, m.Text, "https://pitwall.example.org/g/"+id+"?t="+bobs)
				mailed = true
			default:
				assert.Contains(t, m.Text, "Watch the race: https://pitwall.example.org/g/"+id)
				assert.NotContains(t, m.Text, bobs, "no one else sees Bob's token")
			}
		}
		assert.Equal(t, public != "", mailed)
	}
}
