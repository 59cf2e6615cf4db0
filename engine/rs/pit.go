package rs

import (
	"fmt"
	"maps"
	"slices"

	"github.com/pitwall/pitwall/engine/rs/decks"
)

// The standard game's pit stops (R-PIT-01..08), tested on their own; the
// standard race that calls them is not playable yet (doc.go). The state
// they use: each system car's owner (the seat whose strategy it copies,
// R-SET-04), each seat's tyres, and the Chrono/Start/Pit and pit-incident
// decks.

// PitOrder is one seat's pit stop this turn (R-ORD-01 d).
type PitOrder struct {
	Seat int
	Deck string // "risky" or "careful" (R-PIT-03)
	Tyre Tyre   // the tyres to fit (R-PIT-07)
	Nose bool   // change a damaged nose, +3 (R-PIT-08, AMB-28)
}

// StdState is the standard game's state beyond the family game's.
type StdState struct {
	Owner      map[int]int                 // system car ID → the seat it follows
	Tyres      map[int]Tyre                // seat → tyre type fitted
	Piles      map[int][]TyreCard          // seat → tyre pile, top first
	Fitted     map[int][]Tyre              // seat → every type fitted, start first (R-PEN-03)
	Nose       map[int]bool                // car ID → nose damaged (R-RSK-04)
	Chrono     map[string][]decks.TimeCard // "risky", "careful": draw piles, top first
	ChronoUsed map[string][]decks.TimeCard
	PitInc     []decks.Card // pit-incident draw pile
	PitIncUsed []decks.Card
	Sets       map[int]map[Tyre]int // seat → sets left by type; nil without tyre-allocation (R-ADV-01)
	Mate       map[int]int          // car ID → its teammate's, fixed at setup; nil without team-pit-restriction (R-PIT-10)
	Specs      map[Tyre]PileSpec    // the hard and soft piles of the manufacturer's roll, fixed at setup; nil: T-02's (R-ADV-08)
	Fast       map[int]bool         // the fixed fast system cars, fixed at setup; nil without v10-3 (R-VAR-03)
}

func (g *Game) drawTime(deck string, r Random) (decks.TimeCard, error) {
	s := g.Std
	if len(s.Chrono[deck]) == 0 {
		perm, err := g.shuffle("chrono-"+deck, 0, len(s.ChronoUsed[deck]), r)
		if err != nil {
			return decks.TimeCard{}, err
		}
		s.Chrono[deck], s.ChronoUsed[deck] = permute(s.ChronoUsed[deck], perm), nil
		if len(s.Chrono[deck]) == 0 {
			return decks.TimeCard{}, fmt.Errorf("rs: the %s deck is empty", deck)
		}
	}
	c := s.Chrono[deck][0]
	s.Chrono[deck] = s.Chrono[deck][1:]
	s.ChronoUsed[deck] = append(s.ChronoUsed[deck], c)
	return c, nil
}

// drawPitTime draws a pit card whose time can serve: a system car never
// gets a lollipop-man error (R-PIT-05, R-VSJ-07), nor a base time
// (AMB-31): draw again.
func (g *Game) drawPitTime(deck string, r Random, seat int, for_ string) (decks.TimeCard, error) {
	for {
		c, err := g.drawTime(deck, r)
		if err != nil {
			return c, err
		}
		g.emit(ev("pit-card", Public, "seat", seat+1, "for", for_, "deck", deck, "card", pitText(c)))
		if c.Pit != decks.Mecano {
			return c, nil
		}
	}
}

func pitText(c decks.TimeCard) string {
	if c.Pit == decks.Mecano {
		return "mecano"
	}
	return fmt.Sprint(c.Pit)
}

// pitStops runs the turn's pit stops (R-PIT-01..08): every seat that
// pitted stops with all the system cars that follow it; cars are handled
// last to first from the order at the start of the step (AMB-52); each
// seat draws two cards from its chosen deck, one for its system cars and
// one for its own car; a lollipop-man error on its own card sends it to
// the pit-incident deck and takes the system cars' card as the base time
// (or another card without system cars, AMB-31); each stop drops the car
// back the card's time plus the circuit's stop, +3 for a nose change,
// plus the incident (R-POS-05); the seat's pile is rebuilt new for the
// tyres named (R-PIT-07).
func (g *Game) pitStops(orders []PitOrder, r Random) error { return g.pitStopsIf(orders, r, nil) }

// pitStopsIf is pitStops for the cars allowed (all with nil): a car
// trapped behind the safety car stays out (R-SC-03).
func (g *Game) pitStopsIf(orders []PitOrder, r Random, allowed func(*Car) bool) error {
	by := map[int]PitOrder{}
	for _, o := range orders {
		by[o.Seat] = o
	}
	seatOf := func(c *Car) (int, bool) {
		if c.System() {
			s, ok := g.Std.Owner[c.ID]
			return s, ok
		}
		return c.Seat, true
	}
	type cards struct{ system, own decks.TimeCard }
	drawn := map[int]*cards{}
	hasSystem := func(seat int) bool {
		for id, s := range g.Std.Owner {
			if s == seat && !g.car(id).Out {
				return true
			}
		}
		return false
	}
	file := g.File()
	waits := g.teamWaits(file, func(c *Car) bool {
		seat, ok := seatOf(c)
		_, stops := by[seat]
		return ok && stops && (allowed == nil || allowed(c))
	})
	stopped := map[*Car]int{} // the squares each stop cost, for the team waits
	for i := len(file) - 1; i >= 0; i-- {
		c := file[i]
		seat, ok := seatOf(c)
		o, stops := by[seat]
		if !ok || !stops || (allowed != nil && !allowed(c)) {
			continue
		}
		d := drawn[seat]
		if d == nil {
			d = &cards{}
			var err error
			if hasSystem(seat) {
				if d.system, err = g.drawPitTime(o.Deck, r, seat, "system"); err != nil {
					return err
				}
			}
			if d.own, err = g.drawTime(o.Deck, r); err != nil {
				return err
			}
			g.emit(ev("pit-card", Public, "seat", seat+1, "for", "own", "deck", o.Deck, "card", pitText(d.own)))
			drawn[seat] = d
		}
		base, incident := d.system.Pit, 0
		if !c.System() {
			base = d.own.Pit
			if d.own.Pit == decks.Mecano { // R-PIT-05
				inc, err := g.drawPitIncident(r)
				if err != nil {
					return err
				}
				g.emit(ev("pit-incident", Public, "car", c.ID, "card", inc))
				switch inc.Kind {
				case "drive-through":
					incident = g.Circuit.DriveThrough
				case "time":
					incident = inc.N
				}
				if hasSystem(seat) {
					base = d.system.Pit
				} else {
					alt, err := g.drawPitTime(o.Deck, r, seat, "base")
					if err != nil {
						return err
					}
					base = alt.Pit
				}
			}
		}
		nose := !c.System() && o.Nose && g.Std.Nose[c.ID]
		if nose { // the risk card leaves the car for the discard (R-RSK-04)
			g.repairNose(c)
		}
		stopped[c] = PitDrop(base, g.Circuit.PitStop, nose, incident)
		g.dropBackEv(c, stopped[c], "pit")
	}
	for _, w := range waits { // R-PIT-10: once the first car's stop is known
		if n := TeamPitWait(stopped[w.first], w.between); n > 0 {
			g.dropBackEv(w.second, n, "team-wait")
		}
	}
	for _, o := range orders { // R-PIT-07: a new pile for the tyres named
		g.fitTyres(o.Seat, o.Tyre)
	}
	return nil
}

func (g *Game) drawPitIncident(r Random) (decks.Card, error) {
	s := g.Std
	if len(s.PitInc) == 0 {
		perm, err := g.shuffle("pit", 0, len(s.PitIncUsed), r)
		if err != nil {
			return decks.Card{}, err
		}
		s.PitInc, s.PitIncUsed = permute(s.PitIncUsed, perm), nil
		if len(s.PitInc) == 0 {
			return decks.Card{}, fmt.Errorf("rs: the pit-incident deck is empty")
		}
	}
	c := s.PitInc[0]
	s.PitInc = s.PitInc[1:]
	s.PitIncUsed = append(s.PitIncUsed, c)
	return c, nil
}

func (s *StdState) clone() *StdState {
	n := &StdState{Owner: map[int]int{}, Tyres: map[int]Tyre{}, Piles: map[int][]TyreCard{}, Fitted: map[int][]Tyre{},
		Nose: map[int]bool{}, Chrono: map[string][]decks.TimeCard{}, ChronoUsed: map[string][]decks.TimeCard{},
		PitInc: slices.Clone(s.PitInc), PitIncUsed: slices.Clone(s.PitIncUsed), Mate: s.Mate, Specs: s.Specs, Fast: s.Fast}
	for k, v := range s.Owner {
		n.Owner[k] = v
	}
	for k, v := range s.Tyres {
		n.Tyres[k] = v
	}
	for k, v := range s.Piles {
		n.Piles[k] = slices.Clone(v)
	}
	for k, v := range s.Fitted {
		n.Fitted[k] = slices.Clone(v)
	}
	for k, v := range s.Nose {
		n.Nose[k] = v
	}
	for k, v := range s.Chrono {
		n.Chrono[k] = slices.Clone(v)
	}
	for k, v := range s.ChronoUsed {
		n.ChronoUsed[k] = slices.Clone(v)
	}
	if s.Sets != nil {
		n.Sets = map[int]map[Tyre]int{}
		for k, v := range s.Sets {
			n.Sets[k] = maps.Clone(v)
		}
	}
	return n
}
