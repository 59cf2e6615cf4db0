package bot

// What the Discord transport needs from the service beyond Handle and the
// outbox: registering the people who speak, finding a game from its
// channel, a labelled view of the pending decisions (buttons and select
// menus), the circuit list for autocomplete and, when a renderer is
// wired, the board as a PNG.

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/tracks"
	"github.com/pitwall/pitwall/tracks/rscircuit"
)

// Register finds or creates the player behind an identity (named name
// when new) and, when lang is "en" or "fr", sets the language of its
// replies (a Discord user's locale).
func (s *Service) Register(ctx context.Context, ident Identity, name, lang string) error {
	return s.store.Update(ctx, func(tx persistence.Tx) error {
		p, err := s.EnsurePlayer(tx, ident, name)
		if err != nil {
			return err
		}
		if (lang == "en" || lang == "fr") && p.Language != lang {
			p.Language = lang
			return tx.UpdatePlayer(p)
		}
		return nil
	})
}

// ErrNoGameHere is returned by GameOfChannel when no live game posts to
// the channel.
var ErrNoGameHere = &UserError{Msg: "no race here: open one with /race new", Fr: "pas de course ici : ouvrez-en une avec /race new"}

// GameOfChannel returns the newest live game one of whose Channels is
// (transport, target).
func (s *Service) GameOfChannel(ctx context.Context, transport, target string) (string, error) {
	found := ""
	err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		games, err := tx.LiveGames()
		if err != nil {
			return err
		}
		for _, g := range games {
			m, err := decodeMeta(g)
			if err != nil {
				continue
			}
			for _, ch := range m.Channels {
				if ch.Transport == transport && ch.Target == target {
					found = g.ID // oldest first: the last match is the newest
				}
			}
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	if found == "" {
		return "", ErrNoGameHere
	}
	return found, nil
}

// ChannelsOf returns the places a game posts to, from its stored settings
// alone: a relay deciding where an outgoing message goes need not rebuild
// the game (Table replays its record).
func (s *Service) ChannelsOf(ctx context.Context, id string) ([]Channel, error) {
	var out []Channel
	err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		_, m, err := storedMeta(tx, id)
		if err != nil {
			return err
		}
		out = m.Channels
		return nil
	})
	return out, err
}

// AddChannel adds a place where the game is found (and notified) to a
// game, e.g. the channel a Discord thread was opened from.
func (s *Service) AddChannel(ctx context.Context, game string, ch Channel) error {
	_, err := s.onGame(ctx, game, func() (string, error) {
		err := s.store.Update(ctx, func(tx persistence.Tx) error {
			row, err := tx.Game(game)
			if err != nil {
				return err
			}
			m, err := decodeMeta(row)
			if err != nil {
				return err
			}
			for _, c := range m.Channels {
				if c == ch {
					return nil
				}
			}
			m.Channels = append(m.Channels, ch)
			row.Meta = m.encode()
			_, err = tx.UpdateGame(row)
			return err
		})
		s.forget(game)
		return "", err
	})
	return err
}

// CircuitInfo names an embedded circuit.
type CircuitInfo struct {
	ID, Name string
	Street   bool
	Game     string // "fd", or "rs" for a Racing Simulator circuit
}

// Circuits lists the embedded circuits.
func Circuits() []CircuitInfo {
	var out []CircuitInfo
	for _, id := range tracks.IDs() {
		c, err := tracks.Get(id)
		if err != nil {
			continue
		}
		out = append(out, CircuitInfo{ID: id, Name: c.Name, Street: c.Street, Game: "fd"})
	}
	for _, id := range rscircuit.IDs() {
		if c, err := rscircuit.Get(id); err == nil {
			out = append(out, CircuitInfo{ID: id, Name: c.Name, Game: gameRS})
		}
	}
	return out
}

// TableView is a game as a transport shows it: who sits where, who is the
// game master, and the pending decisions with labelled options.
type TableView struct {
	Game   string
	Track  string
	State  string // setup (lobby), running, paused, finished
	Lobby  bool
	Master Identity // the game master's first identity
	// Channels are where the game posts (e.g. its Discord thread).
	Channels []Channel
	// Lang is the language of the game's channel posts and boards: the
	// game master's.
	Lang    string
	Seats   []SeatView
	Pending []DecisionView
	// Sealed: every seat orders at once, secretly (Racing Simulator): a
	// transport offers each player their orders privately (OrdersFor).
	Sealed bool
}

// SeatView is one car and its player.
type SeatView struct {
	Car        int
	Name       string
	Identities []Identity
}

// DecisionView is one pending decision. Token changes whenever the game
// moves on: a button carrying an older token is stale.
type DecisionView struct {
	Car     int
	Kind    string
	Session string
	Token   string
	Prompt  string // the decision as the text replies describe it
	What    string // what it asks, for a menu: "choose your move"
	Options []OptionView
	// Secret: a sealed order (Racing Simulator). Options is empty: they
	// are the seat's hand, offered to its player alone (OrdersFor), and
	// Token is that seat's (stale once its hand or the turn changed).
	Secret bool
}

// OptionView is one legal answer: Command is what Handle takes ("gear 4",
// "choose B"); Label says what it is and costs.
type OptionView struct {
	Command string
	Label   string
	Facts   string // what it does, when the label does not say (OrdersFor)
}

// Table describes a game for a transport from committed state, in lang;
// with lang "", in the game master's language (Lang), as a channel reads.
func (s *Service) Table(ctx context.Context, id, lang string) (*TableView, error) {
	if s.isServed(ctx, id) {
		return s.servedTable(ctx, id, lang)
	}
	var v *TableView
	err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		return s.withRecentView(tx, id, func(l *live) error {
			v = &TableView{Game: id, Track: l.meta.Track, State: l.row.State, Lobby: l.game == nil, Channels: l.meta.Channels}
			v.Lang = "en"
			if p, err := tx.Player(l.meta.Master); err == nil {
				if len(p.Identities) > 0 {
					v.Master = p.Identities[0]
				}
				if p.Language == "fr" {
					v.Lang = "fr"
				}
			}
			if lang == "" { // the table's own language: the game master's
				lang = v.Lang
			}
			for _, seat := range l.seats {
				sv := SeatView{Car: seat.Number}
				if seat.Player != "" {
					if p, err := tx.Player(seat.Player); err == nil {
						sv.Name, sv.Identities = p.Name, p.Identities
					}
				}
				v.Seats = append(v.Seats, sv)
			}
			if l.game == nil || l.game.Over() {
				return nil
			}
			v.Pending = pendingViews(l, id, lang, -1) // a thread: read by every seat, as a spectator
			return nil
		})
	})
	return v, err
}

// decisionTokenOf names car's pending decision of kind in session at this
// point of the game: any committed record line changes it.
func decisionTokenOf(id string, l *live, car int, kind, session string) string {
	h := sha256.Sum256(fmt.Appendf(nil, "%s|%d|%d|%s|%s", id, l.row.LastSeq, car, kind, session))
	return hex.EncodeToString(h[:4])
}

// ErrStale refuses an order given for a decision that is no longer the
// pending one (a button from an earlier play).
var ErrStale = errors.New("stale decision")

// HandleDecision is Handle for an order given on a decision shown
// earlier (a button): on the game's goroutine, it first checks that the
// car's pending decision still has this token, and refuses with ErrStale
// otherwise, so a double click never orders twice. A duplicate Key is
// answered again as by Handle.
func (s *Service) HandleDecision(ctx context.Context, req Request, car int, token string) (string, error) {
	return s.onGame(ctx, req.Game, func() (string, error) {
		fresh := false
		served := s.isServed(ctx, req.Game)
		err := s.store.View(ctx, func(tx persistence.ReadTx) error {
			if req.Key != "" {
				if _, seen, err := tx.SeenInbound(req.Source, req.Key); err != nil || seen {
					fresh = seen
					return err
				}
			}
			if served {
				var err error
				fresh, err = s.servedFresh(tx, req.Game, car, token)
				return err
			}
			l, err := s.loaded(tx, req.Game)
			if err != nil || l.game == nil || l.game.Over() {
				return err
			}
			for _, d := range l.game.Pending() {
				if d.Seat+1 == car && decisionTokenOf(req.Game, l, car, d.Kind, d.Session) == token {
					fresh = true
				}
			}
			return nil
		})
		if err != nil {
			return "", err
		}
		if !fresh {
			return "", ErrStale
		}
		if served {
			return s.handleServed(ctx, req)
		}
		return s.handle(ctx, req)
	})
}

// BoardRenderer draws a game's board as a PNG (cmd wires render.Renderer
// behind it: bot does not import render). bot hands it the game it serves,
// engine.Game (a Formula Dé race as its fd.Contract), and the renderer
// chooses the drawer by the game: bot names no board of any game.
type BoardRenderer interface {
	BoardPNG(w io.Writer, g engine.Game, lang string) error
}

// ErrNoBoard is returned by BoardPNG for a race that has not started.
var ErrNoBoard = errors.New("no board before the race starts")

// BoardPNG draws the board of a game as it stands, in lang.
func (s *Service) BoardPNG(ctx context.Context, id, lang string, r BoardRenderer, w io.Writer) error {
	if s.isServed(ctx, id) {
		return s.servedBoardPNG(ctx, id, lang, r, w) // everyone's view: no hand
	}
	return s.store.View(ctx, func(tx persistence.ReadTx) error {
		return s.withRecentView(tx, id, func(l *live) error {
			if l.game == nil {
				return ErrNoBoard
			}
			return r.BoardPNG(w, l.game, lang)
		})
	})
}

// Announce queues a post for one of a game's channels in the outbox (a
// player joined, the game master acted): transports post only from the
// outbox.
func (s *Service) Announce(ctx context.Context, game string, ch Channel, text string) error {
	return s.store.Update(ctx, func(tx persistence.Tx) error {
		_, err := tx.Enqueue(persistence.Message{Game: game, Transport: ch.Transport, Target: ch.Target, Text: text, Created: s.opts.Now()})
		return err
	})
}
