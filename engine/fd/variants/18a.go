package variants

// 18-A Single slipstream (league-variants.md ch. 18): a car benefits from
// one slipstream per play; the chaining of R18 (slipstream again when the
// car ends behind another one) is off. The whole variant is this file and
// its line in engine/fd's variants table (variants.go), which names it by
// id: a module with one hook, SlipstreamRule, registered from this file's
// init, as every variant of this package is.
import "github.com/pitwall/pitwall/engine/fd"

func init() { fd.RegisterVariant("18-A", variant18A) }

func variant18A() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "18-A", Name: "Single slipstream", NameFR: "Aspi unique", Chapter: "18 Slipstream", Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{},
		Help:   "one slipstream per car and play: no chaining behind a second car",
	}, func(map[string]string) (any, error) { return singleSlipstream{}, nil })
}

// singleSlipstream is the 18-A module.
type singleSlipstream struct{}

// SlipstreamAllowed: only the play's first slipstream.
func (singleSlipstream) SlipstreamAllowed(t fd.Turn) bool { return t.Slipstreams() == 0 }
