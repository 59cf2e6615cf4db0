package discord

import (
	"context"
	"errors"
	"fmt"
	"log"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/pitwall/pitwall/bot"
)

// Config is how the transport reaches Discord.
type Config struct {
	Token string // bot token (PITWALL_DISCORD_TOKEN), without "Bot "
	AppID string // application id (PITWALL_DISCORD_APP_ID)
	// API replaces https://discord.com for REST and gateway discovery
	// (PITWALL_DISCORD_API): rate-limit proxies and tests.
	API string
	// Guild, when set, registers the commands in that guild only
	// (PITWALL_DISCORD_GUILD); otherwise globally.
	Guild string
	// GMRole is a role id whose members may use the game master's
	// commands besides those with Manage Server (PITWALL_DISCORD_GM_ROLE).
	GMRole string
	// Renderer draws boards for the posts; nil posts text only.
	Renderer bot.BoardRenderer
	// Standings draws a league's standings for /league standings; nil
	// answers with text only.
	Standings bot.StandingsRenderer
	// Poll is how often the outbox is read when nothing wakes the relay
	// (default 1s).
	Poll time.Duration
	// Logf logs (default log.Printf).
	Logf func(format string, a ...any)
}

// Transport is a running connection to Discord.
type Transport struct {
	cfg  Config
	svc  *bot.Service
	dg   *discordgo.Session
	wake chan struct{}

	mu       sync.Mutex
	lastPost map[string]string // channel → the post whose buttons are live
}

// SetAPIBase points discordgo's endpoint variables at base (e.g.
// http://127.0.0.1:8080) instead of https://discord.com. It mutates
// discordgo's package globals: a discordgo limitation.
func SetAPIBase(base string) {
	base = strings.TrimRight(base, "/") + "/"
	discordgo.EndpointDiscord = base
	discordgo.EndpointAPI = base + "api/v" + discordgo.APIVersion + "/"
	discordgo.EndpointGuilds = discordgo.EndpointAPI + "guilds/"
	discordgo.EndpointChannels = discordgo.EndpointAPI + "channels/"
	discordgo.EndpointUsers = discordgo.EndpointAPI + "users/"
	discordgo.EndpointGateway = discordgo.EndpointAPI + "gateway"
	discordgo.EndpointGatewayBot = discordgo.EndpointGateway + "/bot"
	discordgo.EndpointWebhooks = discordgo.EndpointAPI + "webhooks/"
	discordgo.EndpointApplications = discordgo.EndpointAPI + "applications"
}

// New prepares the transport; Run connects.
func New(svc *bot.Service, cfg Config) (*Transport, error) {
	if cfg.Token == "" || cfg.AppID == "" {
		return nil, errors.New("discord: token and application id are both needed")
	}
	if cfg.API != "" {
		SetAPIBase(cfg.API)
	}
	if cfg.Poll <= 0 {
		cfg.Poll = time.Second
	}
	if cfg.Logf == nil {
		cfg.Logf = log.Printf
	}
	dg, err := discordgo.New("Bot " + strings.TrimPrefix(cfg.Token, "Bot "))
	if err != nil {
		return nil, err
	}
	dg.Identify.Intents = discordgo.IntentsGuilds // no privileged intent
	dg.ShouldReconnectOnError = false             // gateway reopens it, bound to Run's ctx
	dg.LogLevel = discordgo.LogError
	t := &Transport{cfg: cfg, svc: svc, dg: dg, wake: make(chan struct{}, 1), lastPost: map[string]string{}}
	dg.AddHandler(func(_ *discordgo.Session, ic *discordgo.InteractionCreate) { t.onInteraction(ic.Interaction) })
	return t, nil
}

// Run registers the commands, connects to the gateway and relays the
// outbox until ctx ends.
func (t *Transport) Run(ctx context.Context) error {
	if _, err := t.dg.ApplicationCommandBulkOverwrite(t.cfg.AppID, t.cfg.Guild, commands()); err != nil {
		return fmt.Errorf("discord: registering /race: %w", err)
	}
	// One gateway connection per application however many processes run
	// (bot.Exclusive: a lease, taken over when its holder dies), so each
	// interaction reaches one process; every process relays the outbox
	// (relays claim their messages).
	gateway := make(chan error, 1)
	go func() {
		for ctx.Err() == nil {
			err := t.svc.Exclusive(ctx, "discord/gateway/"+t.cfg.AppID, t.gateway)
			if errors.Is(err, errGatewayOpen) {
				gateway <- err
				return
			}
			if err != nil && ctx.Err() == nil {
				t.cfg.Logf("discord: gateway: %v", err)
			}
		}
		gateway <- nil
	}()
	tick := time.NewTicker(t.cfg.Poll)
	defer tick.Stop()
	for {
		if err := t.relay(ctx); err != nil && ctx.Err() == nil {
			t.cfg.Logf("discord: relay: %v", err)
		}
		select {
		case <-ctx.Done():
			return <-gateway
		case err := <-gateway:
			return err
		case <-tick.C:
		case <-t.wake:
		}
	}
}

// errGatewayOpen: the gateway could not be opened at all (a bad token, no
// network): Run gives up and says so.
var errGatewayOpen = errors.New("discord: connecting to the gateway")

// gateway holds the gateway connection until ctx ends, opening it again
// when it drops. The reopening is ours rather than discordgo's
// (ShouldReconnectOnError is off): discordgo's own loop outlives Close —
// a heartbeat that fails just after Close starts it — and would dial a
// gone server for ever; this one stops with ctx.
func (t *Transport) gateway(ctx context.Context) error {
	dropped := make(chan struct{}, 1)
	forget := t.dg.AddHandler(func(_ *discordgo.Session, _ *discordgo.Disconnect) {
		select {
		case dropped <- struct{}{}:
		default:
		}
	})
	defer forget()
	if err := t.dg.Open(); err != nil {
		return fmt.Errorf("%w: %w", errGatewayOpen, err)
	}
	for {
		select {
		case <-ctx.Done():
			return t.dg.Close()
		case <-dropped:
			t.reopen(ctx)
		}
	}
}

// reopen dials the gateway again after it dropped, waiting longer after
// each failure (1s, 2s, … up to a minute), until it is open or ctx ends.
func (t *Transport) reopen(ctx context.Context) {
	wait := time.Second
	for ctx.Err() == nil {
		err := t.dg.Open()
		if err == nil || errors.Is(err, discordgo.ErrWSAlreadyOpen) {
			return
		}
		t.cfg.Logf("discord: gateway dropped, reconnecting in %v: %v", wait, err)
		select {
		case <-ctx.Done():
		case <-time.After(wait):
		}
		wait = min(2*wait, time.Minute)
	}
}

// poke wakes the relay after an order was committed.
func (t *Transport) poke() {
	select {
	case t.wake <- struct{}{}:
	default:
	}
}
