package discord

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/pitwall/pitwall/bot"
)

// /league (issue 15): the league's commands, with the same words as the
// command language. The league is the one named, else the channel's
// (/league channel binds it), else the member's only league.

var leagueMsgs = map[string][2]string{
	"bound":   {"This channel now gets the results and standings of %s.", "Ce salon reçoit désormais les résultats et classements de %s."},
	"entered": {"<@%s> enters %s.", "<@%s> est engagé dans %s."},
	"subbed":  {"<@%s> drives for %s in round %d.", "<@%s> remplace %s à la manche %d."},
	"which":   {"Name the league (league:…) or bind this channel to one with /league channel.", "Nommez la ligue (league:…) ou liez ce salon à une ligue avec /league channel."},
}

func leagueSay(lang, key string, a ...any) string {
	w := leagueMsgs[key][0]
	if lang == "fr" {
		w = leagueMsgs[key][1]
	}
	if len(a) > 0 {
		return fmt.Sprintf(w, a...)
	}
	return w
}

func leagueCommand() *discordgo.ApplicationCommand {
	lg := func() *discordgo.ApplicationCommandOption {
		return str("league", "the league (default: this channel's)", false)
	}
	user := func(desc string) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "player", Description: desc, Required: true}
	}
	c := &discordgo.ApplicationCommand{
		Name:                     "league",
		Description:              "Formula Dé leagues: standings, calendar, votes",
		DescriptionLocalizations: &map[discordgo.Locale]string{discordgo.French: "Ligues de Formula Dé : classements, calendrier, votes"},
		Options: []*discordgo.ApplicationCommandOption{
			sub("standings", "The league's standings, with the image", lg()),
			sub("calendar", "The league's calendar", lg()),
			sub("vote", "Your Pas de Bol vote for the last race", str("pilot", "the unluckiest pilot", true), lg()),
			sub("warn", "Warn a pilot of the race about their conduct", str("pilot", "pilot name", true), str("reason", "why", true), lg()),
			sub("black-flag", "Vote a black flag for a warned pilot (game master: show it)", str("pilot", "pilot name", true), str("reason", "why", false), lg()),
			sub("channel", "Game master: post the league's results in this channel", str("league", "the league", true)),
			sub("enter", "Game master: enter a member as a pilot", user("the member"), str("team", "team name", false), str("pilot", "pilot name", false), lg()),
			sub("substitute", "Game master: a member drives for a pilot at the next event", user("the substitute"), str("for", "the absent pilot", true), lg()),
			sub("first-driver", "Game master: make a pilot their team's first driver", str("pilot", "pilot name", true), lg()),
			sub("career", "A pilot's career over every league (default: yours)", str("pilot", "pilot name", false)),
		},
	}
	localizeLeague(c.Options)
	return c
}

// leagueFrench gives /league's descriptions their French.
var leagueFrench = map[string]string{
	"the league (default: this channel's)":         "la ligue (par défaut : celle de ce salon)",
	"The league's standings, with the image":       "Les classements de la ligue, avec l'image",
	"The league's calendar":                        "Le calendrier de la ligue",
	"Your Pas de Bol vote for the last race":       "Votre vote Pas de Bol pour la dernière course",
	"the unluckiest pilot":                         "le pilote le plus malchanceux",
	"Warn a pilot of the race about their conduct": "Avertir un pilote de la course de sa conduite",
	"pilot name": "nom du pilote",
	"why":        "pourquoi",
	"Vote a black flag for a warned pilot (game master: show it)": "Voter le drapeau noir d'un pilote averti (directeur de course : le montrer)",
	"Game master: post the league's results in this channel":      "Directeur de course : publier les résultats de la ligue dans ce salon",
	"the league":                             "la ligue",
	"Game master: enter a member as a pilot": "Directeur de course : engager un membre comme pilote",
	"the member":                             "le membre",
	"team name":                              "nom de l'écurie",
	"Game master: a member drives for a pilot at the next event": "Directeur de course : un membre remplace un pilote à la prochaine course",
	"the substitute":   "le remplaçant",
	"the absent pilot": "le pilote absent",
	"Game master: make a pilot their team's first driver": "Directeur de course : faire d'un pilote le premier pilote de son écurie",
	"A pilot's career over every league (default: yours)": "La carrière d'un pilote dans toutes les ligues (par défaut : la vôtre)",
}

func localizeLeague(opts []*discordgo.ApplicationCommandOption) {
	for _, o := range opts {
		if fr, ok := leagueFrench[o.Description]; ok {
			o.DescriptionLocalizations = map[discordgo.Locale]string{discordgo.French: fr}
		}
		localizeLeague(o.Options)
	}
}

// leagueGM are the /league subcommands for the game master only.
var leagueGM = map[string]bool{"channel": true, "enter": true, "substitute": true, "first-driver": true}

// league runs /league SUB.
func (t *Transport) league(ctx context.Context, i *discordgo.Interaction, lang string) reply {
	data := i.ApplicationCommandData()
	if len(data.Options) == 0 {
		return reply{text: say(lang, "unknown")}
	}
	subName := data.Options[0].Name
	opts := options(data.Options[0].Options)
	s := func(k string) string {
		if o := opts[k]; o != nil {
			return strings.TrimSpace(o.StringValue())
		}
		return ""
	}
	uid, name := who(i)
	ident := bot.Identity{Kind: bot.KindDiscord, Value: uid}
	if err := t.svc.Register(ctx, ident, name, lang); err != nil {
		return reply{err: err}
	}
	here := bot.Channel{Transport: bot.KindDiscord, Target: i.ChannelID}
	league := s("league")
	if league == "" {
		var err error
		if league, err = t.svc.LeagueOfChannel(ctx, here); err != nil {
			return reply{err: err}
		}
	}
	if leagueGM[subName] && !t.isGM(i) {
		return reply{text: say(lang, "gm-only")}
	}
	if (leagueGM[subName] || (subName == "black-flag" && t.isGM(i))) && league == "" {
		return reply{text: leagueSay(lang, "which")}
	}
	member := func() (bot.Identity, string) {
		o := opts["player"]
		if o == nil {
			return bot.Identity{}, ""
		}
		id := o.Value.(string)
		nick := id
		if data.Resolved != nil && data.Resolved.Users[id] != nil {
			nick = data.Resolved.Users[id].Username
		}
		return bot.Identity{Kind: bot.KindDiscord, Value: id}, nick
	}
	switch subName {
	case "channel":
		id, err := t.svc.AddLeagueChannel(ctx, league, here)
		if err != nil {
			return reply{err: err}
		}
		return reply{text: leagueSay(lang, "bound", id)}
	case "enter":
		who, nick := member()
		if err := t.svc.Register(ctx, who, nick, ""); err != nil {
			return reply{err: err}
		}
		if err := t.svc.EnterLeague(ctx, bot.EnterRequest{League: league, Identity: who, Team: s("team"), Pilot: s("pilot")}); err != nil {
			return reply{err: err}
		}
		return reply{text: leagueSay(lang, "entered", who.Value, league)}
	case "substitute":
		who, nick := member()
		if err := t.svc.Register(ctx, who, nick, ""); err != nil {
			return reply{err: err}
		}
		round, err := t.svc.SubstituteLeagueAs(ctx, league, who, nick, s("for"))
		if err != nil {
			return reply{err: err}
		}
		return reply{text: leagueSay(lang, "subbed", who.Value, s("for"), round)}
	}
	text := subName
	switch subName {
	case "vote":
		text = "vote " + s("pilot")
	case "career":
		text = strings.TrimSpace("career " + s("pilot"))
	case "first-driver":
		text = "first-driver " + s("pilot")
		master, err := t.svc.LeagueMaster(ctx, league)
		if err != nil {
			return reply{err: err}
		}
		ident = master // Manage Server acts as the league's game master
	case "warn", "black-flag":
		text = strings.TrimSpace(subName + " " + s("pilot") + " " + s("reason"))
		if subName == "black-flag" && t.isGM(i) {
			master, err := t.svc.LeagueMaster(ctx, league)
			if err != nil {
				return reply{err: err}
			}
			ident = master // the game master's override (7-A)
		}
	}
	out, err := t.svc.Handle(ctx, bot.Request{Identity: ident, League: league, Text: text, Source: "discord", Key: i.ID})
	if err != nil {
		return reply{err: err}
	}
	r := reply{text: out}
	if subName == "standings" && t.cfg.Standings != nil && league != "" {
		var png bytes.Buffer
		if err := t.svc.LeagueStandingsPNG(ctx, league, lang, t.cfg.Standings, &png); err == nil {
			r.png = png.Bytes()
		}
	}
	return r
}
