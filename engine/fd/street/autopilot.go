package street

import "github.com/pitwall/pitwall/engine/fd"

// The autopilot's street play: the sturdiest free driver, the nitro when
// its extra spaces fit before the next corner, Temana's debris when a car
// follows him closely.

// streetDriverPreference is the autopilot's order of drivers: the larger
// cards and the abilities it plays well first.
var streetDriverPreference = []string{DriverDimitri, DriverDiane, DriverDerek, DriverTemana, DriverJulien, DriverMontoya, DriverLiTsu, DriverJack, DriverStanley, DriverJenny}

// Auto is the autopilot's choice of the street decisions.
func (m *streetRules) Auto(g *fd.Game, d *fd.Decision) (string, bool) {
	switch d.Kind {
	case DecideDriver:
		return autoDriver(d), true // U-DRV-01
	case DecideReroll:
		return autoReroll(g, d), true // U-DRV-02 Julien
	case DecideRepair:
		return m.autoRepair(g, d), true // U-POL-01, U-CHK-01
	}
	return "", false
}

func autoDriver(d *fd.Decision) string {
	for _, key := range streetDriverPreference {
		for _, op := range d.Options {
			if op.Driver == key {
				return op.Letter
			}
		}
	}
	return d.Options[0].Letter
}

// Score prices the street declarations: the nitro is worth
// keeping for a later straight (its cost falls as the lap ends, and an
// option that overshoots already pays for it in wear); Temana's drop is
// worth it when an opponent is close behind.
func (m *streetRules) Score(g *fd.Game, c *fd.Car, op fd.Option) float64 {
	s := 0.0
	if op.Nitro > 0 {
		s -= 1.5
		if op.Overshoot > 0 {
			s -= 5
		}
	}
	if op.Radio != 0 {
		// U-DRV-02 Stanley: once per race, at a rival ahead or level
		if fd.Progress(g.Track, g.Car(op.Radio)) >= fd.Progress(g.Track, c) {
			s += 0.8
		} else {
			s -= 0.5
		}
	}
	if op.Drop {
		s -= 0.5
		here := g.Track.Spaces[c.Space].Level
		for i := range g.Cars {
			o := &g.Cars[i]
			if o.Number == c.Number || !o.OnBoard() {
				continue
			}
			behind := (here - g.Track.Spaces[o.Space].Level + g.Track.Levels) % g.Track.Levels
			if behind > 0 && behind <= 10 {
				s += 1
				break
			}
		}
	}
	return s
}

// autoReroll: Julien slides 1 where the others slide 3, so the
// autopilot re-rolls a dry race weather and keeps a wet one.
func autoReroll(g *fd.Game, d *fd.Decision) string {
	if g.Weather().Rain() {
		return d.Options[0].Letter
	}
	return d.Options[1].Letter
}

// autoRepair spreads recovered points where they are scarcest
// (repairOrder).
func (m *streetRules) autoRepair(g *fd.Game, d *fd.Decision) string {
	if len(m.repairs) > 0 {
		want := autoSpread(g, m.repairs[0])
		for _, op := range d.Options {
			if op.Repair == want {
				return op.Letter
			}
		}
	}
	return d.Options[0].Letter
}
