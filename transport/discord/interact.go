package discord

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/pitwall/pitwall/bot"
)

// parentPrefix marks, among a game's channels, the channel its thread was
// opened from: /race join works there too.
const parentPrefix = "parent:"

// msgs are the transport's own words, English and French.
var msgs = map[string][2]string{
	"stale":     {"This button is from an earlier play: use the latest post.", "Ce bouton date d'un coup précédent : utilisez le dernier message."},
	"not-yours": {"This is not your car: only its driver may press these.", "Ce n'est pas votre voiture : seul son pilote peut choisir."},
	"illegal":   {"That is not one of the legal options.", "Ce n'est pas une option permise."},
	"gm-only":   {"Game-master commands need the Manage Server permission or the game-master role.", "Les commandes du maître de jeu demandent la permission Gérer le serveur ou le rôle de maître de jeu."},
	"opened":    {"Race %s opened in <#%s>: you drive car 1. Others use /race join there; you send /race start.", "Course %s ouverte dans <#%s> : vous pilotez la voiture 1. Les autres font /race join ; vous lancez /race start."},
	"lobby":     {"<@%s> opens a race on %s (%s). Press Join or use /race join here; the creator starts it.", "<@%s> ouvre une course sur %s (%s). Appuyez sur Rejoindre ou faites /race join ici ; le créateur la lance."},
	"join":      {"Join", "Rejoindre"},
	"start":     {"Start", "Lancer"},
	"internal":  {"Something went wrong on our side; try again.", "Un problème de notre côté ; réessayez."},
	"done":      {"Done.", "C'est fait."},
	"your-turn": {"<@%s> — car %d: your turn", "<@%s> — voiture %d : à vous"},
	"car":       {"car %d: %s", "voiture %d : %s"},
	"thread":    {"Race — %s", "Course — %s"},
	"gm-did":    {"Game master (<@%s>): %s", "Maître de jeu (<@%s>) : %s"},
	"joined":    {"<@%s> takes car %d.", "<@%s> prend la voiture %d."},
	"unknown":   {"Unknown command: use /race.", "Commande inconnue : utilisez /race."},
	// sealed orders (sealed.go)
	"my-order":  {"My order (only you see it)", "Mon ordre (vous seul le voyez)"},
	"awaited":   {"<@%s> — car %d: your sealed order (press My order: only you see your hand)", "<@%s> — voiture %d : votre ordre scellé (appuyez sur Mon ordre : vous seul voyez votre main)"},
	"pick":      {"car %d: your order (%d–%d)", "voiture %d : votre ordre (%d–%d)"},
	"not-order": {"That menu only seals an order.", "Ce menu ne sert qu'à sceller un ordre."},
	"help": {"No race here yet. /race new track:… opens one in a thread; others /race join; its creator /race start. Then press the buttons of the posts, or use /race gear, choose, pit, status, board, log, plan, auto, vacation, say.",
		"Pas encore de course ici. /race new track:… en ouvre une dans un fil ; les autres font /race join ; son créateur /race start. Ensuite, appuyez sur les boutons des messages, ou utilisez /race gear, choose, pit, status, board, log, plan, auto, vacation, say."},
}

func say(lang, key string, a ...any) string {
	w := msgs[key][0]
	if lang == "fr" {
		w = msgs[key][1]
	}
	if len(a) > 0 {
		return fmt.Sprintf(w, a...)
	}
	return w
}

// langOf is the language of a Discord locale: French or English.
func langOf(l discordgo.Locale) string {
	if strings.HasPrefix(string(l), "fr") {
		return "fr"
	}
	return "en"
}

// who is the user behind an interaction.
func who(i *discordgo.Interaction) (id, name string) {
	u := i.User
	if i.Member != nil && i.Member.User != nil {
		u = i.Member.User
		if i.Member.Nick != "" {
			name = i.Member.Nick
		}
	}
	if u == nil {
		return "", ""
	}
	if name == "" {
		name = u.GlobalName
	}
	if name == "" {
		name = u.Username
	}
	return u.ID, name
}

// onInteraction acknowledges at once (deferred, ephemeral), then does the
// work and edits the acknowledgement with the reply.
func (t *Transport) onInteraction(i *discordgo.Interaction) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	switch i.Type {
	case discordgo.InteractionApplicationCommandAutocomplete:
		t.autocomplete(ctx, i)
		return
	case discordgo.InteractionApplicationCommand, discordgo.InteractionMessageComponent:
	default:
		return
	}
	err := t.dg.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}})
	var rest *discordgo.RESTError
	if errors.As(err, &rest) && rest.Message != nil && rest.Message.Code == discordgo.ErrCodeInteractionHasAlreadyBeenAcknowledged {
		err = nil // a retry after a lost answer: the first one went through
	}
	if err != nil {
		t.cfg.Logf("discord: acknowledging %s: %v", i.ID, err)
		return
	}
	lang := langOf(i.Locale)
	var r reply
	if i.Type == discordgo.InteractionApplicationCommand {
		r = t.command(ctx, i, lang)
	} else {
		r = t.component(ctx, i, lang)
	}
	if r.err != nil {
		var ue *bot.UserError
		if errors.As(r.err, &ue) {
			r.text = bot.InPlayerLang(ue, lang).Error() // in the reader's Discord language
		} else {
			t.cfg.Logf("discord: interaction %s: %v", i.ID, r.err)
			r.text = say(lang, "internal")
		}
	}
	if strings.TrimSpace(r.text) == "" {
		r.text = say(lang, "done")
	}
	edit := &discordgo.WebhookEdit{Content: ptr(clip(r.text, 2000))}
	if len(r.components) > 0 {
		edit.Components = &r.components
	}
	if len(r.png) > 0 {
		edit.Files = []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(r.png)}}
	}
	if _, err := t.dg.InteractionResponseEdit(i, edit); err != nil {
		t.cfg.Logf("discord: replying to %s: %v", i.ID, err)
	}
	t.poke()
}

func ptr[T any](v T) *T { return &v }

// reply is the private answer to an interaction.
type reply struct {
	text string
	png  []byte
	err  error
	// components are the private menu of a seat's sealed order
	components []discordgo.MessageComponent
}

// gameOf finds the race of a channel: its thread, or the channel the
// thread was opened from.
func (t *Transport) gameOf(ctx context.Context, channel string) (string, error) {
	id, err := t.svc.GameOfChannel(ctx, bot.KindDiscord, channel)
	if err == nil {
		return id, nil
	}
	return t.svc.GameOfChannel(ctx, bot.KindDiscord, parentPrefix+channel)
}

func options(opts []*discordgo.ApplicationCommandInteractionDataOption) map[string]*discordgo.ApplicationCommandInteractionDataOption {
	m := map[string]*discordgo.ApplicationCommandInteractionDataOption{}
	for _, o := range opts {
		m[o.Name] = o
	}
	return m
}

// isGM says whether the member may use the game master's commands.
func (t *Transport) isGM(i *discordgo.Interaction) bool {
	if i.Member == nil {
		return false
	}
	if i.Member.Permissions&(discordgo.PermissionManageGuild|discordgo.PermissionAdministrator) != 0 {
		return true
	}
	return t.cfg.GMRole != "" && slices.Contains(i.Member.Roles, t.cfg.GMRole)
}

// command runs /race SUB.
func (t *Transport) command(ctx context.Context, i *discordgo.Interaction, lang string) reply {
	data := i.ApplicationCommandData()
	if data.Name == "league" {
		return t.league(ctx, i, lang)
	}
	if data.Name != "race" || len(data.Options) == 0 {
		return reply{text: say(lang, "unknown")}
	}
	subName := data.Options[0].Name
	opts := options(data.Options[0].Options)
	uid, name := who(i)
	ident := bot.Identity{Kind: bot.KindDiscord, Value: uid}
	if err := t.svc.Register(ctx, ident, name, lang); err != nil {
		return reply{err: err}
	}
	if subName == "new" {
		return t.newRace(ctx, i, ident, name, opts, lang)
	}
	game, err := t.gameOf(ctx, i.ChannelID)
	if err != nil {
		if subName == "help" {
			return reply{text: say(lang, "help")}
		}
		return reply{err: err}
	}
	text := commandText(subName, opts)
	cmd, perr := bot.Parse(text)
	gm := gmCommands[subName] || (perr == nil && gmVerbs[cmd.Verb]) // also through /race say
	if gm {
		if !t.isGM(i) {
			return reply{text: say(lang, "gm-only")}
		}
		table, err := t.svc.Table(ctx, game, lang)
		if err != nil {
			return reply{err: err}
		}
		ident = table.Master // acting for the table, with Discord's permission
	}
	r := t.order(ctx, i, game, ident, text)
	if gm && r.err == nil {
		// the table hears what its game master did, with fresh buttons
		// in the table's language: r.text answers the game master, whose
		// language the table reads
		t.announce(ctx, game, func(lang string) string { return say(lang, "gm-did", uid, r.text) })
	}
	if subName == "board" && r.err == nil && t.cfg.Renderer != nil {
		var png bytes.Buffer
		if err := t.svc.BoardPNG(ctx, game, lang, t.cfg.Renderer, &png); err == nil {
			r.png = png.Bytes()
		}
	}
	return r
}

// order sends a command to the game; a join is announced in the thread.
func (t *Transport) order(ctx context.Context, i *discordgo.Interaction, game string, ident bot.Identity, text string) reply {
	out, err := t.svc.Handle(ctx, bot.Request{Identity: ident, Game: game, Text: text, Source: "discord", Key: i.ID})
	if err != nil {
		return reply{err: err}
	}
	if cmd, err := bot.Parse(text); err == nil && cmd.Verb == bot.VerbJoin {
		t.announce(ctx, game, func(lang string) string {
			return say(lang, "joined", ident.Value, t.carOf(ctx, game, ident))
		})
	}
	return reply{text: out}
}

// carOf is the car a user sits in (0 when none).
func (t *Transport) carOf(ctx context.Context, game string, ident bot.Identity) int {
	table, err := t.svc.Table(ctx, game, "")
	if err != nil {
		return 0
	}
	for _, s := range table.Seats {
		if slices.Contains(s.Identities, ident) {
			return s.Car
		}
	}
	return 0
}

// announce queues a post in the race's thread, written by text in the
// table's language (the game master's).
func (t *Transport) announce(ctx context.Context, game string, text func(lang string) string) {
	table, err := t.svc.Table(ctx, game, "")
	if err == nil && threadOf(table) != "" {
		err = t.svc.Announce(ctx, game, bot.Channel{Transport: bot.KindDiscord, Target: threadOf(table)}, text(table.Lang))
	}
	if err != nil {
		t.cfg.Logf("discord: announcing in %s: %v", game, err)
	}
}

func threadOf(table *bot.TableView) string {
	for _, ch := range table.Channels {
		if ch.Transport == bot.KindDiscord && !strings.HasPrefix(ch.Target, parentPrefix) {
			return ch.Target
		}
	}
	return ""
}

// newRace opens a thread and a race in it, and posts the lobby.
func (t *Transport) newRace(ctx context.Context, i *discordgo.Interaction, ident bot.Identity, name string, opts map[string]*discordgo.ApplicationCommandInteractionDataOption, lang string) reply {
	track := ""
	if o := opts["track"]; o != nil {
		track = strings.TrimSpace(o.StringValue())
	}
	rules := ""
	if o := opts["rules"]; o != nil {
		rules = o.StringValue()
	}
	laps := 0
	if o := opts["laps"]; o != nil {
		laps = int(o.IntValue())
	}
	game, mode, optional := opts["game"], opts["mode"], opts["optional"]
	bots, level := 0, ""
	if o := opts["bots"]; o != nil {
		bots = int(o.IntValue())
	}
	if o := opts["level"]; o != nil {
		level = o.StringValue()
	}
	trackName := track
	for _, c := range bot.Circuits() {
		if c.ID == track {
			trackName = c.Name
		}
	}
	thread := i.ChannelID
	if th, err := t.dg.ThreadStart(i.ChannelID, clip(say(lang, "thread", trackName), 100), discordgo.ChannelTypeGuildPublicThread, 10080); err == nil {
		thread = th.ID
	} else {
		t.cfg.Logf("discord: no thread under %s (%v): the race uses the channel", i.ChannelID, err)
	}
	req := bot.OpenRequest{Track: track, Rules: rules, Laps: laps, Creator: ident, Name: name, Bots: bots, BotLevel: level,
		Channel: &bot.Channel{Transport: bot.KindDiscord, Target: thread}}
	if game != nil {
		req.Game = game.StringValue()
	}
	if mode != nil {
		req.Mode = mode.StringValue()
	}
	if optional != nil {
		req.Optional = strings.Split(optional.StringValue(), ",")
	}
	id, err := t.svc.Open(ctx, req)
	if err != nil {
		return reply{err: err}
	}
	if thread != i.ChannelID {
		if err := t.svc.AddChannel(ctx, id, bot.Channel{Transport: bot.KindDiscord, Target: parentPrefix + i.ChannelID}); err != nil {
			return reply{err: err}
		}
	}
	t.announce(ctx, id, func(lang string) string { return say(lang, "lobby", ident.Value, trackName, id) })
	return reply{text: say(lang, "opened", id, thread)}
}

// component runs a button press or a selection: the order it carries,
// after checking that it is fresh, legal and pressed by the car's driver.
func (t *Transport) component(ctx context.Context, i *discordgo.Interaction, lang string) reply {
	data := i.MessageComponentData()
	parts := strings.SplitN(data.CustomID, "|", 5)
	if len(parts) != 5 || parts[0] != "pw" {
		return reply{text: say(lang, "stale")}
	}
	game, car, token, cmd := parts[1], parts[2], parts[3], parts[4]
	if data.ComponentType == discordgo.SelectMenuComponent {
		if len(data.Values) != 1 {
			return reply{text: say(lang, "illegal")}
		}
		cmd = data.Values[0]
	}
	uid, name := who(i)
	ident := bot.Identity{Kind: bot.KindDiscord, Value: uid}
	if err := t.svc.Register(ctx, ident, name, lang); err != nil {
		return reply{err: err}
	}
	table, err := t.svc.Table(ctx, game, lang)
	if err != nil {
		return reply{err: err}
	}
	if token == "lobby" {
		if !table.Lobby || (cmd != "join" && cmd != "start") {
			return reply{text: say(lang, "stale")}
		}
		return t.order(ctx, i, game, ident, cmd)
	}
	if token == ordersToken {
		return t.privateOrders(ctx, ident, game, lang) // the seat's own menu, for its player alone
	}
	if carN, err := strconv.Atoi(car); err == nil && table.Sealed {
		return t.sealOrder(ctx, i, table, ident, carN, token, cmd)
	}
	var d *bot.DecisionView
	for k := range table.Pending {
		if fmt.Sprint(table.Pending[k].Car) == car {
			d = &table.Pending[k]
		}
	}
	if d == nil || d.Token != token {
		return reply{text: say(lang, "stale")}
	}
	carN := d.Car
	if !slices.Contains(seatUsers(table, carN), uid) {
		return reply{text: say(lang, "not-yours")}
	}
	if !slices.ContainsFunc(d.Options, func(o bot.OptionView) bool { return o.Command == cmd }) {
		return reply{text: say(lang, "illegal")}
	}
	out, err := t.svc.HandleDecision(ctx, bot.Request{Identity: ident, Game: game, Text: cmd, Source: "discord", Key: i.ID}, carN, token)
	if errors.Is(err, bot.ErrStale) {
		return reply{text: say(lang, "stale")}
	}
	return reply{text: out, err: err}
}

// autocomplete proposes circuits, the caller's options and seated names.
func (t *Transport) autocomplete(ctx context.Context, i *discordgo.Interaction) {
	data := i.ApplicationCommandData()
	var focused *discordgo.ApplicationCommandInteractionDataOption
	var sub string
	if len(data.Options) > 0 {
		sub = data.Options[0].Name
		for _, o := range data.Options[0].Options {
			if o.Focused {
				focused = o
			}
		}
	}
	var out []*discordgo.ApplicationCommandOptionChoice
	addChoice := func(name, value string) {
		if len(out) < 25 {
			out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: clip(name, 100), Value: value})
		}
	}
	if focused != nil {
		typed := strings.ToLower(focused.StringValue())
		switch focused.Name {
		case "track":
			for _, c := range bot.Circuits() {
				if strings.Contains(c.ID, typed) || strings.Contains(strings.ToLower(c.Name), typed) {
					addChoice(c.ID+" — "+c.Name, c.ID)
				}
			}
		case "option", "player":
			uid, _ := who(i)
			if game, err := t.gameOf(ctx, i.ChannelID); err == nil {
				if table, err := t.svc.Table(ctx, game, langOf(i.Locale)); err == nil {
					if sub == "choose" {
						for _, d := range table.Pending {
							if slices.Contains(seatUsers(table, d.Car), uid) {
								for _, o := range d.Options {
									if l, ok := strings.CutPrefix(o.Command, "choose "); ok && strings.HasPrefix(strings.ToLower(l), typed) {
										addChoice(o.Label, l)
									}
								}
							}
						}
					} else {
						for _, s := range table.Seats {
							if s.Name != "" && strings.Contains(strings.ToLower(s.Name), typed) {
								addChoice(s.Name, s.Name)
							}
						}
					}
				}
			}
		}
	}
	err := t.dg.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: out}})
	if err != nil {
		t.cfg.Logf("discord: autocomplete: %v", err)
	}
}
