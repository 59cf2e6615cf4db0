package sqlite

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
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/persistence"
)

// crashEnv names the database a re-executed test binary appends to until
// it is killed.
const crashEnv = "PITWALL_SQLITE_CRASH_CHILD_DB"

// linesPerAppend is how many record lines one order writes in the crash
// test, with its inbound key and its outbox message.
const linesPerAppend = 7

// TestCrashSafety re-executes the test binary as a child that appends in
// a loop (each Update: 7 lines, an inbound key, an outbox message) from
// crashWriters goroutines at once, so that their Updates are committed
// in groups (group.go), and reports every commit on stdout; the child is SIGKILLed at a random
// moment, several times over the same file. After each kill the file must
// open, every chain must verify, everything the child reported committed
// must be there, and every transaction must be whole: never part of one.
func TestCrashSafety(t *testing.T) {
	if path := os.Getenv(crashEnv); path != "" {
		crashChild(path)
		return
	}
	if testing.Short() {
		t.Skip("re-executes the test binary")
	}
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "crash.db")
	s, err := Open(ctx, path)
	require.NoError(t, err)
	require.NoError(t, s.Update(ctx, func(tx persistence.Tx) error {
		_, err := tx.CreateGame(persistence.Game{ID: "g", Created: t0, State: persistence.GameRunning})
		return err
	}))
	require.NoError(t, s.Close())

	rng := rand.New(rand.NewPCG(1, 2))
	for round := 0; round < 8; round++ {
		reported := runAndKill(t, path, 5+rng.IntN(20), time.Duration(rng.IntN(15000))*time.Microsecond)
		checkAfterCrash(t, path, reported)
	}
}

// runAndKill starts the child, waits for minCommits reported commits and
// a little more, kills it with SIGKILL and returns the highest seq it
// reported committed.
func runAndKill(t *testing.T, path string, minCommits int, extra time.Duration) int64 {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashSafety$", "-test.count=1")
	cmd.Env = append(os.Environ(), crashEnv+"="+path)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	lines := make(chan int64, 1024)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if v, ok := strings.CutPrefix(sc.Text(), "committed "); ok {
				n, _ := strconv.ParseInt(v, 10, 64)
				lines <- n
			}
		}
	}()
	var last int64
	seen := 0
	timeout := time.After(60 * time.Second)
	for seen < minCommits {
		select {
		case n, ok := <-lines:
			if !ok {
				cmd.Wait()
				t.Fatalf("child ended before it was killed, after %d commits", seen)
			}
			last, seen = max(last, n), seen+1
		case <-timeout:
			cmd.Process.Kill()
			t.Fatal("child too slow")
		}
	}
	time.Sleep(extra) // land anywhere in a transaction
	require.NoError(t, cmd.Process.Kill())
	_ = cmd.Wait()
	for n := range lines { // what it reported before dying
		last = max(last, n)
	}
	t.Logf("killed after %d+ commits, last reported seq %d", seen, last)
	return last
}

func checkAfterCrash(t *testing.T, path string, reported int64) {
	t.Helper()
	ctx := context.Background()
	s, err := Open(ctx, path)
	require.NoError(t, err)
	defer s.Close()
	require.NoError(t, s.View(ctx, func(tx persistence.ReadTx) error {
		require.NoError(t, tx.VerifyChain("g"))
		g, err := tx.Game("g")
		require.NoError(t, err)
		assert.GreaterOrEqual(t, g.LastSeq, reported, "every reported commit survived")
		t.Logf("reopened: record ends at seq %d", g.LastSeq)
		require.Zero(t, g.LastSeq%linesPerAppend, "no half append: %d lines", g.LastSeq)
		orders := g.LastSeq / linesPerAppend
		assert.Equal(t, orders+1, g.Version)
		es, err := tx.Events("g", 0, 0)
		require.NoError(t, err)
		require.Len(t, es, int(g.LastSeq))
		for n := int64(1); n <= orders; n++ {
			key := fmt.Sprintf("order-%d", n)
			in, seen, err := tx.SeenInbound("test", key)
			require.NoError(t, err)
			require.True(t, seen, "inbound key of %s committed with its events", key)
			assert.Equal(t, [2]int64{(n-1)*linesPerAppend + 1, n * linesPerAppend}, [2]int64{in.FirstSeq, in.LastSeq})
			for seq := in.FirstSeq; seq <= in.LastSeq; seq++ {
				assert.True(t, strings.HasPrefix(es[seq-1].Line, key+" "), "seq %d belongs to %s: %q", seq, key, es[seq-1].Line)
			}
		}
		_, seen, err := tx.SeenInbound("test", fmt.Sprintf("order-%d", orders+1))
		require.NoError(t, err)
		assert.False(t, seen, "no inbound key without its events")
		ms, err := tx.Pending(t0, 0)
		require.NoError(t, err)
		assert.Len(t, ms, int(orders), "one outbox message per committed order, no more")
		return nil
	}))
	info, err := Check(ctx, path)
	require.NoError(t, err)
	assert.Equal(t, 1, info.Games)
}

// crashWriters is how many goroutines of the child append at once.
const crashWriters = 4

// crashChild appends orders from crashWriters goroutines until killed (or
// for at most a minute).
func crashChild(path string) {
	ctx := context.Background()
	s, err := Open(ctx, path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "child:", err)
		os.Exit(2)
	}
	for range crashWriters - 1 {
		go crashAppend(ctx, s)
	}
	crashAppend(ctx, s)
}

// crashAppend is one of the child's writers: one order an Update, each
// reported once committed.
func crashAppend(ctx context.Context, s *Store) {
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		var last int64
		err := s.Update(ctx, func(tx persistence.Tx) error {
			g, err := tx.Game("g")
			if err != nil {
				return err
			}
			n := g.LastSeq/linesPerAppend + 1
			key := fmt.Sprintf("order-%d", n)
			lines := make([]string, linesPerAppend)
			for i := range lines {
				lines[i] = fmt.Sprintf("%s line %d %s", key, i+1, strings.Repeat("x", 40))
			}
			if last, err = tx.Append("g", g.LastSeq, lines...); err != nil {
				return err
			}
			if err := tx.RecordInbound(persistence.Inbound{Source: "test", Key: key, Game: "g",
				FirstSeq: g.LastSeq + 1, LastSeq: last, Reply: "ok " + key, Received: t0}); err != nil {
				return err
			}
			_, err = tx.Enqueue(persistence.Message{Game: "g", Transport: "cli", Target: "t", Text: "ok " + key, Created: t0})
			return err
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, "child:", err)
			os.Exit(2)
		}
		fmt.Printf("committed %d\n", last)
	}
	os.Exit(3)
}
