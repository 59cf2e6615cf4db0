package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/pitwall/pitwall/bot"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/render"
	"github.com/pitwall/pitwall/render/standings"
)

// brokenTwoOwnersEnv, for the serve soak test only, builds the service
// with bot.Options.BrokenTwoOwners (no lease, blind appends): the test must
// catch it. Never set it on a real deployment.
const brokenTwoOwnersEnv = "PITWALL_TEST_BROKEN_TWO_OWNERS"

// openService opens the database (creating it) and the service over it.
func openService(ctx context.Context, e *env) (*bot.Service, func(), error) {
	store, err := openStore(ctx, e)
	if err != nil {
		return nil, nil, err
	}
	// mail carries the board: render is wired here, bot does not import it
	svc := bot.New(bot.Options{Store: store, Boards: boardRenderer{render.New()}, Standings: standingsRenderer{standings.New()},
		PublicURL: e.publicURL, LocalURL: e.localURL(),
		LeaseTTL: e.leaseTTL, LeaseIdle: e.leaseIdle, ClaimHold: e.claimHold,
		// the deliberately broken build of the serve soak test only
		// (TestKill9SoakServeHasTeeth): two owners of a game at once
		BrokenTwoOwners: os.Getenv(brokenTwoOwnersEnv) == "1"})
	return svc, func() { svc.Close(); store.Close() }, nil
}

// userFacing prints a refusal meant for the player and exits 1; other
// errors go through kong.
func userFacing(e *env, err error) error {
	if bot.IsUserError(err) {
		fmt.Fprintln(e.stderr, err)
		return exitError{1}
	}
	return err
}

// GameCmd groups the game master's terminal commands (contract in
// README.md).
type GameCmd struct {
	Create   GameCreateCmd   `cmd:"" help:"Create a game; prints its id alone on one line."`
	Show     GameShowCmd     `cmd:"" help:"Show a game: the same JSON as sim, plus state and pending."`
	Autoplay GameAutoplayCmd `cmd:"" help:"Let the autopilot answer pending decisions, one transaction each."`
	Verify   GameVerifyCmd   `cmd:"" help:"Check a game's hash chain and, once it is over, every roll."`
}

type GameCreateCmd struct {
	Game     string        `default:"fd" enum:"fd,rs" help:"The game: fd (Formula Dé) or rs (Racing Simulator: --track is an rs circuit, --mode and --optional its rules)."`
	Mode     string        `default:"family" enum:"family,standard" help:"Racing Simulator: the family or the standard game."`
	Track    string        `required:"" help:"Circuit id (pitwall track list)."`
	Rules    string        `default:"fd2008" enum:"fd2008,fdr,street" help:"Ruleset: fd2008, fdr or street (street races on race-city)."`
	Seat     []string      `required:"" help:"A player's name, once per seat, pole order irrelevant (seat 1 first); ai:rookie, ai:pro or ai:legend seats an AI driver (in Racing Simulator any ai: seat is the autopilot)."`
	Seed     string        `help:"Seed: the same seed gives the same game (default: a fresh random seed)."`
	Laps     int           `help:"Laps (default: the ruleset's)."`
	Optional []string      `sep:"," help:"Optional rules of fd2008: building, qualifying, weather, tyres, pit-options, team; of Racing Simulator's standard game: pitwall sim --game rs --help lists them."`
	Variant  []string      `sep:"none" placeholder:"ID[:KEY=VALUE,...]" help:"A league variant of the competition rules, once per variant (pitwall variants lists them), e.g. --variant 6-C:box=B61 --variant 18-A."`
	Deck     []string      `name:"deck" sep:"none" placeholder:"FILE" help:"Racing Simulator: a league's own deck (docs/rs-decks.md) instead of the Pitwall house deck of its kind (the file's deck line), once per deck."`
	Deadline time.Duration `help:"Decision time limit, e.g. 24h (default: none)."`
	// the rules' stated defaults answer a missed deadline unless this is set
	TimeoutAutopilot bool `name:"timeout-autopilot" help:"On a missed deadline the autopilot decides, instead of the rules' stated defaults (fdr AMB-17, AMB-48)."`
}

func (c *GameCreateCmd) Run(e *env) error {
	ctx := context.Background()
	svc, done, err := openService(ctx, e)
	if err != nil {
		return err
	}
	defer done()
	game, mode := c.Game, ""
	if game == "rs" {
		mode = c.Mode
	}
	files, err := readDeckFiles(c.Deck, "")
	if err != nil {
		return err
	}
	id, err := svc.Create(ctx, bot.CreateRequest{Game: game, Mode: mode, Track: c.Track, Rules: c.Rules, Seats: c.Seat, Seed: c.Seed, Laps: c.Laps, Optional: c.Optional, Variants: c.Variant, Decks: files, Deadline: c.Deadline, TimeoutAutopilot: c.TimeoutAutopilot})
	if err != nil {
		return userFacing(e, err)
	}
	fmt.Fprintln(e.stdout, id)
	return nil
}

type GameShowCmd struct {
	ID   string `arg:"" help:"Game id."`
	JSON bool   `name:"json" help:"Print JSON."`
}

func (c *GameShowCmd) Run(e *env) error {
	ctx := context.Background()
	svc, done, err := openService(ctx, e)
	if err != nil {
		return err
	}
	defer done()
	v, err := svc.Show(ctx, c.ID)
	if err != nil {
		return userFacing(e, err)
	}
	if c.JSON {
		return printJSON(e, v)
	}
	fmt.Fprintf(e.stdout, "%s: %s on %s, %s, round %d, %d plays\n", v.Game, v.Rules, v.Track, v.State, v.Rounds, v.Plays)
	for _, r := range v.Results {
		fmt.Fprintf(e.stdout, "%2d. car %-2d %-10s laps %d %s\n", r.Place, r.Car, r.Status, r.Laps, r.Cause)
	}
	for _, p := range v.Pending {
		fmt.Fprintf(e.stdout, "waiting for car %d (%s): %s %v %s\n", p.Car, p.Player, p.Decision, p.Options, p.Due)
	}
	return nil
}

type GameAutoplayCmd struct {
	ID  string `arg:"" help:"Game id."`
	Max int    `help:"Stop after this many decisions (default: until the race is over)."`
}

func (c *GameAutoplayCmd) Run(e *env) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	svc, done, err := openService(ctx, e)
	if err != nil {
		return err
	}
	defer done()
	n, err := svc.Autoplay(ctx, c.ID, c.Max)
	if err != nil && !errors.Is(err, context.Canceled) {
		return userFacing(e, err)
	}
	fmt.Fprintf(e.stdout, "%d decision(s) made\n", n)
	return nil
}

type GameVerifyCmd struct {
	ID string `arg:"" help:"Game id."`
}

func (c *GameVerifyCmd) Run(e *env) error {
	ctx := context.Background()
	svc, done, err := openService(ctx, e)
	if err != nil {
		return err
	}
	defer done()
	out, err := svc.Verify(ctx, c.ID)
	if err != nil {
		if bot.IsUserError(err) || errors.Is(err, persistence.ErrTampered) || errors.Is(err, persistence.ErrNotFound) {
			fmt.Fprintf(e.stderr, "%s: NOT verified: %v\n", c.ID, err)
			return exitError{1}
		}
		fmt.Fprintf(e.stderr, "%s: NOT verified: %v\n", c.ID, err)
		return exitError{1}
	}
	fmt.Fprintln(e.stdout, out)
	return nil
}

// SayCmd runs a command as a player from the terminal: the terminal is a
// transport like Discord and email, with the same command language.
type SayCmd struct {
	Name string `arg:"" help:"The player's name."`
	Game string `required:"" help:"Game id."`
	Text string `arg:"" help:"The command, e.g. \"gear 4\" or \"vitesse 4\"."`
}

func (c *SayCmd) Run(e *env) error {
	ctx := context.Background()
	svc, done, err := openService(ctx, e)
	if err != nil {
		return err
	}
	defer done()
	reply, err := svc.Handle(ctx, bot.Request{Identity: persistence.Identity{Kind: persistence.IdentityCLI, Value: bot.Fold(c.Name)}, Game: c.Game, Text: c.Text})
	if err != nil {
		return userFacing(e, err)
	}
	fmt.Fprintln(e.stdout, reply)
	return nil
}
