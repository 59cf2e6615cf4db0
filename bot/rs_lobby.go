package bot

import (
	"context"
	"slices"
	"strings"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/ai"
	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/rs"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/tracks/rscircuit"
)

// The lobby of a Racing Simulator race opened on Discord (/race new
// game:rs) or by mail (new race windmere): the creator sits in seat 1,
// players join, the game master seats AI drivers (bots N [LEVEL]) and starts
// it; the start deals the cards as game create does (createServed).

// isRSCircuit reports whether track names a Racing Simulator circuit: a
// mail's "new race windmere" opens a Racing Simulator race.
func isRSCircuit(track string) bool {
	return slices.Contains(rscircuit.IDs(), strings.TrimSpace(track))
}

// rsModes reads a mode as a player writes it (English or French).
var rsModes = map[string]rs.Mode{"": rs.Family, "family": rs.Family, "famille": rs.Family, "familial": rs.Family, "standard": rs.Standard}

// openServed opens a Racing Simulator race in its lobby.
func (s *Service) openServed(ctx context.Context, req OpenRequest) (string, error) {
	if req.Game != gameRS {
		return "", refusef("no game %q: fd (Formula Dé) or rs (Racing Simulator)", "pas de jeu %q : fd (Formula Dé) ou rs (Racing Simulator)", req.Game)
	}
	c, err := rscircuit.Get(strings.TrimSpace(req.Track))
	if err != nil {
		return "", refusef("no Racing Simulator circuit %q: %s", "pas de circuit de Racing Simulator %q : %s", req.Track, strings.Join(rscircuit.IDs(), ", "))
	}
	mode := strings.ToLower(strings.TrimSpace(req.Mode))
	switch {
	case req.Rules != "" && req.Mode == "":
		mode = strings.ToLower(req.Rules) // by mail: new race windmere standard
	case req.Rules != "":
		return "", refusef("Racing Simulator has no rules of Formula Dé: give its mode (family or standard)", "Racing Simulator n'a pas de règles de Formula Dé : donnez son mode (familial ou standard)")
	}
	cfg := rs.Config{Mode: rsModes[Fold(mode)], Seats: 1 + req.Bots}
	if cfg.Mode == "" {
		return "", refusef("%q: the Racing Simulator game is family or standard", "%q : le jeu Racing Simulator est familial (family) ou standard", mode)
	}
	if req.Laps != 0 {
		return "", refusef("a Racing Simulator race has no laps to choose: its circuit sets them", "une course de Racing Simulator n'a pas de tours à choisir : son circuit les fixe")
	}
	if req.Bots < 0 || req.Bots >= rs.MaxSeats {
		return "", refusef("%d AI drivers: from 0 to %d beside the creator", "%d pilotes IA : de 0 à %d en plus du créateur", req.Bots, rs.MaxSeats-1)
	}
	for _, o := range req.Optional {
		if o = strings.TrimSpace(o); o == "" {
			continue
		}
		if err := cfg.SetOptional(o); err != nil {
			return "", &UserError{Msg: err.Error()}
		}
	}
	seed, err := newSeed(req.Seed, s.opts.Random)
	if err != nil {
		return "", err
	}
	id := "g-" + dice.Commitment(seed)[:10]
	m := &meta{Game: gameRS, Mode: string(cfg.Mode), Options: cfg.Optional(), Track: c.ID, Commitment: dice.Commitment(seed), Seed: seedHex(seed),
		MaxMisses: 3, TimeoutAutopilot: true}
	if req.Channel != nil {
		m.Channels = []Channel{*req.Channel}
	}
	level := ai.Pro // as in a Formula Dé lobby
	if req.BotLevel != "" {
		if level, err = ai.ParseLevel(req.BotLevel); err != nil {
			return "", &UserError{Msg: err.Error()}
		}
	}
	for car := 2; car <= req.Bots+1; car++ {
		if m.AI == nil {
			m.AI = map[int]string{}
		}
		m.AI[car] = level.String() // Racing Simulator's AI driver at that level (engine/rs/ai)
	}
	id, err = s.openLobby(ctx, req, id, m, c.Name)
	if err == nil {
		s.kinds.Store(id, true)
	}
	return id, err
}

// servedLobbyCommand answers a command to a Racing Simulator race waiting
// for its players; handled is false once the race has started.
func (s *Service) servedLobbyCommand(tx persistence.Tx, id string, p persistence.Player, text, lang string) (reply string, handled bool, err error) {
	row, err := gameRow(tx, id)
	if err != nil || row.State != persistence.GameSetup {
		return "", false, err
	}
	m, err := decodeMeta(row)
	if err != nil {
		return "", true, err
	}
	seats, err := tx.Seats(id)
	if err != nil {
		return "", true, err
	}
	seated := slices.ContainsFunc(seats, func(st persistence.Seat) bool { return st.Player == p.ID })
	master := m.Master == p.ID
	saved := func(said string) (string, bool, error) {
		row.Meta = m.encode()
		_, err := tx.UpdateGame(row)
		return said, true, err
	}
	cmd, err := Parse(text)
	if err != nil {
		return "", true, langErrorf(lang, "the race has not started: players send join, the game master sends start",
			"la course n'a pas commencé : les joueurs envoient rejoindre, le maître de jeu envoie démarrer")
	}
	switch cmd.Verb {
	case VerbHelp:
		return rsHelpText(lang), true, nil
	case VerbStatus, VerbBoard:
		return inLangf(lang, "Racing Simulator (%s) on %s, waiting to start: %d cars seated.", "Racing Simulator (%s) sur %s, en attente du départ : %d voitures placées.",
			m.Mode, m.Track, len(seats)), true, nil
	case VerbJoin:
		if seated {
			return "", true, langErrorf(lang, "%s already has a seat", "%s a déjà une voiture", p.Name)
		}
		if len(seats) >= rs.MaxSeats {
			return "", true, langErrorf(lang, "the grid is full (%d cars)", "la grille est pleine (%d voitures)", rs.MaxSeats)
		}
		seat := persistence.Seat{Game: id, Number: len(seats) + 1, Player: p.ID}
		if err := tx.PutSeat(seat); err != nil {
			return "", true, err
		}
		return inLangf(lang, "%s takes car %d", "%s prend la voiture %d", p.Name, seat.Number), true, nil
	case VerbBots:
		if !master {
			return "", true, langErrorf(lang, "only the game master seats AI drivers", "seul le maître de jeu place des pilotes IA")
		}
		if len(seats)+cmd.Number > rs.MaxSeats {
			return "", true, langErrorf(lang, "%d more cars do not fit: %d cars at most", "%d voitures de plus ne tiennent pas : %d voitures au plus", cmd.Number, rs.MaxSeats)
		}
		first := len(seats) + 1
		for n := first; n < first+cmd.Number; n++ {
			if err := tx.PutSeat(persistence.Seat{Game: id, Number: n, Autopilot: true}); err != nil {
				return "", true, err
			}
			if m.AI == nil {
				m.AI = map[int]string{}
			}
			m.AI[n] = cmd.Word // the level, pro unless said
		}
		return saved(botsText(first, first+cmd.Number-1, cmd.Word, lang))
	case VerbStart:
		if !master {
			return "", true, langErrorf(lang, "only the game master starts the race", "seul le maître de jeu lance la course")
		}
		said, err := s.startServed(tx, row, m, seats, lang)
		return said, true, err
	}
	return "", true, langErrorf(lang, "the race has not started: players send join, the game master sends start",
		"la course n'a pas commencé : les joueurs envoient rejoindre, le maître de jeu envoie démarrer")
}

// startServed deals a lobby's race: the setup rolled from the committed
// seed, every seat told its own hand, deadlines armed — as game create.
func (s *Service) startServed(tx persistence.Tx, row persistence.Game, m *meta, seats []persistence.Seat, lang string) (string, error) {
	k := kindOf(m)
	seed, err := m.seed()
	if err != nil {
		return "", err
	}
	req := CreateRequest{Game: m.Game, Mode: m.Mode, Optional: m.Options, Track: m.Track, Seats: make([]string, len(seats))}
	g, err := k.newGame(row.ID, req, m, dice.NewSeeded(seed))
	if err != nil {
		return "", err
	}
	row.State = persistence.GameRunning
	l := &served{row: row, meta: m, kind: k, seats: seats, game: g}
	l.took(engine.Step{Events: g.Events()}) // the deal is the game's first step
	if err := s.autoplayServed(l); err != nil {
		return "", err
	}
	if err := s.commitServed(tx, l); err != nil {
		return "", err
	}
	return inLangf(lang, "the race starts with %d cars", "la course part avec %d voitures", len(seats)), nil
}
