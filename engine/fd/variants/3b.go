package variants

import (
	"fmt"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// 3-B Heatwave (league-variants.md ch. 3): the extreme sun draw of the
// race weather roll gives a heatwave, a dry track that wears tyres (the
// Heatwave column of the 8-C matrix, weather_matrix.go: soft 3 a square
// for one set lap, hard 2 for two, handling ≤5) and engines (tests ≤5).
// Never in qualifying, never after rain in the meeting (league AMB-11), never
// from an in-race test: in changeable weather the sun face is sun. It
// hooks the race weather roll (WeatherRoll, R3.1). As for 3-A, the
// booklet's 20 is the face at the sun end of the circuit's scale: 1 on
// every shipped circuit.

func init() { fd.RegisterVariant("3-B", variant3B) }

func variant3B() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "3-B", Group: "b", Name: "Heatwave", NameFR: "Canicule", Chapter: fd.ChapterWeather, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{fd.NewParam("after_rain", "meeting", "what rain forbids a heatwave: a rainy qualifying session of the meeting (league AMB-11) or only the last session", "meeting", "last-session")},
		Help:   "the extreme sun face of the race weather roll gives a heatwave: tyres wear faster, engine tests +1; not after rain",
	}, func(p map[string]string) (any, error) {
		switch p["after_rain"] {
		case "meeting":
			return heatwave{}, nil
		case "last-session":
			return heatwave{lastSessionOnly: true}, nil
		}
		return nil, fmt.Errorf("variant 3-B: after_rain is meeting or last-session, not %q", p["after_rain"])
	})
}

// heatwave is the 3-B module.
type heatwave struct{ lastSessionOnly bool }

// RaceWeather: the sun edge before the race, unless it rained.
func (m heatwave) RaceWeather(d fd.WeatherDraw) (fd.WeatherState, bool) {
	rained := d.RainedInQualifying
	if m.lastSessionOnly {
		rained = d.LastSession == tracks.Rain
	}
	return fd.Heatwave, d.Start && d.Edge == tracks.Sun && !rained
}
