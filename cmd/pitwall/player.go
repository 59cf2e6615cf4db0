package main

import (
	"context"
	"fmt"

	"github.com/pitwall/pitwall/bot"
)

// PlayerCmd groups the player commands.
type PlayerCmd struct {
	Set PlayerSetCmd `cmd:"" help:"Create or change a player: time zone and language."`
}

type PlayerSetCmd struct {
	Name string `arg:"" help:"The player's name."`
	TZ   string `name:"tz" help:"Time zone for deadlines, e.g. Europe/Paris."`
	Lang string `help:"Language of replies: en or fr."`
}

func (c *PlayerSetCmd) Run(e *env) error {
	ctx := context.Background()
	svc, done, err := openService(ctx, e)
	if err != nil {
		return err
	}
	defer done()
	p, err := svc.SetPlayer(ctx, bot.PlayerSettings{Name: c.Name, TimeZone: c.TZ, Language: c.Lang})
	if err != nil {
		return userFacing(e, err)
	}
	fmt.Fprintf(e.stdout, "%s: time zone %s, language %s\n", p.Name, p.TimeZone, p.Language)
	return nil
}
