package duel

import (
	"hash/fnv"
	"slices"
	"strconv"
)

// Autopilot is the order the autopilot gives for seat now ("" when seat
// is not awaited). AX-1: the highest gear from which the car can still
// stop before the end of the strip with the gear dice's largest faces;
// the parachute when no gear is safe any more; after an incident it
// slows down once over the line. AX-4: the highest gear it can still
// stop from before the marsh, less a nerve of its own (drawn from the
// game and the seat, so the two autopilots do not mirror each other).
// Drifting out of control toward the last lane it brakes at once.
func (g *Game) Autopilot(seat int) string {
	orders := g.Orders(seat)
	if len(orders) == 0 {
		return ""
	}
	c := g.Cars[seat]
	if g.Cfg.Mode == Chicken {
		return g.chickenPick(seat, orders)
	}
	if slices.Contains(orders, "stop") && (c.CrossTick > 0 || c.IncidentK > 0) {
		return "stop"
	}
	// drifting to the last lane, or at risk after an incident over the
	// line: brake as fast as the rules allow, the parachute first
	if c.LocDir != 0 && lanesLeft(c) <= 1 || c.IncidentK > 0 && c.CrossTick > 0 {
		for _, o := range []string{"stop", "parachute"} {
			if slices.Contains(orders, o) {
				return o
			}
		}
		return orders[0]
	}
	best := ""
	for _, o := range orders {
		gear, err := strconv.Atoi(o)
		if err != nil {
			continue
		}
		if c.IncidentK > 0 && c.CrossTick > 0 && gear > c.Gear {
			continue
		}
		if c.Pos+gearDie(gear).Max()+stopDistance(gear) <= StripEnd {
			best = o // orders are in rising gears: the last safe one
		}
	}
	if best != "" {
		return best
	}
	if slices.Contains(orders, "parachute") {
		return "parachute"
	}
	if slices.Contains(orders, "stop") {
		return "stop"
	}
	return orders[0] // the lowest gear: nothing safer is left
}

// lanesLeft are the lanes a drifting car may still shift into.
func lanesLeft(c Car) int {
	if c.LocDir > 0 {
		return Lanes - c.Lane
	}
	return c.Lane - 1
}

// stopDistance is the most a car in gear moves before it may stop,
// shifting down one gear a tick to 2nd.
func stopDistance(gear int) int {
	d := 0
	for g := gear - 1; g >= 2; g-- {
		d += gearDie(g).Max()
	}
	return d
}

func (g *Game) chickenPick(seat int, orders []string) string {
	c := g.Cars[seat]
	if g.Alone == seat { // alone: brake, 1st, then neutral
		if slices.Contains(orders, "0") {
			return "0"
		}
		return "1"
	}
	h := fnv.New32a()
	h.Write([]byte(g.ID + strconv.Itoa(seat)))
	nerve := int(h.Sum32() % 6) // squares kept in hand before the marsh
	pick := "1"
	for _, o := range orders {
		gear, _ := strconv.Atoi(o)
		if gear >= 1 && c.Pos+gearDie(gear).Max()+gearDie(1).Max()+nerve < g.Cfg.MarshAt {
			pick = o
		}
	}
	if pick == "1" && c.Gear == 1 && slices.Contains(orders, "0") && c.Pos+gearDie(1).Max()+nerve >= g.Cfg.MarshAt {
		return "0"
	}
	return pick
}
