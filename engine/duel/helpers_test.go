package duel

import (
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/stretchr/testify/require"
)

// tick submits both orders of a tick ("" leaves a seat out) with src.
func tick(t *testing.T, g *Game, src dice.Source, left, right string) {
	t.Helper()
	if left != "" {
		_, err := g.Submit(0, left, src)
		require.NoError(t, err)
	}
	if right != "" {
		_, err := g.Submit(1, right, src)
		require.NoError(t, err)
	}
}

func newDuel(t *testing.T, cfg Config) *Game {
	t.Helper()
	g, err := New("t", cfg)
	require.NoError(t, err)
	return g
}

// lines is the record as one text, for Contains.
func lines(g *Game) string { return strings.Join(g.Lines(), "\n") }

// assertTold: every event of g is a sentence in English and in French.
func assertTold(t *testing.T, g *Game) {
	t.Helper()
	for _, e := range g.Evs {
		en, fr := g.Describe(e, "en"), g.Describe(e, "fr")
		require.NotEmpty(t, en, e.Line())
		require.NotEqual(t, en, fr, e.Line())
		require.NotContains(t, en+fr, "%!", e.Line())
	}
}
