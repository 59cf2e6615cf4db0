package rs

// EventsFor returns the events seat may read now, in order: everything
// public, what is addressed to it, and for a hidden event only that it
// happened (its kind and key, never the order it gave). Once the race is
// over every event is whole. This is the one door through which a
// transport or a board should read a running game's events.
func (g *Game) EventsFor(seat int) []Event {
	var out []Event
	for _, e := range g.Events {
		switch {
		case e.VisibleTo(seat, g.Over):
			out = append(out, e)
		case e.To.Hidden:
			r := Event{Kind: e.Kind}
			for _, a := range e.Args {
				if a.K != "perm" {
					r.Args = append(r.Args, a)
				}
			}
			out = append(out, r)
		}
	}
	return out
}

// SeatView is what one seat may know of the game now: the public file and
// its own cards.
type SeatView struct {
	Turn    int
	Over    bool
	Hand    []int  // its speed cards, sorted
	Pile    int    // cards left in its draw pile
	Ordered []bool // by seat: has it sealed its order this turn (never what)
	Mine    *Order // its own sealed order, if any
}

// View returns what seat may know now.
func (g *Game) View(seat int) SeatView {
	v := SeatView{Turn: g.Turn, Over: g.Over, Ordered: make([]bool, len(g.Seats))}
	for s, o := range g.Sealed {
		v.Ordered[s] = o != nil
	}
	if seat >= 0 && seat < len(g.Seats) {
		v.Hand = append([]int(nil), g.Seats[seat].Hand...)
		v.Pile = len(g.Seats[seat].Pile)
		if o := g.Sealed[seat]; o != nil {
			oc := *o
			v.Mine = &oc
		}
	}
	return v
}
