package fd

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// Qualifying (O-QUA): each car drives one lap alone, so every car's lap is
// an independent solo session, and all players drive theirs at the same
// time (AMB-23). A session is a one-car Game in qualifying mode: no start
// roll, points ignored, no braking (AMB-23 default), no engine, collision or
// debris rolls; the score is the number of gear-die rolls plus the
// overshoot spaces (O-QUA-04). Its events are copied into the race's record
// prefixed "q-" with q=CAR.

// QualifyingResult is one car's qualifying score.
type QualifyingResult struct {
	Car   int
	Rolls int
	// Penalty is the overshoot spaces, times the tyre factor (O-QUA-04).
	Penalty int
	// Ended: no stop in a 2- or 3-stop corner ended the attempt; the car
	// starts behind everyone else (O-QUA-05).
	Ended bool
}

// Score is rolls plus penalty.
func (r QualifyingResult) Score() int { return r.Rolls + r.Penalty }

func (g *Game) openQualifying(src dice.Source) error {
	g.quali = map[int]*Game{}
	g.qualiCopied = map[int]int{}
	for i := range g.Cars {
		c := &g.Cars[i]
		cfg := g.Config
		cfg.Laps = 1
		cfg.Optional = Optional{Tyres: g.Config.Optional.Tyres}
		sub := &Game{ID: g.ID + "/q" + strconv.Itoa(c.Number), Config: cfg, Track: g.Track,
			Debris: map[tracks.SpaceID]bool{}, counters: map[string]int{}, qualifying: true,
			weather: g.qualiWeather, setupStage: setupDone, startWear: map[int]Wear{}}
		sp := g.Track.QualifyingStart
		sub.Cars = []Car{{Number: 1, Space: sp, Wear: g.startingWear(c), Corner: g.Track.Spaces[sp].Corner, Tyre: c.Tyre}}
		g.quali[c.Number] = sub
		g.emit(ev("qualifying", "car", c.Number, "start", g.Track.Spaces[sp].Name))
		if err := sub.advance(src); err != nil {
			return err
		}
		g.copyQualiEvents(c.Number)
	}
	g.closeFinishedSessions()
	return nil
}

// qualifyingOpen reports whether some session is still being driven.
func (g *Game) qualifyingOpen() bool {
	for _, sub := range g.quali {
		if !sub.Over {
			return true
		}
	}
	return false
}

func (g *Game) copyQualiEvents(car int) {
	sub := g.quali[car]
	for _, e := range sub.Events[g.qualiCopied[car]:] {
		args := append([]Arg{{"q", strconv.Itoa(car)}}, e.Args...)
		g.emit(Event{Kind: "q-" + e.Kind, Args: args})
	}
	g.qualiCopied[car] = len(sub.Events)
}

// submitQualifying routes an order to the car's session.
func (g *Game) submitQualifying(o Order, src dice.Source) error {
	sub := g.quali[o.Car]
	inner := o
	inner.Car = 1
	inner.Session = ""
	if err := sub.Submit(inner, src); err != nil {
		return err
	}
	g.copyQualiEvents(o.Car)
	g.closeFinishedSessions()
	return nil
}

func (g *Game) closeFinishedSessions() {
	for _, n := range g.qualiCars() {
		sub := g.quali[n]
		if !sub.Over {
			continue
		}
		if _, done := g.qualiResults[n]; done {
			continue
		}
		r := QualifyingResult{Car: n, Rolls: sub.qRolls, Penalty: sub.qPenalty, Ended: sub.Cars[0].Status == Eliminated}
		g.qualiResults[n] = r
		g.emit(ev("qualified", "car", n, "rolls", r.Rolls, "penalty", r.Penalty, "ended", r.Ended))
	}
}

// QualifyingResults lists the sessions' scores, by car.
func (g *Game) QualifyingResults() []QualifyingResult {
	var out []QualifyingResult
	for _, n := range g.qualiCars() {
		if r, ok := g.qualiResults[n]; ok {
			out = append(out, r)
		}
	}
	return out
}

// qualifyingOrder is O-QUA-06: ascending score, ties by a black-die
// roll-off (AMB-23), ended attempts last, ordered among themselves by
// roll-off.
func (g *Game) qualifyingOrder(src dice.Source) ([]int, error) {
	byScore := map[int][]int{}
	var scores []int
	var ended []int
	for _, r := range g.QualifyingResults() {
		if r.Ended {
			ended = append(ended, r.Car)
			continue
		}
		if len(byScore[r.Score()]) == 0 {
			scores = append(scores, r.Score())
		}
		byScore[r.Score()] = append(byScore[r.Score()], r.Car)
	}
	sort.Ints(scores)
	var order []int
	for _, s := range scores {
		sub, err := g.rollGrid(src, byScore[s])
		if err != nil {
			return nil, err
		}
		order = append(order, sub...)
	}
	sub, err := g.rollGrid(src, ended)
	if err != nil {
		return nil, err
	}
	order = append(order, sub...)
	if len(order) != len(g.Cars) {
		return nil, fmt.Errorf("qualifying: %d results for %d cars", len(order), len(g.Cars))
	}
	return order, nil
}
