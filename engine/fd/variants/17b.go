package variants

import (
	"fmt"

	"github.com/pitwall/pitwall/engine/fd"
)

// 17-B Debris and oil markers (league-variants.md ch. 17, league AMB-38):
// a marker keeps the kind of what dropped it. A collision, a wall, a
// blocking or a lost body point drops debris, an engine failure or an
// inertia move oil, anything else the base's marker. A failed handling
// test on debris costs a body point, on oil an engine point, on any other
// dangerous space a handling point as in the base (R17.2). The booklet's
// "breakdown table" for a car on its last point is missing: losing the last
// point is then the base's consequence of losing it (a body point's
// elimination, an engine's blow). A MarkerLossRule.
//
// league AMB-38 reads the loss after a failed handling test (loss=test, the
// default); the booklet's words also read as an automatic loss on a
// typed marker, with no test (loss=auto).

func init() { fd.RegisterVariant("17-B", variant17B) }

func variant17B() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "17-B", Group: "b", Name: "Debris and oil markers", NameFR: "Cases débris et tache d'huile", Chapter: fd.ChapterRoadHold, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{fd.NewParam("loss", "test", "test: the point is lost on a failed handling test; auto: a typed marker costs its point with no test", "test", "auto")},
		Help:   "debris (collisions, blocked stand-stills) costs a body point, oil (engine failures) an engine point, instead of a handling point",
	}, func(p map[string]string) (any, error) {
		switch p["loss"] {
		case "test":
			return typedMarkers{}, nil
		case "auto":
			return typedMarkers{automatic: true}, nil
		}
		return nil, fmt.Errorf("variant 17-B: loss is test or auto, not %q", p["loss"])
	})
}

// typedMarkers is the 17-B module.
type typedMarkers struct{ automatic bool }

// MarkerLoss: debris takes body, oil engine, the rest handling (R17.2);
// a typed marker takes its point untested in the automatic reading.
func (m typedMarkers) MarkerLoss(kind fd.MarkerKind) (fd.Category, bool) {
	switch kind {
	case fd.MarkerDebris:
		return fd.Body, !m.automatic
	case fd.MarkerOil:
		return fd.Engine, !m.automatic
	}
	return fd.Handling, true
}
