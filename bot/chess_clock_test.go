package bot

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/persistence"
	"github.com/pitwall/pitwall/persistence/memory"
)

// League variant 2-B through the service, with an injected clock: a
// player who answers at once keeps his bank; one who takes longer than
// the capital to answer a race decision has his car's clock-out entered
// into the record before his order, and that move takes the out-of-fuel
// test (the roll "for=fuel"). The status text and the turn message say
// each bank, in English and French. Fixed seed.
func TestVariant2BChessClockInTheService(t *testing.T) {
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	store := memory.New()
	svc := New(Options{Store: store, Now: func() time.Time { return now }})
	t.Cleanup(func() { svc.Close(); store.Close() })
	ctx := context.Background()
	_, err := svc.SetPlayer(ctx, PlayerSettings{Name: "Bob", Language: "fr"})
	require.NoError(t, err)
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Rules: "fdr", Laps: 1, Seats: []string{"Anna", "Bob"}, Seed: "chess-clock", Variants: []string{"2-B:capital=2h"}})
	require.NoError(t, err)

	// to the race: the autopilot answers at once, no time spent
	var slow PendingView
	for range 400 {
		v, err := svc.Show(ctx, id)
		require.NoError(t, err)
		if len(v.Pending) > 0 && v.Pending[0].Decision == "gear" && v.Pending[0].Session == "" && v.Plays > 4 {
			slow = v.Pending[0]
			break
		}
		now = now.Add(time.Minute)
		_, err = svc.Autoplay(ctx, id, 1)
		require.NoError(t, err)
	}
	require.NotZero(t, slow.Car, "no race gear decision")
	status, err := svc.Handle(ctx, Request{Identity: cli(slow.Player), Game: id, Text: "status"})
	require.NoError(t, err)
	if slow.Player == "anna" {
		assert.Regexp(t, `Car \d's race clock: 1h\d\dm left of 2h`, status, "the bank, minus the minutes already spent")
	} else {
		assert.Regexp(t, `Chrono de course de la voiture \d : reste 1h\d\dm sur 2h`, status)
	}

	before := recordLen(t, store, id)
	now = now.Add(3 * time.Hour) // the player thinks too long
	_, err = svc.Handle(ctx, Request{Identity: cli(slow.Player), Game: id, Text: strings.ToLower(slow.Options[0])})
	require.NoError(t, err)
	var lines []string
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		evs, err := tx.Events(id, before, 0)
		for _, e := range evs {
			lines = append(lines, e.Line)
		}
		return err
	}))
	text := strings.Join(lines, "\n")
	out := strings.Index(text, "clock-out car="+strconv.Itoa(slow.Car)+" capital=2h")
	require.GreaterOrEqual(t, out, 0, "the clock-out is in the record:\n%s", text)
	order := strings.Index(text, "order car="+strconv.Itoa(slow.Car))
	assert.Less(t, out, order, "entered before the order it spent the bank on")
	assert.Contains(t, text[order:], "car="+strconv.Itoa(slow.Car)+" for=fuel", "that move takes the fuel test")

	// the bank is said spent, in the reader's language
	status, err = svc.Handle(ctx, Request{Identity: cli("Anna"), Game: id, Text: "status"})
	require.NoError(t, err)
	if slow.Player == "anna" {
		assert.Contains(t, status, "race clock is spent (2h): an out-of-fuel test before each of its moves")
	} else {
		assert.Regexp(t, `Car \d's race clock: 1h\d\dm left of 2h`, status, "Anna answered at once")
	}
	// the clock-out is told in both languages: Anna reads English, Bob French
	var msgs []string
	require.NoError(t, store.View(ctx, func(tx persistence.ReadTx) error {
		ms, err := tx.Pending(now.Add(time.Hour), 1000)
		for _, m := range ms {
			msgs = append(msgs, m.Text)
		}
		return err
	}))
	all := strings.Join(msgs, "\n")
	assert.Contains(t, all, "has spent its race clock (2h)")
	assert.Contains(t, all, "a épuisé son chrono de course (2h)")
	assert.Regexp(t, `race clock: \dh\d\dm left of 2h|Chrono de course de la voiture \d : reste \dh\d\dm sur 2h`, all, "the turn messages say the banks")
	_, err = svc.Verify(ctx, id)
	require.NoError(t, err, "the record with its clock-out verifies")
}
