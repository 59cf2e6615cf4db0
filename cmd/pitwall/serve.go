package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

// ServeCmd runs the service until SIGINT or SIGTERM.
type ServeCmd struct {
	HTTP string `name:"http" placeholder:"ADDR" env:"PITWALL_HTTP" help:"Where the web page listens, e.g. :8080 (default localhost:8080; off: no page)."`
}

func (c *ServeCmd) Run(e *env) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	addr, asked := c.HTTP, c.HTTP != ""
	if !asked {
		addr = defaultHTTP
	}
	e.httpAddr = addr
	svc, done, err := openService(ctx, e)
	if err != nil {
		return err
	}
	defer done()
	fmt.Fprintf(e.stdout, "pitwall: serving %s\n", e.dbName())
	waitDiscord, err := startDiscord(ctx, e, svc, stop)
	if err != nil {
		return err
	}
	waitEmail, err := startEmail(ctx, e, svc, stop)
	if err != nil {
		return err
	}
	waitWeb, err := startWeb(ctx, e, svc, addr, asked)
	if err != nil {
		return err
	}
	if waitDiscord == nil && waitEmail == nil {
		fmt.Fprintln(e.stdout, "pitwall: no transport configured (Discord and email come with their own settings); the scheduler runs")
	}
	err = svc.Run(ctx, e.stdout)
	if waitDiscord != nil {
		stop() // Run may end on its own: stop Discord too
		if derr := waitDiscord(); derr != nil && err == nil {
			err = derr
		}
	}
	if waitEmail != nil {
		stop() // Run may end on its own: stop email too
		if merr := waitEmail(); merr != nil && err == nil {
			err = merr
		}
	}
	if waitWeb != nil {
		stop()
		if werr := waitWeb(); werr != nil && err == nil {
			err = werr
		}
	}
	fmt.Fprintln(e.stdout, "pitwall: stopped cleanly")
	return err
}
