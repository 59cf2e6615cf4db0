package main

import (
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/alecthomas/kong"
)

// CLI is the whole command line; each field is a subcommand.
type CLI struct {
	DB string `name:"db" placeholder:"FILE|URL" env:"PITWALL_DB" help:"The Pitwall database: an SQLite file (default pitwall.db; backup needs it given) or a postgres:// URL."`
	// Lease timings matter only when several processes share a PostgreSQL
	// database (README "Running on more than one machine").
	LeaseTTL  time.Duration `name:"lease-ttl" placeholder:"DURATION" env:"PITWALL_LEASE_TTL" help:"Shared database: how long a game's, mailbox's or gateway's lease lasts without renewal, the longest a game waits when its process dies (default 10s)."`
	ClaimHold time.Duration `name:"claim-hold" placeholder:"DURATION" env:"PITWALL_CLAIM_HOLD" help:"Shared database: how long a relay's claim hides an outgoing message from the other processes' relays; a message whose relay died leaves after it (default 2m)."`
	PublicURL string        `name:"public-url" placeholder:"URL" env:"PITWALL_PUBLIC_URL" help:"Where the web page is reached from outside, e.g. https://pitwall.example.org: mails and Discord posts link to each game's page, and personal links start with it."`
	LeaseIdle time.Duration `name:"lease-idle" placeholder:"DURATION" env:"PITWALL_LEASE_IDLE" help:"Shared database: how long an idle game keeps its lease before any process may play it (default 500ms)."`

	Track    TrackCmd    `cmd:"" help:"List, show, validate and draw circuits."`
	Sim      SimCmd      `cmd:"" help:"Play a whole race with the autopilot in every seat."`
	Replay   ReplayCmd   `cmd:"" help:"Replay a game record without rolling any die."`
	Verify   VerifyCmd   `cmd:"" help:"Check every roll of a finished record against its revealed seed."`
	Render   RenderCmd   `cmd:"" help:"Draw the board of a record after a play (PNG)."`
	Backup   BackupCmd   `cmd:"" help:"Write an online, consistent copy of a Pitwall database (SQLite)."`
	Game     GameCmd     `cmd:"" help:"Create, show, autoplay and verify games stored in the database."`
	Say      SayCmd      `cmd:"" help:"Run a command as a player, from the terminal."`
	Player   PlayerCmd   `cmd:"" help:"Create or change players."`
	Serve    ServeCmd    `cmd:"" help:"Run the service: the scheduler and every configured transport, until SIGINT or SIGTERM."`
	AIBench  AIBenchCmd  `cmd:"" name:"ai-bench" help:"Race the AI levels against each other and the autopilot, and print how each did."`
	Migrate  MigrateCmd  `cmd:"" help:"Move a community from an SQLite file to PostgreSQL, then verify every game."`
	League   LeagueCmd   `cmd:"" help:"Run a league: seasons, calendar, entry list, standings."`
	Variants VariantsCmd `cmd:"" help:"List the league variants: id, name, chapter, scope, parameters, what each does."`
}

// exitError carries an exit code through kong's error path without
// printing anything more (the command already explained itself).
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit %d", e.code) }

// checkTimings refuses lease timings that cannot work: a negative one, or
// an idle time not shorter than the lease (zero means bot's default: 10s
// and 500ms).
func checkTimings(ttl, idle, claim time.Duration) error {
	if ttl < 0 || idle < 0 || claim < 0 {
		return errors.New("--lease-ttl, --lease-idle and --claim-hold cannot be negative")
	}
	effTTL, effIdle := ttl, idle
	if effTTL == 0 {
		effTTL = 10 * time.Second
	}
	if effIdle == 0 {
		effIdle = 500 * time.Millisecond
	}
	if effIdle >= effTTL {
		return fmt.Errorf("--lease-idle (%v) must be shorter than --lease-ttl (%v)", effIdle, effTTL)
	}
	return nil
}

func main() {
	var cli CLI
	ctx := kong.Parse(&cli,
		kong.Name("pitwall"),
		kong.Description("Pitwall referees car-racing board games played at a distance (Formula Dé first)."),
		kong.UsageOnError(),
	)
	if err := checkTimings(cli.LeaseTTL, cli.LeaseIdle, cli.ClaimHold); err != nil {
		ctx.Fatalf("%v", err)
	}
	err := ctx.Run(&env{stdout: os.Stdout, stderr: os.Stderr, db: cli.DB, publicURL: cli.PublicURL, leaseTTL: cli.LeaseTTL, leaseIdle: cli.LeaseIdle, claimHold: cli.ClaimHold})
	var ee exitError
	if errors.As(err, &ee) {
		os.Exit(ee.code)
	}
	ctx.FatalIfErrorf(err)
}
