package bot

// Mail to players: one mail per thing that matters to the reader. A player
// who plays by mail hears of a game when it starts (the welcome), gets a
// mail when a decision is theirs holding everything since their last mail
// (the turn mail), the answer to each of their own mails (their news of
// that play, never a second copy of it), and the results at the end. Each
// mail says what it is in its subject, names the reader's car, is written
// in the reader's language and, when it asks for a decision, carries the
// board as it stands after the last play.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/street"
	"github.com/pitwall/pitwall/persistence"
)

// MailHead is what an outbox mail carries besides its text: the outbox has
// no headers, so they travel at the top of the text (EncodeMail).
type MailHead struct {
	// Subject says what the mail is, without the game's tag (the email
	// transport adds it when the mail belongs to a game).
	Subject string
	// InReplyTo and References thread a reply under a player's mail;
	// empty, the transport threads the mail under the game's.
	InReplyTo  string
	References []string
	// Reply marks the answer to a player's mail (sent at once, even
	// when that mail had no Message-ID to thread under).
	Reply bool
}

// mailMarker opens an outbox text that carries a MailHead.
const mailMarker = "X-Pitwall-Reply\n"

// EncodeMail writes a head and a text as one outbox text.
func EncodeMail(h MailHead, text string) string {
	oneLine := strings.NewReplacer("\r", " ", "\n", " ")
	return mailMarker + "Subject: " + oneLine.Replace(h.Subject) + "\nIn-Reply-To: " + oneLine.Replace(h.InReplyTo) +
		"\nReferences: " + oneLine.Replace(strings.Join(h.References, " ")) + "\nReply: " + fmt.Sprint(h.Reply) + "\n\n" + text
}

// DecodeMail reads what EncodeMail wrote; ok is false for a plain text.
func DecodeMail(s string) (h MailHead, text string, ok bool) {
	rest, ok := strings.CutPrefix(s, mailMarker)
	if !ok {
		return h, s, false
	}
	head, text, ok := strings.Cut(rest, "\n\n")
	if !ok {
		return h, s, false
	}
	for _, line := range strings.Split(head, "\n") {
		k, v, _ := strings.Cut(line, ": ")
		switch k {
		case "Subject":
			h.Subject = v
		case "In-Reply-To":
			h.InReplyTo = v
		case "References":
			h.References = strings.Fields(v)
		case "Reply":
			h.Reply = v == "true"
		}
	}
	return h, text, true
}

// decisionKey names car's pending decision, so that a player is asked
// once for it and its deadline holds only while it waits: the name the
// contract gives it (engine.Timed), "" when car has nothing to decide.
func decisionKey(l *live, car int) string {
	t, _ := l.timing(car)
	return t.Name
}

// timing is car's pending decision as the clocks know it (engine.Timed):
// its name and the part of the race whose time limit it takes.
func (l *live) timing(car int) (engine.Timing, bool) {
	timed, ok := l.game.(engine.Timed)
	if !ok {
		return engine.Timing{}, false
	}
	return timed.Timing(car - 1)
}

// pendingOf returns the decision waiting for a car, if any, as the game
// contract lists it: its kind and its options' keys.
func pendingOf(l *live, car int) (engine.Decision, bool) {
	if l.game == nil {
		return engine.Decision{}, false
	}
	return pendingSeat(l.game, car-1)
}

// askedOf is car's pending decision as the game master reads it, its
// question and options as the race asks them (fd.Contract.AskedSeat);
// false when car has nothing to decide.
func (l *live) askedOf(car int) (engine.Asked, bool) {
	if l.game == nil || l.game.Over() {
		return engine.Asked{}, false
	}
	return l.contract().AskedSeat(engine.Referee, car-1, "")
}

// decisionWords say what a decision asks, for a subject.
var decisionWords = map[fd.DecisionKind][2]string{
	fd.DecideGear:       {"choose a gear", "choisissez une vitesse"},
	fd.DecideMove:       {"choose your move", "choisissez votre déplacement"},
	fd.DecideSlipstream: {"take the slipstream or not", "prenez l'aspiration ou non"},
	fd.DecidePit:        {"choose your pit stop", "choisissez votre arrêt au stand"},
	fd.DecideTyres:      {"choose your tyres", "choisissez vos pneus"},
	fd.DecideBuild:      {"configure your car", "réglez votre voiture"},
	fd.DecideBox:        {"choose your pit", "choisissez votre stand"},
	street.DecideDriver: {"pick your driver", "choisissez votre pilote"},
	street.DecideReroll: {"keep the weather or roll again", "gardez la météo ou relancez"},
	fd.DecideWing:       {"set your wing", "réglez votre aileron"},
	fd.DecideLock:       {"set your steering lock", "réglez votre braquage"},
}

// decisionWhat says what a decision asks: "choose a gear".
func decisionWhat(k fd.DecisionKind, lang string) string {
	if w, ok := decisionWords[k]; ok {
		return inLang(lang, w)
	}
	return inLang(lang, [2]string{"decide", "décidez"})
}

func inLang(lang string, w [2]string) string {
	if lang == "fr" {
		return w[1]
	}
	return w[0]
}

// shownRound is the round shown to players (1 during the setup), as the
// contract counts it (engine.Progress).
func shownRound(l *live) int { return max(l.progress().Round, 1) }

// turnSubject: "Your turn: car 2 — choose a gear (Port Azur, round 8)".
func turnSubject(l *live, car int, kind string, lang string) string {
	what := decisionWhat(fd.DecisionKind(kind), lang)
	if lang == "fr" {
		return fmt.Sprintf("À vous : voiture %d — %s (%s, tour %d)", car, what, l.track.Name, shownRound(l))
	}
	return fmt.Sprintf("Your turn: car %d — %s (%s, round %d)", car, what, l.track.Name, shownRound(l))
}

func roundSubject(l *live, car int, lang string) string {
	if lang == "fr" {
		return fmt.Sprintf("Tour %d : voiture %d (%s)", shownRound(l), car, l.track.Name)
	}
	return fmt.Sprintf("Round %d: car %d (%s)", shownRound(l), car, l.track.Name)
}

// autopilotSubject heads the mail telling a player what the autopilot
// decided for his car.
func autopilotSubject(l *live, car int, lang string) string {
	return inLang(lang, [2]string{
		fmt.Sprintf("Autopilot: car %d (%s, round %d)", car, l.track.Name, shownRound(l)),
		fmt.Sprintf("Pilote automatique : voiture %d (%s, tour %d)", car, l.track.Name, shownRound(l))})
}

func resultsSubject(l *live, lang string) string {
	if lang == "fr" {
		return "Résultats : " + l.track.Name
	}
	return "Results: " + l.track.Name
}

func welcomeSubject(l *live, car int, lang string) string {
	if lang == "fr" {
		return fmt.Sprintf("Nouvelle course : %s — vous pilotez la voiture %d", l.track.Name, car)
	}
	return fmt.Sprintf("New race: %s — you drive car %d", l.track.Name, car)
}

// subjectFor says what a mail to the driver of car is, from the state.
func subjectFor(l *live, car int, lang string) string {
	switch {
	case l.game == nil:
		return waitingSubject(l.track.Name, lang)
	case l.game.Over():
		return resultsSubject(l, lang)
	case car > 0:
		if d, ok := pendingOf(l, car); ok {
			return turnSubject(l, car, d.Kind, lang)
		}
		return roundSubject(l, car, lang)
	}
	if lang == "fr" {
		return fmt.Sprintf("Tour %d (%s)", shownRound(l), l.track.Name)
	}
	return fmt.Sprintf("Round %d (%s)", shownRound(l), l.track.Name)
}

// youDrive names the reader's car: every mail and status reply says it.
func youDrive(l *live, car int, lang string) string {
	if lang == "fr" {
		return fmt.Sprintf("Vous pilotez la voiture %d (%s, partie %s).", car, l.track.Name, l.row.ID)
	}
	return fmt.Sprintf("You drive car %d (%s, game %s).", car, l.track.Name, l.row.ID)
}

// rulesName names a game's rules for people.
func rulesName(l *live, lang string) string {
	return inLang(lang, fd.Ruleset(l.meta.Rules).Info().Name)
}

// welcomeText opens the first mail a player gets about a game.
func (s *Service) welcomeText(l *live, car int, lang string) string {
	length := sayPhrase(l.progress().LengthSaid, lang) // "3 laps", as the race says its length
	var b strings.Builder
	if lang == "fr" {
		fmt.Fprintf(&b, "La partie %s commence : %s, %s, %s, %d voitures. Vous pilotez la voiture %d.\n",
			l.row.ID, l.track.Name, length, rulesName(l, lang), l.meta.Cars, car)
		if l.meta.Deadline > 0 {
			fmt.Fprintf(&b, "Chaque décision a %s ; passé ce délai le pilote automatique décide pour vous.\n", periodText(l.meta.Deadline, lang))
		}
		b.WriteString("Répondez à ce courrier avec vos ordres, un par ligne (aide les liste).")
	} else {
		fmt.Fprintf(&b, "Game %s starts: %s, %s, %s, %d cars. You drive car %d.\n",
			l.row.ID, l.track.Name, length, rulesName(l, lang), l.meta.Cars, car)
		if l.meta.Deadline > 0 {
			fmt.Fprintf(&b, "Each decision has %s; after that the autopilot decides for you.\n", periodText(l.meta.Deadline, lang))
		}
		b.WriteString("Reply to this mail with your orders, one per line (help lists them).")
	}
	return b.String()
}

// periodText writes a number of minutes for people.
func periodText(minutes int, lang string) string {
	h, m := minutes/60, minutes%60
	var parts []string
	if h > 0 {
		parts = append(parts, plural(h, lang, [2]string{"hour", "heure"}))
	}
	if m > 0 || h == 0 {
		parts = append(parts, plural(m, lang, [2]string{"minute", "minute"}))
	}
	return strings.Join(parts, " ")
}

func plural(n int, lang string, w [2]string) string {
	s := inLang(lang, w)
	if n != 1 {
		s += "s"
	}
	return fmt.Sprintf("%d %s", n, s)
}

// resultsText is the classification at the end of a race, the revealed
// seed and how to check it.
func (s *Service) resultsText(l *live, names map[int]string, lang string) string {
	var b strings.Builder
	if lang == "fr" {
		fmt.Fprintf(&b, "Résultats — %s (partie %s)\n", l.track.Name, l.row.ID)
	} else {
		fmt.Fprintf(&b, "Results — %s (game %s)\n", l.track.Name, l.row.ID)
	}
	for _, r := range l.race().Results() { // the classification is Formula Dé's
		who := names[r.Car]
		if who == "" {
			who = inLang(lang, [2]string{"autopilot", "pilote automatique"})
		}
		status := inLang(lang, [2]string{"finished", "arrivée"})
		switch r.Status {
		case "eliminated":
			status = inLang(lang, [2]string{"eliminated", "éliminée"})
			if c := causeText(r.Cause, lang); c != "" {
				status += " (" + c + ")"
			}
		case "racing":
			status = inLang(lang, [2]string{"still racing", "encore en course"})
		}
		laps := plural(r.Laps, lang, [2]string{"lap", "tour"})
		if lang == "fr" {
			fmt.Fprintf(&b, "%d. %s, voiture %d — %s, %s\n", r.Place, who, r.Car, status, laps)
		} else {
			fmt.Fprintf(&b, "%d. %s, car %d — %s, %s\n", r.Place, who, r.Car, status, laps)
		}
	}
	if lang == "fr" {
		fmt.Fprintf(&b, "La graine des dés était %s (engagement publié au départ : %s).\n", l.meta.Seed, l.meta.Commitment)
		fmt.Fprintf(&b, "Pour vérifier chaque lancer : pitwall game verify %s", l.row.ID)
	} else {
		fmt.Fprintf(&b, "The dice seed was %s (the commitment published at the start: %s).\n", l.meta.Seed, l.meta.Commitment)
		fmt.Fprintf(&b, "To check every roll against it: pitwall game verify %s", l.row.ID)
	}
	return b.String()
}

// seatNames maps each car to its player's name.
func seatNames(tx persistence.ReadTx, l *live) (map[int]string, error) {
	_, names, err := readSeatedPlayers(tx, l)
	return names, err
}

// readSeatedPlayers reads each seated player once: by car, the player and
// their name (an order's notices need both; reading the players again
// for the names was a fifth of the service's CPU under load, issue 14).
func readSeatedPlayers(tx persistence.ReadTx, l *live) (map[int]persistence.Player, map[int]string, error) {
	players := map[int]persistence.Player{}
	names := map[int]string{}
	for _, seat := range l.seats {
		if seat.Player == "" {
			continue
		}
		p, err := tx.Player(seat.Player)
		if err != nil {
			return nil, nil, err
		}
		players[seat.Number], names[seat.Number] = p, p.Name
	}
	return players, names, nil
}

// boardGame is the game as the board must show it: the live game keeps no
// record, so the record is read back (the store already holds this
// operation's lines) and lent to a copy of the state.
func (s *Service) boardGame(tx persistence.ReadTx, l *live) (*fd.Game, error) {
	lines, err := tx.Events(l.row.ID, 0, 0)
	if err != nil {
		return nil, err
	}
	rec, err := l.meta.record(l.row.ID, lines)
	if err != nil {
		return nil, err
	}
	g := *l.race() // a copy of the race's state, lent the whole record
	g.Events = rec.Events
	return &g, nil
}

// ReaderRenderer draws a board for one reader, whose car it names (the
// full board or the phone crop); cmd's renderer is one.
type ReaderRenderer interface {
	BoardPNGFor(w io.Writer, g engine.Game, lang string, car int, crop bool) error
}

// CropRenderer draws the phone crop of a board; a BoardRenderer that is
// one too gives players who prefer it the crop (player set --board phone).
type CropRenderer interface {
	CropPNG(w io.Writer, g engine.Game, lang string) error
}

// mailModeText confirms a mail mode.
func mailModeText(mode, lang string) string {
	switch mode {
	case "round":
		return inLang(lang, [2]string{"you now get one mail a round, and one when a decision is yours", "vous recevez désormais un courrier par tour de jeu, et un quand une décision vous revient"})
	case "every":
		return inLang(lang, [2]string{"you now get a mail for every play", "vous recevez désormais un courrier à chaque coup"})
	}
	return inLang(lang, [2]string{"you now get a mail when a decision is yours", "vous recevez désormais un courrier quand une décision vous revient"})
}

// boards draws the board once per language for one operation.
type boards struct {
	s     *Service
	tx    persistence.ReadTx
	l     *live
	drawn map[string][]byte
	game  *fd.Game
}

func (s *Service) newBoards(tx persistence.ReadTx, l *live) *boards {
	return &boards{s: s, tx: tx, l: l, drawn: map[string][]byte{}}
}

// png returns the board in lang for the driver of car (0: nobody in
// particular), or nil without a renderer or a race; crop asks for the
// phone crop when the renderer draws one.
func (b *boards) png(lang string, crop bool, car int) []byte {
	if b.s.opts.Boards == nil || b.l.game == nil {
		return nil
	}
	reader, forReader := b.s.opts.Boards.(ReaderRenderer)
	cropper, canCrop := b.s.opts.Boards.(CropRenderer)
	crop = crop && (canCrop || forReader)
	if !forReader {
		car = 0
	}
	key := fmt.Sprintf("%s/%v/%d", lang, crop, car)
	if png, ok := b.drawn[key]; ok {
		return png
	}
	if b.game == nil {
		g, err := b.s.boardGame(b.tx, b.l)
		if err != nil {
			return nil
		}
		b.game = g
	}
	var buf bytes.Buffer
	var err error
	race := fd.NewContract(b.game, sayPhrase)
	switch {
	case forReader:
		err = reader.BoardPNGFor(&buf, race, lang, car, crop)
	case crop:
		err = cropper.CropPNG(&buf, race, lang)
	default:
		err = b.s.opts.Boards.BoardPNG(&buf, race, lang)
	}
	var png []byte
	if err == nil {
		png = buf.Bytes()
	}
	b.drawn[key] = png
	return png
}

// newsSince describes, in lang, the record lines after seq: what a player
// has not been told yet, told to reader (readerOf; 5-D hides another
// racing car's configuration).
func newsSince(tx persistence.ReadTx, l *live, reader int, seq int64, lang string) (string, error) {
	lines, err := tx.Events(l.row.ID, seq, 0)
	if err != nil {
		return "", err
	}
	var evs []fd.Event
	for _, line := range lines {
		e, err := fd.ParseEvent(line.Line)
		if err != nil {
			continue
		}
		evs = append(evs, e)
	}
	return describeEvents(l.track, l.game, reader, evs, lang), nil
}

// mailPlayer queues the mails one commit owes a player who plays by mail
// (turn mode): the welcome the first time, a turn mail when a new decision
// is theirs, the results at the end; nothing else. sender is the address
// whose mail caused the commit: its answer carries the news instead.
func (s *Service) mailPlayer(tx persistence.Tx, l *live, p persistence.Player, car int, addr string, names map[int]string, bd *boards, sender string) error {
	if l.meta.Mailed == nil {
		l.meta.Mailed = map[int]int64{}
	}
	if l.meta.Asked == nil {
		l.meta.Asked = map[int]string{}
	}
	lang := p.Language
	reader := readerOf(car, true, p.ID == l.meta.Master)
	since, told := l.meta.Mailed[car]
	timing, mine := l.timing(car)
	key := timing.Name
	markTold := func() {
		l.meta.Mailed[car] = l.row.LastSeq
		if mine {
			l.meta.Asked[car] = key
		}
	}
	if addr == sender {
		markTold() // the answer to their mail is their news
		return nil
	}
	var subject string
	var parts []string
	var png []byte
	if l.autopiloted == car {
		// the absent player hears what the autopilot did for them
		parts = append(parts, inLang(lang, [2]string{
			fmt.Sprintf("You did not decide in time: the autopilot decided for car %d.", car),
			fmt.Sprintf("Vous n'avez pas décidé à temps : le pilote automatique a décidé pour la voiture %d.", car)}))
	}
	crop := p.Board == "phone"
	mode := p.MailMode
	roundEnded := false // a round began in this commit: the last one ended
	if l.game != nil && !l.game.Over() {
		for _, e := range l.caused {
			if e.Kind() == "round" {
				roundEnded = true
			}
		}
	}
	switch {
	case l.game.Over():
		subject = resultsSubject(l, lang)
		if told {
			news, err := newsSince(tx, l, reader, since, lang)
			if err != nil {
				return err
			}
			parts = append(parts, news)
		}
		parts = append(parts, s.resultsText(l, names, lang))
		png = bd.png(lang, crop, car)
	case mine && l.meta.Asked[car] != key:
		asked, _ := l.askedOf(car)
		subject = turnSubject(l, car, asked.Kind, lang)
		if !told {
			parts = append(parts, s.welcomeText(l, car, lang))
		} else {
			parts = append(parts, youDrive(l, car, lang))
			news, err := newsSince(tx, l, reader, since, lang)
			if err != nil {
				return err
			}
			parts = append(parts, news)
		}
		parts = append(parts, askedText(asked, lang))
		if by := s.dueText(l, s.opts.Now(), p.TimeZone, lang); by != "" {
			parts = append(parts, by)
		}
		if bank := clockLine(l, car, s.opts.Now(), lang); bank != "" { // 2-B
			parts = append(parts, bank)
		}
		png = bd.png(lang, crop, car)
	case !told:
		subject = welcomeSubject(l, car, lang)
		parts = append(parts, s.welcomeText(l, car, lang), s.nextText(l, lang, reader))
		png = bd.png(lang, crop, car)
	case mode == "every" || (mode == "round" && roundEnded):
		// every play, or one digest a round: what happened since the last
		// mail, and who is to play
		subject = roundSubject(l, car, lang)
		news, err := newsSince(tx, l, reader, since, lang)
		if err != nil {
			return err
		}
		parts = append(parts, youDrive(l, car, lang), news, s.waitingText(l, lang))
	case l.autopiloted == car:
		subject = autopilotSubject(l, car, lang)
		news, err := newsSince(tx, l, reader, since, lang)
		if err != nil {
			return err
		}
		parts = append(parts, news)
	default:
		return nil
	}
	markTold()
	line, err := s.personalLine(tx, l, p, lang)
	if err != nil {
		return err
	}
	parts = append(parts, line)
	_, err = tx.Enqueue(persistence.Message{Game: l.row.ID, Transport: persistence.IdentityEmail, Target: addr,
		Text: EncodeMail(MailHead{Subject: subject}, joinParts(parts)), PNG: png, Created: s.opts.Now()})
	return err
}

func joinParts(parts []string) string {
	var keep []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			keep = append(keep, p)
		}
	}
	return strings.Join(keep, "\n\n")
}

// MailReply queues the answer to a player's mail, threaded under it: its
// subject says what it is (the reader's turn, the round, the results), and
// it carries the board as it stands when it asks the reader for a
// decision or when they asked for the board. For a game Pitwall does not
// know, the fallback subject in head is kept. The mail's inbound keys are
// recorded in the same transaction, so that a mail answered is never
// answered again, even when the transport stops right after.
func (s *Service) MailReply(ctx context.Context, game, addr string, head MailHead, text string, board bool, keys ...[2]string) error {
	put := func(tx persistence.Tx, m persistence.Message) error {
		if _, err := tx.Enqueue(m); err != nil {
			return err
		}
		for _, k := range keys {
			if k[0] == "" || k[1] == "" {
				continue
			}
			if _, seen, err := tx.SeenInbound(k[0], k[1]); err != nil || seen {
				return err
			}
			// m.Game, not game: a mail naming a game that does not exist is
			// answered without one, and its keys recorded without one
			if err := tx.RecordInbound(persistence.Inbound{Source: k[0], Key: k[1], Game: m.Game, Reply: "answered", Received: s.opts.Now()}); err != nil {
				return err
			}
		}
		return nil
	}
	plain := persistence.Message{Transport: persistence.IdentityEmail, Target: addr, Text: EncodeMail(head, text), Created: s.opts.Now()}
	if game == "" {
		return s.store.Update(ctx, func(tx persistence.Tx) error { return put(tx, plain) })
	}
	// wait for the game's goroutine even when ctx ends: its transaction
	// commits or not, and the caller must know which
	_, err := s.onGame(context.WithoutCancel(ctx), game, func() (string, error) {
		served := s.isServed(ctx, game) // read before the transaction: it reads the store
		return "", s.store.Update(ctx, func(tx persistence.Tx) error {
			if served {
				h, png, err := s.servedMailReply(tx, game, addr, head, board)
				if err != nil {
					return err
				}
				return put(tx, persistence.Message{Game: game, Transport: persistence.IdentityEmail, Target: addr, Text: EncodeMail(h, text), PNG: png, Created: s.opts.Now()})
			}
			l, err := s.loaded(tx, game)
			if err != nil {
				if IsUserError(err) {
					return put(tx, plain)
				}
				return err
			}
			p, err := tx.PlayerByIdentity(persistence.IdentityEmail, addr)
			if err != nil && !errors.Is(err, persistence.ErrNotFound) {
				return err
			}
			lang := p.Language
			car, _ := l.carOf(p.ID)
			head.Subject = subjectFor(l, car, lang)
			var png []byte
			if _, mine := pendingOf(l, car); l.game != nil && (board || mine || l.game.Over()) {
				png = s.newBoards(tx, l).png(lang, p.Board == "phone", car)
			}
			return put(tx, persistence.Message{Game: game, Transport: persistence.IdentityEmail, Target: addr, Text: EncodeMail(head, text), PNG: png, Created: s.opts.Now()})
		})
	})
	return err
}
