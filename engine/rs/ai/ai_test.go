package ai

import (
	"crypto/sha256"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/ai"
	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/rs"
	"github.com/pitwall/pitwall/tracks/rscircuit"
)

func circuit(t testing.TB, id string) *rscircuit.Circuit {
	t.Helper()
	c, err := rscircuit.Get(id)
	require.NoError(t, err)
	return c
}

func seedOf(word string) [dice.SeedSize]byte { return sha256.Sum256([]byte(word)) }

// familyGame is a family race of two players on cragsby, before turn 1.
func familyGame(t testing.TB) *rs.Game {
	t.Helper()
	g, err := rs.NewGame("ai-test", rs.Config{Mode: rs.Family, Seats: 2}, circuit(t, "cragsby"), dice.NewSeeded(seedOf("family")))
	require.NoError(t, err)
	return g
}

// standardGame is a standard race of n players (quick start), played by
// the autopilot up to its first green turn.
func standardGame(t testing.TB, n int) *rs.Game {
	t.Helper()
	src := dice.NewSeeded(seedOf("standard"))
	cfg := rs.Config{Mode: rs.Standard, Seats: n}
	require.NoError(t, cfg.SetOptional(rs.OptQuickStart))
	g, err := rs.NewGame("ai-test-std", cfg, circuit(t, "windmere"), src)
	require.NoError(t, err)
	for guard := 0; g.Race.Phase != rs.PhaseRace; guard++ {
		require.Less(t, guard, 100)
		d := g.Pending()
		require.NotEmpty(t, d)
		_, err := g.Submit(g.Autopilot(d[0].Seat), src)
		require.NoError(t, err)
	}
	return g
}

// squareOfZone returns a square of c whose zone is z.
func squareOfZone(t testing.TB, c *rscircuit.Circuit, z rscircuit.Zone) int {
	t.Helper()
	for s := range c.Len() {
		if c.ZoneAt(s) == z {
			return s
		}
	}
	t.Fatalf("%s has no zone %v", c.ID, z)
	return 0
}

// duel sets the family file: system-1 directly ahead of the other
// player, who is on square target, seat 0's car gap squares behind it,
// system-2 far behind; seat 0 holds hand.
func duel(g *rs.Game, target, gap int, hand []int) {
	lap := g.Circuit.Len()
	target += 3 * lap
	g.Cars[2].Dist = target + 1 // system-1
	g.Cars[1].Dist = target     // seat 1
	g.Cars[0].Dist = target - 1 - gap
	g.Cars[3].Dist = target - 40 // system-2
	g.Turn = 5
	g.Seats[0].Hand = hand
}

func key(t testing.TB, g *rs.Game, l ai.Level, seat int) string {
	t.Helper()
	k, ok := Driver{Level: l, Seed: ai.SeedFor([]byte("test"))}.Key(g, seat)
	require.True(t, ok)
	return k
}

// R-OVT-01..03: on the last turn, directly behind a car in a zone 5
// portion, the 300 clears the threshold against all but the best card the
// other may play (it is 4 km/h slower for its damage, R-FAM-10), the 294
// almost never: with nothing left to keep a card for, a pro and a legend
// play the 300. (Earlier in the race a card's price may keep it for later:
// the next test, and the bench.)
func TestPlaysTheCardThatClearsTheThreshold(t *testing.T) {
	for _, l := range []ai.Level{ai.Pro, ai.Legend} {
		g := familyGame(t)
		duel(g, squareOfZone(t, g.Circuit, 5)+1, 0, []int{293, 294, 300})
		g.Turn = g.Turns
		g.Cars[1].Slow = 2
		o, err := g.ParseKey(0, key(t, g, l, 0))
		require.NoError(t, err)
		assert.Equal(t, 300, o.Card, "%v: the 300 passes (the risk card may add the last 2 km/h)", l)
	}
}

// R-OVT-03: 7 plus a gap of 4 is out of reach of any card: a pro and a
// legend keep their 300 for later and play the lowest card, without the
// risk card (R-FAM-06) that could not change the comparison either.
func TestKeepsTheHighCardWhenNothingClearsTheThreshold(t *testing.T) {
	for _, l := range []ai.Level{ai.Pro, ai.Legend} {
		g := familyGame(t)
		duel(g, squareOfZone(t, g.Circuit, 7)+1, 4, []int{293, 297, 300})
		assert.Equal(t, "293", key(t, g, l, 0), "%v: no card passes", l)
	}
}

// R-TYR-05, R-PEN: a legend stops on the turn before its tyres are gone
// (the next card is worn); a pro waits for the worn card; with one turn
// to run neither stops, and on worn tyres both do.
func TestPitsBeforeTheTyresAreGone(t *testing.T) {
	g := standardGame(t, 3)
	lastNew := []rs.TyreCard{{Value: 0}, {Value: -3, Worn: true}, {Value: -4, Worn: true}, {Value: -5, Worn: true}}
	g.Std.Tyres[0], g.Std.Piles[0] = rs.Hard, lastNew
	g.Race.Hum = 0
	assert.Contains(t, key(t, g, ai.Legend, 0), "+pit-", "legend: the next turn would start on a worn card")
	assert.NotContains(t, key(t, g, ai.Pro, 0), "+pit-", "pro: the top card is still new")

	g.Std.Piles[0] = lastNew[1:]
	assert.Contains(t, key(t, g, ai.Pro, 0), "+pit-", "pro: worn tyres")
	assert.Contains(t, key(t, g, ai.Legend, 0), "+pit-", "legend: worn tyres")

	g.Turn = g.Turns - 1
	assert.NotContains(t, key(t, g, ai.Legend, 0), "+pit-", "legend: one turn to run costs less than a stop")
	assert.NotContains(t, key(t, g, ai.Pro, 0), "+pit-", "pro: one turn to run")
}

// lastNewHards is a standard game whose first car runs hards in the dry
// on their last new card, with turns to run after this one.
func lastNewHards(t *testing.T, turns int) *rs.Game {
	g := standardGame(t, 3)
	g.Std.Tyres[0] = rs.Hard
	g.Std.Piles[0] = []rs.TyreCard{{Value: 0}, {Value: -3, Worn: true}, {Value: -4, Worn: true}, {Value: -5, Worn: true}}
	g.Race.Hum = 0
	g.Turn = g.Turns - turns
	return g
}

// R-TYR-01, R-TYR-05: in the dry a new set of hards lasts 7 turns on new
// cards and one on the first worn card, softs 5 and one. With 17 turns to
// run after this one, stopping now takes three sets (hards, hards, softs
// for the last turn) and stopping after the next turn two (hards,
// hards): the legend runs the next turn on its first worn card, as the
// pro does.
func TestLegendRunsAWornTurnWhenItSavesAStop(t *testing.T) {
	g := lastNewHards(t, 17)
	assert.NotContains(t, key(t, g, ai.Legend, 0), "+pit-", "a stop a turn later saves a whole stop")
}

// The same car with 16 turns to run: two sets whether it stops now or
// after the next turn, so the legend stops the turn before its tyres are
// worn.
func TestLegendStopsBeforeAWornTurnThatSavesNoStop(t *testing.T) {
	g := lastNewHards(t, 16)
	assert.Contains(t, key(t, g, ai.Legend, 0), "+pit-", "a stop a turn later saves nothing")
}

// R-SPD-04, T-09: on a wet track slicks lose 6 and more; every level
// fits intermediates at its stop.
func TestFitsTyresForTheWeather(t *testing.T) {
	g := standardGame(t, 3)
	g.Cfg.Weather = true
	g.Race.Hum = 6
	g.Std.Tyres[0], g.Std.Piles[0] = rs.Hard, rs.NewPile(rs.Hard, rs.StandardPiles[rs.Hard])
	for _, l := range ai.Levels() {
		assert.Contains(t, key(t, g, l, 0), "+pit-intermediate-careful", "%v", l)
	}
}

// R-RSK-04: with worn tyres and a damaged nose coming at a quarter of the
// turns, a legend takes no risk where the 2 km/h cannot change the
// comparison (a zone 7 portion and a gap).
func TestNoRiskWhereItCannotPay(t *testing.T) {
	g := familyGame(t)
	duel(g, squareOfZone(t, g.Circuit, 7)+1, 3, []int{293, 297, 300})
	for _, l := range []ai.Level{ai.Pro, ai.Legend} {
		assert.NotContains(t, key(t, g, l, 0), "risk", "%v", l)
	}
}

// What the driver may read is its seat's: other seats' hands, piles and
// sealed orders and the decks' orders change nothing it chooses.
func TestChoiceIgnoresOtherSeatsSecrets(t *testing.T) {
	for _, mk := range []func(testing.TB) *rs.Game{familyGame, func(t testing.TB) *rs.Game { return standardGame(t, 4) }} {
		for _, l := range ai.Levels() {
			g := mk(t)
			want := key(t, g, l, 0)
			g.Seats[1].Hand = []int{300, 300, 300}
			g.Seats[1].Pile = []int{293}
			o := rs.Order{Seat: 1, Card: 300}
			g.Sealed[1] = &o
			slices.Reverse(g.Risk)
			slices.Reverse(g.Green)
			assert.Equal(t, want, key(t, g, l, 0), "%v: another seat's secrets changed the order", l)
		}
	}
}

// Whole races at every level, the autopilot among them: every key is
// legal (Race submits it), and the same seed gives the same record.
func TestRacesAreLegalAndDeterministic(t *testing.T) {
	levels := []ai.Level{ai.Rookie, ai.Pro, ai.Legend, ai.Autopilot}
	for _, cfg := range []rs.Config{{Mode: rs.Family}, {Mode: rs.Standard}} {
		g1, err := Race(cfg, circuit(t, "cragsby"), levels, seedOf("race"))
		require.NoError(t, err, cfg.Mode)
		g2, err := Race(cfg, circuit(t, "cragsby"), levels, seedOf("race"))
		require.NoError(t, err, cfg.Mode)
		require.True(t, g1.Over)
		var a, b strings.Builder
		for _, e := range g1.Events {
			a.WriteString(e.Text() + "\n")
		}
		for _, e := range g2.Events {
			b.WriteString(e.Text() + "\n")
		}
		assert.Equal(t, a.String(), b.String(), "%s: the same seed, the same race", cfg.Mode)
	}
}

// Bench counts every car of every entrant once per race.
func TestBenchCountsEveryCar(t *testing.T) {
	res, err := Bench(BenchConfig{Rules: rs.Config{Mode: rs.Family}, Circuits: []*rscircuit.Circuit{circuit(t, "windmere")},
		Entrants: []ai.Level{ai.Pro, ai.Autopilot}, PerEntrant: 2, Races: 2, Seed: "t"})
	require.NoError(t, err)
	require.Len(t, res.Stats, 2)
	for _, s := range res.Stats {
		assert.Equal(t, 4, s.Cars, s.Entrant)
		assert.InDelta(t, 3.5, s.MeanPlace, 2.5, s.Entrant) // among 6 cars
	}
	require.Len(t, res.H2H, 1)
}

func benchKey(b *testing.B, l ai.Level) {
	g := standardGame(b, 8)
	d := Driver{Level: l}
	for b.Loop() {
		if _, ok := d.Key(g, 3); !ok {
			b.Fatal("no order")
		}
	}
}

// The time budget per order: pro ≤ 50 ms, legend ≤ 500 ms on one core
// (go test -bench Key -cpu 1), a standard race of 8 players.
func BenchmarkKeyRookie(b *testing.B) { benchKey(b, ai.Rookie) }
func BenchmarkKeyPro(b *testing.B)    { benchKey(b, ai.Pro) }
func BenchmarkKeyLegend(b *testing.B) { benchKey(b, ai.Legend) }

// R-SC-03: under the safety car a stop costs less; a pro and a legend
// whose tyres will not last to the flag stop now, a rookie (the
// autopilot's rule: worn tyres only) stays out, and with fresh tyres
// everyone stays out.
func TestStopsUnderTheSafetyCarWhenAStopIsDueAnyway(t *testing.T) {
	g := standardGame(t, 3)
	g.Race.Phase = rs.PhaseSCStop
	g.Turn = 10
	g.Std.Tyres[0], g.Std.Piles[0] = rs.Hard, rs.NewPile(rs.Hard, rs.PileSpec{New: 2, M3: 2, M4: 2, M5: 1})
	assert.Equal(t, "stay", key(t, g, ai.Rookie, 0))
	assert.Contains(t, key(t, g, ai.Pro, 0), "pit-")
	assert.Contains(t, key(t, g, ai.Legend, 0), "pit-")

	g.Std.Piles[0] = rs.NewPile(rs.Hard, rs.StandardPiles[rs.Hard])
	g.Turn = g.Turns - 6
	for _, l := range ai.Levels() {
		assert.Equal(t, "stay", key(t, g, l, 0), "%v: fresh tyres last to the flag", l)
	}
}

// R-FAM-10, R-FAM-12: in the family game only the order at the flag
// scores and a slow card stays to the flag. Directly behind a car in a
// zone 1 portion, where the 297 or the risk card would often pass it, a
// pro on turn 3 keeps its 297, its 299 and its risk card for later and
// plays the 294 without risk; on the last turn it plays the 299 with the
// risk card, which can then cost it nothing more than the turn.
func TestFamilyProKeepsItsCardsAndRiskForTheEnd(t *testing.T) {
	g := familyGame(t)
	duel(g, squareOfZone(t, g.Circuit, 1)+1, 0, []int{294, 297, 299})
	g.Turn = 3
	assert.Equal(t, "294", key(t, g, ai.Pro, 0), "turn 3")
	g.Turn = g.Turns
	assert.Equal(t, "299+risk", key(t, g, ai.Pro, 0), "the last turn")
}

// The family grid is the seat order (R-FAM-04): over 2·ne races every
// entrant sits in every seat equally often, and each of two entrants
// starts ahead of the other in as many races.
func TestBenchRotationIsBalanced(t *testing.T) {
	for _, ne := range []int{2, 3, 4} {
		seat := make([][]int, ne) // [entrant][seat]: races
		ahead := make([][]int, ne)
		for e := range ne {
			seat[e], ahead[e] = make([]int, ne), make([]int, ne)
		}
		for r := range 2 * ne {
			at := make([]int, ne)
			for i := range ne {
				at[rotation(i, r, ne)] = i
				seat[rotation(i, r, ne)][i]++
			}
			for a := range ne {
				for b := range ne {
					if at[a] < at[b] {
						ahead[a][b]++
					}
				}
			}
		}
		for a := range ne {
			for i := range ne {
				assert.Equal(t, 2, seat[a][i], "%d entrants: entrant %d in seat %d", ne, a, i)
			}
			for b := range ne {
				if a != b {
					assert.Equal(t, ne, ahead[a][b], "%d entrants: %d ahead of %d", ne, a, b)
				}
			}
		}
	}
}

// habitRace is a family race of two players on cragsby played for turns
// turns: seat 0 plays its lowest card with the risk card whenever its car
// may (R-FAM-06), seat 1 the autopilot's lower median card (§7.3).
func habitRace(t *testing.T, turns int) *rs.Game {
	t.Helper()
	src := dice.NewSeeded(seedOf("habits"))
	g, err := rs.NewGame("ai-habits", rs.Config{Mode: rs.Family, Seats: 2}, circuit(t, "cragsby"), src)
	require.NoError(t, err)
	for guard := 0; g.Turn <= turns && !g.Over; guard++ {
		require.Less(t, guard, 100)
		p := g.Pending()
		require.NotEmpty(t, p)
		s := p[0].Seat
		o := g.Autopilot(s)
		if s == 0 {
			h := g.View(0).Hand
			o = rs.Order{Seat: 0, Card: slices.Min(h), Risk: g.Cars[g.Seats[0].Car-1].Slow == 0}
		}
		_, err := g.Submit(o, src)
		require.NoError(t, err)
	}
	return g
}

// The reveals are public (every "play" event shows the card and the risk
// card): after six turns a seat that always played its lowest card reads
// as the bottom of its cards and risk whenever it could, the autopilot as
// the middle and never risk.
func TestHabitsAreReadFromTheReveals(t *testing.T) {
	g := habitRace(t, 6)
	h := habitsOf(g)
	assert.Equal(t, 6, h[0].plays)
	assert.InDelta(t, 0, h[0].q, 0.12, "seat 0 played its lowest card (the hand is 8 of the 12 until turn 4's draw)")
	if g.Cars[g.Seats[0].Car-1].Slow == 0 {
		assert.Equal(t, 6, h[0].risks, "seat 0 took risk every turn")
	}
	assert.Equal(t, 6, h[1].plays)
	assert.InDelta(t, 0.45, h[1].q, 0.15, "the autopilot plays the lower median")
	assert.Zero(t, h[1].risks)
}

// A pro and a legend guess a seat's card from its habit: against a seat
// that always played its lowest card the guesses are mostly its lowest
// cards left; a rookie, which reads no habit, guesses any of them alike.
func TestGuessesFollowTheHabits(t *testing.T) {
	g := habitRace(t, 6)
	low := slices.Sorted(slices.Values(unplayedCards(g)[0]))[:2] // its two lowest cards left (a value may be there twice)
	for _, l := range ai.Levels() {
		st := familyStyle(l)
		st.guesses = 400
		gs := guessField(g, 1, st, &rng{7})
		n := 0
		for _, f := range gs.fields {
			for _, r := range f {
				if r.ID == g.Seats[0].Car && slices.Contains(low, r.Speed+2*g.Cars[r.ID-1].Slow) {
					n++
				}
			}
		}
		t.Logf("%v: %d of 400 among the two lowest %v", l, n, low)
		if l == ai.Rookie {
			assert.Less(t, n, 250, "%v: no habit read", l)
		} else {
			assert.Greater(t, n, 280, "%v: the habit read", l)
		}
	}
}
