package variants

import (
	"fmt"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
)

// 8-C Monsoon rain tyres and the weather × tyre matrix (league-variants.md
// ch. 8): the whole matrix of weather_matrix.go is read in every weather,
// not only 3-A's and 3-B's Deluge and Heatwave columns, and a fourth tyre,
// the monsoon, is offered at every tyre choice (R8.1, R19.14) made on a
// wet track. What changes from the base tables: on a wet track dry tyres
// stop at 5th, stall on 1–3 and last one set lap (soft 3 a square, hard
// 2); rain tyres last three; in the dry hard tyres last three set laps and
// rain tyres one; the wheelspin row overrides 9-A's (league AMB-26). On a
// move rolled through a d20 box (6-C, the raw R of league AMB-01), the
// "Aquaplaning" row drops the car one gear, free, as its play ends: the
// move keeps its spaces (league AMB-26). It hooks TyreMatrix and PlayEnd.

func variant8C() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "8-C", Group: "c", Name: "Monsoon tyres and the weather matrix", NameFR: "Pneus pluie Mousson", Chapter: fd.ChapterTyres, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{fd.NewParam("monsoon_rain_slide", "3", "the monsoon tyre's slide in the rain, a rebuilt cell the spec asks the league to confirm (league AMB-26): 3 or 1", "3", "1")},
		Help:   "a fourth tyre for the deluge and the full weather × tyre matrix: slides, aquaplaning, gears, tests, lifetime, bonus, overshoot cost",
	}, func(p map[string]string) (any, error) {
		switch p["monsoon_rain_slide"] {
		case "3":
			return monsoonMatrix{rainSlide: 3}, nil
		case "1":
			return monsoonMatrix{rainSlide: 1}, nil
		}
		return nil, fmt.Errorf("variant 8-C: monsoon_rain_slide is 3 or 1, not %q", p["monsoon_rain_slide"])
	})
}

// monsoonMatrix is the 8-C module.
type monsoonMatrix struct{ rainSlide int }

// WetCompound: the monsoon.
func (monsoonMatrix) WetCompound() fd.Tyre { return fd.Monsoon }

// Adjust: the monsoon's slide in the rain, as the league confirmed it.
func (m monsoonMatrix) Adjust(row fd.WeatherState, tyre fd.Tyre, cell fd.TyreCell) fd.TyreCell {
	if row == fd.Wet && tyre == fd.Monsoon {
		return cell.WithSlide(m.rainSlide)
	}
	return cell
}

// monsoonGrace: the track dried with the car on monsoon tyres not yet
// worn: they run at cost until it next crosses the line (a position's
// "monsoon-grace"). The move reads and ends it (the overshoot's factor,
// the line, a new set), so the base finds it through KeepDriedTrackGrace
// (host_variants_play.go); WeatherChanged starts it.
var monsoonGrace = fd.NewVariantSlot[bool]("monsoon-grace")

func init() {
	fd.KeepDriedTrackGrace(monsoonGrace)
	fd.RegisterVariant("8-C", withKinds(variant8C))
}

// WeatherChanged gives the cars on monsoon tyres their one more lap when
// the track dries (league-variants.md 8-C [INF]: "if the track dries while
// they are fitted they may run 1 more lap, then the worn rule applies"):
// the set runs at the dry cell's cost until the car next crosses the line
// (crossLine), then it is worn (+1 a square, league AMB-26). A set already
// worn in the rain stays worn [DEC]; rain again ends the grace
// (MatrixWeatherChange, from fdr's weather test).
func (monsoonMatrix) WeatherChanged(g *fd.Game, before fd.WeatherState) {
	for i := range g.Cars {
		c := &g.Cars[i]
		if c.Tyre != fd.Monsoon || c.Status != fd.Racing {
			continue
		}
		if g.Weather().Rain() {
			monsoonGrace.Set(c, false)
			continue
		}
		wet, ok := g.MatrixCell(before, fd.Monsoon)
		if before.Rain() && ok && c.TyreAge < wet.SetLaps() && !monsoonGrace.Of(c) {
			monsoonGrace.Set(c, true)
			g.Emit(fd.Encode(MonsoonGraceEvent{Car: c.Number}))
		}
	}
}

// PlayEnded: the "Aquaplaning" row, read in every weather (aquaplane).
func (monsoonMatrix) PlayEnded(t fd.Turn, _ dice.Source) error {
	fd.Aquaplane(t)
	return nil
}
