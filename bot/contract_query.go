package bot

import (
	"context"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/persistence"
)

// What the service answers about a contract game beside its commands:
// game show, game autoplay, and what a transport asks to draw a seat's
// private menu (SeatOrders).

// showServed is game show for a contract game: the state, the orders
// committed and the seats awaited with their deadline. The options of a
// secret decision are not listed: they would show the seat's hand.
func (s *Service) showServed(ctx context.Context, id string) (*GameView, error) {
	var v *GameView
	err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		l, err := s.loadServed(tx, id)
		if err != nil {
			return err
		}
		v = &GameView{RaceView: RaceView{Commitment: l.meta.Commitment, Game: id, Rules: l.meta.Game, Track: l.meta.Track, Cars: l.meta.Cars,
			Results: []fd.Result{}}, State: l.row.State, Pending: []PendingView{}}
		if l.row.State == persistence.GameFinished {
			v.Seed = l.meta.Seed
		}
		for _, e := range l.game.Events() {
			if e.Kind() == "order" {
				v.Orders++
			}
		}
		for _, d := range l.game.Pending() {
			pv := PendingView{Car: d.Seat + 1, Decision: d.Kind, Options: []string{}, Facts: []OptionFacts{}}
			if st := l.seat(d.Seat); st != nil && st.Player != "" {
				if p, err := tx.Player(st.Player); err == nil {
					pv.Player = p.Name
				}
			}
			if !d.Secret {
				for _, o := range d.Options {
					pv.Options = append(pv.Options, o.Key)
					pv.Facts = append(pv.Facts, OptionFacts{Option: o.Key, Text: l.facts(d.Seat, o.Key, "en")})
				}
			}
			if due, ok := l.dues[d.Seat+1]; ok {
				pv.Due = due.UTC().Format("2006-01-02 15:04 MST")
			}
			v.Pending = append(v.Pending, pv)
		}
		return nil
	})
	return v, err
}

// autoplayServedOrders is game autoplay for a contract game: the
// autopilot orders for one awaited seat at a time, each order committed
// in its own transaction, until the game is over or max orders are made.
func (s *Service) autoplayServedOrders(ctx context.Context, id string, max int) (int, error) {
	made := 0
	for max <= 0 || made < max {
		if err := ctx.Err(); err != nil {
			return made, err
		}
		done := false
		_, err := s.onGame(ctx, id, func() (string, error) {
			return "", s.store.Update(ctx, func(tx persistence.Tx) error {
				l, err := s.loadServed(tx, id)
				if err != nil {
					return err
				}
				if l.game.Over() {
					done = true
					return nil
				}
				if l.row.State == persistence.GamePaused {
					return refusef("game %s is paused", "la partie %s est en pause", id)
				}
				pending := l.game.Pending()
				if len(pending) == 0 {
					done = true
					return nil
				}
				r, err := l.random()
				if err != nil {
					return err
				}
				key, _ := l.game.Autopilot(pending[0].Seat)
				if _, err := l.submit(pending[0].Seat, key, r); err != nil {
					return err
				}
				if err := s.autoplayServed(l); err != nil {
					return err
				}
				return s.commitServed(tx, l)
			})
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

// GameKind is the game a stored game plays: "fd" (Formula Dé) or "rs"
// (Racing Simulator). A transport asks it to choose how to show a game.
func (s *Service) GameKind(ctx context.Context, id string) (string, error) {
	kind := ""
	err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		_, m, err := storedMeta(tx, id)
		if err != nil {
			return err
		}
		kind = m.Game
		if kind == "" {
			kind = "fd"
		}
		return nil
	})
	return kind, err
}

// SeatOrders is what one seat of a contract game may order now, in its
// player's language: what a transport needs for a private menu (a Discord
// ephemeral menu, the lines of a mail). Nothing in it is another seat's.
type SeatOrders struct {
	Game string
	Seat int    // from 1
	Lang string // the player's language, of Words, Facts and Status
	// Awaited: the seat's order is awaited now. Sealed: it is in and may
	// still be changed until every order is (Options then lists what it
	// may change to). Neither: nothing to order (or the race is over).
	Awaited, Sealed, Over bool
	Turn                  int    // the turn being ordered (0 when none is awaited)
	Kind                  string // the decision: "speed", a qualifying or start phase…
	Options               []OrderOption
	// Status is the race as the seat may see it: the file, its own hand,
	// who has ordered; and by when to order.
	Status, Due string
}

// OrderOption is one legal order: its Key (engine.Option), the Words a
// player sends for it (Handle takes them), and its Facts in words.
type OrderOption struct{ Key, Words, Facts string }

// SeatOrders tells the player who speaks what their seat of contract game
// id may order now.
func (s *Service) SeatOrders(ctx context.Context, id string, who Identity) (*SeatOrders, error) {
	var out *SeatOrders
	lang := ""
	err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		p, err := speaker(tx, who)
		if err != nil {
			return err
		}
		lang = p.Language
		l, err := s.loadServed(tx, id)
		if err != nil {
			return err
		}
		seat, ok := l.seatOf(p.ID)
		if !ok {
			return langErrorf(lang, "%s has no car in game %s", "%s n'a pas de voiture dans la partie %s", p.Name, id)
		}
		out = &SeatOrders{Game: id, Seat: seat + 1, Lang: lang, Over: l.game.Over(), Status: l.status(seat, lang)}
		opts := l.game.Options(seat)
		if d, ok := l.pendingSeat(seat); ok {
			out.Awaited, out.Turn, out.Kind, opts = true, d.Turn, d.Kind, d.Options
			out.Due = s.servedDue(l, seat, p.TimeZone, lang)
		} else if !out.Over && len(opts) > 0 {
			out.Sealed = true
		}
		if out.Over {
			opts = nil
		}
		for _, o := range opts {
			out.Options = append(out.Options, OrderOption{Key: o.Key, Words: l.kind.orderWords(o.Key, lang), Facts: l.facts(seat, o.Key, lang)})
		}
		return nil
	})
	return out, InPlayerLang(err, lang)
}
