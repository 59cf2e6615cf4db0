package discord

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/pitwall/pitwall/bot"
)

// messageCreate is Discord's create-message body with the two fields
// discordgo v0.29.0 lacks: nonce and enforce_nonce. With enforce_nonce a
// repeated nonce returns the message already created instead of a second
// one, so discordgo's retries (5xx, 429) never post twice.
type messageCreate struct {
	Content         string                            `json:"content,omitempty"`
	Components      []discordgo.MessageComponent      `json:"components,omitempty"`
	AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions,omitempty"`
	Nonce           string                            `json:"nonce"`
	EnforceNonce    bool                              `json:"enforce_nonce"`
}

// send posts a message with a nonce, through discordgo's rate limiter.
func (t *Transport) send(channel string, m messageCreate, files []*discordgo.File) (*discordgo.Message, error) {
	m.EnforceNonce = true
	m.Content = clip(m.Content, 2000)
	url := discordgo.EndpointChannelMessages(channel)
	var (
		ct   = "application/json"
		body []byte
		err  error
	)
	if len(files) > 0 {
		ct, body, err = discordgo.MultipartBodyWithJSON(m, files)
	} else {
		body, err = json.Marshal(m)
	}
	if err != nil {
		return nil, err
	}
	resp, err := t.dg.RequestRaw("POST", url, ct, body, url, 0)
	if err != nil {
		return nil, err
	}
	var out discordgo.Message
	if err := json.Unmarshal(resp, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// relay sends what the outbox holds for Discord, oldest first. What it
// sent (or had nothing to send for: a seat's notice the thread's post
// covers) is marked sent in one transaction at the end of the pass, not
// one commit per message before the next is sent: a play's thread post
// no longer waits for its ten seats' notices to be committed (issue 14).
// A relay that dies before the mark sends again with the same nonces.
func (t *Transport) relay(ctx context.Context) error {
	msgs, err := t.svc.PendingOutgoing(ctx, bot.KindDiscord, 20)
	if err != nil {
		return err
	}
	var sent []int64
	markSent := func() error {
		if len(sent) == 0 {
			return nil
		}
		return t.svc.MarkSent(context.WithoutCancel(ctx), sent...) // what left is recorded
	}
	for _, m := range msgs {
		if ctx.Err() != nil {
			return errors.Join(ctx.Err(), markSent())
		}
		err := t.deliver(ctx, m)
		if err == nil {
			sent = append(sent, m.ID)
			continue
		}
		t.cfg.Logf("discord: message %d to %s: %v", m.ID, m.Target, err)
		retry := time.Now().Add(time.Duration(1<<min(m.Attempts, 8)) * time.Second)
		if m.Attempts >= 10 {
			retry = time.Time{} // give up
		}
		if err := t.svc.MarkFailed(ctx, m.ID, err, retry); err != nil {
			return errors.Join(err, markSent())
		}
	}
	return markSent()
}

// deliver sends one outbox message: a play to the race's thread (with the
// board, the mentions and the buttons), or a seat's notice by DM when the
// race has no thread. A seat's notice is covered by the thread's mention.
func (t *Transport) deliver(ctx context.Context, m bot.Outgoing) error {
	if strings.HasPrefix(m.Target, parentPrefix) {
		return nil // the channel a thread was opened from: nothing to post
	}
	if user, ok := strings.CutPrefix(m.Target, bot.DirectPrefix); ok {
		return t.sendDM(user, m) // the game master's notice: no thread covers it
	}
	// where the message goes is read from the game's settings; the game
	// itself is rebuilt (Table) only for a post in its thread
	channels, err := t.svc.ChannelsOf(ctx, m.Game)
	if err != nil {
		return err
	}
	thread := ""
	for _, ch := range channels {
		if ch.Transport == bot.KindDiscord && !strings.HasPrefix(ch.Target, parentPrefix) {
			if ch.Target == m.Target {
				table, err := t.svc.Table(ctx, m.Game, "") // the thread reads the game master's language
				if err != nil {
					return err
				}
				return t.postPlay(ctx, m, table)
			}
			thread = ch.Target
		}
	}
	if thread != "" {
		return nil // the thread's post mentions the player
	}
	return t.sendDM(m.Target, m)
}

// sendDM sends an outbox message to a user's direct messages.
func (t *Transport) sendDM(user string, m bot.Outgoing) error {
	dm, err := t.dg.UserChannelCreate(user)
	if err != nil {
		return err
	}
	_, err = t.send(dm.ID, messageCreate{Content: m.Text, Nonce: nonce("o", m.ID)}, nil)
	return err
}

func nonce(kind string, id int64) string { return fmt.Sprintf("pw%s%d", kind, id) }

// postPlay posts a play in the race's thread.
func (t *Transport) postPlay(ctx context.Context, m bot.Outgoing, table *bot.TableView) error {
	return t.postState(ctx, m.Target, table, m.Text, nonce("o", m.ID), m.PNG)
}

// postState posts text in a race's channel with what the race needs now:
// a mention of each player who must act, their buttons or select menus,
// and the board.
func (t *Transport) postState(ctx context.Context, channel string, table *bot.TableView, text, nonce string, board []byte) error {
	var b strings.Builder
	b.WriteString(strings.TrimSpace(text))
	var users []string
	var rows []discordgo.MessageComponent
	if table.Sealed {
		var mentions string
		mentions, users, rows = sealedPost(table)
		b.WriteString(mentions)
	} else {
		for _, d := range table.Pending {
			for _, uid := range seatUsers(table, d.Car) {
				b.WriteString("\n" + say(table.Lang, "your-turn", uid, d.Car))
				users = append(users, uid)
			}
		}
		rows = decisionRows(table)
	}
	if table.Lobby {
		rows = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: say(table.Lang, "join"), Style: discordgo.SuccessButton, CustomID: customID(table.Game, 0, "lobby", "join")},
			discordgo.Button{Label: say(table.Lang, "start"), Style: discordgo.PrimaryButton, CustomID: customID(table.Game, 0, "lobby", "start")},
		}}}
	}
	msg := messageCreate{Content: b.String(), Components: rows, Nonce: nonce,
		AllowedMentions: &discordgo.MessageAllowedMentions{Users: users}}
	var files []*discordgo.File
	if len(board) > 0 {
		files = append(files, &discordgo.File{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(board)})
	} else if t.cfg.Renderer != nil && !table.Lobby {
		var png bytes.Buffer
		if err := t.svc.BoardPNG(ctx, table.Game, table.Lang, t.cfg.Renderer, &png); err == nil {
			files = append(files, &discordgo.File{Name: "board.png", ContentType: "image/png", Reader: &png})
		} else {
			t.cfg.Logf("discord: board of %s: %v", table.Game, err)
		}
	}
	posted, err := t.send(channel, msg, files)
	if err != nil {
		return err
	}
	// the buttons of the post before are stale now: take them away
	t.mu.Lock()
	prev := t.lastPost[channel]
	t.lastPost[channel] = posted.ID
	t.mu.Unlock()
	if prev != "" && prev != posted.ID {
		empty := []discordgo.MessageComponent{}
		if _, err := t.dg.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: prev, Channel: channel, Components: &empty}); err != nil {
			t.cfg.Logf("discord: clearing the buttons of %s: %v", prev, err)
		}
	}
	return nil
}

// seatUsers are the Discord users of a car.
func seatUsers(table *bot.TableView, car int) []string {
	var out []string
	for _, s := range table.Seats {
		if s.Car != car {
			continue
		}
		for _, id := range s.Identities {
			if id.Kind == bot.KindDiscord {
				out = append(out, id.Value)
			}
		}
	}
	return out
}

// customID is what a button or select carries: the game, the car, the
// decision's token (stale when the game moved on) and, for a button, the
// order.
func customID(game string, car int, token, command string) string {
	return strings.Join([]string{"pw", game, fmt.Sprint(car), token, command}, "|")
}

// decisionRows are the buttons (gears, few options) or select menus
// (lettered options) of every pending decision, within Discord's five
// rows.
func decisionRows(table *bot.TableView) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	add := func(r discordgo.MessageComponent) bool {
		if len(rows) >= 5 {
			return false
		}
		rows = append(rows, r)
		return true
	}
	for _, d := range table.Pending {
		if d.Kind == "gear" {
			var row discordgo.ActionsRow
			for _, op := range d.Options {
				if len(row.Components) == 5 {
					if !add(row) {
						break
					}
					row = discordgo.ActionsRow{}
				}
				row.Components = append(row.Components, discordgo.Button{Label: clip(say(table.Lang, "car", d.Car, op.Label), 80),
					Style: discordgo.PrimaryButton, CustomID: customID(table.Game, d.Car, d.Token, op.Command)})
			}
			if len(row.Components) > 0 {
				add(row)
			}
			continue
		}
		for start := 0; start < len(d.Options); start += 25 {
			end := min(start+25, len(d.Options))
			menu := discordgo.SelectMenu{CustomID: customID(table.Game, d.Car, d.Token, fmt.Sprint(start)),
				Placeholder: clip(say(table.Lang, "car", d.Car, d.What), 150)}
			for _, op := range d.Options[start:end] {
				menu.Options = append(menu.Options, discordgo.SelectMenuOption{Label: clip(op.Label, 100), Value: op.Command})
			}
			if !add(discordgo.ActionsRow{Components: []discordgo.MessageComponent{menu}}) {
				break
			}
		}
	}
	return rows
}
