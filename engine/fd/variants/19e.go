package variants

import (
	"fmt"
	"strconv"

	"github.com/pitwall/pitwall/engine/fd"
)

// 19-E Long stop (league-variants.md ch. 19): a long stop repairs up to
// two life points among brakes, gas, body, handling and engine. The
// competition rules already repair up to two from the pit points (R19.17),
// so 19-E changes something only if those two are free (league AMB-62):
// they cost no pit point, and the pit points repair nothing more unless
// the league adds them (pit_repairs_too=yes). Hook: PitStopRule.

func init() { fd.RegisterVariant("19-E", variant19E) }

func variant19E() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "19-E", Group: "b", Name: "Long-stop repairs", NameFR: "Arrêt long", Chapter: fd.ChapterPitStops, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{
			fd.NewParam("free_repairs", "2", "points a long stop repairs without pit points (1 to 5)").AlsoCalled("long_stop_free_repairs"),
			fd.NewParam("pit_repairs_too", "no", "the pit points repair on top of the free ones (league AMB-62: no)", "no", "yes").AlsoCalled("long_stop_pit_repairs_additive"),
		},
		Help: "a long stop repairs up to 2 points among brakes, gas, body, road holding and engine without spending pit points",
	}, func(p map[string]string) (any, error) {
		n, err := strconv.Atoi(p["free_repairs"])
		if err != nil || n < 1 || n > 5 {
			return nil, fmt.Errorf("variant 19-E: free_repairs is a number of points from 1 to 5, not %q", p["free_repairs"])
		}
		return longStopRepairs{free: n, pitToo: p["pit_repairs_too"] == "yes"}, nil
	})
}

// longStopRepairs is the 19-E module.
type longStopRepairs struct {
	free   int
	pitToo bool
}

// AmendPitStop: the free points, and the pit points only if added.
func (l longStopRepairs) AmendPitStop(_ *fd.Car, r *fd.PitStopRules) {
	r.FreeRepairs += l.free
	r.PitRepairs = r.PitRepairs && l.pitToo
}
