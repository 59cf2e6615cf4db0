package variants

// 14-A Anti-stock-car collision (league-variants.md ch. 14, league AMB-29): the
// car whose move causes collision tests rolls its own last, and loses one
// body point automatically per car those tests eliminated (the competition
// rules already do both, R14.6); what 14-A adds is that it still rolls its
// own test against each eliminated car, where R14.6 spares it. A KnockRule.
import "github.com/pitwall/pitwall/engine/fd"

func init() { fd.RegisterVariant("14-A", variant14A) }

func variant14A() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "14-A", Group: "b", Name: "Anti-stock-car collision", NameFR: "Accrochage anti-stock car", Chapter: fd.ChapterCollision, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{},
		Help:   "the car that causes collision tests rolls its own last; for each car they eliminate it loses a body point and still rolls against it",
	}, func(map[string]string) (any, error) { return antiStockCar{}, nil })
}

// antiStockCar is the 14-A module.
type antiStockCar struct{}

// TestsAfterKnock: the mover rolls against the wreck too.
func (antiStockCar) TestsAfterKnock() bool { return true }
