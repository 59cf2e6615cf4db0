package ai

import (
	"crypto/sha256"
	"fmt"
	"sort"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// Autopilot is the entrant of a tournament driven by fd.Autopilot, the
// absent player's driver: not a level.
const Autopilot Level = 0

// EntrantName names a tournament entrant.
func EntrantName(l Level) string {
	if l == Autopilot {
		return "autopilot"
	}
	return l.String()
}

// Race plays a whole race with the given drivers, seat i driving car i+1
// (Autopilot for fd.Autopilot), rolling dice from seed. It returns the
// finished game and how many plays each car made.
func Race(cfg fd.Config, c *tracks.Circuit, seats []Level, seed [dice.SeedSize]byte) (*fd.Game, []int, error) {
	g, err := fd.NewGame(fd.GameIDFor(seed), cfg, c, len(seats))
	if err != nil {
		return nil, nil, err
	}
	src := dice.NewSeeded(seed)
	if err := g.Start(src); err != nil {
		return g, nil, err
	}
	aiSeed := SeedFor(seed[:])
	plays := make([]int, len(seats))
	memo := NewMemo()
	for n := 0; !g.Over; n++ {
		d := g.Pending()
		if d == nil || n > 50000 {
			return g, plays, fmt.Errorf("game %s stopped with nothing pending", g.ID)
		}
		var o fd.Order
		var ok bool
		if lvl := seats[d.Car-1]; lvl == Autopilot {
			o, ok = fd.AutopilotFor(g, d.Car)
		} else {
			o, ok = Driver{Level: lvl, Seed: aiSeed, Memo: memo}.Order(g, d.Car)
		}
		if !ok {
			return g, plays, fmt.Errorf("car %d: no order for %s", d.Car, d.Kind)
		}
		if d.Kind == fd.DecideGear && d.Session == "" {
			plays[d.Car-1]++
		}
		if err := g.Submit(o, src); err != nil {
			return g, plays, fmt.Errorf("car %d order %+v: %w", d.Car, o, err)
		}
	}
	return g, plays, nil
}

// BenchConfig says what a tournament races.
type BenchConfig struct {
	Rules    fd.Config
	Circuits []*tracks.Circuit
	// Entrants race each other, PerEntrant cars each (2 when 0).
	Entrants   []Level
	PerEntrant int
	// Races per circuit.
	Races int
	Seed  string
}

// Stats is one entrant's summary.
type Stats struct {
	Entrant      string  `json:"entrant"`
	Cars         int     `json:"cars"`
	MeanPlace    float64 `json:"mean_place"`
	WinRate      float64 `json:"win_rate"`
	DNFRate      float64 `json:"dnf_rate"`
	PlaysPerLap  float64 `json:"plays_per_lap"`
	MeanWearLeft float64 `json:"mean_wear_left"`
	// PitStops is the mean number of pit stops a car made (R-PIT, FDR R19).
	PitStops float64 `json:"pit_stops"`
	// WearLeft is MeanWearLeft by category (R-PS-01): which points a
	// driver leaves unspent at the flag, and so whether it could have
	// spent more of them.
	WearLeft map[string]float64 `json:"wear_left,omitempty"`

	places, wins, dnf, plays, laps, wear, finished, pits int
	wearBy                                               fd.Wear
}

// HeadToHead is how often entrant A's best car finished ahead of B's best
// car on a circuit.
type HeadToHead struct {
	Circuit string  `json:"circuit"`
	A       string  `json:"a"`
	B       string  `json:"b"`
	Races   int     `json:"races"`
	AWins   float64 `json:"a_wins"`
}

// BenchResult is a tournament's outcome.
type BenchResult struct {
	Races int          `json:"races"`
	Stats []Stats      `json:"stats"`
	H2H   []HeadToHead `json:"head_to_head"`
}

// Bench races the entrants against each other: on each circuit, Races
// races, the seats rotated from race to race so that no entrant keeps the
// same cars. Pure: the same config gives the same result.
func Bench(cfg BenchConfig) (*BenchResult, error) {
	per := cfg.PerEntrant
	if per <= 0 {
		per = 2
	}
	ne := len(cfg.Entrants)
	n := ne * per
	if n > fd.MaxCars {
		return nil, fmt.Errorf("%d entrants × %d cars is more than %d cars", ne, per, fd.MaxCars)
	}
	stats := make([]Stats, ne)
	for i, e := range cfg.Entrants {
		stats[i].Entrant = EntrantName(e)
	}
	res := &BenchResult{}
	for _, c := range cfg.Circuits {
		beats := make([][]int, ne)
		for i := range beats {
			beats[i] = make([]int, ne)
		}
		for r := range cfg.Races {
			seats := make([]Level, n)
			who := make([]int, n) // entrant index of each car
			for i := range n {
				who[i] = (i + r) % ne
				seats[i] = cfg.Entrants[who[i]]
			}
			seed := sha256.Sum256(fmt.Appendf(nil, "pitwall ai-bench:%s:%s:%d", cfg.Seed, c.ID, r))
			g, plays, err := Race(cfg.Rules, c, seats, seed)
			if err != nil {
				return nil, fmt.Errorf("%s race %d: %w", c.ID, r, err)
			}
			res.Races++
			best := make([]int, ne)
			for _, rs := range g.Results() {
				e := who[rs.Car-1]
				st := &stats[e]
				car := &g.Cars[rs.Car-1]
				st.Cars++
				st.pits += car.PitStops
				st.places += rs.Place
				if rs.Place == 1 {
					st.wins++
				}
				if best[e] == 0 {
					best[e] = rs.Place
				}
				if car.Status != fd.Finished {
					st.dnf++
					continue
				}
				st.finished++
				st.plays += plays[rs.Car-1]
				st.laps += max(car.Laps, 1)
				for i, w := range car.Wear {
					st.wear += w
					st.wearBy[i] += w
				}
			}
			for a := range ne {
				for b := range ne {
					if best[a] < best[b] {
						beats[a][b]++
					}
				}
			}
		}
		for a := range ne {
			for b := a + 1; b < ne; b++ {
				res.H2H = append(res.H2H, HeadToHead{Circuit: c.ID, A: stats[a].Entrant, B: stats[b].Entrant, Races: cfg.Races,
					AWins: float64(beats[a][b]) / float64(max(cfg.Races, 1))})
			}
		}
	}
	for i := range stats {
		st := &stats[i]
		cars := float64(max(st.Cars, 1))
		st.MeanPlace = float64(st.places) / cars
		st.WinRate = float64(st.wins) / float64(max(res.Races, 1))
		st.DNFRate = float64(st.dnf) / cars
		st.PitStops = float64(st.pits) / cars
		if st.laps > 0 {
			st.PlaysPerLap = float64(st.plays) / float64(st.laps)
		}
		if st.finished > 0 {
			st.MeanWearLeft = float64(st.wear) / float64(st.finished)
			st.WearLeft = map[string]float64{}
			for i, w := range st.wearBy {
				st.WearLeft[fd.Category(i).String()] = float64(w) / float64(st.finished)
			}
		}
	}
	res.Stats = stats
	sort.SliceStable(res.H2H, func(i, j int) bool { return res.H2H[i].Circuit < res.H2H[j].Circuit })
	return res, nil
}
