package bot

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
	"github.com/pitwall/pitwall/persistence/postgres"
	"github.com/pitwall/pitwall/persistence/postgres/pgtest"
)

// The shared soak test: three processes on one PostgreSQL database play
// the same races at once (each picks a race at random and makes its next
// decision), while one process at a time is SIGKILLed at random and
// restarted. At the end every race's record must equal, line for line,
// the record of the same race played alone without a kill, and verify.
// Against the deliberately broken build (no lease and blind appends: two
// owners of a race at once) it must fail.
//
// It runs when PITWALL_SOAK=1 (.ci/run does) with PITWALL_TEST_POSTGRES.

const (
	sharedChildEnv  = "PITWALL_SHARED_SOAK_CHILD"
	sharedURLEnv    = "PITWALL_SHARED_SOAK_URL"
	sharedGamesEnv  = "PITWALL_SHARED_SOAK_GAMES"
	sharedBrokenEnv = "PITWALL_SHARED_SOAK_BROKEN"
)

func sharedRequest(i int) CreateRequest {
	return CreateRequest{Track: "test-oval", Seats: []string{"A", "B", "C", "D"}, Seed: fmt.Sprint("shared-", i)}
}

// TestSharedSoakChild is one process: it plays the listed races, a
// decision at a time on a race picked at random, until all are over.
func TestSharedSoakChild(t *testing.T) {
	if os.Getenv(sharedChildEnv) != "1" {
		t.Skip("runs only as the shared soak test's child process")
	}
	ctx := context.Background()
	store, err := postgres.Open(ctx, os.Getenv(sharedURLEnv))
	if err != nil {
		fmt.Println("error", err)
		os.Exit(3)
	}
	svc := New(Options{Store: store, LeaseTTL: time.Second, LeaseIdle: 20 * time.Millisecond,
		BrokenTwoOwners: os.Getenv(sharedBrokenEnv) == "1"})
	games := strings.Split(os.Getenv(sharedGamesEnv), ",")
	rng := rand.New(rand.NewPCG(uint64(os.Getpid()), uint64(time.Now().UnixNano())))
	fmt.Println("ready")
	for len(games) > 0 {
		i := rng.IntN(len(games))
		n, err := svc.Autoplay(ctx, games[i], 1)
		switch {
		case errors.Is(err, persistence.ErrConflict):
			continue // another process got in first: decide again
		case err != nil:
			fmt.Println("error", err)
			os.Exit(4)
		case n == 0:
			games = append(games[:i], games[i+1:]...)
		}
	}
	fmt.Println("done")
	os.Exit(0)
}

type sharedResult struct {
	kills, starts int
	err           error
}

// sharedRun runs procs children over the races until all say done,
// killing one at random every few hundred milliseconds, kills times.
func sharedRun(t *testing.T, url string, games []string, procs, kills int, broken bool, rng *rand.Rand) sharedResult {
	t.Helper()
	var r sharedResult
	type child struct {
		cmd    *exec.Cmd
		status chan string // the child's last line once it exits
	}
	start := func() *child {
		cmd := exec.Command(os.Args[0], "-test.run=^TestSharedSoakChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), sharedChildEnv+"=1", sharedURLEnv+"="+url, sharedGamesEnv+"="+strings.Join(games, ","))
		if broken {
			cmd.Env = append(cmd.Env, sharedBrokenEnv+"=1")
		}
		cmd.Stderr = os.Stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			return &child{cmd: cmd, status: closedWith("error " + err.Error())}
		}
		if err := cmd.Start(); err != nil {
			return &child{cmd: cmd, status: closedWith("error " + err.Error())}
		}
		r.starts++
		c := &child{cmd: cmd, status: make(chan string, 1)}
		go func() {
			sc := bufio.NewScanner(out)
			last := ""
			for sc.Scan() {
				last = sc.Text()
			}
			_ = cmd.Wait()
			c.status <- last
		}()
		return c
	}
	children := make([]*child, procs)
	for i := range children {
		children[i] = start()
	}
	done := make([]bool, procs)
	deadline := time.Now().Add(5 * time.Minute)
	next := time.Now().Add(time.Duration(200+rng.IntN(600)) * time.Millisecond)
	for {
		all := true
		for i, c := range children {
			if done[i] {
				continue
			}
			select {
			case last := <-c.status:
				switch {
				case last == "done":
					done[i] = true
				case strings.HasPrefix(last, "error"):
					r.err = fmt.Errorf("child failed: %s", last)
					done[i] = true // it has exited
				default: // killed: start it again
					children[i] = start()
				}
			default:
			}
			if !done[i] {
				all = false
			}
		}
		if r.err != nil || all {
			break
		}
		if time.Now().After(deadline) {
			r.err = errors.New("the races did not end in 5 minutes")
			break
		}
		if r.kills < kills && time.Now().After(next) {
			i := rng.IntN(procs)
			if !done[i] {
				_ = children[i].cmd.Process.Signal(syscall.SIGKILL)
				r.kills++
			}
			next = time.Now().Add(time.Duration(200+rng.IntN(600)) * time.Millisecond)
		}
		time.Sleep(10 * time.Millisecond)
	}
	for i, c := range children {
		if !done[i] {
			_ = c.cmd.Process.Kill()
			<-c.status
		}
	}
	return r
}

func closedWith(s string) chan string {
	c := make(chan string, 1)
	c <- s
	return c
}

// sharedCompare plays each race alone in memory and compares records; it
// returns the first difference, or nil.
func sharedCompare(t *testing.T, url string, games int) error {
	t.Helper()
	ctx := context.Background()
	store, err := postgres.Open(ctx, url)
	require.NoError(t, err)
	defer store.Close()
	svc := New(Options{Store: store})
	defer svc.Close()
	ref := New(Options{Store: memory.New()})
	defer ref.Close()
	for i := 0; i < games; i++ {
		id, err := ref.Create(ctx, sharedRequest(i))
		require.NoError(t, err)
		_, err = ref.Autoplay(ctx, id, 0)
		require.NoError(t, err)
		want, got := recordLines(t, ref.store, id), recordLines(t, store, id)
		if len(want) != len(got) {
			return fmt.Errorf("race %s: %d record lines, %d when played alone", id, len(got), len(want))
		}
		for k := range want {
			if want[k] != got[k] {
				return fmt.Errorf("race %s: record line %d is %q, %q when played alone", id, k+1, got[k], want[k])
			}
		}
		if _, err := svc.Verify(ctx, id); err != nil {
			return fmt.Errorf("race %s does not verify: %w", id, err)
		}
	}
	return nil
}

func sharedSetup(t *testing.T, games int) (string, []string) {
	t.Helper()
	if os.Getenv("PITWALL_SOAK") != "1" {
		t.Skip("set PITWALL_SOAK=1 (as .ci/run does) to run the shared soak test")
	}
	url := pgtest.URL(t)
	ctx := context.Background()
	store, err := postgres.Open(ctx, url)
	require.NoError(t, err)
	defer store.Close()
	svc := New(Options{Store: store})
	defer svc.Close()
	var ids []string
	for i := 0; i < games; i++ {
		id, err := svc.Create(ctx, sharedRequest(i))
		require.NoError(t, err)
		ids = append(ids, id)
	}
	return url, ids
}

const sharedGames = 12

func TestKill9SoakShared(t *testing.T) {
	url, ids := sharedSetup(t, sharedGames)
	rng := rand.New(rand.NewPCG(19, 3))
	r := sharedRun(t, url, ids, 3, 30, false, rng)
	require.NoError(t, r.err)
	t.Logf("%d races by 3 processes: %d SIGKILLs, %d starts", len(ids), r.kills, r.starts)
	require.NoError(t, sharedCompare(t, url, len(ids)))
}

// TestKill9SoakSharedHasTeeth: two owners of a race at once must not go
// unnoticed.
func TestKill9SoakSharedHasTeeth(t *testing.T) {
	url, ids := sharedSetup(t, sharedGames)
	rng := rand.New(rand.NewPCG(5, 8))
	r := sharedRun(t, url, ids, 3, 30, true, rng)
	var wrong error
	if r.err == nil {
		wrong = sharedCompare(t, url, len(ids))
	}
	require.True(t, r.err != nil || wrong != nil, "the broken build (two owners at once) went unnoticed: the shared soak test has no teeth")
	t.Logf("the broken build was caught after %d kills: %v%v", r.kills, r.err, wrong)
}
