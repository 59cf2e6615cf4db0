package duel

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/dice"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Autopilot duels with fixed seeds: nothing fails, every duel ends, every
// record replays without rolling and verifies against its seed, and the
// outcomes vary (AX-1 runs won by either side, crashes; AX-4 duels won).
func TestAutopilotDuelsReplayAndVerify(t *testing.T) {
	for _, cfg := range []Config{{Mode: Dragster}, {Mode: Chicken, Faster: FasterGear, MarshAt: 50}, {Mode: Chicken, Faster: FasterSquares, MarshAt: 30}} {
		won, crashed, chutes := map[int]int{}, 0, 0
		for i := range 200 {
			seed := seedOf(fmt.Sprintf("duel %s %d", cfg.Mode, i))
			id := fmt.Sprintf("d%d", i)
			g, err := Simulate(id, cfg, dice.NewSeeded(seed))
			require.NoError(t, err)
			won[g.Winner]++
			if g.Injuries[0] != nil || g.Injuries[1] != nil {
				crashed++
			}
			for _, e := range g.Evs {
				if e.Name == "parachute" {
					chutes++
				}
			}
			back, err := Replay(id, cfg, g.Lines(), nil)
			require.NoError(t, err)
			assert.Equal(t, g.Winner, back.Winner)
			n, err := Verify(id, cfg, g.Lines(), seed)
			require.NoError(t, err)
			assert.Positive(t, n)
		}
		assert.Positive(t, won[0], "%s: the left car wins some", cfg.Mode)
		assert.Positive(t, won[1], "%s: the right car wins some", cfg.Mode)
		if cfg.Mode == Dragster {
			assert.Positive(t, crashed, "some runs end in a crash")
			assert.Positive(t, chutes, "the autopilot opens its parachute when drifting toward the last lane")
			assert.Less(t, crashed, 100, "the autopilot brakes out of danger: most runs end without a crash")
		}
	}
}

// A record whose roll was changed does not replay nor verify.
func TestTamperedRecordIsRefused(t *testing.T) {
	seed := seedOf("tamper")
	g, err := Simulate("x", Config{Mode: Dragster}, dice.NewSeeded(seed))
	require.NoError(t, err)
	ls := g.Lines()
	for i, l := range ls {
		if e, _ := ParseEvent(l); e.Get("for") == "gear" {
			e.Fields[6][1] = "99"
			ls[i] = e.Line()
			break
		}
	}
	_, err = Replay("x", Config{Mode: Dragster}, ls, nil)
	assert.ErrorIs(t, err, ErrNotReplayed)
}

// A sealed order is its seat's own until both are in; a refused order
// changes nothing.
func TestSealedOrdersAndRefusals(t *testing.T) {
	g := newDuel(t, Config{Mode: Dragster})
	c := Contract{G: g}
	_, err := c.Submit(0, "1", scripted{dice.NewScripted()})
	require.NoError(t, err)
	assert.Empty(t, engine.For(c.Events(), 1, false), "the right seat reads nothing of the left's order")
	assert.Len(t, engine.For(c.Events(), 0, false), 1)
	assert.Contains(t, c.Status(1, "en"), "Has ordered.")
	assert.Contains(t, c.Status(0, "fr"), "Votre ordre : la 1e.")
	assert.Len(t, c.Pending(), 1, "the left order is in: only the right is awaited")
	_, auto := c.Autopilot(0)
	assert.False(t, auto, "no autopilot order over a sealed one")
	before := *g
	before.Evs = append([]Event(nil), g.Evs...)
	_, err = c.Submit(1, "3", scripted{dice.NewScripted()})
	assert.ErrorIs(t, err, engine.ErrIllegal)
	_, err = c.Submit(1, "1", scripted{dice.NewScripted()}) // both in, but no dice: the roll fails
	assert.Error(t, err)
	assert.True(t, reflect.DeepEqual(before, *g), "a failed order leaves the game as it was")
}

// Every event is told in English and French, each different.
func TestEveryEventIsToldInBothLanguages(t *testing.T) {
	seen := map[string]bool{}
	for i := range 60 {
		for _, cfg := range []Config{{Mode: Dragster}, {Mode: Chicken, Faster: FasterGear, MarshAt: 50}} {
			g, err := Simulate(fmt.Sprintf("w%d", i), cfg, dice.NewSeeded(seedOf(fmt.Sprint("words", i))))
			require.NoError(t, err)
			for _, e := range g.Evs {
				en, fr := g.Describe(e, "en"), g.Describe(e, "fr")
				require.NotEmpty(t, en, e.Line())
				require.NotEqual(t, en, fr, e.Line())
				assert.NotContains(t, en+fr, "=", "sentences, never key=value: %s", e.Line())
				assert.NotContains(t, en+fr, "%!", e.Line())
				seen[e.Name] = true
			}
			for s := range 2 {
				for _, o := range g.Orders(s) {
					assert.NotEmpty(t, g.Facts(s, o, "fr"))
				}
			}
		}
	}
	for k := range knownKinds {
		if k != "parachute" && k != "incident" && k != "marsh" { // rare or avoided: their own tests tell them
			assert.True(t, seen[k], "no autopilot duel told %q", k)
		}
	}
}

func seedOf(word string) [dice.SeedSize]byte { return sha256.Sum256([]byte(word)) }

// scripted is a Scripted source as an engine.Random (a duel shuffles nothing).
type scripted struct{ *dice.Scripted }

func (scripted) Shuffle(dice.Key, int) (dice.Shuffle, error) {
	return dice.Shuffle{}, errors.New("a duel shuffles nothing")
}

func FuzzParseEvent(f *testing.F) {
	f.Add("order tick=1 seat=2 key=stop")
	f.Add("roll tick=3 car=0 for=box n=4 die=d12 face=3 value=8")
	f.Add("result winner=none draw=marsh")
	f.Fuzz(func(t *testing.T, line string) {
		e, err := ParseEvent(line)
		if err != nil {
			return
		}
		back, err := ParseEvent(e.Line())
		if err != nil || !reflect.DeepEqual(back, e) {
			t.Errorf("%q: parsed %q does not read back (%v)", line, e.Line(), err)
		}
	})
}

func FuzzParseConfig(f *testing.F) {
	f.Add("AX-4", "faster=squares", "marsh=40")
	f.Add("AX-1", "", "")
	f.Fuzz(func(t *testing.T, mode, a, b string) {
		var opts []string
		for _, o := range []string{a, b} {
			if o != "" {
				opts = append(opts, o)
			}
		}
		c, err := ParseConfig(mode, opts)
		if err != nil {
			return
		}
		back, err := ParseConfig(string(c.Mode), c.Options())
		if err != nil || back != c {
			t.Errorf("%v does not read back: %v %v", c, back, err)
		}
	})
}

// The service replays a duel from its record at every order: one run's
// replay.
func BenchmarkReplayDragsterRun(b *testing.B) {
	seed := seedOf("bench")
	g, err := Simulate("bench", Config{Mode: Dragster}, dice.NewSeeded(seed))
	if err != nil {
		b.Fatal(err)
	}
	lines := g.Lines()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Replay("bench", Config{Mode: Dragster}, lines, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(lines)), "lines")
}
