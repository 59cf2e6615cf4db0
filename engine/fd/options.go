package fd

import (
	"fmt"

	"github.com/pitwall/pitwall/tracks"
)

// Optional rules of formula-d-2008.md §2.17, each a switch in Config.
type Optional struct {
	Building   bool // O-BLD: each player spreads 20 points (T-08)
	Qualifying bool // O-QUA: a solo timed lap per car sets the grid
	Weather    bool // O-WX: weather rolls and rain effects
	Tyres      bool // O-TYR: hard, soft and rain tyres
	PitOptions bool // O-PIT: tyre stop or technical stop with a pool of 2
	Team       bool // O-TEAM: teams of two, points per place (T-11)
}

var optionalKeys = []struct {
	key string
	get func(*Optional) *bool
}{
	{"building", func(o *Optional) *bool { return &o.Building }},
	{"qualifying", func(o *Optional) *bool { return &o.Qualifying }},
	{"weather", func(o *Optional) *bool { return &o.Weather }},
	{"tyres", func(o *Optional) *bool { return &o.Tyres }},
	{"pit-options", func(o *Optional) *bool { return &o.PitOptions }},
	{"team", func(o *Optional) *bool { return &o.Team }},
}

// OptionalNames lists the switch names, for help texts.
func OptionalNames() []string {
	out := make([]string, len(optionalKeys))
	for i, k := range optionalKeys {
		out[i] = k.key
	}
	return out
}

// EnableOptional switches an optional rule on by name.
func (c *Config) EnableOptional(name string) error {
	for _, k := range optionalKeys {
		if k.key == name {
			*k.get(&c.Optional) = true
			return nil
		}
	}
	return fmt.Errorf("unknown optional rule %q (known: %v)", name, OptionalNames())
}

// WeatherState is the weather ladder T-09.
type WeatherState int

const (
	Fine          WeatherState = iota // beau temps: no effect, permanent
	Overcast                          // variable: no effect, may change
	ChangeableWet                     // pluie variable: rain, may change
	Wet                               // pluie: rain, permanent
	// the league's extremes (league-variants.md 3-A, 3-B), both
	// permanent; only their variants bring them
	Deluge   // déluge: rain, harder (8-C's Deluge column)
	Heatwave // canicule: dry, tyres and engines suffer (8-C's Heatwave column)
)

var weatherNames = []string{"fine", "changeable", "changeable-rain", "rain", "deluge", "heatwave"}

func (w WeatherState) String() string {
	if w < 0 || int(w) >= len(weatherNames) {
		return fmt.Sprintf("weather(%d)", int(w))
	}
	return weatherNames[w]
}

// Rain reports whether the rain effects apply (T-10, O-TYR-02).
func (w WeatherState) Rain() bool { return w == ChangeableWet || w == Wet || w == Deluge }

// Changeable reports whether 20/30 rolls may still change it (O-WX-04).
func (w WeatherState) Changeable() bool { return w == Overcast || w == ChangeableWet }

// settled is the final weather a changeable one becomes, its track dry
// or wet as it is (FDR R3.6(3)).
func (w WeatherState) settled() WeatherState {
	switch w {
	case Overcast:
		return Fine
	case ChangeableWet:
		return Wet
	}
	return w
}

func weatherFromTable(t tracks.Weather) WeatherState {
	switch t {
	case tracks.Sun:
		return Fine
	case tracks.Rain:
		return Wet
	}
	return Overcast
}

// Tyre is a tyre type (O-TYR-01).
type Tyre int

const (
	Hard Tyre = iota
	Soft
	RainTyre
	SuperSoft // league 8-B: a dry compound only its variant offers
	Monsoon   // league 8-C: a wet compound for the deluge, only its variant offers
)

var tyreNames = []string{"hard", "soft", "rain", "supersoft", "monsoon"}

func (t Tyre) String() string {
	if t < 0 || int(t) >= len(tyreNames) {
		return fmt.Sprintf("tyre(%d)", int(t))
	}
	return tyreNames[t]
}

// ParseTyre reads hard, soft or rain.
func ParseTyre(s string) (Tyre, bool) {
	for i, n := range tyreNames {
		if n == s {
			return Tyre(i), true
		}
	}
	return 0, false
}

// slide is the mandatory extra distance of a move that touches a corner
// (O-TYR-03/05/07, T-10b), 0 without the tyre rule.
func (g *Game) slide(c *Car) int {
	if m := g.module; m != nil {
		if n, ok := m.Slide(g, c); ok {
			return n // street U-CAR-01: hard tyres, Julien 1
		}
	}
	if !g.Config.Optional.Tyres || !g.weather.Rain() {
		return 0
	}
	switch c.Tyre {
	case Hard, Soft:
		return 3
	case RainTyre:
		return 1
	}
	return 0
}

// softBonus reports whether the optional +1 of soft tyres in the dry is
// open to the car (O-TYR-04): on its first lap on the set, not when leaving
// the pits (O-PIT-04).
func (g *Game) softBonus(c *Car) bool {
	return g.Config.Optional.Tyres && c.Tyre == Soft && !g.weather.Rain() && c.TyreAge == 0 && !g.inPitLane(c)
}

// overshootFactor multiplies overshoot tyre losses (T-10b).
func (g *Game) overshootFactor(c *Car) int {
	if g.can().TyreTypes {
		return g.rules().OvershootFactor(g, c) // FDR T3
	}
	if !g.Config.Optional.Tyres {
		return 1
	}
	wet := g.weather.Rain()
	switch {
	case c.Tyre == Soft && !wet:
		if c.TyreAge >= 2 {
			return 3
		}
		return 2 // AMB-25 (a): ×2 continues at age 1
	case c.Tyre == Soft && wet && c.TyreAge >= 2:
		return 3 // AMB-25 (c)
	case c.Tyre == RainTyre && !wet:
		if c.TyreAge >= 2 {
			return 3
		}
		return 2
	}
	return 1
}

// Black-die thresholds under rain (T-10).
func (g *Game) collisionLoses(v int) bool { return v <= g.baseCollisionLimit() }

// baseCollisionLimit is the highest losing roll of a plain collision test:
// 1 dry, 1–2 wet (R-COL-03, T-10).
func (g *Game) baseCollisionLimit() int {
	if g.weather.Rain() {
		return 2
	}
	return 1
}

func (g *Game) engineLoses(v int) bool { return v <= g.engineLimit() }

// carEngineLoses: black die v fails c's engine test, at or under its
// limit (the weather's, moved by an EngineLimitRule: 16-D's évo stages).
func (g *Game) carEngineLoses(c *Car, v int) bool { return v <= g.carEngineLimit(c) }

// engineLimit is the black die an engine test fails at or under: 1–4, 1–3
// on a wet track, a Deluge's or a Heatwave's own (league 3-A, 3-B, 8-C).
func (g *Game) engineLimit() int {
	if cell, ok := g.weatherCell(); ok {
		return cell.engine
	}
	if g.weather.Rain() {
		return 3
	}
	return 4
}

func (g *Game) handlingLoses(c *Car, v int) bool {
	if cell, ok := g.extremeCell(c); ok {
		return v <= cell.handling // league 3-A, 3-B (8-C)
	}
	if g.weather.Rain() {
		return v <= 5
	}
	return v <= 4
}

// teamPoints is T-11.
var teamPoints = []int{0, 10, 8, 6, 5, 4, 3, 2, 1, 0, 0}

// TeamOf is the team of a car under O-TEAM: cars 1 and 2 are team 1, and so
// on, one team per colour (R-GEN-02).
func TeamOf(car int) int { return (car + 1) / 2 }
