package bot

import (
	"fmt"
	"strings"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/duel"
)

// The side events' duels (AX-1 Dragster runs, AX-4 Fureur de vivre),
// engine/duel, served through the game contract like Racing Simulator:
// the league opens each as a game of two seats (bot/league_dragster.go).

// gameDuel is meta.Game and CreateRequest.Game of a duel; its Mode is the
// side event (AX-1 or AX-4), its Options the duel's options.
const gameDuel = "duel"

// duelKind serves engine/duel.
type duelKind struct{}

func (duelKind) config(m *meta) (duel.Config, error) { return duel.ParseConfig(m.Mode, m.Options) }

func (k duelKind) newGame(id string, req CreateRequest, m *meta, _ engine.Random) (engine.Game, error) {
	if len(req.Seats) != 2 {
		return nil, refusef("a duel has two pilots, not %d", "un duel oppose deux pilotes, pas %d", len(req.Seats))
	}
	cfg, err := duel.ParseConfig(req.Mode, req.Optional)
	if err != nil {
		return nil, &UserError{Msg: err.Error()}
	}
	g, err := duel.New(id, cfg)
	if err != nil {
		return nil, &UserError{Msg: err.Error()}
	}
	m.Mode, m.Options, m.Track, m.Cars = string(cfg.Mode), cfg.Options(), "strip", 2
	return duel.Contract{G: g}, nil
}

func (k duelKind) replay(id string, m *meta, lines []string) (engine.Game, error) {
	cfg, err := k.config(m)
	if err != nil {
		return nil, err
	}
	g, err := duel.Replay(id, cfg, lines, nil)
	if err != nil {
		return nil, fmt.Errorf("game %s does not replay: %w", id, err)
	}
	return duel.Contract{G: g}, nil
}

func (k duelKind) verify(id string, m *meta, lines []string) (string, error) {
	cfg, err := k.config(m)
	if err != nil {
		return "", err
	}
	seed, err := m.seed()
	if err != nil {
		return "", err
	}
	n, err := duel.Verify(id, cfg, lines, seed)
	if err != nil {
		return "", fmt.Errorf("game %s does not replay by the rules: %w", id, err)
	}
	return fmt.Sprintf("every roll (%d) matches the seed", n), nil
}

// parseOrder reads a duel's order: a gear (3, gear 3, 3rd, rapport 3,
// 3e), stop (arret), parachute, neutral (point mort, 0).
func (duelKind) parseOrder(text string) (string, error) { return ParseDuelOrder(text) }

// ParseDuelOrder reads a duel's order line into its key; errNotOrder for
// any other line.
func ParseDuelOrder(text string) (string, error) {
	if len(text) > MaxCommandLength {
		return "", errNotOrder
	}
	f := strings.Fields(strings.Trim(Fold(text), " !./"))
	if len(f) > 0 && (f[0] == "gear" || f[0] == "rapport" || f[0] == "vitesse") {
		f = f[1:]
	}
	if len(f) == 1 {
		w := f[0]
		switch w {
		case "stop", "arret", "halt":
			return "stop", nil
		case "parachute", "chute":
			return "parachute", nil
		case "neutral", "neutre", "0":
			return "0", nil
		}
		w = strings.TrimRight(w, "stndrhe")
		if len(w) == 1 && w[0] >= '1' && w[0] <= '6' {
			return w, nil
		}
	}
	if len(f) == 2 && f[0] == "point" && f[1] == "mort" {
		return "0", nil
	}
	return "", errNotOrder
}

func (duelKind) orderWords(key, lang string) string { return duel.OrderWords(key, lang) }

func (duelKind) help(lang string) string {
	return inLang(lang, [2]string{
		`Orders (a duel, one sealed order a tick, revealed when both are in): a gear (1 to 6; 1 to 5 in Fureur de vivre) · stop (Dragster, from 1st or 2nd) · parachute (Dragster, from 3rd, once a run) · neutral (Fureur de vivre, after a move in 1st).
Other: status · log N · auto on|off`,
		`Ordres (un duel, un ordre secret par top, révélé quand les deux sont là) : un rapport (1 à 6 ; 1 à 5 dans Fureur de vivre) · arret (Dragster, depuis la 1re ou la 2e) · parachute (Dragster, depuis la 3e, une fois par manche) · point mort (Fureur de vivre, après un coup en 1re).
Autres : etat · historique N · auto on|off`})
}

// changesBoard: a sealed order changes nothing anyone sees.
func (duelKind) changesBoard(evs []engine.Event) bool {
	for _, e := range evs {
		if e.Kind() != "order" {
			return true
		}
	}
	return false
}

func (duelKind) name(m *meta, lang string) string {
	if m.Mode == string(duel.Chicken) {
		return inLang(lang, [2]string{"Fureur de vivre (AX-4)", "Fureur de vivre (AX-4)"})
	}
	return inLang(lang, [2]string{"Dragster run (AX-1)", "Manche de Dragster (AX-1)"})
}
