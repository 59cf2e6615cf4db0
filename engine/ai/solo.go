package ai

import (
	"fmt"
	"slices"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// soloKey identifies a car's state after a move, as the solo look-ahead
// sees it.
type soloKey struct {
	end        tracks.SpaceID
	gear, laps int
	stops      int
	wear       fd.Wear
}

// soloSeed rolls nothing that matters: a solo game starts at a gear
// decision and is asked for nothing else.
const soloSeed = "pitwall ai solo look-ahead"

// solo is a legend's second play ahead: the car stood alone at end in
// gear after the move op, the value of its best gear there, every face of
// its die against the exact moves the engine would offer (the pro's
// weighing, one play further than the pro looks). The other cars are
// left out: by then they will have moved. ok is false when the game
// cannot be set up (the caller falls back to the pro's estimate).
func (p *planner) solo(op fd.Option, end tracks.SpaceID, gear, stops int) (float64, bool) {
	g, c := p.g, p.c
	laps := c.Laps
	if g.Track.Spaces[end].Level < g.Track.Spaces[c.Space].Level && c.CrossedStart {
		laps++ // the move crossed the line
	}
	if laps >= g.Config.Laps {
		return 0, false // at the flag: nothing more to plan
	}
	wear := c.Wear
	for i, n := range op.Cost {
		wear[i] -= n
	}
	wear[fd.Brakes] -= op.SlipBrake
	for _, w := range wear {
		if w < 0 {
			return 0, false
		}
	}
	key := soloKey{end, gear, laps, stops, wear}
	if v, ok := p.solos[key]; ok {
		return v, true
	}
	if p.pos == nil {
		pos := g.Position()
		for _, cp := range pos.Cars {
			if cp.Car == c.Number {
				p.pos = &cp
				break
			}
		}
		if p.pos == nil {
			return 0, false
		}
	}
	cp := *p.pos
	cp.Car = 1
	cp.Space = g.Track.Spaces[end].Name
	cp.Gear, cp.Wear, cp.Laps, cp.Stops = gear, wear, laps, stops
	cp.Flags = slices.DeleteFunc(slices.Clone(cp.Flags), func(f string) bool {
		return f == "stalled" || f == "spun" || f == "slow-stop" || f == "pitting" || f == "restart" || f == "wreck"
	})
	cp.Inertia, cp.Reason = "", ""
	if !slices.Contains(cp.Flags, "started") {
		cp.Flags = append(cp.Flags, "started")
	}
	if !slices.Contains(cp.Flags, "crossed") {
		cp.Flags = append(cp.Flags, "crossed")
	}
	var mk string
	if p.memo != nil {
		mk = fmt.Sprintf("%v|%+v", g.Weather(), cp)
		if v, ok := p.memo.solos[mk]; ok {
			p.solos[key] = v
			return v, true
		}
	}
	sg, err := fd.NewGame("solo", g.Config, g.Track, 1)
	if err != nil {
		return 0, false
	}
	if err := sg.StartFrom(fd.Position{Round: 1, Weather: g.Weather(), Cars: []fd.CarPosition{cp}}, dice.NewSeeded(fd.SeedFrom(soloSeed))); err != nil {
		return 0, false
	}
	dec := sg.Pending()
	if dec == nil || dec.Kind != fd.DecideGear || dec.Car != 1 {
		return 0, false
	}
	// the car's wear is weighed where the move leaves it, the legend's
	// way: the value depends on that state alone, so a Memo may keep it
	sp := newPlanner(sg, 1, Legend)
	sp.shallow = true
	sp.rooms = p.rooms // the rooms are the track's, whoever drives
	if _, ok := sp.gear(dec); !ok {
		return 0, false
	}
	best := negInf
	for _, v := range sp.gearValues {
		best = max(best, v)
	}
	p.solos[key] = best
	if p.memo != nil {
		p.memo.solos[mk] = best
	}
	return best, true
}

// Memo keeps a legend's second-play values through one game, so the
// states its look-ahead meets again are not weighed again. A value depends
// only on the car's state where a move leaves it (the look-ahead sets the
// car alone), so a driver with a Memo orders exactly as one without, only
// sooner. A Memo belongs to one game; it is not safe for concurrent use.
type Memo struct {
	solos map[string]float64
}

// NewMemo returns an empty memo for one game.
func NewMemo() *Memo { return &Memo{solos: map[string]float64{}} }
