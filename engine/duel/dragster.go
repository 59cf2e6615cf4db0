package duel

import (
	"strconv"

	"github.com/pitwall/pitwall/engine/dice"
)

// dragsterTick resolves one AX-1 tick for both running cars (league
// AMB-54), then ends the run when neither runs any more.
func (g *Game) dragsterTick(orders [2]string, r dice.Source) error {
	for s := range 2 {
		if g.Cars[s].State != Running {
			continue
		}
		if err := g.dragsterMove(s, orders[s], r); err != nil {
			return err
		}
	}
	if g.Cars[0].State == Running || g.Cars[1].State == Running {
		return nil
	}
	return g.endRun(r)
}

// dragsterMove plays one car's tick: its gear (stop, parachute), the
// incident die, the gear die, the line, the loss of control, the wall.
func (g *Game) dragsterMove(s int, order string, r dice.Source) error {
	c := &g.Cars[s]
	gear := 0
	switch {
	case c.Chute == ChuteOpen: // AX-1 parachute: forced two gears down a tick until stopped
		gear = c.Gear - 2
	case order == "stop":
		c.State = Stopped
		g.emit(ev("stop", "car", s+1, "at", c.Pos))
		return nil
	case order == "parachute":
		v, err := g.roll(r, s, "parachute", d20(), 0)
		if err != nil {
			return err
		}
		if v > c.Gear { // the die higher than the previous gear: it opens
			c.Chute, gear = ChuteOpen, c.Gear-2
			g.emit(ev("parachute", "car", s+1, "opens", "yes"))
		} else { // a streamer: the normal one-gear downshift
			c.Chute, gear = ChuteFailed, c.Gear-1
			g.emit(ev("parachute", "car", s+1, "opens", "no"))
		}
	default:
		gear, _ = strconv.Atoi(order)
	}
	if gear <= 0 {
		c.State, c.Gear = Stopped, 0
		g.emit(ev("stop", "car", s+1, "at", c.Pos))
		return nil
	}
	c.Gear = gear
	inc, err := g.roll(r, s, "incident", d20(), 0)
	if err != nil {
		return err
	}
	switch {
	case c.IncidentK > 0: // after an incident: crash below gear × k (equal survives)
		if inc < gear*c.IncidentK {
			g.crash(s, "incident")
			return nil
		}
		c.IncidentK++
	case inc == 1:
		c.IncidentK = 1 // the checks start on the next tick
		g.emit(ev("incident", "car", s+1))
	}
	if inc == 20 { // loss of control: first toward the inside, then the other way
		if c.LocDir == 0 {
			c.LocDir = 1
			if c.Lane > insideLane {
				c.LocDir = -1
			}
		} else {
			c.LocDir = -c.LocDir
		}
		g.emit(ev("control", "car", s+1, "dir", dirWord(c.LocDir)))
	}
	v, err := g.roll(r, s, "gear", gearDie(gear), 0)
	if err != nil {
		return err
	}
	c.Pos += v
	g.emit(ev("move", "car", s+1, "gear", gear, "squares", v, "to", c.Pos, "lane", c.Lane))
	if c.CrossTick == 0 && c.Pos >= FinishLine {
		c.CrossTick, c.Overshoot = g.Tick, c.Pos-FinishLine
		g.emit(ev("cross", "car", s+1, "tick", g.Tick, "overshoot", c.Overshoot))
	}
	if c.LocDir != 0 { // the shift comes at the end of the move: a car may win and crash
		c.Lane += c.LocDir
		if c.Lane < 1 || c.Lane > Lanes {
			g.crash(s, "off")
			return nil
		}
	}
	if c.Pos > StripEnd {
		g.crash(s, "wall")
	}
	return nil
}

func dirWord(d int) string {
	if d > 0 {
		return "right"
	}
	return "left"
}

func (g *Game) crash(s int, cause string) {
	c := &g.Cars[s]
	c.State, c.CrashGear = Crashed, c.Gear
	g.emit(ev("crash", "car", s+1, "cause", cause, "gear", c.Gear, "at", c.Pos))
}

// endRun rolls the crashed cars' injuries and says who won the run: the
// earlier tick at the line, then the larger overshoot, else a rerun; a car
// that never reached the line cannot win (AMB-54).
func (g *Game) endRun(r dice.Source) error {
	for s := range 2 {
		c := g.Cars[s]
		if c.State != Crashed {
			continue
		}
		v, err := g.roll(r, s, "injury", d20(), 0)
		if err != nil {
			return err
		}
		inj := injuryOf(v, c.CrashGear)
		g.Injuries[s] = &inj
		g.emit(ev("injury", "car", s+1, "gear", inj.Gear, "roll", v, "outcome", inj.Outcome, "runs", inj.Runs))
	}
	a, b := g.Cars[0], g.Cars[1]
	switch {
	case a.CrossTick == 0 && b.CrossTick == 0:
		g.Winner = -1
	case b.CrossTick == 0, a.CrossTick != 0 && a.CrossTick < b.CrossTick:
		g.Winner = 0
	case a.CrossTick == 0, b.CrossTick < a.CrossTick:
		g.Winner = 1
	case a.Overshoot > b.Overshoot:
		g.Winner = 0
	case b.Overshoot > a.Overshoot:
		g.Winner = 1
	default:
		g.Winner, g.Rerun = -1, true
	}
	g.Over = true
	if g.Rerun {
		g.emit(ev("result", "winner", "none", "rerun", "yes"))
	} else {
		g.emit(ev("result", "winner", seatWord(g.Winner)))
	}
	return nil
}

func seatWord(s int) string {
	if s < 0 {
		return "none"
	}
	return strconv.Itoa(s + 1)
}

// injuryOf reads AX-1's injury table: the d20 and the gear at the crash
// (the merged cells rebuilt; only 17 differs by gear, 5th and 6th missing
// a run).
func injuryOf(roll, gear int) Injury {
	i := Injury{Roll: roll, Gear: gear, Outcome: "none"}
	switch {
	case roll <= 2:
		i.Outcome = "dead"
	case roll <= 4:
		i.Outcome = "hospital"
	case roll <= 6:
		i.Outcome = "wrecked"
	case roll <= 8:
		i.Outcome, i.Runs = "forfeit", 4
	case roll <= 10:
		i.Outcome, i.Runs = "forfeit", 3
	case roll <= 13:
		i.Outcome, i.Runs = "miss", 2
	case roll <= 16:
		i.Outcome, i.Runs = "miss", 1
	case roll == 17 && gear >= 5:
		i.Outcome, i.Runs = "miss", 1
	}
	return i
}
