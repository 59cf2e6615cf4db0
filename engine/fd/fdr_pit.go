package fd

import (
	"sort"

	"github.com/pitwall/pitwall/engine/dice"
)

// Pit stops under the competition rules (R19). Pit selection (R4.1) is
// simplified: car N owns pit N, as under the complete rules.

// fdrPitOptions lists what a car arriving in its pit may announce: the tyre
// type first (R19.14), then a quick stop (R19.15) or a long stop repairing
// up to its pit points, never above the configured values (R19.17,
// AMB-39); a long stop may repair nothing.
func (g *Game) fdrPitOptions(c *Car) []Option {
	cfg := g.startingWear(c)
	pool := g.pitPool[c.Number]
	var repairs []Wear
	var spread func(cat Category, left int, w Wear)
	spread = func(cat Category, left int, w Wear) {
		if cat == NumCategories {
			repairs = append(repairs, w)
			return
		}
		for n := 0; n <= left; n++ {
			if cat == Tyres && n > 0 {
				break // tyres are restored anyway
			}
			if c.Wear[cat]+n > cfg[cat] {
				break
			}
			w[cat] = n
			spread(cat+1, left-n, w)
		}
	}
	spread(Tyres, pool, Wear{})
	sort.SliceStable(repairs, func(i, j int) bool { return repairs[i].Compact() > repairs[j].Compact() })
	var opts []Option
	for _, t := range g.tyreTypes() {
		opts = append(opts, Option{Tyre: t})
		for _, r := range repairs {
			opts = append(opts, Option{Tyre: t, Technical: true, Repair: r})
		}
	}
	for i := range opts {
		opts[i].Letter = letter(i)
		opts[i].End = c.Space
	}
	return opts
}

// fdrPitStop is R19.11–R19.17: all tyre points back and a new set of the
// announced type (R19.11, R19.14); a long stop repairs from the pit points
// and leaves at the next play; a quick stop rolls the black die: 1–10 the
// car leaves at once, ceil(d/2) spaces in 4th (T9), 11–20 it waits for its
// next play.
func (g *Game) fdrPitStop(op Option, src dice.Source) error {
	t := g.turn
	c, f := t.car, t.fdr
	c.Pitting = false
	c.PitStops++
	cfg := g.startingWear(c)
	restored := cfg[Tyres] - c.Wear[Tyres]
	c.Wear[Tyres] = cfg[Tyres]
	c.Tyre, c.TyreAge = op.Tyre, 0
	g.emit(ev("pit-stop", "car", c.Number, "tyres", restored, "type", op.Tyre))
	if op.Technical {
		for cat := Category(0); cat < NumCategories; cat++ {
			if n := op.Repair[cat]; n > 0 {
				c.Wear[cat] = min(cfg[cat], c.Wear[cat]+n)
				g.pitPool[c.Number] -= n
				g.emit(ev("repair", "car", c.Number, g.catName(cat), n))
			}
		}
		c.SlowStop = true
		g.emit(ev("pit-long", "car", c.Number, "pit", g.pitPool[c.Number]))
		return g.fdrFinishMove(src)
	}
	v, err := g.black(src, c.Number, "pit")
	if err != nil {
		return err
	}
	if v >= 11 {
		c.SlowStop = true
		g.emit(ev("pit-slow", "car", c.Number))
		return g.fdrFinishMove(src)
	}
	n := (v + 1) / 2 // T9
	from := c.Gear
	c.Gear = 4
	g.emit(ev("pit-quick", "car", c.Number, "spaces", n, "gear", 4, "from", from))
	// R19.16, AMB-38, AMB-49: the exit move may brake, slide and, once
	// out of the pit lane, slipstream; never the soft +1
	t.distance, t.face = n, 0
	f.exit, f.noSlip = true, false
	f.segFrom, f.segCorner, f.segStops = c.Space, -1, 0
	f.resolved = len(t.path)
	t.stage = stageMove
	return nil
}

// fdrPitClosed is R19.6 and AMB-12: the pit lane is open from the end of
// lap 1 to the end of the lap before the last, once per lap; closed during
// the start, the last lap and inertia (R16.10), and to a car leaving its
// pit.
func (g *Game) fdrPitClosed(t *turn) bool {
	return t.fdr != nil && (t.fdr.exit || t.fdr.inertia)
}
