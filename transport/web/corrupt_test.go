package web

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/bot"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
)

// A game whose stored seed is corrupt shows a page saying so (503), in the
// reader's language; the server's other games still show (issue 13).
func TestCorruptGamePage(t *testing.T) {
	ctx := context.Background()
	store := memory.New()
	defer store.Close()
	first := bot.New(bot.Options{Store: store})
	broken, err := first.Create(ctx, bot.CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "w1"})
	require.NoError(t, err)
	healthy, err := first.Create(ctx, bot.CreateRequest{Track: "test-oval", Seats: []string{"Cleo", "Dan"}, Seed: "w2"})
	require.NoError(t, err)
	first.Close()
	require.NoError(t, store.Update(ctx, func(tx persistence.Tx) error {
		g, err := tx.Game(broken)
		if err != nil {
			return err
		}
		var m map[string]any
		if err := json.Unmarshal(g.Meta, &m); err != nil {
			return err
		}
		m["seed"] = "not hex"
		if g.Meta, err = json.Marshal(m); err != nil {
			return err
		}
		_, err = tx.UpdateGame(g)
		return err
	}))

	svc := bot.New(bot.Options{Store: store})
	defer svc.Close()
	h := New(svc, Config{Renderer: testBoards{}, Logf: t.Logf}).Handler()
	get := func(path string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "http://pitwall.test"+path, nil))
		return rec
	}
	rec := get("/g/" + broken)
	assert.Equal(t, http.StatusServiceUnavailable, rec.Code)
	assert.Contains(t, rec.Body.String(), "stored record cannot be read")
	rec = get("/g/" + broken + "?lang=fr")
	assert.Contains(t, rec.Body.String(), "illisible")
	assert.Equal(t, http.StatusOK, get("/g/"+healthy).Code, "the other game shows")
}
