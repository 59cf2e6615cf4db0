package fd

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// Qualifying (O-QUA): each car drives one lap alone, so every car's lap is
// an independent solo session, and all players drive theirs at the same
// time (AMB-23). A session is a one-car Game in qualifying mode: no start
// roll, points ignored, no braking (AMB-23 default), no engine, collision or
// debris rolls; the score is the number of gear-die rolls plus the
// overshoot spaces (O-QUA-04). Its events are copied into the race's record
// prefixed "q-" with q=CAR.

// QualifyingResult is one car's qualifying score.
type QualifyingResult struct {
	Car   int
	Rolls int
	// Penalty is the overshoot spaces, times the tyre factor (O-QUA-04).
	Penalty int
	// Ended: no stop in a 2- or 3-stop corner ended the attempt; the car
	// starts behind everyone else (O-QUA-05).
	Ended bool

	// The competition rules (fdr) only (R1.13, AMB-42): the session of
	// this result, the spaces past the line after the final roll, the
	// progress of an aborted lap, and the order of completion.
	Session, Past, Covered, Seq int
}

// Score is rolls plus penalty.
func (r QualifyingResult) Score() int { return r.Rolls + r.Penalty }

func (g *Game) openQualifying(src dice.Source) error {
	g.quali = map[int]*Game{}
	g.qualiCopied = map[int]int{}
	for i := range g.Cars {
		c := &g.Cars[i]
		sub := g.newQualiSession(c)
		if c.Status != Racing { // hurt in an earlier session (20-A's QUALI): drives no more
			sub.Cars[0].Status, sub.Over = Eliminated, true
			g.quali[c.Number] = sub
			continue
		}
		g.quali[c.Number] = sub
		g.carryInto(c, sub) // QualifyingCarry: AX-3's marathon, league AMB-56
		g.emit(Encode(QualifyingEvent{Car: c.Number, Start: g.Track.Spaces[sub.Cars[0].Space].Name}))
		g.lendScratchTo(sub)
		err := sub.advance(src)
		g.reclaimScratchFrom(sub)
		if err != nil {
			return err
		}
		g.copyQualiEvents(c.Number)
	}
	g.closeFinishedSessions()
	return nil
}

// newQualiSession is a car's solo lap: a one-car game in qualifying mode
// at the qualifying start.
func (g *Game) newQualiSession(c *Car) *Game {
	cfg := g.Config
	cfg.Laps = 1
	sessions := g.sessionRules() // fdr R1.1: several sessions
	session := 0
	if sessions != nil {
		q, _ := sessions.QualifyingState()
		session = q.Session
		if s, ok := g.qualifyingSession(session); ok {
			cfg.Laps = s.Laps // a SessionRule's session
		}
	}
	cfg.Optional = Optional{Tyres: g.Config.Optional.Tyres}
	id := g.ID + "/q" + strconv.Itoa(c.Number)
	if session > 1 {
		id += "/s" + strconv.Itoa(session) // FDR R1.1: each session rolls under its own id
	}
	sub := &Game{ID: id, Config: cfg, caps: g.caps, hooks: g.hooks, moduleStates: g.hooks.newModuleStates(), Track: g.Track, // the session's module states its own, as fdr's (FDR R1)
		Debris: map[tracks.SpaceID]bool{}, qualifying: true,
		weather: g.qualiWeather, setupStage: setupDone, startWear: map[int]Wear{}, pitPool: map[int]int{}}
	sub.hooks.distance = qualifyingPoints(g.hooks.distance, c) // 23-A(i): the race car's pilot point
	if sessions != nil {
		sub.SetRules(sessions.SessionRules()) // FDR R1: the session under the competition rules, a module value of its own
	}
	// the session's record sized once for its laps, as Simulate sizes the
	// race's (issue 14: grown by append from nothing, the ten sessions'
	// records were about 6 % of the bytes a fdr race allocates)
	sub.Events = make([]Event, 0, simRecordCap(g.Track, 1, cfg.Laps))
	// its lines' lists leave room for their copies' q= (and qs= from the
	// second session, FDR R1.1): copyQualiEvents shares them (issue 14)
	room := 1
	if session > 1 {
		room = 2
	}
	if shareSessionLines {
		sub.lineMem, sub.shared = &lineMem{pre: room}, &sharedLines{room: room}
	}
	sp := g.Track.QualifyingStart
	sub.Cars = []Car{{Number: 1, Space: sp, Wear: g.startingWear(c), Corner: g.Track.Spaces[sp].Corner, Tyre: c.Tyre}}
	if w, ok := g.hooks.wing.(SetUpSetting); ok {
		w.FitSetting(&sub.Cars[0], w.FittedSetting(c)) // 5-B (b): the wing set before qualifying
	}
	return sub
}

// qualifyingOpen reports whether some session is still being driven.
func (g *Game) qualifyingOpen() bool {
	for _, sub := range g.quali {
		if !sub.Over {
			return true
		}
	}
	return false
}

// InRace is e with the cars it names numbered as in the race: a
// qualifying copy ("q-", O-QUA) is a line of its car's solo session, a
// one-car game whose car is number 1, and q=CAR says which car of the
// race drove it, so its car (and its round's order of play) becomes CAR.
// Any other line is returned as it is. The record keeps the session's
// numbers (the session replays from them); what is said of the line, and
// whose line it is (5-D), reads the race's.
func (e Event) InRace() Event {
	race, _, _, isCopy := readCopy(e) // q= read as the codec reads it
	if !isCopy {
		return e
	}
	car := strconv.Itoa(race)
	out := Event{Kind: e.Kind, Args: make([]Arg, len(e.Args))}
	for i, a := range e.Args {
		if (a.Key == "car" || a.Key == "order") && a.Val == "1" {
			a.Val = car
		}
		out.Args[i] = a
	}
	return out
}

func (g *Game) copyQualiEvents(car int) {
	sub := g.quali[car]
	session := 0
	if q, ok := g.qualifyingState(); ok {
		session = q.Session // FDR R1.1
	}
	front := 1 // the arguments the copy puts before the line's: q=, then qs=
	if session > 1 {
		front++
	}
	from := g.qualiCopied[car]
	shared := sub.shared.since(from, len(sub.Events), front)
	for i, e := range sub.Events[from:] {
		var args []Arg
		if shared != nil && shared[i] != nil {
			// the session's own list, seen from the room left before it
			// (lineMem.pre): only the room is written
			args = shared[i][len(shared[i])-len(e.Args)-front:]
			args[0] = Arg{"q", lineInt(car)}
			if session > 1 {
				args[1] = Arg{"qs", lineInt(session)} // FDR R1.1
			}
		} else {
			// one list for the copy's arguments, cut from the record's
			// memory (lineMem, events_fast.go)
			args = append(g.lines().args(front+len(e.Args)), Arg{"q", lineInt(car)})
			if session > 1 {
				args = append(args, Arg{"qs", lineInt(session)}) // FDR R1.1
			}
			args = append(args, e.Args...)
		}
		spentInQualifying(g.car(car), e) // 23-A(i)
		g.emit(Event{Kind: g.copyQualiKind(e.Kind), Args: args})
	}
	g.qualiCopied[car] = len(sub.Events)
	sub.shared.copied(len(sub.Events))
}

// shareSessionLines: the race's copies of the sessions' lines share the
// sessions' argument lists; off, each copy has a list of its own, as
// before (TestRacesAsWithSessionLinesCopied).
var shareSessionLines = true

// sharedLines are a qualifying session's lines emitted since from, each
// its arguments with the room left in front of them (lineMem.roomFor), or
// nil for a line whose copy needs a list of its own.
type sharedLines struct {
	room  int // the arguments left before each list (lineMem.pre)
	from  int
	lines [][]Arg
}

// note keeps e's arguments with their room, e just emitted.
func (s *sharedLines) note(mem *lineMem, e Event) {
	var full []Arg
	if mem != nil {
		full = mem.roomFor(e)
	}
	s.lines = append(s.lines, full)
}

// since is the lines from..to of the session's record, when s kept
// exactly those and each has room for front arguments; else nil (the
// copy makes lists of its own, as for a session opened from a position).
func (s *sharedLines) since(from, to, front int) [][]Arg {
	if s == nil || s.room < front || s.from != from || s.from+len(s.lines) != to {
		return nil
	}
	return s.lines
}

// copied starts s again after the line to, the session's lines copied.
func (s *sharedLines) copied(to int) {
	if s != nil {
		s.from, s.lines = to, s.lines[:0]
	}
}

// qualiKind is a session line's kind and its copy's, "q-" and the kind.
type qualiKind struct{ kind, copied string }

// maxQualiKinds bounds the kinds copyQualiKind keeps: a session writes a
// dozen kinds or so; past the bound the kind is joined for each line.
const maxQualiKinds = 32

// copyQualiKind is "q-" + kind, the kind of a session line's copy in the
// race's record (O-QUA), the same text, joined once a game for each kind
// (issue 14: the join allocated for each line copied, about 1,800 a fdr
// race). The kinds are the engine's own constants, so the lookup mostly
// compares strings that share their bytes.
func (g *Game) copyQualiKind(kind string) string {
	for i := range g.qualiKinds {
		if g.qualiKinds[i].kind == kind {
			return g.qualiKinds[i].copied
		}
	}
	copied := "q-" + kind
	if len(g.qualiKinds) < maxQualiKinds {
		g.qualiKinds = append(g.qualiKinds, qualiKind{kind, copied})
	}
	return copied
}

// submitQualifying routes an order to the car's session.
func (g *Game) submitQualifying(o Order, src dice.Source) error {
	sub := g.quali[o.Car]
	inner := o
	inner.Car = 1
	inner.Session = ""
	g.lendScratchTo(sub)
	err := sub.Submit(inner, src)
	g.reclaimScratchFrom(sub)
	if err != nil {
		return err
	}
	from := g.qualiCopied[o.Car]
	g.copyQualiEvents(o.Car)
	if err := g.fdrQualifyingInjuryTests(src, o.Car, sub, sub.Events[from:]); err != nil { // QualifyingAccidentRule (20-A)
		return err
	}
	g.closeFinishedSessions()
	return nil
}

func (g *Game) closeFinishedSessions() {
	// most orders end no session: look before listing the cars in order.
	// g.quali holds a session for every car of the race, by its number
	// (openQualifying, openLaps), so the cars are looked at in the race's
	// order rather than by iterating the map, and the results asked only
	// of a session that is over (issue 14: the map's iteration and a
	// lookup for every session, at every order of a session)
	ended := false
	for i := range g.Cars {
		n := g.Cars[i].Number
		if sub := g.quali[n]; sub != nil && sub.Over {
			if _, done := g.qualiResults[n]; !done {
				ended = true
				break
			}
		}
	}
	if !ended {
		return
	}
	for _, n := range g.qualiCars() {
		sub := g.quali[n]
		if !sub.Over {
			continue
		}
		if _, done := g.qualiResults[n]; done {
			continue
		}
		r := QualifyingResult{Car: n, Rolls: sub.qRolls, Penalty: sub.qPenalty, Ended: sub.Cars[0].Status == Eliminated}
		if sessions := g.sessionRules(); sessions != nil {
			// FDR R1.9, BOT-01, AMB-42: rolls + penalty rolls, no minutes
			sessions.EndLap(sub, &r) // its session and spaces past the line, counted in the completion order
			r.Covered, r.Seq = sub.Cars[0].LastLevel, g.completionSeq(n)
			g.qualiResults[n] = r
			g.emit(Encode(QualifiedEvent{Car: n, Session: r.Session, Rolls: r.Rolls, Penalty: r.Penalty, Ended: r.Ended, Past: &r.Past}))
			g.carryOut(n, sub) // QualifyingCarry: AX-3's marathon, league AMB-56
			continue
		}
		g.qualiResults[n] = r
		g.emit(Encode(QualifiedEvent{Car: n, Rolls: r.Rolls, Penalty: r.Penalty, Ended: r.Ended}))
	}
}

// QualifyingResults lists the sessions' scores, by car.
func (g *Game) QualifyingResults() []QualifyingResult {
	var out []QualifyingResult
	for _, r := range g.qualiResults {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Car < out[j].Car })
	return out
}

// qualifyingOrder is O-QUA-06: ascending score, ties by a black-die
// roll-off (AMB-23), ended attempts last, ordered among themselves by
// roll-off.
func (g *Game) qualifyingOrder(src dice.Source) ([]int, error) {
	byScore := map[int][]int{}
	var scores []int
	var ended []int
	for _, r := range g.QualifyingResults() {
		if r.Ended {
			ended = append(ended, r.Car)
			continue
		}
		if len(byScore[r.Score()]) == 0 {
			scores = append(scores, r.Score())
		}
		byScore[r.Score()] = append(byScore[r.Score()], r.Car)
	}
	sort.Ints(scores)
	var order []int
	for _, s := range scores {
		sub, err := g.rollGrid(src, byScore[s])
		if err != nil {
			return nil, err
		}
		order = append(order, sub...)
	}
	sub, err := g.rollGrid(src, ended)
	if err != nil {
		return nil, err
	}
	order = append(order, sub...)
	if len(order) != len(g.Cars) {
		return nil, fmt.Errorf("qualifying: %d results for %d cars", len(order), len(g.Cars))
	}
	return order, nil
}

// firstQualifyingSession is the car whose qualifying session decides
// first in PendingAll's order, and its session, when nothing else waits
// before it (no race or setup decision); else nil.
func (g *Game) firstQualifyingSession() (int, *Game) {
	if g.pending != nil || len(g.setupPending) > 0 {
		return 0, nil
	}
	first, firstSub := 0, (*Game)(nil)
	for n, sub := range g.quali {
		if sub.pending != nil && (firstSub == nil || n < first) {
			first, firstSub = n, sub
		}
	}
	return first, firstSub
}
