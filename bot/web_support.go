package bot

// What the web page (transport/web) needs from the service: the games on
// this server, a game as its page shows it (to a spectator, or to one of
// its players through a personal link), the board at any play of its
// history, its record, and orders given on the page, which go through the
// same path as mail and Discord (Handle, HandleDecision).

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"
	"time"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/persistence"
)

// Personal links. A player's personal link carries a secret token: the
// HMAC-SHA256, under the per-database secret of the email tokens, of the
// player id and a generation, cut to 120 bits (24 characters a-z2-7).
// `player link NAME --reset` starts a new generation, which revokes the old
// link at once. Rows of the inbound table keep what must be kept, as for
// the email secret (no schema change): the generation of player P is the
// number of rows (webSource, "web-link-reset/P/N"), and each token handed
// out is found from its SHA-256 (webTokenSource, hex) whose reply is the
// player id; a token is honoured only while it is the player's current one.
const (
	webSource      = "pitwall-settings"
	webResetPrefix = "web-link-reset/"
	webTokenSource = "pitwall-web-token"
	// WebTokenLen is the length of a personal link's token.
	WebTokenLen = 24
)

func webToken(secret []byte, playerID string, gen int) string {
	m := hmac.New(sha256.New, secret)
	fmt.Fprintf(m, "pitwall web link\x00%s\x00%d", playerID, gen)
	return tokenEncoding.EncodeToString(m.Sum(nil)[:15])
}

func webGeneration(tx persistence.ReadTx, playerID string) (int, error) {
	n := 0
	for {
		_, seen, err := tx.SeenInbound(webSource, fmt.Sprintf("%s%s/%d", webResetPrefix, playerID, n+1))
		if err != nil || !seen {
			return n, err
		}
		n++
	}
}

func tokenKey(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// ensureSecret returns the per-database token secret, created on first
// use.
func (s *Service) ensureSecret(tx persistence.Tx) ([]byte, error) {
	secret, ok, err := readEmailSecret(tx)
	if err != nil || ok {
		return secret, err
	}
	secret = make([]byte, 32)
	if err := s.opts.Random(secret); err != nil {
		return nil, err
	}
	err = tx.RecordInbound(persistence.Inbound{Source: emailSecretSource, Key: emailSecretKey,
		Reply: hex.EncodeToString(secret), Received: s.opts.Now()})
	return secret, err
}

// webTokenOf returns player p's current personal token, after starting a
// new generation when reset.
func (s *Service) webTokenOf(tx persistence.Tx, p persistence.Player, reset bool) (string, error) {
	secret, err := s.ensureSecret(tx)
	if err != nil {
		return "", err
	}
	gen, err := webGeneration(tx, p.ID)
	if err != nil {
		return "", err
	}
	if reset {
		gen++
		if err := tx.RecordInbound(persistence.Inbound{Source: webSource, Key: fmt.Sprintf("%s%s/%d", webResetPrefix, p.ID, gen),
			Reply: "personal link reset", Received: s.opts.Now()}); err != nil {
			return "", err
		}
	}
	token := webToken(secret, p.ID, gen)
	if _, seen, err := tx.SeenInbound(webTokenSource, tokenKey(token)); err != nil || seen {
		return token, err
	}
	return token, tx.RecordInbound(persistence.Inbound{Source: webTokenSource, Key: tokenKey(token), Reply: p.ID, Received: s.opts.Now()})
}

// playerOfToken returns the player whose current personal token is token.
func playerOfToken(tx persistence.ReadTx, token string) (persistence.Player, bool, error) {
	token = strings.ToLower(strings.TrimSpace(token))
	if len(token) != WebTokenLen {
		return persistence.Player{}, false, nil
	}
	in, seen, err := tx.SeenInbound(webTokenSource, tokenKey(token))
	if err != nil || !seen {
		return persistence.Player{}, false, err
	}
	secret, ok, err := readEmailSecret(tx)
	if err != nil || !ok {
		return persistence.Player{}, false, err
	}
	gen, err := webGeneration(tx, in.Reply)
	if err != nil {
		return persistence.Player{}, false, err
	}
	if subtle.ConstantTimeCompare([]byte(webToken(secret, in.Reply, gen)), []byte(token)) != 1 {
		return persistence.Player{}, false, nil // revoked
	}
	p, err := tx.Player(in.Reply)
	if errors.Is(err, persistence.ErrNotFound) {
		return p, false, nil
	}
	return p, err == nil, err
}

// linkBase is where personal links start.
func (s *Service) linkBase() string {
	if s.opts.PublicURL != "" {
		return strings.TrimRight(s.opts.PublicURL, "/")
	}
	return strings.TrimRight(s.opts.LocalURL, "/")
}

// GameURL is the address of a game's page for mails and posts: empty
// unless a public URL is set.
func (s *Service) GameURL(game string) string {
	if s.opts.PublicURL == "" {
		return ""
	}
	return strings.TrimRight(s.opts.PublicURL, "/") + "/g/" + url.PathEscape(game)
}

// pageLine points a mail or a post to the game's page, when a public URL
// is set ("" otherwise: joinParts drops it).
func (s *Service) pageLine(game, lang string) string {
	u := s.GameURL(game)
	if u == "" {
		return ""
	}
	return inLang(lang, [2]string{"Watch the race: " + u, "Suivez la course : " + u})
}

// personalLine gives a player by mail their personal link to the game's
// page, when a public URL is set: their mail is theirs alone.
func (s *Service) personalLine(tx persistence.Tx, l *live, p persistence.Player, lang string) (string, error) {
	u := s.GameURL(l.row.ID)
	if u == "" {
		return "", nil
	}
	token, err := s.webTokenOf(tx, p, false)
	if err != nil {
		return "", err
	}
	u += "?t=" + token
	return inLang(lang, [2]string{"Your page for this race (a personal link: keep it to yourself): " + u,
		"Votre page pour cette course (un lien personnel : gardez-le pour vous) : " + u}), nil
}

// PersonalLink returns the personal link of the player named name (a
// terminal name, as `player set`): the page of the games on this server,
// where they are recognised. reset revokes the old link first.
func (s *Service) PersonalLink(ctx context.Context, name string, reset bool) (string, error) {
	var link string
	err := s.store.Update(ctx, func(tx persistence.Tx) error {
		p, err := tx.PlayerByIdentity(persistence.IdentityCLI, normName(name))
		if errors.Is(err, persistence.ErrNotFound) {
			return userErrorf("no player %q (pitwall player set NAME creates one)", name)
		}
		if err != nil {
			return err
		}
		token, err := s.webTokenOf(tx, p, reset)
		if err != nil {
			return err
		}
		link = s.linkBase() + "/?t=" + token
		return nil
	})
	return link, err
}

// linkText answers link / lien: the player's personal link to this game's
// page. Transports answer it to the player alone (an ephemeral Discord
// reply, a mail to their address).
func (s *Service) linkText(tx persistence.Tx, l *live, p persistence.Player, lang string) (string, error) {
	token, err := s.webTokenOf(tx, p, false)
	if err != nil {
		return "", err
	}
	link := s.linkBase() + "/g/" + url.PathEscape(l.row.ID) + "?t=" + token
	return inLang(lang, [2]string{
		"Your personal link to this game's page (keep it to yourself: it plays for you): " + link,
		"Votre lien personnel vers la page de cette partie (gardez-le pour vous : il joue pour vous) : " + link}), nil
}

// GameSummary is one game in the list of the games on this server.
type GameSummary struct {
	ID, Track, TrackName, Rules, State string
	Created                            time.Time
	Players                            []string // seat order; "" for a seat nobody holds
	Mine                               bool     // the viewer has a seat
}

// RecentGames lists the games on this server, newest first, at most
// limit; with a personal token, the viewer's games are marked Mine.
func (s *Service) RecentGames(ctx context.Context, limit int, token string) ([]GameSummary, string, error) {
	var out []GameSummary
	viewer := ""
	err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		p, ok, err := playerOfToken(tx, token)
		if err != nil {
			return err
		}
		if ok {
			viewer = p.Name
		}
		games, err := tx.RecentGames(limit)
		if err != nil {
			return err
		}
		for _, g := range games {
			m, err := decodeMeta(g)
			if err != nil {
				continue
			}
			gs := GameSummary{ID: g.ID, Track: m.Track, TrackName: m.Track, Rules: m.Rules, State: g.State, Created: g.Created}
			if c, err := s.circuit(m.Track); err == nil {
				gs.TrackName = c.Name
			}
			seats, err := tx.Seats(g.ID)
			if err != nil {
				return err
			}
			for _, seat := range seats {
				name := ""
				if seat.Player != "" {
					if ok && seat.Player == p.ID {
						gs.Mine = true
					}
					if sp, err := tx.Player(seat.Player); err == nil {
						name = sp.Name
					}
				}
				if lvl := m.AI[seat.Number]; lvl != "" && name == "" {
					name = "AI " + lvl
				}
				gs.Players = append(gs.Players, name)
			}
			out = append(out, gs)
		}
		return nil
	})
	return out, viewer, err
}

// WebView is a game as its page shows it. Nothing in it is secret to
// its reader: a spectator's view carries no one's pre-moves, standing
// orders, tokens nor identities, and the seed only once the race is over.
type WebView struct {
	Game, Track, TrackName, Rules, State string
	// Version changes with every commit to the game (the page's live
	// updates compare it).
	Version int64
	Lang    string
	Round   int
	// Plays is the last play of the record (the history runs 0..Plays).
	Plays      int
	Laps       int
	Seats      []WebSeat
	Pending    []WebDecision
	Log        []WebPlay // oldest first; play 0 is what came before the first play
	Results    []WebResult
	Commitment string
	Seed       string // revealed when the race is over
	Over       bool
	Lobby      bool
	Paused     bool
	// Viewer is the player of the personal link, nil for a spectator.
	Viewer *WebViewer
}

// WebSeat is one car and who drives it.
type WebSeat struct {
	Car       int
	Name      string // the player, "" for nobody
	AI        string // rookie, pro or legend for an AI driver
	Autopilot bool
}

// WebDecision is one pending decision: who must act and by when, and,
// for its own player, the options as buttons.
type WebDecision struct {
	Car    int
	Player string
	Prompt string    // in words
	Due    time.Time // zero without a deadline
	// Token and Options are filled for the viewer's own decisions only.
	Token   string
	Options []OptionView
}

// WebPlay is one play of the log in words.
type WebPlay struct {
	Play, Round, Car int
	Text             string
	Dice             []string // every die rolled, in words ("d6: 4 (gear, car 2)")
}

// WebResult is one line of the classification.
type WebResult struct {
	Place, Car     int
	Name, Status   string
	Laps           int
	Adjusted       bool
	StatusFinished bool
}

// WebViewer is the reader of a personal link.
type WebViewer struct {
	Name, TimeZone, Lang string
	Car                  int // 0: no seat in this game
	Master               bool
	PreMove              int            // their gear sent for the next play (next N), 0 none
	Plans                map[string]int // their standing orders
	Autopilot            bool
}

// WebGame describes a game for its page in lang (the browser's language:
// with a valid personal token, the player's own language wins unless
// chosen says the reader picked lang on the page).
func (s *Service) WebGame(ctx context.Context, id, token, lang string, chosen bool) (*WebView, error) {
	var v *WebView
	err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		p, known, err := playerOfToken(tx, token)
		if err != nil {
			return err
		}
		return s.withView(tx, id, func(l *live) error {
			if known && !chosen && (p.Language == "fr" || p.Language == "en") {
				lang = p.Language
			}
			if lang != "fr" {
				lang = "en"
			}
			v = &WebView{Game: id, Track: l.meta.Track, TrackName: l.track.Name, Rules: l.meta.Rules, State: l.row.State, Version: l.row.Version,
				Lang: lang, Commitment: l.meta.Commitment, Lobby: l.game == nil, Paused: l.row.State == persistence.GamePaused}
			names := map[int]string{}
			for _, seat := range l.seats {
				ws := WebSeat{Car: seat.Number, AI: l.meta.AI[seat.Number], Autopilot: seat.Autopilot}
				if seat.Player != "" {
					if sp, err := tx.Player(seat.Player); err == nil {
						ws.Name = sp.Name
						names[seat.Number] = sp.Name
					}
				}
				v.Seats = append(v.Seats, ws)
			}
			if known {
				vw := &WebViewer{Name: p.Name, TimeZone: p.TimeZone, Lang: lang, Master: l.meta.Master == p.ID}
				if car, ok := l.carOf(p.ID); ok {
					vw.Car = car
					vw.PreMove = l.meta.PreMoves[car]
					vw.Plans = l.meta.Plans[car]
					if seat := l.seat(car); seat != nil {
						vw.Autopilot = seat.Autopilot
					}
				}
				v.Viewer = vw
			}
			if l.game == nil {
				return nil
			}
			at := l.progress() // where the race stands, as the contract counts it
			v.Round, v.Over, v.Laps = at.Round, l.game.Over(), at.Length
			lines, err := tx.Events(id, 0, 0)
			if err != nil {
				return err
			}
			rec, err := l.meta.record(id, lines)
			if err != nil {
				return err
			}
			v.Plays = rec.LastPlay()
			reader := -1 // a spectator; a personal link reads as its seat (5-D)
			if v.Viewer != nil {
				reader = readerOf(v.Viewer.Car, v.Viewer.Car > 0, v.Viewer.Master)
			}
			v.Log = webLog(l, reader, lang)
			if v.Over {
				if l.row.State == persistence.GameFinished {
					v.Seed = l.meta.Seed
				}
				for _, r := range l.race().Results() { // the classification is Formula Dé's
					wr := WebResult{Place: r.Place, Car: r.Car, Name: names[r.Car], Laps: r.Laps, StatusFinished: r.Status == "finished", Adjusted: r.Status == "adjusted"}
					switch r.Status {
					case "eliminated":
						wr.Status = inLang(lang, [2]string{"eliminated", "éliminée"})
						if c := causeText(r.Cause, lang); c != "" {
							wr.Status += " (" + c + ")"
						}
					case "racing":
						wr.Status = inLang(lang, [2]string{"still racing", "encore en course"})
					default:
						wr.Status = inLang(lang, [2]string{"finished", "arrivée"})
					}
					v.Results = append(v.Results, wr)
				}
				return nil
			}
			deadlines, err := tx.Deadlines(id)
			if err != nil {
				return err
			}
			views := pendingViews(l, id, lang, reader)
			// each decision asked by its player's name, as reader may read it
			named := l.reported().Asked(reader, func(seat int) string { return names[seat+1] })
			for i, a := range named {
				car := a.Seat + 1
				wd := WebDecision{Car: car, Player: names[car], Prompt: askedText(a, lang)}
				for _, dl := range deadlines {
					if dl.Seat == car && dl.Kind == persistence.DeadlineDecision {
						wd.Due = dl.Due.UTC()
					}
				}
				if v.Viewer != nil && v.Viewer.Car == car && !v.Paused {
					wd.Token, wd.Options = views[i].Token, views[i].Options
				}
				v.Pending = append(v.Pending, wd)
			}
			return nil
		})
	})
	return v, err
}

// webLog tells the game play by play, with every die rolled, to reader
// (readerOf: 5-D hides another racing car's configuration).
// The plays and their rolls are Formula Dé's own record (Game.Plays); each
// line is told as the contract hands it out.
func webLog(l *live, reader int, lang string) []WebPlay {
	g := l.race()
	var out []WebPlay
	first := len(g.Events)
	for i, e := range g.Events {
		if e.Kind == "turn" {
			first = i
			break
		}
	}
	if first > 0 {
		if t := describeEvents(l.track, l.game, reader, g.Events[:first], lang); t != "" {
			out = append(out, WebPlay{Text: t})
		}
	}
	for _, pl := range g.Plays() {
		wp := WebPlay{Play: pl.Play, Round: pl.Round, Car: pl.Car, Text: describeEvents(l.track, l.game, reader, pl.Events, lang)}
		for _, r := range pl.Rolls {
			die := r.Die
			if die == "black" {
				die = inLang(lang, [2]string{"black die", "dé noir"})
			}
			what := r.Purpose
			if fr, ok := purposeFr[r.Purpose]; ok && lang == "fr" {
				what = fr
			}
			if r.Car > 0 {
				what += fmt.Sprintf(", %s %d", tr(lang, "car"), r.Car)
			}
			wp.Dice = append(wp.Dice, fmt.Sprintf("%s: %d (%s)", die, r.Value, what))
		}
		if wp.Text == "" && len(wp.Dice) == 0 {
			continue // the play just begun: nothing to tell yet
		}
		out = append(out, wp)
	}
	return out
}

// purposeFr names in French what a die was rolled for.
var purposeFr = map[string]string{"gear": "vitesse", "start": "départ", "collision": "collision", "engine": "moteur",
	"handling": "tenue de route", "weather": "météo", "grid": "grille", "pit": "stand", "qualifying": "qualifications"}

// pendingViews labels the pending decisions' options as transports show
// them (buttons), in PendingAll's order, as the race reports them to
// reader (engine.Reported.Asked: under 5-D an option of a car whose build
// reader may not see says only what it is).
func pendingViews(l *live, id, lang string, reader int) []DecisionView {
	var out []DecisionView
	for _, a := range l.reported().Asked(reader, nil) {
		car := a.Seat + 1
		dv := DecisionView{Car: car, Kind: a.Kind, Session: a.Session, Token: decisionTokenOf(id, l, car, a.Kind, a.Session),
			Prompt: askedText(a, lang), What: decisionWhat(fd.DecisionKind(a.Kind), lang)}
		for _, op := range a.Options {
			label := factsText(op.Facts, lang)
			if a.Kind == string(fd.DecideGear) && isGearKey(op.Key) { // a declared gear ("5S") is chosen by its letter
				dv.Options = append(dv.Options, OptionView{Command: "gear " + op.Key, Label: label})
				continue
			}
			dv.Options = append(dv.Options, OptionView{Command: "choose " + op.Key, Label: op.Key + ": " + label})
		}
		out = append(out, dv)
	}
	return out
}

// isGearKey reports whether an option's key is a plain gear's number
// (fd.OptionKey), which the command "gear N" gives.
func isGearKey(key string) bool {
	return key != "" && strings.Trim(key, "0123456789") == ""
}

// BoardAt draws a game's board as it stood after play n (n < 0: as it
// stands), in lang; crop asks for the phone crop when r draws one
// (CropRenderer), the whole board otherwise. ErrNoBoard before the race
// starts.
func (s *Service) BoardAt(ctx context.Context, id string, n int, lang string, crop bool, r BoardRenderer, w io.Writer) error {
	return s.BoardAtSize(ctx, id, n, lang, crop, BoardSize{}, r, w)
}

// BoardSize is the size a board is drawn at: Width pixels wide (0: the
// renderer's default), and for a crop drawn for a phone, the phone's
// width in CSS pixels (Screen; 0: the crop's own sizes).
type BoardSize struct{ Width, Screen int }

// SizedRenderer draws a board, or its phone crop, at a size; cmd's
// renderer is one. A renderer that is not draws its default size.
type SizedRenderer interface {
	BoardPNGSized(w io.Writer, g engine.Game, lang string, crop bool, size BoardSize) error
}

// SizedReaderRenderer draws a board, or its phone crop, at a size for one
// reader (a car, fd.GameMaster, 0 for nobody in particular, as
// render.BoardOptions.Reader takes it);
// cmd's renderer is one. The web page draws a player's own board with it.
type SizedReaderRenderer interface {
	BoardPNGSizedFor(w io.Writer, g engine.Game, lang string, crop bool, size BoardSize, reader int) error
}

// BoardAtSize is BoardAt at a size (the web page asks for the width the
// browser shows), drawn for a spectator.
func (s *Service) BoardAtSize(ctx context.Context, id string, n int, lang string, crop bool, size BoardSize, r BoardRenderer, w io.Writer) error {
	return s.BoardAtFor(ctx, id, n, lang, crop, size, BoardReader{}, r, w)
}

// BoardReader is whom a web board is drawn for: the reader a personal
// link names in a game (WebBoardReader), the zero value a spectator.
type BoardReader struct {
	reader int // render's form: a car, fd.GameMaster, 0 for nobody's
}

// Key names the reader for a cache of boards: "" for a spectator, so that
// boards drawn for different readers never share an entry.
func (b BoardReader) Key() string {
	switch {
	case b.reader == fd.GameMaster:
		return "master"
	case b.reader > 0:
		return fmt.Sprintf("car%d", b.reader)
	}
	return ""
}

// WebBoardReader is the reader of game id's board reached through the
// personal token token, as the game's page reads its viewer (WebGame):
// his car's seat, the game master when he drives none, else a spectator;
// no token, a spectator. A token that names no player now (malformed, or
// reset) is ErrBadToken: the board is refused, as the page's orders are.
func (s *Service) WebBoardReader(ctx context.Context, id, token string) (BoardReader, error) {
	var b BoardReader
	if token == "" {
		return b, nil
	}
	err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		p, known, err := playerOfToken(tx, token)
		if err != nil {
			return err
		}
		if !known {
			return ErrBadToken
		}
		row, err := gameRow(tx, id)
		if err != nil {
			return err
		}
		m, err := decodeMeta(row)
		if err != nil {
			return err
		}
		seats, err := tx.Seats(id)
		if err != nil {
			return err
		}
		car := 0
		for _, seat := range seats {
			if seat.Player == p.ID {
				car = seat.Number
			}
		}
		// render's reader is a car, fd.GameMaster or 0 (BoardOptions.Reader),
		// not the contract's seat that readerOf gives
		switch {
		case car > 0:
			b.reader = car
		case m.Master == p.ID:
			b.reader = fd.GameMaster
		}
		return nil
	})
	return b, err
}

// BoardAtFor is BoardAtSize drawn for reader: under league variant 5-D
// (a game whose contract hides a racing car's build from a spectator at
// play n) his board shows what he may read (his own car's build and
// options with their costs, the game master's every car's). Where a
// spectator reads every build the spectator's board is drawn, for any
// reader, so that without 5-D every reader's board is the same bytes as
// before; so is it when r draws for no reader.
func (s *Service) BoardAtFor(ctx context.Context, id string, n int, lang string, crop bool, size BoardSize, reader BoardReader, r BoardRenderer, w io.Writer) error {
	return s.store.View(ctx, func(tx persistence.ReadTx) error {
		row, err := gameRow(tx, id)
		if err != nil {
			return err
		}
		if row.State == persistence.GameSetup {
			return ErrNoBoard
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
		c, err := s.circuit(m.Track)
		if err != nil {
			return err
		}
		last := rec.LastPlay()
		if n < 0 || n > last {
			n = last
		}
		g, err := raceOf(m.loader(id, c).ReplayAfter(eventLines(rec.Events), n))
		if err != nil {
			return err
		}
		who := reader.reader
		if !hidesABuild(g) {
			who = 0
		}
		race := fd.NewContract(g, sayPhrase)
		if who != 0 {
			sr, sized := r.(SizedReaderRenderer)
			rr, forReader := r.(ReaderRenderer)
			switch {
			case sized && size != (BoardSize{}):
				return sr.BoardPNGSizedFor(w, race, lang, crop, size, who)
			case forReader && size == (BoardSize{}):
				return rr.BoardPNGFor(w, race, lang, who, crop)
			}
			// a renderer that draws for nobody in particular: the
			// spectator's board, which shows no more than reader may read
		}
		if sr, ok := r.(SizedRenderer); ok && size != (BoardSize{}) {
			return sr.BoardPNGSized(w, race, lang, crop, size)
		}
		if c, ok := r.(CropRenderer); ok && crop {
			return c.CropPNG(w, race, lang)
		}
		return r.BoardPNG(w, race, lang)
	})
}

// hidesABuild reports whether g's contract keeps some car's build from a
// spectator now (league variant 5-D, a racing car): only then may a
// reader's board differ from a spectator's.
func hidesABuild(g *fd.Game) bool {
	con := fd.NewContract(g, nil)
	for car := 1; car <= len(g.Cars); car++ {
		if !con.ReadsBuild(-1, car) { // -1: a spectator
			return true
		}
	}
	return false
}

// GameVersion is a game's version (it grows with every commit), for the
// page's live updates.
func (s *Service) GameVersion(ctx context.Context, id string) (int64, error) {
	var v int64
	err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		row, err := gameRow(tx, id)
		v = row.Version
		return err
	})
	return v, err
}

// GameRecord is a game's record as text (docs/record.md), with the seed
// once the race is over: the public page's record.txt, read by anyone.
// When the game contract hands a line out to fewer readers than everyone
// (league variant 5-D: a racing car's build lines, until its race ends),
// the record is told line by line as a spectator reads it
// (publicRecordText: such lines are comments): such a record replays only
// once the race is over.
func (s *Service) GameRecord(ctx context.Context, id string) (string, error) {
	var out string
	err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		row, m, rec, _, err := storedRecord(tx, id)
		if err != nil {
			return err
		}
		if row.State == persistence.GameFinished {
			rec.Seed = m.Seed
		}
		out = rec.Text()
		if row.State == persistence.GameFinished || row.State == persistence.GameSetup {
			return nil
		}
		if kindOf(m) != nil {
			// a game served through the contract alone (Racing Simulator,
			// the duels) writes its record as it is, as before
			return nil
		}
		return s.withView(tx, id, func(l *live) error {
			if toldToSome(l.contract(), rec.Events) {
				out = publicRecordText(rec, l.contract(), -1)
			}
			return nil
		})
	})
	return out, err
}

// ErrBadToken refuses an order from a page whose personal link is not
// (or no longer) valid.
var ErrBadToken = &UserError{Msg: "this personal link is not valid (it may have been reset): ask for a new one with link",
	Fr: "ce lien personnel n'est pas valable (il a peut-être été renouvelé) : demandez-en un nouveau avec lien"}

// WebOrder is an order given on a game's page.
type WebOrder struct {
	Game, Token string
	// Text is the command, as in a mail or on Discord.
	Text string
	// Car and Decision name the decision a button answered (its
	// DecisionView token): a click on a button of an earlier decision is
	// refused with ErrStale. Decision "": a typed command.
	Car      int
	Decision string
	// Key de-duplicates: the same key is applied once (a double click).
	Key string
}

// WebHandle runs an order given on a page as its player's command,
// through Handle (or HandleDecision for a button): same validation, same
// transaction, same de-duplication as mail and Discord.
func (s *Service) WebHandle(ctx context.Context, o WebOrder) (string, error) {
	var ident persistence.Identity
	var found bool
	err := s.store.View(ctx, func(tx persistence.ReadTx) error {
		p, ok, err := playerOfToken(tx, o.Token)
		if err != nil || !ok {
			return err
		}
		// any identity of theirs but a mail address, whose orders are
		// answered as mail
		for _, id := range p.Identities {
			if !found || ident.Kind == persistence.IdentityEmail {
				ident, found = id, true
			}
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	if !found {
		return "", ErrBadToken
	}
	req := Request{Identity: ident, Game: o.Game, Text: o.Text}
	if o.Key != "" {
		req.Source, req.Key = "web", o.Key
	}
	if o.Decision != "" {
		return s.HandleDecision(ctx, req, o.Car, o.Decision)
	}
	return s.Handle(ctx, req)
}
