package main

import (
	"context"
	"fmt"
	"log"
	"net"

	"github.com/pitwall/pitwall/bot"
	"github.com/pitwall/pitwall/render"
	"github.com/pitwall/pitwall/render/standings"
	"github.com/pitwall/pitwall/transport/web"
)

// startWeb starts the web page on addr ("off": none). When addr was not
// asked for (the default) and cannot be had — another serve on this
// machine holds it — serve goes on without the page and says so; an
// address asked for that cannot be had stops serve. The returned function
// waits for the page to stop after ctx ends.
func startWeb(ctx context.Context, e *env, svc *bot.Service, addr string, asked bool) (func() error, error) {
	if addr == "off" {
		return nil, nil
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		if asked {
			return nil, fmt.Errorf("web page: %w", err)
		}
		fmt.Fprintf(e.stderr, "pitwall: web page not started: %v (set --http ADDR or PITWALL_HTTP, or --http off)\n", err)
		return nil, nil
	}
	srv := web.New(svc, web.Config{Addr: addr, Renderer: boardRenderer{render.New()}, Standings: standingsRenderer{standings.New()}, Logf: log.New(e.stderr, "", log.LstdFlags).Printf})
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx, ln) }()
	fmt.Fprintf(e.stdout, "pitwall: web page on http://%s\n", ln.Addr())
	return func() error { return <-done }, nil
}
