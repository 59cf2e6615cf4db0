package fd

import (
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/stretchr/testify/assert"
)

// Issue 16: the counts toward the stoppage a driver weighs before a risky
// move (RedFlagStatus): 21-B's markers and walls toward 18 and 3 (R6.11,
// league AMB-46), 15-A's markers toward its oval threshold (3 starters:
// 3, league AMB-31), nothing on a circuit that is no oval for 15-A, nor
// without the variants, nor once a car has finished.
func TestRedFlagStatusCountsTowardTheThreshold(t *testing.T) {
	oval := inlineTrack(t, strings.Replace(fdrLabTrack, "lanes 3\n", "lanes 3\noval\n", 1))
	pos := func() Position {
		return Position{Round: 1, Debris: []string{"long.5.0", "long.6.1", "long.7.2"}, Cars: []CarPosition{fdrAt("long.20.1", 2), fdrAt("long.14.1", 2), fdrAt("long.10.1", 2)}}
	}
	g := fdrPlayCfg(t, oval, fdrVariantCfg(t, "21-B"), pos()).g
	assert.Equal(t, []phrase.Phrase{phrase.New("status.red-flag", 3, 18, 0, 3)}, g.RedFlagStatus())
	g = fdrPlayCfg(t, oval, fdrVariantCfg(t, "21-B:markers=12,walls=2", "15-A"), pos()).g
	assert.ElementsMatch(t, []phrase.Phrase{phrase.New("status.red-flag", 3, 12, 0, 2), phrase.New("status.oval-restart", 3, 3)}, g.RedFlagStatus())
	assert.Empty(t, fdrPlayCfg(t, fdrLab(t), fdrVariantCfg(t, "15-A"), pos()).g.RedFlagStatus(), "15-A: no oval, nothing to stop")
	assert.Empty(t, fdrPlayCfg(t, oval, fdrConfig(), pos()).g.RedFlagStatus(), "without the variants")
	g = fdrPlayCfg(t, oval, fdrVariantCfg(t, "21-B"), pos()).g
	g.finishes = 1
	assert.Empty(t, g.RedFlagStatus(), "a race won is not stopped")
}
