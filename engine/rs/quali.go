package rs

import (
	"fmt"
	"maps"
	"slices"
	"sort"

	"github.com/pitwall/pitwall/engine/rs/decks"
)

// Qualifying (R-QB) and the grid start (R-GRID), played asynchronously.
//
// Qualifying is one sealed order per seat for the whole of it: the deck
// to draw its Chrono card from and the time above which it redraws once
// (R-QB-04/05: the draw and the keep-or-redraw decision are hidden; a
// standing order makes them one round trip). The knockout sessions
// (R-QB-02, AMB-34: 18 cars run Q2 and Q3) then run at once with that
// order in each session the car is in. The grid start is a second sealed
// order: the start deck, the points under which it redraws once, and the
// start direction (R-GRID-03).

// The phases before turn 1.
const (
	PhaseQuali = "qualifying"
	PhaseStart = "start"
)

// Start directions (R-GRID-03, AMB-37): the side a first diagonal step
// goes to, or straight on.
const (
	Straight = "straight"
	Inside   = "inside"
	Outside  = "outside"
)

// PenaltyResult is the Pitwall house reading of the d10 rolled on a
// qualifying penalty card (R-QB-09; the card's table is not in the text,
// AMB-30): 0–4 demoted 3 places, 5–7 demoted 5 places, 8 a pit-lane
// start, 9 out of fuel.
func PenaltyResult(d int) (kind string, places int) {
	switch {
	case d <= 4:
		return "demoted", 3
	case d <= 7:
		return "demoted", 5
	case d == 8:
		return "pit-lane", 0
	}
	return "out-of-fuel", 0
}

// GridLanes is the width of the Pitwall house grid board (AMB-37): four
// lanes, 0 the outside, 3 the inside; odd slots stand in lane 1, even
// slots (the inside, R-GRID-01) in lane 2, each slot one row behind the
// one before.
const GridLanes = 4

// GridSlot is where slot k (1 = pole) stands: its row (0 for pole,
// negative behind) and its lane.
func GridSlot(k int) (row, lane int) {
	lane = 1
	if k%2 == 0 {
		lane = 2
	}
	return -(k - 1), lane
}

type gridPos struct{ row, lane int }

// GridMove launches a car from its square with points (R-GRID-04): the
// first step in the direction chosen (a diagonal costs 2 and moves one row
// and one lane; one that would leave the board is played straight,
// AMB-37), then straight on, 1 a row; a car stops, its points lost, when
// the square it would enter is taken.
func GridMove(from gridPos, points int, dir string, taken func(gridPos) bool) gridPos {
	at := from
	if d := map[string]int{Inside: 1, Outside: -1}[dir]; d != 0 && points >= 2 && at.lane+d >= 0 && at.lane+d < GridLanes {
		next := gridPos{at.row + 1, at.lane + d}
		if taken(next) {
			return at
		}
		at, points = next, points-2
	}
	for ; points > 0; points-- {
		next := gridPos{at.row + 1, at.lane}
		if taken(next) {
			return at
		}
		at = next
	}
	return at
}

// quali is the state of qualifying and the start.
type quali struct {
	Grid     []int // car IDs, pole first
	PitLane  []int // pit-lane starters (R-QB-09)
	Jumped   map[int]bool
	Incident map[int]decks.Card // start incidents drawn, by car
}

func (q *quali) clone() *quali {
	if q == nil {
		return nil
	}
	n := &quali{Grid: slices.Clone(q.Grid), PitLane: slices.Clone(q.PitLane), Jumped: map[int]bool{}, Incident: map[int]decks.Card{}}
	for k, v := range q.Jumped {
		n.Jumped[k] = v
	}
	for k, v := range q.Incident {
		n.Incident[k] = v
	}
	return n
}

// timeDecks are a fresh pair of Chrono/Start/Pit decks, shuffled
// (R-QB-03: before every session; R-GRID-03: before the start).
func (g *Game) timeDecks(purpose string, r Random) (map[string][]decks.TimeCard, error) {
	out := map[string][]decks.TimeCard{}
	for _, id := range []string{"risky", "careful"} {
		d := g.Cfg.deck("chrono-" + id)
		perm, err := g.shuffle(purpose+"-"+id, 0, len(d.Times), r)
		if err != nil {
			return nil, err
		}
		out[id] = permute(d.Times, perm)
	}
	return out, nil
}

// draw takes the top card of a session's deck (timeDecks(purpose)); a
// deck that runs out is shuffled again whole, a fresh copy of the deck and a
// recorded shuffle: with two cars a seat (R-VAR-05) eighteen player cars
// may draw more than its 32 cards.
func (g *Game) draw(ds map[string][]decks.TimeCard, purpose, deck string, r Random) (decks.TimeCard, error) {
	if len(ds[deck]) == 0 && (deck == "risky" || deck == "careful") {
		d := g.Cfg.deck("chrono-" + deck)
		perm, err := g.shuffle(purpose+"-"+deck+"-again", 0, len(d.Times), r)
		if err != nil {
			return decks.TimeCard{}, err
		}
		ds[deck] = permute(d.Times, perm)
	}
	return take(ds, deck)
}

func take(ds map[string][]decks.TimeCard, deck string) (decks.TimeCard, error) {
	if len(ds[deck]) == 0 {
		return decks.TimeCard{}, fmt.Errorf("rs: the %s deck is empty", deck)
	}
	c := ds[deck][0]
	ds[deck] = ds[deck][1:]
	return c, nil
}

func chronoText(c int) string {
	if c == decks.Penalty {
		return "penalty"
	}
	return fmt.Sprintf(".%03d", c)
}

// qualiRun is the knockout in progress (R-QB-02, AMB-34): the sessions'
// sizes, the one running, its entrants, the cars knocked out (best
// first), the previous session's ranks (AMB-33) and the penalties'
// consequences (R-QB-09, AMB-53). Cars by ID, so it survives a clone.
type qualiRun struct {
	Sizes    []int
	Session  int
	Entrants []int
	Back     []int
	Rank     map[int]int
	Demote   map[int]int
	Fuel     map[int]bool
	PitLane  map[int]bool
}

func (g *Game) newQualiRun() *qualiRun {
	q := &qualiRun{Sizes: Sessions(len(g.Cars), false), Rank: map[int]int{}, Demote: map[int]int{}, Fuel: map[int]bool{}, PitLane: map[int]bool{}}
	for _, c := range g.Cars {
		q.Entrants = append(q.Entrants, c.ID)
	}
	return q
}

func (q *qualiRun) clone() *qualiRun {
	if q == nil {
		return nil
	}
	return &qualiRun{Sizes: q.Sizes, Session: q.Session, Entrants: slices.Clone(q.Entrants), Back: slices.Clone(q.Back),
		Rank: maps.Clone(q.Rank), Demote: maps.Clone(q.Demote), Fuel: maps.Clone(q.Fuel), PitLane: maps.Clone(q.PitLane)}
}

// name is the running session's: q2 and q3 (q1 with three sessions), or
// q for a single one.
func (q *qualiRun) name() string {
	if len(q.Sizes) == 1 {
		return "q"
	}
	return fmt.Sprintf("q%d", q.Session+1+(3-len(q.Sizes)))
}

// runQualifying runs every session once each seat has sealed its
// qualifying order (R-QB-01..09, R-QB-02's knockout, AMB-33, AMB-34,
// AMB-53), then the grid is known and the seats order their start.
func (g *Game) runQualifying(r Random) error {
	g.emit(ev("reveal", Public, "turn", g.Turn))
	orders := map[int]Order{}
	for s, o := range g.Sealed {
		for _, c := range g.seatCars(s) { // R-VAR-05: the order is every car's
			orders[c.ID] = *o
		}
		e := ev("quali-order", Public, "seat", s+1, "deck", o.Deck, "redraw", o.Redraw)
		g.emit(e)
	}
	run := g.newQualiRun()
	for run.Session < len(run.Sizes) {
		name := run.name()
		ds, err := g.timeDecks("chrono-"+name, r)
		if err != nil {
			return err
		}
		times := map[int]int{}
		sys := 0
		for _, id := range run.Entrants {
			c := g.car(id)
			if run.Fuel[id] {
				continue
			}
			if c.System() { // R-QB-07: alternately risky and careful, never a penalty
				deck := []string{"risky", "careful"}[sys%2]
				sys++
				t, err := g.systemChrono(ds, "chrono-"+name, deck, r)
				if err != nil {
					return err
				}
				times[id] = t
				g.emit(ev("chrono", Public, "session", name, "car", c.ID, "deck", deck, "time", chronoText(t)))
				continue
			}
			o := orders[c.ID]
			card, err := g.draw(ds, "chrono-"+name, o.Deck, r)
			if err != nil {
				return err
			}
			if o.Redraw > 0 && (card.Chrono == decks.Penalty || card.Chrono > o.Redraw) { // R-QB-05: one redraw
				g.emit(ev("chrono-redraw", Public, "session", name, "car", c.ID, "discarded", chronoText(card.Chrono)))
				if card, err = g.draw(ds, "chrono-"+name, o.Deck, r); err != nil {
					return err
				}
			}
			t := card.Chrono
			if t == decks.Penalty { // R-QB-09
				var out bool
				if t, out, err = g.qualiPenalty(run, name, c.ID, ds, "chrono-"+name, o.Deck, r); err != nil {
					return err
				}
				if out {
					g.emit(ev("chrono", Public, "session", name, "car", c.ID, "deck", o.Deck, "time", "none"))
					continue
				}
			}
			times[id] = t
			g.emit(ev("chrono", Public, "session", name, "car", c.ID, "deck", o.Deck, "time", chronoText(t)))
		}
		if err := g.endSession(run, name, times, r); err != nil {
			return err
		}
	}
	return g.publishGrid(run)
}

// systemChrono draws a system car's time from deck: never a penalty
// (R-QB-07, R-VSJ-07): draw again.
func (g *Game) systemChrono(ds map[string][]decks.TimeCard, purpose, deck string, r Random) (int, error) {
	for {
		card, err := g.draw(ds, purpose, deck, r)
		if err != nil {
			return 0, err
		}
		if card.Chrono != decks.Penalty {
			return card.Chrono, nil
		}
	}
}

// qualiPenalty applies a penalty card drawn by car id in session name
// (R-QB-09, house table): the blue die, then demoted (a time from the same
// deck, n places back after the final result), a pit-lane start (a time
// from the same deck) or out of fuel (AMB-53: out of every session, last
// on the grid; out reports it).
func (g *Game) qualiPenalty(run *qualiRun, name string, id int, ds map[string][]decks.TimeCard, purpose, deck string, r Random) (t int, out bool, err error) {
	d, err := g.roll("penalty-"+name+fmt.Sprint("-", id), Blue, r)
	if err != nil {
		return 0, false, err
	}
	kind, n := PenaltyResult(d)
	g.emit(ev("penalty", Public, "session", name, "car", id, "result", kind, "places", n))
	switch kind {
	case "out-of-fuel":
		run.Fuel[id] = true
		return 0, true, nil
	case "demoted":
		run.Demote[id] += n
	case "pit-lane":
		run.PitLane[id] = true
	}
	t = decks.Penalty
	for t == decks.Penalty {
		card, err := g.draw(ds, purpose, deck, r)
		if err != nil {
			return 0, false, err
		}
		t = card.Chrono
	}
	return t, false, nil
}

// endSession ranks the session by time (AMB-33: ties by the earlier
// session's rank, then at random, a recorded shuffle) and knocks out the
// cars beyond the next session's size (R-QB-02); the cars out of fuel
// are not ranked. A car without a time (an advanced qualifying car that
// never attempted) is given NoTime.
func (g *Game) endSession(run *qualiRun, name string, times map[int]int, r Random) error {
	var timed []int
	for _, id := range run.Entrants {
		if !run.Fuel[id] {
			timed = append(timed, id)
		}
	}
	perm, err := g.shuffle("tiebreak-"+name, 0, len(timed), r)
	if err != nil {
		return err
	}
	tie := map[int]int{}
	for i, p := range perm {
		tie[timed[p]] = i
	}
	sort.SliceStable(timed, func(i, j int) bool {
		a, b := timed[i], timed[j]
		if times[a] != times[b] {
			return times[a] < times[b]
		}
		if run.Rank[a] != run.Rank[b] {
			return run.Rank[a] < run.Rank[b]
		}
		return tie[a] < tie[b]
	})
	for i, id := range timed {
		run.Rank[id] = i
	}
	next := run.Sizes[run.Session]
	if run.Session+1 < len(run.Sizes) {
		next = run.Sizes[run.Session+1]
	}
	next = min(next, len(timed))
	run.Back = append(slices.Clone(timed[next:]), run.Back...)
	run.Entrants = timed[:next]
	run.Session++
	return nil
}

// publishGrid writes the grid once the last session is ranked: its
// entrants, then the cars knocked out, then those out of fuel (AMB-53);
// the demotions after the final result (R-QB-09); the pit-lane starters
// off the grid; then the rolling start or the start orders.
func (g *Game) publishGrid(run *qualiRun) error {
	var grid []*Car
	for _, id := range slices.Concat(run.Entrants, run.Back) {
		grid = append(grid, g.car(id))
	}
	for _, c := range g.Cars { // AMB-53: out of fuel, last
		if run.Fuel[c.ID] {
			grid = append(grid, c)
		}
	}
	// R-QB-09: demotions after the final result
	for _, c := range slices.Clone(grid) {
		if n := run.Demote[c.ID]; n > 0 {
			i := slices.Index(grid, c)
			grid = slices.Delete(grid, i, i+1)
			j := min(i+n, len(grid))
			grid = slices.Insert(grid, j, c)
		}
	}
	q := &quali{Jumped: map[int]bool{}, Incident: map[int]decks.Card{}}
	for i, c := range grid {
		if run.PitLane[c.ID] {
			c.Out = true // until it joins after the start
			q.PitLane = append(q.PitLane, c.ID)
			g.emit(ev("grid", Public, "car", c.ID, "place", 0))
			continue
		}
		q.Grid = append(q.Grid, c.ID)
		g.emit(ev("grid", Public, "car", c.ID, "place", i+1-len(q.PitLane)))
	}
	g.Race.Quali = q
	for i := range g.Sealed {
		g.Sealed[i] = nil
	}
	if RollingStart(g.Race.Weather) { // R-PRE-07, R-ROLL-02: no grid start
		g.rollingPlacement()
		return g.beginRace()
	}
	g.Race.Phase = PhaseStart
	g.emit(ev("start-orders", Public))
	return nil
}

// rollingPlacement lines the cars up for a rolling start (R-ROLL-02): the
// leader on the start square, the others behind in grid order, no gaps;
// pit-lane starters then 3 squares behind the last car (AMB-48).
func (g *Game) rollingPlacement() {
	q := g.Race.Quali
	for i, id := range q.Grid {
		c := g.car(id)
		c.Dist = g.Circuit.Start - i
		g.emit(ev("place", Public, "car", c.ID, "square", g.square(c.Dist), "dist", c.Dist))
	}
	g.placePitLane()
}

// (the pit-lane starters stay out of the file until then).
func (g *Game) placePitLane() {
	for _, id := range g.Race.Quali.PitLane {
		f := g.File()
		c := g.car(id)
		c.Out = false
		c.Dist = f[len(f)-1].Dist - 3
		g.emit(ev("place", Public, "car", c.ID, "square", g.square(c.Dist), "dist", c.Dist, "from", "pit-lane"))
	}
}

// beginRace opens turn 1.
func (g *Game) beginRace() error {
	g.Race.Phase = PhaseRace
	g.Race.Restart = RollingStart(g.Race.Weather) // AMB-56
	g.Turn = 1
	g.emit(ev("turn", Public, "n", g.Turn))
	return nil
}

// runStart runs the grid start once each seat has sealed its start order
// (R-GRID-02..09, AMB-37..40): fresh decks; every player draws, then
// from the last on the grid to the first the redraws; cars launch from
// pole to last (a jump start first), system cars drawing as they come,
// alternately risky and careful, never a jump start; ranked by row, the
// inside ahead on a tie; placed on the track from the last, on the start
// square advanced by the three dice; then the start incidents.
func (g *Game) runStart(r Random) error {
	g.emit(ev("reveal", Public, "turn", g.Turn))
	q := g.Race.Quali
	ds, err := g.timeDecks("start", r)
	if err != nil {
		return err
	}
	orders := map[int]Order{}
	for s, o := range g.Sealed {
		for _, c := range g.seatCars(s) { // R-VAR-05: the order is every car's
			orders[c.ID] = *o
		}
		if o.Tyre != "" && o.Tyre != g.Std.Tyres[s] { // R-PRE-05: the starting tyres named
			if g.Std.Sets != nil { // the set fitted by default was never run (R-ADV-01)
				g.Std.Sets[s][g.Std.Tyres[s]]++
			}
			g.Std.Tyres[s] = o.Tyre
			g.Std.Piles[s] = g.FreshPile(o.Tyre)
			g.Std.Fitted[s] = []Tyre{o.Tyre}
			g.emit(g.tyresEvent(s, o.Tyre))
		}
	}
	cards := map[int]decks.TimeCard{}
	for _, id := range q.Grid { // every player draws
		if o, ok := orders[id]; ok {
			c, err := g.draw(ds, "start", o.Deck, r)
			if err != nil {
				return err
			}
			cards[id] = c
		}
	}
	points := func(c decks.TimeCard) int {
		switch c.Start {
		case decks.StartIncident:
			return 0
		case decks.JumpStart:
			return 12
		}
		return c.Start
	}
	for i := len(q.Grid) - 1; i >= 0; i-- { // R-GRID-03: last to first, one redraw
		id := q.Grid[i]
		o, ok := orders[id]
		if !ok || points(cards[id]) >= o.Redraw {
			continue
		}
		g.emit(ev("start-redraw", Public, "car", id))
		c, err := g.draw(ds, "start", o.Deck, r)
		if err != nil {
			return err
		}
		cards[id] = c
	}
	taken := map[gridPos]int{}
	at := map[int]gridPos{}
	for k, id := range q.Grid {
		row, lane := GridSlot(k + 1)
		at[id] = gridPos{row, lane}
		taken[at[id]] = id
	}
	launch := func(id, pts int, dir string) {
		delete(taken, at[id])
		to := GridMove(at[id], pts, dir, func(p gridPos) bool { _, ok := taken[p]; return ok })
		at[id] = to
		taken[to] = id
		g.emit(ev("launch", Public, "car", id, "points", pts, "dir", dir, "row", to.row, "lane", to.lane))
	}
	dirOf := map[string]string{"L": Outside, "S": Straight, "R": Inside}
	for _, id := range q.Grid { // R-GRID-07, AMB-39: the jump start goes first
		if c, ok := cards[id]; ok && c.Start == decks.JumpStart {
			g.emit(ev("start-card", Public, "car", id, "card", "jump"))
			q.Jumped[id] = true
			launch(id, 12, orders[id].Dir)
			g.Race.Due[id] += g.Circuit.DriveThrough
			g.Race.DueTurn1 = true
		}
	}
	sys := 0
	for _, id := range q.Grid {
		if q.Jumped[id] {
			continue
		}
		card, ok := cards[id]
		dir := Straight
		if ok {
			dir = orders[id].Dir
		} else { // a system car draws now (R-GRID-04, R-VSJ-07)
			deck := []string{"risky", "careful"}[sys%2]
			sys++
			for {
				if card, err = g.draw(ds, "start", deck, r); err != nil {
					return err
				}
				if card.Start != decks.JumpStart {
					break
				}
			}
			if dir = dirOf[card.Dir]; dir == "" {
				dir = Straight
			}
		}
		switch card.Start {
		case decks.StartIncident: // R-GRID-08
			inc, err := g.drawStartIncident(r)
			if err != nil {
				return err
			}
			g.emit(ev("start-card", Public, "car", id, "card", "incident"))
			g.emit(ev("start-incident", Public, "car", id, "card", inc))
			if inc.Kind == "stall" {
				g.emit(ev("launch", Public, "car", id, "points", 0, "dir", Straight, "row", at[id].row, "lane", at[id].lane))
				continue
			}
			q.Incident[id] = inc
			launch(id, 10, dir)
		default:
			g.emit(ev("start-card", Public, "car", id, "card", card.Start))
			launch(id, card.Start, dir)
		}
	}
	// R-GRID-05: ranked by row, the inside ahead on a tie
	order := slices.Clone(q.Grid)
	sort.SliceStable(order, func(i, j int) bool {
		a, b := at[order[i]], at[order[j]]
		if a.row != b.row {
			return a.row > b.row
		}
		return a.lane > b.lane
	})
	// R-GRID-06: the last on the start square advanced by the dice, each
	// next one directly in front
	d, err := g.roll3("start", r)
	if err != nil {
		return err
	}
	for i := len(order) - 1; i >= 0; i-- {
		c := g.car(order[i])
		c.Dist = g.Circuit.Start + d.Move() + (len(order) - 1 - i)
		g.emit(ev("place", Public, "car", c.ID, "square", g.square(c.Dist), "dist", c.Dist))
	}
	if err := g.startIncidents(order, r); err != nil {
		return err
	}
	g.placePitLane()
	for i := range g.Sealed {
		g.Sealed[i] = nil
	}
	if err := g.beginRace(); err != nil {
		return err
	}
	if g.Race.Events.SafetyCar > 0 { // a safety car from the start (R-GRID-09)
		turns := g.Race.Events.SafetyCar
		g.Race.Events.SafetyCar = 0
		g.Race.SC = turns - 1
		g.emit(ev("safety-car-out", Public, "turns", turns, "pits", "closed"))
		g.lineUp()
		g.Race.Phase, g.Race.Restart = PhaseSC, false
	}
	return nil
}

func (g *Game) drawStartIncident(r Random) (decks.Card, error) {
	s := g.Race
	if len(s.StartInc) == 0 {
		perm, err := g.shuffle("start", 0, len(s.StartIncUsed), r)
		if err != nil {
			return decks.Card{}, err
		}
		s.StartInc, s.StartIncUsed = permute(s.StartIncUsed, perm), nil
	}
	c := s.StartInc[0]
	s.StartInc = s.StartInc[1:]
	s.StartIncUsed = append(s.StartIncUsed, c)
	return c, nil
}

// startIncidents applies the start incidents drawn, after the transfer
// (R-GRID-08/09, AMB-40): retirements removed, the file closed up, the
// cars that go last sent to the tail, the drop-backs (stops now,
// drive-throughs and stop-and-go at the end of turn 1), and a safety car.
// A collision's victim is the car directly ahead or behind, at random
// (only system cars with the system-only option, AMB-41).
func (g *Game) startIncidents(order []int, r Random) error {
	q := g.Race.Quali
	type hit struct {
		c *Car
		e decks.Card
	}
	var hits []hit
	for _, id := range order {
		inc, ok := q.Incident[id]
		if !ok {
			continue
		}
		c := g.car(id)
		if inc.Kind != "collision" {
			hits = append(hits, hit{c, inc})
			continue
		}
		hits = append(hits, hit{c, inc.Parts[0]})
		victim, err := g.pickCar(CollisionVictims(g.File(), c, g.Race.Events.SystemOnly), r)
		if err != nil {
			return err
		}
		if victim != nil && len(inc.Parts) > 1 {
			hits = append(hits, hit{victim, inc.Parts[1]})
		}
	}
	stage := func(kinds ...string) []hit {
		var out []hit
		for _, h := range hits {
			if slices.Contains(kinds, h.e.Kind) && !h.c.Out {
				out = append(out, h)
			}
		}
		return out
	}
	for i, h := range hits { // the option's responsible player goes to the tail instead of retiring
		if g.Race.Events.SystemOnly && !h.c.System() && h.e.Kind == "retire" {
			hits[i].e.Kind = "spin"
		}
	}
	for _, h := range stage("retire") {
		h.c.Out = true
		g.emit(ev("retired", Public, "car", h.c.ID))
	}
	if len(stage("retire")) > 0 {
		g.closeUp()
	}
	for _, h := range stage("spin", "off") {
		f := g.File()
		last := f[len(f)-1]
		if last != h.c {
			h.c.Dist = last.Dist - 1
			g.closeUp()
		}
		g.emit(ev("to-tail", Public, "car", h.c.ID))
	}
	for _, h := range stage("drive-through", "stop-go") {
		g.Race.Due[h.c.ID] += g.Circuit.DriveThrough + h.e.N
		g.Race.DueTurn1 = true
		g.emit(ev("penalty-due", Public, "car", h.c.ID, "squares", g.Circuit.DriveThrough+h.e.N))
	}
	for _, h := range stage("puncture", "nose", "repair") {
		if err := g.applyEffect(&g.Race.Events, h.c, h.e, r); err != nil {
			return err
		}
	}
	for _, h := range stage("safety-car") {
		g.Race.Events.SafetyCar = max(g.Race.Events.SafetyCar, SafetyCarTurns(h.e.N))
		g.emit(ev("safety-car", Public, "laps", h.e.N, "turns", SafetyCarTurns(h.e.N)))
	}
	return nil
}
