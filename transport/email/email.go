package email

import (
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/tls"
	"encoding/hex"
	"errors"
	"fmt"
	"log"
	"net"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-message/mail"
	"github.com/emersion/go-msgauth/authres"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	"github.com/pitwall/pitwall/bot"
)

// Config is how the mail transport reaches its mailbox and its relay.
// IMAPURL, SMTPURL and From are required; every other field's zero value
// works.
type Config struct {
	// IMAPURL: imap://USER:PASS@HOST:PORT/MAILBOX or imaps://… (MAILBOX
	// defaults to INBOX). Environment: PITWALL_IMAP_URL.
	IMAPURL string
	// SMTPURL: smtp://USER:PASS@HOST:PORT (STARTTLS when offered),
	// smtps://…, or without credentials. Environment: PITWALL_SMTP_URL.
	SMTPURL string
	// From is the address Pitwall writes from. Environment:
	// PITWALL_MAIL_FROM.
	From string
	// AuthServID, when set, requires the topmost Authentication-Results
	// header to come from this server and to report dmarc=pass (or a
	// dkim=pass for the From domain). Environment: PITWALL_MAIL_AUTHSERV.
	AuthServID string
	// Processed is the folder handled mail moves to when the server has
	// MOVE (default "Processed"); elsewhere mail is flagged \Seen and
	// $PitwallDone.
	Processed string
	Limits    Limits
	// Poll is how often the mailbox is polled when IDLE is missing, and the
	// longest an IDLE lasts (default 1 minute; servers drop IDLE at 30).
	Poll time.Duration
	// Backoff is the first delay before a failed send is retried; it
	// doubles up to an hour (default 1 minute). MaxAttempts sends then give
	// up (default 8).
	Backoff     time.Duration
	MaxAttempts int
	// MaxBounces bounces disable mail to an address (default 3).
	MaxBounces int
	// TLS configures imaps, smtps and STARTTLS (tests trust their own CA).
	TLS *tls.Config
	// Logf logs what happens (log.Printf).
	Logf func(format string, a ...any)
	// Now is the clock (time.Now).
	Now func() time.Time
}

// DoneFlag marks handled mail when it cannot be moved.
const DoneFlag imap.Flag = "$PitwallDone"

type endpoint struct {
	tls        bool
	host, user string
	pass       string
	mailbox    string
}

func parseURL(raw string, schemes map[string]bool) (endpoint, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return endpoint{}, err
	}
	secure, ok := schemes[u.Scheme]
	if !ok {
		return endpoint{}, fmt.Errorf("%s: unknown scheme %q", redact(raw), u.Scheme)
	}
	ep := endpoint{tls: secure, host: u.Host, mailbox: strings.TrimPrefix(u.Path, "/")}
	if u.Port() == "" {
		return endpoint{}, fmt.Errorf("%s: give HOST:PORT", redact(raw))
	}
	if u.User != nil {
		ep.user = u.User.Username()
		ep.pass, _ = u.User.Password()
	}
	return ep, nil
}

func redact(raw string) string {
	if u, err := url.Parse(raw); err == nil {
		return u.Redacted()
	}
	return "(unparseable URL)"
}

// Mailer plays by email for a bot.Service: it reads orders from an IMAP
// mailbox and sends replies and the outbox over SMTP.
type Mailer struct {
	cfg        Config
	svc        *bot.Service
	imapEP     endpoint
	smtpEP     endpoint
	fromAddr   string
	fromDomain string
	wake       chan struct{}
	sendMu     sync.Mutex
	// flushMu: one outbox pass at a time, so no message is sent twice
	flushMu sync.Mutex
}

// New checks a configuration.
func New(svc *bot.Service, cfg Config) (*Mailer, error) {
	imapEP, err := parseURL(cfg.IMAPURL, map[string]bool{"imap": false, "imaps": true})
	if err != nil {
		return nil, fmt.Errorf("PITWALL_IMAP_URL: %w", err)
	}
	if imapEP.mailbox == "" {
		imapEP.mailbox = "INBOX"
	}
	smtpEP, err := parseURL(cfg.SMTPURL, map[string]bool{"smtp": false, "smtps": true})
	if err != nil {
		return nil, fmt.Errorf("PITWALL_SMTP_URL: %w", err)
	}
	from, err := bot.NormalizeEmail(cfg.From)
	if err != nil {
		return nil, fmt.Errorf("PITWALL_MAIL_FROM: %w", err)
	}
	if cfg.Processed == "" {
		cfg.Processed = "Processed"
	}
	if cfg.Poll <= 0 {
		cfg.Poll = time.Minute
	}
	if cfg.Backoff <= 0 {
		cfg.Backoff = time.Minute
	}
	if cfg.MaxAttempts <= 0 {
		cfg.MaxAttempts = 8
	}
	if cfg.MaxBounces <= 0 {
		cfg.MaxBounces = 3
	}
	if cfg.Logf == nil {
		cfg.Logf = log.Printf
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	cfg.Limits = cfg.Limits.withDefaults()
	return &Mailer{cfg: cfg, svc: svc, imapEP: imapEP, smtpEP: smtpEP, fromAddr: from,
		fromDomain: from[strings.IndexByte(from, '@')+1:], wake: make(chan struct{}, 1)}, nil
}

// Run reads the mailbox (IDLE, or polling when the server lacks it) and
// relays the outbox until ctx ends, reconnecting after failures.
func (m *Mailer) Run(ctx context.Context) error {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		m.relay(ctx)
	}()
	// one reader per mailbox however many processes run: the others wait
	// for the lease and take over when its holder dies (bot.Exclusive);
	// every process relays the outbox (relays claim their messages)
	for ctx.Err() == nil {
		err := m.svc.Exclusive(ctx, m.leaseName(), m.read)
		if err != nil && ctx.Err() == nil {
			m.cfg.Logf("email: IMAP: %v", err)
		}
	}
	wg.Wait()
	return nil
}

// leaseName is the mailbox, without the password: imap/USER@HOST/MAILBOX.
func (m *Mailer) leaseName() string {
	return "imap/" + m.imapEP.user + "@" + m.imapEP.host + "/" + m.imapEP.mailbox
}

// read reads the mailbox until ctx ends, reconnecting after failures.
func (m *Mailer) read(ctx context.Context) error {
	delay := time.Second
	for ctx.Err() == nil {
		began := time.Now()
		err := m.session(ctx)
		if ctx.Err() != nil {
			break
		}
		if time.Since(began) > time.Minute {
			delay = time.Second // it worked for a while: start backing off afresh
		}
		m.cfg.Logf("email: IMAP: %v; reconnecting in %s", err, delay)
		select {
		case <-ctx.Done():
		case <-time.After(delay):
		}
		delay = min(delay*2, time.Minute)
	}
	return nil
}

// relay sends the outbox whenever woken, and at least every Poll.
func (m *Mailer) relay(ctx context.Context) {
	t := time.NewTicker(min(m.cfg.Poll, 10*time.Second))
	defer t.Stop()
	for {
		if _, err := m.FlushOutbox(ctx); err != nil && ctx.Err() == nil {
			m.cfg.Logf("email: outbox: %v", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-m.wake:
		}
	}
}

func (m *Mailer) poke() {
	select {
	case m.wake <- struct{}{}:
	default:
	}
}

// dialIMAP connects, logs in and selects the mailbox.
func (m *Mailer) dialIMAP(newMail chan<- struct{}) (*imapclient.Client, uint32, error) {
	opts := &imapclient.Options{TLSConfig: m.cfg.TLS, UnilateralDataHandler: &imapclient.UnilateralDataHandler{
		Mailbox: func(d *imapclient.UnilateralDataMailbox) {
			if d.NumMessages != nil {
				select {
				case newMail <- struct{}{}:
				default:
				}
			}
		},
	}}
	var c *imapclient.Client
	var err error
	if m.imapEP.tls {
		c, err = imapclient.DialTLS(m.imapEP.host, opts)
	} else {
		c, err = imapclient.DialInsecure(m.imapEP.host, opts)
	}
	if err != nil {
		return nil, 0, err
	}
	if m.imapEP.user != "" {
		if err := c.Login(m.imapEP.user, m.imapEP.pass).Wait(); err != nil {
			c.Close()
			return nil, 0, fmt.Errorf("login: %w", err)
		}
	}
	sel, err := c.Select(m.imapEP.mailbox, nil).Wait()
	if err != nil {
		c.Close()
		return nil, 0, fmt.Errorf("select %s: %w", m.imapEP.mailbox, err)
	}
	return c, sel.UIDValidity, nil
}

// session is one IMAP connection: handle what is waiting, then IDLE (or
// sleep) until new mail or Poll, again and again.
func (m *Mailer) session(ctx context.Context) error {
	newMail := make(chan struct{}, 1)
	c, validity, err := m.dialIMAP(newMail)
	if err != nil {
		return err
	}
	defer c.Close()
	canMove := m.prepareProcessed(c)
	for {
		if err := m.pass(ctx, c, validity, canMove); err != nil {
			return err
		}
		if ctx.Err() != nil {
			c.Logout().Wait()
			return nil
		}
		if c.Caps().Has(imap.CapIdle) {
			idle, err := c.Idle()
			if err != nil {
				return fmt.Errorf("idle: %w", err)
			}
			select {
			case <-ctx.Done():
			case <-newMail:
			case <-time.After(m.cfg.Poll):
			case <-c.Closed():
			}
			if err := idle.Close(); err != nil {
				return fmt.Errorf("idle: %w", err)
			}
			if err := idle.Wait(); err != nil {
				return fmt.Errorf("idle: %w", err)
			}
		} else {
			select {
			case <-ctx.Done():
			case <-time.After(m.cfg.Poll):
			case <-c.Closed():
			}
		}
	}
}

// prepareProcessed reports whether handled mail can move to the Processed
// folder (the server has MOVE and the folder exists or was created).
func (m *Mailer) prepareProcessed(c *imapclient.Client) bool {
	if !c.Caps().Has(imap.CapMove) && !c.Caps().Has(imap.CapIMAP4rev2) {
		return false
	}
	list, err := c.List("", m.cfg.Processed, nil).Collect()
	if err == nil && len(list) > 0 {
		return true
	}
	if err := c.Create(m.cfg.Processed, nil).Wait(); err != nil {
		m.cfg.Logf("email: cannot create %s (%v): handled mail will be flagged instead", m.cfg.Processed, err)
		return false
	}
	return true
}

// PollOnce connects, handles every mail waiting and disconnects: for
// tests and for servers that dislike long connections.
func (m *Mailer) PollOnce(ctx context.Context) error {
	c, validity, err := m.dialIMAP(make(chan struct{}, 1))
	if err != nil {
		return err
	}
	defer c.Close()
	canMove := m.prepareProcessed(c)
	if err := m.pass(ctx, c, validity, canMove); err != nil {
		return err
	}
	// the replies just committed leave now; notifications follow with the
	// relay
	if _, err := m.flush(ctx, true); err != nil {
		m.cfg.Logf("email: outbox: %v", err)
	}
	return c.Logout().Wait()
}

// pass handles every mail of the selected mailbox not handled yet, in UID
// order. The checkpoint is (UIDVALIDITY, UID): each handled mail is
// recorded under that key after its orders committed, and only then moved
// or flagged, so a crash at any point handles a mail again at worst,
// where the per-line keys answer without applying anything twice.
func (m *Mailer) pass(ctx context.Context, c *imapclient.Client, validity uint32, canMove bool) error {
	data, err := c.UIDSearch(&imap.SearchCriteria{NotFlag: []imap.Flag{DoneFlag, imap.FlagDeleted}}, nil).Wait()
	if err != nil {
		return fmt.Errorf("search: %w", err)
	}
	for _, uid := range data.AllUIDs() {
		if ctx.Err() != nil {
			return nil
		}
		if err := m.one(ctx, c, validity, uid); err != nil {
			return err
		}
		var set imap.UIDSet
		set.AddNum(uid)
		if canMove {
			if _, err := c.Move(set, m.cfg.Processed).Wait(); err != nil {
				return fmt.Errorf("move UID %d: %w", uid, err)
			}
		} else if err := c.Store(set, &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true,
			Flags: []imap.Flag{imap.FlagSeen, DoneFlag}}, nil).Close(); err != nil {
			return fmt.Errorf("flag UID %d: %w", uid, err)
		}
		m.poke()
	}
	return nil
}

// one handles the mail at uid unless the checkpoint says it was handled.
func (m *Mailer) one(ctx context.Context, c *imapclient.Client, validity uint32, uid imap.UID) error {
	key := fmt.Sprintf("%d/%d", validity, uid)
	if seen, err := m.svc.InboundSeen(ctx, "imap", key); err != nil || seen {
		return err
	}
	var set imap.UIDSet
	set.AddNum(uid)
	hdrSection := &imap.FetchItemBodySection{Specifier: imap.PartSpecifierHeader, Peek: true,
		Partial: &imap.SectionPartial{Offset: 0, Size: 64 << 10}}
	msgs, err := c.Fetch(set, &imap.FetchOptions{UID: true, RFC822Size: true, BodySection: []*imap.FetchItemBodySection{hdrSection}}).Collect()
	if err != nil {
		return fmt.Errorf("fetch UID %d: %w", uid, err)
	}
	if len(msgs) == 0 {
		return nil // expunged meanwhile
	}
	var header []byte
	for _, s := range msgs[0].BodySection {
		header = s.Bytes
	}
	size := msgs[0].RFC822Size
	fetchBody := func() ([]byte, error) {
		body := &imap.FetchItemBodySection{Peek: true}
		msgs, err := c.Fetch(set, &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{body}}).Collect()
		if err != nil {
			return nil, fmt.Errorf("fetch UID %d: %w", uid, err)
		}
		if len(msgs) == 0 {
			return nil, nil
		}
		for _, s := range msgs[0].BodySection {
			return s.Bytes, nil
		}
		return nil, nil
	}
	note, err := m.Handle(ctx, header, size, fetchBody)
	if err != nil {
		return err
	}
	m.cfg.Logf("email: UID %s: %s", key, note)
	return m.svc.RecordInboundKeys(ctx, note, [2]string{"imap", key})
}

// Handle acts on one mail known by its header, its size and a way to read
// it whole (called only when the header and the size allow), and returns
// a note of what was done. Errors are failures to retry (the store, the
// connection); every refusal is part of the note.
func (m *Mailer) Handle(ctx context.Context, header []byte, size int64, body func() ([]byte, error)) (string, error) {
	hm, err := ParseHeader(header, m.cfg.Limits)
	if err != nil {
		return "ignored: unreadable header: " + err.Error(), nil
	}
	if hm.Auto != "" {
		return m.automatic(ctx, hm, body)
	}
	if hm.From == m.fromAddr {
		return "ignored: a mail from Pitwall itself", nil
	}
	// Who is speaking: only a registered address is ever answered.
	token, registered, err := m.svc.EmailToken(ctx, hm.From)
	if err != nil {
		return "", err
	}
	if !registered {
		return m.register(ctx, hm, size, body)
	}
	if size > m.cfg.Limits.MaxSize {
		return m.refuse(ctx, hm, token, fmt.Sprintf("your mail is too large (%d bytes; at most %d): send the orders as plain text, without attachments", size, m.cfg.Limits.MaxSize),
			fmt.Sprintf("votre courriel est trop gros (%d octets ; au plus %d) : envoyez les ordres en texte simple, sans pièce jointe", size, m.cfg.Limits.MaxSize))
	}
	raw, err := body()
	if err != nil {
		return "", err
	}
	mm, err := ParseMail(raw, m.cfg.Limits)
	var ref *Refusal
	if errors.As(err, &ref) {
		return m.refuse(ctx, hm, token, ref.Reason, ref.Fr)
	} else if err != nil {
		return "", err
	}
	// De-duplication: the same mail delivered twice is handled once.
	contentKey := contentHash(mm)
	midKey := mm.MessageID
	if len(midKey) > 400 {
		midKey = "sha256:" + shortHash(midKey)
	}
	for _, k := range [][2]string{{"email-hash", contentKey}, {"email-mid", midKey}} {
		if k[1] == "" {
			continue
		}
		if seen, err := m.svc.InboundSeen(ctx, k[0], k[1]); err != nil {
			return "", err
		} else if seen {
			return "ignored: a duplicate of a mail already handled (" + k[0] + ")", nil
		}
	}
	if !m.tokenGiven(mm, token) {
		return m.refuse(ctx, hm, token, "this mail does not carry your secret token: keep the tag [pitwall GAME-ID TOKEN] in the subject (reply to Pitwall's mail), or write a line \"token TOKEN\"",
			"ce courriel ne porte pas votre jeton secret : gardez l'étiquette [pitwall PARTIE JETON] dans l'objet (répondez au courriel de Pitwall) ou écrivez une ligne « jeton JETON »")
	}
	if m.cfg.AuthServID != "" {
		if why := m.authenticated(mm); why != "" {
			return m.refuse(ctx, hm, token, "this mail did not pass the sender checks of "+m.cfg.AuthServID+": "+why,
				"ce courriel n'a pas passé les contrôles d'expéditeur de "+m.cfg.AuthServID+" : "+why)
		}
	}
	if mm.Game == "" && !leagueMail(mm) { // a league's command (standings, vote…) needs no game
		if note, ok, err := m.lobby(ctx, mm, token, [2]string{"email-hash", contentKey}, [2]string{"email-mid", midKey}); ok || err != nil {
			return note, err
		}
		return m.refuse(ctx, hm, token, "name the game in the subject: [pitwall GAME-ID TOKEN], or open one: new race TRACK [rules] [laps], or join one: join GAME-ID",
			"nommez la partie dans l'objet : [pitwall PARTIE JETON], ou ouvrez-en une : nouvelle course CIRCUIT [règles] [tours], ou rejoignez-en une : rejoindre PARTIE")
	}
	if len(mm.Commands) == 0 {
		return m.refuse(ctx, hm, token, "no command found in this mail; write one command per line (help lists them)",
			"aucune commande trouvée dans ce courriel ; écrivez une commande par ligne (aide les énumère)")
	}
	// The orders, one line at a time.
	lineKey := lineKeyOf([2]string{"email-hash", contentKey}, [2]string{"email-mid", midKey})
	var reply strings.Builder
	lang, err := m.svc.EmailLanguage(ctx, mm.From)
	if err != nil {
		return "", err
	}
	done, refused := 0, 0
	board := false // board / plateau: the answer carries the board
	for i, line := range mm.Commands {
		if c, err := bot.Parse(line); err == nil && c.Verb == bot.VerbBoard {
			board = true
		}
		if line == "" {
			fmt.Fprintf(&reply, inLang(lang, "(more than %d command lines: the rest was not read)\n", "(plus de %d lignes de commande : la suite n'a pas été lue)\n"), m.cfg.Limits.MaxCommands)
			break
		}
		req := bot.Request{Identity: bot.Identity{Kind: bot.KindEmail, Value: mm.From}, Game: mm.Game, Text: line}
		if lineKey != "" {
			req.Source, req.Key = "email", fmt.Sprintf("%s#%d", lineKey, i)
		}
		text, err := m.svc.Handle(ctx, req)
		fmt.Fprintf(&reply, "> %s\n", line)
		switch {
		case err == nil:
			done++
			if text == "" {
				text = inLang(lang, "done", "fait")
			}
			reply.WriteString(text + "\n\n")
		case bot.IsUserError(err):
			refused++
			reply.WriteString(refusedWord(lang) + bot.InPlayerLang(err, lang).Error() + "\n\n")
		default:
			return "", err
		}
	}
	if err := m.reply(ctx, mm, token, mm.Game, strings.TrimSpace(reply.String()), true, board,
		[2]string{"email-hash", contentKey}, [2]string{"email-mid", midKey}); err != nil {
		m.cfg.Logf("email: reply to %s: %v", mm.From, err)
	}
	note := fmt.Sprintf("%s in %s: %d done, %d refused", mm.From, mm.Game, done, refused)
	return note, m.svc.RecordInboundKeys(ctx, note, [2]string{"email-hash", contentKey}, [2]string{"email-mid", midKey})
}

// register answers "register NAME" from an address Pitwall does not
// know: the token goes to that address only, which wrote first; anything
// else from an unknown address is ignored (no backscatter).
func (m *Mailer) register(ctx context.Context, hm *Mail, size int64, body func() ([]byte, error)) (string, error) {
	ignored := "ignored: " + hm.From + " is not a registered address"
	if size > m.cfg.Limits.MaxSize || hm.From == "" {
		return ignored, nil
	}
	raw, err := body()
	if err != nil {
		return "", err
	}
	mm, err := ParseMail(raw, m.cfg.Limits)
	if err != nil || len(mm.Commands) == 0 {
		return ignored, nil
	}
	cmd, err := bot.Parse(mm.Commands[0])
	if err != nil || cmd.Verb != bot.VerbRegister {
		return ignored, nil
	}
	token, err := m.svc.RegisterByMail(ctx, cmd.Name, mm.From)
	if err == nil && cmd.Lang == "fr" {
		// registered in French: the player reads French from now on
		if _, err := m.svc.SetPlayer(ctx, bot.PlayerSettings{Name: cmd.Name, Language: "fr"}); err != nil {
			return "", err
		}
	}
	var text string
	switch {
	case errors.Is(err, bot.ErrRegisterLimit):
		// a flood (forged senders?): answer nobody until the hour ends
		return "ignored, never answered: register from " + mm.From + ": " + err.Error(), nil
	case bot.IsUserError(err):
		// the address is new: the language is the one register was written in
		text = refusedWord(cmd.Lang) + bot.InPlayerLang(err, cmd.Lang).Error()
	case err != nil:
		return "", err
	case cmd.Lang == "fr":
		local, domain, _ := strings.Cut(m.fromAddr, "@")
		text = fmt.Sprintf("Bienvenue sur Pitwall, %s.\n\nVotre jeton secret est %s. Gardez-le pour vous : il prouve qu'un courriel vient de vous.\n"+
			"Répondre aux courriels de Pitwall suffit (l'objet le porte). Pour écrire un nouveau courriel, envoyez-le à %s+%s@%s, ou ajoutez une ligne : jeton %s\n\n"+
			"Ouvrir une course : nouvelle course CIRCUIT [fd2008|fdr|street] [tours] (par exemple nouvelle course port-azur ; Racing Simulator : nouvelle course windmere|cragsby [familial|standard])\nEn rejoindre une : rejoindre PARTIE\nLe maître de jeu la lance : démarrer",
			cmd.Name, token, local, token, domain, token)
	default:
		local, domain, _ := strings.Cut(m.fromAddr, "@")
		text = fmt.Sprintf("Welcome to Pitwall, %s.\n\nYour secret token is %s. Keep it to yourself: it proves a mail is yours.\n"+
			"Replying to Pitwall's mail is enough (the subject carries it). To write a new mail, send it to %s+%s@%s, or add a line: token %s\n\n"+
			"Open a race: new race TRACK [fd2008|fdr|street] [laps] (e.g. new race port-azur; Racing Simulator: new race windmere|cragsby [family|standard])\nJoin one: join GAME-ID\nThe game master starts it: start",
			cmd.Name, token, local, token, domain, token)
	}
	head := bot.MailHead{Subject: "Pitwall: register " + cmd.Name, InReplyTo: mm.MessageID, Reply: true}
	if mm.MessageID != "" {
		head.References = []string{mm.MessageID}
	}
	if err := m.svc.MailReply(ctx, "", mm.From, head, text, false); err != nil {
		return "", err
	}
	m.poke()
	if err != nil {
		return "register refused: " + err.Error(), nil
	}
	return "registered " + mm.From + " as " + cmd.Name, nil
}

// lobby answers the mail that names no game: new race (the sender opens a
// race and takes car 1 as its game master) or join GAME.
func (m *Mailer) lobby(ctx context.Context, mm *Mail, token string, keys ...[2]string) (string, bool, error) {
	cmd, err := bot.Parse(mm.Commands[0])
	if err != nil || (cmd.Verb != bot.VerbNew && !(cmd.Verb == bot.VerbJoin && cmd.Name != "")) {
		return "", false, nil
	}
	game, text := "", ""
	lang, err := m.svc.EmailLanguage(ctx, mm.From)
	if err != nil {
		return "", true, err
	}
	if cmd.Verb == bot.VerbNew {
		// the race, its answer and the mail's keys in one transaction: a
		// crash leaves all or nothing, and the mail delivered again opens
		// no second race
		answer := &bot.MailAnswer{Addr: mm.From, Head: m.replyHead(mm), Keys: keys,
			Text: func(id, lang string) string { return "> " + mm.Commands[0] + "\n" + openedText(id, cmd.Name, lang) }}
		if n, err := m.svc.Bounces(ctx, mm.From); err != nil {
			return "", true, err
		} else if n >= m.cfg.MaxBounces {
			answer.Addr = ""
		}
		id, err := m.svc.Open(ctx, bot.OpenRequest{Track: cmd.Name, Rules: cmd.Word, Laps: cmd.Number,
			Creator: bot.Identity{Kind: bot.KindEmail, Value: mm.From}, Answer: answer})
		switch {
		case errors.Is(err, bot.ErrHandled):
			return "ignored: a duplicate of a mail already handled (new race)", true, nil
		case bot.IsUserError(err):
			text = refusedWord(lang) + bot.InPlayerLang(err, lang).Error()
		case err != nil:
			return "", true, err
		default:
			m.poke()
			return fmt.Sprintf("%s: opened %s", mm.From, id), true, nil
		}
	} else {
		req := bot.Request{Identity: bot.Identity{Kind: bot.KindEmail, Value: mm.From}, Game: cmd.Name, Text: "join"}
		// keyed as an order line: a crash before the answer never seats twice
		if k := lineKeyOf(keys...); k != "" {
			req.Source, req.Key = "email", k+"#0"
		}
		reply, err := m.svc.Handle(ctx, req)
		switch {
		case bot.IsUserError(err):
			text = refusedWord(lang) + err.Error()
		case err != nil:
			return "", true, err
		default:
			game = cmd.Name
			text = reply
		}
	}
	if err := m.reply(ctx, mm, token, game, "> "+mm.Commands[0]+"\n"+text, game != "", false, keys...); err != nil {
		m.cfg.Logf("email: reply to %s: %v", mm.From, err)
	}
	note := fmt.Sprintf("%s: %s", mm.From, strings.SplitN(text, "\n", 2)[0])
	return note, true, nil
}

// lineKeyOf is the prefix of the keys of a mail's command lines: its
// Message-ID, else its content hash.
func lineKeyOf(keys ...[2]string) string {
	var hash string
	for _, k := range keys {
		switch {
		case k[0] == "email-mid" && k[1] != "":
			return k[1]
		case k[0] == "email-hash" && k[1] != "":
			hash = "sha256:" + k[1]
		}
	}
	return hash
}

// contentHash identifies a mail by what it says: sender, Date, subject and
// commands. Without a Date two orders alike on different turns would
// collide, so such mail has no content key.
func contentHash(mm *Mail) string {
	date := mm.Header.Get("Date")
	if date == "" {
		return ""
	}
	return shortHash(mm.From + "\x00" + date + "\x00" + mm.Subject + "\x00" + strings.Join(mm.Commands, "\n"))
}

func shortHash(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:16])
}

// tokenGiven checks the token in the subject tag, a body line or a
// plus-address (pitwall+TOKEN@…) in To.
func (m *Mailer) tokenGiven(mm *Mail, want string) bool {
	for _, got := range []string{mm.Token, mm.BodyToken} {
		if got != "" && got == want {
			return true
		}
	}
	for _, to := range mm.To {
		local, domain, ok := strings.Cut(to, "@")
		base, tag, plus := strings.Cut(local, "+")
		if ok && plus && tag == want && base+"@"+domain == strings.Replace(m.fromAddr, "+"+tag, "", 1) {
			return true
		}
	}
	return false
}

// authenticated checks the topmost Authentication-Results header: the
// trusted server prepends its own, so a forged one lies below it.
func (m *Mailer) authenticated(mm *Mail) string {
	v := mm.Header.Get("Authentication-Results")
	if v == "" {
		return "no Authentication-Results"
	}
	id, results, err := authres.Parse(v)
	if err != nil {
		return "unreadable Authentication-Results"
	}
	if !strings.EqualFold(id, m.cfg.AuthServID) {
		return "Authentication-Results from " + id
	}
	domain := mm.From[strings.IndexByte(mm.From, '@')+1:]
	for _, r := range results {
		switch r := r.(type) {
		case *authres.DMARCResult:
			if r.Value == authres.ResultPass {
				return ""
			}
		case *authres.DKIMResult:
			if r.Value == authres.ResultPass && strings.EqualFold(r.Domain, domain) {
				return ""
			}
		}
	}
	return "neither DMARC nor DKIM passed"
}

// automatic handles a mail never to be answered: a bounce counts against
// the address it reports.
func (m *Mailer) automatic(ctx context.Context, hm *Mail, body func() ([]byte, error)) (string, error) {
	if !hm.Bounce {
		return "ignored, never answered: automatic mail (" + hm.Auto + ")", nil
	}
	failed := hm.Failed
	if raw, err := body(); err == nil && int64(len(raw)) <= m.cfg.Limits.MaxSize {
		failed = append(failed, failedRecipients(hm.Header, raw)...)
	}
	key := hm.MessageID
	if key == "" || len(key) > 400 {
		key = shortHash(hm.Header.Get("Date") + hm.From + strings.Join(failed, ","))
	}
	seen := map[string]bool{}
	var notes []string
	for _, a := range failed {
		if seen[a] || a == m.fromAddr {
			continue
		}
		seen[a] = true
		if _, ok, err := m.svc.EmailToken(ctx, a); err != nil || !ok {
			continue
		}
		n, err := m.svc.RecordBounce(ctx, a, key+"/"+a)
		if err != nil {
			return "", err
		}
		notes = append(notes, fmt.Sprintf("%s bounced (%d)", a, n))
	}
	return "bounce, never answered: " + strings.Join(notes, ", "), nil
}

// refuse answers a refusal to the registered address only.
// fr is the French of why, "" when there is none yet (the parser's refusals
// of malformed mail are English).
func (m *Mailer) refuse(ctx context.Context, hm *Mail, token, why, fr string) (string, error) {
	text := "REFUSED: " + why + "\nNothing was changed."
	if lang, err := m.svc.EmailLanguage(ctx, hm.From); err == nil && lang == "fr" && fr != "" {
		text = refusedWord(lang) + fr + "\nRien n'a été modifié."
	}
	if err := m.reply(ctx, hm, token, hm.Game, text, false, false); err != nil {
		m.cfg.Logf("email: refusal to %s: %v", hm.From, err)
	}
	return "refused " + hm.From + ": " + why, nil
}

// reply answers a mail, threaded under it, to its registered From address
// (never Reply-To), with the game's tag in the subject.
// inLang picks the English or the French of a text.
func inLang(lang, en, fr string) string {
	if lang == "fr" {
		return fr
	}
	return en
}

// refusedWord heads a refusal in the reader's language.
func refusedWord(lang string) string { return inLang(lang, "REFUSED: ", "REFUSÉ : ") }

// openedText answers the mail that opened race id on track.
func openedText(id, track, lang string) string {
	if lang == "fr" {
		return fmt.Sprintf("La course %s est ouverte sur %s : vous prenez la voiture 1 et en êtes le directeur de course.\n"+
			"Les autres joueurs la rejoignent en écrivant rejoindre %s à Pitwall (avec leur jeton) ; envoyez démarrer quand tout le monde est là.", id, track, id)
	}
	return fmt.Sprintf("Race %s is open on %s: you take car 1 and are its game master.\n"+
		"Other players join by writing join %s to Pitwall (with their token); send start when everyone is in.", id, track, id)
}

// replyHead threads an answer under the mail in.
func (m *Mailer) replyHead(in *Mail) bot.MailHead {
	refs := append([]string(nil), in.References...)
	if in.MessageID != "" {
		refs = append(refs, in.MessageID)
	}
	return bot.MailHead{InReplyTo: in.MessageID, References: refs, Reply: true}
}

func (m *Mailer) reply(ctx context.Context, in *Mail, token, game, text string, known, board bool, keys ...[2]string) error {
	if n, err := m.svc.Bounces(ctx, in.From); err != nil {
		return err
	} else if n >= m.cfg.MaxBounces {
		return fmt.Errorf("mail to %s is disabled after %d bounces", in.From, n)
	}
	subject := in.Subject
	if !tagRE.MatchString(subject) {
		subject = strings.TrimSpace(tagFor(game, token) + " " + subject)
	} else if sm := tagRE.FindStringSubmatch(subject); sm[2] == "" {
		subject = tagRE.ReplaceAllLiteralString(subject, tagFor(sm[1], token))
	}
	if !strings.HasPrefix(strings.ToLower(subject), "re:") {
		subject = "Re: " + subject
	}
	refs := append([]string(nil), in.References...)
	if in.MessageID != "" {
		refs = append(refs, in.MessageID)
	}
	// the reply leaves from the outbox like every mail: committed first,
	// retried with backoff, never lost to a failing SMTP server. For a game
	// it knows, bot gives it a subject that says what it is and the board
	// when it asks the reader to decide (or board was asked for).
	head := bot.MailHead{Subject: subject, InReplyTo: in.MessageID, References: refs, Reply: true}
	if !known {
		game = ""
	}
	if err := m.svc.MailReply(ctx, game, in.From, head, text, board, keys...); err != nil {
		return err
	}
	m.poke()
	return nil
}

func tagFor(game, token string) string {
	if game == "" {
		return "[pitwall]"
	}
	if token == "" {
		return "[pitwall " + game + "]"
	}
	return "[pitwall " + game + " " + token + "]"
}

// build writes one outgoing mail: Auto-Submitted: auto-replied on every
// mail, threading headers, and the board PNG attached when there is one.
func (m *Mailer) build(to, subject, id, inReplyTo string, refs []string, text string, png []byte) ([]byte, error) {
	var h mail.Header
	h.SetDate(m.cfg.Now())
	h.SetAddressList("From", []*mail.Address{{Name: "Pitwall", Address: m.fromAddr}})
	h.SetAddressList("To", []*mail.Address{{Address: to}})
	h.SetSubject(subject)
	h.SetMessageID(id)
	if inReplyTo != "" {
		h.SetMsgIDList("In-Reply-To", []string{inReplyTo})
	}
	if len(refs) > 0 {
		h.SetMsgIDList("References", refs)
	}
	h.Set("Auto-Submitted", "auto-replied")
	h.Set("X-Auto-Response-Suppress", "All")
	var buf bytes.Buffer
	if png == nil {
		h.SetContentType("text/plain", map[string]string{"charset": "utf-8"})
		w, err := mail.CreateSingleInlineWriter(&buf, h)
		if err != nil {
			return nil, err
		}
		if _, err := w.Write([]byte(text + "\n")); err != nil {
			return nil, err
		}
		if err := w.Close(); err != nil {
			return nil, err
		}
		return buf.Bytes(), nil
	}
	w, err := mail.CreateWriter(&buf, h)
	if err != nil {
		return nil, err
	}
	var th mail.InlineHeader
	th.SetContentType("text/plain", map[string]string{"charset": "utf-8"})
	tw, err := w.CreateSingleInline(th)
	if err != nil {
		return nil, err
	}
	tw.Write([]byte(text + "\n"))
	if err := tw.Close(); err != nil {
		return nil, err
	}
	var ah mail.AttachmentHeader
	ah.SetContentType("image/png", nil)
	ah.SetFilename("board.png")
	aw, err := w.CreateAttachment(ah)
	if err != nil {
		return nil, err
	}
	aw.Write(png)
	if err := aw.Close(); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// send hands one mail to the relay.
func (m *Mailer) send(ctx context.Context, to string, msg []byte) error {
	m.sendMu.Lock()
	defer m.sendMu.Unlock()
	d := net.Dialer{Timeout: 30 * time.Second}
	conn, err := d.DialContext(ctx, "tcp", m.smtpEP.host)
	if err != nil {
		return err
	}
	host, _, _ := net.SplitHostPort(m.smtpEP.host)
	tlsCfg := m.cfg.TLS
	if tlsCfg == nil {
		tlsCfg = &tls.Config{ServerName: host}
	}
	if m.smtpEP.tls {
		conn = tls.Client(conn, tlsCfg)
	}
	conn.SetDeadline(time.Now().Add(2 * time.Minute))
	c := smtp.NewClient(conn)
	if err := c.Hello(m.fromDomain); err != nil {
		c.Close()
		return err
	}
	if ok, _ := c.Extension("STARTTLS"); ok && !m.smtpEP.tls {
		// STARTTLS when offered: go-smtp upgrades only a fresh client.
		c.Close()
		conn, err = d.DialContext(ctx, "tcp", m.smtpEP.host)
		if err != nil {
			return err
		}
		conn.SetDeadline(time.Now().Add(2 * time.Minute))
		if c, err = smtp.NewClientStartTLS(conn, tlsCfg); err != nil {
			conn.Close()
			return err
		}
	}
	defer c.Close()
	if m.smtpEP.user != "" {
		if err := c.Auth(sasl.NewPlainClient("", m.smtpEP.user, m.smtpEP.pass)); err != nil {
			return err
		}
	}
	if err := c.SendMail(m.fromAddr, []string{to}, bytes.NewReader(msg)); err != nil {
		return err
	}
	return c.Quit()
}

// permanent reports a 5xx answer: retrying will not help.
func permanent(err error) bool {
	var se *smtp.SMTPError
	return errors.As(err, &se) && se.Code >= 500
}

// FlushOutbox sends every email message of the outbox that is due and
// returns how many left. A 4xx (or a network failure) is retried with
// backoff; a 5xx, or too many attempts, gives up and tells the game
// master; an address disabled by bounces gives up at once.
func (m *Mailer) FlushOutbox(ctx context.Context) (int, error) { return m.flush(ctx, false) }

// flush sends the outbox's mail, or only the replies to players' mail.
func (m *Mailer) flush(ctx context.Context, onlyReplies bool) (int, error) {
	m.flushMu.Lock()
	defer m.flushMu.Unlock()
	msgs, err := m.svc.PendingOutgoing(ctx, bot.KindEmail, 50)
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, o := range msgs {
		if h, _, ok := bot.DecodeMail(o.Text); onlyReplies && (!ok || !h.Reply) {
			continue
		}
		if ctx.Err() != nil {
			return sent, nil
		}
		if n, err := m.svc.Bounces(ctx, o.Target); err != nil {
			return sent, err
		} else if n >= m.cfg.MaxBounces {
			if err := m.svc.MarkFailed(ctx, o.ID, fmt.Errorf("mail to %s disabled after %d bounces", o.Target, n), time.Time{}); err != nil {
				return sent, err
			}
			continue
		}
		token, _, err := m.svc.EmailToken(ctx, o.Target)
		if err != nil {
			return sent, err
		}
		var msg []byte
		if h, text, ok := bot.DecodeMail(o.Text); ok {
			subject := h.Subject
			if o.Game != "" {
				subject = tagFor(o.Game, token) + " " + subject
			}
			if h.InReplyTo != "" {
				// a reply to a player's mail, threaded under it
				msg, err = m.build(o.Target, subject, fmt.Sprintf("reply.%d@%s", o.ID, m.fromDomain), h.InReplyTo, h.References, text, o.PNG)
			} else {
				// a mail of the game, threaded under the game's
				root := fmt.Sprintf("game.%s.%s@%s", o.Game, shortHash(o.Target)[:12], m.fromDomain)
				id := fmt.Sprintf("out.%d.%s@%s", o.ID, o.Game, m.fromDomain)
				msg, err = m.build(o.Target, subject, id, root, []string{root}, text, o.PNG)
			}
		} else {
			root := fmt.Sprintf("game.%s.%s@%s", o.Game, shortHash(o.Target)[:12], m.fromDomain)
			id := fmt.Sprintf("out.%d.%s@%s", o.ID, o.Game, m.fromDomain)
			subject := tagFor(o.Game, token) + " " + o.Game
			msg, err = m.build(o.Target, subject, id, root, []string{root}, o.Text, o.PNG)
		}
		if err != nil {
			return sent, err
		}
		err = m.send(ctx, o.Target, msg)
		if err != nil && ctx.Err() != nil {
			return sent, nil // stopping: the mail stays pending, untouched
		}
		switch {
		case err == nil:
			// it has left: record it even if we are stopping, or a
			// restart would send it again
			if err := m.svc.MarkSent(context.WithoutCancel(ctx), o.ID); err != nil {
				return sent, err
			}
			sent++
		case permanent(err) || o.Attempts+1 >= m.cfg.MaxAttempts:
			if err := m.svc.MarkFailed(ctx, o.ID, err, time.Time{}); err != nil {
				return sent, err
			}
			m.reportFailure(ctx, o, err)
		default:
			wait := m.cfg.Backoff << min(o.Attempts, 6)
			if wait > time.Hour {
				wait = time.Hour
			}
			if err := m.svc.MarkFailed(ctx, o.ID, err, m.cfg.Now().Add(wait)); err != nil {
				return sent, err
			}
		}
	}
	return sent, nil
}

// reportFailure tells the game master (by mail, when they have an
// address) that a message could not be delivered.
func (m *Mailer) reportFailure(ctx context.Context, o bot.Outgoing, cause error) {
	m.cfg.Logf("email: gave up on message %d to %s: %v", o.ID, o.Target, cause)
	masters, err := m.svc.MasterEmail(ctx, o.Game)
	if err != nil {
		return
	}
	for _, a := range masters {
		if a == o.Target {
			continue
		}
		token, _, _ := m.svc.EmailToken(ctx, a)
		text := fmt.Sprintf("Pitwall could not deliver a message of game %s to %s: %v", o.Game, o.Target, cause)
		id := fmt.Sprintf("fail.%d.%s@%s", o.ID, o.Game, m.fromDomain)
		msg, err := m.build(a, tagFor(o.Game, token)+" delivery failure", id, "", nil, text, nil)
		if err == nil {
			err = m.send(ctx, a, msg)
		}
		if err != nil {
			m.cfg.Logf("email: report to game master %s: %v", a, err)
		}
	}
}

// leagueMail reports whether a mail's first command is a league's
// (bot.IsLeagueVerb): it is answered without a game.
func leagueMail(mm *Mail) bool {
	if len(mm.Commands) == 0 {
		return false
	}
	c, err := bot.Parse(mm.Commands[0])
	return err == nil && bot.IsLeagueVerb(c.Verb)
}
