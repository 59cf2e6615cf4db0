package bot

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
)

// TestRSLobbyOpensJoinsAndStarts opens a Racing Simulator race as a mail's
// "new race windmere" does (the circuit names the game), seats two
// players and an autopilot car, and starts it: each player is mailed one
// turn mail listing their legal orders one a line; a sealed order mails
// nobody else; the last order's mail answer is its sender's next turn
// mail, and the others get theirs.
func TestRSLobbyOpensJoinsAndStarts(t *testing.T) {
	ctx := context.Background()
	store := memory.New()
	svc := New(Options{Store: store, Now: func() time.Time { return time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC) }, Boards: seatBoards{}})
	t.Cleanup(func() { svc.Close(); store.Close() })
	addRSPlayers(t, store)
	anna, bob := Identity{Kind: persistence.IdentityEmail, Value: "anna@example.org"}, Identity{Kind: persistence.IdentityEmail, Value: "bob@example.org"}

	_, err := svc.Open(ctx, OpenRequest{Track: "windmere", Laps: 3, Creator: anna})
	assert.ErrorContains(t, err, "no laps to choose", "a Racing Simulator circuit sets its laps")
	_, err = svc.Open(ctx, OpenRequest{Track: "windmere", Rules: "rally", Creator: anna})
	assert.ErrorContains(t, err, "family or standard")
	_, err = svc.Open(ctx, OpenRequest{Game: "rs", Track: "windmere", Mode: "standard", Rules: "fdr", Creator: anna})
	assert.ErrorContains(t, err, "no rules of Formula Dé")
	id, err := svc.Open(ctx, OpenRequest{Track: "windmere", Creator: anna, Seed: "rs-lobby"})
	require.NoError(t, err)
	say := func(who Identity, text string) (string, error) {
		return svc.Handle(ctx, Request{Identity: who, Game: id, Text: text})
	}
	reply, err := say(bob, "rejoindre")
	require.NoError(t, err)
	assert.Equal(t, "Bob prend la voiture 2", reply)
	_, err = say(bob, "demarrer")
	assert.ErrorContains(t, err, "seul le maître de jeu")
	reply, err = say(anna, "bots 1 legend")
	require.NoError(t, err)
	assert.Equal(t, "car 3: an AI driver, level legend", reply)
	_, err = say(anna, "card 297")
	assert.ErrorContains(t, err, "has not started")
	reply, err = say(anna, "start")
	require.NoError(t, err)
	assert.Equal(t, "the race starts with 3 cars", reply)

	mails := func() map[string][]string {
		msgs, err := svc.PendingOutgoing(ctx, persistence.IdentityEmail, 0)
		require.NoError(t, err)
		out := map[string][]string{}
		var ids []int64
		for _, m := range msgs {
			_, text, _ := DecodeMail(m.Text)
			out[m.Target] = append(out[m.Target], text)
			ids = append(ids, m.ID)
		}
		require.NoError(t, svc.MarkSent(ctx, ids...))
		return out
	}
	first := mails()
	require.Len(t, first["anna@example.org"], 1, "one turn mail")
	require.Len(t, first["bob@example.org"], 1, "one turn mail")
	assert.Contains(t, first["anna@example.org"][0], "Your hand")
	assert.Contains(t, first["anna@example.org"][0], "answer with one of these lines.\ncard ")
	assert.Contains(t, first["bob@example.org"][0], "Votre main")
	assert.Contains(t, first["bob@example.org"][0], "répondez avec l'une de ces lignes.\ncarte ")

	line := func(text string) string { // the first order offered
		_, rest, _ := strings.Cut(text, "lines.\n")
		if rest == "" {
			_, rest, _ = strings.Cut(text, "lignes.\n")
		}
		l, _, _ := strings.Cut(rest, "\n")
		return l
	}
	_, err = say(anna, line(first["anna@example.org"][0]))
	require.NoError(t, err)
	assert.Empty(t, mails(), "a sealed order mails nobody")
	reply, err = say(bob, line(first["bob@example.org"][0]))
	require.NoError(t, err)
	assert.Contains(t, reply, "Tous les ordres du tour 1 sont révélés", "the answer to the last order is the reveal")
	assert.Contains(t, reply, "répondez avec l'une de ces lignes", "and Bob's next turn mail")
	next := mails()
	assert.Len(t, next["anna@example.org"], 1, "Anna's turn mail")
	assert.Contains(t, next["anna@example.org"][0], "Every order of turn 1 is revealed")
	assert.Empty(t, next["bob@example.org"], "Bob's turn mail is the answer to his order")
}
