package variants

import (
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// 3-C Variable locked (league-variants.md ch. 3): two in-race weather tests
// in a row giving "changeable" lock the weather to the end of the race; no
// more tests. It hooks the finality of R3.6 (WeatherRule), which the base
// gives to two SUN or two RAIN: the track keeps the dry or wet state it
// had at the lock (R3.6(3)), so the engine settles a changeable weather
// into its final form (changeable dry ⇒ fine, changeable rain ⇒ rain),
// which is what stops the tests of R3.5.

func init() { fd.RegisterVariant("3-C", variant3C) }

func variant3C() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "3-C", Group: "b", Name: "Variable locked", NameFR: "Variable définitif", Chapter: fd.ChapterWeather, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{},
		Help:   "two variable weather tests in a row lock the weather variable to the end of the race",
	}, func(map[string]string) (any, error) { return variableLocked{}, nil })
}

// variableLocked is the 3-C module.
type variableLocked struct{}

// WeatherFinal: CHANGEABLE after CHANGEABLE.
func (variableLocked) WeatherFinal(last, result tracks.Weather) bool {
	return last == tracks.Changeable && result == tracks.Changeable
}
