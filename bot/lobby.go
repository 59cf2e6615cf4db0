package bot

import (
	"context"
	"errors"
	"fmt"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/ai"
	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/street"
	"github.com/pitwall/pitwall/persistence"
)

// OpenRequest opens a race that players join before its creator starts
// it (as /race new, join and start do on Discord).
type OpenRequest struct {
	Track string
	// Game is "fd" (or empty) for Formula Dé, "rs" for Racing Simulator,
	// whose Mode is family or standard and Optional its optional rules.
	Game     string
	Mode     string
	Rules    string
	Seed     string
	Laps     int
	Optional []string
	// Creator opens the race, takes seat 1 and is its game master; Name is
	// used when the identity is new.
	Creator persistence.Identity
	Name    string
	// Channel is notified of every play (e.g. the race's Discord thread).
	Channel *Channel
	// Bots seats that many AI drivers after the creator, at BotLevel
	// (rookie, pro or legend; pro when empty).
	Bots     int
	BotLevel string
	// Answer, when set, is the answer to the mail that asked for the
	// race: it is committed in the race's own transaction with the mail's
	// de-duplication keys, so that a crash leaves either both or neither
	// and a mail delivered again never opens a second race.
	Answer *MailAnswer
}

// MailAnswer is the answer to the mail that opened a race.
type MailAnswer struct {
	// Addr gets the answer (the creator's address); empty, only the keys
	// are recorded (mail to that address is disabled).
	Addr string
	// Head threads the answer under the mail (its Subject is set here:
	// the race waiting to start, in the creator's language).
	Head MailHead
	// Text writes the answer for the race id in the creator's language.
	Text func(id, lang string) string
	// Keys are the mail's de-duplication keys (source, key).
	Keys [][2]string
}

// ErrHandled is returned by Open when the mail that asks for the race
// was handled already (one of its keys is recorded): nothing is done.
var ErrHandled = errors.New("this mail was handled already")

// waitingSubject says a race waits for its players.
func waitingSubject(track, lang string) string {
	if lang == "fr" {
		return fmt.Sprintf("Course en attente : %s", track)
	}
	return fmt.Sprintf("Race waiting to start: %s", track)
}

// Open creates a race in its lobby: the creator is seated, others join,
// the creator starts it. A Racing Simulator race (Game "rs", or a track
// that is a Racing Simulator circuit) has its own lobby (bot/rs_lobby.go).
func (s *Service) Open(ctx context.Context, req OpenRequest) (string, error) {
	if req.Game == "" && isRSCircuit(req.Track) {
		req.Game = gameRS
	}
	if req.Game != "" && req.Game != "fd" {
		return s.openServed(ctx, req)
	}
	cfg, err := buildConfig(req.Rules, req.Laps, req.Optional)
	if err != nil {
		return "", err
	}
	c, err := s.circuit(req.Track)
	if err != nil {
		return "", &UserError{Msg: err.Error(), Fr: fmt.Sprintf("pas de circuit %q", req.Track)}
	}
	seed, err := newSeed(req.Seed, s.opts.Random)
	if err != nil {
		return "", err
	}
	id := "g-" + dice.Commitment(seed)[:10]
	m := &meta{Rules: string(cfg.Rules), Options: cfg.Options(), Track: c.ID, Commitment: dice.Commitment(seed), Seed: seedHex(seed), MaxMisses: 3}
	if req.Channel != nil {
		m.Channels = []Channel{*req.Channel}
	}
	if req.Bots < 0 || req.Bots >= fd.MaxCars {
		return "", refusef("%d AI drivers: from 0 to %d beside the creator", "%d pilotes IA : de 0 à %d en plus du créateur", req.Bots, fd.MaxCars-1)
	}
	level := ai.Pro
	if req.BotLevel != "" {
		if level, err = ai.ParseLevel(req.BotLevel); err != nil {
			return "", &UserError{Msg: err.Error()}
		}
	}
	for car := 2; car <= req.Bots+1; car++ {
		if m.AI == nil {
			m.AI = map[int]string{}
		}
		m.AI[car] = level.String()
	}
	return s.openLobby(ctx, req, id, m, c.Name)
}

// openLobby stores a race waiting for its players: the creator in seat 1
// and game master, req.Bots seats without a player after it, and the
// answer to the mail that asked for it.
func (s *Service) openLobby(ctx context.Context, req OpenRequest, id string, m *meta, trackName string) (string, error) {
	err := s.store.Update(ctx, func(tx persistence.Tx) error {
		if a := req.Answer; a != nil {
			for _, k := range a.Keys {
				if k[0] == "" || k[1] == "" {
					continue
				}
				if _, seen, err := tx.SeenInbound(k[0], k[1]); err != nil {
					return err
				} else if seen {
					return ErrHandled
				}
			}
		}
		if _, err := tx.Game(id); err == nil {
			return refusef("game %s already exists (same seed)", "la partie %s existe déjà (même graine)", id)
		}
		p, err := s.EnsurePlayer(tx, req.Creator, req.Name)
		if err != nil {
			return err
		}
		m.Master = p.ID
		if _, err := tx.CreateGame(persistence.Game{ID: id, Created: s.opts.Now(), Meta: m.encode(), State: persistence.GameSetup}); err != nil {
			return err
		}
		if err := tx.PutSeat(persistence.Seat{Game: id, Number: 1, Player: p.ID}); err != nil {
			return err
		}
		for car := 2; car <= req.Bots+1; car++ {
			if err := tx.PutSeat(persistence.Seat{Game: id, Number: car}); err != nil { // an AI driver's seat
				return err
			}
		}
		if req.Answer != nil {
			return s.answerOpen(tx, id, trackName, p, *req.Answer)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// answerOpen enqueues the answer to the mail that opened race id and
// records the mail's keys, in the race's transaction.
func (s *Service) answerOpen(tx persistence.Tx, id, track string, creator persistence.Player, a MailAnswer) error {
	lang := creator.Language
	if a.Addr != "" {
		head := a.Head
		head.Subject = waitingSubject(track, lang)
		head.Reply = true
		m := persistence.Message{Game: id, Transport: persistence.IdentityEmail, Target: a.Addr,
			Text: EncodeMail(head, a.Text(id, lang)), Created: s.opts.Now()}
		if _, err := tx.Enqueue(m); err != nil {
			return err
		}
	}
	for _, k := range a.Keys {
		if k[0] == "" || k[1] == "" {
			continue
		}
		if err := tx.RecordInbound(persistence.Inbound{Source: k[0], Key: k[1], Game: id, Reply: "opened " + id, Received: s.opts.Now()}); err != nil {
			return err
		}
	}
	return nil
}

// EnsurePlayer finds the player behind an identity, creating it (named
// name) when it is new: transports call it for the people who speak.
func (s *Service) EnsurePlayer(tx persistence.Tx, ident persistence.Identity, name string) (persistence.Player, error) {
	p, err := tx.PlayerByIdentity(ident.Kind, ident.Value)
	if err == nil {
		return p, nil
	}
	if name == "" {
		name = ident.Value
	}
	p = persistence.Player{ID: ident.Kind + ":" + ident.Value, Name: name, TimeZone: "UTC", Language: "en", Identities: []persistence.Identity{ident}}
	return p, tx.CreatePlayer(p)
}

// buildConfig is the configuration of a new race.
func buildConfig(rules string, laps int, optional []string, variants ...string) (fd.Config, error) {
	cfg := fd.ConfigFor(fd.Ruleset(rules))
	if laps > 0 {
		cfg.Laps = laps
	}
	for _, o := range optional {
		if err := cfg.EnableOptional(o); err != nil {
			return cfg, &UserError{Msg: err.Error()}
		}
	}
	for _, v := range variants {
		if err := cfg.EnableVariant(v); err != nil { // league-variants.md
			return cfg, &UserError{Msg: err.Error()}
		}
	}
	if err := cfg.Validate(); err != nil {
		return cfg, &UserError{Msg: err.Error()}
	}
	return cfg, nil
}

// lobbyCommand answers commands while the race waits to start.
func (s *Service) lobbyCommand(tx persistence.Tx, l *live, p persistence.Player, cmd Command, lang string) (string, error) {
	switch cmd.Verb {
	case VerbHelp:
		return helpText(lang), nil
	case VerbStatus, VerbBoard:
		return s.statusText(l, lang, 0, false, false), nil
	case VerbJoin:
		if _, seated := l.carOf(p.ID); seated {
			return "", langErrorf(lang, "%s already has a seat", "%s a déjà une voiture", p.Name)
		}
		if len(l.seats) >= fd.MaxCars {
			return "", langErrorf(lang, "the grid is full (%d cars)", "la grille est pleine (%d voitures)", fd.MaxCars)
		}
		seat := persistence.Seat{Game: l.row.ID, Number: len(l.seats) + 1, Player: p.ID}
		if err := tx.PutSeat(seat); err != nil {
			return "", err
		}
		l.seats = append(l.seats, seat)
		return inLangf(lang, "%s takes car %d", "%s prend la voiture %d", p.Name, seat.Number), nil
	case VerbDriver:
		// U-DRV-01: a street racer picks a driver when joining
		car, seated := l.carOf(p.ID)
		if !seated {
			return "", langErrorf(lang, "join first, then pick your driver", "rejoignez d'abord la course, puis choisissez votre pilote")
		}
		if !fd.Ruleset(l.meta.Rules).Info().Drivers {
			return "", langErrorf(lang, "drivers belong to street races", "les pilotes appartiennent aux courses de rue")
		}
		dr, ok := street.FindDriver(cmd.Name)
		if !ok {
			return "", langErrorf(lang, "no driver called %q", "aucun pilote ne s'appelle %q", cmd.Name)
		}
		for other, key := range l.meta.Drivers {
			if key == dr.Key && other != car {
				return "", langErrorf(lang, "%s already drives for car %d", "%s pilote déjà la voiture %d", dr.Name, other)
			}
		}
		if l.meta.Drivers == nil {
			l.meta.Drivers = map[int]string{}
		}
		l.meta.Drivers[car] = dr.Key
		return inLangf(lang, "%s will drive %s", "%s pilotera %s", p.Name, dr.Name), nil
	case VerbSeatAuto:
		// U-DRV-01: a driver nobody chose races only when the game master
		// seats it, driven by the autopilot
		if l.meta.Master != p.ID {
			return "", langErrorf(lang, "only the game master seats a car on autopilot", "seul le maître de jeu place une voiture en pilote automatique")
		}
		if !fd.Ruleset(l.meta.Rules).Info().Drivers {
			return "", langErrorf(lang, "drivers belong to street races", "les pilotes appartiennent aux courses de rue")
		}
		dr, ok := street.FindDriver(cmd.Name)
		if !ok {
			return "", langErrorf(lang, "no driver called %q", "aucun pilote ne s'appelle %q", cmd.Name)
		}
		for other, key := range l.meta.Drivers {
			if key == dr.Key {
				return "", langErrorf(lang, "%s already drives for car %d", "%s pilote déjà la voiture %d", dr.Name, other)
			}
		}
		if len(l.seats) >= fd.MaxCars {
			return "", langErrorf(lang, "the grid is full (%d cars)", "la grille est pleine (%d voitures)", fd.MaxCars)
		}
		seat := persistence.Seat{Game: l.row.ID, Number: len(l.seats) + 1, Autopilot: true}
		if err := tx.PutSeat(seat); err != nil {
			return "", err
		}
		l.seats = append(l.seats, seat)
		if l.meta.Drivers == nil {
			l.meta.Drivers = map[int]string{}
		}
		l.meta.Drivers[seat.Number] = dr.Key
		return inLangf(lang, "car %d: %s, on autopilot", "voiture %d : %s, en pilote automatique", seat.Number, dr.Name), nil
	case VerbBots:
		if l.meta.Master != p.ID {
			return "", langErrorf(lang, "only the game master seats AI drivers", "seul le maître de jeu place des pilotes IA")
		}
		if len(l.seats)+cmd.Number > fd.MaxCars {
			return "", langErrorf(lang, "%d more cars do not fit: the grid has %d free places (%d cars at most)",
				"%d voitures de plus ne tiennent pas : la grille a %d places libres (%d voitures au plus)", cmd.Number, fd.MaxCars-len(l.seats), fd.MaxCars)
		}
		first := len(l.seats) + 1
		for range cmd.Number {
			seat := persistence.Seat{Game: l.row.ID, Number: len(l.seats) + 1}
			if err := tx.PutSeat(seat); err != nil {
				return "", err
			}
			l.seats = append(l.seats, seat)
			if l.meta.AI == nil {
				l.meta.AI = map[int]string{}
			}
			l.meta.AI[seat.Number] = cmd.Word
		}
		return botsText(first, len(l.seats), cmd.Word, lang), nil
	case VerbStart:
		if l.meta.Master != p.ID {
			return "", langErrorf(lang, "only the game master starts the race", "seul le maître de jeu lance la course")
		}
		out, err := s.startRace(l, lang)
		if err != nil || len(l.meta.AI) == 0 {
			return out, err
		}
		return out, s.autoplayTurns(l, tx) // the AI drivers decide at once
	}
	return "", langErrorf(lang, "the race has not started: players send join, the game master sends start",
		"la course n'a pas commencé : les joueurs envoient rejoindre, le maître de jeu envoie démarrer")
}

// inLangf formats the English or the French of a sentence.
func inLangf(lang, en, fr string, a ...any) string {
	if lang == "fr" {
		return fmt.Sprintf(fr, a...)
	}
	return fmt.Sprintf(en, a...)
}

// langErrorf is a refusal in the player's language.
func langErrorf(lang, en, fr string, a ...any) error {
	return &UserError{Msg: inLangf(lang, en, fr, a...)}
}

// botsText says which cars the AI drivers race, in the player's language.
// levelWord is an AI level in the reader's language.
func levelWord(level, lang string) string {
	if lang == "fr" {
		return map[string]string{"rookie": "débutant", "pro": "pro", "legend": "légende"}[level]
	}
	return level
}

func botsText(first, last int, level, lang string) string {
	if lang == "fr" {
		lvl := levelWord(level, lang)
		if first == last {
			return fmt.Sprintf("voiture %d : un pilote IA de niveau %s", first, lvl)
		}
		return fmt.Sprintf("voitures %d à %d : des pilotes IA de niveau %s", first, last, lvl)
	}
	if first == last {
		return fmt.Sprintf("car %d: an AI driver, level %s", first, level)
	}
	return fmt.Sprintf("cars %d to %d: AI drivers, level %s", first, last, level)
}

// startRace builds the engine for the seated cars and plays its setup.
func (s *Service) startRace(l *live, lang string) (string, error) {
	rec := &fd.Record{Rules: fd.Ruleset(l.meta.Rules), Options: l.meta.Options}
	cfg, err := rec.Config()
	if err != nil {
		return "", err
	}
	g, err := fd.NewGame(l.row.ID, cfg, l.track, len(l.seats))
	if err != nil {
		return "", &UserError{Msg: err.Error()}
	}
	if err := g.Start(s.dice(l)); err != nil {
		return "", err
	}
	l.game = fd.NewContract(g, sayPhrase)
	// the start is the race's first step: everything its record holds
	l.took(engine.Step{Events: l.game.Events()})
	l.meta.Cars = len(l.seats)
	l.row.State = persistence.GameRunning
	// the drivers picked in the lobby answer the driver decision at once
	for car := 1; car <= len(l.seats); car++ {
		key, ok := l.meta.Drivers[car]
		if !ok {
			continue
		}
		if key, err := orderKey(l, car, Command{Verb: VerbDriver, Name: key}, ""); err == nil {
			if _, err := s.submitKey(l, car, key); err != nil && !isRefusal(err) {
				return "", err
			}
		}
	}
	return inLangf(lang, "the race starts with %d cars", "la course part avec %d voitures", len(l.seats)), nil
}
