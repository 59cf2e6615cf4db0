package bot

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/sqlite"
)

// The kill -9 soak test: a race is autoplayed by a child process that is
// SIGKILLed at random instants and restarted, again and again, until the
// race is over. Its record must equal, line for line, the record of the
// same race played without a kill: nothing lost, nothing applied twice,
// every roll identical. The same test run against a deliberately broken
// build (each decision written in two transactions) must fail, so the test
// is known to have teeth.
//
// It runs when PITWALL_SOAK=1 (.ci/run does, without -race, which would
// slow the hundreds of restarts tenfold).

const (
	soakChildEnv  = "PITWALL_SOAK_CHILD"
	soakDBEnv     = "PITWALL_SOAK_DB"
	soakGameEnv   = "PITWALL_SOAK_GAME"
	soakBrokenEnv = "PITWALL_SOAK_BROKEN"
)

// soakSeats: ten cars on a Grand Prix circuit, three laps: well over a
// thousand decisions.
var soakSeats = []string{"A", "B", "C", "D", "E", "F", "G", "H", "I", "J"}

func soakRequest() CreateRequest {
	return CreateRequest{Track: "port-azur", Seats: soakSeats, Seed: "soak", Laps: 3}
}

// TestSoakChild is the child process: it autoplays the game to the end,
// printing "ready" once the game is loaded, and "done" at the end.
func TestSoakChild(t *testing.T) {
	if os.Getenv(soakChildEnv) != "1" {
		t.Skip("runs only as the soak test's child process")
	}
	ctx := context.Background()
	store, err := sqlite.Open(ctx, os.Getenv(soakDBEnv))
	if err != nil {
		fmt.Println("error", err)
		os.Exit(3)
	}
	svc := New(Options{Store: store, BrokenSplitCommit: os.Getenv(soakBrokenEnv) == "1"})
	id := os.Getenv(soakGameEnv)
	if _, err := svc.Autoplay(ctx, id, 1); err != nil {
		fmt.Println("error", err)
		os.Exit(4)
	}
	fmt.Println("ready")
	if _, err := svc.Autoplay(ctx, id, 0); err != nil {
		fmt.Println("error", err)
		os.Exit(5)
	}
	fmt.Println("done")
	os.Exit(0)
}

type soakResult struct {
	kills, restarts int
	lines           []string
	err             error
}

// soakRun plays the game in db with a child process, killing it kills
// times at random instants after it is ready.
func soakRun(t *testing.T, db, id string, kills int, broken bool, rng *rand.Rand) soakResult {
	t.Helper()
	var r soakResult
	deadline := time.Now().Add(10 * time.Minute)
	for time.Now().Before(deadline) {
		cmd := exec.Command(os.Args[0], "-test.run=^TestSoakChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), soakChildEnv+"=1", soakDBEnv+"="+db, soakGameEnv+"="+id)
		if broken {
			cmd.Env = append(cmd.Env, soakBrokenEnv+"=1")
		}
		out, err := cmd.StdoutPipe()
		require.NoError(t, err)
		require.NoError(t, cmd.Start())
		r.restarts++
		lines := bufio.NewScanner(out)
		status := ""
		for lines.Scan() {
			status = lines.Text()
			if status == "ready" || strings.HasPrefix(status, "error") || status == "done" {
				break
			}
		}
		if status == "ready" && r.kills < kills {
			// a random instant while it plays
			time.Sleep(time.Duration(rng.IntN(25000)) * time.Microsecond)
			_ = cmd.Process.Signal(syscall.SIGKILL)
			r.kills++
			_ = cmd.Wait()
			continue
		}
		for lines.Scan() {
			status = lines.Text()
		}
		waitErr := cmd.Wait()
		if strings.HasPrefix(status, "error") {
			r.err = fmt.Errorf("child failed: %s", status)
			return r
		}
		if waitErr != nil {
			r.err = fmt.Errorf("child: %v (last line %q)", waitErr, status)
			return r
		}
		if status == "done" {
			break
		}
	}
	r.lines = soakLines(t, db, id)
	return r
}

func soakLines(t *testing.T, db, id string) []string {
	t.Helper()
	ctx := context.Background()
	store, err := sqlite.Open(ctx, db)
	require.NoError(t, err)
	defer store.Close()
	var lines []string
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		if err := tx.VerifyChain(id); err != nil {
			return err
		}
		evs, err := tx.Events(id, 0, 0)
		for _, e := range evs {
			lines = append(lines, e.Line)
		}
		return err
	}))
	return lines
}

func soakCreate(t *testing.T, db string) string {
	t.Helper()
	ctx := context.Background()
	store, err := sqlite.Open(ctx, db)
	require.NoError(t, err)
	defer store.Close()
	svc := New(Options{Store: store})
	defer svc.Close()
	id, err := svc.Create(ctx, soakRequest())
	require.NoError(t, err)
	return id
}

func TestKill9Soak(t *testing.T) {
	if os.Getenv("PITWALL_SOAK") != "1" {
		t.Skip("set PITWALL_SOAK=1 (as .ci/run does) to run the kill -9 soak test")
	}
	kills := 100
	if v, err := strconv.Atoi(os.Getenv("PITWALL_SOAK_KILLS")); err == nil {
		kills = v
	}
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(7, 11))

	// the reference: the same game, no kill
	refDB := filepath.Join(dir, "reference.db")
	id := soakCreate(t, refDB)
	ref := soakRun(t, refDB, id, 0, false, rng)
	require.NoError(t, ref.err)
	decisions := 0
	for _, l := range ref.lines {
		if strings.HasPrefix(l, "order ") || strings.HasPrefix(l, "q-order ") {
			decisions++
		}
	}
	require.GreaterOrEqual(t, decisions, 1000, "the soak must cover at least 1,000 decisions")
	require.True(t, strings.HasPrefix(ref.lines[len(ref.lines)-1], "over "), "the reference race ends")

	// the same game killed at random instants
	killedDB := filepath.Join(dir, "killed.db")
	require.Equal(t, id, soakCreate(t, killedDB))
	got := soakRun(t, killedDB, id, kills, false, rng)
	require.NoError(t, got.err)
	require.GreaterOrEqual(t, got.kills, kills)
	t.Logf("%d decisions, %d SIGKILLs, %d restarts, %d record lines", decisions, got.kills, got.restarts, len(got.lines))
	require.Equal(t, len(ref.lines), len(got.lines), "nothing lost, nothing applied twice")
	for i := range ref.lines {
		require.Equal(t, ref.lines[i], got.lines[i], "record line %d", i+1)
	}
}

// TestKill9SoakHasTeeth runs the soak against the deliberately broken
// build: it must not come out identical.
func TestKill9SoakHasTeeth(t *testing.T) {
	if os.Getenv("PITWALL_SOAK") != "1" {
		t.Skip("set PITWALL_SOAK=1 (as .ci/run does) to run the kill -9 soak test")
	}
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(3, 5))
	refDB := filepath.Join(dir, "reference.db")
	id := soakCreate(t, refDB)
	ref := soakRun(t, refDB, id, 0, false, rng)
	require.NoError(t, ref.err)

	brokenDB := filepath.Join(dir, "broken.db")
	soakCreate(t, brokenDB)
	got := soakRun(t, brokenDB, id, 100, true, rng)
	same := got.err == nil && len(got.lines) == len(ref.lines)
	if same {
		for i := range ref.lines {
			if ref.lines[i] != got.lines[i] {
				same = false
				break
			}
		}
	}
	require.False(t, same, "the broken build survived %d kills unnoticed: the soak test has no teeth", got.kills)
	t.Logf("the broken build was caught after %d kills: %v", got.kills, got.err)
}
