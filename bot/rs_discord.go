package bot

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"strings"

	"github.com/pitwall/pitwall/persistence"
)

// What a chat transport (Discord) needs of a game served through the
// contract: the table without anyone's options (a secret decision's
// options are its seat's hand), and each seat's own orders, asked for
// privately (an ephemeral menu) and answered with a token that is stale
// once the seat's hand or the turn changed.

// servedTable is Table for a contract game: the seats, and the seats
// awaited as Secret decisions without options.
func (s *Service) servedTable(ctx context.Context, id, lang string) (*TableView, error) {
	var v *TableView
	err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		row, m, err := storedMeta(tx, id)
		if err != nil {
			return err
		}
		seats, err := tx.Seats(id)
		if err != nil {
			return err
		}
		v = &TableView{Game: id, Track: m.Track, State: row.State, Lobby: row.State == persistence.GameSetup, Channels: m.Channels, Lang: "en", Sealed: true}
		if p, err := tx.Player(m.Master); err == nil {
			if len(p.Identities) > 0 {
				v.Master = p.Identities[0]
			}
			if p.Language == "fr" {
				v.Lang = "fr"
			}
		}
		if lang == "" {
			lang = v.Lang
		}
		for _, st := range seats {
			sv := SeatView{Car: st.Number}
			if st.Player != "" {
				if p, err := tx.Player(st.Player); err == nil {
					sv.Name, sv.Identities = p.Name, p.Identities
				}
			}
			v.Seats = append(v.Seats, sv)
		}
		if v.Lobby {
			return nil
		}
		l, err := s.loadServed(tx, id)
		if err != nil {
			return err
		}
		for _, d := range l.game.Pending() {
			if l.onAutopilot(d.Seat, s.opts.Now()) {
				continue
			}
			v.Pending = append(v.Pending, DecisionView{Car: d.Seat + 1, Kind: d.Kind, Secret: d.Secret, Token: seatToken(l, d.Seat),
				What: fmt.Sprintf(inLang(lang, [2]string{"your order for turn %d", "votre ordre pour le tour %d"}), d.Turn)})
		}
		return nil
	})
	return v, err
}

// seatToken names seat's orders now: the game, the turn and phase being
// ordered, and the seat's legal orders (its hand). A sealed order may be
// changed with the same token until the turn resolves; "" when nothing
// is being ordered.
func seatToken(l *served, seat int) string {
	pending := l.game.Pending()
	if l.game.Over() || len(pending) == 0 {
		return ""
	}
	var keys []string
	for _, o := range l.game.Options(seat) {
		keys = append(keys, o.Key)
	}
	h := sha256.Sum256(fmt.Appendf(nil, "%s|%d|%s|%d|%s", l.row.ID, seat, servedKey(pending[0]), pending[0].Turn, strings.Join(keys, ",")))
	return hex.EncodeToString(h[:4])
}

// OrderMenu is one seat's private view of its orders: shown to its player
// alone (a Discord ephemeral message).
type OrderMenu struct {
	Game  string
	Car   int
	Token string // stale once the turn or the seat's hand changed
	// Text is the race as the seat sees it (its own hand) and what it must
	// do, or that its order is sealed.
	Text string
	// Sealed: the seat has ordered; it may change its order.
	Sealed  bool
	Options []OptionView
}

// OrdersFor is the private orders view of the seat ident drives in game.
func (s *Service) OrdersFor(ctx context.Context, game string, ident Identity, lang string) (*OrderMenu, error) {
	var v *OrderMenu
	err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		p, err := tx.PlayerByIdentity(ident.Kind, ident.Value)
		if err != nil {
			return userErrorf("you have no car in game %s", game)
		}
		row, err := gameRow(tx, game)
		if err != nil {
			return err
		}
		if row.State == persistence.GameSetup {
			return langErrorf(lang, "the race has not started", "la course n'a pas commencé")
		}
		l, err := s.loadServed(tx, game)
		if err != nil {
			return err
		}
		seat, ok := l.seatOf(p.ID)
		if !ok {
			return langErrorf(lang, "%s has no car in game %s", "%s n'a pas de voiture dans la partie %s", p.Name, game)
		}
		if lang == "" {
			lang = p.Language
		}
		_, pending := l.pendingSeat(seat)
		v = &OrderMenu{Game: game, Car: seat + 1, Token: seatToken(l, seat), Sealed: !pending && !l.game.Over(),
			Text: joinParts([]string{l.status(seat, lang), s.decisionText(l, seat, lang, p.TimeZone)})}
		if v.Token == "" {
			return nil
		}
		seen := map[string]bool{}
		for _, o := range l.game.Options(seat) {
			cmd := l.kind.orderWords(o.Key, "en") // what Handle reads, whatever the reader's language
			if seen[cmd] {
				continue
			}
			seen[cmd] = true
			v.Options = append(v.Options, OptionView{Command: cmd, Label: l.kind.orderWords(o.Key, lang), Facts: l.facts(seat, o.Key, lang)})
		}
		return nil
	})
	return v, err
}

// servedFresh reports whether token still names car's orders in a
// contract game (HandleDecision).
func (s *Service) servedFresh(tx persistence.ReadTx, game string, car int, token string) (bool, error) {
	l, err := s.loadServed(tx, game)
	if err != nil {
		return false, err
	}
	t := seatToken(l, car-1)
	return t != "" && t == token, nil
}

// servedBoardPNG draws a contract game's board as everyone may see it.
func (s *Service) servedBoardPNG(ctx context.Context, id, lang string, r BoardRenderer, w io.Writer) error {
	cb, ok := r.(ContractBoards)
	if !ok {
		cb, ok = s.opts.Boards.(ContractBoards)
	}
	return s.store.View(ctx, func(tx persistence.ReadTx) error {
		row, err := gameRow(tx, id)
		if err != nil {
			return err
		}
		if row.State == persistence.GameSetup || !ok {
			return ErrNoBoard
		}
		l, err := s.loadServed(tx, id)
		if err != nil {
			return err
		}
		return cb.ContractBoardPNG(w, l.game, -1, lang)
	})
}
