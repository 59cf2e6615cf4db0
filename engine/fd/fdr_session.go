package fd

import (
	"fmt"

	"github.com/pitwall/pitwall/tracks"
)

// The competition rules' answers to what the base asks of positions
// (host_fdr_session.go): the base writes and reads the position's lines;
// fdr's part of a position is fdr's state, kept here. The file uses the
// host API only (fdrPackageReady).

func init() {
	KeepWrecksOnBoard(wreckOnBoard) // R12.6, R14.5, R16.4: OnBoard counts a wreck
}

// StartCar reads a car's competition state from its position line (R4.1,
// R5.2, R6.8, R10.14, R12.6, R16.4, T8, league 9-A) and gives its
// configured values: RulesModule's StartCar, for the race and a
// qualifying session alike.
func (*fdrRules) StartCar(g *Game, c *Car, cp CarPosition) (Wear, bool, error) {
	start, err := g.fdrStartCar(c, cp)
	return start, true, err
}

// RaceHeld reports a value holding the race's state (PositionModule).
func (m *fdrRules) RaceHeld() bool { return m.race != nil }

// PositionRound writes where the round stands (R6.10, AMB-40) and the
// last weather test (R3.6).
func (m *fdrRules) PositionRound(g *Game, p *Position) {
	g.fdrRoundState(p)
	if m.race.wxLast >= 0 {
		p.WeatherTest = m.race.wxLast.String()
	}
}

// PositionCar writes a car's competition state (R4.1, R5.2, R6.8, R16.4,
// T8).
func (*fdrRules) PositionCar(g *Game, c *Car, cp *CarPosition) { g.fdrCarPosition(c, cp) }

// ResumeRace resumes the last weather test (R3.6) and the round in
// progress a position names (next=, R6.10, AMB-40).
func (m *fdrRules) ResumeRace(g *Game, p Position) {
	if p.WeatherTest != "" {
		m.race.wxLast, _ = tracks.ParseWeather(p.WeatherTest)
	}
	if p.Next > 0 {
		g.fdrResumeRound(p)
	}
}

// AtDecision reports false inside a round with no car's play under way
// (between the scan's plays): a position holds the round at a decision
// only.
func (m *fdrRules) AtDecision(g *Game) bool {
	return !m.race.inRound || g.Over || g.fdrPlayUnderWay() != nil
}

// ReadCarPosition reads and checks the competition keys of a
// position-car line (CarPositionModule): pit=, arrival=, box= in their
// ranges, then config=, league 9-A's start-roll=, inertia=, reason=.
func (*fdrRules) ReadCarPosition(c *CarPosition, s PositionCarState) error {
	for _, f := range []struct {
		key  string
		n    *int
		hi   int
		read *int
	}{{"pit", s.Pit, fdrPoints, &c.Pit}, {"arrival", &s.Arrival, 1 << 30, &c.Arrival}, {"box", &s.Box, maxBox, &c.Box}} {
		if f.n == nil {
			continue
		}
		if *f.n < 0 || *f.n > f.hi {
			return fmt.Errorf("position-car: %s=%q must be a number from %d to %d", f.key, fmt.Sprint(*f.n), 0, f.hi)
		}
		*f.read = *f.n
	}
	return c.readFDR(s)
}

// WriteCarPosition writes the competition keys of a car's line, each only
// when set (CarPositionModule).
func (*fdrRules) WriteCarPosition(c CarPosition, s *PositionCarState) { c.fdrState(s) }
