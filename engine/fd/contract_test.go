package fd

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/tracks"
)

// sayKey stands for the catalog in engine tests (engine may not import
// internal/phrasebook): a phrase written as its key and arguments, tagged
// with the language, so a test sees which phrase was said and in what.
func sayKey(p phrase.Phrase, lang string) string { return fmt.Sprintf("%s:%v", lang, p) }

// noShuffles makes a dice.Source an engine.Random: Formula Dé shuffles
// nothing, so a shuffle asked for is a bug.
type noShuffles struct{ dice.Source }

func (noShuffles) Shuffle(dice.Key, int) (dice.Shuffle, error) {
	return dice.Shuffle{}, errors.New("Formula Dé shuffles nothing")
}

// stepLines are the record lines of a step.
func stepLines(st engine.Step) []string {
	out := make([]string, len(st.Events))
	for i, e := range st.Events {
		out[i] = e.Line()
	}
	return out
}

func recordLines(evs []Event) []string {
	out := make([]string, len(evs))
	for i, e := range evs {
		out[i] = e.String()
	}
	return out
}

// orderKeyOf is the contract key and the car of a record's order line:
// what a player sent, as the command language sends it.
func orderKeyOf(t *testing.T, e Event) (car int, key string) {
	o, err := orderFromEvent(e)
	require.NoError(t, err)
	return o.Car, KeyOf(o) // a build by its numbers, 5-A's booster points with it
}

// The frozen records (each ruleset, qualifying, the optional rules,
// variants) played again through the contract only, their orders given as
// keys: each Submit's step is exactly the lines it appended, each order
// given by a key the contract lists (but a build given by its numbers),
// and the record re-writes byte for byte.
func TestContractPlaysTheFrozenRecords(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "records", "v1", "*.rec"))
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(files), 6)
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			raw, rec, c := frozenRecord(t, file)
			cfg, err := rec.Config()
			require.NoError(t, err)
			g, err := NewGame(rec.Game, cfg, c, rec.Cars)
			require.NoError(t, err)
			src := &replayDice{}
			for _, e := range rec.Events {
				if e.Kind == "roll" || e.Kind == "q-roll" {
					src.rolls = append(src.rolls, e)
				}
			}
			random := noShuffles{src}
			require.NoError(t, g.Start(random))
			con := NewContract(g, sayKey)
			orders := 0
			for _, e := range rec.Events {
				if e.Kind != "order" && e.Kind != "q-order" {
					continue
				}
				require.False(t, con.Over(), "the race ends with its last order")
				car, key := orderKeyOf(t, e)
				if e.Get("build") == "" {
					assert.Contains(t, keysOf(con.Options(car-1)), key, "the order %s is one of the contract's options", e)
				}
				from := len(g.Events)
				st, err := con.Submit(car-1, key, random)
				require.NoError(t, err, "order %s", e)
				require.Equal(t, recordLines(g.Events[from:]), stepLines(st), "the step of %s is what it appended", e)
				require.Equal(t, e.String(), st.Events[0].Line(), "the step begins with the order's own line")
				orders++
			}
			assert.True(t, con.Over())
			assert.Empty(t, con.Pending())
			again := *rec
			again.Events = g.Events
			assert.Equal(t, raw, again.Text(), "the record through the contract is the frozen record")
			assert.Greater(t, orders, 50)
		})
	}
}

func keysOf(opts []engine.Option) []string {
	out := make([]string, len(opts))
	for i, o := range opts {
		out[i] = o.Key
	}
	return out
}

// contractRaces are seeded races of each ruleset: the complete rules with
// their optional rules, the competition rules with qualifying, a street
// race.
func contractRaces(t *testing.T) []struct {
	name, track string
	cfg         Config
	cars        int
} {
	opt := DefaultConfig()
	opt.Laps = 1
	for _, o := range []string{"building", "qualifying", "weather", "tyres", "pit-options"} {
		require.NoError(t, opt.EnableOptional(o))
	}
	plain := DefaultConfig()
	plain.Laps = 1
	fdr := fdrConfig()
	fdr.Laps = 1
	require.Equal(t, 1, fdr.Sessions, "the fdr race qualifies (R1.1)")
	street := streetConfig()
	street.Laps = 1
	return []struct {
		name, track string
		cfg         Config
		cars        int
	}{
		{"fd2008", "port-azur", plain, 5},
		{"fd2008-optional", "hollowmere", opt, 4},
		{"fdr-qualifying", "oval", fdr, 5},
		{"street", "race-city", street, 4},
	}
}

// illegalKeys are keys seat may not send now: out-of-range seats, keys
// that are none of its options (letters, gears, a configuration that does
// not add up, text), another seat's keys. Each is checked against the
// seat's options (case aside, as fd reads letters).
func illegalKeys(con Contract, r *rand.Rand) (seats []int, keys []string) {
	pool := []string{"", "Z", "AA", "?", "A B", " a", "0", "-1", "7", "12", "99", "é", strings.Repeat("Q", 300),
		"1/1/1/1/1/1", "-1/5/5/5/3/3", "gear 4", "choose A", "4 ", "5S", "6T"}
	n := con.Seats()
	for range 40 {
		seat := r.IntN(n+4) - 2 // from −2 to n+1: some not seats at all
		key := pool[r.IntN(len(pool))]
		if r.IntN(3) == 0 { // a key of another seat, or of the seat a moment ago
			for _, d := range con.Pending() {
				if len(d.Options) > 0 {
					key = d.Options[r.IntN(len(d.Options))].Key
				}
			}
		}
		if seat >= 0 && seat < n {
			legal := false
			for _, o := range con.Options(seat) {
				legal = legal || strings.EqualFold(o.Key, key)
			}
			if legal {
				continue
			}
		}
		seats, keys = append(seats, seat), append(keys, key)
	}
	return seats, keys
}

// Seeded autopilot races of each ruleset played through the contract
// only (Pending, Autopilot, Submit) write the very record the direct path
// (Simulate: fd's Autopilot and Submit) writes, byte for byte; each step
// is exactly the lines its order appended; and thousands of illegal keys
// at random moments are refused as engine.ErrIllegal and change nothing,
// neither the state (every field) nor the record.
func TestContractRacesAreTheDirectRaces(t *testing.T) {
	refused := 0
	for i, rc := range contractRaces(t) {
		t.Run(rc.name, func(t *testing.T) {
			c, err := tracks.Get(rc.track)
			require.NoError(t, err)
			seed := SeedFrom(fmt.Sprintf("contract-%d", i))
			_, want, err := Simulate(rc.cfg, c, rc.track, rc.cars, seed)
			require.NoError(t, err)

			g, err := NewGame(GameIDFor(seed), rc.cfg, c, rc.cars)
			require.NoError(t, err)
			random := noShuffles{dice.NewSeeded(seed)}
			require.NoError(t, g.Start(random))
			con := NewContract(g, sayKey)
			r := rand.New(rand.NewPCG(uint64(i), 13))
			for steps := 0; !con.Over(); steps++ {
				require.Less(t, steps, 20000, "the race ends")
				if r.IntN(12) == 0 {
					// the whole state is compared once after a batch of
					// keys (a fingerprint is slow under -race), the record
					// after each key
					before, lines := fingerprint(g), len(g.Events)
					seats, keys := illegalKeys(con, r)
					for k, key := range keys {
						_, err := con.Submit(seats[k], key, random)
						require.Error(t, err, "seat %d key %q accepted at event %d", seats[k], key, len(g.Events))
						require.True(t, errors.Is(err, engine.ErrIllegal), "seat %d key %q: %v", seats[k], key, err)
						require.Equal(t, lines, len(g.Events), "seat %d key %q refused but the record grew", seats[k], key)
						refused++
					}
					require.Equal(t, before, fingerprint(g), "the keys %q of seats %v were refused but the game changed", keys, seats)
				}
				pending := con.Pending()
				require.NotEmpty(t, pending)
				seat := pending[0].Seat
				key, ok := con.Autopilot(seat)
				require.True(t, ok)
				require.Contains(t, keysOf(pending[0].Options), key, "the autopilot sends a listed key")
				from := len(g.Events)
				st, err := con.Submit(seat, key, random)
				require.NoError(t, err)
				require.Equal(t, recordLines(g.Events[from:]), stepLines(st), "the step is exactly what the order appended")
			}
			_, err = con.Submit(0, "1", random)
			assert.True(t, errors.Is(err, engine.ErrOver), "no order once the race is over: %v", err)
			_, ok := con.Autopilot(0)
			assert.False(t, ok)
			got := *want
			got.Events = g.Events
			assert.Equal(t, want.Text(), got.Text(), "the contract's race is the direct race")
			assert.Equal(t, recordLines(g.Events), linesOf(con.Events()), "Events is the record")
		})
	}
	t.Logf("%d illegal keys refused", refused)
	assert.Greater(t, refused, 2000, "thousands of illegal keys were tried")
}

func linesOf(evs []engine.Event) []string {
	out := make([]string, len(evs))
	for i, e := range evs {
		out[i] = e.Line()
		if !e.Audience().Everyone() {
			out[i] += " (hidden)"
		}
	}
	return out
}

// Expire orders for every car pending at the deadline, once each (the
// whole setup stage, every qualifying lap's next decision), and returns
// exactly what it appended; a race played by deadlines alone ends, and its
// record replays and verifies.
func TestContractExpireDecidesForEveryPendingCar(t *testing.T) {
	for i, rc := range contractRaces(t) {
		t.Run(rc.name, func(t *testing.T) {
			c, err := tracks.Get(rc.track)
			require.NoError(t, err)
			seed := SeedFrom(fmt.Sprintf("contract-expire-%d", i))
			g, err := NewGame(GameIDFor(seed), rc.cfg, c, rc.cars)
			require.NoError(t, err)
			random := noShuffles{dice.NewSeeded(seed)}
			require.NoError(t, g.Start(random))
			con := NewContract(g, sayKey)
			several := false
			for steps := 0; !con.Over(); steps++ {
				require.Less(t, steps, 20000, "the race ends")
				pending := con.Pending()
				several = several || len(pending) > 1
				from := len(g.Events)
				st, err := con.Expire(random)
				require.NoError(t, err)
				require.Equal(t, recordLines(g.Events[from:]), stepLines(st))
				ordered := map[int]bool{}
				for _, e := range st.Events {
					if fe, _ := EventOf(e); e.Kind() == "order" || e.Kind() == "q-order" {
						o, err := orderFromEvent(fe)
						require.NoError(t, err)
						ordered[o.Car-1] = true
					}
				}
				for _, d := range pending {
					assert.True(t, ordered[d.Seat], "seat %d was pending at the deadline and ordered", d.Seat)
				}
				assert.Len(t, ordered, len(pending), "no seat orders that was not pending")
			}
			if rc.cfg.Sessions > 0 || rc.cfg.Optional.Building {
				assert.True(t, several, "a deadline found several cars deciding at once")
			}
			_, err = con.Expire(random)
			assert.True(t, errors.Is(err, engine.ErrOver))
			rec := &Record{Game: g.ID, Rules: rc.cfg.Rules, Options: rc.cfg.Options(), Track: rc.track, Cars: rc.cars,
				Commitment: dice.Commitment(seed), Events: g.Events}
			again, err := Replay(rec, c)
			require.NoError(t, err, "the record of deadlines replays")
			assert.Equal(t, recordLines(g.Events), recordLines(again.Events))
		})
	}
}

// The contract says events, options and the status through the catalog
// it is given, with the phrases the rules wrote (EventPhrase,
// OptionFacts, DecisionPhrase), and lists options by the keys the
// command language sends: a plain gear by its number.
func TestContractSaysThroughTheGivenCatalog(t *testing.T) {
	c, err := tracks.Get("port-azur")
	require.NoError(t, err)
	cfg := DefaultConfig()
	cfg.Laps = 1
	g, err := NewGame("say", cfg, c, 3)
	require.NoError(t, err)
	random := noShuffles{dice.NewSeeded(SeedFrom("say"))}
	require.NoError(t, g.Start(random))
	con := NewContract(g, sayKey)
	gears, moves := 0, 0
	for steps := 0; !con.Over() && steps < 400; steps++ {
		pending := con.Pending()
		require.Len(t, pending, 1, "the complete rules without options: one car decides at a time")
		d := g.Pending()
		require.Equal(t, d.Car-1, pending[0].Seat)
		require.Equal(t, string(d.Kind), pending[0].Kind)
		for k, op := range d.Options {
			key := pending[0].Options[k].Key
			if d.Kind == DecideGear {
				assert.Equal(t, strconv.Itoa(op.Gear), key, "a gear by its number")
				gears++
			} else {
				assert.Equal(t, op.Letter, key, "an option by its letter")
				moves++
			}
			var want []string
			for _, p := range g.OptionFacts(d, op) {
				want = append(want, sayKey(p, "fr"))
			}
			assert.Equal(t, strings.Join(want, " — "), con.Facts(d.Car-1, key, "fr"))
		}
		assert.Empty(t, con.Facts(d.Car-1, "Z9", "en"), "no facts for a key that is no option")
		assert.Empty(t, con.Facts(d.Car%3, pending[0].Options[0].Key, "en"), "no facts for a car that decides nothing")
		status := con.Status(d.Car-1, "en")
		assert.Contains(t, status, sayKey(g.DecisionPhrase(d, ""), "en"), "the status says who decides")
		assert.Contains(t, status, "status.car-yours", "the status marks the reader's car")
		assert.NotContains(t, con.Status(-1, "en"), "status.car-yours", "a spectator drives no car")
		key, _ := con.Autopilot(d.Car - 1)
		st, err := con.Submit(d.Car-1, key, random)
		require.NoError(t, err)
		for _, e := range st.Events {
			fe, ok := EventOf(e)
			require.True(t, ok)
			p := EventPhrase(c, fe)
			if p.IsZero() {
				assert.Empty(t, con.Describe(e, "en"), "%s carries state, not news", fe)
				continue
			}
			assert.Equal(t, sayKey(p, "en"), con.Describe(e, "en"))
			assert.Equal(t, sayKey(p, "fr"), con.Describe(e, "fr"))
		}
	}
	assert.Positive(t, gears)
	assert.Positive(t, moves)
}

// started5DContract starts a one-lap FDR race at Port Azur under league
// variant 5-D (AMB-17) and the variants given, cars cars, dice seeded
// from name, served through the contract with the catalog's keys as words.
func started5DContract(t *testing.T, name string, cars int, variants ...string) (*Game, Contract, noShuffles) {
	t.Helper()
	c, err := tracks.Get("port-azur")
	require.NoError(t, err)
	cfg := fdrConfig()
	cfg.Laps = 1
	for _, v := range append([]string{"5-D"}, variants...) {
		require.NoError(t, cfg.EnableVariant(v))
	}
	seed := SeedFrom(name)
	g, err := NewGame(GameIDFor(seed), cfg, c, cars)
	require.NoError(t, err)
	random := noShuffles{dice.NewSeeded(seed)}
	require.NoError(t, g.Start(random))
	return g, NewContract(g, sayKey), random
}

// playByAutopilot plays con to its end, each pending seat's order its
// autopilot's, and hands each order's step to check.
func playByAutopilot(t *testing.T, con Contract, random noShuffles, check func(engine.Step)) {
	t.Helper()
	for steps := 0; !con.Over(); steps++ {
		require.Less(t, steps, 20000, "the race ends")
		seat := con.Pending()[0].Seat
		key, _ := con.Autopilot(seat)
		st, err := con.Submit(seat, key, random)
		require.NoError(t, err)
		check(st)
	}
}

// League variant 5-D (AMB-17) through the contract: a racing car's build
// lines go to its own seat only, the status tells another seat its total
// alone, and once the race is over every line is everyone's.
func TestContractHidesBuildsUnder5D(t *testing.T) {
	g, con, random := started5DContract(t, "contract-5d", 4)
	hidden := 0
	checkedStatus := false
	playByAutopilot(t, con, random, func(st engine.Step) {
		for _, e := range st.Events {
			fe, _ := EventOf(e)
			car := BuildLineCar(fe)
			if car == 0 || g.Cars[car-1].Status != Racing {
				assert.True(t, e.Audience().Everyone(), "%s is public", fe)
				continue
			}
			hidden++
			assert.Equal(t, []int{car - 1}, e.Audience().Seats, "%s goes to its car's seat only", fe)
			for s := range con.Seats() {
				assert.Equal(t, s == car-1, e.Audience().Includes(s, false))
				assert.True(t, e.Audience().Includes(s, true), "every line is public once the race is over")
			}
		}
		if g.started && !checkedStatus && g.Cars[1].Status == Racing {
			st := con.Status(0, "en")
			assert.Contains(t, st, sayKey(phrase.New("status.car-hidden-build", g.BuildTotal(2)), "en"), "car 2's build is hidden from seat 0")
			others := 0
			for _, car := range g.Cars[1:] {
				if car.Status == Racing {
					others++
				}
			}
			assert.Equal(t, others, strings.Count(st, "status.car-hidden-build"), "seat 0 sees its own build, not the others' racing cars'")
			assert.Equal(t, others+1, strings.Count(con.Status(-1, "en"), "status.car-hidden-build"), "a spectator sees no build")
			checkedStatus = true
		}
	})
	assert.Positive(t, hidden, "the race wrote builds down")
	assert.True(t, checkedStatus)
	for _, e := range con.Events() {
		assert.True(t, e.Audience().Everyone(), "over: %s is everyone's", e.Line())
	}
}

// ReplayContract plays a record's orders back through the contract: the
// frozen records replay to their very lines, and a record tampered with
// (a roll changed, an order changed or for another car, a line dropped,
// the record cut short) fails with the very error Replay gives, or
// replays the same when Replay does.
func TestReplayContractIsReplay(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "records", "v1", "*.rec"))
	require.NoError(t, err)
	r := rand.New(rand.NewPCG(5, 8))
	tampered, failed := 0, 0
	for _, file := range files {
		_, rec, c := frozenRecord(t, file)
		con, err := ReplayContract(rec, c, sayKey)
		require.NoError(t, err, file)
		assert.Equal(t, recordLines(rec.Events), linesOfAll(con.Events()), file)
		assert.True(t, con.Over(), file)

		for range 25 {
			bad := *rec
			bad.Events = append([]Event(nil), rec.Events...)
			i := r.IntN(len(bad.Events))
			e := bad.Events[i]
			e.Args = append([]Arg(nil), e.Args...)
			switch r.IntN(5) {
			case 0: // a roll changed
				for ; bad.Events[i].Kind != "roll"; i = (i + 1) % len(bad.Events) {
				}
				e = bad.Events[i]
				e.Args = append([]Arg(nil), e.Args...)
				setArg(&e, "value", strconv.Itoa(1+r.IntN(6)))
			case 1: // an order changed
				for ; bad.Events[i].Kind != "order"; i = (i + 1) % len(bad.Events) {
				}
				e = bad.Events[i]
				e.Args = append([]Arg(nil), e.Args...)
				if e.Get("gear") != "" {
					setArg(&e, "gear", strconv.Itoa(r.IntN(8)))
				} else if e.Get("choose") != "" {
					setArg(&e, "choose", []string{"A", "B", "C", "Z", "1"}[r.IntN(5)])
				}
			case 2: // an order for another car
				for ; bad.Events[i].Kind != "order"; i = (i + 1) % len(bad.Events) {
				}
				e = bad.Events[i]
				e.Args = append([]Arg(nil), e.Args...)
				setArg(&e, "car", strconv.Itoa(r.IntN(rec.Cars+2)))
			case 3: // a line dropped
				bad.Events = append(bad.Events[:i], bad.Events[i+1:]...)
				e = Event{}
			case 4: // cut short
				bad.Events = bad.Events[:i]
				e = Event{}
			}
			if e.Kind != "" {
				bad.Events[i] = e
			}
			tampered++
			want, wantErr := Replay(&bad, c)
			got, gotErr := ReplayContract(&bad, c, sayKey)
			if errors.Is(gotErr, ErrNotSeatOrders) {
				continue
			}
			require.Equal(t, fmt.Sprint(wantErr), fmt.Sprint(gotErr), "%s tampered at event %d", file, i+1)
			var mm *MismatchError
			assert.Equal(t, errors.As(wantErr, &mm), errors.As(gotErr, &mm))
			if wantErr != nil {
				failed++
			}
			if want != nil && got.G != nil {
				assert.Equal(t, recordLines(want.Events), recordLines(got.G.Events))
			}
		}
	}
	t.Logf("%d tampered records, %d refused alike", tampered, failed)
	assert.Greater(t, failed, 50)
}

func linesOfAll(evs []engine.Event) []string {
	out := make([]string, len(evs))
	for i, e := range evs {
		out[i] = e.Line()
	}
	return out
}

// setArg sets key's value in e (its args copied by the caller).
func setArg(e *Event, key, val string) {
	for i := range e.Args {
		if e.Args[i].Key == key {
			e.Args[i].Val = val
		}
	}
}

// What replaying through the contract costs beside Replay: the frozen
// optional-rules race (4,090 lines), both ways in the same run.
func BenchmarkReplayContract(b *testing.B) {
	raw, err := os.ReadFile(filepath.Join("testdata", "records", "v1", "fd2008-hollowmere-optional.rec"))
	require.NoError(b, err)
	rec, err := ParseRecord(string(raw))
	require.NoError(b, err)
	c, err := tracks.Get(rec.Track)
	require.NoError(b, err)
	b.Run("Replay", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Replay(rec, c); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("ReplayContract", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := ReplayContract(rec, c, sayKey); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// frozenRecord reads a frozen record: its text, parsed, and its circuit.
func frozenRecord(t *testing.T, file string) (string, *Record, *tracks.Circuit) {
	t.Helper()
	raw, err := os.ReadFile(file)
	require.NoError(t, err)
	rec, err := ParseRecord(string(raw))
	require.NoError(t, err)
	c, err := tracks.Get(rec.Track)
	require.NoError(t, err)
	return string(raw), rec, c
}
