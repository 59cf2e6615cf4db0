package rs

import (
	"fmt"
	"maps"
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

	// the optional rules' marks, all public: the seat's second car under
	// variant 10.5 (R-VAR-05), a fast system car under variant 10.3 or
	// 10.2 (R-VAR-03: fixed; R-VAR-02: this turn's, from the file), the
	// teammate's car ID under team-pit-restriction (R-PIT-10, 0 without)
	Second bool
	Fast   bool
	Mate   int
}

// RevealedOrder is one seat's order as the reveal showed it, with the
// speed the car ran (R-FAM-06, R-ORD-01, R-SPD).
type RevealedOrder struct {
	Seat, Car, Card, Speed int
	Risk, Tapez, Economise bool
	Pit                    Tyre   // the tyres a stop fits, "" without a stop
	Deck                   string // the pit deck of a stop
	SafetyCar              bool   // a choice under the safety car: Pit says stop, "" stay out
	// the seat's second car on the same card under variant 10.5
	// (R-VAR-05): its ID and speed; 0 without
	SecondCar, SecondSpeed int
}

// Manufacturer is the tyre manufacturer's roll of the race (R-ADV-08,
// T-19): the blue die and the hard and soft piles it gave.
type Manufacturer struct {
	Blue       int
	Hard, Soft string // new/−3/−4/−5 cards, as the record writes them
}

// QualiBoard is the advanced qualifying as a board shows it between two
// phases (R-QX-01..09): the session and the phase being ordered, its
// humidity and tyres, and for each car still in the session its
// attempts and best time so far (every time drawn is public once
// revealed).
type QualiBoard struct {
	Session       string // "q2", "q3"
	Phase, Phases int    // the phase being ordered, from 1, and the session's count
	Weather       Weather
	Humidity      int
	Tyres         Tyre           // the tyres an attempt of this phase runs on
	In            map[int]bool   // car ID → still in the session
	Attempts      map[int]int    // car ID → attempts made this session
	Best          map[int]int    // car ID → best time so far, thousandths (NoTime: none)
	Penalty       map[int]bool   // car ID → a penalty card on its last attempt (R-QX-08)
	Choices       map[int]string // seat (from 0) → its last revealed order: "risky", "careful" or "pass"
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

	// What the optional rules add, all public. TwoCars: variant 10.5, a
	// seat's cars share its colour and its order (R-VAR-05). TyreSets:
	// under tyre-allocation each seat's sets left by type (R-ADV-01) —
	// public, as the sets fitted are seen on the cars in the box game and
	// every "tyres" event says how many are left. Manufacturer: the roll
	// under the manufacturer rule (R-ADV-08), nil without. FastRule: the
	// variant that marks the fast system cars, "v10-3" or "v10-2" ("":
	// neither). Teams: team-pit-restriction is on (BoardCar.Mate).
	// Quali: the advanced qualifying while its phases are ordered.
	TwoCars      bool
	TyreSets     map[int]map[Tyre]int
	Manufacturer *Manufacturer
	FastRule     string
	Teams        bool
	Quali        *QualiBoard
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
	g.boardOptions(&v)
	if !v.Placed {
		v.File = g.gridView()
		if v.Quali = g.qualiBoard(); v.Quali != nil {
			v.File = qualiOrder(v.File, v.Quali)
		}
		return g.boardEvents(v, seat)
	}
	cls := map[int]int{}
	for i, c := range g.Classification() {
		cls[c.ID] = i + 1
	}
	file := g.File()
	lead := g.leaderDist()
	n := g.Circuit.Len()
	fast := map[*Car]bool{} // v10-2: the cars that take the higher green card next turn, the file being what it is
	if v.FastRule == OptThreeFast && g.Race != nil && g.Race.Phase == PhaseRace {
		fast = g.fastSystemCars()
	}
	add := func(c *Car, gap int) {
		bc := BoardCar{ID: c.ID, Name: c.Name, Seat: c.Seat, Follows: -1, Place: cls[c.ID], Square: g.square(c.Dist), Dist: c.Dist,
			Slow: c.Slow, Out: c.Out, Gap: gap}
		bc.Lap = max(0, floorDiv(c.Dist-g.Circuit.Start-1, n)+1)
		if !c.Out && len(file) > 0 {
			bc.Down = g.lapsDown(lead, c)
		}
		g.boardTyres(&bc, c)
		bc.Fast = fast[c] || (g.Std != nil && g.Std.Fast[c.ID])
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
		bc.Fast = g.Std != nil && g.Std.Fast[c.ID]
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
	bc.Mate = g.Std.Mate[c.ID]
	bc.Second = c.Seat >= 0 && c.ID != g.Seats[c.Seat].Car
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

// boardOptions sets what the optional rules add to a board (all public).
func (g *Game) boardOptions(v *BoardView) {
	if g.Std == nil {
		return
	}
	v.TwoCars, v.Teams = g.Cfg.TwoCars, g.Std.Mate != nil
	switch {
	case g.Cfg.FixedFast:
		v.FastRule = OptFixedFast
	case g.Cfg.ThreeFast:
		v.FastRule = OptThreeFast
	}
	if g.Std.Sets != nil {
		v.TyreSets = map[int]map[Tyre]int{}
		for s, sets := range g.Std.Sets {
			v.TyreSets[s] = maps.Clone(sets)
		}
	}
	for _, e := range g.Events { // a public event, written once at setup
		if e.Kind == "manufacturer" {
			v.Manufacturer = &Manufacturer{Blue: e.Int("blue"), Hard: e.Get("hard"), Soft: e.Get("soft")}
			break
		}
	}
}

// qualiBoard is the advanced qualifying between two phases, nil when it
// is not being played. Times are timed as the session's end will time
// them (bestTime with the phases' tyre penalties and impacts so far).
func (g *Game) qualiBoard() *QualiBoard {
	if !g.advQualifying() {
		return nil
	}
	aq := g.Race.AQ
	q := &QualiBoard{Session: aq.Run.name(), Phase: aq.Phase + 1, Phases: aq.phases(), Weather: aq.Weather, Humidity: aq.Hum, Tyres: QualiTyre(aq.Hum),
		In: map[int]bool{}, Attempts: map[int]int{}, Best: map[int]int{}, Penalty: map[int]bool{}, Choices: map[int]string{}}
	at := func(phase, chrono int) int {
		t := chrono
		if phase < len(aq.Mismatch) {
			t += aq.Mismatch[phase]
		}
		if phase < len(aq.Impact) {
			t += aq.Impact[phase]
		}
		return t
	}
	for _, id := range aq.Run.Entrants {
		q.In[id] = true
		q.Attempts[id] = len(aq.Tries[id])
		q.Best[id], q.Penalty[id] = bestTime(aq.Tries[id], at)
	}
	return q
}

// qualiOrder ranks the cars as the session stands: those still in it by
// best time so far (no time last, then car order), then the others.
func qualiOrder(file []BoardCar, q *QualiBoard) []BoardCar {
	slices.SortStableFunc(file, func(a, b BoardCar) int {
		if q.In[a.ID] != q.In[b.ID] {
			if q.In[a.ID] {
				return -1
			}
			return 1
		}
		if !q.In[a.ID] {
			return 0
		}
		return q.Best[a.ID] - q.Best[b.ID]
	})
	for i := range file {
		file[i].Place = i + 1
	}
	return file
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
			case "second-car": // R-VAR-05: after its seat's play
				v.Speeds[e.Int("car")] = e.Int("speed")
				for i := range v.Orders {
					if v.Orders[i].Seat == e.Int("seat")-1 && !v.Orders[i].SafetyCar {
						v.Orders[i].SecondCar, v.Orders[i].SecondSpeed = e.Int("car"), e.Int("speed")
					}
				}
			case "quali-attempt":
				if v.Quali != nil {
					v.Quali.Choices[e.Int("seat")-1] = e.Get("deck")
				}
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
