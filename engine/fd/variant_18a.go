package fd

// 18-A Single slipstream (league-variants.md ch. 18): a car benefits from
// one slipstream per play; the chaining of R18 (slipstream again when the
// car ends behind another one) is off.

func variant18A() Variant {
	return Variant{ID: "18-A", Name: "Single slipstream", NameFR: "Aspi unique", Chapter: "18 Slipstream", Scope: ScopeRace, Engine: true,
		Params: []VariantParam{},
		Help:   "one slipstream per car and play: no chaining behind a second car",
		set: func(c *Config, _ map[string]string) error {
			c.Variants.SingleSlipstream = true
			return nil
		},
		get: func(c Config) (map[string]string, bool) { return onOff(c.Variants.SingleSlipstream) },
	}
}

// slipstreamSpent is 18-A: this play has had its one slipstream.
func (g *Game) slipstreamSpent(f *fdrTurn) bool {
	return g.Config.Variants.SingleSlipstream && f.slips > 0
}
