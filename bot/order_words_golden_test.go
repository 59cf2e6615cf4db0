package bot

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/street"
	"github.com/pitwall/pitwall/persistence"
)

var updateOrderWordsGolden = flag.Bool("update-order-words-golden", false, "rewrite bot/testdata/orders/*.txt from today's texts")

// orderWordsCommands are the orders a player may give in words rather
// than by key (a driver's name, tyres by word, the pit by kind), and some
// that a decision refuses, each read for every car that must decide.
func orderWordsCommands() []string {
	return []string{
		"gear 4", "gear 9", "next 3", "choose B", "B",
		"pit", "pit soft", "pit hard long", "pit rain", "pit long", "pit C",
		"tyres soft", "tyres hard", "tyres rain", "tyres A",
		"config 6/3/3/3/3/2", "config A", "config 6/3/3/3/3/2 boost 2",
		"driver " + street.Drivers[0].Name, "driver " + street.Drivers[3].Name, "driver A", "driver nobody",
	}
}

// The texts bot writes from a pending decision without the status: the
// key an order in words becomes or its refusal (orderKey, legalText), the
// French refusal that lists the legal options (engineRefusal), a mail's
// subject (subjectFor), whose decision the game waits for (waitingText),
// game show --json's facts of each option
// (optionFacts), and what names a decision for its deadline with its time
// limit (decisionKey, periodFor). Pinned before they are read through the
// game contract (issue 13, groups 1 to 3 of docs/engine.md "What is
// left"), on the status golden's races, at the moments a status golden
// samples and at every decision that is not a plain gear or move (a
// driver, tyres, a pit stop, a build, a qualifying lap) or that may
// enter the pit lane (not every move of a qualifying lap: a qualifying
// session's decisions are sampled as the race's). Every text stays the same whichever way it is read.
func TestOrderWordsAndSubjectsStayTheSame(t *testing.T) {
	for _, race := range statusRaces {
		t.Run(race.name, func(t *testing.T) {
			got := orderWordsGoldenOf(t, race)
			matchesGolden(t, filepath.Join("testdata", "orders", race.name+".txt"), got, *updateOrderWordsGolden)
		})
	}
}

func orderWordsGoldenOf(t *testing.T, race statusRace) string {
	t.Helper()
	c, g, src := race.start(t)
	l := &live{row: persistence.Game{ID: "g-" + race.name}, meta: &meta{Deadline: 90, QualifyingDeadline: 30}, track: c, game: fd.NewContract(g, sayPhrase)}
	var b strings.Builder
	for n := 0; ; n++ {
		require.Less(t, n, 20000, "the race never ended")
		if n < 4 || n%60 == 0 || g.Over || worthReading(g) {
			writeOrderWordsMoment(t, &b, l, n)
		}
		if g.Over {
			break
		}
		o, ok := fd.Autopilot(g)
		require.True(t, ok)
		require.NoError(t, g.Submit(o, src))
	}
	return b.String()
}

// worthReading: a decision an order in words may answer other than by a
// plain gear or move.
func worthReading(g *fd.Game) bool {
	for _, d := range g.PendingAll() {
		switch d.Kind {
		case fd.DecideGear, fd.DecideMove, fd.DecideSlipstream:
		default:
			return true
		}
		for _, op := range d.Options {
			if op.Pit {
				return true
			}
		}
	}
	return false
}

func writeOrderWordsMoment(t *testing.T, b *strings.Builder, l *live, n int) {
	t.Helper()
	fmt.Fprintf(b, "=== decision %d\n", n)
	for _, lang := range []string{"en", "fr"} {
		for car := 0; car <= len(l.race().Cars); car++ {
			fmt.Fprintf(b, "subject %s car %d: %s\n", lang, car, subjectFor(l, car, lang))
		}
	}
	if l.race().Over {
		return
	}
	fmt.Fprintf(b, "waiting: %q %q\n", (&Service{}).waitingText(l, "en"), (&Service{}).waitingText(l, "fr"))
	for _, d := range l.race().PendingAll() {
		timing, _ := l.timing(d.Car)
		fmt.Fprintf(b, "--- car %d kind %s session %q: deadline key %s, %d minutes\n", d.Car, d.Kind, d.Session, decisionKey(l, d.Car), l.meta.periodFor(timing))
		for _, op := range d.Options {
			facts, err := json.Marshal(optionFacts(l, d, op))
			require.NoError(t, err)
			fmt.Fprintf(b, "facts %s\n", facts)
		}
		for _, lang := range []string{"en", "fr"} {
			for _, line := range orderWordsCommands() {
				cmd, err := Parse(line)
				if err != nil {
					fmt.Fprintf(b, "%s %q: unparsed: %v\n", lang, line, err)
					continue
				}
				key, err := orderKey(l, d.Car, cmd, lang)
				if err != nil {
					fmt.Fprintf(b, "%s %q: refused: %v\n", lang, line, err)
					continue
				}
				fmt.Fprintf(b, "%s %q: key %q\n", lang, line, key)
			}
		}
		fmt.Fprintf(b, "fr refusal: %v\n", engineRefusal(l, d.Car, errors.New("an illegal order (R-MOV-05)"), "fr"))
	}
	for car := 1; car <= len(l.race().Cars); car++ { // a car with nothing to decide
		if _, ok := pendingOf(l, car); !ok {
			cmd, err := Parse("gear 3")
			require.NoError(t, err)
			_, err = orderKey(l, car, cmd, "fr")
			fmt.Fprintf(b, "car %d, nothing pending: %v; %v\n", car, err, engineRefusal(l, car, fd.ErrNotYourTurn, "fr"))
			break
		}
	}
}

// The golden above reads every kind of decision it pins: a test that
// never met a pit stop or a driver would pin nothing of their words.
func TestOrderWordsGoldenMeetsEveryWordedDecision(t *testing.T) {
	seen := map[string]bool{}
	for _, race := range statusRaces {
		path := filepath.Join("testdata", "orders", race.name+".txt")
		raw, err := os.ReadFile(path)
		require.NoError(t, err)
		text := string(raw)
		for _, kind := range []string{"driver", "tyres", "pit", "configuration"} {
			if strings.Contains(text, " kind "+kind+" session ") {
				seen[kind] = true
			}
		}
		if strings.Contains(text, `"pit": key "`) {
			seen["pit by word"] = true
		}
		if strings.Contains(text, `"driver `+street.Drivers[0].Name+`": key "`) {
			seen["driver by name"] = true
		}
	}
	for _, want := range []string{"driver", "tyres", "pit", "configuration", "pit by word", "driver by name"} {
		require.True(t, seen[want], "no golden decision reads %s", want)
	}
}
