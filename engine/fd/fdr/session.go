package fdr

import (
	"fmt"
	"maps"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// The competition rules' answers to what the base asks of qualifying
// sessions and positions (host_fdr_session.go): the base drives each
// car's solo lap and writes and reads the position's lines; the sessions,
// their weather, the best results (R1.1–R1.13, AMB-42) and fdr's part of
// a position are fdr's state, kept here. The file uses the host API only
// (fdrPackageReady).

func init() {
	fd.KeepWrecksOnBoard(wreckOnBoard)                          // R12.6, R14.5, R16.4: OnBoard counts a wreck
	fd.KeepEliminationReasons(eliminationReason, fdrReasons[:]) // T8: Car.EliminationReason reads a car's row
}

// StartCar reads a car's competition state from its position line (R4.1,
// R5.2, R6.8, R10.14, R12.6, R16.4, T8, league 9-A) and gives its
// configured values: RulesModule's StartCar, for the race and a
// qualifying session alike.
func (*fdrRules) StartCar(g *fd.Game, c *fd.Car, cp fd.CarPosition) (fd.Wear, bool, error) {
	start, err := fdrStartCar(g, c, cp)
	return start, true, err
}

// RaceHeld reports a value holding the race's state (PositionModule).
func (m *fdrRules) RaceHeld() bool { return m.race != nil }

// PositionRound writes where the round stands (R6.10, AMB-40) and the
// last weather test (R3.6).
func (m *fdrRules) PositionRound(g *fd.Game, p *fd.Position) {
	fdrRoundState(g, p)
	if m.race.wxLast >= 0 {
		p.WeatherTest = m.race.wxLast.String()
	}
}

// PositionCar writes a car's competition state (R4.1, R5.2, R6.8, R16.4,
// T8).
func (*fdrRules) PositionCar(g *fd.Game, c *fd.Car, cp *fd.CarPosition) { fdrCarPosition(g, c, cp) }

// ResumeRace resumes the last weather test (R3.6) and the round in
// progress a position names (next=, R6.10, AMB-40).
func (m *fdrRules) ResumeRace(g *fd.Game, p fd.Position) {
	if p.WeatherTest != "" {
		m.race.wxLast, _ = tracks.ParseWeather(p.WeatherTest)
	}
	if p.Next > 0 {
		fdrResumeRound(g, p)
	}
}

// AtDecision reports false inside a round with no car's play under way
// (between the scan's plays): a position holds the round at a decision
// only.
func (m *fdrRules) AtDecision(g *fd.Game) bool {
	return !m.race.inRound || g.Over || fdrPlayUnderWay(g) != nil
}

// ReadCarPosition reads and checks the competition keys of a
// position-car line (CarPositionModule): pit=, arrival=, box= in their
// ranges, then config=, league 9-A's start-roll=, inertia=, reason=.
func (*fdrRules) ReadCarPosition(c *fd.CarPosition, s fd.PositionCarState) error {
	for _, f := range []struct {
		key  string
		n    *int
		hi   int
		read *int
	}{{"pit", s.Pit, fd.BaseSpread.Total, &c.Pit}, {"arrival", &s.Arrival, 1 << 30, &c.Arrival}, {"box", &s.Box, maxBox, &c.Box}} {
		if f.n == nil {
			continue
		}
		if *f.n < 0 || *f.n > f.hi {
			return fmt.Errorf("position-car: %s=%q must be a number from %d to %d", f.key, fmt.Sprint(*f.n), 0, f.hi)
		}
		*f.read = *f.n
	}
	return readFDR(c, s)
}

// WriteCarPosition writes the competition keys of a car's line, each only
// when set (CarPositionModule).
func (*fdrRules) WriteCarPosition(c fd.CarPosition, s *fd.PositionCarState) { writeFDRState(c, s) }

// QualifyingState tells the base where the qualifying sessions stand (R1;
// QualifyingModule): the session being driven (R1.1), whether its laps
// are (the setup's collect stage: driven, their results not yet taken),
// the completion count and the best results (AMB-42), 1-A's draws, and
// the sessions' rain and last weather (R3.4, league 3-B); ok false
// before the race's state exists.
func (m *fdrRules) QualifyingState() (fd.QualifyingState, bool) {
	f := m.race
	if f == nil {
		return fd.QualifyingState{}, false
	}
	return fd.QualifyingState{
		InQualifying: f.stage <= fdrStageCollect,
		Driving:      f.stage == fdrStageCollect,
		Session:      f.session,
		Done:         f.done,
		Best:         f.best,
		OrderDraws:   f.orderDraws,
		Results:      f.sessions,
		Rained:       f.rainedInQualifying,
		LastWeather:  f.lastSession,
	}, true
}

var _ fd.QualifyingModule = (*fdrRules)(nil)

// SessionRules is a car's solo lap's own module value and state (R1): a
// session writes nothing of the race's.
func (*fdrRules) SessionRules() fd.RulesModule { return &fdrRules{race: newFDRState()} }

// LapPast is the spaces the session's lap went past the line (AMB-42).
func (m *fdrRules) LapPast() int { return m.race.qPast }

// SetLapPast gives a lap in progress its spaces past the line back from a
// position (position-lap past=).
func (m *fdrRules) SetLapPast(past int) { m.race.qPast = past }

// EndLap counts a session's lap ended (the order of completion, AMB-42)
// and gives its result the session and the spaces past the line (R1.9).
func (m *fdrRules) EndLap(session *fd.Game, r *fd.QualifyingResult) {
	m.race.done++
	r.Session, r.Past = m.race.session, fdrRaceState(session).qPast
}

// WriteSession writes the session in progress into a position (R1, fdr
// AMB-42): its number and roll, an earlier session's rain (league 3-B),
// session 1's running-order draws (league 1-A) and the earlier
// sessions' results, each driver's best or, under a SessionRule, all.
func (m *fdrRules) WriteSession(g *fd.Game, p *fd.Position) {
	f := m.race
	p.Session, p.SessionWeather = f.session, f.lastSession.String()
	p.Rained = f.rainedInQualifying && f.lastSession != tracks.Rain // league 3-B: an earlier session's rain
	if f.session == 1 && len(f.orderDraws) > 0 {
		p.OrderDraws = maps.Clone(f.orderDraws) // league 1-A: the order the session was told
	}
	earlier := f.best
	if g.SessionRule() != nil {
		earlier = nil // a SessionRule counts every session: all of them
		p.Qualified = append(p.Qualified, f.sessions...)
	}
	for _, r := range earlier {
		p.Qualified = append(p.Qualified, r)
	}
}

// ResumeSession sets the state inside session p.Session (R1, fdr
// AMB-42): its weather roll, the rain before it (league 3-B, league AMB-11),
// session 1's draws (league 1-A), the completion count so far, and the
// earlier sessions' results (each driver's best; every one under a
// SessionRule). This session's results are the base's laps.
func (m *fdrRules) ResumeSession(g *fd.Game, p fd.Position) error {
	f := m.race
	w, ok := tracks.ParseWeather(p.SessionWeather)
	if !ok {
		return fmt.Errorf("position: session-weather=%q (sun, changeable, rain)", p.SessionWeather)
	}
	f.session, f.stage, f.lastSession = p.Session, fdrStageCollect, w
	f.rainedInQualifying = w == tracks.Rain || p.Rained // the last session, and rained= the earlier ones (league 3-B, league AMB-11)
	if len(p.OrderDraws) > 0 {
		f.orderDraws = maps.Clone(p.OrderDraws) // league 1-A: session 1 runs in the order it was told
	}
	for _, r := range p.Qualified {
		f.done = max(f.done, r.Seq)
		if r.Session == p.Session {
			continue
		}
		if g.SessionRule() != nil {
			f.sessions = append(f.sessions, r) // a SessionRule's earlier sessions, in order
		}
		if old, ok := f.best[r.Car]; !ok || r.RanksBefore(old) {
			f.best[r.Car] = r // fdr AMB-42: each driver's best result counts
		}
	}
	return nil
}

// FlyingLap reports a play that is a flying lap (R1.3 as QualifyingStart
// changes it; FlyingLapModule), asked of the play's value.
func (m *fdrRules) FlyingLap() bool { return m.play != nil && m.play.flying }
