package fd

import (
	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/tracks"
)

// 3-C Variable locked (league-variants.md ch. 3): two in-race weather tests
// in a row giving "changeable" lock the weather to the end of the race; no
// more tests. It hooks the finality of R3.6 (WeatherRule), which the base
// gives to two SUN or two RAIN: the track keeps the dry or wet state it
// had at the lock (R3.6(3)), so the engine settles a changeable weather
// into its final form (changeable dry ⇒ fine, changeable rain ⇒ rain),
// which is what stops the tests of R3.5.

func variant3C() Variant {
	return moduleVariant(Variant{ID: "3-C", Group: "b", Name: "Variable locked", NameFR: "Variable définitif", Chapter: chWeather, Scope: ScopeRace, Engine: true,
		Params: []VariantParam{},
		Help:   "two variable weather tests in a row lock the weather variable to the end of the race",
	}, func(map[string]string) (any, error) { return variableLocked{}, nil })
}

// variableLocked is the 3-C module.
type variableLocked struct{}

// WeatherFinal: CHANGEABLE after CHANGEABLE.
func (variableLocked) WeatherFinal(last, result tracks.Weather) bool {
	return last == tracks.Changeable && result == tracks.Changeable
}

// weatherForecastVariants are the variants whose weather a player plans
// on (league 3-A's deluge, 3-B's heatwave, 3-C's lock, 8-C's matrix).
var weatherForecastVariants = []string{"3-A", "3-B", "3-C", "8-C"}

// WeatherStatus is the race's weather for the status text when a variant
// of the weather pack is on: its state, the track dry or wet, and whether
// a weather test may still change it or it holds to the flag (3-C's lock,
// a deluge, R3.6) — the forecast a player fits tyres by (issue 16). None
// without those variants, whose games the base tells by its events.
func (g *Game) WeatherStatus() []phrase.Phrase {
	on := g.Config.variantOptions()
	for _, id := range weatherForecastVariants {
		if _, ok := on["variant."+id]; !ok {
			continue
		}
		w := g.Weather()
		track, outlook := phrase.New("status.track-dry"), phrase.New("status.weather-final")
		if w.Rain() {
			track = phrase.New("status.track-wet")
		}
		if w.Changeable() {
			outlook = phrase.New("status.weather-changes")
		}
		return []phrase.Phrase{phrase.New("status.weather", weatherWord(w.String()), track, outlook)}
	}
	return nil
}
