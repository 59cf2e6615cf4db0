package bot

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/rs"
	"github.com/pitwall/pitwall/tracks/rscircuit"
)

// checkRSOrder holds ParseRSOrder to its promises on any input: a line is
// either no order (errNotOrder), an order refused in both languages, or a
// key the engine's key grammar reads, which RSOrderWords writes back as
// words that parse to the same key in English and in French.
func checkRSOrder(t *testing.T, s string) {
	t.Helper()
	key, err := ParseRSOrder(s)
	if err != nil {
		var ue *UserError
		if !errors.Is(err, errNotOrder) && (!errors.As(err, &ue) || ue.Msg == "" || ue.Fr == "") {
			t.Fatalf("%q: %v is neither no order nor a refusal in both languages", s, err)
		}
		return
	}
	if _, err := rs.ParseStandardKey(0, key); err != nil {
		t.Fatalf("%q gave key %q that the engine cannot read: %v", s, key, err)
	}
	for _, lang := range []string{"en", "fr"} {
		w := RSOrderWords(key, lang)
		back, err := ParseRSOrder(w)
		if err != nil || back != key {
			t.Fatalf("%q → %q → %s %q → %q, %v", s, key, lang, w, back, err)
		}
	}
}

func TestParseRSOrder(t *testing.T) {
	for in, want := range map[string]string{
		"card 297":                   "297",
		"297":                        "297",
		"Carte 297 Risque":           "297+risk",
		"card 297 risk push":         "297+risk+tapez",
		"push card 296":              "296+tapez",
		"carte 296 économise":        "296+economise",
		"card 296 save pit soft":     "296+economise+pit-soft-careful",
		"card 300 pit hard risky":    "300+pit-hard-risky",
		"carte 300 stand dur risque": "300+pit-hard-risky",
		"carte 300 risque stand dur": "300+risk+pit-hard-careful",
		"stand intermédiaires audacieux garde-museau": "pit-intermediate-risky-keep-nose",
		"stay":               "stay",
		"reste":              "stay",
		"passe":              "pass",
		"careful redraw 400": "careful+redraw-400",
		"risque retire 600":  "risky+redraw-600",
		"prudent retire 6 intérieur pneus tendres": "careful+redraw-6+inside+tyres-soft",
		"risky straight tyres rain":                "risky+straight+tyres-rain",
		"/race card 294":                           "294",
	} {
		got, err := ParseRSOrder(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
		checkRSOrder(t, in)
	}
	for _, in := range []string{"status", "help", "carte", "carte moi", "board", "log 5", "auto on", "gear 4", "B", "3"} {
		_, err := ParseRSOrder(in)
		assert.ErrorIs(t, err, errNotOrder, "%q is another command", in)
	}
	for in, want := range map[string]string{
		"card":               "", // "card" alone is no order: help says what it is
		"card 310":           "293 to 300",
		"card 297 297":       "one speed card",
		"pit":                "pit, the tyres",
		"pit slicks":         "pit, the tyres",
		"card 297 flying":    "not a word of an order",
		"stay card 297":      "stand alone",
		"card 297 keep-nose": "goes with a stop",
		"redraw x":           "write redraw",
		"tyres":              "write tyres",
	} {
		_, err := ParseRSOrder(in)
		if want == "" {
			assert.ErrorIs(t, err, errNotOrder, in)
			continue
		}
		require.Error(t, err, in)
		assert.Contains(t, err.Error(), want, in)
		var ue *UserError
		require.ErrorAs(t, err, &ue)
		assert.NotEmpty(t, ue.Fr, "%q is refused in French too", in)
	}
}

// TestRSOrderWordsCoverEveryOption: every option the engine offers, at
// every moment of real races (family, standard with qualifying and the
// start, the safety car, the advanced qualifying), is written as words a
// player can send back, in both languages.
func TestRSOrderWordsCoverEveryOption(t *testing.T) {
	cfgs := []rs.Config{{Mode: rs.Family, Seats: 3}, {Mode: rs.Standard, Seats: 2}, {Mode: rs.Standard, Seats: 2, AdvancedQuali: true, Weather: true}}
	seen := map[string]bool{}
	for i, cfg := range cfgs {
		for race := range 3 {
			src := dice.NewSeeded(rs.SeedFrom(fmt.Sprintf("words-%d-%d", i, race)))
			c, err := rscircuit.Get("cragsby")
			require.NoError(t, err)
			g, err := rs.NewGame("words", cfg, c, src)
			require.NoError(t, err)
			for !g.Over {
				for _, d := range g.Pending() {
					for _, o := range d.Options {
						if !seen[o.Key] {
							seen[o.Key] = true
							for _, lang := range []string{"en", "fr"} {
								back, err := ParseRSOrder(RSOrderWords(o.Key, lang))
								require.NoError(t, err, "%s in %s", o.Key, lang)
								require.Equal(t, o.Key, back, lang)
							}
						}
					}
					_, err := g.Submit(g.Autopilot(d.Seat), src)
					require.NoError(t, err)
				}
			}
		}
	}
	for _, k := range []string{"stay", "pass", "careful", "risky+redraw-6+outside", "297+risk"} {
		assert.True(t, seen[k], "option %s met in the races", k)
	}
}
