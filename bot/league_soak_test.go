package bot

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/sqlite"
)

// The league's kill -9 test: a child process runs the season — the
// scheduler's league pass opening each event, the autopilot racing it, the
// pass recording its result — and is SIGKILLed at random instants and
// restarted until the season is over. Every event must have one game, one
// result and one post per member, and the standings must equal those of
// the same season run without a kill. Like TestKill9Soak it runs when
// PITWALL_SOAK=1 (.ci/run).

const leagueSoakChildEnv = "PITWALL_LEAGUE_SOAK_CHILD"

// TestLeagueSoakChild is the child process.
func TestLeagueSoakChild(t *testing.T) {
	if os.Getenv(leagueSoakChildEnv) != "1" {
		t.Skip("runs only as the league soak test's child process")
	}
	ctx := context.Background()
	store, err := sqlite.Open(ctx, os.Getenv(soakDBEnv))
	if err != nil {
		fmt.Println("error", err)
		os.Exit(3)
	}
	svc := New(Options{Store: store, Random: fixedRandom})
	fmt.Println("ready")
	for {
		if _, err := svc.leagueTick(ctx); err != nil {
			fmt.Println("error", err)
			os.Exit(4)
		}
		v, err := svc.League(ctx, "soak")
		if err != nil {
			fmt.Println("error", err)
			os.Exit(5)
		}
		finished := 0
		for _, e := range v.Events {
			switch e.State {
			case "finished":
				finished++
			case "running":
				if _, err := svc.Autoplay(ctx, e.Game, 5); err != nil {
					fmt.Println("error", err)
					os.Exit(6)
				}
			}
		}
		if finished == len(v.Events) {
			fmt.Println("done")
			os.Exit(0)
		}
	}
}

func leagueSoakCreate(t *testing.T, db string) {
	t.Helper()
	ctx := context.Background()
	store, err := sqlite.Open(ctx, db)
	require.NoError(t, err)
	defer store.Close()
	svc := New(Options{Store: store, Random: fixedRandom})
	defer svc.Close()
	_, err = svc.CreateLeague(ctx, LeagueRequest{Name: "Soak", Rules: "fd2008", MasterName: "Maud"})
	require.NoError(t, err)
	for i := range 3 {
		_, err := svc.AddLeagueEvent(ctx, "soak", "test-oval", time.Date(2020, 1, 1+i, 20, 0, 0, 0, time.UTC), 1)
		require.NoError(t, err)
	}
	for _, p := range seasonPilots[:4] {
		require.NoError(t, svc.EnterLeague(ctx, EnterRequest{League: "soak", Player: p.player, Team: p.team}))
	}
}

// leagueSoakRun runs the child until the season is over, killing it kills
// times.
func leagueSoakRun(t *testing.T, db string, kills int, rng *rand.Rand) int {
	t.Helper()
	killed := 0
	deadline := time.Now().Add(5 * time.Minute)
	for time.Now().Before(deadline) {
		cmd := exec.Command(os.Args[0], "-test.run=^TestLeagueSoakChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), leagueSoakChildEnv+"=1", soakDBEnv+"="+db)
		cmd.Stderr = os.Stderr
		out, err := cmd.StdoutPipe()
		require.NoError(t, err)
		require.NoError(t, cmd.Start())
		lines := bufio.NewScanner(out)
		status := ""
		for lines.Scan() {
			status = lines.Text()
			if status == "ready" || strings.HasPrefix(status, "error") || status == "done" {
				break
			}
		}
		if status == "ready" && killed < kills {
			time.Sleep(time.Duration(rng.IntN(60000)) * time.Microsecond)
			_ = cmd.Process.Signal(syscall.SIGKILL)
			killed++
			_ = cmd.Wait()
			continue
		}
		for lines.Scan() {
			status = lines.Text()
		}
		require.NoError(t, cmd.Wait(), status)
		require.False(t, strings.HasPrefix(status, "error"), status)
		if status == "done" {
			return killed
		}
	}
	t.Fatal("the season did not finish")
	return killed
}

// leagueSoakState is what must not depend on the kills: the games, the
// results and standings, and the posts.
func leagueSoakState(t *testing.T, db string) (games int, doc string, posts map[string]int) {
	t.Helper()
	ctx := context.Background()
	store, err := sqlite.Open(ctx, db)
	require.NoError(t, err)
	defer store.Close()
	svc := New(Options{Store: store})
	defer svc.Close()
	posts = map[string]int{}
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		live, err := tx.LiveGames()
		if err != nil {
			return err
		}
		games += len(live)
		ms, err := tx.Pending(time.Now().Add(time.Hour), 0)
		for _, m := range ms {
			if strings.Contains(m.Text, ", round ") && strings.Contains(m.Text, "Race classification") {
				posts[m.Target+" "+strings.SplitN(m.Text, "\n", 2)[0]]++
			}
		}
		return err
	}))
	v, err := svc.League(ctx, "soak")
	require.NoError(t, err)
	seen := map[string]bool{}
	for _, e := range v.Events {
		require.Equal(t, "finished", e.State)
		require.False(t, seen[e.Game], "one game per event")
		seen[e.Game] = true
	}
	games += len(seen)
	st, err := svc.LeagueStandings(ctx, "soak")
	require.NoError(t, err)
	b, err := json.Marshal(st)
	require.NoError(t, err)
	return games, string(b), posts
}

func TestKill9LeagueSeason(t *testing.T) {
	if os.Getenv("PITWALL_SOAK") != "1" {
		t.Skip("set PITWALL_SOAK=1 (as .ci/run does) to run the league kill -9 test")
	}
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(3, 5))
	ref := filepath.Join(dir, "reference.db")
	leagueSoakCreate(t, ref)
	leagueSoakRun(t, ref, 0, rng)
	refGames, refDoc, refPosts := leagueSoakState(t, ref)
	assert.Equal(t, 3, refGames, "three events, three finished games, none live")
	require.Len(t, refPosts, 3*5, "each of the four pilots and the game master hear of each of the three rounds")

	killed := filepath.Join(dir, "killed.db")
	leagueSoakCreate(t, killed)
	n := leagueSoakRun(t, killed, 25, rng)
	games, doc, posts := leagueSoakState(t, killed)
	t.Logf("%d SIGKILLs", n)
	assert.Equal(t, refGames, games, "no event opened twice")
	assert.Equal(t, refPosts, posts, "every result posted once to each member")
	for k, c := range posts {
		assert.Equal(t, 1, c, k)
	}
	assert.JSONEq(t, refDoc, doc, "the same standings")
}
