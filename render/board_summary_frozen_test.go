package render

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// TestFrozenSummaries says every play of the frozen records
// (engine/fd/testdata/records/v1) as the board's last-play summary does,
// in both languages, and compares the text with the one frozen before the
// summaries were said through the phrase catalog (issue 13): what a board
// reads must not change unless it was wrong. -update rewrites the files.
func TestFrozenSummaries(t *testing.T) {
	files, err := filepath.Glob("../engine/fd/testdata/records/v1/*.rec")
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(files), 6)
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".rec")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(file)
			require.NoError(t, err)
			rec, err := fd.ParseRecord(string(src))
			require.NoError(t, err)
			c, err := tracks.Get(rec.Track)
			require.NoError(t, err)
			g, err := fd.Replay(rec, c)
			require.NoError(t, err)
			for _, lang := range Languages {
				lex, err := lexiconFor(lang)
				require.NoError(t, err)
				v := &gameView{g: g, c: c, lex: lex}
				var b strings.Builder
				plays := g.Plays()
				for i := range plays {
					fmt.Fprintf(&b, "%d: %s\n", plays[i].Play, strings.Join(v.summary(&plays[i]), " · "))
				}
				golden := filepath.Join("testdata", "summaries", name+"."+lang+".txt")
				if *update {
					require.NoError(t, os.WriteFile(golden, []byte(b.String()), 0o644))
				}
				want, err := os.ReadFile(golden)
				require.NoError(t, err)
				require.Equal(t, string(want), b.String())
			}
		})
	}
}
