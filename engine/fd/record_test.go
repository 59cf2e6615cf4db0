package fd

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

func simulated(t testing.TB, id string, cars int, seed string) (*tracks.Circuit, *Game, *Record) {
	t.Helper()
	c, err := tracks.Get(id)
	require.NoError(t, err)
	g, rec, err := Simulate(DefaultConfig(), c, id, cars, SeedFrom(seed))
	require.NoError(t, err)
	return c, g, rec
}

func TestRecordRoundTrip(t *testing.T) {
	for _, seed := range []string{"rt1", "rt2", "rt3"} {
		_, g, rec := simulated(t, "test-oval", 4, seed)
		text := rec.Text()
		back, err := ParseRecord(text)
		require.NoError(t, err)
		assert.Equal(t, text, back.Text(), "Text → ParseRecord → Text")
		assert.Equal(t, rec.Commitment, back.Commitment)
		assert.Equal(t, rec.Seed, back.Seed)
		require.Len(t, back.Events, len(g.Events))
		for i := range g.Events {
			assert.Equal(t, g.Events[i], back.Events[i])
		}
	}
	// an inline circuit and scripted dice round-trip too
	rec := &Record{Game: "inline one", Rules: FD2008, Options: DefaultConfig().Options(), TrackSource: twinTrack, Cars: 1, Scripted: true,
		Events: []Event{ev("position", "round", 1), ev("roll", "value", 3), ev("order", "car", 1, "choose", "A"), ev("wear", "car", 1, "tyres", -1, "cause", `a "quoted" cause = #1`)}}
	back, err := ParseRecord(rec.Text())
	require.NoError(t, err)
	assert.Equal(t, rec.Text(), back.Text())
	assert.Equal(t, twinTrack, back.TrackSource)
	assert.Equal(t, "inline one", back.Game)
	assert.True(t, back.Scripted)
	assert.Equal(t, `a "quoted" cause = #1`, back.Events[3].Get("cause"))
}

// twinRecord is a rules question written by hand: EX-F-16 on the twin
// circuit, as a position, one roll and the orders.
func twinRecord() string {
	var b strings.Builder
	b.WriteString(`pitwall-record 1
# EX-F-16: an overshoot that ends in the next corner
game question-16
rules fd2008
option laps=2
option start=6/3/3/3/3/2
track-begin
`)
	for _, l := range strings.Split(strings.TrimRight(twinTrack, "\n"), "\n") {
		b.WriteString("| " + l + "\n")
	}
	b.WriteString(`track-end
cars 1
dice-source scripted
events
position round=1
position-car car=1 space=na.1.2 gear=2 wear=6/3/3/3/3/2 laps=0 stops=0 pitstops=0 flags=started,crossed
order car=1 gear=2
roll value=4
order car=1 choose=B
`)
	return b.String()
}

func TestRecordInputsOnlyReplays(t *testing.T) {
	rec, err := ParseRecord(twinRecord())
	require.NoError(t, err)
	require.True(t, rec.Scripted)
	c, err := tracks.Load("question", []byte(rec.TrackSource))
	require.NoError(t, err)
	g, err := Replay(rec, c)
	require.NoError(t, err)
	car := &g.Cars[0]
	assert.Equal(t, "nb.0.2", c.Spaces[car.Space].Name)
	assert.Equal(t, "2/3/3/3/3/2", car.Wear.Compact())
	var lines []string
	for _, e := range g.Events {
		lines = append(lines, e.String())
	}
	assert.Contains(t, lines, `overshoot car=1 corner="North A" spaces=4 stops=0 required=1`)
	assert.Contains(t, lines, "roll play=1 car=1 for=gear n=0 die=d6 value=4")
	assert.Equal(t, DecideGear, g.Pending().Kind, "the next turn waits for a gear")

	// what the rules made of it is a full record, which replays event for
	// event; it cannot be verified
	full := *rec
	full.Events = g.Events
	back, err := ParseRecord(full.Text())
	require.NoError(t, err)
	_, err = Replay(back, c)
	require.NoError(t, err)
	assert.ErrorContains(t, Verify(back), "scripted")

	// a roll the game never asks for is reported
	extra, err := ParseRecord(twinRecord() + "roll value=2\n")
	require.NoError(t, err)
	_, err = Replay(extra, c)
	assert.ErrorContains(t, err, "never asked for")
}

func TestVerifyTamperedRoll(t *testing.T) {
	_, _, rec := simulated(t, "test-oval", 3, "tamper")
	require.NoError(t, Verify(rec))
	// change one gear roll to another face of the same die
	for i, e := range rec.Events {
		if e.Kind != "roll" || e.Get("die") != "d8" {
			continue
		}
		v := e.Get("value")
		other := "4"
		if v == "4" {
			other = "5"
		}
		bad := *rec
		bad.Events = append([]Event(nil), rec.Events...)
		bad.Events[i] = Event{Kind: e.Kind, Args: append([]Arg(nil), e.Args...)}
		for j := range bad.Events[i].Args {
			if bad.Events[i].Args[j].Key == "value" {
				bad.Events[i].Args[j].Val = other
			}
		}
		back, err := ParseRecord(bad.Text())
		require.NoError(t, err)
		err = Verify(back)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "event "+strconv.Itoa(i+1)+" (roll ")
		assert.Contains(t, err.Error(), "the seed gives "+v+", the record says "+other)
		return
	}
	t.Fatal("no d8 roll in the record")
}

func TestVerifyWrongSeed(t *testing.T) {
	_, _, rec := simulated(t, "test-oval", 2, "seed")
	bad := *rec
	bad.Seed = strings.Repeat("00", 32)
	assert.ErrorContains(t, Verify(&bad), "commitment")
	bad.Seed = ""
	assert.ErrorContains(t, Verify(&bad), "not been revealed")
}

func TestReplayChangedConsequence(t *testing.T) {
	c, _, rec := simulated(t, "test-oval", 3, "consequence")
	for _, kind := range []string{"move", "round", "over"} {
		t.Run(kind, func(t *testing.T) {
			idx := -1
			for i, e := range rec.Events {
				if e.Kind == kind {
					idx = i
					break
				}
			}
			require.GreaterOrEqual(t, idx, 0)
			bad := *rec
			bad.Events = append([]Event(nil), rec.Events...)
			e := bad.Events[idx]
			bad.Events[idx] = Event{Kind: e.Kind, Args: append(append([]Arg(nil), e.Args...), Arg{"forged", "1"})}
			back, err := ParseRecord(bad.Text())
			require.NoError(t, err)
			_, err = Replay(back, c)
			var mm *MismatchError
			require.True(t, errors.As(err, &mm), "want a MismatchError, got %v", err)
			assert.Equal(t, idx, mm.Index)
			assert.Contains(t, mm.Recorded, "forged=1")
			assert.Equal(t, e.String(), mm.Replayed)
		})
	}
	t.Run("a missing consequence", func(t *testing.T) {
		bad := *rec
		for i, e := range rec.Events {
			if e.Kind == "stop" || e.Kind == "overshoot" || e.Kind == "lap" {
				bad.Events = append(append([]Event(nil), rec.Events[:i]...), rec.Events[i+1:]...)
				break
			}
		}
		require.Len(t, bad.Events, len(rec.Events)-1)
		_, err := Replay(&bad, c)
		var mm *MismatchError
		require.True(t, errors.As(err, &mm), "want a MismatchError, got %v", err)
	})
}

func TestReplayDiceNeverRoll(t *testing.T) {
	// Replay hands out recorded rolls; one short, it says what was asked
	c, _, rec := simulated(t, "test-oval", 2, "short")
	cut := 0
	for i, e := range rec.Events {
		if e.Kind == "roll" {
			cut = i
		}
	}
	bad := *rec
	bad.Events = rec.Events[:cut]
	_, err := Replay(&bad, c)
	require.Error(t, err)
	var src dice.Source = &replayDice{}
	_, err = src.Roll(dice.Key{Game: "g", Car: 1, Purpose: "gear"}, dice.DefaultSet().Black)
	assert.ErrorContains(t, err, "no more rolls")
}
