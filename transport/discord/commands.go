package discord

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/pitwall/pitwall/bot"
)

// gmCommands are the game master's subcommands: they need Manage Server
// or the configured role.
var gmCommands = map[string]bool{"pause": true, "resume": true, "deadline": true, "kick": true, "replace": true, "takeback": true}

// gmVerbs are the same commands as the command language names them.
var gmVerbs = map[bot.Verb]bool{bot.VerbPause: true, bot.VerbResume: true, bot.VerbDeadline: true, bot.VerbKick: true, bot.VerbReplace: true, bot.VerbTakeBack: true}

func str(name, desc string, required bool) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name, Description: desc, Required: required}
}

func integer(name, desc string, required bool, lo, hi float64) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: name, Description: desc, Required: required, MinValue: &lo, MaxValue: hi}
}

func choices(o *discordgo.ApplicationCommandOption, values ...string) *discordgo.ApplicationCommandOption {
	for _, v := range values {
		o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: v, Value: v})
	}
	return o
}

func auto(o *discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
	o.Autocomplete = true
	return o
}

func sub(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, Description: desc, Options: opts}
}

// french is every description of /race in French: Discord shows a
// player the descriptions of their client's language.
var french = map[string]string{
	"Open a race in this channel (its own thread) and take car 1": "Ouvrir une course dans ce salon (dans son propre fil) et prendre la voiture 1",
	"circuit id":                                     "identifiant du circuit",
	"ruleset (default fd2008)":                       "règles (fd2008 par défaut)",
	"number of laps":                                 "nombre de tours",
	"AI drivers to seat beside you":                  "pilotes IA à placer à vos côtés",
	"the AI drivers' level (default pro)":            "le niveau des pilotes IA (pro par défaut)",
	"Take a car in this channel's race":              "Prendre une voiture dans la course de ce salon",
	"Start the race (its creator)":                   "Lancer la course (son créateur)",
	"Choose your gear":                               "Choisir votre vitesse",
	"gear 1 to 6":                                    "vitesse de 1 à 6",
	"Choose a lettered option":                       "Choisir une option par sa lettre",
	"the letter of the option":                       "la lettre de l'option",
	"Enter the pit lane / choose the stop":           "Entrer dans la voie des stands / choisir l'arrêt",
	"hard, soft or rain":                             "dur (hard), tendre (soft) ou pluie (rain)",
	"technical stop":                                 "arrêt technique",
	"Choose tyres":                                   "Choisir les pneus",
	"Configure the car":                              "Régler la voiture",
	"6/3/3/3/3/2 or a letter":                        "6/3/3/3/3/2 ou une lettre",
	"The gear for your next play":                    "La vitesse de votre prochain coup",
	"Where the race stands":                          "Où en est la course",
	"The board now":                                  "Le plateau maintenant",
	"The commands":                                   "Les commandes",
	"The last events":                                "Les derniers événements",
	"how many":                                       "combien",
	"Standing orders":                                "Consignes permanentes",
	"the order":                                      "la consigne",
	"for tyres: the minimum":                         "pour les pneus : le minimum",
	"Put your car on autopilot or take it back":      "Confier votre voiture au pilote automatique ou la reprendre",
	"on or off":                                      "oui ou non",
	"The autopilot drives while you are away":        "Le pilote automatique conduit pendant votre absence",
	"YYYY-MM-DD":                                     "AAAA-MM-JJ",
	"Ask the game master to take back the last play": "Demander au maître de jeu d'annuler le dernier coup",
	"why":                                            "pourquoi",
	"Any order in the command language":              "N'importe quel ordre du langage de commande",
	"e.g. gear 4, B, pit soft":                       "p. ex. vitesse 4, B, stand tendre",
	"Game master: pause the race":                    "Maître de jeu : suspendre la course",
	"Game master: resume the race":                   "Maître de jeu : reprendre la course",
	"Game master: time for each decision":            "Maître de jeu : délai de chaque décision",
	"e.g. 24h":                                       "p. ex. 24h",
	"Game master: the autopilot takes a seat":        "Maître de jeu : le pilote automatique prend une voiture",
	"player name":                                    "nom du joueur",
	"Game master: give a seat to someone else":       "Maître de jeu : donner une voiture à quelqu'un d'autre",
	"new player name":                                "nom du nouveau joueur",
	"Game master: take back the last play":           "Maître de jeu : annuler le dernier coup",
	"Game master, before the start: seat AI drivers": "Maître de jeu, avant le départ : placer des pilotes IA",
	"how many cars":                                  "combien de voitures",
	"fd: Formula Dé (default); rs: Racing Simulator": "fd : Formula Dé (par défaut) ; rs : Racing Simulator",
	"Racing Simulator: family (default) or standard": "Racing Simulator : familial (family, par défaut) ou standard",
	"Racing Simulator standard game: optional rules, comma-separated": "Racing Simulator, jeu standard : règles optionnelles, séparées par des virgules",
	"rookie, pro or legend (default pro)":                             "débutant (rookie), pro ou légende (legend) (pro par défaut)",
}

// frenchChoices names the fixed choices in French (the values stay).
var frenchChoices = map[string]string{
	"hard": "dur", "soft": "tendre", "rain": "pluie",
	"safe": "prudent", "inside": "intérieur", "tyres": "pneus", "slipstream": "aspiration", "clear": "effacer",
	"rookie": "débutant", "legend": "légende", "family": "familial", "standard": "standard", "rs": "rs",
}

// localize gives every description and choice below opts its French.
func localize(opts []*discordgo.ApplicationCommandOption) {
	for _, o := range opts {
		if fr, ok := french[o.Description]; ok {
			o.DescriptionLocalizations = map[discordgo.Locale]string{discordgo.French: fr}
		}
		for _, c := range o.Choices {
			if fr, ok := frenchChoices[c.Name]; ok {
				c.NameLocalizations = map[discordgo.Locale]string{discordgo.French: fr}
			}
		}
		localize(o.Options)
	}
}

// commands is /race: one subcommand per verb of the command language.
func commands() []*discordgo.ApplicationCommand {
	cmds := append(raceCommand(), leagueCommand())
	for _, c := range cmds {
		localize(c.Options)
	}
	return cmds
}

func raceCommand() []*discordgo.ApplicationCommand {
	tyres := func() *discordgo.ApplicationCommandOption {
		return choices(str("tyres", "hard, soft or rain", false), "hard", "soft", "rain")
	}
	return []*discordgo.ApplicationCommand{{
		Name:                     "race",
		Description:              "Formula Dé races refereed by Pitwall",
		DescriptionLocalizations: &map[discordgo.Locale]string{discordgo.French: "Courses de Formula Dé arbitrées par Pitwall"},
		Options: []*discordgo.ApplicationCommandOption{
			sub("new", "Open a race in this channel (its own thread) and take car 1",
				auto(str("track", "circuit id", true)),
				choices(str("rules", "ruleset (default fd2008)", false), "fdr", "fd2008", "street"),
				integer("laps", "number of laps", false, 1, 20),
				integer("bots", "AI drivers to seat beside you", false, 1, 9),
				choices(str("level", "the AI drivers' level (default pro)", false), "rookie", "pro", "legend"),
				choices(str("game", "fd: Formula Dé (default); rs: Racing Simulator", false), "fd", "rs"),
				choices(str("mode", "Racing Simulator: family (default) or standard", false), "family", "standard"),
				str("optional", "Racing Simulator standard game: optional rules, comma-separated", false)),
			sub("join", "Take a car in this channel's race"),
			sub("start", "Start the race (its creator)"),
			sub("gear", "Choose your gear", integer("n", "gear 1 to 6", true, 1, 6)),
			sub("choose", "Choose a lettered option", auto(str("option", "the letter of the option", true))),
			sub("pit", "Enter the pit lane / choose the stop", tyres(), &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "long", Description: "technical stop"}),
			sub("tyres", "Choose tyres", choices(str("tyres", "hard, soft or rain", true), "hard", "soft", "rain")),
			sub("config", "Configure the car", str("spread", "6/3/3/3/3/2 or a letter", true)),
			sub("next", "The gear for your next play", integer("n", "gear 1 to 6", true, 1, 6)),
			sub("status", "Where the race stands"),
			sub("board", "The board now"),
			sub("help", "The commands"),
			sub("log", "The last events", integer("n", "how many", false, 1, 200)),
			sub("plan", "Standing orders", choices(str("rule", "the order", true), "safe", "inside", "tyres", "slipstream", "clear"), integer("n", "for tyres: the minimum", false, 0, 20)),
			sub("auto", "Put your car on autopilot or take it back", &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "on", Description: "on or off", Required: true}),
			sub("vacation", "The autopilot drives while you are away", str("from", "YYYY-MM-DD", true), str("to", "YYYY-MM-DD", true)),
			sub("undo", "Ask the game master to take back the last play", str("reason", "why", true)),
			sub("say", "Any order in the command language", str("text", "e.g. gear 4, B, pit soft", true)),
			sub("pause", "Game master: pause the race"),
			sub("resume", "Game master: resume the race"),
			sub("deadline", "Game master: time for each decision", str("period", "e.g. 24h", true)),
			sub("kick", "Game master: the autopilot takes a seat", auto(str("player", "player name", true))),
			sub("replace", "Game master: give a seat to someone else", auto(str("player", "player name", true)), str("with", "new player name", true)),
			sub("takeback", "Game master: take back the last play", str("reason", "why", true)),
			sub("bots", "Game master, before the start: seat AI drivers", integer("n", "how many cars", true, 1, 9),
				choices(str("level", "rookie, pro or legend (default pro)", false), "rookie", "pro", "legend")),
		},
	}}
}

// commandText turns a /race subcommand into the command language.
func commandText(name string, opts map[string]*discordgo.ApplicationCommandInteractionDataOption) string {
	s := func(k string) string {
		if o := opts[k]; o != nil {
			return strings.TrimSpace(o.StringValue())
		}
		return ""
	}
	n := func(k string) string {
		if o := opts[k]; o != nil {
			return fmt.Sprint(o.IntValue())
		}
		return ""
	}
	b := func(k string) bool { o := opts[k]; return o != nil && o.BoolValue() }
	join := func(parts ...string) string {
		var out []string
		for _, p := range parts {
			if p != "" {
				out = append(out, p)
			}
		}
		return strings.Join(out, " ")
	}
	switch name {
	case "gear", "next":
		return join(name, n("n"))
	case "choose":
		return join("choose", s("option"))
	case "pit":
		long := ""
		if b("long") {
			long = "long"
		}
		return join("pit", s("tyres"), long)
	case "tyres":
		return join("tyres", s("tyres"))
	case "config":
		return join("config", s("spread"))
	case "log":
		return join("log", n("n"))
	case "plan":
		return join("plan", s("rule"), n("n"))
	case "auto":
		if b("on") {
			return "auto on"
		}
		return "auto off"
	case "vacation":
		return join("vacation", s("from"), s("to"))
	case "undo", "takeback":
		return join(name, s("reason"))
	case "say":
		return s("text")
	case "deadline":
		return join("deadline", s("period"))
	case "kick":
		return join("kick", s("player"))
	case "replace":
		return join("replace", s("player"), "with", s("with"))
	case "bots":
		return join("bots", n("n"), s("level"))
	}
	return name // join, start, status, board, help, pause, resume
}
