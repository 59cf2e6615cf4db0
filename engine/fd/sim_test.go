package fd

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/tracks"
)

func TestSimulateTestOval(t *testing.T) {
	c, err := tracks.Get("test-oval")
	require.NoError(t, err)
	for _, seed := range []string{"1", "2", "3", "4", "5"} {
		g, rec, err := Simulate(DefaultConfig(), c, "test-oval", 6, SeedFrom(seed))
		require.NoError(t, err, "seed %s", seed)
		require.True(t, g.Over)
		t.Logf("seed %s: %d plays, %d rounds, %d events", seed, g.Play, g.Round, len(g.Events))
		for _, r := range g.Results() {
			t.Logf("  %+v", r)
		}
		back, err := ParseRecord(rec.Text())
		require.NoError(t, err)
		g2, err := Replay(back, c)
		require.NoError(t, err)
		require.Equal(t, g.Results(), g2.Results())
		require.NoError(t, Verify(back))
	}
}
