package bot

import (
	"fmt"
	"strings"
	"time"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/variants"
)

// League variant 2-B, the race chess clock, played asynchronously
// (league AMB-09): each pilot has a bank of response time for the race, spent from
// the moment a decision is put to him until his valid order. The clock
// lives here, never in the engine: when a car's bank is spent, the service
// enters it into the record (an official's line, fd.ClockOutLine), and the engine rolls the
// out-of-fuel tests from then on.

// raceClock is one car's 2-B clock, kept in the game's meta.
type raceClock struct {
	// Used is the response time spent, in seconds, decisions answered.
	Used int64 `json:"used_seconds"`
	// Key is the decision the clock runs for ("" while it is stopped),
	// put to the player at Since (Unix seconds).
	Key   string `json:"key,omitempty"`
	Since int64  `json:"since,omitempty"`
	// Out: the clock-out is in the record.
	Out bool `json:"out,omitempty"`
}

// clockCapital is the game's 2-B capital, or its AX-5 time bank (FD
// Blitz, kept exactly as 2-B's clock); false when neither is on.
func clockCapital(l *live) (time.Duration, bool) {
	if l.game == nil {
		return 0, false
	}
	// a variant's parameters are the race's configuration: Formula Dé's own
	m, on := variants.ClockCapital(l.race().Config)
	if !on {
		m, on = variants.BlitzTimeBank(l.race().Config)
	}
	return time.Duration(m) * time.Minute, on
}

// blitzBank reports a game whose clock is AX-5's time bank: spent, the
// car is frozen rather than tested for fuel.
func blitzBank(l *live) bool {
	_, on := variants.BlitzTimeBank(l.race().Config)
	return on
}

// spent is the time a car's clock has spent at now, the running decision
// included.
func (c *raceClock) spent(now time.Time) time.Duration {
	d := time.Duration(c.Used) * time.Second
	if c.Key != "" {
		d += now.Sub(time.Unix(c.Since, 0))
	}
	return d
}

// clockOf is car's clock, made on first use.
func (m *meta) clockOf(car int) *raceClock {
	if m.Clocks == nil {
		m.Clocks = map[int]*raceClock{}
	}
	c := m.Clocks[car]
	if c == nil {
		c = &raceClock{}
		m.Clocks[car] = c
	}
	return c
}

// runClocks keeps the clocks with the game at now: a decision answered
// stops its car's clock and adds the time it waited; a bank spent enters
// the car's clock-out into the record; a race decision newly put to a
// player starts his clock. AI seats and qualifying run no clock. The
// game over, the clocks still running stop, their time added (AX-5's
// heat reads the time each car used).
func (s *Service) runClocks(l *live, now time.Time) error {
	capital, on := clockCapital(l)
	if !on {
		return nil
	}
	pending := map[int]string{}
	for _, d := range l.game.Pending() {
		if clocked(l, d) {
			pending[d.Seat+1] = decisionKey(l, d.Seat+1)
		}
	}
	for car := 1; car <= l.game.Seats(); car++ {
		c := l.meta.clockOf(car)
		if c.Key != "" && pending[car] != c.Key {
			c.Used += int64(now.Sub(time.Unix(c.Since, 0)) / time.Second)
			c.Key = ""
		}
		if l.game.Over() {
			continue
		}
		if err := s.clockOutIfSpent(l, car, capital, now); err != nil {
			return err
		}
		if key, ok := pending[car]; ok && c.Key == "" {
			c.Key, c.Since = key, now.Unix()
		}
	}
	return nil
}

// blitzFrozen reports a car whose AX-5 time bank is spent: frozen where
// it stands, it has no order left to give.
func blitzFrozen(l *live, car int) bool {
	return l.game != nil && blitzBank(l) && l.meta.clockOf(car).Out
}

// clocked reports whether pending decision d (the contract's) runs its
// player's clock: a decision of the race's plays (gear, move,
// slipstream, pit), not of the setup or a qualifying lap, put to a person
// rather than an AI seat.
func clocked(l *live, d engine.Decision) bool {
	switch fd.DecisionKind(d.Kind) {
	case fd.DecideGear, fd.DecideMove, fd.DecideSlipstream, fd.DecidePit:
		return d.Session == "" && l.meta.AI[d.Seat+1] == ""
	}
	return false
}

// spendClock is called before a car's order is applied: a bank spent
// while its player thought enters the clock-out first, so that this very
// move takes the fuel test (a refused order rolls the whole command back).
func (s *Service) spendClock(l *live, car int, now time.Time) error {
	capital, on := clockCapital(l)
	if !on {
		return nil
	}
	return s.clockOutIfSpent(l, car, capital, now)
}

// clockOutIfSpent enters car's clock-out into the record once its bank is
// spent; the engine refuses it outside the race (qualifying, a car out),
// and the clock waits.
func (s *Service) clockOutIfSpent(l *live, car int, capital time.Duration, now time.Time) error {
	c := l.meta.clockOf(car)
	if c.Out || c.spent(now) <= capital {
		return nil
	}
	_, err := s.official(l, fd.ClockOutLine(car, l.capitalText(capital)))
	if isRefusal(err) {
		return nil
	}
	c.Out = err == nil
	return err
}

// capitalText is the capital as the variant's parameter writes it.
func (l *live) capitalText(capital time.Duration) string {
	h, m := int(capital.Hours()), int(capital.Minutes())%60
	switch {
	case m == 0:
		return fmt.Sprintf("%dh", h)
	case h == 0:
		return fmt.Sprintf("%dm", m)
	}
	return fmt.Sprintf("%dh%dm", h, m)
}

// clockLine says a car's bank at now, in the reader's language: what is
// left of the capital, or that it is spent.
func clockLine(l *live, car int, now time.Time, lang string) string {
	capital, on := clockCapital(l)
	if !on {
		return ""
	}
	c := l.meta.clockOf(car)
	total := l.capitalText(capital)
	left := capital - c.spent(now)
	if blitzBank(l) {
		if c.Out || left <= 0 {
			return inLangf(lang, "Car %d's time bank is spent (%s): frozen where it stands", "La réserve de temps de la voiture %d est épuisée (%s) : figée où elle est", car, total)
		}
		return inLangf(lang, "Car %d's time bank (FD Blitz): %s left of %s", "Réserve de temps de la voiture %d (FD Blitz) : reste %s sur %s", car, clockLeftText(left), total)
	}
	if c.Out || left <= 0 {
		return inLangf(lang, "Car %d's race clock is spent (%s): an out-of-fuel test before each of its moves",
			"Le chrono de course de la voiture %d est épuisé (%s) : un test de panne sèche avant chacun de ses coups", car, total)
	}
	return inLangf(lang, "Car %d's race clock: %s left of %s", "Chrono de course de la voiture %d : reste %s sur %s",
		car, clockLeftText(left), total)
}

// clockLeftText writes a time left in hours and minutes, at least a
// minute.
func clockLeftText(d time.Duration) string {
	m := max(1, int(d/time.Minute))
	if m < 60 {
		return fmt.Sprintf("%dm", m)
	}
	return fmt.Sprintf("%dh%02dm", m/60, m%60)
}

// clockText is the banks of the cars a turn message asks to decide.
func clockText(l *live, now time.Time, lang string) string {
	if _, on := clockCapital(l); !on || l.game.Over() {
		return ""
	}
	var lines []string
	for _, d := range l.game.Pending() {
		if clocked(l, d) {
			lines = append(lines, clockLine(l, d.Seat+1, now, lang))
		}
	}
	return strings.Join(lines, "\n")
}
