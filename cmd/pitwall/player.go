package main

import (
	"context"
	"fmt"

	"github.com/pitwall/pitwall/bot"
)

// PlayerCmd groups the player commands.
type PlayerCmd struct {
	Set  PlayerSetCmd  `cmd:"" help:"Create or change a player: time zone, language, mail address and mail preferences."`
	Link PlayerLinkCmd `cmd:"" help:"Print a player's personal link to the web page (it plays for them: give it to them alone); --reset revokes the old one."`
}

type PlayerLinkCmd struct {
	Name  string `arg:"" help:"The player's name."`
	Reset bool   `help:"Revoke the player's current link and print a new one."`
}

func (c *PlayerLinkCmd) Run(e *env) error {
	ctx := context.Background()
	svc, done, err := openService(ctx, e)
	if err != nil {
		return err
	}
	defer done()
	link, err := svc.PersonalLink(ctx, c.Name, c.Reset)
	if err != nil {
		return userFacing(e, err)
	}
	fmt.Fprintln(e.stdout, link)
	return nil
}

type PlayerSetCmd struct {
	Name  string `arg:"" help:"The player's name."`
	TZ    string `name:"tz" help:"Time zone for deadlines, e.g. Europe/Paris."`
	Lang  string `help:"Language of replies: en or fr."`
	Email string `name:"email" placeholder:"ADDRESS" help:"Register (or add) the player's mail address; prints the player's secret email token alone on one line."`
	Mail  string `name:"mail-mode" placeholder:"MODE" help:"How often a player by mail is mailed: turn (a mail when a decision is theirs, the default), round (also one digest a round) or every (every play)."`
	Board string `name:"board" placeholder:"VIEW" help:"The board mails carry: full (the default) or phone (the crop around the player's car)."`
}

func (c *PlayerSetCmd) Run(e *env) error {
	ctx := context.Background()
	svc, done, err := openService(ctx, e)
	if err != nil {
		return err
	}
	defer done()
	if c.Email != "" {
		if _, err := bot.NormalizeEmail(c.Email); err != nil {
			return userFacing(e, err)
		}
	}
	p, err := svc.SetPlayer(ctx, bot.PlayerSettings{Name: c.Name, TimeZone: c.TZ, Language: c.Lang, MailMode: c.Mail, Board: c.Board})
	if err != nil {
		return userFacing(e, err)
	}
	if c.Email != "" {
		token, err := svc.RegisterEmail(ctx, c.Name, c.Email)
		if err != nil {
			return userFacing(e, err)
		}
		// The token alone on stdout, so scripts can capture it.
		fmt.Fprintf(e.stderr, "%s: time zone %s, language %s, email %s\n", p.Name, p.TimeZone, p.Language, c.Email)
		fmt.Fprintln(e.stdout, token)
		return nil
	}
	fmt.Fprintf(e.stdout, "%s: time zone %s, language %s\n", p.Name, p.TimeZone, p.Language)
	return nil
}
