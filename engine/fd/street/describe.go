package street

import (
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/phrase"
)

// What the street rules say of their own options and decisions
// (fd.OptionFactsModule, fd.DecisionPhraseModule): engine/fd's option
// facts and decision headers ask the module, and name none of it. The
// texts are the catalog's (package phrasebook), in English and French.

// DecisionFacts says the options of the street decision kinds: a driver
// card with its starting points and ability (U-DRV-01, T-13), Julien's
// keep-or-re-roll (U-DRV-02), a spread of recovered points (U-POL-01,
// U-CHK-01).
func (m *streetRules) DecisionFacts(g *fd.Game, d fd.Decision, op fd.Option) ([]phrase.Phrase, bool) {
	switch d.Kind {
	case DecideDriver: // U-DRV-01, T-13
		dr, ok := fd.DriverByKey(op.Driver)
		if !ok {
			return nil, true
		}
		out := make([]phrase.Phrase, 0, 2+fd.NumCategories)
		out = append(out, phrase.New("opt.driver", dr.Name))
		for cat := fd.Category(0); cat < fd.NumCategories; cat++ {
			out = append(out, phrase.New("fact.points", phrase.Category(cat.String()), dr.Wear[cat]))
		}
		return append(out, phrase.New("driver."+dr.Key)), true
	case DecideReroll: // U-DRV-02 Julien
		if op.Reroll {
			return []phrase.Phrase{phrase.New("opt.reroll")}, true
		}
		return []phrase.Phrase{phrase.New("opt.keep-weather")}, true
	case DecideRepair: // U-POL-01, U-CHK-01
		out := g.AppendRepairFacts([]phrase.Phrase{phrase.New("opt.repair")}, op.Repair)
		if !op.Why.IsZero() {
			out = append(out, op.Why.Phrase())
		}
		return out, true
	}
	return nil, false
}

// MoveFacts adds the street declarations a move carries: the nitro
// (U-NIT-01), Jack's drift, Li-Tsu's too-cute, Temana's debris drop and
// Stanley's radio (U-DRV-02, T-14).
func (m *streetRules) MoveFacts(out []phrase.Phrase, op fd.Option) []phrase.Phrase {
	if op.Nitro > 0 {
		out = append(out, phrase.New("fact.nitro", op.Nitro)) // U-NIT-01
	}
	if op.Drift != 0 {
		out = append(out, phrase.New("fact.drift", phrase.Signed(op.Drift))) // U-DRV-02 Jack
	}
	if op.Cute {
		out = append(out, phrase.New("fact.cute")) // U-DRV-02 Li-Tsu
	}
	if op.Drop {
		out = append(out, phrase.New("fact.drop")) // U-DRV-02 Temana
	}
	if op.Radio != 0 {
		out = append(out, phrase.New("fact.radio", op.Radio)) // U-DRV-02 Stanley, T-14
	}
	return out
}

// DecisionPhrase says the headers of the street decision kinds: the
// driver draft (U-DRV-01), Julien's re-roll of the weather rolled
// (U-DRV-02), and the points a car spreads with why it recovers them
// (U-POL-01: the police record; U-CHK-01: the checkpoint, the default).
func (m *streetRules) DecisionPhrase(g *fd.Game, d fd.Decision, who phrase.Phrase) (phrase.Phrase, bool) {
	switch d.Kind {
	case DecideDriver:
		return phrase.New("dec.driver", who), true
	case DecideReroll:
		return phrase.New("dec.reroll", who, fd.WeatherPhrase(g.Weather())), true
	case DecideRepair:
		n, why := 0, phrase.New("why.checkpoint")
		if len(d.Options) > 0 {
			for _, v := range d.Options[0].Repair {
				n += v
			}
			if w := d.Options[0].Why; !w.IsZero() {
				why = w.Phrase()
			}
		}
		return phrase.New("dec.repair", who, n, why), true
	}
	return phrase.Phrase{}, false
}

// The street module says its options and decisions itself.
var (
	_ fd.OptionFactsModule    = (*streetRules)(nil)
	_ fd.DecisionPhraseModule = (*streetRules)(nil)
)
