package rs

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/rs/decks"
)

// The standard race (racing-simulator.md §3.5–§3.25): 24 turns of the
// standard sequence (R-TRN-01) from a start to the flag, with the safety
// car (R-SC), lapping (R-LAP) and the end of race (R-END). Setup and the
// start are in stdstart.go.

// StandardTurns is the standard race's length (R-SET-01).
const StandardTurns = 24

// StdColours are the nine player colours of the standard game, in the
// order of T-03 (Std §2): blue, red, silver, black, red-silver, orange,
// yellow, blue/dark green, blue/light green.
var StdColours = []string{"blue", "red", "silver", "black", "red-silver", "orange", "yellow", "blue-dark-green", "blue-light-green"}

// The optional rules a standard race may switch on (R-MODE-01).
const (
	OptWeather    = "weather"            // weather and humidity (Std §5.1, §7.2, §7.11, §7.12)
	OptSystemOnly = "system-only"        // only running system cars are drawn for events (R-EVT-03)
	OptQuickStart = "quick-start"        // the alternative quick method replaces qualifying and the grid start (R-QA-01)
	OptFullEvents = "full-length-events" // the prose's event odds of the full-length game (AMB-12)

	OptTyreAllocation = "tyre-allocation"      // a limited number of tyre sets for the weekend (R-ADV-01, options.go)
	OptTeamPits       = "team-pit-restriction" // a team's second car stopping on the same turn waits (R-ADV-05, R-PIT-10)
	OptManufacturer   = "manufacturer"         // the tyre manufacturer's die sets the pile sizes (R-ADV-08, T-19)
	OptFixedFast      = "v10-3"                // variant 10.3: fixed fast system cars (R-VAR-03)
	OptTwoCars        = "v10-5"                // variant 10.5: each player runs two cars on one order (R-VAR-05)
	OptSmallHands     = "v10-1"                // variant 10.1: hands of 5 speed cards (R-VAR-01)
	OptThreeFast      = "v10-2"                // variant 10.2: at most 3 fast system cars (R-VAR-02)
	OptTwoPiles       = "v10-4"                // variant 10.4: a fast and a slow green pile (R-VAR-04)
	OptAdvancedQuali  = "advanced-qualifying"  // qualifying in phases with weather and track impacts (§3.6.3, aquali.go)
)

// Optionals lists the optional rules of the standard game Pitwall plays,
// in the order the record header writes them.
var Optionals = []string{OptAdvancedQuali, OptFullEvents, OptManufacturer, OptQuickStart, OptSystemOnly, OptTeamPits, OptTyreAllocation, OptSmallHands, OptThreeFast, OptFixedFast, OptTwoPiles, OptTwoCars, OptWeather}

// The phases of a standard race: what the seats decide now.
const (
	PhaseRace   = "speed"           // a green-flag turn: a speed card and options (R-ORD-01)
	PhaseSCStop = "safety-car-stop" // the safety car is out, pits open: stop now or not (R-SC-03)
	PhaseSC     = "safety-car"      // a safety-car turn: stop on the pit-lane board or not (R-SC-06)
)

// race is the standard race's running state.
type race struct {
	Phase    string
	Weather  Weather
	Hum      int
	Events   EventDecks
	SC       int  // safety-car turns still to run after this one
	Restart  bool // this turn is a rolling start or a restart (R-ROLL, R-SC-10)
	Saved    map[int][]TyreCard
	Due      map[int]int // car ID → drive-through squares due at the end of the restart turn (R-SC-11) or of turn 1
	DueTurn1 bool        // the drive-throughs due are the start's, served at the end of turn 1 (AMB-58)

	Quali                  *quali       // qualifying's grid and the start (quali.go)
	AQ                     *advQuali    // the advanced qualifying in progress (aquali.go)
	StartInc, StartIncUsed []decks.Card // the start-incident deck (R-GRID-08)
}

func (r *race) clone() *race {
	n := *r
	n.Events.Dry, n.Events.Wet = slices.Clone(r.Events.Dry), slices.Clone(r.Events.Wet)
	n.Events.DryUsed, n.Events.WetUsed = slices.Clone(r.Events.DryUsed), slices.Clone(r.Events.WetUsed)
	n.Saved = map[int][]TyreCard{}
	for k, v := range r.Saved {
		n.Saved[k] = slices.Clone(v)
	}
	n.Due = map[int]int{}
	for k, v := range r.Due {
		n.Due[k] = v
	}
	n.Quali = r.Quali.clone()
	n.AQ = r.AQ.clone()
	n.StartInc, n.StartIncUsed = slices.Clone(r.StartInc), slices.Clone(r.StartIncUsed)
	return &n
}

// BestTyre is the tyre that loses least at humidity h (T-09): slicks up
// to 3, intermediates from 4 to 9, rain tyres from 10.
func BestTyre(h int) Tyre {
	switch {
	case h <= 3:
		return Soft
	case h <= 9:
		return Inter
	}
	return Rain
}

// stdKey writes a standard order's key: "297", "297+risk+tapez",
// "296+economise+pit-hard-careful", "pit-soft-risky", "stay".
func stdKey(o Order) string {
	var parts []string
	if o.Card != 0 {
		parts = append(parts, strconv.Itoa(o.Card))
	}
	if !o.Pit && o.Deck != "" { // qualifying and the start
		parts = append(parts, o.Deck)
	}
	if o.Redraw > 0 {
		parts = append(parts, "redraw-"+strconv.Itoa(o.Redraw))
	}
	if o.Dir != "" {
		parts = append(parts, o.Dir)
	}
	if !o.Pit && o.Tyre != "" { // the starting tyres, with the start order
		parts = append(parts, "tyres-"+string(o.Tyre))
	}
	if o.Risk {
		parts = append(parts, "risk")
	}
	if o.Tapez {
		parts = append(parts, "tapez")
	}
	if o.Economise {
		parts = append(parts, "economise")
	}
	if o.Pit {
		p := "pit-" + string(o.Tyre) + "-" + o.Deck
		if o.KeepNose {
			p += "-keep-nose"
		}
		parts = append(parts, p)
	}
	if len(parts) == 0 {
		return "stay"
	}
	return strings.Join(parts, "+")
}

// ParseStandardKey reads a standard order key (stdKey) for seat.
func ParseStandardKey(seat int, key string) (Order, error) {
	o := Order{Seat: seat}
	k := strings.ToLower(strings.TrimSpace(key))
	if k == "stay" || k == "pass" { // staying out, or no attempt in a qualifying phase
		return o, nil
	}
	bad := func(why string) (Order, error) {
		return Order{}, fmt.Errorf("%w: %q: %s", ErrIllegal, key, why)
	}
	for i, p := range strings.Split(k, "+") {
		switch {
		case i == 0 && p != "" && p[0] >= '0' && p[0] <= '9':
			v, err := strconv.Atoi(p)
			if err != nil || v < 293 || v > 300 {
				return bad("a speed card is 293 to 300")
			}
			o.Card = v
		case (p == "risky" || p == "careful") && o.Deck == "":
			o.Deck = p
		case strings.HasPrefix(p, "redraw-") && o.Redraw == 0:
			v, err := strconv.Atoi(strings.TrimPrefix(p, "redraw-"))
			if err != nil || v < 1 || v > 999 {
				return bad("redraw-N: redraw a chrono worse than .N, or a start card under N points")
			}
			o.Redraw = v
		case (p == Inside || p == Outside || p == Straight) && o.Dir == "":
			o.Dir = p
		case strings.HasPrefix(p, "tyres-") && o.Tyre == "" && !o.Pit && len(p) > len("tyres-"):
			o.Tyre = Tyre(strings.TrimPrefix(p, "tyres-"))
			if o.Tyre == "inter" {
				o.Tyre = Inter
			}
		case p == "risk" && !o.Risk:
			o.Risk = true
		case p == "tapez" && !o.Tapez:
			o.Tapez = true
		case p == "economise" && !o.Economise:
			o.Economise = true
		case strings.HasPrefix(p, "pit-") && !o.Pit && o.Tyre == "":
			f := strings.Split(p, "-")
			keep := len(f) == 5 && f[3] == "keep" && f[4] == "nose"
			if len(f) != 3 && !keep {
				return bad("a stop is pit-TYRE-DECK, e.g. pit-hard-careful")
			}
			t := Tyre(f[1])
			if f[1] == "inter" {
				t = Inter
			}
			o.Pit, o.Tyre, o.Deck, o.KeepNose = true, t, f[2], keep
		default:
			return bad("a standard order is CARD[+risk][+tapez|+economise][+pit-TYRE-DECK]; pit-TYRE-DECK or stay under the safety car; DECK[+redraw-N] in qualifying; DECK[+redraw-N]+DIRECTION at the start")
		}
	}
	return o, nil
}

var pitChoices = func() []Order {
	var out []Order
	for _, t := range []Tyre{Hard, Soft, Inter, Rain} {
		for _, d := range []string{"careful", "risky"} {
			out = append(out, Order{Pit: true, Tyre: t, Deck: d})
		}
	}
	return out
}()

// stdOptions lists seat's legal orders now: under the safety car, stay or
// stop with any tyres from either deck; in a green turn each speed card
// in hand with the legal combinations of risk, Tapez and Economise
// (R-ORD-02, R-ORD-03, AMB-50). A stop may be added to any speed order
// ("+pit-TYRE-DECK"); those combinations are not listed one by one.
func (g *Game) stdOptions(seat int) []Option {
	if g.advQualifying() {
		return g.advQualiOptions(seat)
	}
	if ph := g.Race.Phase; ph == PhaseQuali || ph == PhaseStart {
		var out []Option
		for _, d := range []string{"careful", "risky"} {
			for _, n := range map[string][]int{PhaseQuali: {0, 400, 600}, PhaseStart: {0, 6}}[ph] {
				dirs := []string{""}
				if ph == PhaseStart {
					dirs = []string{Straight, Inside, Outside}
				}
				for _, dir := range dirs {
					o := Order{Deck: d, Redraw: n, Dir: dir}
					out = append(out, Option{Key: stdKey(o), Deck: d, Redraw: n, Dir: dir})
				}
			}
		}
		return out
	}
	if g.Race.Phase != PhaseRace {
		out := []Option{{Key: "stay"}}
		for _, p := range pitChoices {
			if g.MayFit(seat, p.Tyre) { // R-ADV-01: no stop for a set spent
				out = append(out, Option{Key: stdKey(p), Pit: true, Tyre: p.Tyre, Deck: p.Deck})
			}
		}
		return out
	}
	var out []Option
	for _, v := range slices.Compact(slices.Clone(g.Seats[seat].Hand)) {
		for _, o := range []Order{{Card: v}, {Card: v, Risk: true}, {Card: v, Tapez: true}, {Card: v, Economise: true}, {Card: v, Risk: true, Tapez: true}} {
			o.Seat = seat
			if g.checkStd(o) == nil {
				out = append(out, Option{Key: stdKey(o), Card: v, Risk: o.Risk, Tapez: o.Tapez, Economise: o.Economise})
			}
		}
	}
	return out
}

// checkStd applies the standard order rules (R-ORD-01..03, R-SC-03).
func (g *Game) checkStd(o Order) error {
	seat := g.Seats[o.Seat]
	if g.advQualifying() {
		return g.checkAdvQuali(o)
	}
	if ph := g.Race.Phase; ph == PhaseQuali || ph == PhaseStart {
		switch {
		case o.Card != 0 || o.Risk || o.Tapez || o.Economise || o.Pit || o.KeepNose:
			return fmt.Errorf("%w: in %s a seat orders a deck (risky or careful), a redraw limit and, at the start, a direction (R-QB-04, R-GRID-03)", ErrIllegal, ph)
		case o.Deck != "risky" && o.Deck != "careful":
			return fmt.Errorf("%w: name the deck to draw from: risky or careful (R-QB-04, R-GRID-03)", ErrIllegal)
		case ph == PhaseQuali && o.Dir != "":
			return fmt.Errorf("%w: a start direction is ordered at the start, not in qualifying", ErrIllegal)
		case ph == PhaseStart && o.Dir != Straight && o.Dir != Inside && o.Dir != Outside:
			return fmt.Errorf("%w: name the start direction: straight, inside or outside (R-GRID-03)", ErrIllegal)
		case ph == PhaseStart && o.Redraw > 12:
			return fmt.Errorf("%w: a start card gives 3 to 10 points (12 for a jump start): redraw-N is at most 12", ErrIllegal)
		case o.Tyre != "" && (ph == PhaseQuali || StandardPiles[o.Tyre] == (PileSpec{})):
			return fmt.Errorf("%w: the starting tyres (hard, soft, intermediate or rain) are named with the start order (R-PRE-05)", ErrIllegal)
		}
		return g.checkSets(o)
	}
	if o.Redraw != 0 || o.Dir != "" || (!o.Pit && (o.Deck != "" || o.Tyre != "")) {
		return fmt.Errorf("%w: a deck, a redraw or a direction belong to qualifying and the start", ErrIllegal)
	}
	if g.Race.Phase != PhaseRace {
		if o.Card != 0 || o.Risk || o.Tapez || o.Economise {
			return fmt.Errorf("%w: under the safety car a seat only says whether it stops (pit-TYRE-DECK) or stays (R-SC-03, R-SC-06)", ErrIllegal)
		}
	} else if !slices.Contains(seat.Hand, o.Card) {
		return fmt.Errorf("%w: seat %d holds no %d card (hand %s) (R-ORD-01)", ErrIllegal, o.Seat+1, o.Card, joinInts(seat.Hand))
	}
	car := g.car(seat.Car)
	pile := g.Std.Piles[o.Seat]
	top := TyreCard{}
	if len(pile) > 0 {
		top = pile[0]
	}
	so := StandardOrder{Card: o.Card, Risk: o.Risk, Tapez: o.Tapez, Economise: o.Economise, Pit: o.Pit, PitTyre: o.Tyre, PitDeck: o.Deck}
	if err := CheckStandardOrder(so, g.Std.Tyres[o.Seat], top, car.Slow); err != nil {
		return fmt.Errorf("seat %d: %w", o.Seat+1, err)
	}
	if o.Risk && car.Out {
		return fmt.Errorf("%w: seat %d: the car is out of the race (AMB-44: strategy orders only)", ErrIllegal, o.Seat+1)
	}
	if o.Pit {
		return g.checkSets(o)
	}
	return nil
}

// stdAutopilot is the standard order of an absent player (§7.3): the
// lower median speed card, never risk, Tapez or Economise; it stops when
// the top tyre card is worn or the tyres lose 4 or more to the weather,
// fitting the tyres best for the humidity (the other slick when the car
// started on slicks and has fitted nothing else, R-PEN-03), from the
// careful deck; under the safety car it stops only on worn tyres.
func (g *Game) stdAutopilot(seat int) Order {
	o := Order{Seat: seat}
	switch g.Race.Phase { // qualifying: risky, redrawing worse than .500; the start: careful, straight, redrawing under 6
	case PhaseQuali:
		if g.advQualifying() {
			return g.advQualiAutopilot(seat)
		}
		o.Deck, o.Redraw = "risky", 500
		return o
	case PhaseStart:
		o.Deck, o.Redraw, o.Dir = "careful", 6, Straight
		return o
	}
	if g.Race.Phase == PhaseRace {
		h := g.Seats[seat].Hand
		o.Card = h[(len(h)-1)/2]
	}
	pile := g.Std.Piles[seat]
	if len(pile) == 0 || g.Turn >= g.Turns {
		return o
	}
	t := g.Std.Tyres[seat]
	tw := TW(t, pile[0], g.Race.Hum, g.Cfg.Weather)
	worn := pile[0].Worn || tw <= -4
	if g.Race.Phase == PhaseSC && !pile[0].Worn {
		return o
	}
	if !worn {
		return o
	}
	want := BestTyre(g.Race.Hum)
	if want.Slick() && TyreRulePenalty(g.Std.Fitted[seat][0], g.Std.Fitted[seat], 1) > 0 {
		want = Hard
		if g.Std.Fitted[seat][0] == Hard {
			want = Soft
		}
	}
	t, ok := g.allowedTyre(seat, want, g.Race.Hum)
	if !ok { // every set spent: run on (R-ADV-01)
		return o
	}
	o.Pit, o.Deck, o.Tyre = true, "careful", t
	return o
}

// stdPending lists the seats that must still decide, and what.
func (g *Game) stdPending() []Decision {
	var out []Decision
	for s := range g.Seats {
		if g.Sealed[s] != nil {
			continue
		}
		out = append(out, Decision{Seat: s, Turn: g.Turn, Kind: g.Race.Phase, Secret: true, Options: g.Options(s)})
	}
	return out
}

// resolveStd resolves the phase once every seat has ordered.
func (g *Game) resolveStd(r Random) error {
	switch g.Race.Phase {
	case PhaseQuali:
		if g.advQualifying() {
			return g.runAdvPhase(r)
		}
		return g.runQualifying(r)
	case PhaseStart:
		return g.runStart(r)
	case PhaseSCStop:
		return g.scStop(r)
	case PhaseSC:
		return g.scTurn(r)
	}
	return g.greenTurn(r)
}

// tyreTW is seat's tyre-and-weather modifier now (R-SPD-04).
func (g *Game) tyreTW(seat int) int {
	pile := g.Std.Piles[seat]
	if len(pile) == 0 {
		return 0
	}
	return TW(g.Std.Tyres[seat], pile[0], g.Race.Hum, g.Cfg.Weather)
}

// greenTurn is a standard turn under green flag, steps 1–16 of R-TRN-01
// (AMB-26: risk before pits); a rolling start or restart (R-ROLL) skips
// the drop-backs of steps 1 and 4 and compares on the lowest die with
// the dice rolled first (AMB-17).
func (g *Game) greenTurn(r Random) error {
	rc := g.Race
	h := rc.Hum
	g.emit(ev("reveal", Public, "turn", g.Turn))
	for _, c := range g.Cars {
		c.speed, c.locked, c.passed, c.blue = 0, false, false, 0
	}
	// step 1: drop-back for tyres, damage and weather (R-REC)
	var ms map[*Car]int
	if rc.Restart {
		ms = map[*Car]int{}
		for _, c := range g.File() {
			ms[c] = g.modifier(c, h, g.Cfg.Weather)
		}
	} else {
		ms = g.stepOne(h, g.Cfg.Weather)
	}
	// step 2: the orders, revealed (R-ORD)
	tapez, eco := map[int]bool{}, map[int]bool{}
	tw := map[int]int{}
	var pits []PitOrder
	for s, o := range g.Sealed {
		seat := g.Seats[s]
		i := slices.Index(seat.Hand, o.Card)
		seat.Hand = slices.Delete(seat.Hand, i, i+1)
		seat.Played = append(seat.Played, o.Card)
		tapez[s], eco[s] = o.Tapez, o.Economise
		tw[s] = g.tyreTW(s) // the value read at step 1 holds all turn (AMB-08)
		if o.Pit {
			pits = append(pits, PitOrder{Seat: s, Deck: o.Deck, Tyre: o.Tyre, Nose: !o.KeepNose})
		}
		car := g.car(seat.Car)
		car.speed = StandardSpeed(o.Card, o.Risk, tw[s], o.Tapez, o.Economise, car.Slow) // R-SPD-01
		e := ev("play", Public, "seat", s+1, "car", car.ID, "card", o.Card, "risk", b01(o.Risk), "speed", car.speed)
		e.Args = append(e.Args, stdOrderArgs(*o)...)
		g.emit(e)
		for _, c := range g.seatCars(s)[1:] { // R-VAR-05: the same card, its own damage
			c.speed = StandardSpeed(o.Card, o.Risk && c.Slow == 0, tw[s], o.Tapez, o.Economise, c.Slow)
			g.emit(ev("second-car", Public, "seat", s+1, "car", c.ID, "risk", b01(o.Risk && c.Slow == 0), "speed", c.speed))
		}
	}
	// step 3: two green cards (R-VSJ-02), a fast and a slow one under
	// variant 10.4 (R-VAR-04)
	draw := g.drawGreen
	if g.Cfg.TwoPiles {
		draw = g.drawGreenFast
	}
	a, err := draw(r)
	if err != nil {
		return err
	}
	if g.Cfg.TwoPiles {
		draw = g.drawGreenSlow
	}
	b, err := draw(r)
	if err != nil {
		return err
	}
	g.GreenDiscard = append(g.GreenDiscard, a, b)
	g.emit(ev("system-cards", Public, "cards", joinInts([]int{a, b})))
	// step 4: Tapez / Economise (R-ADJ)
	if !rc.Restart {
		g.stepFour(ms, tapez, eco)
	} else {
		for s := range g.Seats {
			if tapez[s] && len(g.Std.Piles[s]) > 1 { // the cost is paid even when no square is gained
				pile := g.Std.Piles[s]
				g.Std.Piles[s] = pile[1:]
				g.emit(ev("tyre-card", Public, "seat", s+1, "discarded", pile[0].Value, "cause", "tapez"))
			}
		}
	}
	// step 5: fast and slow system cars, after step 4 (R-VSJ-03, AMB-05)
	fast := g.fastSystemCars()
	for _, c := range g.File() {
		if !c.System() {
			continue
		}
		card := min(a, b)
		if fast[c] {
			card = max(a, b)
		}
		s := g.Std.Owner[c.ID]
		c.speed = SystemSpeed(card, tw[s], tapez[s], eco[s]) // R-SPD-02
		g.emit(ev("system-speed", Public, "car", c.ID, "speed", c.speed))
	}
	// steps 6–8: comparisons, dice, movement
	var d Dice
	if rc.Restart {
		if d, err = g.roll3("turn", r); err != nil {
			return err
		}
		g.emit(ev("rolling", Public, "need", d.Low()))
		g.compareRolling(d.Low())
	} else {
		g.compare()
		if d, err = g.roll3("turn", r); err != nil {
			return err
		}
	}
	m := d.Move()
	for _, c := range g.Cars {
		if !c.Out {
			c.Dist += m
		}
	}
	g.emit(ev("move", Public, "by", m))
	// step 9: tyres (R-TYR)
	if rc.Saved == nil {
		rc.Saved = map[int][]TyreCard{}
	}
	g.stepNine(h, eco, rc.Saved)
	// step 10: risk (R-RSK)
	if err := g.risk(d, r); err != nil {
		return err
	}
	// step 11: pit stops, and on the last turn the tyre rule (R-PIT, R-PEN-03)
	if err := g.pitStopsIf(pits, r, nil); err != nil {
		return err
	}
	if g.Turn == g.Turns {
		g.tyreRule()
	}
	// step 12: the turn's event (R-EVT), which may call the safety car
	if err := g.turnEvent(&rc.Events, d.Blue, h, r); err != nil {
		return err
	}
	// step 12b / R-SC-11: drive-throughs due at the end of turn 1 or of
	// the restart turn, last to first
	if rc.Restart || rc.DueTurn1 {
		g.serveDue()
	}
	rc.Restart = false
	// steps 13–16
	return g.endStdTurn(r, []Dice{d})
}

func b01(b bool) int {
	if b {
		return 1
	}
	return 0
}

// stdOrderArgs are the standard parts of an order, as record arguments.
func stdOrderArgs(o Order) []Arg {
	var out []Arg
	if !o.Pit && o.Deck != "" {
		out = append(out, Arg{"deck", o.Deck})
		if o.Redraw > 0 {
			out = append(out, Arg{"redraw", strconv.Itoa(o.Redraw)})
		}
		if o.Dir != "" {
			out = append(out, Arg{"dir", o.Dir})
		}
		if o.Tyre != "" {
			out = append(out, Arg{"tyres", string(o.Tyre)})
		}
	}
	if o.Tapez {
		out = append(out, Arg{"tapez", "1"})
	}
	if o.Economise {
		out = append(out, Arg{"economise", "1"})
	}
	if o.Pit {
		out = append(out, Arg{"pit", string(o.Tyre)}, Arg{"deck", o.Deck})
		if o.KeepNose {
			out = append(out, Arg{"nose", "keep"})
		}
	}
	return out
}

// serveDue serves the drive-throughs due, last to first (R-PEN-01,
// R-SC-11, AMB-58).
func (g *Game) serveDue() {
	f := g.File()
	for i := len(f) - 1; i >= 0; i-- {
		if n := g.Race.Due[f[i].ID]; n > 0 {
			g.dropBackEv(f[i], n, "drive-through")
		}
	}
	g.Race.Due = map[int]int{}
	g.Race.DueTurn1 = false
}

// tyreRule: on the last turn, with the pit stops, every car whose seat
// started on slicks and never fitted another type serves a drive-through
// plus 10, last to first, system cars with their owner (R-PEN-03, AMB-27).
func (g *Game) tyreRule() {
	f := g.File()
	for i := len(f) - 1; i >= 0; i-- {
		s, ok := g.seatOf(f[i])
		if !ok {
			continue
		}
		fitted := g.Std.Fitted[s]
		if n := TyreRulePenalty(fitted[0], fitted, g.Circuit.DriveThrough); n > 0 {
			g.dropBackEv(f[i], n, "tyre-rule")
		}
	}
}

// endStdTurn: cards back to hand, the hand cycle, the turn marker, the
// weather once per roll given (R-EOT, R-WEA, R-HUM), the end of the race
// (R-END-01) or the safety car called this turn (R-SC-01..05).
func (g *Game) endStdTurn(r Random, weather []Dice) error {
	if err := g.stdHands(g.Turn, r); err != nil {
		return err
	}
	for i := range g.Sealed {
		g.Sealed[i] = nil
	}
	rc := g.Race
	if g.Cfg.Weather {
		for _, d := range weather {
			w := NextWeather(rc.Weather, d.D100(), d.Blue)
			hum := NextHumidity(w, rc.Hum, d.Red)
			if w != rc.Weather || hum != rc.Hum {
				g.emit(ev("weather", Public, "state", w, "humidity", hum))
			}
			rc.Weather, rc.Hum = w, hum
		}
	}
	if g.Turn >= g.Turns { // R-END-01, R-SC-12
		g.Over = true
		for i, c := range g.Classification() {
			g.emit(ev("finish", Public, "car", c.ID, "place", i+1, "square", g.square(c.Dist), "dist", c.Dist))
		}
		g.emit(ev("over", Public, "turns", g.Turn))
		return nil
	}
	g.Turn++
	g.emit(ev("turn", Public, "n", g.Turn))
	switch {
	case rc.Phase == PhaseRace && rc.Events.SafetyCar > 0:
		return g.deploySafetyCar(weather[0])
	case rc.Phase == PhaseSC && rc.SC > 0:
		rc.SC--
	case rc.Phase == PhaseSC:
		g.waveAround() // R-SC-10, R-ROLL-08
		rc.Phase, rc.Restart = PhaseRace, true
		g.emit(ev("restart", Public, "turn", g.Turn))
	}
	return nil
}

// deploySafetyCar brings the safety car out (R-SC-01..05): the pits are
// closed on the turn's D100 95–99; open, the seats whose cars are not all
// trapped decide at once whether to stop under the normal procedure (the
// next phase), closed, the file lines up behind the safety car at once.
// The safety-car turns begin with the next turn.
func (g *Game) deploySafetyCar(d Dice) error {
	rc := g.Race
	turns := rc.Events.SafetyCar
	rc.Events.SafetyCar = 0
	rc.SC = turns - 1 // this turn is the first of them
	closed := PitsClosed(d.D100())
	g.emit(ev("safety-car-out", Public, "turns", turns, "pits", map[bool]string{true: "closed", false: "open"}[closed]))
	if closed {
		g.lineUp()
		rc.Phase = PhaseSC
		return nil
	}
	rc.Phase = PhaseSCStop
	return nil
}

// trapped lists the cars that cannot stop as the safety car comes out
// (R-SC-03, AMB-22).
func (g *Game) trappedCars() map[*Car]bool {
	f := g.File()
	out := map[*Car]bool{}
	if len(f) == 0 {
		return out
	}
	lead := g.square(f[0].Dist)
	for _, c := range f {
		if Trapped(g.Circuit.PitExit, g.Circuit.PitEntry, g.Circuit.Len(), lead, g.square(c.Dist)) {
			out[c] = true
			g.emit(ev("trapped", Public, "car", c.ID))
		}
	}
	return out
}

// scStop runs the stops made as the safety car comes out with the pits
// open (R-SC-03): the normal green-flag stops, last to first, trapped cars
// excepted; then the file lines up behind the safety car.
func (g *Game) scStop(r Random) error {
	g.emit(ev("reveal", Public, "turn", g.Turn))
	var pits []PitOrder
	trapped := g.trappedCars()
	for s, o := range g.Sealed {
		e := ev("sc-choice", Public, "seat", s+1)
		e.Args = append(e.Args, stdOrderArgs(*o)...)
		g.emit(e)
		// a seat whose own car is trapped does not stop, nor do the
		// system cars copying its strategy
		if o.Pit && !trapped[g.car(g.Seats[s].Car)] {
			pits = append(pits, PitOrder{Seat: s, Deck: o.Deck, Tyre: o.Tyre, Nose: !o.KeepNose})
		}
	}
	if err := g.pitStopsIf(pits, r, func(c *Car) bool { return !trapped[c] }); err != nil {
		return err
	}
	for i := range g.Sealed {
		g.Sealed[i] = nil
	}
	g.lineUp()
	g.Race.Phase = PhaseSC
	return nil
}

// arrange puts the cars in the order given, with no gaps: the first keeps
// its place (on its own lap), each next one directly behind, every car
// keeping the laps it was down (minus the laps given back).
func (g *Game) arrange(order []*Car, lapsBack map[*Car]int) {
	if len(order) == 0 {
		return
	}
	lead := g.leaderDist()
	n := g.Circuit.Len()
	base := order[0].Dist + g.lapsDown(lead, order[0])*n
	for i, c := range order {
		c.Dist = base - i - (g.lapsDown(lead, c)-lapsBack[c])*n
	}
}

// lineUp closes the file up behind the safety car (R-SC-03 step 3,
// R-POS-09, AMB-49): the leader on the start square, the others directly
// behind in file order, lapped cars where they physically are.
func (g *Game) lineUp() {
	f := g.File()
	if len(f) == 0 {
		return
	}
	lead := f[0]
	n := g.Circuit.Len()
	to := lead.Dist + ((g.Circuit.Start-g.square(lead.Dist))%n+n)%n
	laps := map[*Car]int{}
	for _, c := range f {
		laps[c] = g.lapsDown(lead.Dist, c)
	}
	for i, c := range f {
		c.Dist = to - i - laps[c]*n
	}
	g.emit(ev("line-up", Public, "leader", lead.ID, "square", g.square(lead.Dist)))
}

// waveAround: before the restart every lapped car passes the safety car
// and joins the tail of the file, a lap regained; then the file closes up
// (R-ROLL-08, AMB-47).
func (g *Game) waveAround() {
	f := g.File()
	if len(f) == 0 {
		return
	}
	lead := f[0].Dist
	var onLap, lapped []*Car
	back := map[*Car]int{}
	for _, c := range f {
		if g.lapsDown(lead, c) > 0 {
			lapped = append(lapped, c)
			back[c] = 1
			g.emit(ev("wave-around", Public, "car", c.ID))
		} else {
			onLap = append(onLap, c)
		}
	}
	g.arrange(append(onLap, lapped...), back)
}

// scTurn is a turn under the safety car (R-SC-06..09): no tyre wear, no
// event, no comparison, no movement; the seats that stop (decided
// secretly and at once, an asynchronous reading of "one at a time") do so
// on the pit-lane board, last to first, and rejoin at the tail in
// pit-lane order; each seat discards a speed card by exchange; hands are
// refilled; the weather changes twice.
func (g *Game) scTurn(r Random) error {
	g.emit(ev("reveal", Public, "turn", g.Turn))
	stops := map[int]Order{}
	for s, o := range g.Sealed {
		e := ev("sc-choice", Public, "seat", s+1)
		e.Args = append(e.Args, stdOrderArgs(*o)...)
		g.emit(e)
		if o.Pit {
			stops[s] = *o
		}
	}
	if err := g.pitLaneStops(stops, r); err != nil {
		return err
	}
	if err := g.exchangeDiscards(r); err != nil {
		return err
	}
	var ds []Dice
	if g.Cfg.Weather {
		for _, p := range []string{"weather-1", "weather-2"} {
			d, err := g.roll3(p, r)
			if err != nil {
				return err
			}
			ds = append(ds, d)
		}
	}
	return g.endStdTurn(r, ds)
}

// pitLaneStops runs the stops of a safety-car turn (R-SC-07, AMB-23):
// the stopping cars (each seat's car and its system cars) arrive on the
// pit-lane board in file order, 0.0, 0.3, 0.6 …; each seat draws two pit
// cards, last to first, one for its system cars and one for itself, and
// each car moves on by its card's yellow-flag time to the first free
// square; they rejoin the tail of the file in pit-lane order. A
// lollipop-man error draws from the pit-incident deck: a drive-through is
// served at the end of the restart turn (R-PIT-06, R-SC-11), a time loss
// adds its seconds.
func (g *Game) pitLaneStops(stops map[int]Order, r Random) error {
	if len(stops) == 0 {
		return nil
	}
	f := g.File()
	var arriving, staying []*Car
	for _, c := range f {
		s, ok := g.seatOf(c)
		if _, stop := stops[s]; ok && stop {
			arriving = append(arriving, c)
		} else {
			staying = append(staying, c)
		}
	}
	type cards struct{ system, own *decks.TimeCard }
	drawn := map[int]*cards{}
	yellow := make([]int, len(arriving))
	for k := len(arriving) - 1; k >= 0; k-- {
		c := arriving[k]
		s, _ := g.seatOf(c)
		o := stops[s]
		d := drawn[s]
		if d == nil { // a seat's two cards, its system cars' first (R-PIT-03)
			d = &cards{}
			drawn[s] = d
			for _, a := range arriving {
				if a.System() && d.system == nil {
					if as, _ := g.seatOf(a); as == s {
						card, err := g.drawPitTime(o.Deck, r, s, "system")
						if err != nil {
							return err
						}
						d.system = &card
					}
				}
			}
			if slices.ContainsFunc(g.seatCars(s), func(p *Car) bool { return slices.Contains(arriving, p) }) {
				card, err := g.drawTime(o.Deck, r)
				if err != nil {
					return err
				}
				g.emit(ev("pit-card", Public, "seat", s+1, "for", "own", "deck", o.Deck, "card", pitText(card)))
				d.own = &card
			}
		}
		var card decks.TimeCard
		if c.System() {
			card = *d.system
		} else {
			card = *d.own
			if card.Pit == decks.Mecano { // R-PIT-05 under the safety car
				inc, err := g.drawPitIncident(r)
				if err != nil {
					return err
				}
				g.emit(ev("pit-incident", Public, "car", c.ID, "card", inc))
				if d.system != nil { // the system cars' card is the base time
					card = *d.system
				} else if card, err = g.drawPitTime(o.Deck, r, s, "base"); err != nil { // AMB-31
					return err
				}
				switch inc.Kind {
				case "drive-through":
					g.Race.Due[c.ID] += g.Circuit.DriveThrough
				case "time":
					card.Yellow += 10 * inc.N
				}
			}
			if g.Std.Nose[c.ID] && !o.KeepNose {
				g.repairNose(c)
				card.Yellow += 30 // +3 s
			}
		}
		yellow[k] = card.Yellow
	}
	squares, rejoin := PitLane(yellow)
	order := slices.Clone(staying)
	for _, k := range rejoin {
		c := arriving[k]
		g.emit(ev("pit-lane", Public, "car", c.ID, "square", squares[k], "time", fmt.Sprintf("%d.%d", PitLaneValue(squares[k])/10, PitLaneValue(squares[k])%10)))
		order = append(order, c)
	}
	g.arrange(order, nil)
	for s := range g.Seats { // R-PIT-07
		if o, ok := stops[s]; ok {
			g.fitTyres(s, o.Tyre)
		}
	}
	return nil
}

func (g *Game) fitTyres(s int, t Tyre) {
	g.Std.Tyres[s] = t
	g.Std.Piles[s] = g.FreshPile(t)
	g.Std.Fitted[s] = append(slices.Clone(g.Std.Fitted[s]), t)
	g.emit(g.tyresEvent(s, t))
}

// repairNose takes the risk card off a car whose nose is changed
// (R-RSK-04, R-PIT-08).
func (g *Game) repairNose(c *Car) {
	g.Std.Nose[c.ID] = false
	c.Slow = max(0, c.Slow-1)
	for i, k := range c.Cards {
		if k.Kind == "slow" {
			g.RiskDiscard = append(g.RiskDiscard, k)
			c.Cards = slices.Delete(c.Cards, i, i+1)
			break
		}
	}
}

// exchangeDiscards: under the safety car each seat offers two speed
// cards summing to 593 or more (the two highest without such a pair) and
// its neighbour takes one at random, which is discarded; with one card
// left, that card goes (R-SC-08, AMB-24). The neighbour's random pick is
// a recorded shuffle of the two.
func (g *Game) exchangeDiscards(r Random) error {
	for s, seat := range g.Seats {
		if len(seat.Hand) == 0 {
			continue
		}
		v := seat.Hand[0]
		if a, b, ok := DiscardOffer(seat.Hand); ok {
			perm, err := g.shuffle("exchange", s+1, 2, r)
			if err != nil {
				return err
			}
			v = []int{a, b}[perm[0]]
		}
		i := slices.Index(seat.Hand, v)
		seat.Hand = slices.Delete(seat.Hand, i, i+1)
		seat.Played = append(seat.Played, v)
		g.emit(ev("exchange", Public, "seat", s+1, "card", v))
	}
	return nil
}
