package bot

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/rs"
	"github.com/pitwall/pitwall/persistence"
)

// rsSecrets is what seat alone may read now, read from the game itself
// rather than from its report: its hand as a status lists it, and its
// sealed order as Describe says its order event in lang ("" when it has
// none).
func rsSecrets(t *testing.T, g *rs.Game, seat int, lang string) (hand, mine string) {
	t.Helper()
	var cards []string
	for _, c := range g.Seats[seat].Hand {
		cards = append(cards, strconv.Itoa(c))
	}
	require.NotEmpty(t, cards, "seat %d holds a hand", seat+1)
	if g.Sealed[seat] != nil {
		for i := len(g.Events) - 1; i >= 0; i-- {
			if e := g.Events[i]; e.Kind == "order" && e.Int("seat") == seat+1 {
				mine = sayPhrase(g.EventPhrase(e), lang)
				break
			}
		}
	}
	return strings.Join(cards, ", "), mine
}

// An rs secret — Anna's hand, her sealed order — reaches no other seat
// through the texts of the state, on each transport: the status a player
// asks for on the terminal, by mail and on Discord, the Discord orders
// menu, and every notice each transport is sent when the turn is
// revealed (the new hands are dealt). Anna's own texts carry both, so
// the checks can fail.
func TestRSStatusTellsNoSeatAnothersSecret(t *testing.T) {
	for _, tr := range []string{persistence.IdentityCLI, persistence.IdentityEmail, persistence.IdentityDiscord} {
		t.Run(tr, func(t *testing.T) {
			ctx := context.Background()
			tb := newRSTable(t, CreateRequest{Track: "windmere", Seed: "rs-status-secret-" + tr})
			ident := func(seat int) persistence.Identity {
				v := Fold(rsPlayers[seat].name)
				switch tr {
				case persistence.IdentityEmail:
					v += "@example.org"
				case persistence.IdentityDiscord:
					v = "d-" + v
				}
				return persistence.Identity{Kind: tr, Value: v}
			}
			// what seat reads of the state on this transport
			texts := func(seat int) string {
				t.Helper()
				status, err := tb.svc.Handle(ctx, Request{Identity: ident(seat), Game: tb.id, Text: "status"})
				require.NoError(t, err)
				out := []string{status}
				if tr == persistence.IdentityDiscord {
					menu, err := tb.svc.OrdersFor(ctx, tb.id, ident(seat), "")
					require.NoError(t, err)
					out = append(out, menu.Text)
					for _, o := range menu.Options {
						out = append(out, o.Label+" "+o.Facts)
					}
				}
				return strings.Join(out, "\n")
			}
			noSecretOfAnna := func(what string, mineToo bool) {
				t.Helper()
				g := tb.game(t)
				for seat := 1; seat < len(rsPlayers); seat++ {
					lang := rsPlayers[seat].lang
					hand, mine := rsSecrets(t, g, 0, lang)
					own, _ := rsSecrets(t, g, seat, lang)
					require.NotEqual(t, own, hand, "%s: Anna's hand and %s's differ, or the check means nothing", what, rsPlayers[seat].name)
					got := texts(seat)
					assert.Contains(t, got, own, "%s: %s reads its own hand", what, rsPlayers[seat].name)
					assert.NotContains(t, got, hand, "%s: %s reads Anna's hand", what, rsPlayers[seat].name)
					if mineToo {
						require.NotEmpty(t, mine)
						assert.NotContains(t, got, mine, "%s: %s reads Anna's sealed order", what, rsPlayers[seat].name)
					}
				}
				hand, mine := rsSecrets(t, g, 0, "en")
				got := texts(0)
				assert.Contains(t, got, hand, "%s: Anna reads her hand", what)
				if mineToo {
					assert.Contains(t, got, mine, "%s: Anna reads her sealed order", what)
				}
			}
			tb.drain(t)
			noSecretOfAnna("the start", false)

			g := tb.game(t)
			opts := g.Options(0)
			key := opts[len(opts)-1].Key // the highest card, with the risk card when she may take it
			tb.order(t, 0, key)
			noSecretOfAnna("Anna's sealed order", true)

			// the reveal deals new hands: no notice of this transport to
			// another seat tells Anna's
			tb.drain(t)
			for seat := 1; seat < len(rsPlayers); seat++ {
				tb.order(t, seat, tb.game(t).Options(seat)[0].Key)
			}
			require.Equal(t, 2, tb.game(t).Turn, "the turn was revealed")
			told := 0
			for _, m := range tb.drain(t) {
				seat, ok := tb.seatOf[m.Target]
				if m.Transport != tr || !ok || seat == 0 {
					continue
				}
				lang := "en"
				if seat > 0 {
					lang = rsPlayers[seat].lang
				}
				hand, _ := rsSecrets(t, tb.game(t), 0, lang)
				assert.NotContains(t, m.Text, hand, "the notice to %s reads Anna's new hand", m.Target)
				told++
			}
			assert.Positive(t, told, "the other seats were told the reveal on %s", tr)
			noSecretOfAnna("the next turn", false)
		})
	}
}
