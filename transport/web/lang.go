package web

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// message is a text of the page in English and French.
type message [2]string

func (m message) in(lang string) string {
	if lang == "fr" {
		return m[1]
	}
	return m[0]
}

var (
	msgNotFound    = message{"There is no such page here.", "Il n'y a pas de telle page ici."}
	msgNoLeague    = message{"There is no league with this id on this server.", "Il n'y a pas de ligue de ce nom sur ce serveur."}
	msgNoImage     = message{"This server draws no standings image.", "Ce serveur ne dessine pas d'image des classements."}
	msgNoGame      = message{"There is no game with this id on this server.", "Il n'y a pas de partie de ce numéro sur ce serveur."}
	msgBadPlay     = message{"The play must be a whole number from 0 to the last play of the game.", "Le coup doit être un nombre entier de 0 au dernier coup de la partie."}
	msgBadLang     = message{"The language must be en or fr.", "La langue doit être en ou fr."}
	msgBadWidth    = message{"The width must be a whole number of pixels, for example w=800.", "La largeur doit être un nombre entier de pixels, par exemple w=800."}
	msgBadView     = message{"The view must be board or crop.", "La vue doit être board ou crop."}
	msgNoBoard     = message{"There is no board before the race starts.", "Il n'y a pas de plateau avant le départ."}
	msgTooBig      = message{"This request is too large.", "Cette requête est trop grande."}
	msgBadForm     = message{"This form could not be read: reload the page and try again.", "Ce formulaire est illisible : rechargez la page et réessayez."}
	msgBadToken    = message{"This personal link is not valid (it may have been reset): ask for a new one with link.", "Ce lien personnel n'est pas valable (il a peut-être été renouvelé) : demandez-en un nouveau avec lien."}
	msgCrossSite   = message{"This request came from another site: refused.", "Cette requête vient d'un autre site : refusée."}
	msgBadCSRF     = message{"This form is out of date or was not made by this page: reload the page.", "Ce formulaire est périmé ou ne vient pas de cette page : rechargez la page."}
	msgStale       = message{"That choice is no longer pending (it was made, or the game moved on): here is the game as it stands.", "Ce choix n'est plus en attente (il a été fait, ou la partie a avancé) : voici la partie telle qu'elle est."}
	msgBusy        = message{"The server has too many live pages open: reload this one in a minute.", "Le serveur a trop de pages en direct ouvertes : rechargez celle-ci dans une minute."}
	msgUnreadable  = message{"This game's stored record cannot be read: it is stopped until the server's operator repairs it. The other games go on.", "L'enregistrement de cette partie est illisible : elle est arrêtée jusqu'à ce que l'administrateur du serveur la répare. Les autres parties continuent."}
	msgInternal    = message{"Something went wrong on the server; nothing was changed.", "Quelque chose s'est mal passé sur le serveur ; rien n'a été changé."}
	msgEmptyOrder  = message{"Write a command (for example: gear 3, plan safe, pause).", "Écrivez une commande (par exemple : vitesse 3, consigne prudent, pause)."}
	msgOrderTooBig = message{"A command has at most 500 characters.", "Une commande a au plus 500 caractères."}
)

// words of the page, by key, in English and French
var words = map[string]message{
	"games":                    {"Games on this server", "Parties sur ce serveur"},
	"leagues":                  {"Leagues", "Ligues"},
	"calendar":                 {"Calendar", "Calendrier"},
	"league round":             {"Round", "Manche"},
	"event scheduled":          {"to come", "à venir"},
	"event running":            {"racing now", "en cours"},
	"event finished":           {"raced", "disputée"},
	"see game":                 {"see the game", "voir la partie"},
	"drives for":               {"drives for", "remplace"},
	"no event":                 {"No event in the calendar yet.", "Aucune course au calendrier pour l'instant."},
	"standings":                {"Standings", "Classements"},
	"ranking drivers":          {"Drivers' championship", "Championnat des pilotes"},
	"ranking teams":            {"Constructors' championship", "Championnat des constructeurs"},
	"ranking qualifying":       {"Qualifying ranking", "Classement des essais"},
	"ranking qualifying-teams": {"Qualifying ranking of the teams", "Classement des essais par écurie"},
	"ranking media":            {"Media ranking", "Classement médiatique"},
	"ranking media-teams":      {"Media ranking of the teams", "Classement médiatique par écurie"},
	"ranking pas-de-bol":       {"Coupe Pas de Bol", "Coupe Pas de Bol"},
	"points":                   {"Points", "Points"},
	"turns led":                {"Game turns led", "Tours de jeu en tête"},
	"name":                     {"Name", "Nom"},
	"no result":                {"No event has been raced yet.", "Aucune course n'a encore été disputée."},
	"standings alt":            {"The standings of the league", "Les classements de la ligue"},
	"entries":                  {"Entry list", "Engagés"},
	"banned":                   {"banned from the championship", "exclu du championnat"},
	"nobody yet":               {"Nobody yet.", "Personne pour l'instant."},
	"variants":                 {"variants", "variantes"},
	"no games":                 {"No game yet. Create one with pitwall game create, by mail or on Discord.", "Aucune partie pour l'instant. Créez-en une avec pitwall game create, par courrier ou sur Discord."},
	"hello":                    {"Signed in by your personal link as", "Connecté par votre lien personnel :"},
	"yours":                    {"your game", "votre partie"},
	"track":                    {"Circuit", "Circuit"},
	"state":                    {"State", "État"},
	"players":                  {"Players", "Joueurs"},
	"created":                  {"Created", "Créée"},
	"setup":                    {"waiting to start", "en attente du départ"},
	"running":                  {"running", "en cours"},
	"paused":                   {"paused", "en pause"},
	"finished":                 {"finished", "terminée"},
	"round":                    {"round", "tour de jeu"},
	"play":                     {"play", "coup"},
	"laps":                     {"laps", "tours"},
	"laps total":               {"laps:", "tours :"},
	"car":                      {"car", "voiture"},
	"nobody":                   {"nobody", "personne"},
	"autopilot":                {"autopilot", "pilote automatique"},
	"board":                    {"The board", "Le plateau"},
	"board alt":                {"The board of the game", "Le plateau de la partie"},
	"history":                  {"History", "Historique"},
	"after play":               {"after play", "après le coup"},
	"of":                       {"of", "sur"},
	"grid":                     {"the grid, before the first play", "la grille, avant le premier coup"},
	"show":                     {"Show", "Afficher"},
	"now":                      {"Now", "Maintenant"},
	"history hint":             {"Slide, or use the arrow keys, to step through every play.", "Glissez, ou utilisez les flèches du clavier, pour parcourir chaque coup."},
	"to act":                   {"Who must act", "Qui doit agir"},
	"by":                       {"by", "avant le"},
	"no deadline":              {"no deadline", "sans délai"},
	"your options":             {"Your options", "Vos options"},
	"log":                      {"The race in words", "La course en mots"},
	"before start":             {"Before the first play", "Avant le premier coup"},
	"dice":                     {"dice", "dés"},
	"results":                  {"Results", "Résultats"},
	"place":                    {"Place", "Place"},
	"driver":                   {"Driver", "Pilote"},
	"status":                   {"Status", "État"},
	"adjusted":                 {"adjusted by an official", "modifié par un officiel"},
	"verify":                   {"Verify the dice", "Vérifier les dés"},
	"commitment":               {"Commitment (published at the start)", "Engagement (publié au départ)"},
	"seed":                     {"Seed (revealed at the end)", "Graine (révélée à la fin)"},
	"seed secret":              {"The seed stays secret until the race is over.", "La graine reste secrète jusqu'à la fin de la course."},
	"record":                   {"Download the record", "Télécharger l'enregistrement"},
	"verify now":               {"Verify the record now", "Vérifier l'enregistrement maintenant"},
	"command":                  {"Any command", "Une commande"},
	"command hint":             {"Everything you could write by mail: next 3, plan safe, auto on, vacation 2026-12-20 2027-01-03, undo REASON…", "Tout ce que vous écririez par courrier : prochaine 3, consigne prudent, auto on, vacances 2026-12-20 2027-01-03, annuler RAISON…"},
	"send":                     {"Send", "Envoyer"},
	"master":                   {"Game master", "Maître de jeu"},
	"master hint":              {"Your commands as game master: pause, resume, deadline 24h, kick NAME, replace NAME with NAME, classify CAR PLACE…", "Vos commandes de maître de jeu : pause, reprendre, delai 24h, exclure NOM, remplacer NOM par NOM, classer VOITURE PLACE…"},
	"pause":                    {"Pause the game", "Mettre en pause"},
	"resume":                   {"Resume the game", "Reprendre la partie"},
	"auto on":                  {"Put my car on autopilot", "Mettre ma voiture en pilote automatique"},
	"auto off":                 {"Take my car back", "Reprendre ma voiture"},
	"you drive":                {"You drive car", "Vous pilotez la voiture"},
	"spectator":                {"You are watching: this page is read-only.", "Vous regardez : cette page est en lecture seule."},
	"premove":                  {"Your gear for the next play", "Votre vitesse pour le prochain coup"},
	"plans":                    {"Your standing orders", "Vos consignes"},
	"live":                     {"Updates by itself", "Se met à jour toute seule"},
	"lobby":                    {"The race has not started yet.", "La course n'a pas encore commencé."},
	"over":                     {"The race is over.", "La course est terminée."},
	"home":                     {"All games", "Toutes les parties"},
	"rules":                    {"Rules", "Règles"},
	"language":                 {"Français", "English"},
	"reply":                    {"Pitwall answers", "Pitwall répond"},
	"paused banner":            {"The game master has paused the game.", "Le maître de jeu a mis la partie en pause."},
	"waiting others":           {"Waiting for the other players.", "En attente des autres joueurs."},
}

// translator returns the page's words in lang.
func translator(lang string) func(string) string {
	return func(k string) string {
		if m, ok := words[k]; ok {
			return m.in(lang)
		}
		return k
	}
}

// parseAcceptLanguage picks fr or en from an Accept-Language header: the
// one with the highest weight, English when neither is named.
func parseAcceptLanguage(h string) string {
	if len(h) > 512 {
		h = h[:512]
	}
	best, bestQ := "en", -1.0
	for i, part := range strings.Split(h, ",") {
		if i >= 32 {
			break
		}
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		tag = strings.ToLower(strings.TrimSpace(tag))
		primary, _, _ := strings.Cut(tag, "-")
		if primary != "fr" && primary != "en" {
			continue
		}
		q := 1.0
		if p := strings.TrimSpace(params); strings.HasPrefix(p, "q=") {
			v, err := strconv.ParseFloat(strings.TrimPrefix(p, "q="), 64)
			if err != nil || v < 0 || v > 1 {
				continue
			}
			q = v
		}
		if q > bestQ {
			best, bestQ = primary, q
		}
	}
	return best
}

// langOf is the page's language: ?lang= when given (en, fr), else the
// browser's Accept-Language; a player's own language overrides both in
// the game pages (bot.WebGame). fallback "" means English.
func langOf(r *http.Request, fallback string) string {
	switch r.URL.Query().Get("lang") {
	case "fr":
		return "fr"
	case "en":
		return "en"
	}
	if fallback != "" {
		return fallback
	}
	return parseAcceptLanguage(r.Header.Get("Accept-Language"))
}

// readerLang is the language of a page or of a refusal: ?lang= when
// given (en, fr); else the language of the player whose personal token
// the request carries (?t=, or the t field of a posted form already
// parsed); else the browser's Accept-Language.
func (s *Server) readerLang(r *http.Request) string {
	switch l := r.URL.Query().Get("lang"); l {
	case "fr", "en":
		return l
	}
	tok := token(r.URL.Query().Get("t"))
	if tok == "" && r.PostForm != nil {
		tok = token(r.PostForm.Get("t"))
	}
	if tok != "" {
		if l, err := s.svc.WebLanguage(r.Context(), tok); err != nil {
			s.cfg.Logf("web: the reader's language: %v", err)
		} else if l != "" {
			return l
		}
	}
	return parseAcceptLanguage(r.Header.Get("Accept-Language"))
}

// parsePlay reads ?play=N: "" is the game as it stands (-1).
func parsePlay(s string) (int, error) {
	if s == "" {
		return -1, nil
	}
	if len(s) > 7 {
		return 0, fmt.Errorf("play %q too long", s)
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > maxPlay {
		return 0, fmt.Errorf("bad play %q", s)
	}
	return n, nil
}

var frMonths = [...]string{"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"}
var frDays = [...]string{"dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"}

// when writes a time in a zone and language ("Wed 25 Nov 09:00 CET",
// "mercredi 25 novembre à 09:00 CET").
func when(t time.Time, zone, lang string) string {
	loc, err := time.LoadLocation(zone)
	if err != nil || zone == "" {
		loc = time.UTC
	}
	t = t.In(loc)
	if lang == "fr" {
		return fmt.Sprintf("%s %d %s à %s", frDays[t.Weekday()], t.Day(), frMonths[t.Month()-1], t.Format("15:04 MST"))
	}
	return t.Format("Mon 2 Jan 15:04 MST")
}
