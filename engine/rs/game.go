package rs

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/rs/decks"
	"github.com/pitwall/pitwall/tracks/rscircuit"
)

// Mode is the game's rules: the family game or the standard game.
type Mode string

// The modes (R-MODE-01).
const (
	Family   Mode = "family"
	Standard Mode = "standard"
)

// MaxSeats is the most players a game may have ("1 à 9 joueurs").
const MaxSeats = 9

// FamilyTurns is the family race's length (R-FAM-12).
const FamilyTurns = 12

// Colours are the family game's player colours in the order the table
// adds them and the cars line up (R-FAM-01, R-FAM-04).
var Colours = []string{"blue", "red", "black", "orange", "silver", "dark-grey"}

var (
	// ErrOver: the race is over.
	ErrOver = errors.New("the race is over")
	// ErrIllegal wraps every refused order.
	ErrIllegal = errors.New("illegal order")
	// ErrNotSupported: a mode or option this engine does not play yet.
	ErrNotSupported = errors.New("not supported yet")
)

// Random is where dice and shuffles come from: the seeded source of a
// live game, a script in tests, the record itself in a replay.
type Random interface {
	dice.Source
	dice.Shuffler
}

// The three d10s (racing-simulator.md §2.3). A die's faces must be 1 or
// more (engine/dice), so the face showing 0 has the value 10; the record
// writes the digit shown, 0–9.
var (
	Blue  = d10("blue")
	White = d10("white")
	Red   = d10("red")
)

func d10(name string) dice.Die {
	return dice.Die{Name: name, Faces: []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}}
}

// Config fixes a game's rules.
type Config struct {
	Mode  Mode
	Seats int         // players, one car each
	Risk  *decks.Deck // the risk-incident deck; nil: the Pitwall house deck
	// Decks are a league's own decks by kind (SetDeck), the risk deck
	// excepted (Risk); a kind absent is the Pitwall house deck (AMB-30).
	Decks map[string]*decks.Deck
	// legacyRiskBlock: the record carried its risk deck in the old
	// risk-deck block, whose setup line names no digest (record.go).
	legacyRiskBlock bool

	// The standard game's optional rules (R-MODE-01, Optionals).
	Weather        bool // weather and humidity
	SystemOnly     bool // only system cars are drawn for events (R-EVT-03)
	QuickStart     bool // the quick method instead of qualifying and the grid start (R-QA-01)
	FullEvents     bool // the prose's event odds: dry 0, wet 0–2 (AMB-12)
	TyreAllocation bool // 3 soft, 3 hard, 3 rain and 4 intermediate sets a seat (R-ADV-01)
	TeamPits       bool // two cars of a team stopping on one turn: the second waits (R-ADV-05, R-PIT-10)
	Manufacturer   bool // a blue die before qualifying sets the hard and soft piles (R-ADV-08, T-19)
	FixedFast      bool // variant 10.3: fixed fast system cars, as many for each seat (R-VAR-03)
	TwoCars        bool // variant 10.5: each seat runs two cars on one order (R-VAR-05)
	SmallHands     bool // variant 10.1: hands of 5 speed cards, larger draw piles (R-VAR-01)
	ThreeFast      bool // variant 10.2: at most 3 fast system cars (R-VAR-02)
	TwoPiles       bool // variant 10.4: a fast (297–300) and a slow (293–296) green pile (R-VAR-04)
	AdvancedQuali  bool // qualifying in phases, with weather and track impacts (§3.6.3, R-QX)
}

// flag is the switch of the optional rule named, nil for no such rule.
func (cfg *Config) flag(name string) *bool {
	switch name {
	case OptWeather:
		return &cfg.Weather
	case OptSystemOnly:
		return &cfg.SystemOnly
	case OptQuickStart:
		return &cfg.QuickStart
	case OptFullEvents:
		return &cfg.FullEvents
	case OptTyreAllocation:
		return &cfg.TyreAllocation
	case OptTeamPits:
		return &cfg.TeamPits
	case OptManufacturer:
		return &cfg.Manufacturer
	case OptFixedFast:
		return &cfg.FixedFast
	case OptTwoCars:
		return &cfg.TwoCars
	case OptSmallHands:
		return &cfg.SmallHands
	case OptThreeFast:
		return &cfg.ThreeFast
	case OptTwoPiles:
		return &cfg.TwoPiles
	case OptAdvancedQuali:
		return &cfg.AdvancedQuali
	}
	return nil
}

// Optional lists the optional rules cfg switches on, in Optionals' order.
func (cfg Config) Optional() []string {
	var out []string
	for _, o := range Optionals {
		if *cfg.flag(o) {
			out = append(out, o)
		}
	}
	return out
}

// SetOptional switches on the optional rule named.
func (cfg *Config) SetOptional(name string) error {
	f := cfg.flag(name)
	if f == nil {
		return fmt.Errorf("rs: no optional rule %q (the standard game's: %s)", name, strings.Join(Optionals, ", "))
	}
	*f = true
	return nil
}

// Car is one car in the file.
type Car struct {
	ID    int    // 1-based car number
	Name  string // the player's colour, or system-1, system-2
	Seat  int    // the player's seat (0-based), -1 for a system car
	Dist  int    // unwrapped squares from square 0 (R-POS-02); square = Dist mod lap
	Slow  int    // slow/damage cards on the car, −2 km/h each (R-FAM-10, AMB-42)
	Cards []decks.Card
	Out   bool

	// this turn
	speed          int
	locked, passed bool
	blue           int // cars that passed it this turn as a back-marker (R-LAP-03)
}

// System reports whether no player drives the car (a VSJ).
func (c *Car) System() bool { return c.Seat < 0 }

// Seat is one player: a car, a hand of speed cards, a draw pile.
type Seat struct {
	Car    int   // the car's ID
	Hand   []int // speed cards in hand, sorted
	Pile   []int // draw pile, top first
	Played []int // spent speed cards, in order
}

// Order is one seat's secret order for a turn (R-FAM-06, R-ORD-01).
type Order struct {
	Seat int
	Card int  // the speed card played (0 under the safety car)
	Risk bool // the risk card too (+2 km/h)

	// the standard game's (R-ORD-01)
	Tapez, Economise bool
	Pit              bool   // stop at the end of this turn
	Tyre             Tyre   // the tyres to fit
	Deck             string // the pit deck: "risky" or "careful" (R-PIT-03)
	KeepNose         bool   // do not change a damaged nose (AMB-28)

	// qualifying and the start (quali.go)
	Redraw int    // redraw once a chrono worse than .Redraw, or a start card under Redraw points
	Dir    string // the start direction: straight, inside or outside
}

// Key is the order as a button or a mail line sends it: "297",
// "297+risk", "296+tapez+pit-hard-careful", "stay".
func (o Order) Key() string { return stdKey(o) }

// ParseOrderKey reads an Order key for seat.
func ParseOrderKey(seat int, key string) (Order, error) {
	k := strings.ToLower(strings.TrimSpace(key))
	card, risk := strings.CutSuffix(k, "+risk")
	v, err := strconv.Atoi(card)
	if err != nil || v < 293 || v > 300 {
		return Order{}, fmt.Errorf("%w: %q: a speed card is 293 to 300, optionally +risk", ErrIllegal, key)
	}
	return Order{Seat: seat, Card: v, Risk: risk}, nil
}

// Option is one legal order offered to a seat.
type Option struct {
	Key              string
	Card             int
	Risk             bool
	Tapez, Economise bool
	Pit              bool
	Tyre             Tyre
	Deck             string
	Redraw           int
	Dir              string
}

// Decision is what a seat must decide now. Secret: the others learn that
// it decided, never what, until the reveal.
type Decision struct {
	Seat    int
	Turn    int
	Kind    string // "speed"
	Secret  bool
	Options []Option
}

// Step is what one call caused: the events, in order.
type Step struct{ Events []Event }

// Game is a Racing Simulator race.
type Game struct {
	ID      string
	Cfg     Config
	Circuit *rscircuit.Circuit
	Turn    int // the turn being ordered, from 1
	Turns   int
	Cars    []*Car
	Seats   []*Seat
	Sealed  []*Order // this turn's sealed orders, by seat

	Green, GreenDiscard []int        // the system cars' green speed deck
	Risk, RiskDiscard   []decks.Card // the risk-incident deck

	Over     bool
	Events   []Event
	shuffles int // shuffles so far: the counter of the next shuffle's key

	// Std is the standard game's state (pit.go); nil in the family game.
	Std *StdState
	// Race is the standard race's running state (standard.go); nil in the
	// family game.
	Race *race
}

// NewGame sets a race up: decks shuffled, hands dealt, cars placed
// (R-FAM-01..04). Its events are the record's first lines.
func NewGame(id string, cfg Config, c *rscircuit.Circuit, r Random) (*Game, error) {
	if cfg.Mode == "" {
		cfg.Mode = Family
	}
	if cfg.Mode != Family && cfg.Mode != Standard {
		return nil, fmt.Errorf("rs: no %q game (family or standard)", cfg.Mode)
	}
	if cfg.Mode == Family && len(cfg.Optional()) > 0 {
		return nil, fmt.Errorf("rs: the family game has no optional rules (%s are the standard game's)", strings.Join(cfg.Optional(), ", "))
	}
	if cfg.ThreeFast && cfg.FixedFast {
		return nil, fmt.Errorf("rs: %s and %s choose the fast system cars two ways: take one", OptThreeFast, OptFixedFast)
	}
	if cfg.AdvancedQuali && cfg.QuickStart {
		return nil, fmt.Errorf("rs: %s replaces the qualifying that %s plays: take one", OptQuickStart, OptAdvancedQuali)
	}
	if cfg.Mode == Standard && (cfg.Seats < 1 || cfg.Seats > MaxSeats) {
		return nil, fmt.Errorf("rs: the standard game takes 1 to %d players, not %d", MaxSeats, cfg.Seats)
	}
	if cfg.Mode == Family && (cfg.Seats < 2 || cfg.Seats > len(Colours)) {
		return nil, fmt.Errorf("rs: the family game takes 2 to %d players, not %d (R-FAM-01)", len(Colours), cfg.Seats)
	}
	if c == nil {
		return nil, errors.New("rs: no circuit")
	}
	if cfg.Risk == nil {
		d, err := decks.House("risk")
		if err != nil {
			return nil, err
		}
		cfg.Risk = d
	}
	if err := cfg.checkDecks(); err != nil {
		return nil, err
	}
	if id == "" {
		return nil, errors.New("rs: a game needs an id (part of every roll's key)")
	}
	g := &Game{ID: id, Cfg: cfg, Circuit: c, Turns: FamilyTurns, Sealed: make([]*Order, cfg.Seats)}
	setup := g.setup
	if cfg.Mode == Standard {
		g.Turns, setup = StandardTurns, g.setupStd
	}
	if err := setup(r); err != nil {
		return nil, err
	}
	return g, nil
}

func (g *Game) emit(e Event) { g.Events = append(g.Events, e) }

// shuffleInts orders a deck of ints with a recorded, hidden shuffle.
func (g *Game) shuffle(deck string, car, n int, r Random) ([]int, error) {
	k := dice.Key{Game: g.ID, Play: g.Turn, Car: car, Purpose: "deck-" + deck, Counter: g.shuffles}
	sh, err := r.Shuffle(k, n)
	if err != nil {
		return nil, fmt.Errorf("rs: shuffling the %s deck: %w", deck, err)
	}
	if err := dice.ValidPerm(sh.Perm); err != nil || len(sh.Perm) != n {
		return nil, fmt.Errorf("rs: shuffling the %s deck: not an order of %d cards", deck, n)
	}
	g.shuffles++
	g.emit(ev("shuffle", Audience{Hidden: true}, "play", k.Play, "car", k.Car, "for", k.Purpose, "n", k.Counter, "perm", joinInts(sh.Perm)))
	return sh.Perm, nil
}

func permute[T any](cards []T, perm []int) []T {
	out := make([]T, len(perm))
	for i, p := range perm {
		out[i] = cards[p]
	}
	return out
}

// roll rolls one of the three d10s and returns the digit shown (0–9).
func (g *Game) roll(purpose string, d dice.Die, r Random) (int, error) {
	k := dice.Key{Game: g.ID, Play: g.Turn, Car: 0, Purpose: purpose, Counter: 0}
	ro, err := r.Roll(k, d)
	if err != nil {
		return 0, fmt.Errorf("rs: rolling %s: %w", d.Name, err)
	}
	if ro.Value < 1 || ro.Value > 10 {
		return 0, fmt.Errorf("rs: rolling %s: face %d is not a d10 face", d.Name, ro.Value)
	}
	shown := ro.Value % 10
	g.emit(ev("roll", Public, "play", k.Play, "car", 0, "for", purpose, "n", 0, "die", d.Name, "value", shown))
	return shown, nil
}

// Dice is one roll of the three d10s and what the rules read from it
// (§2.3).
type Dice struct{ Blue, White, Red int }

// Move is the highest die, 0 counting as 10 (R-MOV-01, R-FAM-09).
func (d Dice) Move() int {
	m := 0
	for _, v := range []int{d.Blue, d.White, d.Red} {
		if v == 0 {
			v = 10
		}
		m = max(m, v)
	}
	return m
}

// Low is the lowest die, 0 as 0 (R-ROLL-04).
func (d Dice) Low() int { return min(d.Blue, d.White, d.Red) }

// D100 is 10 × white + red.
func (d Dice) D100() int { return 10*d.White + d.Red }

func (g *Game) roll3(purpose string, r Random) (Dice, error) {
	var d Dice
	var err error
	if d.Blue, err = g.roll(purpose, Blue, r); err != nil {
		return d, err
	}
	if d.White, err = g.roll(purpose, White, r); err != nil {
		return d, err
	}
	d.Red, err = g.roll(purpose, Red, r)
	return d, err
}

func (g *Game) setup(r Random) error {
	g.emit(ev("setup", Public, append([]any{"mode", g.Cfg.Mode, "seats", g.Cfg.Seats, "turns", g.Turns}, g.Cfg.setupDeckArgs()...)...))
	// R-FAM-01: the players' cars, then 2 system cars.
	for s := range g.Cfg.Seats {
		car := &Car{ID: s + 1, Name: Colours[s], Seat: s}
		g.Cars = append(g.Cars, car)
		g.Seats = append(g.Seats, &Seat{Car: car.ID})
	}
	for i := 1; i <= 2; i++ {
		g.Cars = append(g.Cars, &Car{ID: g.Cfg.Seats + i, Name: "system-" + strconv.Itoa(i), Seat: -1})
	}
	for _, c := range g.Cars {
		g.emit(ev("car", Public, "car", c.ID, "name", c.Name, "seat", c.Seat+1))
	}
	// R-FAM-03: each player shuffles his 12 hippo cards, 8 to the hand, 4
	// face down; the green deck and the risk deck are shuffled.
	for s, seat := range g.Seats {
		perm, err := g.shuffle("speed", s+1, len(decks.Hippo), r)
		if err != nil {
			return err
		}
		cards := permute(decks.HippoSet(), perm)
		seat.Hand = slices.Sorted(slices.Values(cards[:8]))
		seat.Pile = slices.Clone(cards[8:])
		g.emit(ev("deal", Audience{Seats: []int{s}}, "seat", s+1, "hand", joinInts(seat.Hand), "pile", len(seat.Pile)))
	}
	perm, err := g.shuffle("green", 0, 24, r)
	if err != nil {
		return err
	}
	g.Green = permute(decks.GreenFamily(), perm)
	perm, err = g.shuffle("risk", 0, len(g.Cfg.Risk.Cards), r)
	if err != nil {
		return err
	}
	g.Risk = permute(g.Cfg.Risk.Cards, perm)
	// R-FAM-04: system car 1 on the start square, advanced by the highest
	// of three dice; the players behind it in colour order; system car 2
	// at the tail; no gaps.
	d, err := g.roll3("start", r)
	if err != nil {
		return err
	}
	lead := g.Circuit.Start + d.Move()
	order := []*Car{g.Cars[g.Cfg.Seats]}
	order = append(order, g.Cars[:g.Cfg.Seats]...)
	order = append(order, g.Cars[g.Cfg.Seats+1])
	for i, c := range order {
		c.Dist = lead - i
		g.emit(ev("place", Public, "car", c.ID, "square", g.square(c.Dist), "dist", c.Dist))
	}
	g.Turn = 1
	g.emit(ev("turn", Public, "n", g.Turn))
	return nil
}

func (g *Game) square(dist int) int {
	n := g.Circuit.Len()
	return ((dist % n) + n) % n
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.Itoa(x)
	}
	if len(s) == 0 {
		return "-"
	}
	return strings.Join(s, ",")
}

// Pending lists every seat that must still order this turn. Each
// decision is secret: others see that it is pending or sealed, never its
// content.
func (g *Game) Pending() []Decision {
	if g.Over {
		return nil
	}
	if g.Race != nil {
		return g.stdPending()
	}
	var out []Decision
	for s := range g.Seats {
		if g.Sealed[s] != nil {
			continue
		}
		out = append(out, Decision{Seat: s, Turn: g.Turn, Kind: "speed", Secret: true, Options: g.Options(s)})
	}
	return out
}

// Options lists seat's legal orders now (R-FAM-06): each distinct speed
// card in hand, alone or with the risk card when the car may take risk.
func (g *Game) Options(seat int) []Option {
	if seat < 0 || seat >= len(g.Seats) || g.Over {
		return nil
	}
	if g.Race != nil {
		return g.stdOptions(seat)
	}
	car := g.car(g.Seats[seat].Car)
	var out []Option
	for _, v := range slices.Compact(slices.Clone(g.Seats[seat].Hand)) {
		out = append(out, Option{Key: Order{Card: v}.Key(), Card: v})
		if g.riskAllowed(car) {
			out = append(out, Option{Key: Order{Card: v, Risk: true}.Key(), Card: v, Risk: true})
		}
	}
	return out
}

// riskAllowed: a damaged (slow) car cannot take risk (R-FAM-06, R-FAM-10).
func (g *Game) riskAllowed(c *Car) bool { return c.Slow == 0 && !c.Out }

func (g *Game) car(id int) *Car { return g.Cars[id-1] }

func (g *Game) check(o Order) error {
	if g.Over {
		return ErrOver
	}
	if o.Seat < 0 || o.Seat >= len(g.Seats) {
		return fmt.Errorf("%w: no seat %d", ErrIllegal, o.Seat+1)
	}
	if g.Race != nil {
		return g.checkStd(o)
	}
	if o.Tapez || o.Economise || o.Pit || o.Tyre != "" || o.Deck != "" || o.KeepNose || o.Redraw != 0 || o.Dir != "" {
		return fmt.Errorf("%w: the family game has no Tapez, Economise or pit stops (R-FAM-06)", ErrIllegal)
	}
	seat := g.Seats[o.Seat]
	if !slices.Contains(seat.Hand, o.Card) {
		return fmt.Errorf("%w: seat %d holds no %d card (hand %s) (R-FAM-06)", ErrIllegal, o.Seat+1, o.Card, joinInts(seat.Hand))
	}
	if o.Risk && !g.riskAllowed(g.car(seat.Car)) {
		return fmt.Errorf("%w: seat %d: a damaged car cannot take risk (R-FAM-10)", ErrIllegal, o.Seat+1)
	}
	return nil
}

// Submit seals seat's order for this turn. When it is the last seat to
// order, the orders are revealed together and the turn resolves. An order
// may be changed until then (the last one counts); sending the same order
// again changes nothing and returns no event. On error nothing changed.
func (g *Game) Submit(o Order, r Random) (Step, error) {
	if err := g.check(o); err != nil {
		return Step{}, err
	}
	if prev := g.Sealed[o.Seat]; prev != nil && *prev == o {
		return Step{}, nil
	}
	return g.apply(r, func(n *Game) error {
		n.seal(o, "")
		return nil
	})
}

// Expire is the deadline: every seat that has not ordered gets the
// autopilot's order (design.md: the autopilot resolves a decision when a
// deadline passes), and the turn resolves.
func (g *Game) Expire(r Random) (Step, error) {
	if g.Over {
		return Step{}, ErrOver
	}
	return g.apply(r, func(n *Game) error {
		n.emit(ev("deadline", Public, "turn", n.Turn))
		for s := range n.Seats {
			if n.Sealed[s] == nil {
				n.seal(n.Autopilot(s), "autopilot")
			}
		}
		return nil
	})
}

// apply runs f and, when every seat has ordered, the turn, on a copy; the
// game takes the copy only if all went well, so a failure changes nothing.
func (g *Game) apply(r Random, f func(*Game) error) (Step, error) {
	n := g.clone()
	start := len(n.Events)
	if err := f(n); err != nil {
		return Step{}, err
	}
	if n.allSealed() {
		if err := n.resolve(r); err != nil {
			return Step{}, err
		}
	}
	*g = *n
	return Step{Events: slices.Clone(g.Events[start:])}, nil
}

func (g *Game) seal(o Order, by string) {
	oc := o
	g.Sealed[o.Seat] = &oc
	risk := 0
	if o.Risk {
		risk = 1
	}
	e := ev("order", Audience{Seats: []int{o.Seat}}, "seat", o.Seat+1, "card", o.Card, "risk", risk)
	e.Args = append(e.Args, stdOrderArgs(o)...)
	if g.advQualifying() && o.Deck == "" {
		e.Args = append(e.Args, Arg{"pass", "1"}) // no attempt in this phase (R-QX-03)
	}
	if by != "" {
		e.Args = append(e.Args, Arg{"by", by})
	}
	g.emit(e)
	g.emit(ev("sealed", Public, "seat", o.Seat+1, "turn", g.Turn))
}

func (g *Game) allSealed() bool {
	for _, o := range g.Sealed {
		if o == nil {
			return false
		}
	}
	return true
}

// Autopilot is the order an absent player's car gets (racing-simulator.md
// §7.3): the lower median speed card of the hand, never risk.
func (g *Game) Autopilot(seat int) Order {
	if g.Race != nil {
		return g.stdAutopilot(seat)
	}
	h := g.Seats[seat].Hand
	return Order{Seat: seat, Card: h[(len(h)-1)/2]}
}

// clone copies the game deeply enough that changing the copy never
// changes g.
func (g *Game) clone() *Game {
	n := *g
	n.Cars = make([]*Car, len(g.Cars))
	for i, c := range g.Cars {
		cc := *c
		cc.Cards = slices.Clone(c.Cards)
		n.Cars[i] = &cc
	}
	n.Seats = make([]*Seat, len(g.Seats))
	for i, s := range g.Seats {
		n.Seats[i] = &Seat{Car: s.Car, Hand: slices.Clone(s.Hand), Pile: slices.Clone(s.Pile), Played: slices.Clone(s.Played)}
	}
	n.Sealed = make([]*Order, len(g.Sealed))
	for i, o := range g.Sealed {
		if o != nil {
			oc := *o
			n.Sealed[i] = &oc
		}
	}
	n.Green, n.GreenDiscard = slices.Clone(g.Green), slices.Clone(g.GreenDiscard)
	n.Risk, n.RiskDiscard = slices.Clone(g.Risk), slices.Clone(g.RiskDiscard)
	n.Events = slices.Clip(g.Events)
	if g.Std != nil {
		n.Std = g.Std.clone()
	}
	if g.Race != nil {
		n.Race = g.Race.clone()
	}
	return &n
}

// File returns the running cars in file order (R-POS-02): the physical
// order going backwards round the loop from the leader (the car with the
// greatest distance). It is the running order unless a car is lapped: a
// lapped car sits in the file where it physically is (R-LAP-03).
func (g *Game) File() []*Car {
	var out []*Car
	for _, c := range g.Cars {
		if !c.Out {
			out = append(out, c)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Dist > out[j].Dist })
	if len(out) == 0 {
		return out
	}
	lead := out[0].Dist
	sort.SliceStable(out, func(i, j int) bool { return g.behindLeader(lead, out[i]) < g.behindLeader(lead, out[j]) })
	return out
}

// behindLeader is how many squares c is physically behind a leader at
// distance lead, going backwards round the loop: 0 to lap − 1.
func (g *Game) behindLeader(lead int, c *Car) int {
	n := g.Circuit.Len()
	return ((lead-c.Dist)%n + n) % n
}

// lapsDown is how many whole laps c is behind a leader at distance lead.
func (g *Game) lapsDown(lead int, c *Car) int {
	return (lead - c.Dist - g.behindLeader(lead, c)) / g.Circuit.Len()
}

func (g *Game) leaderDist() int {
	best, ok := 0, false
	for _, c := range g.Cars {
		if !c.Out && (!ok || c.Dist > best) {
			best, ok = c.Dist, true
		}
	}
	return best
}

// ahead returns the car directly in front of c in the file, or nil for
// the leader.
func (g *Game) ahead(c *Car) *Car {
	f := g.File()
	for i, o := range f {
		if o == c && i > 0 {
			return f[i-1]
		}
	}
	return nil
}

// behind returns the car directly behind c in the file, or nil for the
// last car of the file.
func (g *Game) behind(c *Car) *Car {
	f := g.File()
	for i, o := range f {
		if o == c && i+1 < len(f) {
			return f[i+1]
		}
	}
	return nil
}

// between is the number of empty squares from b forward to a, a in
// front of b in the file (physically, round the loop).
func (g *Game) between(b, a *Car) int {
	n := g.Circuit.Len()
	return ((a.Dist-b.Dist)%n+n)%n - 1
}

// Gap is the number of empty squares between c and the car directly in
// front of it, 0 for the leader (R-POS-03).
func (g *Game) Gap(c *Car) int {
	a := g.ahead(c)
	if a == nil {
		return 0
	}
	return g.between(c, a)
}

// occupied returns the running car on the square of distance dist (the
// same square on any lap, R-POS-01), or nil.
func (g *Game) occupied(dist int) *Car {
	n := g.Circuit.Len()
	for _, c := range g.Cars {
		if !c.Out && ((c.Dist-dist)%n+n)%n == 0 {
			return c
		}
	}
	return nil
}
