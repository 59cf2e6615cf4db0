package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver, to count the outbox
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/bot"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
	"github.com/pitwall/pitwall/persistence/postgres"
	"github.com/pitwall/pitwall/persistence/postgres/pgtest"
	"github.com/pitwall/pitwall/transport/discord/discordtest"
)

// The serve soak test (issue 19): three `pitwall serve` processes — the
// real binary, built once by the test — on one PostgreSQL database play
// races to the end, half of them through the fake Discord (/race say, the
// orders reaching whichever process holds the gateway) and half through
// the terminal (`pitwall say`, a process of its own per order), while one
// serve process at a time is SIGKILLed at random every few seconds and
// restarted. At the end every race's record equals, line for line, the
// record of the same race played without a kill (the same seed, the same
// orders, in memory), every race verifies, every outgoing Discord message
// was posted exactly once (one message per outbox row, each with its
// enforced nonce) and never more than one gateway connection was open.
// Against the deliberately broken build (PITWALL_TEST_BROKEN_TWO_OWNERS:
// no lease, blind appends) it must fail.
//
// It runs with PITWALL_SOAK=1 and PITWALL_TEST_POSTGRES (.ci/run does);
// PITWALL_SOAK_SERVE_GAMES sets the number of races (default 8: about a
// minute and a half on CI's 2 cores; the 200 take far longer).

type serveSoak struct {
	t       *testing.T
	bin     string
	url     string
	env     []string
	fake    *discordtest.Fake
	ro      *bot.Service // reads only: Show, Verify, GameOfChannel
	store   persistence.Store
	dgames  []discordGame
	cgames  []cliGame
	mu      sync.Mutex
	logs    []*bytes.Buffer
	kills   int
	starts  int
	orders  int
	retries int
}

type discordGame struct {
	id, channel, thread string
	users               map[string]discordtest.User // by player name
}

type cliGame struct {
	id    string
	seed  string
	seats []string
}

var errNoPlayer = errors.New("no such player")

func soakGames() int {
	if n, err := strconv.Atoi(os.Getenv("PITWALL_SOAK_SERVE_GAMES")); err == nil && n >= 2 {
		return n
	}
	return 8
}

// choose is the players' policy: a pure function of the game and the
// decision, so the same race replayed without kills makes the same
// choices.
func choose(game string, plays, car int, options []string) string {
	h := fnv.New32a()
	fmt.Fprintf(h, "%s/%d/%d", game, plays, car)
	return options[int(h.Sum32()%uint32(len(options)))]
}

func buildPitwall(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "pitwall")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, "go build: %s", out)
	return bin
}

func (s *serveSoak) logf(format string, args ...any) {
	s.t.Helper()
	s.t.Logf(format, args...)
}

// serve starts one serve process; its exit is reported on the channel.
func (s *serveSoak) serve() (*exec.Cmd, chan error) {
	cmd := exec.Command(s.bin, "serve")
	cmd.Env = s.env
	buf := &bytes.Buffer{}
	cmd.Stdout, cmd.Stderr = buf, buf
	done := make(chan error, 1)
	if err := cmd.Start(); err != nil {
		done <- err
		return cmd, done
	}
	s.mu.Lock()
	s.logs = append(s.logs, buf)
	s.starts++
	s.mu.Unlock()
	go func() { done <- cmd.Wait() }()
	return cmd, done
}

// cli runs one pitwall command to its end.
func (s *serveSoak) cli(args ...string) (string, error) {
	cmd := exec.Command(s.bin, args...)
	cmd.Env = s.env
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	err := cmd.Run()
	if err != nil {
		return out.String(), fmt.Errorf("pitwall %s: %v: %s", strings.Join(args, " "), err, errs.String())
	}
	return out.String(), nil
}

// play drives one race to its end by its players' policy; order sends
// one order and reports whether it got an answer.
func (s *serveSoak) play(ctx context.Context, id string, order func(player, text string) error) error {
	for ctx.Err() == nil {
		v, err := s.ro.Show(ctx, id)
		if err != nil {
			return err
		}
		if v.State == persistence.GameFinished {
			return nil
		}
		if len(v.Pending) == 0 {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		p := v.Pending[0]
		text := choose(id, v.Plays, p.Car, p.Options)
		s.mu.Lock()
		s.orders++
		s.mu.Unlock()
		if err := order(p.Player, text); errors.Is(err, errNoPlayer) {
			return err
		} else if err != nil {
			// lost with a killed process, or refused: look at the race
			// again and decide afresh, never resend blindly
			s.mu.Lock()
			s.retries++
			s.mu.Unlock()
			time.Sleep(50 * time.Millisecond)
		}
	}
	return fmt.Errorf("race %s did not end: %w", id, ctx.Err())
}

// slash sends /race say and waits for its answer; it gives up as soon as
// the gateway connection it went through is gone (its process was
// killed), so the driver looks at the race again.
func (s *serveSoak) slash(ctx context.Context, u discordtest.User, thread, text string) error {
	_, _, before := s.fake.Gateways()
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	go func() {
		for ctx.Err() == nil {
			if now, _, total := s.fake.Gateways(); now == 0 || total != before {
				cancel()
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
	}()
	r, err := s.fake.Slash(ctx, u, thread, "say", discordtest.Option{Name: "text", Type: 3, Value: text})
	if err != nil {
		return err
	}
	_ = r
	return nil
}

// setup sends one of the commands that open a race, as a player would:
// when the gateway moved to another process under load (a lease of one
// second can lapse on a busy machine) the interaction is lost, so it waits
// for a connected gateway and sends it again. done says whether a lost
// attempt took effect anyway (nil: the command is safe to repeat, as
// join and start are: a repeat is answered, not applied twice).
func (s *serveSoak) setup(ctx context.Context, done func() bool, u discordtest.User, channel, sub string, opts ...discordtest.Option) error {
	var last error
	for try := 0; try < 5; try++ {
		for wait := 0; wait < 500; wait++ {
			if now, _, _ := s.fake.Gateways(); now > 0 {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		tctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		_, err := s.fake.Slash(tctx, u, channel, sub, opts...)
		cancel()
		if err == nil {
			return nil
		}
		last = err
		s.logf("/race %s by %s lost (%v); sending it again", sub, u.Name, err)
		time.Sleep(200 * time.Millisecond)
		if done != nil && done() {
			return nil
		}
	}
	return fmt.Errorf("/race %s by %s: %w", sub, u.Name, last)
}

func runServeSoak(t *testing.T, broken bool) error {
	if os.Getenv("PITWALL_SOAK") != "1" {
		t.Skip("set PITWALL_SOAK=1 (as .ci/run does) to run the serve soak test")
	}
	url := pgtest.URL(t)
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	s := &serveSoak{t: t, bin: buildPitwall(t), url: url, fake: discordtest.New("app-soak")}
	defer s.fake.Close()
	s.env = append(os.Environ(), "PITWALL_DB="+url, "PITWALL_LEASE_TTL=1s", "PITWALL_LEASE_IDLE=20ms", "PITWALL_CLAIM_HOLD=3s",
		"PITWALL_DISCORD_TOKEN=soak", "PITWALL_DISCORD_APP_ID=app-soak", "PITWALL_DISCORD_API="+s.fake.URL, "PITWALL_DISCORD_GUILD=guild-1")
	if broken {
		s.env = append(s.env, brokenTwoOwnersEnv+"=1")
	}
	store, err := postgres.Open(ctx, url)
	require.NoError(t, err)
	defer store.Close()
	s.store, s.ro = store, bot.New(bot.Options{Store: store})
	defer s.ro.Close()

	// three serve processes
	type proc struct {
		cmd  *exec.Cmd
		done chan error
	}
	procs := make([]*proc, 3)
	for i := range procs {
		cmd, done := s.serve()
		procs[i] = &proc{cmd, done}
	}
	defer func() {
		for _, p := range procs {
			_ = p.cmd.Process.Signal(syscall.SIGTERM)
			<-p.done
		}
	}()
	require.NoError(t, s.fake.WaitReady(ctx))

	// the races: opened before the kills begin (opening a race is not an
	// order: a lost /race new is the player's to repeat)
	n := soakGames()
	for i := 0; i < n/2; i++ {
		g := discordGame{channel: fmt.Sprint("chan-", i), users: map[string]discordtest.User{}}
		anna := discordtest.User{ID: fmt.Sprint("a", i), Name: fmt.Sprint("anna", i)}
		bob := discordtest.User{ID: fmt.Sprint("b", i), Name: fmt.Sprint("bob", i)}
		threadOf := func() string {
			for th, parent := range s.fake.Threads() {
				if parent == g.channel {
					return th
				}
			}
			return ""
		}
		require.NoError(t, s.setup(ctx, func() bool { return threadOf() != "" }, anna, g.channel, "new",
			discordtest.Option{Name: "track", Type: 3, Value: "test-oval"}, discordtest.Option{Name: "laps", Type: 4, Value: 1}))
		g.thread = threadOf()
		require.NotEmpty(t, g.thread, "no thread for race %d", i)
		require.NoError(t, s.setup(ctx, nil, bob, g.thread, "join"))
		require.NoError(t, s.setup(ctx, nil, anna, g.thread, "start"))
		var err error
		g.id, err = s.ro.GameOfChannel(ctx, bot.KindDiscord, g.thread)
		require.NoError(t, err)
		g.users["anna"+fmt.Sprint(i)], g.users["bob"+fmt.Sprint(i)] = anna, bob
		s.dgames = append(s.dgames, g)
	}
	for i := n / 2; i < n; i++ {
		g := cliGame{seed: fmt.Sprint("serve-soak-", i), seats: []string{fmt.Sprint("Cara", i), fmt.Sprint("Dan", i)}}
		out, err := s.cli("game", "create", "--track", "test-oval", "--laps", "1", "--seed", g.seed, "--seat", g.seats[0], "--seat", g.seats[1])
		require.NoError(t, err)
		g.id = strings.TrimSpace(out)
		s.cgames = append(s.cgames, g)
	}

	// the killer: one serve process at a time, every 1 to 3 seconds; it
	// also watches that one process at most reads Discord, and stops the
	// play as soon as two do
	playCtx, stopPlay := context.WithCancel(ctx)
	defer stopPlay()
	var watchErr error
	stopKills := make(chan struct{})
	killed := make(chan struct{})
	go func() {
		defer close(killed)
		rng := rand.New(rand.NewPCG(19, 2))
		next := time.Now().Add(time.Duration(1000+rng.IntN(2000)) * time.Millisecond)
		for {
			select {
			case <-stopKills:
				return
			case <-time.After(20 * time.Millisecond):
			}
			if _, most, total := s.fake.Gateways(); most > 1 {
				watchErr = fmt.Errorf("%d gateway connections were open at once (%d in all): two processes read Discord", most, total)
				stopPlay()
				return
			}
			if time.Now().Before(next) {
				continue
			}
			p := procs[rng.IntN(len(procs))]
			_ = p.cmd.Process.Signal(syscall.SIGKILL)
			<-p.done
			s.mu.Lock()
			s.kills++
			s.mu.Unlock()
			p.cmd, p.done = s.serve()
			next = time.Now().Add(time.Duration(1000+rng.IntN(2000)) * time.Millisecond)
		}
	}()

	// the players: six at a time
	start := time.Now()
	jobs := make(chan func() error)
	errs := make(chan error, n)
	var wg sync.WaitGroup
	for w := 0; w < 6; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for job := range jobs {
				errs <- job()
			}
		}()
	}
	for _, g := range s.dgames {
		jobs <- func() error {
			return s.play(playCtx, g.id, func(player, text string) error {
				u, ok := g.users[player]
				if !ok {
					return fmt.Errorf("%w: %q in race %s", errNoPlayer, player, g.id)
				}
				return s.slash(playCtx, u, g.thread, text)
			})
		}
	}
	for _, g := range s.cgames {
		jobs <- func() error {
			return s.play(playCtx, g.id, func(player, text string) error {
				_, err := s.cli("say", player, "--game", g.id, text)
				return err
			})
		}
	}
	close(jobs)
	wg.Wait()
	close(stopKills)
	<-killed
	close(errs)
	var playErr error
	for err := range errs {
		playErr = errors.Join(playErr, err)
	}
	t.Logf("%d races (%d by Discord, %d by the terminal) played in %v: %d orders sent, %d answered late or refused and decided again; %d SIGKILLs, %d serve starts",
		n, len(s.dgames), len(s.cgames), time.Since(start).Round(time.Millisecond), s.orders, s.retries, s.kills, s.starts)
	if watchErr != nil {
		return watchErr
	}
	if playErr != nil {
		return playErr
	}

	// every race against the same race played without a kill
	for _, g := range s.cgames {
		if err := s.sameAsAlone(ctx, g.id, func(ref *bot.Service) (string, error) {
			return ref.Create(ctx, bot.CreateRequest{Track: "test-oval", Laps: 1, Seed: g.seed, Seats: g.seats})
		}, func(player string) persistence.Identity {
			return persistence.Identity{Kind: persistence.IdentityCLI, Value: bot.Fold(player)}
		}); err != nil {
			return err
		}
	}
	for _, g := range s.dgames {
		if err := s.sameAsDiscordAlone(ctx, g); err != nil {
			return err
		}
	}

	// every message posted once: wait for the outbox to drain, then one
	// Discord message per outbox row, each with its enforced nonce
	if err := s.messagesOnce(ctx); err != nil {
		return err
	}
	if _, most, total := s.fake.Gateways(); most > 1 {
		return fmt.Errorf("%d gateway connections were open at once (%d in all): two processes read Discord", most, total)
	}
	return nil
}

// sameAsAlone replays the race in memory with the same policy and
// compares the records line for line, then verifies the stored race.
func (s *serveSoak) sameAsAlone(ctx context.Context, id string, create func(*bot.Service) (string, error), ident func(player string) persistence.Identity) error {
	return s.compare(ctx, id, bot.Options{}, create, ident)
}

func (s *serveSoak) compare(ctx context.Context, id string, opts bot.Options, create func(*bot.Service) (string, error), ident func(player string) persistence.Identity) error {
	mem := memory.New()
	opts.Store = mem
	ref := bot.New(opts)
	defer ref.Close()
	rid, err := create(ref)
	if err != nil {
		return fmt.Errorf("race %s alone: %w", id, err)
	}
	if rid != id {
		return fmt.Errorf("race %s alone has id %s", id, rid)
	}
	for i := 0; ; i++ {
		v, err := ref.Show(ctx, id)
		if err != nil {
			return err
		}
		if v.State == persistence.GameFinished {
			break
		}
		if len(v.Pending) == 0 || i > 10000 {
			return fmt.Errorf("race %s alone: stuck in state %s", id, v.State)
		}
		p := v.Pending[0]
		if _, err := ref.Handle(ctx, bot.Request{Identity: ident(p.Player), Game: id, Text: choose(id, v.Plays, p.Car, p.Options)}); err != nil {
			return fmt.Errorf("race %s alone: %w", id, err)
		}
	}
	want, err := recordOf(ctx, mem, id)
	if err != nil {
		return err
	}
	got, err := recordOf(ctx, s.store, id)
	if err != nil {
		return fmt.Errorf("race %s: %w", id, err)
	}
	if len(want) != len(got) {
		return fmt.Errorf("race %s: %d record lines, %d when played alone: an order lost or applied twice", id, len(got), len(want))
	}
	for k := range want {
		if want[k] != got[k] {
			return fmt.Errorf("race %s: record line %d is %q, %q when played alone", id, k+1, got[k], want[k])
		}
	}
	if _, err := s.ro.Verify(ctx, id); err != nil {
		return fmt.Errorf("race %s does not verify: %w", id, err)
	}
	return nil
}

// sameAsDiscordAlone: a Discord race's seed was drawn at random; once the
// race is over it is revealed, and the race alone is opened with it, as
// the Discord transport opens one.
func (s *serveSoak) sameAsDiscordAlone(ctx context.Context, g discordGame) error {
	v, err := s.ro.Show(ctx, g.id)
	if err != nil {
		return err
	}
	seed, err := hex.DecodeString(v.Seed)
	if err != nil || len(seed) == 0 {
		return fmt.Errorf("race %s: no revealed seed (%q)", g.id, v.Seed)
	}
	random := func(b []byte) error { copy(b, seed); return nil }
	ident := func(player string) persistence.Identity {
		return persistence.Identity{Kind: persistence.IdentityDiscord, Value: g.users[player].ID}
	}
	var names []string
	for name := range g.users {
		names = append(names, name)
	}
	return s.compare(ctx, g.id, bot.Options{Random: random}, func(ref *bot.Service) (string, error) {
		var anna, bob string
		for _, name := range names {
			if strings.HasPrefix(name, "anna") {
				anna = name
			} else {
				bob = name
			}
		}
		for _, name := range []string{anna, bob} {
			if err := ref.Register(ctx, ident(name), name, "en"); err != nil {
				return "", err
			}
		}
		id, err := ref.Open(ctx, bot.OpenRequest{Track: "test-oval", Laps: 1, Creator: ident(anna), Name: anna,
			Channel: &bot.Channel{Transport: bot.KindDiscord, Target: g.thread}})
		if err != nil {
			return "", err
		}
		if _, err := ref.Handle(ctx, bot.Request{Identity: ident(bob), Game: id, Text: "join"}); err != nil {
			return "", err
		}
		if _, err := ref.Handle(ctx, bot.Request{Identity: ident(anna), Game: id, Text: "start"}); err != nil {
			return "", err
		}
		return id, nil
	}, ident)
}

func recordOf(ctx context.Context, store persistence.Store, id string) ([]string, error) {
	var out []string
	err := store.View(ctx, func(tx persistence.ReadTx) error {
		evs, err := tx.Events(id, 0, 0)
		for _, e := range evs {
			out = append(out, e.Line)
		}
		return err
	})
	return out, err
}

// messagesOnce waits for every Discord outbox row to be sent, then checks
// that each race's thread holds exactly one message per row meant for it
// (the rows meant for a seat or for the parent channel are covered by the
// thread's post), with the row's enforced nonce, and nothing else.
func (s *serveSoak) messagesOnce(ctx context.Context) error {
	db, err := sql.Open("pgx", s.url)
	if err != nil {
		return err
	}
	defer db.Close()
	var rows, pending int
	for {
		if err := db.QueryRowContext(ctx, `SELECT count(*), count(*) FILTER (WHERE sent_ms IS NULL) FROM outbox WHERE transport = 'discord'`).Scan(&rows, &pending); err != nil {
			return err
		}
		if pending == 0 {
			break
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("%d of %d Discord messages never left: %w", pending, rows, ctx.Err())
		case <-time.After(100 * time.Millisecond):
		}
	}
	all := s.fake.Messages("")
	posted := 0
	for _, g := range s.dgames {
		want := map[string]bool{}
		q, err := db.QueryContext(ctx, `SELECT id FROM outbox WHERE transport = 'discord' AND target = $1`, g.thread)
		if err != nil {
			return err
		}
		for q.Next() {
			var id int64
			if err := q.Scan(&id); err != nil {
				q.Close()
				return err
			}
			want[fmt.Sprint("pwo", id)] = true
		}
		q.Close()
		if err := q.Err(); err != nil {
			return err
		}
		seen := map[string]bool{}
		for _, m := range s.fake.Messages(g.thread) {
			switch {
			case !m.EnforceNonce || !want[m.Nonce]:
				return fmt.Errorf("race %s: message %q posted with nonce %q (enforced %v), which is no outbox row of its thread", g.id, m.Content, m.Nonce, m.EnforceNonce)
			case seen[m.Nonce]:
				return fmt.Errorf("race %s: outbox message %s posted twice", g.id, m.Nonce)
			}
			seen[m.Nonce] = true
			posted++
		}
		if len(seen) != len(want) {
			return fmt.Errorf("race %s: %d messages in its thread for %d outbox rows", g.id, len(seen), len(want))
		}
	}
	if posted != len(all) {
		return fmt.Errorf("%d Discord messages posted outside the races' threads", len(all)-posted)
	}
	s.logf("%d Discord messages (of %d outbox rows), each posted once in its race's thread (%d post requests: %d resends after a relay died absorbed by their nonce)",
		posted, rows, s.fake.PostCalls(), s.fake.PostCalls()-posted)
	return nil
}

func TestKill9SoakServe(t *testing.T) {
	require.NoError(t, runServeSoak(t, false))
}

// TestKill9SoakServeHasTeeth: the same soak against the deliberately
// broken build (two owners at once) must fail.
func TestKill9SoakServeHasTeeth(t *testing.T) {
	err := runServeSoak(t, true)
	require.Error(t, err, "the broken build (two owners at once) went unnoticed: the serve soak test has no teeth")
	t.Logf("the broken build was caught: %v", err)
}
