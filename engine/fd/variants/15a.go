package variants

import (
	"fmt"
	"strconv"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/tracks"
)

// 15-A Restart by number of pilots (league-variants.md ch. 15,
// league AMB-31): on an oval circuit, the race stops when the markers on the
// circuit reach the number of starters when fewer than 10 start, else
// base_threshold (default 10). The competition rules have no oval restart of their own
// to change, so the stoppage is 21-B's (fdrStoppage: a restart from the
// grid on lap 1, later the order at the end of the lap before), its count
// 21-B's markers on the circuit (redFlagCounts); a circuit that is not an
// oval never stops for it. With 21-B on too, whichever threshold is
// reached first stops the race (the StoppageRule hook).

const ovalRestartBase = 10

func init() { fd.RegisterVariant("15-A", variant15A) }

func variant15A() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "15-A", Group: "c", Name: "Restart by number of pilots", NameFR: "Arrêt suivant nb pilotes", Chapter: fd.ChapterWall, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{
			{Key: "base_threshold", Default: strconv.Itoa(ovalRestartBase), Help: "the markers that stop a race on an oval with 10 starters or more"},
		},
		Help: "on an oval, the race stops (21-B's stoppage) when the markers on the circuit reach 10, or the number of starters when fewer start",
	}, func(p map[string]string) (any, error) {
		base := ovalRestartBase
		if s := p["base_threshold"]; s != "" {
			n, err := strconv.Atoi(s)
			if err != nil || n < 1 {
				return nil, fmt.Errorf("variant 15-A: base_threshold=%s: a number of markers of at least 1, please", s)
			}
			base = n
		}
		return ovalRestart{base: base}, nil
	})
}

// ovalRestart is the 15-A module.
type ovalRestart struct{ base int }

// Stops: on an oval only, the markers reach the threshold.
func (o ovalRestart) Stops(track *tracks.Circuit, starters, markers, _ int) bool {
	return track.Oval && markers >= o.threshold(starters)
}

// StoppageStatus: on an oval, the markers on the circuit toward the
// threshold; nothing elsewhere, where 15-A never stops the race.
func (o ovalRestart) StoppageStatus(track *tracks.Circuit, starters, markers, _ int) []phrase.Phrase {
	if !track.Oval {
		return nil
	}
	return []phrase.Phrase{phrase.New("status.oval-restart", markers, o.threshold(starters))}
}

// threshold is the spec's `(N_starters < 10) ? N_starters : base_threshold`
// (15-A): the 10 is the booklet's, not the parameter, so a base_threshold of
// 12 with 11 starters stops at 12, and one of 2 with 3 starters at 3 — not
// the smaller of the two.
func (o ovalRestart) threshold(starters int) int {
	if starters < ovalRestartBase {
		return starters
	}
	return o.base
}
