package rs

import (
	"fmt"
	"slices"
)

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

// BoardCar is one car as a board shows it to everyone: where it is, its
// gap, its tyres and damage. Nothing in it is secret.
type BoardCar struct {
	ID      int
	Name    string // the colour, or system-N
	Seat    int    // the player's seat (0-based), -1 for a system car
	Follows int    // a standard system car: the seat whose strategy it follows (R-SET-04); else -1
	Place   int    // running order, from 1 (R-END-02)
	Square  int
	Dist    int
	Lap     int // the lap it is on, from 1 (0 behind the start line)
	Gap     int // empty squares to the car directly ahead in the file, 0 for the leader (R-POS-03)
	Down    int // whole laps behind the leader (R-LAP)
	Slow    int // damage cards, −2 km/h each (R-FAM-10, AMB-42)
	Nose    bool
	Out     bool

	// the standard game's tyres of the seat the car is or follows
	// (R-TYR): the type, the cards left and the top card; "" otherwise
	Tyre      Tyre
	TyreCards int
	TyreTop   TyreCard
}

// RevealedOrder is one seat's order as the reveal showed it, with the
// speed the car ran (R-FAM-06, R-ORD-01, R-SPD).
type RevealedOrder struct {
	Seat, Car, Card, Speed int
	Risk, Tapez, Economise bool
	Pit                    Tyre   // the tyres a stop fits, "" without a stop
	Deck                   string // the pit deck of a stop
	SafetyCar              bool   // a choice under the safety car: Pit says stop, "" stay out
}

// BoardView is what a board drawn for seat may show after the last turn
// resolved (issue 17, "Boards"): the public state, the last turn's
// revealed orders and what was drawn, and that seat's own hand. Seat −1 is
// everyone: no hand. Orders sealed since the last reveal are never in it,
// nor which seats have ordered, so a board drawn mid-turn is the board
// drawn before the first order of the turn.
type BoardView struct {
	Mode         Mode
	Turn, Turns  int // the turn being ordered (or the last, once over) and the race's length
	Over         bool
	Phase        string // the standard game's phase (PhaseRace …); "" in the family game
	Weather      Weather
	Humidity     int
	WeatherRule  bool // the optional weather rule is on: Weather and Humidity change
	SafetyCar    bool // the safety car is out
	SafetyCarFor int  // safety-car turns still to run after this one

	// Placed: the cars are on the circuit. Before the grid start of a
	// standard race (qualifying, the start's orders) they are not: File
	// is then the grid, pole first, once qualifying has made it (else car
	// order), with no squares, gaps or laps.
	Placed bool
	File   []BoardCar // the running cars in file order, then the retired ones

	// LastTurn is the turn the last reveal resolved (0: none yet); Orders
	// its revealed orders by seat, Speeds every car's speed that turn (by
	// car ID; system cars included), Dice the turn's three dice (blue,
	// white, red, as shown) when they were rolled, and Last every event
	// from the reveal on that seat may read.
	LastTurn int
	Orders   []RevealedOrder
	Speeds   map[int]int
	Dice     []int
	Last     []Event

	Seat int   // the seat the board is for, −1 everyone
	Hand []int // that seat's speed cards, sorted; nil for everyone
	Pile int   // cards left face down in its pile
}

// Board returns what a board drawn for seat may show now (seat −1:
// everyone). Events come through EventsFor, so nothing the seat may not
// read reaches a board.
func (g *Game) Board(seat int) BoardView {
	v := BoardView{Mode: g.Cfg.Mode, Turn: g.Turn, Turns: g.Turns, Over: g.Over, Seat: -1, Speeds: map[int]int{}}
	if g.Race != nil {
		v.Phase, v.Weather, v.Humidity, v.WeatherRule = g.Race.Phase, g.Race.Weather, g.Race.Hum, g.Cfg.Weather
		v.SafetyCar = g.Race.Phase == PhaseSC || g.Race.Phase == PhaseSCStop
		v.SafetyCarFor = g.Race.SC
	}
	v.Placed = g.Race == nil || (g.Race.Phase != PhaseQuali && g.Race.Phase != PhaseStart)
	if !v.Placed {
		v.File = g.gridView()
		return g.boardEvents(v, seat)
	}
	cls := map[int]int{}
	for i, c := range g.Classification() {
		cls[c.ID] = i + 1
	}
	file := g.File()
	lead := g.leaderDist()
	n := g.Circuit.Len()
	add := func(c *Car, gap int) {
		bc := BoardCar{ID: c.ID, Name: c.Name, Seat: c.Seat, Follows: -1, Place: cls[c.ID], Square: g.square(c.Dist), Dist: c.Dist,
			Slow: c.Slow, Out: c.Out, Gap: gap}
		bc.Lap = max(0, floorDiv(c.Dist-g.Circuit.Start-1, n)+1)
		if !c.Out && len(file) > 0 {
			bc.Down = g.lapsDown(lead, c)
		}
		g.boardTyres(&bc, c)
		v.File = append(v.File, bc)
	}
	for i, c := range file {
		gap := 0
		if i > 0 {
			gap = g.between(c, file[i-1])
		}
		add(c, gap)
	}
	for _, c := range g.Cars {
		if c.Out {
			add(c, 0)
		}
	}
	return g.boardEvents(v, seat)
}

// gridView lists the cars before they are placed: the grid qualifying
// made (pole first, pit-lane starters last), or the cars in order.
func (g *Game) gridView() []BoardCar {
	order := make([]int, 0, len(g.Cars))
	if q := g.Race.Quali; q != nil {
		order = append(append(order, q.Grid...), q.PitLane...)
	}
	for _, c := range g.Cars {
		if !slices.Contains(order, c.ID) {
			order = append(order, c.ID)
		}
	}
	out := make([]BoardCar, 0, len(order))
	for i, id := range order {
		c := g.car(id)
		bc := BoardCar{ID: c.ID, Name: c.Name, Seat: c.Seat, Follows: -1, Place: i + 1, Slow: c.Slow, Out: c.Out}
		g.boardTyres(&bc, c)
		out = append(out, bc)
	}
	return out
}

// boardTyres sets the tyres and nose of a standard race's car: its seat's
// tyres, or those of the seat a system car follows (R-SET-04).
func (g *Game) boardTyres(bc *BoardCar, c *Car) {
	if g.Std == nil {
		return
	}
	bc.Nose = g.Std.Nose[c.ID]
	s := c.Seat
	if c.System() {
		s = g.Std.Owner[c.ID]
		bc.Follows = s
	}
	bc.Tyre = g.Std.Tyres[s]
	if p := g.Std.Piles[s]; len(p) > 0 {
		bc.TyreCards, bc.TyreTop = len(p), p[0]
	}
}

// boardEvents adds to v the last turn as seat may read it, and its hand.
func (g *Game) boardEvents(v BoardView, seat int) BoardView {
	evs := g.EventsFor(seat)
	from := -1
	for i, e := range evs {
		if e.Kind == "reveal" {
			from = i
		}
	}
	if from >= 0 {
		v.LastTurn = evs[from].Int("turn")
		for _, e := range evs[from:] {
			if e.Kind == "order" || e.Kind == "sealed" || e.Kind == "deadline" {
				break // the next turn's orders: secret, and not on a board
			}
			v.Last = append(v.Last, e)
			switch e.Kind {
			case "play", "sc-choice":
				o := RevealedOrder{Seat: e.Int("seat") - 1, Car: e.Int("car"), Card: e.Int("card"), Speed: e.Int("speed"),
					Risk: e.Get("risk") == "1", Tapez: e.Get("tapez") == "1", Economise: e.Get("economise") == "1",
					Pit: Tyre(e.Get("pit")), Deck: e.Get("deck"), SafetyCar: e.Kind == "sc-choice"}
				if o.SafetyCar {
					o.Car = g.Seats[o.Seat].Car
				} else {
					v.Speeds[o.Car] = o.Speed
				}
				v.Orders = append(v.Orders, o)
			case "system-speed":
				v.Speeds[e.Int("car")] = e.Int("speed")
			case "roll":
				if e.Get("for") == "turn" {
					v.Dice = append(v.Dice, e.Int("value"))
				}
			}
		}
	}
	if seat >= 0 && seat < len(g.Seats) {
		v.Seat = seat
		v.Hand = append([]int{}, g.Seats[seat].Hand...)
		v.Pile = len(g.Seats[seat].Pile)
	}
	return v
}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// ReplayTurn replays a record up to the end of turn n: the game as it
// stood when turn n+1 was to be ordered, or at the flag (n 0: before the
// first turn's orders, after qualifying and the start).
func ReplayTurn(r *Record, n int) (*Game, error) {
	if n < 0 {
		return nil, fmt.Errorf("turn %d: turns are counted from 0 (before the first)", n)
	}
	g, err := ReplayUntil(r, func(g *Game, _ int) bool { return g.Over || g.Turn > n })
	if err != nil {
		return nil, err
	}
	if !g.Over && g.Turn <= n {
		return nil, fmt.Errorf("turn %d: the record stops while turn %d is being ordered", n, g.Turn)
	}
	if g.Over && n > g.Turns {
		return nil, fmt.Errorf("turn %d: the race had %d turns", n, g.Turns)
	}
	return g, nil
}

// ReplayAt replays a record up to line n (from 1): the game as it stood
// when that line was written, before the input on it (an order or a
// deadline) was applied, as Formula Dé's replay --at.
func ReplayAt(r *Record, n int) (*Game, error) {
	if n < 1 || n > len(r.Events) {
		return nil, fmt.Errorf("line %d: the record has lines 1 to %d", n, len(r.Events))
	}
	return ReplayUntil(r, func(_ *Game, i int) bool { return i+1 >= n })
}
