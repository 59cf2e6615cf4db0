package fd

import (
	"fmt"
	"sort"
	"strings"

	"github.com/pitwall/pitwall/engine/dice"
)

// poolOf names the pit pool a car draws on: its own (O-PIT-01) or its
// team's (O-TEAM-02).
func (g *Game) poolOf(car int) int {
	if g.Config.Optional.Team {
		return TeamOf(car)
	}
	return car
}

func (g *Game) poolSize() int {
	switch {
	case g.Config.Optional.Team:
		return 4
	case g.Config.Optional.PitOptions:
		return 2
	}
	return 0
}

// PitPool is what is left in a car's pit pool (O-PIT-01, O-TEAM-02).
func (g *Game) PitPool(car int) int { return g.pitPool[g.poolOf(car)] }

func (g *Game) describeWaiting() string {
	var parts []string
	for _, d := range g.PendingAll() {
		parts = append(parts, fmt.Sprintf("car %d (%s)", d.Car, d.Kind))
	}
	return strings.Join(parts, ", ")
}

// pitNeedsChoice reports whether arriving in the box asks the player
// something: a tyre type (O-TYR with O-PIT) or the kind of stop (O-PIT).
func (g *Game) pitNeedsChoice() bool {
	return g.Config.Optional.PitOptions || g.Config.Optional.Team
}

// pitOptions lists the stops open to a car arriving in its box: a tyre stop
// with each tyre type, and technical stops repairing up to the pool's
// points in the non-tyre categories, capped at the starting values
// (O-PIT-02, O-PIT-03, AMB-26).
func (g *Game) pitOptions(c *Car) []Option {
	types := []Tyre{c.Tyre}
	if g.Config.Optional.Tyres {
		types = []Tyre{Hard, Soft, RainTyre}
	}
	start := g.startingWear(c)
	pool := g.PitPool(c.Number)
	var repairs []Wear
	var spread func(cat Category, left int, w Wear)
	spread = func(cat Category, left int, w Wear) {
		if cat == NumCategories {
			total := 0
			for _, v := range w {
				total += v
			}
			if total > 0 {
				repairs = append(repairs, w)
			}
			return
		}
		for n := 0; n <= left && n <= 2; n++ {
			if cat == Tyres && n > 0 {
				break
			}
			if c.Wear[cat]+n > start[cat] {
				break
			}
			w[cat] = n
			spread(cat+1, left-n, w)
		}
	}
	spread(Tyres, min(pool, 2), Wear{})
	sort.SliceStable(repairs, func(i, j int) bool { return repairs[i].Compact() > repairs[j].Compact() })
	var opts []Option
	for _, t := range types {
		opts = append(opts, Option{Tyre: t})
	}
	for _, t := range types {
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

// pitStop is R-PIT-03..06 and O-PIT-02: tyres restored (a fresh set of the
// chosen type), then a technical stop waits for the next turn while a tyre
// stop rolls the black die for a quick or a slow stop.
func (g *Game) pitStop(c *Car, op Option, src dice.Source) error {
	c.Pitting = false
	c.PitStops++
	start := g.startingWear(c)
	restored := start[Tyres] - c.Wear[Tyres]
	c.Wear[Tyres] = start[Tyres]
	c.Tyre, c.TyreAge = op.Tyre, 0 // O-TYR-10, AMB-25 (b)
	g.emit(Encode(PitStopEvent{Car: c.Number, Tyres: restored, Type: op.Tyre.String()}))
	if op.Technical {
		for cat := Category(0); cat < NumCategories; cat++ {
			if n := op.Repair[cat]; n > 0 {
				c.Wear[cat] = min(start[cat], c.Wear[cat]+n) // R-PS-04
				g.pitPool[g.poolOf(c.Number)] -= n           // O-PIT-03
				g.emit(Encode(RepairEvent{Car: c.Number, WearPoints: onePoint(cat.String(), n)}))
			}
		}
		c.SlowStop, c.Technical = true, true // AMB-26: no roll; next turn 1–4
		g.emit(Encode(PitTechnicalEvent{Car: c.Number, Pool: g.PitPool(c.Number)}))
		return nil
	}
	v, err := g.black(src, c.Number, "pit")
	if err != nil {
		return err
	}
	if v >= 11 {
		c.SlowStop = true
		g.emit(Encode(PitSlowEvent{Car: c.Number}))
		return nil
	}
	return g.quickExit(c, v)
}
