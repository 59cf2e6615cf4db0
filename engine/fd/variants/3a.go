package variants

import (
	"fmt"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// 3-A Deluge (league-variants.md ch. 3): the extreme rain draw of the race
// weather gives a deluge, a wet track harder than rain (the Deluge column
// of the 8-C matrix, weather_matrix.go: dry tyres slide 4 and stop at 4th,
// rain tyres slide 2 and stop at 5th, collisions +3, handling ≤6 on dry
// tyres, stalls ≤4, short-lived tyres). Never in qualifying. In
// changeable weather a deluge needs a second rain test in a row (league AMB-10).
// It hooks the race weather roll (WeatherRoll, R3.1, R3.6) and, for the
// Deluge column's "Aquaplaning" row on a 6-C box, PlayEnd.
//
// The booklet's "a 1 on the weather die" reads a scale whose low faces
// are rain; the circuits print theirs the other way (sun 1–12 … rain
// 17–20), so the deluge is the face at the rain end of the circuit's
// scale (WeatherDraw.Edge): 20 on every shipped circuit.

func init() { fd.RegisterVariant("3-A", variant3A) }

func variant3A() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "3-A", Group: "b", Name: "Deluge", NameFR: "Déluge", Chapter: fd.ChapterWeather, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{fd.NewParam("second_rain", "edge", "in changeable weather, which second rain test in a row is a deluge: edge (the extreme rain face, league AMB-10) or any", "edge", "any")},
		Help:   "the extreme rain face of the race weather roll gives a deluge (not in qualifying; in changeable weather only on the second rain test in a row)",
	}, func(p map[string]string) (any, error) {
		switch p["second_rain"] {
		case "edge":
			return deluge{}, nil
		case "any":
			return deluge{anySecondRain: true}, nil
		}
		return nil, fmt.Errorf("variant 3-A: second_rain is edge or any, not %q", p["second_rain"])
	})
}

// deluge is the 3-A module.
type deluge struct{ anySecondRain bool }

// RaceWeather: the rain edge before the race; in the race, a rain test
// after a rain test, on the rain edge (or any, by the league's choice).
func (m deluge) RaceWeather(d fd.WeatherDraw) (fd.WeatherState, bool) {
	if d.Start {
		return fd.Deluge, d.Edge == tracks.Rain
	}
	second := d.Result == tracks.Rain && d.Last == tracks.Rain
	return fd.Deluge, second && (m.anySecondRain || d.Edge == tracks.Rain)
}

// PlayEnded: the Deluge column's "Aquaplaning" row, part of what 3-A
// ships without 8-C (the soft, hard and rain-tyre cells); with 8-C on,
// 8-C reads that row in every weather, so 3-A leaves it to 8-C and no
// car aquaplanes twice.
func (deluge) PlayEnded(t fd.Turn, _ dice.Source) error {
	if t.Game().HasTyreMatrix() {
		return nil
	}
	fd.Aquaplane(t)
	return nil
}
