package bot

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// League variant 5-D with 5-A: the booster points a car has left are
// part of its hidden build (the status text and the board hide them), and
// its gear decision's boost option says them ("6 booster points left").
// What a seat that may not see car 2 reads of its pending decision — the
// next decisions said after a reply, in status, notices and the web page
// (nextText, describeDecisionFor) — is its header alone; car 2's seat and
// a game master without a car read its options.
func TestVariant5DHidesAnotherCarsOptions(t *testing.T) {
	l, d := boostOfferedToCar2(t)
	s := &Service{}
	for _, lang := range []string{"en", "fr"} {
		whole := describeDecision(l, d, lang, nil)
		head, _, _ := strings.Cut(whole, "\n")
		for _, reader := range []int{0, -1} { // car 1's seat, a spectator
			told := describeDecisionFor(l, d, lang, nil, reader)
			assert.True(t, strings.HasPrefix(told, head+" "), "%s: %q", lang, told)
			assert.NotContains(t, told, "booster", "reader %d reads car 2's boosters left", reader)
			assert.NotContains(t, told, "\n", "no option of car 2 for reader %d", reader)
			assert.Contains(t, s.nextText(l, lang, reader), told)
			assert.NotContains(t, s.nextText(l, lang, reader), "booster")
		}
		for _, reader := range []int{1, engine.Referee} { // car 2's seat, the game master
			assert.Equal(t, whole, describeDecisionFor(l, d, lang, nil, reader))
			assert.Contains(t, s.nextText(l, lang, reader), whole)
		}
	}
	assert.Contains(t, describeDecisionFor(l, d, "en", nil, 0), "its options are hidden with its build until its race ends")
	assert.Contains(t, describeDecisionFor(l, d, "fr", nil, 0), "ses options sont cachées avec sa configuration jusqu'à la fin de sa course")
}

// A Discord thread is read by every seat, so under 5-D its buttons and
// menus (pendingViews as a reader with no car) name each option of a
// racing car by what it is — its gear, where it goes — without its costs
// or the booster points left; the car's own seat (the web page's buttons)
// reads them whole.
func TestVariant5DThreadButtonsHideCosts(t *testing.T) {
	l, d := boostOfferedToCar2(t)
	for _, lang := range []string{"en", "fr"} {
		var thread, own DecisionView
		for i, v := range pendingViews(l, "g", lang, -1) {
			if v.Car == d.Car {
				thread, own = v, pendingViews(l, "g", lang, d.Car-1)[i]
			}
		}
		require.NotEmpty(t, thread.Options)
		require.Len(t, own.Options, len(thread.Options))
		whole := 0
		for i, op := range thread.Options {
			assert.Equal(t, own.Options[i].Command, op.Command)
			assert.NotContains(t, op.Label, "booster", "%s: a thread's button", lang)
			assert.True(t, strings.HasPrefix(own.Options[i].Label, op.Label), "%s: %q is the head of %q", lang, op.Label, own.Options[i].Label)
			if own.Options[i].Label != op.Label {
				whole++
			}
		}
		assert.Positive(t, whole, "%s: the car's own seat reads its options' costs", lang)
		assert.True(t, strings.Contains(strings.Join(labels(own), "|"), "booster"), "%s: its own seat reads its boosters left", lang)
	}
}

func labels(v DecisionView) []string {
	var out []string
	for _, op := range v.Options {
		out = append(out, op.Label)
	}
	return out
}

// boostOfferedToCar2 is an fdr race on the oval under 5-D and 5-A at the
// first decision where car 2 must choose a gear with a boost offered.
func boostOfferedToCar2(t *testing.T) (*live, fd.Decision) {
	t.Helper()
	c, err := tracks.Get("oval")
	require.NoError(t, err)
	cfg := fd.ConfigFor(fd.FDR)
	cfg.Laps = 1
	require.NoError(t, cfg.EnableVariant("5-D"))
	require.NoError(t, cfg.EnableVariant("5-A:points=6/6"))
	_, rec, err := fd.Simulate(cfg, c, "oval", 2, fd.SeedFrom("hidden-options"))
	require.NoError(t, err)

	// the first line where car 2 must choose a gear with a boost offered
	var l *live
	var d fd.Decision
	for i := range rec.Events {
		g, err := fd.ReplayAtEvent(rec, c, i+1)
		require.NoError(t, err)
		for _, p := range g.PendingAll() {
			if p.Car == 2 && p.Kind == fd.DecideGear && strings.Contains(describeDecision(&live{game: fd.NewContract(g, sayPhrase), track: c}, p, "en", nil), "booster points left") {
				l, d = &live{game: fd.NewContract(g, sayPhrase), track: c}, p
			}
		}
		if l != nil {
			break
		}
	}
	require.NotNil(t, l, "car 2 is offered a boost")
	return l, d
}
