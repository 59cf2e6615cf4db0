package fd

import (
	"fmt"
	"slices"
	"strconv"
)

// Positions under the competition rules carry what a car needs to restart
// mid-race: its configuration and pit points (R5.2), its arrival rank
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
	return out
}

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
	if c.Wreck {
		cp.Reason = c.Reason
	}
}
