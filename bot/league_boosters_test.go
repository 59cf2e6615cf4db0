package bot

import (
	"context"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/tracks"
)

// 16-F in a league (league-variants.md ch. 16, AMB-14, AMB-37: enabling
// 16-F implies 5-A's build characteristic): a car's booster points are
// taken from its 22 build points, as 5-A's are (engine hook BuildShare).
// Over a season the league's event games spread what the boosters leave:
// 16 points on a car with 6 boosters (car and pits), the whole 22 on a
// car without.
func TestLeague16FBoostersComeOutOfTheBuild(t *testing.T) {
	svc, store := newMemoryService(t)
	ctx := context.Background()
	id := newSeason(t, svc, "Boosters", "16-F:points=6/0/6/0")
	playSeason(t, svc, id, nil)
	doc := readLeague(t, store, id)
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		for _, event := range doc.Events {
			l, err := svc.loadGame(tx, event.Game, false)
			require.NoError(t, err)
			spread := map[int]int{}
			for _, e := range l.race().Events {
				if e.Kind != "configuration" {
					continue
				}
				w, err := fd.ParseWearCompact(e.Get("wear"))
				require.NoError(t, err)
				car, _ := strconv.Atoi(e.Get("car"))
				pit, _ := strconv.Atoi(e.Get("pit"))
				for _, v := range w {
					spread[car] += v
				}
				spread[car] += pit
			}
			assert.Equal(t, map[int]int{1: 16, 2: 22, 3: 16, 4: 22}, spread, "event %s: the 6 boosters come out of the 22", event.Game)
		}
		return nil
	}))
}

// 5-A in a league (AMB-14, [DEC] each event's game lets each player choose
// again at its build): Anna builds 3 booster points (config A boost 3),
// Bob none (reglage A booster 0), Cleo and Dan say nothing and build the
// most, 6. In every event each car spreads what its own count leaves of
// the 22, its order carries the count, it boosts no more than it built,
// and the decision he reads says the booster characteristic and how to
// choose it, in English and French.
func TestLeague5AEachPlayerBuildsHisBoosters(t *testing.T) {
	svc, store := newMemoryService(t)
	ctx := context.Background()
	id := newSeason(t, svc, "Own Boosters", "5-A")
	chosen := map[string]string{"Anna": "config A boost 3", "Bob": "reglage A booster 0"}
	var buildFacts []string
	playSeason(t, svc, id, func(p PendingView) string {
		if p.Decision != string(fd.DecideBuild) {
			return ""
		}
		for _, f := range p.Facts {
			buildFacts = append(buildFacts, f.Text)
		}
		return chosen[p.Player]
	})
	require.NotEmpty(t, buildFacts)
	for _, f := range buildFacts {
		assert.Contains(t, f, "booster points are chosen with the configuration, 0 to 6: each is one boost in 5th or above, 5 spaces more, then an engine test")
	}

	doc := readLeague(t, store, id)
	built := map[string]int{"Anna": 3, "Bob": 0, "Cleo": 6, "Dan": 6}
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		for _, event := range doc.Events {
			l, err := svc.loadGame(tx, event.Game, false)
			require.NoError(t, err)
			pilotOf := map[int]string{}
			for _, c := range event.Cars {
				pilotOf[c.Car] = c.Pilot
			}
			spread, boosts, ordered := map[string]int{}, map[string]int{}, map[string]string{}
			for _, e := range l.race().Events {
				car, _ := strconv.Atoi(e.Get("car"))
				switch e.Kind {
				case "configuration":
					w, err := fd.ParseWearCompact(e.Get("wear"))
					require.NoError(t, err)
					pit, _ := strconv.Atoi(e.Get("pit"))
					for _, v := range w {
						spread[pilotOf[car]] += v
					}
					spread[pilotOf[car]] += pit
				case "boost":
					boosts[pilotOf[car]]++
				case "order":
					if e.Get("build") != "" {
						ordered[pilotOf[car]] = e.Get("boosters")
					}
				}
			}
			for pilot, n := range built {
				assert.Equal(t, 22-n, spread[pilot], "event %s: %s's %d boosters come out of the 22", event.Game, pilot, n)
				assert.LessOrEqual(t, boosts[pilot], n, "event %s: %s boosts no more than he built", event.Game, pilot)
			}
			assert.Equal(t, "3", ordered["Anna"], "the order carries the count")
			assert.Equal(t, "0", ordered["Bob"])
			require.NoError(t, tx.VerifyChain(event.Game))
		}
		return nil
	}))
}

// The build decision of a game with 5-A says, under its options, how to
// choose the booster points, in English and French; with each car's count
// fixed by the game (points=) it does not.
func TestBuildDecisionSaysHowToChooseBoosters(t *testing.T) {
	for spec, want := range map[string]bool{"5-A": true, "5-A:points=6/0": false} {
		cfg := fd.ConfigFor(fd.FDR)
		require.NoError(t, cfg.EnableVariant(spec))
		oval, err := tracks.Get("test-oval")
		require.NoError(t, err)
		g, err := fd.NewGame("help", cfg, oval, 2)
		require.NoError(t, err)
		src := dice.NewSeeded(fd.SeedFrom("help"))
		require.NoError(t, g.Start(src))
		l := &live{meta: &meta{Rules: "fdr", Track: g.Track.ID, Cars: 2}, track: g.Track, game: fd.NewContract(g, sayPhrase)}
		var d fd.Decision
		for range 5000 { // the autopilot drives qualifying, before the build (R5.2)
			for _, p := range g.PendingAll() {
				if p.Kind == fd.DecideBuild {
					d = p
				}
			}
			if d.Kind == fd.DecideBuild {
				break
			}
			o, ok := fd.Autopilot(g)
			require.True(t, ok)
			require.NoError(t, g.Submit(o, src))
		}
		require.Equal(t, fd.DecideBuild, d.Kind, spec)
		en, fr := describeDecision(l, d, "en", nil), describeDecision(l, d, "fr", nil)
		if !want {
			assert.NotContains(t, en, "Booster points: write boost", spec)
			continue
		}
		assert.Contains(t, en, "\n  Booster points: write boost and their number after the letter or the numbers, 0 to 6 (config A boost 3, config 5/3/3/2/2/2 boost 0); unsaid, 6.")
		assert.Contains(t, fr, "\n  Points de booster : écrivez booster et leur nombre après la lettre ou les nombres, de 0 à 6 (reglage A booster 3, reglage 5/3/3/2/2/2 booster 0) ; sans rien dire, 6.")
		assert.Contains(t, fr, "les points de booster se choisissent avec la configuration, de 0 à 6 : chacun est un boost en 5e ou plus, 5 cases de plus, puis un test moteur")
	}
}
