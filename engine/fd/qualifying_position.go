package fd

import (
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/pitwall/pitwall/engine/dice"
)

// A position inside a qualifying session under the competition rules (R1,
// fdr AMB-42, docs/record.md): the session in progress (session=K) with its
// weather, each car's solo lap — the lap in progress (position-lap) or its
// result (position-qualified) — and the best results of the earlier
// sessions. The race cars wait off the board with the tyres declared for
// the session (R1.5).

// LapPosition is one car's solo lap in progress (position-lap): the lap's
// own one-car position (its round and play counters, the car on the
// qualifying lap) and its score so far: gear-die rolls, penalty rolls
// (R1.9) and, once it has crossed the line, the spaces past it (fdr AMB-42).
// First is the lap's first gear die when it is rolled and the move is to
// choose (R1.3: the lap starts in 1st gear, rolled at once); 0 when the
// lap is at a gear choice.
type LapPosition struct {
	Car                  CarPosition // Car is the race car's number
	Round, Play          int
	Rolls, Penalty, Past int
	First                int
}

func (l LapPosition) event() Event {
	lap := PositionLapEvent{Car: l.Car.Car, Round: l.Round, Play: l.Play, Rolls: l.Rolls, Penalty: l.Penalty, Past: l.Past,
		PositionCarState: l.Car.state()}
	if l.First > 0 {
		lap.First = l.First
	}
	return Encode(lap)
}

// parseLap reads a position-lap line (issue 13: as its typed value, by
// hand or as the engine writes it; decodeGiven): the car's part as a
// position-car's (parseCarPosition), then the lap's counts, each in its
// range. A value the codec cannot read is its DecodeError.
func parseLap(e Event) (LapPosition, error) {
	var l LapPosition
	x, err := decodeGiven[PositionLapEvent](e, "car")
	if err != nil {
		return l, err
	}
	c, err := parseCarPosition(e)
	if err != nil {
		return l, err
	}
	if c.Status != Racing || c.Space == "" {
		return l, fmt.Errorf("position-lap %d: a lap in progress is a racing car on a space (its result is a position-qualified line)", c.Car)
	}
	l = LapPosition{Car: c, Round: x.Round, Play: x.Play, Rolls: x.Rolls, Penalty: x.Penalty, Past: x.Past, First: x.First}
	for _, f := range []countRange{{"round", x.Round, 0, maxPlays}, {"play", x.Play, 0, maxPlays}, {"rolls", x.Rolls, 0, maxPlays},
		{"penalty", x.Penalty, 0, maxPlays}, {"past", x.Past, 0, 99}, {"first", x.First, 0, 99}} {
		if err := f.check(); err != nil {
			return l, fmt.Errorf("position-lap %d: %w", c.Car, err)
		}
	}
	if l.First > 0 && (contains(c.Flags, "started") || l.Play != 0) {
		return l, fmt.Errorf("position-lap %d: first= is the die of a lap not yet started (no started flag, play=0)", c.Car)
	}
	return l, nil
}

// countRange is a number a position line gives and the range it must be in.
type countRange struct {
	key    string
	n      int
	lo, hi int
}

func (f countRange) check() error {
	if f.n < f.lo || f.n > f.hi {
		return fmt.Errorf("%s=%q must be a number from %d to %d", f.key, strconv.Itoa(f.n), f.lo, f.hi)
	}
	return nil
}

func qualifiedEvent(r QualifyingResult) Event {
	return Encode(PositionQualifiedEvent{Car: r.Car, Session: r.Session, Rolls: r.Rolls, Penalty: r.Penalty,
		Ended: r.Ended, Past: r.Past, Covered: r.Covered, Seq: r.Seq})
}

// parseQualified reads a position-qualified line (issue 13: as its typed
// value; decodeGiven, every key needed: a result has no default), each
// number in its range. A value the codec cannot read (rolls="x",
// ended="yes") is its DecodeError.
func parseQualified(e Event) (QualifyingResult, error) {
	x, err := decodeGiven[PositionQualifiedEvent](e, "car", "session", "rolls", "penalty", "ended", "past", "covered", "seq")
	if err != nil {
		return QualifyingResult{}, err
	}
	for _, f := range []countRange{{"car", x.Car, 1, MaxCars}, {"session", x.Session, 1, maxSessions}, {"rolls", x.Rolls, 0, maxPlays},
		{"penalty", x.Penalty, 0, maxPlays}, {"past", x.Past, 0, 99}, {"covered", x.Covered, -maxDistance, maxDistance}, {"seq", x.Seq, 0, 2 * MaxCars}} {
		if err := f.check(); err != nil {
			return QualifyingResult{}, fmt.Errorf("position-qualified: %w", err)
		}
	}
	return QualifyingResult{Car: x.Car, Session: x.Session, Rolls: x.Rolls, Penalty: x.Penalty, Ended: x.Ended,
		Past: x.Past, Covered: x.Covered, Seq: x.Seq}, nil
}

// checkSession refuses an inconsistent session: each car has its lap in
// progress or its result of this session, never both; one result per car
// and earlier session; no race round yet.
func (p Position) checkSession() error {
	if p.Session == 0 {
		if len(p.Laps) > 0 || len(p.Qualified) > 0 || p.SessionWeather != "" {
			return errors.New("position: position-lap and position-qualified lines belong to a qualifying session (session=)")
		}
		return nil
	}
	if p.Round != 0 || len(p.Played) > 0 || p.Next > 0 {
		return errors.New("position: a qualifying session comes before the race: round=0, no played= or next=")
	}
	type key struct{ car, session int }
	seen := map[key]bool{}
	seq := map[int]bool{}
	for _, r := range p.Qualified {
		if r.Car > len(p.Cars) {
			return fmt.Errorf("position-qualified: car %d, but the position has %d cars", r.Car, len(p.Cars))
		}
		if r.Session > p.Session {
			return fmt.Errorf("position-qualified %d: session %d has not been run (session=%d)", r.Car, r.Session, p.Session)
		}
		if seen[key{r.Car, r.Session}] {
			return fmt.Errorf("position-qualified %d: two results for session %d", r.Car, r.Session)
		}
		if r.Seq > 0 && seq[r.Seq] {
			return fmt.Errorf("position-qualified %d: seq=%d is another result's: each lap ends in its turn (fdr AMB-42)", r.Car, r.Seq)
		}
		seen[key{r.Car, r.Session}], seq[r.Seq] = true, true
	}
	for n := range p.OrderDraws {
		if n > len(p.Cars) {
			return fmt.Errorf("position: order-draws= gives car %d, but the position has %d cars (league 1-A)", n, len(p.Cars))
		}
	}
	laps := map[int]bool{}
	for _, l := range p.Laps {
		n := l.Car.Car
		if n > len(p.Cars) {
			return fmt.Errorf("position-lap: car %d, but the position has %d cars", n, len(p.Cars))
		}
		if laps[n] || seen[key{n, p.Session}] {
			return fmt.Errorf("position-lap %d: the car has its lap of session %d given twice", n, p.Session)
		}
		laps[n] = true
	}
	for i := 1; i <= len(p.Cars); i++ {
		if !laps[i] && !seen[key{i, p.Session}] {
			return fmt.Errorf("position: car %d has neither its lap in progress nor its result of session %d", i, p.Session)
		}
		for s := 1; s < p.Session; s++ {
			if !seen[key{i, s}] {
				return fmt.Errorf("position: car %d has no result of session %d (each driver drives every session, R1.1)", i, s)
			}
		}
		if c := p.Cars[i-1]; c.Status != Racing || c.Space != "" {
			return fmt.Errorf("position-car %d: during qualifying the race car waits off the board (no space=, racing)", i)
		}
	}
	return nil
}

// qualifyingPosition writes the session in progress, or reports false when
// a lap is in the middle of a play past its gear choice (other than its
// first die, R1.3).
func (g *Game) qualifyingPosition(p *Position) bool {
	exact := true
	p.Session, p.QualiWeather = 1, g.qualiWeather // O-QUA: one session under fd2008
	sessions := g.sessionRules()
	if sessions != nil {
		sessions.WriteSession(g, p) // fdr R1.1: session K, its weather, the earlier results (AMB-42)
	}
	for i := range p.Cars {
		if w, ok := g.startWear[p.Cars[i].Car]; ok && sessions == nil {
			p.Cars[i].Config = w // O-BLD: the car as built
		}
	}
	for _, n := range g.qualiCars() {
		if r, ok := g.qualiResults[n]; ok {
			r.Session = p.Session
			p.Qualified = append(p.Qualified, r)
			continue
		}
		sub := g.quali[n]
		l := LapPosition{Rolls: sub.qRolls, Penalty: sub.qPenalty}
		if lap := sub.sessionRules(); lap != nil {
			l.Past = lap.LapPast() // fdr AMB-42
		}
		sp := sub.Position()
		l.Round, l.Play, l.Car = sp.Round, sp.Play, sp.Cars[0]
		l.Car.Car = n
		t := sub.turn
		flying := t != nil && flyingLap(Turn{sub, t}) // R1.3: the session's play is a flying lap's
		switch {
		case t == nil:
			// between two plays (not at a decision): as written
		case t.stage == stageGear && len(t.path) == 0 && flying:
			// QualifyingStart: the lap starts again with its choice
			l.Car.Flags, l.Car.Gear = notStarted(l.Car.Flags), 0
		case t.stage == stageGear && len(t.path) == 0:
		case t.stage == stageMove && len(t.path) == 0 && sub.Play == 1 && !flying:
			// R1.3: the first 1st-gear die is rolled, the move to choose
			l.First = t.face
			l.Rolls--
			l.Car.Flags, l.Car.Gear = notStarted(l.Car.Flags), 0
		default:
			exact = false
		}
		p.Laps = append(p.Laps, l)
	}
	slices.SortFunc(p.Qualified, func(a, b QualifyingResult) int {
		if a.Session != b.Session {
			return a.Session - b.Session
		}
		return a.Car - b.Car
	})
	for i := range p.Cars {
		p.Cars[i].Space = ""
	}
	return exact
}

// notStarted drops the started flag: the lap starts again.
func notStarted(flags []string) []string {
	out := slices.DeleteFunc(slices.Clone(flags), func(s string) bool { return s == "started" })
	if len(out) == 0 {
		return nil
	}
	return out
}

// inQualifyingSession reports whether the game is driving an fdr
// qualifying session.
func (g *Game) inQualifyingSession() bool {
	if g.setupStage >= setupDone || g.quali == nil {
		return false
	}
	if q, ok := g.qualifyingState(); ok {
		return q.Driving // fdr R1: between sessions, no lap is driven
	}
	return g.can().Qualifying == QualifyingOptional && g.setupStage == setupWeatherRace // O-QUA
}

// startQualifying sets the game inside a qualifying session from a position
// (fdr R1, fdr AMB-42) and drives it to the decisions pending there.
func (g *Game) startQualifying(p Position, src dice.Source) error {
	if g.can().Qualifying == QualifyingOptional {
		return g.startQualifying2008(p, src)
	}
	if g.can().Qualifying != QualifyingSessions {
		return errors.New("position: a qualifying session in a position is for rules fdr and fd2008 (optional rule qualifying)")
	}
	if p.Session > g.Config.Sessions {
		return fmt.Errorf("position: session=%d, but the game drives %d qualifying sessions (R1.1)", p.Session, g.Config.Sessions)
	}
	sessions := g.sessionRules()
	if sessions == nil {
		return errors.New("position: qualifying sessions need their rules module's state (R1.1)")
	}
	for _, cp := range p.Cars {
		c := g.car(cp.Car)
		start, handled, err := g.rules().StartCar(g, c, cp) // fdr R4.1, R5.2
		if err != nil {
			return err
		}
		if !handled {
			start = g.Config.Start
		}
		for i, v := range cp.Wear {
			if v > start[i] {
				return fmt.Errorf("car %d: %s %d is above the starting %d (R-PS-04)", cp.Car, g.catName(Category(i)), v, start[i])
			}
		}
		c.Wear, c.Tyre, c.TyreAge = cp.Wear, cp.Tyre, cp.TyreAge
		restoreQualifyingPoints(g, c, cp) // league 23-A(i)
	}
	// the session, its weather and the earlier sessions' results (R1.1,
	// R3.4, AMB-42) are the module's; this session's results its laps'
	if err := sessions.ResumeSession(g, p); err != nil {
		return err
	}
	g.qualiWeather = p.QualiWeather
	for _, r := range p.Qualified {
		if r.Session == p.Session {
			g.qualiResults[r.Car] = r
		}
	}
	for range p.Session {
		// the sessions' weather rolls so far (R1.2): the next one counts on
		if _, err := g.counters.Next(0, 0, "weather-qualifying"); err != nil {
			return err
		}
	}
	g.started = true
	return g.openLaps(p, src)
}

// startQualifying2008 sets the game inside the optional qualifying of the
// 2008 rules (O-QUA): the cars as built (O-BLD), with their tyres (O-TYR),
// the qualifying weather (O-WX), each lap in progress or done.
func (g *Game) startQualifying2008(p Position, src dice.Source) error {
	opt := g.Config.Optional
	if !opt.Qualifying {
		return errors.New("position: a qualifying session needs the optional rule qualifying (O-QUA)")
	}
	if p.Session != 1 || p.SessionWeather != "" {
		return errors.New("position: the 2008 rules drive one qualifying session (session=1, no session-weather=)")
	}
	for _, cp := range p.Cars {
		c := g.car(cp.Car)
		start := g.Config.Start
		if cp.Config != (Wear{}) {
			if !opt.Building {
				return fmt.Errorf("car %d: config= is the car as built: the optional rule building is off", cp.Car)
			}
			if err := ValidateBuild(cp.Config); err != nil {
				return fmt.Errorf("car %d: %w", cp.Car, err)
			}
			start = cp.Config
			g.startWear[c.Number] = start // O-BLD
		}
		for i, v := range cp.Wear {
			if v > start[i] {
				return fmt.Errorf("car %d: %s %d is above the starting %d (R-PS-04)", cp.Car, g.catName(Category(i)), v, start[i])
			}
		}
		c.Wear, c.Tyre, c.TyreAge = cp.Wear, cp.Tyre, cp.TyreAge
		g.pitPool[g.poolOf(c.Number)] = g.poolSize()
	}
	for _, r := range p.Qualified {
		r.Session, r.Seq = 0, 0 // the 2008 rules keep neither
		g.qualiResults[r.Car] = r
	}
	g.qualiWeather = p.QualiWeather
	if opt.Weather {
		// the qualifying weather roll (O-WX-01): the race's counts on
		if _, err := g.counters.Next(0, 0, "weather-qualifying"); err != nil {
			return err
		}
	}
	g.started, g.setupStage = true, setupWeatherRace
	return g.openLaps(p, src)
}

// openLaps writes the position and opens each car's lap: in progress from
// its position-lap line, or over with its result.
func (g *Game) openLaps(p Position, src dice.Source) error {
	for _, e := range p.Events() {
		g.emit(e)
	}
	g.quali, g.qualiCopied = map[int]*Game{}, map[int]int{}
	for i := range g.Cars {
		c := &g.Cars[i]
		sub := g.newQualiSession(c)
		g.quali[c.Number] = sub
		if _, done := g.qualiResults[c.Number]; done {
			sub.Over = true
			continue
		}
		i := slices.IndexFunc(p.Laps, func(l LapPosition) bool { return l.Car.Car == c.Number })
		l := p.Laps[i]
		sub.qRolls, sub.qPenalty = l.Rolls, l.Penalty
		if lap := sub.sessionRules(); lap != nil {
			lap.SetLapPast(l.Past) // fdr AMB-42
		}
		lc := l.Car
		lc.Car = 1
		var s dice.Source = src
		if l.First > 0 {
			s = &firstDie{value: l.First, then: src} // R1.3: the die already rolled
		}
		if err := sub.StartFrom(Position{Round: l.Round, Play: l.Play, Weather: g.qualiWeather, Cars: []CarPosition{lc}}, s); err != nil {
			return fmt.Errorf("position-lap %d: %w", c.Number, err)
		}
		g.qualiCopied[c.Number] = 2 // its own position lines are the main position's
		g.copyQualiEvents(c.Number)
	}
	g.closeFinishedSessions()
	return g.advance(src)
}

// firstDie gives a lap's first gear die as the position says it was
// rolled, then rolls from then.
type firstDie struct {
	value int
	used  bool
	then  dice.Source
}

func (s *firstDie) Roll(k dice.Key, d dice.Die) (dice.Roll, error) {
	if s.used {
		return s.then.Roll(k, d)
	}
	s.used = true
	if !d.HasFace(s.value) {
		return dice.Roll{}, fmt.Errorf("position-lap: first=%d: %w on %s", s.value, dice.ErrNotAFace, d.Name)
	}
	return dice.Roll{Key: k, Die: d.Name, Index: d.IndexOf(s.value), Value: s.value}, nil
}
