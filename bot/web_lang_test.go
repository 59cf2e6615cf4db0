package bot

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine"
)

func TestWebLanguageOfAToken(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	_, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "web-lang"})
	require.NoError(t, err)
	_, err = svc.SetPlayer(ctx, PlayerSettings{Name: "Anna", Language: "fr"})
	require.NoError(t, err)
	link, err := svc.PersonalLink(ctx, "Anna", false)
	require.NoError(t, err)
	anna := tokenOf(t, link)
	link, err = svc.PersonalLink(ctx, "Bob", false)
	require.NoError(t, err)
	bob := tokenOf(t, link)

	for tok, want := range map[string]string{anna: "fr", strings.ToUpper(anna): "fr", "": "", "short": "", strings.Repeat("a", WebTokenLen): ""} {
		got, err := svc.WebLanguage(ctx, tok)
		require.NoError(t, err)
		assert.Equal(t, want, got, "token %q", tok)
	}
	_, err = svc.SetPlayer(ctx, PlayerSettings{Name: "Bob", Language: "en"})
	require.NoError(t, err)
	got, err := svc.WebLanguage(ctx, bob)
	require.NoError(t, err)
	assert.Equal(t, "en", got)

	// after a reset the old token still says whose it was (for the
	// refusal's language), though it opens nothing
	_, err = svc.PersonalLink(ctx, "Anna", true)
	require.NoError(t, err)
	got, err = svc.WebLanguage(ctx, anna)
	require.NoError(t, err)
	assert.Equal(t, "fr", got)
	v, err := svc.WebGame(ctx, mustFirstGame(t, svc), anna, "en", false)
	require.NoError(t, err)
	assert.Nil(t, v.Viewer, "a revoked token opens nothing")
}

func mustFirstGame(t *testing.T, svc *Service) string {
	t.Helper()
	games, _, err := svc.RecentGames(context.Background(), 1, "")
	require.NoError(t, err)
	require.NotEmpty(t, games)
	return games[0].ID
}

// sizeRecorder draws its size.
type sizeRecorder struct{ cropRecorder }

func (s *sizeRecorder) BoardPNGSized(w io.Writer, g engine.Game, lang string, crop bool, size BoardSize) error {
	_, err := fmt.Fprintf(w, "%s crop=%v %dx%d;", lang, crop, size.Width, size.Screen)
	return err
}

func TestBoardAtSizeAsksTheRendererForTheSize(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "web-size"})
	require.NoError(t, err)
	_, err = svc.Autoplay(ctx, id, 3)
	require.NoError(t, err)
	var sb strings.Builder
	s := &sizeRecorder{}
	require.NoError(t, svc.BoardAtSize(ctx, id, 1, "fr", true, BoardSize{Width: 780, Screen: 390}, s, &sb))
	require.NoError(t, svc.BoardAtSize(ctx, id, 1, "en", false, BoardSize{Width: 800}, s, &sb))
	assert.Equal(t, "fr crop=true 780x390;en crop=false 800x0;", sb.String())
	// no size: the renderer's own drawings; a renderer without sizes: its default
	sb.Reset()
	require.NoError(t, svc.BoardAtSize(ctx, id, 1, "en", true, BoardSize{}, s, &sb))
	require.NoError(t, svc.BoardAtSize(ctx, id, 1, "en", false, BoardSize{Width: 800}, &cropRecorder{}, &sb))
	assert.Equal(t, "crop en"+"en", sb.String())
}
