package fd

import (
	"fmt"
	"slices"
	"strconv"
)

// Positions under the competition rules carry what a car needs to restart
// mid-race: the pit box it chose (R4.1, BOT-10), its configuration and pit
// points (R5.2), its arrival rank
// (R6.8), its inertia (R16.4, R16.7), a wreck's reason (T8); the flags
// restart (R10.14) and wreck (R12.6, R14.5); the header the last weather
// test (R3.6).

func (c CarPosition) fdrArgs() []Arg {
	var out []Arg
	if c.Config != (Wear{}) {
		out = append(out, Arg{"config", c.Config.Compact()}, Arg{"pit", strconv.Itoa(c.Pit)})
	}
	if c.Arrival > 0 {
		out = append(out, Arg{"arrival", strconv.Itoa(c.Arrival)})
	}
	if c.Inertia != "" {
		out = append(out, Arg{"inertia", c.Inertia})
	}
	if c.Reason != "" {
		out = append(out, Arg{"reason", c.Reason})
	}
	if c.Box > 0 {
		out = append(out, Arg{"box", strconv.Itoa(c.Box)})
	}
	return out
}

// maxBox bounds box= on a position line; the circuit's own count is
// checked when the game starts from it.
const maxBox = 99

func (c *CarPosition) parseFDR(e Event) error {
	if v := e.Get("config"); v != "" {
		w, err := ParseWearCompact(v)
		if err != nil {
			return fmt.Errorf("position-car %d: config: %w", c.Car, err)
		}
		c.Config = w
	}
	if v := e.Get("inertia"); v != "" {
		if !slices.Contains(inertiaNames[1:], v) {
			return fmt.Errorf("position-car %d: inertia %q (%v)", c.Car, v, inertiaNames[1:])
		}
		c.Inertia = v
	}
	if v := e.Get("reason"); v != "" {
		if !slices.Contains([]string{ReasonOvershoot, ReasonBlocking, ReasonCollision, ReasonWall, ReasonEngine, ReasonHandling}, v) {
			return fmt.Errorf("position-car %d: reason %q", c.Car, v)
		}
		c.Reason = v
	}
	return nil
}

// fdrStartCar sets a car's competition state from its position line and
// returns its configured values.
func (g *Game) fdrStartCar(c *Car, cp CarPosition) (Wear, error) {
	cfg, pit := g.Config.Start, fdrPitPoints(g.Config.Start)
	if cp.Config != (Wear{}) {
		if err := ValidateFDRBuild(cp.Config); err != nil {
			return cfg, fmt.Errorf("car %d: %w", cp.Car, err)
		}
		cfg, pit = cp.Config, cp.Pit
		if pit > fdrPitPoints(cfg) {
			return cfg, fmt.Errorf("car %d: %d pit points, more than the %d its configuration leaves (R5.2)", cp.Car, pit, fdrPitPoints(cfg))
		}
	}
	if cp.Box > len(g.Track.Pit.Boxes) {
		return cfg, fmt.Errorf("car %d: box %d, but %s has %d pit boxes (R4.1)", cp.Car, cp.Box, g.Track.ID, len(g.Track.Pit.Boxes))
	}
	c.box = cp.Box
	g.startWear[c.Number] = cfg
	g.pitPool[c.Number] = pit
	c.Arrival = cp.Arrival
	g.fdr.arrival = max(g.fdr.arrival, cp.Arrival)
	c.Restart = contains(cp.Flags, "restart")
	c.Inertia = max(0, slices.Index(inertiaNames, cp.Inertia))
	c.Reason = cp.Reason
	if contains(cp.Flags, "wreck") {
		if cp.Status != Eliminated || cp.Space == "" {
			return cfg, fmt.Errorf("car %d: a wreck is eliminated and stands on a space (R12.6, R14.5)", cp.Car)
		}
		c.Wreck = true
	}
	if c.Inertia != InertiaNone && cp.Status != Racing {
		return cfg, fmt.Errorf("car %d: inertia is for a racing car whose engine blew (R16.4)", cp.Car)
	}
	return cfg, nil
}

// fdrCarPosition writes a car's competition state.
func (g *Game) fdrCarPosition(c *Car, cp *CarPosition) {
	cp.Config = g.startingWear(c)
	cp.Pit = g.pitPool[c.Number]
	cp.Arrival = c.Arrival
	cp.Inertia = inertiaNames[c.Inertia]
	cp.Box = c.box // R4.1
	if c.Wreck {
		cp.Reason = c.Reason
	}
}

// fdrCheckBoxes refuses a position in which two cars own one pit box: a
// car without box= owns box Number (R4.1).
func (g *Game) fdrCheckBoxes() error {
	owner := map[int]int{}
	for i := range g.Cars {
		c := &g.Cars[i]
		b := c.box
		if b == 0 {
			b = c.Number
		}
		if o, dup := owner[b]; dup {
			return fmt.Errorf("cars %d and %d both own pit box %d (R4.1)", o, c.Number, b)
		}
		owner[b] = c.Number
	}
	return nil
}
