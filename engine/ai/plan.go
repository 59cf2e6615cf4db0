package ai

import (
	"fmt"
	"math"
	"sync"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// A lapPlan is a legend's single-car plan of a race (fd2008): the expected
// cost, in plays, of driving to the flag from each state of a car alone on
// the track, computed once by backward induction over the gear dice's
// exact faces. The state is coarse in space and exact in the scarce points:
// the distance driven in levels (a space a level, the lane ignored), the
// gear, the stops made in the corner the car stands in, and the brake and
// gearbox points left (three each at the start, and no pit stop gives them
// back: their price is what they may still buy, and a point left at the
// flag buys nothing). Tyres (given back by a stop) and the engine are
// priced in plays at the legend's prices for a car half through its points
// (planPrice).
type lapPlan struct {
	levels, laps int
	// brakes and gearbox are the most points of each the plan counts
	brakes, gearbox int
	// perPlay is how many levels a play is worth on this circuit (the
	// plan's own mean): the exchange rate between plays and spaces
	perPlay float64
	// cost holds the states' costs, indexed by index()
	cost []float64
	// corner[level] is the corner zone a level lies in, -1 on a straight;
	// need[k] the stops corner k requires
	corner, need []int
	// moves[(d*4+stops)*maxMove+m] is where a move of m levels from
	// distance d leads: the same for every gear and every point left
	moves []planMove
	// the dice's faces and the prices, in plays, that solve works with
	dies               [6][]face
	tyre, engine, lost float64
}

// planMove is where a move leads: the distance and the stops made there,
// the tyre points its overshoots cost, whether it may be made at all.
type planMove struct {
	end, stops, tyres int
	ok                bool
}

// maxMove is one more than the longest move (6th's 30).
const maxMove = 31

// planPrice is what a plan pays for a point of a category it does not
// count, in spaces: the legend's weight for a car with half its points
// left, at mid-race.
func planPrice(cat fd.Category, start int) float64 {
	left := float64(start) / 2
	scale := legendBold * (legendFloor + (1-legendFloor)*0.5)
	if cat == fd.Tyres {
		scale = 0.75 * legendTyre
	}
	return weight[cat] * (1 + 2/(left+1)) * scale
}

type planKey struct {
	track *tracks.Circuit
	laps  int
	dice  string
	start fd.Wear
}

var (
	plansMu sync.Mutex
	plans   = map[planKey]*lapPlan{}
)

// planFor returns the circuit's plan for a race of the config's laps,
// computed once and shared: a plan is never written after it is made, so
// every goroutine may read it.
func planFor(cfg fd.Config, t *tracks.Circuit) *lapPlan {
	key := planKey{t, cfg.Laps, fmt.Sprint(cfg.Dice.Gears), cfg.Start}
	plansMu.Lock()
	defer plansMu.Unlock()
	if p, ok := plans[key]; ok {
		return p
	}
	p := buildPlan(cfg, t)
	plans[key] = p
	return p
}

func buildPlan(cfg fd.Config, t *tracks.Circuit) *lapPlan {
	p := &lapPlan{
		levels: t.Levels, laps: max(cfg.Laps, 1), perPlay: 6,
		brakes: min(max(cfg.Start[fd.Brakes], 0), 6), gearbox: min(max(cfg.Start[fd.Gearbox], 0), 6),
	}
	p.corner = make([]int, t.Levels)
	for i := range p.corner {
		p.corner[i] = -1
	}
	for _, k := range t.Corners {
		p.need = append(p.need, min(k.Stops, 3))
		for l := k.FirstLevel; ; l = (l + 1) % t.Levels {
			p.corner[l] = k.Index
			if l == k.LastLevel {
				break
			}
		}
	}
	total := p.laps * p.levels
	p.moves = make([]planMove, total*4*maxMove)
	for d := range total {
		for stops := range 4 {
			for m := range maxMove {
				p.moves[(d*4+stops)*maxMove+m] = p.move(d, stops, m)
			}
		}
	}
	// the exchange rate is the plan's own pace: solve, read the pace from
	// a standing start, solve again with it
	for range 2 {
		p.solve(cfg)
		if c := p.at(0, 1, 0, p.brakes, p.gearbox); c > 0 {
			p.perPlay = float64(total) / c
		}
	}
	p.solve(cfg)
	return p
}

func (p *lapPlan) index(d, gear, stops, brakes, gearbox int) int {
	return (((d*6+gear-1)*4+stops)*(p.brakes+1)+brakes)*(p.gearbox+1) + gearbox
}

// solve fills cost by backward induction: every move advances (the dice
// show at least 1) unless the car brakes to a standstill in a corner, which
// scores a stop there: the states are filled from the flag back, and at one
// distance from the most stops down.
func (p *lapPlan) solve(cfg fd.Config) {
	total := p.laps * p.levels
	nb, ng := p.brakes+1, p.gearbox+1
	p.cost = make([]float64, total*6*4*nb*ng)
	for h := 1; h <= 6; h++ {
		if die, err := cfg.Dice.Gear(h); err == nil {
			p.dies[h-1] = distinctFaces(die.Faces)
		}
	}
	price := func(cat fd.Category) float64 { return planPrice(cat, cfg.Start[cat]) / p.perPlay }
	p.tyre, p.engine = price(fd.Tyres), price(fd.Engine)
	p.lost = float64(eliminated) / p.perPlay
	// chosen[((h-1)*nb+br)*ng+gb] is the cost of a play in gear h with
	// br brake and gb gearbox points left once the gear is paid for
	chosen := make([]float64, 6*nb*ng)
	for d := total - 1; d >= 0; d-- {
		for stops := 3; stops >= 0; stops-- {
			if k := p.corner[d%p.levels]; stops > 0 && (k < 0 || stops > p.need[k]) {
				continue
			}
			for h := 1; h <= 6; h++ {
				for br := range nb {
					for gb := range ng {
						chosen[((h-1)*nb+br)*ng+gb] = p.playCost(d, h, stops, br, gb)
					}
				}
			}
			for g := 1; g <= 6; g++ {
				for br := range nb {
					for gb := range ng {
						best := p.lost
						for h := max(1, g-4); h <= min(6, g+1); h++ {
							w, ok := downshift(g, h)                                                  // R-DWN-01
							if !ok || w[fd.Brakes] > br || w[fd.Gearbox] > gb || gb == 0 && g-h > 1 { // R-DWN-03
								continue
							}
							c := chosen[((h-1)*nb+br-w[fd.Brakes])*ng+gb-w[fd.Gearbox]] + float64(w[fd.Engine])*p.engine
							best = min(best, c)
						}
						p.cost[p.index(d, g, stops, br, gb)] = best
					}
				}
			}
		}
	}
}

// move is where a move of m levels from distance d with stops made in the
// corner there leads, with the tyres its overshoots cost (R-OVS-01,
// R-OVS-03, R-OVS-05); not ok when it eliminates the car (R-OVS-02, or
// more tyres than a set) or is a standstill that scores no stop.
func (p *lapPlan) move(d, stops, m int) planMove {
	total := p.laps * p.levels
	here := p.corner[d%p.levels]
	if m == 0 && (here < 0 || stops >= p.need[here]) {
		return planMove{}
	}
	end := d + m
	tyres, overshot := 0, false
	cur, made := here, stops
	for x := d + 1; x <= end && x < total; x++ {
		k := p.corner[x%p.levels]
		if k == cur {
			continue
		}
		if cur >= 0 && made < p.need[cur] {
			// cur left with stops owed: every level from x on is beyond
			// its exit
			if p.need[cur]-made >= 2 {
				return planMove{} // R-OVS-02
			}
			tyres += min(end, total-1) - x + 1 // R-OVS-03
			overshot = true
		}
		cur, made = k, 0
	}
	if tyres >= 6 {
		return planMove{}
	}
	s := 0
	if end < total {
		if k := p.corner[end%p.levels]; k >= 0 {
			switch {
			case k == here && cur == here:
				s = min(stops+1, p.need[k]) // R-COR-02
			case !overshot:
				s = 1
			}
		}
	}
	return planMove{end: end, stops: s, tyres: tyres, ok: true}
}

// at is the plan's cost from a car's state: d the levels driven since the
// race's first crossing, its gear, the stops made in the corner it stands
// in, its brake and gearbox points.
func (p *lapPlan) at(d, gear, stops, brakes, gearbox int) float64 {
	if d >= p.laps*p.levels {
		return 0
	}
	d = max(d, 0)
	k := p.corner[d%p.levels]
	if k < 0 {
		stops = 0
	} else {
		stops = min(max(stops, 0), p.need[k])
	}
	return p.cost[p.index(d, min(max(gear, 1), 6), stops, min(max(brakes, 0), p.brakes), min(max(gearbox, 0), p.gearbox))]
}

// gearFor is the gear the plan would choose from a state (see at), 0 when
// none is legal.
func (p *lapPlan) gearFor(d, gear, stops, brakes, gearbox int) int {
	best, bestC := 0, math.Inf(1)
	for h := max(1, gear-4); h <= min(6, gear+1); h++ {
		w, ok := downshift(gear, h)
		if !ok || w[fd.Brakes] > brakes || w[fd.Gearbox] > gearbox || gearbox == 0 && gear-h > 1 {
			continue
		}
		if c := p.playCost(d, h, stops, brakes-w[fd.Brakes], gearbox-w[fd.Gearbox]) + float64(w[fd.Engine])*p.engine; c < bestC {
			best, bestC = h, c
		}
	}
	return best
}

// playCost is the cost of a play in gear h from distance d with stops made
// in the corner there and br brake and gb gearbox points left once the gear
// is paid for: every face of its die, each braked (R-BRK-01) to the best of
// the states it may lead to.
func (p *lapPlan) playCost(d, h, stops, br, gb int) float64 {
	faces := p.dies[h-1]
	if len(faces) == 0 {
		return p.lost
	}
	total := p.laps * p.levels
	ev, n := 0.0, 0
	for _, f := range faces {
		best := p.lost
		for b := 0; b <= min(br, f.value); b++ {
			mv := p.moves[(d*4+stops)*maxMove+f.value-b]
			if !mv.ok {
				continue
			}
			c := float64(mv.tyres) * p.tyre
			if mv.end < total {
				c += p.cost[p.index(mv.end, h, mv.stops, br-b, gb)]
			}
			best = min(best, c)
		}
		ev += float64(f.count) * best
		n += f.count
	}
	v := 1 + ev/float64(n)
	if h >= 5 { // R-ENG-01: a top face tests every engine
		top := faces[len(faces)-1]
		v += float64(top.count) / float64(n) * 0.2 * p.engine
	}
	return v
}
