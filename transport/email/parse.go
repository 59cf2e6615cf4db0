package email

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"github.com/pitwall/pitwall/bot"
	"html"
	"io"
	"mime"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/emersion/go-message"
	_ "github.com/emersion/go-message/charset" // non-UTF-8 mail
	"github.com/emersion/go-message/mail"
)

// Limits bound what a mail may cost before it is parsed. The zero value
// of each field has a working default.
type Limits struct {
	MaxSize     int64 // bytes of the whole mail (RFC822.SIZE): 1 MiB
	MaxDepth    int   // MIME nesting: 8
	MaxParts    int   // MIME parts: 64
	MaxCommands int   // command lines in one mail: 20
	MaxText     int   // bytes of the text part read: 64 KiB
}

func (l Limits) withDefaults() Limits {
	if l.MaxSize <= 0 {
		l.MaxSize = 1 << 20
	}
	if l.MaxDepth <= 0 {
		l.MaxDepth = 8
	}
	if l.MaxParts <= 0 {
		l.MaxParts = 64
	}
	if l.MaxCommands <= 0 {
		l.MaxCommands = 20
	}
	if l.MaxText <= 0 {
		l.MaxText = 64 << 10
	}
	return l
}

// Refusal is a mail Pitwall will not act on, with the reason told to the
// sender (when the sender may be told anything).
type Refusal struct {
	Reason string
	Fr     string // the reason in French
}

func (r *Refusal) Error() string { return r.Reason }

func refuse(en, fr string, a ...any) error {
	return &Refusal{Reason: fmt.Sprintf(en, a...), Fr: fmt.Sprintf(fr, a...)}
}

// Mail is what Pitwall reads of one inbound mail.
type Mail struct {
	From        string // the From address, lower-cased
	To          []string
	Subject     string
	MessageID   string // without angle brackets
	References  []string
	Hash        string // SHA-256 of the raw mail, hex
	Game, Token string // from the subject tag [pitwall GAME TOKEN]
	BodyToken   string // from a "token XXXX" / "jeton XXXX" line
	Commands    []string
	Auto        string // why it is an automatic mail (RFC 3834, bounce, list), or ""
	Bounce      bool
	Failed      []string // the recipients a bounce reports as failed
	Header      mail.Header
}

// Prescan checks the structure of a raw mail without parsing it: its size,
// and upper bounds of its MIME nesting and part count from a linear scan
// (every multipart or message/rfc822 declaration may add one level; every
// line starting with "--" may start one part). It runs in time linear in
// the mail's size and allocates nothing per line.
func Prescan(raw []byte, lim Limits) error {
	lim = lim.withDefaults()
	if int64(len(raw)) > lim.MaxSize {
		return refuse("mail too large: %d bytes (at most %d)", "courriel trop gros : %d octets (au plus %d)", len(raw), lim.MaxSize)
	}
	nest, parts := 0, 0
	for line := range bytes.Lines(raw) {
		if len(line) >= 2 && line[0] == '-' && line[1] == '-' {
			parts++
		}
		if i := indexFold(line, "multipart/"); i >= 0 {
			nest++
		} else if i := indexFold(line, "message/rfc822"); i >= 0 {
			nest++
		}
		if nest > lim.MaxDepth*4 {
			return refuse("mail nested too deeply (at most %d MIME levels)", "courriel trop imbriqué (au plus %d niveaux MIME)", lim.MaxDepth)
		}
		if parts > lim.MaxParts*2+4 {
			return refuse("mail has too many parts (at most %d)", "courriel à trop de parties (au plus %d)", lim.MaxParts)
		}
	}
	return nil
}

func indexFold(line []byte, lower string) int {
	n := len(lower)
	for i := 0; i+n <= len(line); i++ {
		c := line[i]
		if c|0x20 != lower[0] {
			continue
		}
		ok := true
		for j := 1; j < n; j++ {
			d := line[i+j]
			if d >= 'A' && d <= 'Z' {
				d |= 0x20
			}
			if d != lower[j] {
				ok = false
				break
			}
		}
		if ok {
			return i
		}
	}
	return -1
}

var tagRE = regexp.MustCompile(`(?i)\[pitwall\s+([A-Za-z0-9._-]+)(?:\s+([a-z2-7]{16}))?\s*\]`)
var tokenLineRE = regexp.MustCompile(`(?i)^\s*(?:token|jeton)\s*:?\s*([a-z2-7]{16})\s*$`)

// ParseHeader reads only the header of a mail (given alone, as IMAP's
// BODY[HEADER]): who sent it, the subject tag, whether it is automatic.
// It never looks at a body.
func ParseHeader(header []byte, lim Limits) (*Mail, error) {
	lim = lim.withDefaults()
	if len(header) > 256<<10 {
		return nil, refuse("header too large", "en-tête trop gros")
	}
	raw := append(bytes.TrimRight(header, "\r\n"), "\r\n\r\n"...)
	e, err := message.Read(bytes.NewReader(raw))
	if err != nil && !message.IsUnknownCharset(err) && !message.IsUnknownEncoding(err) {
		return nil, refuse("unreadable header: %v", "en-tête illisible : %v", err)
	}
	m := &Mail{Header: mail.Header{Header: e.Header}}
	if err := readHeader(m, m.Header); err != nil {
		return nil, err
	}
	return m, nil
}

// ParseMail reads a raw mail within limits: it runs Prescan, then parses
// the header and walks the MIME tree (enforcing depth and part count
// again), reads only the first text/plain part (or the first text/html,
// turned into text), never opens attachments, and removes quoted replies
// and signatures. A *Refusal says why a mail cannot be read.
func ParseMail(raw []byte, lim Limits) (*Mail, error) {
	lim = lim.withDefaults()
	if err := Prescan(raw, lim); err != nil {
		return nil, err
	}
	sum := sha256.Sum256(raw)
	m := &Mail{Hash: hex.EncodeToString(sum[:])}
	e, err := message.Read(bytes.NewReader(raw))
	if err != nil && !message.IsUnknownCharset(err) && !message.IsUnknownEncoding(err) {
		return nil, refuse("unreadable mail: %v", "courriel illisible : %v", err)
	}
	h := mail.Header{Header: e.Header}
	m.Header = h
	if err := readHeader(m, h); err != nil {
		return nil, err
	}
	if m.Auto != "" {
		if m.Bounce {
			m.Failed = failedRecipients(h, raw)
		}
		return m, nil
	}
	text, err := bodyText(e, lim)
	if err != nil {
		return nil, err
	}
	m.Commands, m.BodyToken = commandLines(text, lim.MaxCommands)
	return m, nil
}

func readHeader(m *Mail, h mail.Header) error {
	from, err := h.AddressList("From")
	if err != nil || len(from) != 1 {
		return refuse("the From header must hold exactly one address", "l'en-tête From doit porter une seule adresse")
	}
	m.From = strings.ToLower(from[0].Address)
	if to, err := h.AddressList("To"); err == nil {
		for _, a := range to {
			m.To = append(m.To, strings.ToLower(a.Address))
		}
	}
	if s, err := h.Subject(); err == nil {
		m.Subject = s
	} else {
		m.Subject = h.Get("Subject")
	}
	if !utf8.ValidString(m.Subject) {
		m.Subject = strings.ToValidUTF8(m.Subject, "?")
	}
	m.MessageID, _ = h.MessageID()
	m.References, _ = h.MsgIDList("References")
	if sm := tagRE.FindStringSubmatch(m.Subject); sm != nil {
		m.Game, m.Token = sm[1], strings.ToLower(sm[2])
	}
	m.Auto, m.Bounce = automatic(h, m.From)
	return nil
}

// automatic says why a mail is automatic and must never be answered:
// RFC 3834 Auto-Submitted, an empty Return-Path, a delivery report,
// list or bulk mail, well-known auto-responder headers.
func automatic(h mail.Header, from string) (string, bool) {
	ct, params, _ := mime.ParseMediaType(h.Get("Content-Type"))
	local := from
	if i := strings.IndexByte(from, '@'); i >= 0 {
		local = from[:i]
	}
	switch {
	case ct == "multipart/report" && strings.EqualFold(params["report-type"], "delivery-status"),
		h.Get("X-Failed-Recipients") != "",
		local == "mailer-daemon" || local == "postmaster":
		return "bounce", true
	case strings.TrimSpace(h.Get("Return-Path")) == "<>":
		return "empty Return-Path", true
	}
	if as := strings.ToLower(strings.TrimSpace(h.Get("Auto-Submitted"))); as != "" && as != "no" {
		return "Auto-Submitted: " + as, false
	}
	switch strings.ToLower(strings.TrimSpace(h.Get("Precedence"))) {
	case "bulk", "junk", "list", "auto_reply":
		return "Precedence: " + h.Get("Precedence"), false
	}
	for _, k := range []string{"List-Id", "List-Unsubscribe", "List-Post", "X-Autoreply", "X-Autorespond", "X-Auto-Response-Suppress"} {
		if h.Get(k) != "" {
			if k == "X-Auto-Response-Suppress" {
				continue // a request not to be auto-answered, not an auto-reply
			}
			return k, false
		}
	}
	return "", false
}

var finalRecipientRE = regexp.MustCompile(`(?im)^(?:Final|Original)-Recipient:\s*rfc822;\s*<?([^\s>]+@[^\s>]+)>?`)

func failedRecipients(h mail.Header, raw []byte) []string {
	var out []string
	for _, f := range strings.Split(h.Get("X-Failed-Recipients"), ",") {
		if f = strings.ToLower(strings.TrimSpace(f)); f != "" {
			out = append(out, f)
		}
	}
	for _, sm := range finalRecipientRE.FindAllSubmatch(raw, 8) {
		out = append(out, strings.ToLower(string(sm[1])))
	}
	return out
}

// bodyText walks the MIME tree and returns the text Pitwall reads.
func bodyText(e *message.Entity, lim Limits) (string, error) {
	var plain, htmlText string
	var found bool
	parts := 0
	var walk func(e *message.Entity, depth int) error
	walk = func(e *message.Entity, depth int) error {
		parts++
		if depth > lim.MaxDepth {
			return refuse("mail nested too deeply (at most %d MIME levels)", "courriel trop imbriqué (au plus %d niveaux MIME)", lim.MaxDepth)
		}
		if parts > lim.MaxParts {
			return refuse("mail has too many parts (at most %d)", "courriel à trop de parties (au plus %d)", lim.MaxParts)
		}
		if mr := e.MultipartReader(); mr != nil {
			for {
				p, err := mr.NextPart()
				if errors.Is(err, io.EOF) {
					return nil
				}
				if err != nil && !message.IsUnknownCharset(err) && !message.IsUnknownEncoding(err) {
					return refuse("unreadable MIME structure: %v", "structure MIME illisible : %v", err)
				}
				if p == nil {
					return refuse("unreadable MIME structure", "structure MIME illisible")
				}
				if err := walk(p, depth+1); err != nil {
					return err
				}
			}
		}
		if found {
			return nil
		}
		disp, _, _ := e.Header.ContentDisposition()
		if disp == "attachment" {
			return nil // never opened
		}
		ct, params, _ := e.Header.ContentType()
		if ct == "" {
			ct = "text/plain"
		}
		if ct != "text/plain" && ct != "text/html" {
			return nil
		}
		if cs := strings.ToLower(params["charset"]); cs != "" && !knownCharset(cs) {
			return refuse("cannot read the charset %q; send plain text in UTF-8", "jeu de caractères %q illisible ; envoyez du texte simple en UTF-8", params["charset"])
		}
		b, err := io.ReadAll(io.LimitReader(e.Body, int64(lim.MaxText)+1))
		if err != nil {
			return refuse("cannot read the text of the mail: %v", "texte du courriel illisible : %v", err)
		}
		if len(b) > lim.MaxText {
			return refuse("the text of the mail is too long (at most %d bytes)", "texte du courriel trop long (au plus %d octets)", lim.MaxText)
		}
		if !utf8.Valid(b) {
			return refuse("the text of the mail is not valid in its charset; send plain text in UTF-8", "le texte du courriel n'est pas valide dans son jeu de caractères ; envoyez du texte simple en UTF-8")
		}
		if ct == "text/plain" {
			plain, found = string(b), true
		} else if htmlText == "" {
			htmlText = htmlToText(string(b))
		}
		return nil
	}
	if err := walk(e, 0); err != nil {
		return "", err
	}
	if found {
		return plain, nil
	}
	return htmlText, nil
}

func knownCharset(cs string) bool {
	switch cs {
	case "utf-8", "utf8", "us-ascii", "ascii":
		return true
	}
	_, err := message.CharsetReader(cs, strings.NewReader(""))
	return err == nil
}

// htmlToText keeps the text of an HTML body, one line per block, without
// quoted blocks (blockquote), scripts or styles. It is a small linear
// scanner, not a full HTML parser: commands are plain words.
func htmlToText(s string) string {
	var b strings.Builder
	skip := 0
	for len(s) > 0 {
		i := strings.IndexByte(s, '<')
		if i < 0 {
			if skip == 0 {
				b.WriteString(html.UnescapeString(s))
			}
			break
		}
		if skip == 0 {
			b.WriteString(html.UnescapeString(s[:i]))
		}
		s = s[i+1:]
		j := strings.IndexByte(s, '>')
		if j < 0 {
			break
		}
		tag := strings.ToLower(strings.TrimSpace(s[:j]))
		s = s[j+1:]
		closing := strings.HasPrefix(tag, "/")
		tag = strings.TrimPrefix(tag, "/")
		if k := strings.IndexAny(tag, " \t\r\n/"); k >= 0 {
			tag = tag[:k]
		}
		switch tag {
		case "blockquote", "script", "style", "head":
			if closing {
				if skip > 0 {
					skip--
				}
			} else {
				skip++
			}
		case "br", "p", "div", "li", "tr":
			b.WriteByte('\n')
		case "hr": // Outlook's line above the quoted mail
			b.WriteString("\n________________\n")
		}
	}
	return b.String()
}

// The attribution line of a quoted reply, as mail clients write it, and
// its pieces when a client wraps it over several lines ("On Tue, 24 Nov
// 2026 at 10:00, Pitwall <" / "pitwall@league.test> wrote:").
var (
	wroteRE      = regexp.MustCompile(`(?i)^(on\s.+wrote:|le\s.+a\s+écrit\s*:|.+\s(wrote|a écrit)\s*:)\s*$`)
	wroteEndRE   = regexp.MustCompile(`(?i)(?:^|\s)(?:wrote|a\s+écrit|écrit)\s*:\s*$`)
	attribOpenRE = regexp.MustCompile(`(?i)^(?:on|le)\s`)
	// Outlook's header block of the quoted mail: From:/De : then Sent:/
	// Envoyé :/Date: on one of the next lines.
	outlookFromRE = regexp.MustCompile(`(?i)^(?:\*)?(?:from|de)\s*(?:\*)?\s*:\s*\S`)
	outlookSentRE = regexp.MustCompile(`(?i)^(?:\*)?(?:sent|envoyé|date)\s*(?:\*)?\s*:\s*\S`)
)

// quoteStart reports whether the quoted part of a reply starts at line i:
// an attribution line (whole, or wrapped over up to three lines), an
// Outlook header block, a separator or a "Sent from my" line.
func quoteStart(lines []string, i int) bool {
	trimmed := lines[i]
	switch {
	case strings.HasPrefix(trimmed, "-----Original Message"),
		strings.HasPrefix(trimmed, "----- Original Message"),
		strings.HasPrefix(trimmed, "-------- Message d'origine"),
		strings.HasPrefix(trimmed, "-------- Original Message"),
		strings.HasPrefix(trimmed, "Begin forwarded message:"),
		strings.HasPrefix(trimmed, "________________"),
		strings.HasPrefix(trimmed, "Sent from my "),
		strings.HasPrefix(trimmed, "Envoyé de mon "),
		strings.HasPrefix(trimmed, "Get Outlook for "),
		wroteRE.MatchString(trimmed):
		return true
	}
	if attribOpenRE.MatchString(trimmed) {
		for k := i + 1; k < len(lines) && k <= i+3; k++ {
			if wroteEndRE.MatchString(lines[k]) {
				return true
			}
		}
	}
	if outlookFromRE.MatchString(trimmed) {
		for k := i + 1; k < len(lines) && k <= i+2; k++ {
			if outlookSentRE.MatchString(lines[k]) {
				return true
			}
		}
	}
	return false
}

// commandLines keeps the command lines of a body: everything before a
// quoted reply or a signature, without quoted lines, blank lines, a token
// line (returned apart) or the subject tag repeated. After a blank line
// that follows commands, the first line that is not a command ends the
// orders: a closing and a name ("Cheers," / "Anna") are a signature.
func commandLines(text string, max int) ([]string, string) {
	var cmds []string
	var token string
	var raw, lines []string
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for sc.Scan() {
		line := strings.Map(func(r rune) rune {
			if r < 0x20 && r != '\t' || r == 0x7f {
				return ' '
			}
			return r
		}, strings.TrimRight(sc.Text(), "\r"))
		line = strings.TrimRight(line, " \t\u00a0")
		raw = append(raw, strings.TrimRight(sc.Text(), "\r"))
		lines = append(lines, strings.TrimSpace(strings.ReplaceAll(line, "\u00a0", " ")))
	}
	blankAfter := false
	for i, trimmed := range lines {
		switch {
		case trimmed == "--" || raw[i] == "-- " || quoteStart(lines, i):
			return cmds, token
		case trimmed == "":
			blankAfter = len(cmds) > 0
			continue
		case strings.HasPrefix(trimmed, ">"):
			continue
		}
		if sm := tokenLineRE.FindStringSubmatch(trimmed); sm != nil {
			token = strings.ToLower(sm[1])
			continue
		}
		if blankAfter && !isCommand(trimmed) {
			return cmds, token // a signature
		}
		if len(cmds) >= max {
			cmds = append(cmds, "") // marks "too many"
			return cmds, token
		}
		cmds = append(cmds, trimmed)
	}
	return cmds, token
}

// isCommand reports whether a line reads as a command: one of the common
// language, or a Racing Simulator order (even a wrong one, to be refused
// with what is legal rather than taken for a signature).
func isCommand(line string) bool {
	if _, err := bot.Parse(line); err == nil {
		return true
	}
	_, err := bot.ParseRSOrder(line)
	return err == nil || bot.IsUserError(err)
}
