package discord

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/bwmarrin/discordgo"

	"github.com/pitwall/pitwall/bot"
)

// Sealed orders (Racing Simulator): every seat orders at once and no one
// may see another's hand or order before the reveal. The race's thread
// shows the public board, the running order and who has ordered, mentions
// the players awaited and carries one "My order" button; pressing it
// answers the presser alone (an ephemeral message) with their own hand and
// their legal orders as select menus. A selection seals the order (it may
// be changed until every order is in); the thread's next post says only
// that the seat has ordered, and the reveal post shows every order.

// ordersToken is the token of the "My order" button: it is never stale,
// it opens the presser's orders as they are now.
const ordersToken = "orders"

// sealedPost is the mentions and the button of a sealed-orders race's
// post: every awaited player is mentioned, one button opens each one's
// private menu.
func sealedPost(table *bot.TableView) (mentions string, users []string, rows []discordgo.MessageComponent) {
	for _, d := range table.Pending {
		for _, uid := range seatUsers(table, d.Car) {
			mentions += "\n" + say(table.Lang, "awaited", uid, d.Car)
			users = append(users, uid)
		}
	}
	if len(table.Pending) > 0 {
		rows = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: say(table.Lang, "my-order"), Style: discordgo.PrimaryButton, CustomID: customID(table.Game, 0, ordersToken, ordersToken)},
		}}}
	}
	return mentions, users, rows
}

// privateOrders is the presser's own orders: the race as their seat sees
// it (their hand) and their legal orders as select menus.
func (t *Transport) privateOrders(ctx context.Context, ident bot.Identity, game, lang string) reply {
	v, err := t.svc.OrdersFor(ctx, game, ident, lang)
	if err != nil {
		return reply{err: err}
	}
	return reply{text: v.Text, components: orderMenus(v, lang)}
}

// orderMenus lists a seat's legal orders, 25 to a menu, within Discord's
// five rows; an order beyond them can still be written with /race say.
func orderMenus(v *bot.OrderMenu, lang string) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	for start := 0; start < len(v.Options) && len(rows) < 5; start += 25 {
		end := min(start+25, len(v.Options))
		menu := discordgo.SelectMenu{CustomID: customID(v.Game, v.Car, v.Token, fmt.Sprint(start)),
			Placeholder: clip(say(lang, "pick", v.Car, start+1, end), 150)}
		for _, op := range v.Options[start:end] {
			menu.Options = append(menu.Options, discordgo.SelectMenuOption{Label: clip(op.Label, 100), Value: op.Command, Description: clip(op.Facts, 100)})
		}
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{menu}})
	}
	return rows
}

// sealOrder seals the order picked in a private menu, after checking that
// the picker drives the car and that the menu is of the seat's present
// hand; the engine checks that it is legal.
func (t *Transport) sealOrder(ctx context.Context, i *discordgo.Interaction, table *bot.TableView, ident bot.Identity, car int, token, cmd string) reply {
	lang := langOf(i.Locale)
	if !slices.Contains(seatUsers(table, car), ident.Value) {
		return reply{text: say(lang, "not-yours")}
	}
	if _, err := bot.ParseRSOrder(cmd); err != nil {
		return reply{text: say(lang, "not-order")} // a menu's value is an order, never another command
	}
	out, err := t.svc.HandleDecision(ctx, bot.Request{Identity: ident, Game: table.Game, Text: cmd, Source: "discord", Key: i.ID}, car, token)
	if errors.Is(err, bot.ErrStale) {
		return reply{text: say(lang, "stale")}
	}
	return reply{text: out, err: err}
}
