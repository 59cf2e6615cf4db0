package rs

import (
	"fmt"
	"slices"

	"github.com/pitwall/pitwall/engine/rs/decks"
)

// The advanced qualifying (optional rule advanced-qualifying,
// racing-simulator.md §3.6.3, T-29, T-30), played asynchronously: one
// sealed order per seat and phase (§7.2: Q2 has three phases, Q3 two),
// either an attempt from the risky or the careful deck or a pass. Each
// phase: the weather changes (R-QX-03 step 1), the orders are revealed,
// the weather changes again and gives the phase its humidity (step 3) and
// its track or weather impact (R-QX-04, R-QX-05), the decks are shuffled
// at the first phase (step 4), the attempts draw (step 5). After the last
// phase each system car draws one time, put in the fastest phase
// (R-QX-07), every car keeps its best time, and the knockout goes on as
// in the basic qualifying (qualiRun).

// advQualifying reports whether the seats order a phase of the advanced
// qualifying now: the phase is PhaseQuali, as in the basic qualifying
// (boards and views read it: no car is on the track yet), with the
// advanced qualifying's state.
func (g *Game) advQualifying() bool {
	return g.Race != nil && g.Race.Phase == PhaseQuali && g.Race.AQ != nil
}

// MaxAttempts is the most attempts a car makes in a session (R-QX-06).
const MaxAttempts = 2

// NoTime ranks a car that set no time in a session behind every time.
const NoTime = 1 << 30

// advQuali is the advanced qualifying in progress.
type advQuali struct {
	Run      *qualiRun
	Phase    int // 0-based, in the running session
	Weather  Weather
	Hum      int
	PhaseHum []int // each phase's humidity so far (R-QX-03 step 3)
	Mismatch []int // each phase's tyre penalty, thousandths (R-QX-09)
	Impact   []int // each phase's impact, thousandths (R-QX-04, R-QX-05)
	Tries    map[int][]aqTry
	Decks    map[string][]decks.TimeCard
}

// aqTry is one attempt: the phase and the card drawn.
type aqTry struct {
	Phase, Chrono int
	Deck          string
}

func (a *advQuali) clone() *advQuali {
	if a == nil {
		return nil
	}
	n := *a
	n.Run = a.Run.clone()
	n.PhaseHum, n.Mismatch, n.Impact = slices.Clone(a.PhaseHum), slices.Clone(a.Mismatch), slices.Clone(a.Impact)
	n.Tries = map[int][]aqTry{}
	for k, v := range a.Tries {
		n.Tries[k] = slices.Clone(v)
	}
	n.Decks = map[string][]decks.TimeCard{}
	for k, v := range a.Decks {
		n.Decks[k] = slices.Clone(v)
	}
	return &n
}

// phases is how many phases the running session has: two in Q3, three
// otherwise (R-QX-02).
func (a *advQuali) phases() int {
	if a.Run.name() == "q3" {
		return 2
	}
	return 3
}

// key names a roll of this phase: "aq-q2-1-weather-1".
func (a *advQuali) key(what string) string {
	return fmt.Sprintf("aq-%s-%d-%s", a.Run.name(), a.Phase+1, what)
}

// TrackImpact is T-15: the track's improvement on the blue die, in
// thousandths, added to every earlier phase (R-QX-04).
func TrackImpact(blue int) int {
	switch {
	case blue <= 2:
		return 0
	case blue <= 6:
		return 100
	}
	return 200
}

// WeatherImpact is T-30: 0.400 a degree of humidity changed (R-QX-05).
func WeatherImpact(degrees int) int { return 400 * degrees }

// QualiTyre is the tyre an attempt runs on, the one best suited to the
// humidity when the Qualif card is played (R-QX-01): soft below 3,
// intermediate up to 9, rain from 10.
func QualiTyre(h int) Tyre {
	switch {
	case h < 3:
		return Soft
	case h <= 9:
		return Inter
	}
	return Rain
}

// QualiMismatch is the time a new tyre t loses at humidity h, 0.200 a
// drop-back point of T-09 (R-QX-09, AMB-35: added, not taken off).
func QualiMismatch(t Tyre, h int) int {
	top := TyreCard{}
	if t == Soft {
		top.Value = 2
	}
	return 200 * max(0, -TW(t, top, h, true))
}

// FastestPhase is the phase whose impact is lowest, the first of equals:
// where a system car's one time goes (R-QX-07).
func FastestPhase(impact []int) int {
	best := 0
	for i, v := range impact {
		if v < impact[best] {
			best = i
		}
	}
	return best
}

// bestTime is a car's best time of the session from its attempts, each
// timed by at (its phase's tyre penalty and impact added), NoTime without
// one; penalty reports a penalty card on its last attempt, which stands
// (R-QX-08: only a later attempt cancels it).
func bestTime(tries []aqTry, at func(phase, chrono int) int) (best int, penalty bool) {
	best = NoTime
	for _, t := range tries {
		if t.Chrono != decks.Penalty {
			best = min(best, at(t.Phase, t.Chrono))
		}
	}
	return best, len(tries) > 0 && tries[len(tries)-1].Chrono == decks.Penalty
}

// aqTime writes a qualifying time in seconds: 0.925, 2.125.
func aqTime(t int) string { return fmt.Sprintf("%d.%03d", t/1000, t%1000) }

// openAdvQuali opens the advanced qualifying: the qualifying weather
// with the weather rules (R-QX-01: white and red, T-06), then Q2's first
// phase. The tyre manufacturer's die is the manufacturer rule's own roll.
func (g *Game) openAdvQuali(r Random) error {
	g.Race.Phase = PhaseQuali
	g.emit(ev("advanced-qualifying", Public))
	aq := &advQuali{Run: g.newQualiRun(), Tries: map[int][]aqTry{}}
	if g.Cfg.Weather {
		d, err := g.roll3("quali-weather", r)
		if err != nil {
			return err
		}
		aq.Weather, aq.Hum = RaceStartWeather(d.D100(), g.Circuit.WeatherModifier)
		g.emit(ev("quali-weather", Public, "state", aq.Weather, "humidity", aq.Hum))
	}
	g.Race.AQ = aq
	return g.openPhase(r)
}

// aqWeather changes the qualifying weather on a roll (R-WEA, R-HUM).
func (g *Game) aqWeather(d Dice) {
	aq := g.Race.AQ
	w := NextWeather(aq.Weather, d.D100(), d.Blue)
	h := NextHumidity(w, aq.Hum, d.Red)
	if w != aq.Weather || h != aq.Hum {
		g.emit(ev("quali-weather", Public, "state", w, "humidity", h))
	}
	aq.Weather, aq.Hum = w, h
}

// openPhase opens a phase for orders (R-QX-03 step 1).
func (g *Game) openPhase(r Random) error {
	aq := g.Race.AQ
	if aq.Phase == 0 {
		aq.Impact, aq.PhaseHum, aq.Mismatch = make([]int, aq.phases()), nil, nil
		aq.Tries, aq.Decks = map[int][]aqTry{}, nil
	}
	if g.Cfg.Weather {
		d, err := g.roll3(aq.key("weather-1"), r)
		if err != nil {
			return err
		}
		g.aqWeather(d)
	}
	g.emit(ev("quali-phase", Public, "session", aq.Run.name(), "phase", aq.Phase+1, "of", aq.phases(), "humidity", aq.Hum, "tyres", QualiTyre(aq.Hum)))
	return nil
}

// canAttempt: car id runs in the session, has fuel, and has an attempt
// left (R-QX-06).
func (g *Game) canAttempt(id int) bool {
	aq := g.Race.AQ
	return slices.Contains(aq.Run.Entrants, id) && !aq.Run.Fuel[id] && len(aq.Tries[id]) < MaxAttempts
}

// mayAttempt: one of seat's cars can attempt (R-QX-06, R-VAR-05).
func (g *Game) mayAttempt(seat int) bool {
	return slices.ContainsFunc(g.seatCars(seat), func(c *Car) bool { return g.canAttempt(c.ID) })
}

// checkAdvQuali applies the advanced qualifying's orders: an attempt from
// a deck, or a pass (R-QX-03, R-QX-06).
func (g *Game) checkAdvQuali(o Order) error {
	switch {
	case o.Card != 0 || o.Risk || o.Tapez || o.Economise || o.Pit || o.KeepNose || o.Redraw != 0 || o.Dir != "" || o.Tyre != "":
		return fmt.Errorf("%w: in the advanced qualifying a seat attempts from a deck (risky or careful) or passes (R-QX-03)", ErrIllegal)
	case o.Deck != "" && o.Deck != "risky" && o.Deck != "careful":
		return fmt.Errorf("%w: an attempt draws from the risky or the careful deck (R-QX-03)", ErrIllegal)
	case o.Deck != "" && !g.mayAttempt(o.Seat):
		return fmt.Errorf("%w: seat %d has no attempt left in this session: its car is out of it or made %d (R-QX-06)", ErrIllegal, o.Seat+1, MaxAttempts)
	}
	return nil
}

// advQualiOptions: pass, and an attempt from either deck when one is left.
func (g *Game) advQualiOptions(seat int) []Option {
	out := []Option{{Key: "pass"}}
	if g.mayAttempt(seat) {
		for _, d := range []string{"careful", "risky"} {
			out = append(out, Option{Key: d, Deck: d})
		}
	}
	return out
}

// advQualiAutopilot is §7.2's default, an attempt from the careful deck
// while the seat's car has no time yet in the session (or only a penalty
// card), and a second attempt in the session's last phase, which the
// track's improvement makes the fastest as a rule; else a pass.
func (g *Game) advQualiAutopilot(seat int) Order {
	o := Order{Seat: seat}
	aq := g.Race.AQ
	for _, c := range g.seatCars(seat) {
		if !g.canAttempt(c.ID) {
			continue
		}
		if tries := aq.Tries[c.ID]; len(tries) == 0 || tries[len(tries)-1].Chrono == decks.Penalty || aq.Phase == aq.phases()-1 {
			o.Deck = "careful"
		}
	}
	return o
}

// runAdvPhase resolves a phase once every seat has ordered (R-QX-03
// steps 2–5, R-QX-04, R-QX-05).
func (g *Game) runAdvPhase(r Random) error {
	aq := g.Race.AQ
	name, k := aq.Run.name(), aq.Phase
	g.emit(ev("reveal", Public, "turn", g.Turn))
	for s, o := range g.Sealed {
		deck := o.Deck
		if deck == "" {
			deck = "pass"
		}
		g.emit(ev("quali-attempt", Public, "seat", s+1, "deck", deck))
	}
	// step 3: the weather again, the phase's humidity; the blue die gives
	// the track's improvement (a die of its own without the weather rules)
	tyre, blue := QualiTyre(aq.Hum), 0
	var err error
	if g.Cfg.Weather {
		d, err := g.roll3(aq.key("weather-2"), r)
		if err != nil {
			return err
		}
		g.aqWeather(d)
		blue = d.Blue
	} else if k > 0 {
		if blue, err = g.roll(aq.key("track"), Blue, r); err != nil {
			return err
		}
	}
	aq.PhaseHum = append(aq.PhaseHum, aq.Hum)
	aq.Mismatch = append(aq.Mismatch, QualiMismatch(tyre, aq.Hum))
	if k > 0 {
		g.phaseImpact(blue)
	}
	if k == 0 { // step 4
		if aq.Decks, err = g.timeDecks("chrono-"+name, r); err != nil {
			return err
		}
	}
	for s, o := range g.Sealed { // step 5
		if o.Deck == "" {
			continue
		}
		for _, c := range g.seatCars(s) {
			if !g.canAttempt(c.ID) {
				continue
			}
			card, err := g.draw(aq.Decks, "chrono-"+name, o.Deck, r)
			if err != nil {
				return err
			}
			aq.Tries[c.ID] = append(aq.Tries[c.ID], aqTry{Phase: k, Chrono: card.Chrono, Deck: o.Deck})
			e := ev("chrono", Public, "session", name, "phase", k+1, "car", c.ID, "deck", o.Deck, "time", chronoText(card.Chrono))
			if m := aq.Mismatch[k]; m > 0 && card.Chrono != decks.Penalty {
				e.Args = append(e.Args, Arg{"tyres", aqTime(m)})
			}
			g.emit(e)
		}
	}
	for i := range g.Sealed {
		g.Sealed[i] = nil
	}
	if k+1 < aq.phases() {
		aq.Phase++
		return g.openPhase(r)
	}
	return g.endAdvSession(r)
}

// phaseImpact places the phase's impact (R-QX-04, R-QX-05, T-15, T-30):
// the humidity unchanged, the track's improvement on every earlier phase;
// drier, 0.400 a degree on every earlier phase; wetter, 0.400 a degree on
// this phase and the next.
func (g *Game) phaseImpact(blue int) {
	aq := g.Race.AQ
	k, h, prev := aq.Phase, aq.Hum, aq.PhaseHum[aq.Phase-1]
	kind, on, v := "track", "earlier", TrackImpact(blue)
	switch {
	case h < prev:
		kind, v = "weather", WeatherImpact(prev-h)
	case h > prev:
		kind, on, v = "weather", "this-and-next", WeatherImpact(h-prev)
	}
	if v == 0 {
		return
	}
	if on == "earlier" {
		for j := range k {
			aq.Impact[j] += v
		}
	} else {
		for j := k; j < min(k+2, len(aq.Impact)); j++ {
			aq.Impact[j] += v
		}
	}
	g.emit(ev("quali-impact", Public, "session", aq.Run.name(), "phase", k+1, "kind", kind, "time", aqTime(v), "on", on))
}

// endAdvSession ends a session: each system car's one time, from the
// risky and the careful deck in turn, never a penalty, in the fastest
// phase (R-QX-07); each car's best time, its phase's tyre penalty and
// impact added; a penalty card drawn on a car's last attempt stands
// (R-QX-08: a later attempt cancels it) and is played as in the basic
// qualifying (R-QB-09); then the knockout (endSession) and the next
// session or the grid.
func (g *Game) endAdvSession(r Random) error {
	aq := g.Race.AQ
	run, name := aq.Run, aq.Run.name()
	fast := FastestPhase(aq.Impact)
	at := func(phase, chrono int) int { return chrono + aq.Mismatch[phase] + aq.Impact[phase] }
	times := map[int]int{}
	sys := 0
	for _, id := range run.Entrants {
		if run.Fuel[id] {
			continue
		}
		if g.car(id).System() {
			deck := []string{"risky", "careful"}[sys%2]
			sys++
			t, err := g.systemChrono(aq.Decks, "chrono-"+name, deck, r)
			if err != nil {
				return err
			}
			g.emit(ev("chrono", Public, "session", name, "phase", fast+1, "car", id, "deck", deck, "time", chronoText(t)))
			times[id] = at(fast, t)
			continue
		}
		tries := aq.Tries[id]
		best, penalty := bestTime(tries, at)
		times[id] = best
		if penalty {
			last := tries[len(tries)-1]
			t, out, err := g.qualiPenalty(run, name, id, aq.Decks, "chrono-"+name, last.Deck, r)
			if err != nil {
				return err
			}
			if out {
				delete(times, id)
				continue
			}
			times[id] = min(times[id], at(last.Phase, t))
		}
	}
	for _, id := range run.Entrants {
		if t, ok := times[id]; ok {
			best := "none"
			if t != NoTime {
				best = aqTime(t)
			}
			g.emit(ev("quali-best", Public, "session", name, "car", id, "time", best))
		}
	}
	if err := g.endSession(run, name, times, r); err != nil {
		return err
	}
	if run.Session < len(run.Sizes) {
		aq.Phase = 0
		return g.openPhase(r)
	}
	g.Race.AQ = nil
	return g.publishGrid(run)
}
