package bot

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/rs"
	"github.com/pitwall/pitwall/tracks/rscircuit"
)

// BenchmarkRSStatus: one op is the status and every option's facts of a
// 4-seat standard rs race in its 10th turn, for every seat and a
// spectator, in both languages — said from the reported phrases
// (reported, what bot does) and by rs.Contract's own sentences (direct,
// what bot did before), side by side in one binary.
func BenchmarkRSStatus(b *testing.B) {
	c, err := rscircuit.Get("windmere")
	require.NoError(b, err)
	cfg := rs.Config{Mode: rs.Standard, Seats: 4}
	src := dice.NewSeeded(rs.SeedFrom("rs status bench"))
	g, err := rs.NewGame("b", cfg, c, src)
	require.NoError(b, err)
	l := &served{meta: &meta{Game: gameRS, Mode: string(cfg.Mode)}, kind: rsKind{}, game: rs.Contract{G: g, Say: sayPhrase}}
	for g.Turn < 10 && !g.Over {
		d := l.game.Pending()[0]
		_, err := l.game.Submit(d.Seat, d.Options[len(d.Options)/2].Key, src)
		require.NoError(b, err)
	}
	for _, way := range []struct {
		name   string
		status func(seat int, lang string) string
		facts  func(seat int, key, lang string) string
	}{
		{"reported", l.status, l.facts},
		{"direct", l.game.Status, l.game.Facts},
	} {
		b.Run(way.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, lang := range []string{"en", "fr"} {
					for seat := -1; seat < 4; seat++ {
						_ = way.status(seat, lang)
						for _, o := range l.game.Options(seat) {
							_ = way.facts(seat, o.Key, lang)
						}
					}
				}
			}
		})
	}
}
