package fd

import (
	"crypto/sha256"
	"fmt"
	"slices"
	"sort"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// SeedFrom turns a user's seed word into the 32-byte dice seed: a 64-digit
// hex string is taken as it is, anything else is hashed.
func SeedFrom(word string) [dice.SeedSize]byte {
	if s, err := dice.ParseSeed(word); err == nil {
		return s
	}
	return sha256.Sum256([]byte("pitwall seed:" + word))
}

// GameIDFor names a simulated game after its commitment, so that the same
// seed always gives the same game (and the same rolls).
func GameIDFor(seed [dice.SeedSize]byte) string {
	return "sim-" + dice.Commitment(seed)[:12]
}

// Simulate plays a whole race with the autopilot in every seat and returns
// the finished game with its record.
func Simulate(cfg Config, c *tracks.Circuit, trackRef string, cars int, seed [dice.SeedSize]byte) (*Game, *Record, error) {
	id := GameIDFor(seed)
	g, err := NewGame(id, cfg, c, cars)
	if err != nil {
		return nil, nil, err
	}
	g.Events = make([]Event, 0, simRecordCap(c, cars, cfg.Laps))
	src := dice.NewSeeded(seed)
	if err := g.Start(src); err != nil {
		return g, nil, err
	}
	for !g.Over {
		o, ok := Autopilot(g)
		if !ok {
			return g, nil, fmt.Errorf("game %s stopped with nothing pending", id)
		}
		if err := g.Submit(o, src); err != nil {
			return g, nil, fmt.Errorf("autopilot order %+v: %w", o, err)
		}
	}
	g.releaseScratch() // the race is over: its scratch serves the next (issue 14)
	rec := SimHeader(cfg, trackRef, cars, seed)
	rec.Events = g.Events
	return g, rec, nil
}

// simRecordCap is the room Simulate makes for a race's record at once: two
// events a space of a car's lap, over every car and lap (over 3 laps on
// the embedded circuits fd2008's races write 0.9 to 2.5, fdr's 1.3 to 3.3;
// a 1-lap race more, its setup and fdr's sessions weighing more), and some
// for the setup. Grown by
// append from nothing, the record was copied a dozen times and its garbage
// was 40 % of the bytes a race allocates, each copy under the collector's
// write barriers when a cycle ran (issue 14). A record longer than this
// grows as before: only the capacity differs, never the events.
func simRecordCap(c *tracks.Circuit, cars, laps int) int {
	return cars*max(laps, 1)*max(c.LapLength, 1)*2 + 16*cars
}

// Result is one car's line in the classification.
type Result struct {
	Car    int    `json:"car"`
	Place  int    `json:"place"`
	Status string `json:"status"`
	Cause  string `json:"cause,omitempty"`
	// Reason is the row of the elimination recap under fdr (T8, R20).
	Reason string         `json:"reason,omitempty"`
	Laps   int            `json:"laps"`
	Wear   map[string]int `json:"wear"`
	// Team and Points under the team race (O-TEAM, T-11).
	Team   int  `json:"team,omitempty"`
	Points *int `json:"points,omitempty"`
	// Driver is the car's driver in street races (U-DRV-01).
	Driver string `json:"driver,omitempty"`
	// Adjusted: an official moved the car to this place (R1.14), for the
	// reason given.
	Adjusted string `json:"adjusted,omitempty"`
}

// adjustment is an official's change to the classification (FDR R1.14).
type adjustment struct {
	car, place int
	reason     string
}

// Adjust is an official's change to the final classification (FDR R1.14:
// "officials may adjust the classification", e.g. to keep teammates at
// different tables): car moves to place, the others keep their order. It
// is recorded as a classification line and replays like an order.
func (g *Game) Adjust(car, place int, reason string) error {
	if !g.Over {
		return fmt.Errorf("%w: the classification can be adjusted once the race is over (R1.14)", ErrIllegal)
	}
	if car < 1 || car > len(g.Cars) {
		return fmt.Errorf("%w: there is no car %d", ErrIllegal, car)
	}
	if place < 1 || place > len(g.Cars) {
		return fmt.Errorf("%w: place %d: the places run from 1 to %d", ErrIllegal, place, len(g.Cars))
	}
	if reason == "" {
		reason = "official decision"
	}
	g.adjusted = append(g.adjusted, adjustment{car: car, place: place, reason: reason})
	g.emit(Encode(ClassificationEvent{Car: car, Place: place, Reason: reason}))
	return nil
}

// adjustFromEvent reads a classification line back (Replay): as the
// engine writes it, or by hand with car= and place= (the reason left out
// is Adjust's "official decision").
func (g *Game) adjustFromEvent(e Event) error {
	x, err := decodeGiven[ClassificationEvent](e, "car", "place")
	if err != nil {
		return err
	}
	return g.Adjust(x.Car, x.Place, x.Reason)
}

// Results classifies the cars: finishers in crossing order (R-FIN-02), then
// the eliminated ones by distance covered (R-FIN-03), then any still racing.
func (g *Game) Results() []Result {
	cars := make([]*Car, len(g.Cars))
	for i := range g.Cars {
		cars[i] = &g.Cars[i]
	}
	rank := func(c *Car) (int, int) {
		switch c.Status {
		case Finished:
			return 0, c.Place
		case Racing:
			return 1, -progress(g.Track, c)
		}
		return 2, -c.LastLevel
	}
	sort.SliceStable(cars, func(i, j int) bool {
		a1, a2 := rank(cars[i])
		b1, b2 := rank(cars[j])
		if a1 != b1 {
			return a1 < b1
		}
		if a2 != b2 {
			return a2 < b2
		}
		return cars[i].Number < cars[j].Number
	})
	out := make([]Result, len(cars))
	for i, c := range cars {
		w := map[string]int{}
		for cat := Category(0); cat < NumCategories; cat++ {
			w[g.catName(cat)] = c.Wear[cat] // FDR R0.3: gas, not gearbox
		}
		out[i] = Result{Car: c.Number, Place: i + 1, Status: c.Status.String(), Cause: c.Cause, Reason: c.EliminationReason(), Laps: c.Laps, Wear: w}
		if g.Config.Optional.Team {
			pts := 0
			if c.Status == Finished && c.Place < len(teamPoints) {
				pts = teamPoints[c.Place] // AMB-27: eliminated cars score 0
			}
			out[i].Team, out[i].Points = TeamOf(c.Number), &pts
		}
		out[i].Driver = g.DriverName(c.Number) // U-DRV-01
	}
	// FDR R1.14: the officials' adjustments, in the order they were made
	for _, a := range g.adjusted {
		from := slices.IndexFunc(out, func(r Result) bool { return r.Car == a.car })
		r := out[from]
		r.Adjusted = a.reason
		out = slices.Insert(slices.Delete(out, from, from+1), a.place-1, r)
	}
	for i := range out {
		out[i].Place = i + 1
	}
	return out
}

// TeamResult is one team's line of the team race (O-TEAM-03, T-11).
type TeamResult struct {
	Team   int   `json:"team"`
	Place  int   `json:"place"`
	Points int   `json:"points"`
	Cars   []int `json:"cars"`
	// Best is the team's best individual finishing place, 0 when neither
	// car finished; it breaks a tie on points (AMB-27).
	Best int `json:"best,omitempty"`
}

// TeamResults totals the T-11 points of each team under O-TEAM: the team
// with the most points wins (O-TEAM-03); a tie goes to the better best
// individual finish, eliminated cars scoring 0 (AMB-27). Nil without the
// team rule.
func (g *Game) TeamResults() []TeamResult {
	if !g.Config.Optional.Team {
		return nil
	}
	byTeam := map[int]*TeamResult{}
	var teams []*TeamResult
	for i := range g.Cars {
		c := &g.Cars[i]
		n := TeamOf(c.Number)
		tr := byTeam[n]
		if tr == nil {
			tr = &TeamResult{Team: n}
			byTeam[n] = tr
			teams = append(teams, tr)
		}
		tr.Cars = append(tr.Cars, c.Number)
		if c.Status == Finished {
			if c.Place < len(teamPoints) {
				tr.Points += teamPoints[c.Place]
			}
			if tr.Best == 0 || c.Place < tr.Best {
				tr.Best = c.Place
			}
		}
	}
	sort.SliceStable(teams, func(i, j int) bool {
		a, b := teams[i], teams[j]
		if a.Points != b.Points {
			return a.Points > b.Points
		}
		if (a.Best == 0) != (b.Best == 0) {
			return a.Best != 0
		}
		if a.Best != b.Best {
			return a.Best < b.Best
		}
		return a.Team < b.Team
	})
	out := make([]TeamResult, len(teams))
	for i, t := range teams {
		out[i] = *t
		out[i].Place = i + 1
	}
	return out
}
