package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
)

// refusalEnglish are English words that betray an untranslated refusal.
var refusalEnglish = []string{"not", "no", "game", "legal", "nothing", "empty", "command", "type", "help",
	"it", "this", "that", "now", "must", "decide", "your", "turn", "gear", "illegal", "order", "paused",
	"available", "here", "write", "is", "the", "car", "needs"}

// englishIn returns the first English word of text, "" when none.
func englishIn(text string) string {
	words := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r > 127 || r == '\'')
	}) {
		words[w] = true
	}
	for _, en := range refusalEnglish {
		if words[en] {
			return en
		}
	}
	return ""
}

// The refusals a player hits most (unknown game, parse errors, not their
// turn, a wrong decision, an illegal order, a paused game) are in the
// player's language: French for Bob, English for Anna.
func TestRefusalsFollowThePlayersLanguage(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	_, err := svc.SetPlayer(ctx, PlayerSettings{Name: "Anna", Language: "en"})
	require.NoError(t, err)
	_, err = svc.SetPlayer(ctx, PlayerSettings{Name: "Bob", Language: "fr"})
	require.NoError(t, err)
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "refusals"})
	require.NoError(t, err)
	p := pendingFor(t, svc, id)
	names := map[int]string{1: "Anna", 2: "Bob"}
	onTurn, waiting := names[p.Car], names[3-p.Car]

	type probe struct {
		who, game, text string
	}
	probes := []probe{
		{onTurn, "nope", "status"},      // unknown game
		{onTurn, id, ""},                // empty
		{onTurn, id, "vitesse 9"},       // parse error
		{onTurn, id, "frobnicate"},      // unknown verb
		{waiting, id, "vitesse 3"},      // not their turn
		{waiting, id, "choisir B"},      // nothing to decide
		{onTurn, id, "pilote Diane"},    // the wrong kind of decision
		{onTurn, id, "stand"},           // no pit option at a gear choice
		{onTurn, id, "rejoindre"},       // the game has started
		{onTurn, id, "rejouer"},         // a take-back without a reason
		{onTurn, id, "remplacer Zoe x"}, // nobody of that name / not master
	}
	for _, pr := range probes {
		for _, lang := range []string{"fr", "en"} {
			who := pr.who
			if lang == "en" && who == "Bob" || lang == "fr" && who == "Anna" {
				// swap the languages of the two players for this probe
				_, err := svc.SetPlayer(ctx, PlayerSettings{Name: who, Language: lang})
				require.NoError(t, err)
			}
			_, err := svc.Handle(ctx, Request{Identity: cli(who), Game: pr.game, Text: pr.text})
			require.Error(t, err, "%s %q", who, pr.text)
			require.True(t, IsUserError(err), "%s %q: %v", who, pr.text, err)
			if lang == "fr" {
				assert.Empty(t, englishIn(err.Error()), "%q for a French player: %q", pr.text, err.Error())
			} else {
				assert.NotEmpty(t, englishIn(err.Error()), "%q for an English player: %q", pr.text, err.Error())
			}
			_, err = svc.SetPlayer(ctx, PlayerSettings{Name: "Anna", Language: "en"})
			require.NoError(t, err)
			_, err = svc.SetPlayer(ctx, PlayerSettings{Name: "Bob", Language: "fr"})
			require.NoError(t, err)
		}
	}
}

// The refusals made where no player is known carry their French, picked
// when the reply is made.
func TestSharedRefusalsCarryTheirFrench(t *testing.T) {
	for _, err := range []error{ErrBusy, ErrNoGameHere} {
		fr := InPlayerLang(err, "fr")
		require.True(t, IsUserError(fr))
		assert.Empty(t, englishIn(fr.Error()), fr.Error())
		assert.Equal(t, err.Error(), InPlayerLang(err, "en").Error(), "English stays English")
	}
}

// An illegal order refused by the engine still lists what is legal for a
// French player, and keeps the rule it names.
func TestIllegalGearInFrenchListsTheLegalOnes(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	for _, name := range []string{"Anna", "Bob"} {
		_, err := svc.SetPlayer(ctx, PlayerSettings{Name: name, Language: "fr"})
		require.NoError(t, err)
	}
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "refusals"})
	require.NoError(t, err)
	p := pendingFor(t, svc, id)
	for range 20 { // past the start, to a gear choice
		if p.Decision == "gear" {
			break
		}
		_, err := svc.Autoplay(ctx, id, 1)
		require.NoError(t, err)
		p = pendingFor(t, svc, id)
	}
	require.Equal(t, "gear", p.Decision)
	require.NotContains(t, p.Options, "6")
	who := map[int]string{1: "Anna", 2: "Bob"}[p.Car]
	_, err = svc.Handle(ctx, Request{Identity: cli(who), Game: id, Text: "vitesse 6"})
	require.Error(t, err)
	require.True(t, IsUserError(err))
	assert.Contains(t, err.Error(), "possibles : ", err.Error())
	assert.Regexp(t, `\(R-[A-Z]+-\d+\)`, err.Error(), "the rule the engine named is kept")
	assert.Empty(t, englishIn(fd.StripRuleIDs(err.Error())), err.Error())
}
