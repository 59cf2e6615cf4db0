package rs

import (
	"fmt"

	"github.com/pitwall/pitwall/engine/rs/decks"
)

// The standard game's turn event (R-EVT-02..04) with eliminations
// (R-ELM-01) and drive-throughs (R-PEN-01/02), tested on their own; the
// safety car it may call is recorded (SafetyCar) but its procedure (R-SC)
// is not written yet, and no playable standard race runs this yet.

// EventDecks are the event draw piles, top first, with their used cards.
type EventDecks struct {
	Dry, Wet, DryUsed, WetUsed []decks.Card
	SystemOnly                 bool // R-EVT-03's option: only system cars are drawn as victims
	FullLength                 bool // AMB-12's option: the prose's event odds
	SafetyCar                  int  // safety-car turns called and not yet run
}

// pickCar draws a random-car card among candidates (R-EVT-03): a recorded
// shuffle of their cards, the top one chosen.
func (g *Game) pickCar(cands []*Car, r Random) (*Car, error) {
	if len(cands) == 0 {
		return nil, nil
	}
	if len(cands) == 1 {
		return cands[0], nil
	}
	perm, err := g.shuffle("random-car", 0, len(cands), r)
	if err != nil {
		return nil, err
	}
	return cands[perm[0]], nil
}

func (g *Game) drawEvent(ed *EventDecks, wet bool, r Random) (decks.Card, error) {
	pile, used, name := &ed.Dry, &ed.DryUsed, "dry"
	if wet {
		pile, used, name = &ed.Wet, &ed.WetUsed, "wet"
	}
	if len(*pile) == 0 {
		perm, err := g.shuffle(name, 0, len(*used), r)
		if err != nil {
			return decks.Card{}, err
		}
		*pile, *used = permute(*used, perm), nil
		if len(*pile) == 0 {
			return decks.Card{}, fmt.Errorf("rs: the %s deck is empty", name)
		}
	}
	c := (*pile)[0]
	*pile = (*pile)[1:]
	*used = append(*used, c)
	return c, nil
}

// turnEvent draws and applies the turn's event when the blue die calls
// one at humidity h (R-EVT-01..04).
func (g *Game) turnEvent(ed *EventDecks, blue, h int, r Random) error {
	if drawn := EventDrawn(blue, h); ed.FullLength {
		drawn = EventDrawnFull(blue, h)
		if !drawn {
			return nil
		}
	} else if !drawn {
		return nil
	}
	card, err := g.drawEvent(ed, Wet(h), r)
	if err != nil {
		return err
	}
	g.emit(ev("event-card", Public, "card", card))
	if card.Kind == "sun" || card.Kind == "rain" {
		return nil
	}
	var cands []*Car
	for _, c := range g.File() {
		if !ed.SystemOnly || c.System() {
			cands = append(cands, c)
		}
	}
	resp, err := g.pickCar(cands, r)
	if err != nil || resp == nil {
		return err
	}
	if card.Kind != "collision" {
		return g.applyEffect(ed, resp, card, r)
	}
	// R-EVT-04 collision: the responsible car, a victim directly ahead of
	// or behind it, and a third car directly ahead of or behind the first
	// two, all chosen from the file at the moment of the collision (before
	// any effect moves a car); then each takes its part, in that order.
	file := g.File()
	victim, err := g.pickCar(CollisionVictims(file, resp, ed.SystemOnly), r)
	if err != nil {
		return err
	}
	var third *Car
	if victim != nil && len(card.Parts) >= 3 {
		if third, err = g.pickCar(thirdCandidates(file, resp, victim, ed.SystemOnly), r); err != nil {
			return err
		}
	}
	for i, c := range []*Car{resp, victim, third} {
		if c != nil && i < len(card.Parts) {
			if err := g.applyEffect(ed, c, card.Parts[i], r); err != nil {
				return err
			}
		}
	}
	return nil
}

// thirdCandidates: the car in front of the pair and the car behind it,
// in file (R-EVT-04 "un 3ème véhicule").
func thirdCandidates(f []*Car, a, b *Car, systemOnly bool) []*Car {
	first, last := -1, -1
	for i, c := range f {
		if c == a || c == b {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	var out []*Car
	for i := first - 1; i >= 0; i-- {
		if !systemOnly || f[i].System() {
			out = append(out, f[i])
			break
		}
	}
	for i := last + 1; i < len(f); i++ {
		if !systemOnly || f[i].System() {
			out = append(out, f[i])
			break
		}
	}
	return out
}

// applyEffect applies one incident effect to car c (R-EVT-04).
func (g *Game) applyEffect(ed *EventDecks, c *Car, e decks.Card, r Random) error {
	if c.Out {
		return nil
	}
	switch e.Kind {
	case "retire": // R-ELM-01: off the track, the hole kept (AMB-43)
		c.Out = true
		g.emit(ev("retired", Public, "car", c.ID))
	case "drive-through": // R-PEN-01: served now
		g.dropBackEv(c, g.Circuit.DriveThrough, "drive-through")
	case "stop-go": // R-PEN-02
		g.dropBackEv(c, g.Circuit.DriveThrough+e.N, "stop-and-go")
	case "off":
		g.dropBackEv(c, e.N, "off-track")
	case "puncture", "nose", "repair":
		// a normal stop (card + circuit) plus the printed squares; a player
		// fits new tyres of the same type (AMB-45); the careful deck by
		// default for a system car's owner (AMB-45)
		seat, ok := g.seatOf(c)
		if !ok {
			seat = -1
		}
		card, err := g.drawPitTime("careful", r, seat, "repair")
		if err != nil {
			return err
		}
		switch {
		case c.System() || seat < 0:
		case g.Std.Sets != nil: // a set spent, another type when none is left (R-ADV-01)
			if t, ok := g.emergencyTyre(seat); ok {
				g.fitTyres(seat, t)
			}
		default:
			t := g.Std.Tyres[seat]
			g.Std.Piles[seat] = g.FreshPile(t)
		}
		g.dropBackEv(c, PitDrop(card.Pit, g.Circuit.PitStop, false, e.N), e.Kind)
	case "damage": // never for system cars (R-EVT-04)
		if !c.System() {
			c.Slow++
			g.emit(ev("slow", Public, "car", c.ID, "cards", c.Slow))
		}
	case "safety-car": // R-SC-01
		ed.SafetyCar = max(ed.SafetyCar, SafetyCarTurns(e.N))
		g.emit(ev("safety-car", Public, "laps", e.N, "turns", SafetyCarTurns(e.N)))
	case "spin": // the start deck's "goes last"
		f := g.File()
		c.Dist = f[len(f)-1].Dist - 1
		g.emit(ev("to-tail", Public, "car", c.ID))
	}
	return nil
}
