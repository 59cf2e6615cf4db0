package ai

import (
	"crypto/sha256"
	"fmt"
	"sort"

	"github.com/pitwall/pitwall/engine/ai"
	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/rs"
	"github.com/pitwall/pitwall/tracks/rscircuit"
)

// Race plays a whole race with the given drivers, seat i driven by
// seats[i] (ai.Autopilot for the autopilot), rolling dice and shuffling
// from seed; the AI's seed is derived from it (ai.SeedFor).
func Race(cfg rs.Config, c *rscircuit.Circuit, seats []ai.Level, seed [dice.SeedSize]byte) (*rs.Game, error) {
	cfg.Seats = len(seats)
	src := dice.NewSeeded(seed)
	g, err := rs.NewGame(fmt.Sprintf("bench-%x", seed[:6]), cfg, c, src)
	if err != nil {
		return nil, err
	}
	aiSeed := ai.SeedFor(seed[:])
	for n := 0; !g.Over; n++ {
		p := g.Pending()
		if len(p) == 0 || n > 100000 {
			return g, fmt.Errorf("game %s stopped with nothing pending", g.ID)
		}
		s := p[0].Seat
		key, ok := Driver{Level: seats[s], Seed: aiSeed}.Key(g, s)
		if !ok {
			return g, fmt.Errorf("seat %d: no order", s+1)
		}
		o, err := g.ParseKey(s, key)
		if err != nil {
			return g, err
		}
		if _, err := g.Submit(o, src); err != nil {
			return g, fmt.Errorf("seat %d order %q: %w", s+1, key, err)
		}
	}
	return g, nil
}

// BenchConfig says what a tournament races.
type BenchConfig struct {
	Rules    rs.Config // the mode and optional rules; Seats is set per race
	Circuits []*rscircuit.Circuit
	// Entrants race each other, PerEntrant cars each (1 when 0).
	Entrants   []ai.Level
	PerEntrant int
	Races      int // per circuit
	Seed       string
}

// Bench races the entrants against each other: on each circuit, Races
// races, the seats rotated from race to race so that no entrant keeps the
// same place on the grid. Pure: the same config gives the same result.
// Stats.PlaysPerLap is the orders a car made per turn (1: a turn is a
// lap), MeanWearLeft the tyre cards left at the flag (standard game).
func Bench(cfg BenchConfig) (*ai.BenchResult, error) {
	per := max(cfg.PerEntrant, 1)
	ne := len(cfg.Entrants)
	n := ne * per
	stats := make([]ai.Stats, ne)
	for i, e := range cfg.Entrants {
		stats[i].Entrant = ai.EntrantName(e)
	}
	places, wins, dnf, tyres, stops := make([]int, ne), make([]int, ne), make([]int, ne), make([]int, ne), make([]int, ne)
	res := &ai.BenchResult{}
	for _, c := range cfg.Circuits {
		beats := make([][]int, ne)
		for i := range beats {
			beats[i] = make([]int, ne)
		}
		for r := range cfg.Races {
			seats := make([]ai.Level, n)
			who := make([]int, n)
			for i := range n {
				who[i] = rotation(i, r, ne)
				seats[i] = cfg.Entrants[who[i]]
			}
			seed := sha256.Sum256(fmt.Appendf(nil, "pitwall ai-bench rs:%s:%s:%d", cfg.Seed, c.ID, r))
			g, err := Race(cfg.Rules, c, seats, seed)
			if err != nil {
				return nil, fmt.Errorf("%s race %d: %w", c.ID, r, err)
			}
			res.Races++
			best := make([]int, ne)
			place := 0
			for _, car := range finishOrder(g) {
				place++
				if car.System() {
					continue
				}
				e := who[car.Seat]
				stats[e].Cars++
				places[e] += place
				if place == 1 {
					wins[e]++
				}
				if best[e] == 0 {
					best[e] = place
				}
				if car.Out {
					dnf[e]++
				}
				if g.Std != nil {
					tyres[e] += len(g.Std.Piles[car.Seat])
				}
			}
			for _, ev := range g.Events {
				if ev.Kind == "pit-card" && ev.Get("for") == "own" {
					stops[who[ev.Int("seat")-1]]++
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
				res.H2H = append(res.H2H, ai.HeadToHead{Circuit: c.ID, A: stats[a].Entrant, B: stats[b].Entrant, Races: cfg.Races,
					AWins: float64(beats[a][b]) / float64(max(cfg.Races, 1))})
			}
		}
	}
	for i := range stats {
		st := &stats[i]
		cars := float64(max(st.Cars, 1))
		st.MeanPlace = float64(places[i]) / cars
		st.WinRate = float64(wins[i]) / float64(max(res.Races, 1))
		st.DNFRate = float64(dnf[i]) / cars
		st.PlaysPerLap = 1
		st.MeanWearLeft = float64(tyres[i]) / cars
		st.PitStops = float64(stops[i]) / cars
	}
	res.Stats = stats
	sort.SliceStable(res.H2H, func(i, j int) bool { return res.H2H[i].Circuit < res.H2H[j].Circuit })
	return res, nil
}

// rotation is the entrant in seat i of race r: the entrants rotated one
// seat a race, forwards on even races and backwards on odd ones, so that
// over 2·ne races every entrant sits in every seat and each of two
// entrants starts ahead of the other as often (the family game's grid is
// the seat order, R-FAM-04: a rotation one way only would start an
// entrant directly behind the next one in three races of four).
func rotation(i, r, ne int) int {
	q := r / 2
	if r%2 == 0 {
		return (i + q) % ne
	}
	return ((q-i)%ne + ne) % ne
}

// finishOrder is the classification at the flag, the cars out of the
// race last.
func finishOrder(g *rs.Game) []*rs.Car {
	out := g.Classification()
	for _, c := range g.Cars {
		if c.Out {
			out = append(out, c)
		}
	}
	return out
}
