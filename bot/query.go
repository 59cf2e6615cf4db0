package bot

import (
	"context"
	"fmt"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/persistence"
)

// RaceView is a race's summary as `sim`, `replay` and `game show` print
// it.
type RaceView struct {
	Seed       string      `json:"seed"` // revealed when the race is over
	Commitment string      `json:"commitment"`
	Game       string      `json:"game"`
	Rules      string      `json:"rules"`
	Track      string      `json:"track"`
	Cars       int         `json:"cars"`
	Laps       int         `json:"laps"`
	Rounds     int         `json:"rounds"`
	Plays      int         `json:"plays"`
	Results    []fd.Result `json:"results"`
	// Teams is the team race's classification (O-TEAM-03), when it is on.
	Teams []fd.TeamResult `json:"teams,omitempty"`
}

// GameView is what `game show --json` prints: the same shape as `sim`, plus
// the game's state and who must act on what.
type GameView struct {
	RaceView
	State   string        `json:"state"` // setup, running, paused or finished
	Pending []PendingView `json:"pending"`
	// Orders is the number of orders committed (players' and the
	// autopilot's), in the effective record.
	Orders int `json:"orders"`
}

// PendingView is one decision waiting for a player.
type PendingView struct {
	Car      int      `json:"car"`
	Player   string   `json:"player,omitempty"`
	Decision string   `json:"decision"`
	Session  string   `json:"session,omitempty"`
	Options  []string `json:"options"` // gears or letters
	Due      string   `json:"due,omitempty"`
}

// Show describes a game from committed state.
func (s *Service) Show(ctx context.Context, id string) (*GameView, error) {
	var v *GameView
	err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		l, err := s.load(tx, id)
		if err != nil {
			return err
		}
		if l.game == nil {
			v = &GameView{RaceView: RaceView{Commitment: l.meta.Commitment, Game: id, Rules: l.meta.Rules, Track: l.meta.Track, Cars: len(l.seats),
				Results: []fd.Result{}}, State: l.row.State, Pending: []PendingView{}}
			return nil
		}
		g := l.game
		v = &GameView{RaceView: RaceView{Commitment: l.meta.Commitment, Game: id, Rules: l.meta.Rules, Track: l.meta.Track, Cars: l.meta.Cars,
			Laps: g.Config.Laps, Rounds: g.Round, Plays: g.Play, Results: g.Results(), Teams: g.TeamResults()}, State: l.row.State, Pending: []PendingView{}}
		if l.row.State == persistence.GameFinished {
			v.Seed = l.meta.Seed
		}
		for _, e := range g.Events {
			if e.Kind == "order" || e.Kind == "q-order" {
				v.Orders++
			}
		}
		deadlines, err := tx.Deadlines(id)
		if err != nil {
			return err
		}
		for _, d := range g.PendingAll() {
			pv := PendingView{Car: d.Car, Decision: string(d.Kind), Session: d.Session}
			if seat := l.seat(d.Car); seat != nil && seat.Player != "" {
				if p, err := tx.Player(seat.Player); err == nil {
					pv.Player = p.Name
				}
			}
			for _, op := range d.Options {
				if d.Kind == fd.DecideGear {
					pv.Options = append(pv.Options, fmt.Sprint(op.Gear))
				} else {
					pv.Options = append(pv.Options, op.Letter)
				}
			}
			for _, dl := range deadlines {
				if dl.Seat == d.Car && dl.Kind == persistence.DeadlineDecision {
					pv.Due = dl.Due.UTC().Format("2006-01-02 15:04 MST")
				}
			}
			v.Pending = append(v.Pending, pv)
		}
		return nil
	})
	return v, err
}

// Autoplay lets the autopilot answer pending decisions, each decision
// committed in its own transaction, until the game ends or max decisions
// are made (max <= 0: no limit). It returns how many it made.
func (s *Service) Autoplay(ctx context.Context, id string, max int) (int, error) {
	made := 0
	for max <= 0 || made < max {
		if err := ctx.Err(); err != nil {
			return made, err
		}
		done := false
		_, err := s.onGame(ctx, id, func() (string, error) {
			err := s.store.Update(ctx, func(tx persistence.Tx) error {
				l, err := s.loaded(tx, id)
				if err != nil {
					return err
				}
				if l.game == nil {
					return userErrorf("game %s has not started yet", id)
				}
				if l.game.Over || l.row.State == persistence.GameFinished {
					done = true
					return nil
				}
				if l.row.State == persistence.GamePaused {
					return userErrorf("game %s is paused", id)
				}
				d := l.game.Pending()
				if d == nil {
					done = true
					return nil
				}
				before := len(l.game.Events)
				if err := s.autoplayOne(l, d.Car); err != nil {
					return err
				}
				if err := s.autoplayTurns(l, tx); err != nil { // pre-moves, seats on autopilot
					return err
				}
				if s.opts.BeforeCommit != nil {
					s.opts.BeforeCommit()
				}
				if s.opts.BrokenSplitCommit {
					return s.brokenCommit(ctx, tx, l, id, before)
				}
				return s.commit(tx, l, id, before, "en")
			})
			if err != nil {
				s.forget(id)
			}
			if s.afterCommit != nil {
				s.forget(id)
				next := s.afterCommit
				s.afterCommit = nil
				if err == nil {
					err = next()
				}
			}
			return "", err
		})
		if err != nil {
			return made, err
		}
		if done {
			return made, nil
		}
		made++
	}
	return made, nil
}

// Verify checks a game's hash chain and, once the race is over, every roll
// against the commitment and every event against the rules.
func (s *Service) Verify(ctx context.Context, id string) (string, error) {
	var out string
	err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		if err := tx.VerifyChain(id); err != nil {
			return err
		}
		row, err := tx.Game(id)
		if err != nil {
			return err
		}
		m, err := decodeMeta(row)
		if err != nil {
			return err
		}
		lines, err := tx.Events(id, 0, 0)
		if err != nil {
			return err
		}
		rec, err := m.record(id, lines)
		if err != nil {
			return err
		}
		if row.State != persistence.GameFinished {
			out = fmt.Sprintf("%s: hash chain intact over %d record lines; the rolls can be checked once the race is over", id, len(lines))
			return nil
		}
		rec.Seed = m.Seed
		if err := fd.Verify(rec); err != nil {
			return err
		}
		out = fmt.Sprintf("%s: verified: hash chain intact over %d record lines, the seed matches commitment %s, every roll matches the seed", id, len(lines), m.Commitment)
		return nil
	})
	return out, err
}

// brokenCommit is the deliberately broken build of the crash test: half of
// a decision's lines now, the rest in a second transaction.
func (s *Service) brokenCommit(ctx context.Context, tx persistence.Tx, l *live, id string, before int) error {
	lines := eventLines(l.game.Events[before:])
	half := len(lines) / 2
	if _, err := tx.Append(id, l.row.LastSeq, lines[:half]...); err != nil {
		return err
	}
	s.afterCommit = func() error {
		return s.store.Update(ctx, func(tx persistence.Tx) error {
			row, err := tx.Game(id)
			if err != nil {
				return err
			}
			if _, err := tx.Append(id, row.LastSeq, lines[half:]...); err != nil {
				return err
			}
			if l.game.Over {
				row, err = tx.Game(id)
				if err != nil {
					return err
				}
				row.State = persistence.GameFinished
				_, err = tx.UpdateGame(row)
			}
			return err
		})
	}
	return nil
}
