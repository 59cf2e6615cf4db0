package rs

import (
	"slices"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/rs/decks"
)

// The standard race's setup (R-SET, R-PRE) and start.

// houseDeck is a Pitwall house deck the code ships (never fails).
func houseDeck(id string) *decks.Deck {
	d, err := decks.House(id)
	if err != nil {
		panic(err)
	}
	return d
}

// setupStd sets a standard race up: the 18 cars of the edition, each
// system car following one seat (R-SET-04, T-03); every seat's first
// block of speed cards (R-PRE-02); every deck shuffled (R-PRE-03); the
// race weather (R-PRE-04, optional); the starting tyres (R-PRE-05); the
// start.
func (g *Game) setupStd(r Random) error {
	cfg := g.Cfg
	opt := strings.Join(cfg.Optional(), ",")
	if opt == "" {
		opt = "-"
	}
	args := append([]any{"mode", cfg.Mode, "seats", cfg.Seats, "turns", g.Turns}, cfg.setupDeckArgs()...)
	g.emit(ev("setup", Public, append(args, "optional", opt)...))
	g.Std = &StdState{Owner: map[int]int{}, Tyres: map[int]Tyre{}, Piles: map[int][]TyreCard{}, Fitted: map[int][]Tyre{},
		Nose: map[int]bool{}, Chrono: map[string][]decks.TimeCard{}, ChronoUsed: map[string][]decks.TimeCard{}}
	g.Race = &race{Phase: PhaseRace, Weather: Sun, Saved: map[int][]TyreCard{}, Due: map[int]int{}}
	g.Race.Events.SystemOnly = cfg.SystemOnly
	g.Race.Events.FullLength = cfg.FullEvents
	if cfg.TyreAllocation { // R-ADV-01
		g.Std.Sets = map[int]map[Tyre]int{}
		for s := range cfg.Seats {
			g.Std.Sets[s] = newSets()
		}
	}
	for s := range cfg.Seats {
		car := &Car{ID: s + 1, Name: StdColours[s], Seat: s}
		g.Cars = append(g.Cars, car)
		g.Seats = append(g.Seats, &Seat{Car: car.ID})
	}
	n := 0
	for s, k := range SystemCarsPerSeat(cfg.Seats) {
		for i := range k {
			if i == 0 && cfg.TwoCars { // R-VAR-05: the seat's first system car is its second car
				g.Cars = append(g.Cars, &Car{ID: len(g.Cars) + 1, Name: StdColours[s], Seat: s})
				continue
			}
			n++
			c := &Car{ID: len(g.Cars) + 1, Name: "system-" + strconv.Itoa(n), Seat: -1}
			g.Cars = append(g.Cars, c)
			g.Std.Owner[c.ID] = s
		}
	}
	if cfg.TeamPits {
		g.Std.Mate = g.teams()
	}
	if cfg.FixedFast {
		g.Std.Fast = g.fixedFast()
	}
	for _, c := range g.Cars {
		e := ev("car", Public, "car", c.ID, "name", c.Name, "seat", c.Seat+1)
		if c.System() {
			e.Args = append(e.Args, Arg{"follows", strconv.Itoa(g.Std.Owner[c.ID] + 1)})
		}
		if m, ok := g.Std.Mate[c.ID]; ok {
			e.Args = append(e.Args, Arg{"teammate", strconv.Itoa(m)})
		}
		if g.Std.Fast[c.ID] {
			e.Args = append(e.Args, Arg{"fast", "1"})
		}
		g.emit(e)
	}
	// R-PRE-02: block 1 in hand, no draw pile until turn 9; variant 10.1:
	// 5 of it in hand, 3 to draw (R-VAR-01).
	for s, seat := range g.Seats {
		seat.Hand = decks.Blocks(1)
		if cfg.SmallHands {
			if err := g.dealHand(s, decks.Blocks(1), r); err != nil {
				return err
			}
			continue
		}
		g.emit(ev("deal", Audience{Seats: []int{s}}, "seat", s+1, "hand", joinInts(seat.Hand), "pile", 0))
	}
	// R-PRE-03: the green deck, the risk, pit, dry and wet decks, the two
	// Chrono/Start/Pit decks.
	green := decks.GreenStandard(1)
	perm, err := g.shuffle("green", 0, len(green), r)
	if err != nil {
		return err
	}
	g.Green = permute(green, perm)
	if perm, err = g.shuffle("risk", 0, len(cfg.Risk.Cards), r); err != nil {
		return err
	}
	g.Risk = permute(cfg.Risk.Cards, perm)
	for _, id := range []string{"dry", "wet", "pit", "start"} {
		d := cfg.deck(id)
		if perm, err = g.shuffle(id, 0, len(d.Cards), r); err != nil {
			return err
		}
		switch id {
		case "dry":
			g.Race.Events.Dry = permute(d.Cards, perm)
		case "wet":
			g.Race.Events.Wet = permute(d.Cards, perm)
		case "start":
			g.Race.StartInc = permute(d.Cards, perm)
		default:
			g.Std.PitInc = permute(d.Cards, perm)
		}
	}
	for _, id := range []string{"risky", "careful"} {
		d := cfg.deck("chrono-" + id)
		if perm, err = g.shuffle("chrono-"+id, 0, len(d.Times), r); err != nil {
			return err
		}
		g.Std.Chrono[id] = permute(d.Times, perm)
	}
	// R-ADV-08 (optional): the tyre manufacturer's die, before qualifying.
	if cfg.Manufacturer {
		if err := g.rollManufacturer(r); err != nil {
			return err
		}
	}
	// R-PRE-04 (optional): the race weather.
	if cfg.Weather {
		d, err := g.roll3("race-weather", r)
		if err != nil {
			return err
		}
		g.Race.Weather, g.Race.Hum = RaceStartWeather(d.D100(), g.Circuit.WeatherModifier)
		g.emit(ev("weather", Public, "state", g.Race.Weather, "humidity", g.Race.Hum))
	}
	// R-PRE-05: the starting tyres, the best for the track's humidity
	// (this engine chooses them for every seat for now).
	for s := range g.Seats {
		t := BestTyre(g.Race.Hum)
		g.Std.Tyres[s] = t
		g.Std.Piles[s] = g.FreshPile(t)
		g.Std.Fitted[s] = []Tyre{t}
		g.emit(g.tyresEvent(s, t))
	}
	if cfg.AdvancedQuali { // qualifying in phases (aquali.go)
		return g.openAdvQuali(r)
	}
	if !cfg.QuickStart { // qualifying, then the start (quali.go)
		g.Race.Phase = PhaseQuali
		g.emit(ev("qualifying", Public))
		return nil
	}
	if err := g.quickStart(r); err != nil {
		return err
	}
	// R-PRE-07: in heavy rain the start is rolling, and it is turn 1
	// (AMB-56).
	return g.beginRace()
}

// quickStart is the alternative quick method (R-QA-01): the random-car
// cards shuffled and drawn one by one, the first drawn the last car, on
// the start square advanced by the highest of three dice, each next one
// directly in front.
func (g *Game) quickStart(r Random) error {
	perm, err := g.shuffle("random-car", 0, len(g.Cars), r)
	if err != nil {
		return err
	}
	drawn := make([]int, len(perm))
	for i, p := range perm {
		drawn[i] = g.Cars[p].ID
	}
	if RollingStart(g.Race.Weather) {
		// R-PRE-07, R-ROLL-02: heavy rain has no grid start for the quick
		// method to replace, only its order: the leader (the last drawn)
		// on the start square, the others directly behind, no dice
		for i := len(drawn) - 1; i >= 0; i-- {
			c := g.car(drawn[i])
			c.Dist = g.Circuit.Start - (len(drawn) - 1 - i)
			g.emit(ev("place", Public, "car", c.ID, "square", g.square(c.Dist), "dist", c.Dist))
		}
		return nil
	}
	d, err := g.roll3("start", r)
	if err != nil {
		return err
	}
	at := QuickGrid(drawn, g.Circuit.Start, d.Move())
	for i := len(drawn) - 1; i >= 0; i-- {
		c := g.car(drawn[i])
		c.Dist = at[c.ID]
		g.emit(ev("place", Public, "car", c.ID, "square", g.square(c.Dist), "dist", c.Dist))
	}
	return nil
}

// allCards lists every card of a standard race's shared decks and where
// it is, for the conservation property: each card in exactly one place.
func (g *Game) sharedCards() map[string][]string {
	out := map[string][]string{}
	add := func(k string, cs ...decks.Card) {
		for _, c := range cs {
			out[k] = append(out[k], c.String())
		}
	}
	add("risk", g.Risk...)
	add("risk", g.RiskDiscard...)
	for _, c := range g.Cars {
		add("risk", c.Cards...)
	}
	add("dry", g.Race.Events.Dry...)
	add("dry", g.Race.Events.DryUsed...)
	add("wet", g.Race.Events.Wet...)
	add("wet", g.Race.Events.WetUsed...)
	add("pit", g.Std.PitInc...)
	add("pit", g.Std.PitIncUsed...)
	add("start", g.Race.StartInc...)
	add("start", g.Race.StartIncUsed...)
	for _, id := range []string{"risky", "careful"} {
		for _, c := range slices.Concat(g.Std.Chrono[id], g.Std.ChronoUsed[id]) {
			out["chrono-"+id] = append(out["chrono-"+id], c.String())
		}
	}
	for k := range out {
		slices.Sort(out[k])
	}
	return out
}
