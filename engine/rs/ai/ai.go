package ai

import (
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/pitwall/pitwall/engine/ai"
	"github.com/pitwall/pitwall/engine/rs"
	"github.com/pitwall/pitwall/engine/rs/decks"
)

// Driver is an AI driver of Racing Simulator at a level. Its zero Seed is
// a valid seed.
type Driver struct {
	Level ai.Level
	Seed  [32]byte
}

// style is what a level does differently.
type style struct {
	guesses    int     // guesses of the others' speeds per order
	cardPrice  float64 // places a km/h of a card kept is worth later
	riskShare  float64 // the part of the risk's cost the level sees
	mistakes   int     // one turn in mistakes plays the highest card (0: never)
	othersRisk bool    // the guesses let the others take risk
	habits     bool    // the guesses follow the others' habits read from their reveals
	lookAhead  bool    // weighs the next turn too (nextTurn)
	pitWindow  bool    // plans the stop over the rest of the race
}

// familyStyle is what a level does differently in the family game, where
// only the order at the flag scores (R-FAM-12) and a slow card stays to
// the end and takes the risk card away (R-FAM-10): the pro keeps its
// high cards for the end at twice the standard game's price and prices
// the risk card at two and a half times its one-turn cost (issue 20,
// round 22: it took risk in about 7 turns of 10 and ended a third of its
// windmere races slow, and lost to the rookie and the autopilot there).
func familyStyle(l ai.Level) style {
	st := styleOf(l)
	if l == ai.Pro {
		st.cardPrice, st.riskShare = 0.3, 2.5
	}
	return st
}

func styleOf(l ai.Level) style {
	switch l {
	case ai.Rookie:
		return style{guesses: 4, cardPrice: 0, riskShare: 0.3, mistakes: 4}
	case ai.Pro:
		return style{guesses: 16, cardPrice: 0.15, riskShare: 1, habits: true}
	}
	return style{guesses: 48, cardPrice: 0.15, riskShare: 1, othersRisk: true, habits: true, pitWindow: true, lookAhead: true}
}

// What places and squares are worth against each other: a square lost is
// about a third of a place in a file of cars a few squares apart.
const (
	squareValue = 0.3
	gapValue    = 0.08 // per square still to close on the car ahead, up to 4
)

// lookAheadOptions is how many of its options, the best by this turn
// alone, a legend weighs again a turn ahead (the time budget).
const lookAheadOptions = 6

// Key is the option key the driver sends for seat now, false when the
// seat has nothing to decide (the race is over, or its order is sealed).
func (d Driver) Key(g *rs.Game, seat int) (string, bool) {
	if g.Over || seat < 0 || seat >= len(g.Seats) || g.Sealed[seat] != nil {
		return "", false
	}
	if d.Level < ai.Rookie || d.Level > ai.Legend {
		return g.Autopilot(seat).Key(), true
	}
	if g.Race == nil {
		return d.speedOrder(g, seat, noStop).Key(), true
	}
	switch g.Race.Phase {
	case rs.PhaseRace:
		return d.speedOrder(g, seat, d.stop(g, seat)).Key(), true
	case rs.PhaseSC, rs.PhaseSCStop:
		return d.safetyCar(g, seat).Key(), true
	}
	return g.Autopilot(seat).Key(), true // qualifying and the start
}

// rng is splitmix64: the driver's only chance, seeded per decision from
// its seed, so an order depends on the game alone.
type rng struct{ s uint64 }

func (d Driver) rngFor(g *rs.Game, seat int, what string) *rng {
	h := sha256.Sum256(fmt.Appendf(d.Seed[:], "|%s|%d|%d|%s", g.ID, g.Turn, seat, what))
	return &rng{binary.LittleEndian.Uint64(h[:8])}
}

func (r *rng) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

func (r *rng) intn(n int) int { return int(r.next() % uint64(n)) }

// stopPlan is a stop to add to the speed order; Tyre "" is no stop.
type stopPlan struct {
	Tyre rs.Tyre
	Deck string
}

var noStop = stopPlan{}

// speedOrder chooses the speed card and its options (R-ORD-01): the legal
// option worth most against the guessed speeds of the others.
func (d Driver) speedOrder(g *rs.Game, seat int, stop stopPlan) rs.Order {
	st := styleOf(d.Level)
	if g.Std == nil {
		st = familyStyle(d.Level)
	}
	r := d.rngFor(g, seat, "speed")
	opts := g.Options(seat)
	if stop.Tyre != "" { // Tapez and Economise need the tyres the stop takes off (R-ORD-03)
		opts = slices.DeleteFunc(opts, func(o rs.Option) bool { return o.Tapez || o.Economise })
	}
	hand := g.View(seat).Hand
	if len(opts) == 0 || len(hand) == 0 { // nothing to weigh: the rules' default
		return g.Autopilot(seat)
	}
	if st.mistakes > 0 && r.intn(st.mistakes) == 0 {
		return withStop(rs.Order{Seat: seat, Card: hand[len(hand)-1]}, stop)
	}
	gs := guessField(g, seat, st, r)
	k := knowsOf(g, seat)
	placeWeight := 1.0
	if stop.Tyre != "" {
		placeWeight = 0.3 // the stop drops the car back whatever it passes
	}
	type scored struct {
		o rs.Option
		v float64
	}
	foreseen := map[int]float64{} // options of one speed compare alike: foreseen once
	all := make([]scored, len(opts))
	for i, o := range opts {
		speed := k.speed(o)
		v, seen := foreseen[speed]
		if !seen {
			for _, f := range gs.fields {
				f[gs.me].Speed = speed
				v += outcome(g.Foresee(f), gs.car)
			}
			v /= float64(len(gs.fields))
			foreseen[speed] = v
		}
		all[i] = scored{o, placeWeight*v - k.cardPrice(k.hand, o.Card, st) - k.optionPrice(o, st)}
	}
	if st.lookAhead && stop.Tyre == "" && k.left > 0 && len(hand) > 1 {
		// the best few by this turn alone are weighed again by where the
		// next turn leaves the car, which is what counts
		slices.SortStableFunc(all, func(a, b scored) int { return cmp.Compare(b.v, a.v) })
		all = all[:min(len(all), lookAheadOptions)]
		for i, sc := range all {
			v := 0.0
			for j, f := range gs.fields {
				f[gs.me].Speed = k.speed(sc.o)
				v += k.nextTurn(g, gs, g.Foresee(f), gs.fields[(j+1)%len(gs.fields)], gs.moves[j], sc.o.Card, st)
			}
			all[i].v = v/float64(len(gs.fields)) - k.cardPrice(k.hand, sc.o.Card, st) - k.optionPrice(sc.o, st)
		}
	}
	best := all[0]
	for _, sc := range all[1:] {
		if sc.v > best.v+1e-9 {
			best = sc
		}
	}
	return withStop(rs.Order{Seat: seat, Card: best.o.Card, Risk: best.o.Risk, Tapez: best.o.Tapez, Economise: best.o.Economise}, stop)
}

// nextTurn is a legend's look-ahead: the best it can do on the next turn
// from where this turn's comparisons left the cars (after), the file
// moved on by a guessed roll (R-POS-08: every car alike, so only the
// zones change), against another guess of the others' speeds (next),
// with its hand less the card it plays now, that card's price included.
func (k knows) nextTurn(g *rs.Game, gs guesses, after, next []rs.Runner, move, card int, st style) float64 {
	speeds := make(map[int]int, len(next))
	for _, r := range next {
		speeds[r.ID] = r.Speed
	}
	field := make([]rs.Runner, len(after))
	me := 0
	for i, r := range after {
		field[i] = rs.Runner{ID: r.ID, Dist: r.Dist + move, Speed: speeds[r.ID]}
		if r.ID == gs.car {
			me = i
		}
	}
	hand := slices.Clone(k.hand)
	hand = slices.Delete(hand, slices.Index(hand, card), slices.Index(hand, card)+1)
	best := 0.0
	for i, c := range slices.Compact(slices.Clone(hand)) {
		field[me].Speed = k.speed(rs.Option{Card: c})
		v := outcome(g.Foresee(field), gs.car) - k.cardPrice(hand, c, st)
		if i == 0 || v > best {
			best = v
		}
	}
	return best
}

func withStop(o rs.Order, s stopPlan) rs.Order {
	if s.Tyre != "" {
		o.Pit, o.Tyre, o.Deck = true, s.Tyre, s.Deck
	}
	return o
}

// outcome values where a car ends the comparisons: its place, less the
// squares it still has to close on the car ahead.
func outcome(file []rs.Runner, car int) float64 {
	for i, f := range file {
		if f.ID == car {
			gap := 0
			if i > 0 {
				gap = max(0, file[i-1].Dist-f.Dist-1)
			}
			return -float64(i) - gapValue*float64(min(gap, 4))
		}
	}
	return 0
}

// knows is what the seat knows of its own car when it prices an option.
type knows struct {
	g        *rs.Game
	seat     int
	hand     []int
	slow     int
	tw       int  // the tyre-and-weather modifier (R-SPD-04), 0 in the family game
	m        int  // the step-1 modifier (R-REC-02)
	short    bool // fewer new tyre cards than turns to run: each one counts
	left     int  // turns after this one
	standard bool
}

func knowsOf(g *rs.Game, seat int) knows {
	c := g.Cars[g.Seats[seat].Car-1]
	k := knows{g: g, seat: seat, hand: g.View(seat).Hand, slow: c.Slow, left: g.Turns - g.Turn, standard: g.Std != nil}
	if k.standard {
		pile := g.Std.Piles[seat]
		if len(pile) > 0 {
			k.tw = rs.TW(g.Std.Tyres[seat], pile[0], g.Race.Hum, g.Cfg.Weather)
		}
		k.m = rs.Modifier(k.tw, c.Slow, false)
		k.short = newCards(pile) <= k.left
	}
	return k
}

func newCards(pile []rs.TyreCard) int {
	n := 0
	for _, c := range pile {
		if !c.Worn {
			n++
		}
	}
	return n
}

// speed is the car's total with option o (R-SPD-01, R-SPD-03).
func (k knows) speed(o rs.Option) int {
	if !k.standard {
		s := o.Card - 2*k.slow
		if o.Risk {
			s += 2
		}
		return s
	}
	return rs.StandardSpeed(o.Card, o.Risk, k.tw, o.Tapez, o.Economise, k.slow)
}

// cardPrice is what spending card costs later: every card of the hand is
// played once, so a card above the hand's mean now is a lower one later.
// The last card of a hand, or the last turn, costs nothing.
func (k knows) cardPrice(hand []int, card int, st style) float64 {
	if k.left == 0 || len(hand) <= 1 {
		return 0
	}
	sum := 0
	for _, c := range hand {
		sum += c
	}
	mean := float64(sum) / float64(len(hand))
	return st.cardPrice * (float64(card) - mean)
}

// optionPrice is the price of the risk card (R-RSK: the red die draws an
// incident about one turn in four) and of Tapez and Economise (R-ADJ-01).
func (k knows) optionPrice(o rs.Option, st style) float64 {
	p := 0.0
	if o.Risk {
		p += st.riskShare * 0.23 * k.incidentCost()
	}
	tyreCard := 0.1
	if k.short {
		tyreCard = 0.6
	}
	if o.Tapez {
		p += tyreCard - squareValue*float64(rs.TapezAdvance(k.m))
	}
	if o.Economise {
		p += squareValue*float64(rs.EconomiseDrop(k.m)) - 0.8*tyreCard
	}
	return p
}

// incidentCost is the mean cost of a card of the risk deck (its
// composition is public, its order is not): an excursion drops the car
// back, a slow card costs 2 km/h for the rest of the race (family) or
// until a stop with a nose change (standard, R-RSK-04).
func (k knows) incidentCost() float64 {
	cards := k.g.Cfg.Risk.Cards
	if len(cards) == 0 {
		return 0
	}
	turns := float64(k.left)
	if k.standard {
		turns = min(turns, 6) + 3*squareValue
	}
	total := 0.0
	for _, c := range cards {
		switch c.Kind {
		case "off":
			total += squareValue * float64(c.N)
		case "slow":
			total += 0.35 * turns
		}
	}
	return total / float64(len(cards))
}

// guesses are guesses of the field around the seat's car: the cars
// within reach where they are now, the others' speeds guessed, the car's
// own speed set per option; and a guessed roll for each (the highest of
// three d10s, R-MOV-01).
type guesses struct {
	fields [][]rs.Runner
	moves  []int
	me     int // the car's index in each field
	car    int // its ID
}

// guessField guesses st.guesses times from what the seat may know: a
// player's card among those its seat has not played (revealed cards are
// public), its damage and its tyres; the system cars' two green cards.
func guessField(g *rs.Game, seat int, st style, r *rng) guesses {
	unplayed := unplayedCards(g)
	var hab map[int]habit
	if st.habits {
		hab = habitsOf(g)
	}
	file := g.File()
	fast := map[*rs.Car]bool{}
	if g.Std != nil {
		fast = rs.FastSystemCars(file)
	} else {
		for _, c := range file { // R-FAM-07: the higher card to the front system car
			if c.System() {
				fast[c] = true
				break
			}
		}
	}
	mine := g.Cars[g.Seats[seat].Car-1]
	near := nearby(file, mine)
	out := guesses{car: mine.ID, fields: make([][]rs.Runner, st.guesses), moves: make([]int, st.guesses)}
	for i := range out.fields {
		field := make([]rs.Runner, 0, len(near))
		a, b := 293+r.intn(8), 293+r.intn(8)
		for _, c := range near {
			v := 0 // the car's own: set for each option
			switch {
			case c == mine:
				out.me = len(field)
			case c.System():
				v = min(a, b)
				if fast[c] {
					v = max(a, b)
				}
				if g.Std != nil {
					if s, ok := g.Std.Owner[c.ID]; ok {
						v += tyreTW(g, s)
					}
				}
			default:
				pool := unplayed[c.Seat]
				v = 293 + r.intn(8)
				if len(pool) > 0 {
					v = pool[r.intn(len(pool))]
				}
				h, known := hab[c.Seat]
				if known && len(pool) > 1 && r.intn(h.n+2) >= 2 { // its habit, trusted as the reveals add up
					sorted := slices.Sorted(slices.Values(pool))
					q := h.q + 0.4*(float64(r.intn(1001))/1000-0.5)
					v = sorted[min(len(sorted)-1, max(0, int(q*float64(len(sorted)-1)+0.5)))]
				}
				if st.othersRisk && c.Slow == 0 && r.intn(h.plays+4) < h.risks+1 {
					v += 2
				}
				v += tyreTW(g, c.Seat) - 2*c.Slow
			}
			field = append(field, rs.Runner{ID: c.ID, Dist: c.Dist, Speed: v})
		}
		out.fields[i] = field
		out.moves[i] = max(1+r.intn(10), 1+r.intn(10), 1+r.intn(10))
	}
	return out
}

// reach is how many cars ahead and behind a driver foresees: a turn's
// comparisons swap a car at most once each way (R-CMP-05, R-CMP-06), so
// cars further off change its place only through longer chains.
const reach = 3

// nearby are the cars within reach of car in the file, in file order,
// car among them (a car out of the race sees the head of the file).
func nearby(file []*rs.Car, car *rs.Car) []*rs.Car {
	i := max(0, slices.Index(file, car))
	out := slices.Clone(file[max(0, i-reach):min(len(file), i+reach+1)])
	if !slices.Contains(out, car) {
		out = append(out, car)
	}
	return out
}

func tyreTW(g *rs.Game, seat int) int {
	if g.Std == nil || len(g.Std.Piles[seat]) == 0 {
		return 0
	}
	return rs.TW(g.Std.Tyres[seat], g.Std.Piles[seat][0], g.Race.Hum, g.Cfg.Weather)
}

// habit is what a seat's reveals say of how it plays (public: every
// "play" event shows the card and the risk card): where its card sat among
// the cards it had not played yet (0 the lowest, 1 the highest), on
// average over n reveals with a choice, and how often in its plays it
// took risk.
type habit struct {
	q               float64
	n, plays, risks int
}

// habitsOf reads every seat's habit from the public reveals, the cards
// not played yet counted as unplayedCards does.
func habitsOf(g *rs.Game) map[int]habit {
	pools, plays, out := map[int][]int{}, map[int]int{}, map[int]habit{}
	sum := map[int]float64{}
	for _, e := range g.Events {
		if e.Kind != "play" || e.To.Hidden || len(e.To.Seats) > 0 {
			continue
		}
		s, card := e.Int("seat")-1, e.Int("card")
		pool, ok := pools[s]
		switch {
		case g.Std == nil && !ok:
			pool = slices.Sorted(slices.Values(decks.HippoSet()))
		case g.Std != nil && plays[s] == 0:
			pool = block()
		case g.Std != nil && plays[s] == 8: // R-ORD-05: two blocks from turn 9
			pool = slices.Sorted(slices.Values(append(block(), block()...)))
		}
		plays[s]++
		h := out[s]
		h.plays++
		if e.Get("risk") == "1" {
			h.risks++
		}
		lo, hi := slices.Index(pool, card), -1
		for i, c := range pool {
			if c == card {
				hi = i
			}
		}
		if lo >= 0 && pool[0] != pool[len(pool)-1] {
			sum[s] += float64(lo+hi) / 2 / float64(len(pool)-1)
			h.n++
			h.q = sum[s] / float64(h.n)
		}
		if lo >= 0 {
			pool = slices.Delete(pool, lo, lo+1)
		}
		pools[s] = pool
		out[s] = h
	}
	return out
}

// unplayedCards is, by seat, the speed cards its seat may still hold: the
// deck it plays from less the cards the reveals showed (public "play"
// events of the record), the current block's in the standard game.
func unplayedCards(g *rs.Game) map[int][]int {
	played := map[int][]int{}
	for _, e := range g.Events {
		if e.Kind != "play" || e.To.Hidden || len(e.To.Seats) > 0 {
			continue
		}
		s := e.Int("seat") - 1
		played[s] = append(played[s], e.Int("card"))
	}
	out := map[int][]int{}
	for s := range g.Seats {
		var deck []int
		p := played[s]
		switch {
		case g.Std == nil:
			deck = decks.HippoSet()
		case g.Turn <= 8: // R-ORD-05: one block for turns 1–8
			deck = block()
		default: // two blocks from turn 9, rebuilt after turn 8
			deck = append(block(), block()...)
			p = p[min(len(p), 8):]
		}
		for _, c := range p {
			if i := slices.Index(deck, c); i >= 0 {
				deck = slices.Delete(deck, i, i+1)
			}
		}
		out[s] = deck
	}
	return out
}

func block() []int { return []int{293, 294, 295, 296, 297, 298, 299, 300} }
