package bot

import (
	"fmt"
	"strings"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/persistence"
)

// Mail for a game served through the contract (Racing Simulator): one
// private mail per seat per turn. When a turn asks a seat for its order,
// each of its addresses gets the turn mail: what it may read since its
// last mail (the revealed orders, the draws, its own new hand — never
// another seat's sealed order or hand), the race as it sees it, and its
// legal orders one a line, each a line it can answer with. An order
// sealed by someone else sends no mail; the race's end sends the results.
// The player whose mail caused the commit gets the turn mail as the
// answer to that mail, not a second copy.

// notifySeat tells seat (from 0) the news of evs on each of its player's
// transports: the turn mail by mail (mailServedSeat), the news and the
// race as it sees it elsewhere.
func (s *Service) notifySeat(tx persistence.Tx, l *served, p persistence.Player, seat int, evs []engine.Event) error {
	text := ""
	for _, ident := range p.Identities {
		if ident.Kind == persistence.IdentityEmail {
			if err := s.mailServedSeat(tx, l, p, seat, ident.Value); err != nil {
				return err
			}
			continue
		}
		if text == "" {
			text = s.seatText(l, evs, seat, p.Language, p.TimeZone)
		}
		if _, err := tx.Enqueue(persistence.Message{Game: l.row.ID, Transport: ident.Kind, Target: ident.Value, Text: text, Created: s.opts.Now()}); err != nil {
			return err
		}
	}
	return nil
}

// askedOver marks, in meta.Asked, a seat already mailed the results.
const askedOver = "over"

// mailServedSeat queues the turn mail seat's address addr is owed by this
// commit, if any: a new decision is the seat's, or the race is over.
func (s *Service) mailServedSeat(tx persistence.Tx, l *served, p persistence.Player, seat int, addr string) error {
	key := askedOver
	if !l.game.Over() {
		d, mine := l.pendingSeat(seat)
		if !mine {
			return nil // its order is sealed, or others have ordered: no mail
		}
		key = servedKey(d)
	}
	if l.meta.Asked[seat+1] == key {
		return nil // told already
	}
	if l.meta.Mailed == nil {
		l.meta.Mailed, l.meta.Asked = map[int]int64{}, map[int]string{}
	}
	lang := p.Language
	since, told := l.meta.Mailed[seat+1]
	evs := l.game.Events()
	parts := []string{}
	if !told {
		parts = append(parts, fmt.Sprintf(inLang(lang, [2]string{"Game %s: %s on %s. You drive car %d. Reply to this mail with one order line a turn; your order stays sealed until every order is in.",
			"Partie %s : %s sur %s. Vous pilotez la voiture %d. Répondez à ce courrier avec une ligne d'ordre par tour ; votre ordre reste scellé jusqu'à ce que tous aient joué."}),
			l.row.ID, l.kind.name(l.meta, lang), l.meta.Track, seat+1))
	}
	parts = append(parts, l.describeFor(evs[min(int(since), len(evs)):], seat, lang), l.status(seat, lang), s.orderLines(l, seat, lang, p.TimeZone))
	if l.game.Over() {
		parts = append(parts, fmt.Sprintf(inLang(lang, [2]string{"The seed was %s (the commitment published at the start: %s). To check every roll and shuffle: pitwall game verify %s",
			"La graine était %s (engagement publié au départ : %s). Pour vérifier chaque lancer et chaque mélange : pitwall game verify %s"}), l.meta.Seed, l.meta.Commitment, l.row.ID))
	}
	parts = append(parts, s.pageLine(l.row.ID, lang))
	l.meta.Mailed[seat+1], l.meta.Asked[seat+1] = l.row.LastSeq, key
	text := joinParts(parts)
	if addr == l.sender {
		l.senderMail = text // the answer to their mail
		return nil
	}
	_, err := tx.Enqueue(persistence.Message{Game: l.row.ID, Transport: persistence.IdentityEmail, Target: addr,
		Text: EncodeMail(MailHead{Subject: s.servedSubject(l, seat, lang)}, text), PNG: s.servedBoard(l, seat, lang, p.Board == "phone"), Created: s.opts.Now()})
	return err
}

// orderLines asks seat for its order by mail: its legal orders one a
// line, each a line it can answer with, and by when.
func (s *Service) orderLines(l *served, seat int, lang, zone string) string {
	d, ok := l.pendingSeat(seat)
	if l.game.Over() || !ok {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, inLang(lang, [2]string{"Your order for turn %d: answer with one of these lines.\n", "Votre ordre pour le tour %d : répondez avec l'une de ces lignes.\n"}), d.Turn)
	for _, w := range l.legalWords(d.Options, lang) {
		b.WriteString(w + "\n")
	}
	if hint := l.pitHint(d.Options, lang); hint != "" {
		b.WriteString(hint + "\n")
	}
	if by := s.servedDue(l, seat, zone, lang); by != "" {
		b.WriteString(by + "\n")
	}
	return b.String()
}

// servedMailReply gives the answer to a player's mail about a contract
// game its subject, and the board drawn for the player's seat when it
// asks for an order, the race is over, or the board was asked for.
func (s *Service) servedMailReply(tx persistence.ReadTx, game, addr string, head MailHead, board bool) (MailHead, []byte, error) {
	if row, err := tx.Game(game); err != nil || row.State == persistence.GameSetup {
		return head, nil, nil // unknown, or waiting for its players: the fallback subject
	}
	l, err := s.loadServed(tx, game)
	if err != nil {
		return head, nil, err
	}
	p, err := tx.PlayerByIdentity(persistence.IdentityEmail, addr)
	if err != nil {
		return head, nil, nil
	}
	seat, seated := l.seatOf(p.ID)
	if !seated {
		seat = -1
	}
	head.Subject = s.servedSubject(l, seat, p.Language)
	if _, mine := l.pendingSeat(seat); seated && (board || mine || l.game.Over()) {
		return head, s.servedBoard(l, seat, p.Language, p.Board == "phone"), nil
	}
	return head, nil, nil
}
