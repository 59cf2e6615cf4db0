package duel

import (
	"strconv"

	"github.com/pitwall/pitwall/engine/dice"
)

// chickenTick resolves one AX-4 tick (league AMB-57): while tied, the five
// gear dice rolled once and shared, the gears compared; then the faster
// car alone until it stops or reaches the marsh.
func (g *Game) chickenTick(orders [2]string, r dice.Source) error {
	if g.Alone >= 0 {
		return g.chickenAlone(g.Alone, orders[g.Alone], r)
	}
	ga, _ := strconv.Atoi(orders[0])
	gb, _ := strconv.Atoi(orders[1])
	if ga == 0 && gb == 0 { // both in neutral: a handshake
		g.Cars[0].State, g.Cars[1].State = Stopped, Stopped
		g.Cars[0].Gear, g.Cars[1].Gear = 0, 0
		return g.endDuel(-1, "handshake")
	}
	var v [6]int // v[gear]: the shared box's roll; neutral moves nothing
	for gear := 1; gear <= 5; gear++ {
		n, err := g.roll(r, -1, "box", gearDie(gear), gear)
		if err != nil {
			return err
		}
		v[gear] = n
	}
	if ga == gb { // the same gear: both move the same, side by side
		for s := range 2 {
			g.chickenMove(s, ga, v[ga])
		}
		if g.Cars[0].Marsh { // both at once: both cars lost, no glory, no shame
			return g.endDuel(-1, "marsh")
		}
		return nil
	}
	fast := 0
	if g.faster(gb, ga, v) {
		fast = 1
	}
	slow := 1 - fast
	g.emit(ev("faster", "car", fast+1, "gear", max(ga, gb), "by", g.Cfg.Faster))
	g.Cars[slow].State = Stopped
	g.emit(ev("stop", "car", slow+1, "at", g.Cars[slow].Pos))
	gear := []int{ga, gb}[fast]
	g.chickenMove(fast, gear, v[gear])
	if g.Cars[fast].Marsh {
		return g.endDuel(slow, "")
	}
	g.Alone = fast
	return nil
}

// faster: gear a beats gear b (AMB-57's parameter: the higher gear, or
// more squares with the higher gear on equal squares).
func (g *Game) faster(a, b int, v [6]int) bool {
	if g.Cfg.Faster == FasterSquares && v[a] != v[b] {
		return v[a] > v[b]
	}
	return a > b
}

// chickenAlone: the faster car's own tick, its own gear die rolled.
func (g *Game) chickenAlone(s int, order string, r dice.Source) error {
	gear, _ := strconv.Atoi(order)
	if gear == 0 { // stopped before the marsh: glory to the faster
		g.Cars[s].State, g.Cars[s].Gear = Stopped, 0
		g.emit(ev("stop", "car", s+1, "at", g.Cars[s].Pos))
		return g.endDuel(s, "")
	}
	n, err := g.roll(r, s, "gear", gearDie(gear), 0)
	if err != nil {
		return err
	}
	g.chickenMove(s, gear, n)
	if g.Cars[s].Marsh { // into the marsh: the slower car wins after all
		return g.endDuel(1-s, "")
	}
	return nil
}

func (g *Game) chickenMove(s, gear, n int) {
	c := &g.Cars[s]
	c.Gear, c.Pos = gear, c.Pos+n
	g.emit(ev("move", "car", s+1, "gear", gear, "squares", n, "to", c.Pos, "lane", c.Lane))
	if c.Pos >= g.Cfg.MarshAt {
		c.Marsh, c.State = true, Crashed
		g.emit(ev("marsh", "car", s+1))
	}
}

// endDuel ends the duel: winner −1 with draw "handshake" or "marsh".
func (g *Game) endDuel(winner int, draw string) error {
	g.Over, g.Winner, g.Draw = true, winner, draw
	if winner < 0 {
		g.emit(ev("result", "winner", "none", "draw", draw))
		return nil
	}
	g.emit(ev("result", "winner", winner+1, "loser", 2-winner))
	return nil
}
