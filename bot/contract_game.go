package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/internal/phrasebook"
	"github.com/pitwall/pitwall/persistence"
)

// Games served through the engine contract (engine.Game): Racing
// Simulator today. Bot's Formula Dé path (service.go, game.go…) is its
// own; the entry points switch on the game's meta (Create, Handle, Fire,
// Verify) and send a contract game here. The store, the outbox, the
// record lines and the seed commitment are the same.
//
// Secrecy: every event has an audience. What a seat is told — a reply,
// each notification on each of its transports, its board — is built from
// the events its audience includes, and its board is drawn for that seat
// only; a channel (a Discord thread, a league's address) is told what
// everyone may read. A sealed order is thus confirmed to its sender alone;
// the others read "seat N has ordered" until the reveal.

// ContractBoards draws the board of a contract game as one seat may see
// it (seat from 0; −1: everyone, no hand). cmd wires render behind it, on
// the same value as BoardRenderer; without it mails go without a board.
type ContractBoards interface {
	ContractBoardPNG(w io.Writer, g engine.Game, seat int, lang string) error
}

// served is a contract game loaded from the store.
type served struct {
	// senderMail is the turn mail sender is owed by this commit: it
	// becomes the answer to their mail (bot/rs_mail.go)
	senderMail string

	row   persistence.Game
	meta  *meta
	kind  servedKind
	seats []persistence.Seat
	game  engine.Game
	// dues are the stored decision deadlines, by seat number
	dues map[int]time.Time
	// sender is the address whose mail is being applied: the answer to
	// that mail is its writer's news, so no other mail goes there
	sender string
	// journal is what the command being applied caused: the events of
	// every step its contract calls returned (bot/journal.go)
	journal
}

// servedKinds remembers which games are contract games: a game's kind
// never changes, so only its first order reads it.
func (s *Service) isServed(ctx context.Context, id string) bool {
	if v, ok := s.kinds.Load(id); ok {
		return v.(bool)
	}
	servedGame, known := false, false
	_ = s.store.View(ctx, func(tx persistence.ReadTx) error {
		row, err := tx.Game(id)
		if err != nil {
			return err
		}
		m, err := decodeMeta(row)
		if err != nil {
			return err
		}
		servedGame, known = kindOf(m) != nil, true
		return nil
	})
	if known {
		s.kinds.Store(id, servedGame)
	}
	return servedGame
}

// loadServed rebuilds a contract game from its record.
func (s *Service) loadServed(tx persistence.ReadTx, id string) (*served, error) {
	row, m, err := storedMeta(tx, id)
	if err != nil {
		return nil, err
	}
	k := kindOf(m)
	if k == nil {
		return nil, fmt.Errorf("game %s is not a contract game", id)
	}
	seats, err := tx.Seats(id)
	if err != nil {
		return nil, err
	}
	stored, err := tx.Events(id, 0, 0)
	if err != nil {
		return nil, err
	}
	lines := make([]string, len(stored))
	for i, l := range stored {
		lines[i] = l.Line
	}
	g, err := k.replay(id, m, lines)
	if err != nil {
		return nil, err
	}
	l := &served{row: row, meta: m, kind: k, seats: seats, game: g}
	l.begin(len(lines)) // a command's journal starts after the stored record
	return l, l.readDues(tx)
}

// readDues reads the decision deadlines the store holds.
func (l *served) readDues(tx persistence.ReadTx) error {
	ds, err := tx.Deadlines(l.row.ID)
	if err != nil {
		return err
	}
	l.dues = map[int]time.Time{}
	for _, d := range ds {
		if d.Kind == persistence.DeadlineDecision {
			l.dues[d.Seat] = d.Due
		}
	}
	return nil
}

// seatOf is the seat (from 0) a player holds.
func (l *served) seatOf(player string) (int, bool) {
	for _, st := range l.seats {
		if st.Player == player {
			return st.Number - 1, true
		}
	}
	return 0, false
}

// seat is the stored seat of seat n (from 0).
func (l *served) seat(n int) *persistence.Seat {
	for i := range l.seats {
		if l.seats[i].Number == n+1 {
			return &l.seats[i]
		}
	}
	return nil
}

// random is the game's seeded dice and shuffles: a pure function of the
// committed state, so a retried order rolls the same.
func (l *served) random() (engine.Random, error) {
	seed, err := l.meta.seed()
	if err != nil {
		return nil, fmt.Errorf("game %s: its stored dice seed is unreadable: %w", l.row.ID, err)
	}
	return dice.NewSeeded(seed), nil
}

// pendingSeat returns seat's pending decision, if any.
func (l *served) pendingSeat(seat int) (engine.Decision, bool) {
	for _, d := range l.game.Pending() {
		if d.Seat == seat {
			return d, true
		}
	}
	return engine.Decision{}, false
}

// onAutopilot: the seat's orders are the autopilot's (kicked, an AI seat,
// on autopilot after missed deadlines, or on vacation).
func (l *served) onAutopilot(seat int, now time.Time) bool {
	st := l.seat(seat)
	return st == nil || st.Player == "" || st.Autopilot || onVacation(st, now)
}

// createServed opens a contract game: the setup rolled and committed, the
// seats told (each only its own hand), deadlines armed.
func (s *Service) createServed(ctx context.Context, req CreateRequest) (string, error) {
	k := kindOf(&meta{Game: req.Game})
	if k == nil {
		return "", refusef("no game %q: fd (Formula Dé) or rs (Racing Simulator)", "pas de jeu %q : fd (Formula Dé) ou rs (Racing Simulator)", req.Game)
	}
	if len(req.Variants) > 0 || req.Laps != 0 || namesFDRules(req.Rules) {
		return "", refusef("Racing Simulator has no rules, laps or variants of Formula Dé: give --mode and --optional", "Racing Simulator n'a ni règles, ni tours, ni variantes de Formula Dé : donnez --mode et --optional")
	}
	seed, err := newSeed(req.Seed, s.opts.Random)
	if err != nil {
		return "", err
	}
	id := "g-" + dice.Commitment(seed)[:10]
	m := &meta{Game: req.Game, Commitment: dice.Commitment(seed), Seed: seedHex(seed), MaxMisses: 3, TimeoutAutopilot: true}
	g, err := k.newGame(id, req, m, dice.NewSeeded(seed))
	if err != nil {
		return "", err
	}
	humans := 0
	for i, name := range req.Seats {
		// an ai:LEVEL seat is driven at its level (engine/rs/ai)
		if lvl, isAI, err := aiSeat(name); isAI {
			if err != nil {
				return "", err
			}
			if m.AI == nil {
				m.AI = map[int]string{}
			}
			m.AI[i+1] = lvl.String()
			continue
		}
		humans++
	}
	if humans == 0 {
		return "", userErrorf("a game needs at least one player besides its autopilot seats")
	}
	if req.QualifyingDeadline != 0 {
		return "", refusef("a Racing Simulator race has one deadline for every turn's orders, qualifying included: give --deadline only", "une course de Racing Simulator a un seul délai pour les ordres de chaque tour, qualifications comprises : donnez seulement --deadline")
	}
	if err := checkDeadline(req.Deadline); err != nil {
		return "", err
	}
	m.Deadline = int(req.Deadline / time.Minute)
	now := s.opts.Now()
	err = s.store.Update(ctx, func(tx persistence.Tx) error {
		if _, err := tx.Game(id); err == nil {
			return userErrorf("game %s already exists (same seed)", id)
		}
		row, err := tx.CreateGame(persistence.Game{ID: id, Created: now, Meta: m.encode(), State: persistence.GameRunning})
		if err != nil {
			return err
		}
		l := &served{row: row, meta: m, kind: k, game: g}
		l.took(engine.Step{Events: g.Events()}) // the deal is the game's first step
		for i, name := range req.Seats {
			seat := persistence.Seat{Game: id, Number: i + 1}
			if m.AI[i+1] != "" {
				seat.Autopilot = true
			} else {
				var p persistence.Player
				var err error
				if req.SeatIDs != nil && i < len(req.SeatIDs) {
					p, err = tx.Player(req.SeatIDs[i]) // a league's entry list
				} else {
					p, err = s.playerByName(tx, name)
				}
				if err != nil {
					return err
				}
				seat.Player = p.ID
				if m.Master == "" {
					m.Master = p.ID // the first player seated
				}
			}
			if err := tx.PutSeat(seat); err != nil {
				return err
			}
			l.seats = append(l.seats, seat)
		}
		if req.Master.Value != "" {
			if p, err := tx.PlayerByIdentity(req.Master.Kind, req.Master.Value); err == nil {
				m.Master = p.ID
			}
		}
		if err := s.autoplayServed(l); err != nil {
			return err
		}
		return s.commitServed(tx, l)
	})
	if err != nil {
		return "", err
	}
	s.kinds.Store(id, true)
	return id, nil
}

// autoplayServed orders for every pending seat on autopilot.
func (s *Service) autoplayServed(l *served) error {
	r, err := l.random()
	if err != nil {
		return err
	}
	now := s.opts.Now()
	for guard := 0; guard < 10000 && !l.game.Over(); guard++ {
		acted := false
		for _, d := range l.game.Pending() {
			if !l.onAutopilot(d.Seat, now) {
				continue
			}
			key, ok := l.autoKey(d.Seat)
			if !ok {
				continue
			}
			if _, err := l.submit(d.Seat, key, r); err != nil {
				return fmt.Errorf("the autopilot's order %q for seat %d: %w", key, d.Seat+1, err)
			}
			acted = true
			break
		}
		if !acted {
			return nil
		}
	}
	return nil
}

// commitServed writes what the command caused (its journal, bot/
// journal.go): the record lines, the notifications (each seat told what
// its audience allows), the deadlines and the game row, in the caller's
// transaction. A game whose record grew by anything else is refused
// whole: nothing is stored or sent.
func (s *Service) commitServed(tx persistence.Tx, l *served) error {
	now := s.opts.Now()
	lines, err := l.causedLines()
	if err != nil {
		return err
	}
	evs := l.caused
	if len(evs) > 0 && l.game.Over() {
		l.row.State = persistence.GameFinished
	}
	// the deadlines first, so that the news says by when to order
	if err := s.scheduleServed(tx, l, now); err != nil {
		return err
	}
	if err := l.readDues(tx); err != nil {
		return err
	}
	if len(evs) > 0 {
		last, err := tx.Append(l.row.ID, l.row.LastSeq, lines...)
		if err != nil {
			return err
		}
		l.row.LastSeq = last
		l.row.Version++
		if err := s.notifyServed(tx, l, evs, now); err != nil {
			return err
		}
	}
	row, err := tx.UpdateGame(persistence.Game{ID: l.row.ID, Created: l.row.Created, Meta: l.meta.encode(), State: l.row.State, Version: l.row.Version})
	if err != nil {
		return err
	}
	l.row = row
	return nil
}

// describeFor writes the events seat may read, one sentence a line.
func (l *served) describeFor(evs []engine.Event, seat int, lang string) string {
	var out []string
	for _, e := range evs {
		// while running: a hand or a sealed order is its seat's alone; the
		// race's end reveals nothing more in the news of its last turn
		if !e.Audience().Includes(seat, false) {
			continue
		}
		if t := l.game.Describe(e, lang); t != "" {
			out = append(out, t)
		}
	}
	return strings.Join(out, "\n")
}

// decisionText says what seat must do now, with its legal orders in
// words, or that its order is in and who is awaited.
func (s *Service) decisionText(l *served, seat int, lang, zone string) string {
	if l.game.Over() || seat < 0 {
		return ""
	}
	d, ok := l.pendingSeat(seat)
	if !ok {
		return inLang(lang, [2]string{"Your order is sealed; you may change it until every order is in.", "Votre ordre est scellé ; vous pouvez le changer tant que tous n'ont pas joué."})
	}
	ask, opts := fmt.Sprintf(inLang(lang, [2]string{"Your order for turn %d, please.", "Votre ordre pour le tour %d, s'il vous plaît."}), d.Turn), d.Options
	if a, ok := l.asked(seat); ok { // said from the game's phrases (engine.Reported)
		ask, opts = phrasebook.Text(lang, a.Ask), nil
		for _, o := range a.Options {
			opts = append(opts, engine.Option{Key: o.Key})
		}
	}
	text := ask + " " + l.legalText(opts, lang)
	if by := s.servedDue(l, seat, zone, lang); by != "" {
		text += "\n" + by
	}
	return text
}

// legalText lists the legal orders as a player writes them.
func (l *served) legalText(opts []engine.Option, lang string) string {
	ws := l.legalWords(opts, lang)
	if len(ws) == 0 {
		return inLang(lang, [2]string{"You have nothing to order now.", "Vous n'avez rien à jouer maintenant."})
	}
	text := inLang(lang, [2]string{"Legal: ", "Possibles : "}) + strings.Join(ws, " · ") + "."
	if hint := l.pitHint(opts, lang); hint != "" {
		text += " " + hint
	}
	return text
}

// legalWords are the legal orders as a player writes them, each once.
func (l *served) legalWords(opts []engine.Option, lang string) []string {
	var ws []string
	seen := map[string]bool{}
	for _, o := range opts {
		w := l.kind.orderWords(o.Key, lang)
		if !seen[w] {
			seen[w] = true
			ws = append(ws, w)
		}
	}
	return ws
}

// pitHint says how to add a stop to a speed card, when one may.
func (l *served) pitHint(opts []engine.Option, lang string) string {
	for _, o := range opts {
		if o.Key != "stay" && !strings.Contains(o.Key, "pit-") && strings.IndexAny(o.Key, "0123456789") == 0 && l.meta.Mode == "standard" {
			return inLang(lang, [2]string{"Add pit TYRES careful|risky to stop at the end of the turn.", "Ajoutez stand PNEUS prudent|audacieux pour vous arrêter à la fin du tour."})
		}
	}
	return ""
}

// servedDue says by when seat must order, in the reader's zone.
func (s *Service) servedDue(l *served, seat int, zone, lang string) string {
	due, ok := s.dueOf(l, seat)
	if !ok {
		return ""
	}
	if lang == "fr" {
		return "À jouer avant le " + inZoneLang(due, zone, lang)
	}
	return "Order by " + inZone(due, zone)
}

// dueOf is when seat's pending order is due, as the store holds it.
func (s *Service) dueOf(l *served, seat int) (time.Time, bool) {
	t, ok := l.dues[seat+1]
	return t, ok
}

// seatText is what seat is told after events: the news it may read, the
// race as it sees it, and what it must do.
func (s *Service) seatText(l *served, evs []engine.Event, seat int, lang, zone string) string {
	return joinParts([]string{l.describeFor(evs, seat, lang), l.status(seat, lang), s.decisionText(l, seat, lang, zone), s.pageLine(l.row.ID, lang)})
}

// notifyServed queues, for every seated player on each of their
// transports and for every channel, the news of evs filtered by audience,
// with the board drawn for that reader (mail) when evs changed it.
func (s *Service) notifyServed(tx persistence.Tx, l *served, evs []engine.Event, now time.Time) error {
	// a board is drawn per seat (its hand): only when the events changed
	// what boards show, not for a mere "has ordered"
	board := l.kind.changesBoard(evs)
	for _, seat := range l.seats {
		if seat.Player == "" {
			continue
		}
		p, err := tx.Player(seat.Player)
		if err != nil {
			return err
		}
		if err := s.notifySeat(tx, l, p, seat.Number-1, evs); err != nil {
			return err
		}
	}
	chLang := "en" // a channel reads the game master's language
	if m, err := tx.Player(l.meta.Master); err == nil && m.Language == "fr" {
		chLang = "fr"
	}
	for _, ch := range l.meta.Channels {
		text := joinParts([]string{l.describeFor(evs, -1, chLang), l.status(-1, chLang), s.pageLine(l.row.ID, chLang)})
		msg := persistence.Message{Game: l.row.ID, Transport: ch.Transport, Target: ch.Target, Text: text, Created: now}
		if ch.Transport == persistence.IdentityEmail {
			if board {
				msg.PNG = s.servedBoard(l, -1, chLang, false) // a channel's readers chose nothing
			}
			msg.Text = EncodeMail(MailHead{Subject: s.servedSubject(l, -1, chLang)}, text)
		}
		if _, err := tx.Enqueue(msg); err != nil {
			return err
		}
	}
	return nil
}

// tellPlayer queues text for player p (seat n, from 0; −1 none) on each of
// their transports: a mail carries a subject and, withBoard, the board
// drawn for seat n alone.
func (s *Service) tellPlayer(tx persistence.Tx, l *served, p persistence.Player, subject, text string, n int, withBoard bool) error {
	for _, ident := range p.Identities {
		if ident.Kind == persistence.IdentityEmail && ident.Value == l.sender {
			continue // the answer to their mail says it all
		}
		msg := persistence.Message{Game: l.row.ID, Transport: ident.Kind, Target: ident.Value, Text: text, Created: s.opts.Now()}
		if ident.Kind == persistence.IdentityEmail {
			msg.Text = EncodeMail(MailHead{Subject: subject}, text)
			if withBoard {
				msg.PNG = s.servedBoard(l, n, p.Language, p.Board == "phone")
			}
		}
		if _, err := tx.Enqueue(msg); err != nil {
			return err
		}
	}
	return nil
}

// servedSubject is a mail's subject: the turn, and whether the reader's
// order is awaited.
func (s *Service) servedSubject(l *served, seat int, lang string) string {
	name := l.kind.name(l.meta, lang)
	if l.game.Over() {
		return fmt.Sprintf(inLang(lang, [2]string{"The race is over (%s, %s)", "La course est finie (%s, %s)"}), name, l.meta.Track)
	}
	if d, ok := l.pendingSeat(seat); ok && seat >= 0 {
		return fmt.Sprintf(inLang(lang, [2]string{"Turn %d: your order (%s, %s)", "Tour %d : votre ordre (%s, %s)"}), d.Turn, name, l.meta.Track)
	}
	return fmt.Sprintf(inLang(lang, [2]string{"News of the race (%s, %s)", "Nouvelles de la course (%s, %s)"}), name, l.meta.Track)
}

// ContractCrops draws a contract game's phone view for one seat, as
// CropRenderer draws Formula Dé's crop; a ContractBoards that is one too
// gives a player who prefers it (player set --board phone) the phone view
// in their mails. A game it has no phone view for is an error: the full
// board goes instead.
type ContractCrops interface {
	ContractCropPNG(w io.Writer, g engine.Game, seat int, lang string) error
}

// servedBoard draws seat's board as PNG — its phone view for a reader who
// prefers it (phone) when the renderer draws one for this game — or nil
// without a renderer (or when drawing fails: the text is the message; the
// board is a courtesy).
func (s *Service) servedBoard(l *served, seat int, lang string, phone bool) []byte {
	if c, ok := s.opts.Boards.(ContractCrops); ok && phone {
		var buf bytes.Buffer
		if err := c.ContractCropPNG(&buf, l.game, seat, lang); err == nil {
			return buf.Bytes()
		}
	}
	r, ok := s.opts.Boards.(ContractBoards)
	if !ok {
		return nil
	}
	var buf bytes.Buffer
	if err := r.ContractBoardPNG(&buf, l.game, seat, lang); err != nil {
		return nil
	}
	return buf.Bytes()
}

// scheduleServed arms one deadline per seat whose order is awaited; all
// seats of a turn get the same time, from the turn's first notice.
func (s *Service) scheduleServed(tx persistence.Tx, l *served, now time.Time) error {
	pending := map[int]armedDecision{}
	if !l.game.Over() && l.row.State == persistence.GameRunning {
		for _, d := range l.game.Pending() {
			if p := l.meta.Deadline; p > 0 {
				pending[d.Seat+1] = armedDecision{key: servedKey(d), minutes: p}
			}
		}
	}
	return s.arm(tx, l.meta, l.row.ID, pending, now)
}

// servedKey names a decision for its deadline.
func servedKey(d engine.Decision) string { return fmt.Sprintf("%d/%s", d.Turn, d.Kind) }

// handleServed runs a player's command on a contract game. An order the
// rules refuse changes nothing (the transaction writes nothing) and its
// reply lists what is legal.
func (s *Service) handleServed(ctx context.Context, req Request) (string, error) {
	var reply, lang string
	err := s.store.Update(ctx, func(tx persistence.Tx) error {
		if prev, seen, err := answered(tx, req); err != nil || seen {
			reply = prev
			return err
		}
		player, err := speaker(tx, req.Identity)
		if err != nil {
			return err
		}
		lang = player.Language
		if said, lobby, err := s.servedLobbyCommand(tx, req.Game, player, req.Text, lang); lobby || err != nil {
			reply = said
			if err == nil && req.Key != "" {
				err = tx.RecordInbound(persistence.Inbound{Source: req.Source, Key: req.Key, Game: req.Game, Reply: reply, Received: s.opts.Now()})
			}
			return err
		}
		l, err := s.loadServed(tx, req.Game)
		if err != nil {
			return err
		}
		if req.Identity.Kind == persistence.IdentityEmail {
			l.sender = req.Identity.Value
		}
		if reply, err = s.servedCommand(tx, l, player, req.Text, lang); err != nil {
			return err
		}
		if l.senderMail != "" {
			reply = l.senderMail
		}
		if req.Key != "" {
			return tx.RecordInbound(persistence.Inbound{Source: req.Source, Key: req.Key, Game: req.Game, Reply: reply, Received: s.opts.Now()})
		}
		return nil
	})
	if err != nil {
		return "", InPlayerLang(err, lang)
	}
	return reply, nil
}

// servedCommand carries out one command on a loaded contract game and
// commits what it changed.
func (s *Service) servedCommand(tx persistence.Tx, l *served, p persistence.Player, text, lang string) (string, error) {
	seat, seated := l.seatOf(p.ID)
	master := l.meta.Master == p.ID
	key, perr := l.kind.parseOrder(text)
	if perr == nil {
		if !seated {
			return "", langErrorf(lang, "%s has no car in game %s", "%s n'a pas de voiture dans la partie %s", p.Name, l.row.ID)
		}
		return s.servedOrder(tx, l, p, seat, key, lang)
	}
	if !errors.Is(perr, errNotOrder) {
		return "", perr
	}
	cmd, err := Parse(text)
	if err != nil {
		return "", parseRefusal(err, text, lang)
	}
	view := -1
	if seated {
		view = seat
	}
	needMaster := func() error {
		if !master {
			return langErrorf(lang, "only the game master can do that", "seul le maître de jeu peut faire cela")
		}
		return nil
	}
	switch cmd.Verb {
	case VerbHelp:
		return l.kind.help(lang), nil
	case VerbStatus, VerbBoard:
		return joinParts([]string{l.status(view, lang), s.decisionText(l, view, lang, p.TimeZone)}), nil
	case VerbLog:
		evs := l.game.Events()
		return l.describeFor(evs[max(0, len(evs)-cmd.Number):], view, lang), nil
	case VerbAuto, VerbVacation:
		if !seated {
			return "", langErrorf(lang, "%s has no car in game %s", "%s n'a pas de voiture dans la partie %s", p.Name, l.row.ID)
		}
		st := l.seat(seat)
		said := ""
		if cmd.Verb == VerbAuto {
			st.Autopilot = cmd.On
			said = inLang(lang, [2]string{"autopilot off", "pilote automatique désactivé"})
			if cmd.On {
				said = inLang(lang, [2]string{"your car is on autopilot", "votre voiture est en pilote automatique"})
			}
		} else {
			st.VacationFrom, st.VacationTo = cmd.From, cmd.To
			said = fmt.Sprintf(inLang(lang, [2]string{"vacation noted: the autopilot orders from %s to %s", "vacances notées : le pilote automatique joue du %s au %s"}), cmd.From.Format("2006-01-02"), cmd.To.Add(-time.Hour).Format("2006-01-02"))
		}
		if err := tx.PutSeat(*st); err != nil {
			return "", err
		}
		return said, s.servedChanged(tx, l)
	case VerbPause, VerbResume:
		if err := needMaster(); err != nil {
			return "", err
		}
		if cmd.Verb == VerbPause {
			l.row.State = persistence.GamePaused
			return inLang(lang, [2]string{"game paused", "partie en pause"}), s.servedChanged(tx, l)
		}
		l.row.State = persistence.GameRunning
		return inLang(lang, [2]string{"game resumed", "partie reprise"}), s.servedChanged(tx, l)
	case VerbDeadline:
		if err := needMaster(); err != nil {
			return "", err
		}
		if err := checkDeadline(cmd.Period); err != nil {
			return "", err
		}
		l.meta.Deadline, l.meta.Reminders, l.meta.Armed = int(cmd.Period/time.Minute), nil, nil
		return fmt.Sprintf(inLang(lang, [2]string{"each turn's orders now have %s", "les ordres de chaque tour ont désormais %s"}), periodText(l.meta.Deadline, lang)), s.servedChanged(tx, l)
	case VerbKick, VerbReplace:
		if err := needMaster(); err != nil {
			return "", err
		}
		who, err := seatByName(tx, l.seats, cmd.Name)
		if err != nil {
			return "", err
		}
		if cmd.Verb == VerbKick {
			delete(l.meta.AI, who.Number) // the absent player's driver: the autopilot
			who.Player, who.Autopilot = "", true
			if err := tx.PutSeat(*who); err != nil {
				return "", err
			}
			return fmt.Sprintf(inLang(lang, [2]string{"seat %d is now driven by the autopilot", "la place %d est désormais tenue par le pilote automatique"}), who.Number), s.servedChanged(tx, l)
		}
		if lvl, isAI, err := aiSeat(cmd.Name2); isAI {
			// a substitute at a level: the seat stays its player's, who
			// takes it back by ordering again
			if err != nil {
				return "", err
			}
			if l.meta.AI == nil {
				l.meta.AI = map[int]string{}
			}
			l.meta.AI[who.Number] = lvl.String()
			who.Autopilot, who.Misses = true, 0
			if err := tx.PutSeat(*who); err != nil {
				return "", err
			}
			return fmt.Sprintf(inLang(lang, [2]string{"seat %d is now driven by an AI driver, level %s, until its player orders again", "la place %d est désormais tenue par un pilote IA de niveau %s jusqu'à ce que son joueur rejoue"}), who.Number, levelWord(lvl.String(), lang)), s.servedChanged(tx, l)
		}
		delete(l.meta.AI, who.Number)
		np, err := s.playerByName(tx, cmd.Name2)
		if err != nil {
			return "", err
		}
		who.Player, who.Autopilot, who.Misses = np.ID, false, 0
		if err := tx.PutSeat(*who); err != nil {
			return "", err
		}
		return fmt.Sprintf(inLang(lang, [2]string{"seat %d is now %s's", "la place %d est désormais celle de %s"}), who.Number, np.Name), s.servedChanged(tx, l)
	}
	return "", langErrorf(lang, "%s is not available in a Racing Simulator game; type help", "la commande %s n'existe pas dans une partie de Racing Simulator ; tapez aide", cmd.Verb)
}

// servedChanged commits a change of the table (a seat on autopilot, the
// game paused…): the autopilot may order at once.
func (s *Service) servedChanged(tx persistence.Tx, l *served) error {
	if l.row.State == persistence.GameRunning {
		if err := s.autoplayServed(l); err != nil {
			return err
		}
	}
	return s.commitServed(tx, l)
}

// servedOrder seals seat's order. A refusal lists the legal orders in the
// player's language and leaves the game as it was.
func (s *Service) servedOrder(tx persistence.Tx, l *served, p persistence.Player, seat int, key, lang string) (string, error) {
	if l.row.State == persistence.GamePaused {
		return "", langErrorf(lang, "the game is paused", "la partie est en pause")
	}
	if l.game.Over() {
		return "", langErrorf(lang, "the race is over", "la course est finie")
	}
	r, err := l.random()
	if err != nil {
		return "", err
	}
	if _, err := l.submit(seat, key, r); err != nil {
		if errors.Is(err, engine.ErrIllegal) || errors.Is(err, engine.ErrOver) {
			return "", s.servedRefusal(l, seat, key, err, lang)
		}
		return "", err
	}
	if st := l.seat(seat); st != nil && (st.Misses > 0 || st.Autopilot) {
		st.Misses, st.Autopilot = 0, false // the player speaks again
		if st.Player != "" {
			delete(l.meta.AI, st.Number) // and takes the seat back from a substitute
		}
		if err := tx.PutSeat(*st); err != nil {
			return "", err
		}
	}
	if err := s.autoplayServed(l); err != nil {
		return "", err
	}
	evs := l.caused
	if err := s.commitServed(tx, l); err != nil {
		return "", err
	}
	if l.sender != "" { // by mail: the answer is their whole news
		return s.seatText(l, evs, seat, lang, p.TimeZone), nil
	}
	return joinParts([]string{l.describeFor(evs, seat, lang), s.decisionText(l, seat, lang, p.TimeZone)}), nil
}

// servedRefusal is the rules' refusal for the player: why (the engine's
// reason in English; in French the rule it names) and what is legal.
func (s *Service) servedRefusal(l *served, seat int, key string, err error, lang string) error {
	var opts []engine.Option
	if d, ok := l.pendingSeat(seat); ok {
		opts = d.Options
	} else {
		opts = l.game.Options(seat) // sealed: it may still change its order
	}
	legal := l.legalText(opts, lang)
	if lang != "fr" {
		// the engine quotes the key; the player wrote words
		why := strings.ReplaceAll(err.Error(), strconv.Quote(key), "“"+l.kind.orderWords(key, lang)+"”")
		return &UserError{Msg: why + ". " + legal}
	}
	msg := "cet ordre n'est pas permis"
	if errors.Is(err, engine.ErrOver) {
		msg = "la course est finie"
	}
	if ids := ruleIDRE.FindAllString(err.Error(), -1); len(ids) > 0 {
		msg += " " + strings.TrimSpace(strings.Join(ids, " "))
	}
	return &UserError{Msg: msg + ". " + legal}
}

// fireServed handles a due deadline of a contract game: a reminder to the
// awaited seat, or the turn's deadline: Expire lets the autopilot order
// for every seat still awaited, each such seat counts a miss (MaxMisses in
// a row put it on autopilot), and the game master is told.
func (s *Service) fireServed(ctx context.Context, d persistence.Deadline) error {
	_, err := s.onGame(ctx, d.Game, func() (string, error) {
		return "", s.store.Update(ctx, func(tx persistence.Tx) error {
			l, err := s.loadServed(tx, d.Game)
			if err != nil {
				return err
			}
			now := s.opts.Now()
			if l.game.Over() || l.row.State != persistence.GameRunning {
				_, err := tx.DeleteDeadlines(d.Game, d.Seat)
				return err
			}
			if stands, err := deadlineStands(tx, d, now); err != nil || !stands {
				return err
			}
			dec, ok := l.pendingSeat(d.Seat - 1)
			if !ok || l.meta.Armed[d.Seat] != servedKey(dec) {
				return nil // ordered since, or another turn's
			}
			if d.Kind == persistence.DeadlineReminder {
				if err := s.remindServed(tx, l, d); err != nil {
					return err
				}
				return s.dropOne(tx, d)
			}
			var missed []int
			for _, p := range l.game.Pending() {
				missed = append(missed, p.Seat)
			}
			r, err := l.random()
			if err != nil {
				return err
			}
			if _, err := l.expire(r); err != nil {
				return err
			}
			var names []string
			for _, n := range missed {
				st := l.seat(n)
				if st == nil {
					continue
				}
				st.Misses++
				if l.meta.MaxMisses > 0 && st.Misses >= l.meta.MaxMisses {
					st.Autopilot = true
				}
				if err := tx.PutSeat(*st); err != nil {
					return err
				}
				name := fmt.Sprint(st.Number)
				if pl, err := tx.Player(st.Player); err == nil {
					name = fmt.Sprintf("%d (%s)", st.Number, pl.Name)
				}
				names = append(names, name)
			}
			if err := s.autoplayServed(l); err != nil {
				return err
			}
			if err := s.tellMaster(tx, &live{row: l.row, meta: l.meta}, func(lang string) (string, string) {
				return fmt.Sprintf(inLang(lang, [2]string{"Missed deadline: turn %d", "Délai dépassé : tour %d"}), dec.Turn),
					fmt.Sprintf(inLang(lang, [2]string{"Seat(s) %s did not order in time for turn %d: the autopilot ordered for them.", "La ou les places %s n'ont pas joué à temps au tour %d : le pilote automatique a joué pour elles."}), strings.Join(names, ", "), dec.Turn)
			}); err != nil {
				return err
			}
			return s.commitServed(tx, l)
		})
	})
	return err
}

// remindServed reminds the seat of deadline d that its order is awaited.
func (s *Service) remindServed(tx persistence.Tx, l *served, d persistence.Deadline) error {
	st := l.seat(d.Seat - 1)
	if st == nil || st.Player == "" {
		return nil
	}
	p, err := tx.Player(st.Player)
	if err != nil {
		return err
	}
	subject := s.servedSubject(l, d.Seat-1, p.Language)
	text := inLang(p.Language, [2]string{"Reminder: ", "Rappel : "}) + s.decisionText(l, d.Seat-1, p.Language, p.TimeZone)
	return s.tellPlayer(tx, l, p, subject, text, d.Seat-1, false)
}

// verifyServed checks a contract game's record: once it is over, every
// roll and shuffle against the revealed seed and the rules.
func (s *Service) verifyServed(tx persistence.ReadTx, row persistence.Game, m *meta) (string, error) {
	stored, err := tx.Events(row.ID, 0, 0)
	if err != nil {
		return "", err
	}
	if row.State != persistence.GameFinished {
		return fmt.Sprintf("%s: hash chain intact over %d record lines; the rolls and shuffles can be checked once the race is over", row.ID, len(stored)), nil
	}
	lines := make([]string, len(stored))
	for i, l := range stored {
		lines[i] = l.Line
	}
	out, err := kindOf(m).verify(row.ID, m, lines)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s: verified: hash chain intact over %d record lines, the seed matches commitment %s, %s", row.ID, len(stored), m.Commitment, out), nil
}
