package fd

import "github.com/pitwall/pitwall/engine/phrase"

// The weather's status text stays the base's though 3-C's file declared
// it: the status text and its JSON (contract.go, contract_status.go) call
// WeatherStatus, and they cannot call into a package of the variants; it
// reads the game's weather and which variants are on, nothing of a module.

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
