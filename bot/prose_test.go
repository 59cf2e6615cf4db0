package bot

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/street"
	"github.com/pitwall/pitwall/tracks"
)

// Machine text a player must never read.
var (
	keyValueRE = regexp.MustCompile(`\b[a-z][a-z-]*=\S`)
	ruleIDInRE = regexp.MustCompile(`\b(?:R|O|U|AMB|T|FDR)-[A-Z0-9]+(?:-[0-9]+)?\b|\bR\d+\.\d+\b`)
	// English words that have no place in French text (checked as whole
	// words, case-insensitively).
	englishWords = []string{"the", "car", "cars", "space", "spaces", "moves", "rolls", "gear", "brakes", "tyres",
		"stays", "stay", "finished", "round", "lap", "laps", "your", "turn", "choose", "weather", "slipstream",
		"loses", "wins", "with", "and", "of", "to", "by", "in", "on", "straight", "corner", "eliminated", "pit",
		"body", "engine", "handling", "gearbox", "hard", "soft", "rain", "keep", "roll", "again", "stop", "stops",
		"left", "right", "lane", "middle", "driver", "is", "takes", "its", "qualifying"}
)

// checkProse fails on record syntax, rule ids, space ids of the record,
// and, in French, English words.
func checkProse(t *testing.T, c *tracks.Circuit, what, text, lang string) {
	t.Helper()
	if m := keyValueRE.FindString(text); m != "" {
		t.Fatalf("%s (%s): record syntax %q in %q", what, lang, m, text)
	}
	if m := ruleIDInRE.FindString(text); m != "" {
		t.Fatalf("%s (%s): rule id %q in %q", what, lang, m, text)
	}
	for _, w := range strings.FieldsFunc(text, func(r rune) bool {
		return r == ' ' || r == ',' || r == '\n' || r == '(' || r == ')' || r == ':' || r == ';'
	}) {
		w = strings.TrimRight(w, ".")
		if _, ok := c.Lookup(w); ok && strings.ContainsAny(w, ".") {
			t.Fatalf("%s (%s): space id %q in %q", what, lang, w, text)
		}
	}
	if lang == "fr" {
		// the circuit's names are names: the board shows them as they are
		for _, corner := range c.Corners {
			text = strings.ReplaceAll(text, corner.Name, "")
		}
		text = strings.ReplaceAll(text, c.Name, "")
		words := map[string]bool{}
		for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r > 127 || r == '\'')
		}) {
			words[w] = true
		}
		for _, en := range englishWords {
			if words[en] {
				t.Fatalf("%s: English word %q in French text %q", what, en, text)
			}
		}
	}
}

// Every event and every option of every ruleset reads as prose in both
// languages: no key=value, no rule id, no space id, no English in French.
func TestEveryEventAndOptionIsProseInBothLanguages(t *testing.T) {
	kinds := map[string]bool{}
	decisions := map[fd.DecisionKind]bool{}
	for _, tc := range proseRaces {
		t.Run(tc.name, func(t *testing.T) {
			l := playProseRace(t, tc, func(l *live, before int) {
				g, c := l.race(), l.track
				for _, d := range g.PendingAll() {
					decisions[d.Kind] = true
					for _, lang := range []string{"en", "fr"} {
						checkProse(t, c, "decision "+string(d.Kind), describeDecision(l, d, lang, nil), lang)
						checkProse(t, c, "subject", turnSubject(l, d.Car, string(d.Kind), lang), lang)
					}
				}
			})
			g, c := l.race(), l.track
			for _, e := range g.Events {
				kinds[e.Kind] = true
				for _, lang := range []string{"en", "fr"} {
					text := describeEvent(c, nil, 0, e, lang)
					if !fd.IsSilent(e.Kind) {
						require.NotEmpty(t, text, "event %s says nothing", e)
					}
					checkProse(t, c, "event "+e.String(), text, lang)
				}
			}
			names := map[int]string{1: "Anna", 2: "Bob"}
			l.row.ID = "g-prose"
			l.meta.Seed, l.meta.Commitment = "00", "11"
			for _, lang := range []string{"en", "fr"} {
				res := (&Service{}).resultsText(l, names, lang)
				checkProse(t, c, "results", res, lang)
				require.Contains(t, res, "pitwall game verify g-prose")
			}
		})
	}
	for _, k := range []string{"roll", "move", "gear", "wear", "stop", "overshoot", "finish", "start", "lap", "contact", "gearbox"} {
		require.True(t, kinds[k], "no %s event was rendered", k)
	}
	for _, k := range []fd.DecisionKind{fd.DecideGear, fd.DecideMove, street.DecideDriver, fd.DecideBuild, fd.DecideTyres} {
		require.True(t, decisions[k], "no %s decision was rendered", k)
	}
}

// Causes keep their words and lose their rule ids; French causes are
// French or left out.
func TestCausesWithoutRuleIDs(t *testing.T) {
	require.Equal(t, "collision with car 2", causeText("collision with car 2 (R-COL-03)", "en"))
	require.Equal(t, "collision avec la voiture 2", causeText("collision with car 2 (R-COL-03)", "fr"))
	require.Equal(t, "rétrogradage de 3 à 1", causeText("downshift 3→1 (R-DWN-01)", "fr"))
	require.Equal(t, "a perdu son dernier point de carrosserie (collision avec la voiture 4)",
		causeText("lost its last body point (collision with car 4 (R-COL-03))", "fr"))
	require.Empty(t, causeText("something the engine never said before", "fr"))
	require.Equal(t, "the wall", causeText("the wall at main.12.2 (R15.2)", "en"))
	require.Equal(t, "le mur", causeText("the wall at main.12.2 (R15.2)", "fr"))
}

// why / pourquoi explains the last play with its rule ids; nothing else
// shows them.
func TestWhyShowsTheRuleIDs(t *testing.T) {
	svc, _ := newTestService(t)
	ctx := context.Background()
	id, err := svc.Create(ctx, CreateRequest{Track: "test-oval", Seats: []string{"Anna", "Bob"}, Seed: "why"})
	require.NoError(t, err)
	reply, err := svc.Handle(ctx, Request{Identity: cli("Anna"), Game: id, Text: "why"})
	require.NoError(t, err)
	require.Contains(t, reply, "gets away normally (R-STA-01).", "the start, with its rule")
	_, err = svc.Autoplay(ctx, id, 6)
	require.NoError(t, err)
	reply, err = svc.Handle(ctx, Request{Identity: cli("Anna"), Game: id, Text: "pourquoi"})
	require.NoError(t, err)
	require.Contains(t, reply, "The last play, with its rules:")
	require.Regexp(t, `moves \d+ spaces?.*\(R-MOV-04, R-MOV-05`, reply)
	require.NotContains(t, reply, "=")
}

type proseRace struct {
	name     string
	rules    string
	track    string
	cars     int
	laps     int
	optional []string
	variants []string
}

// proseRaces are seeded races of every ruleset, the optional rules and
// the league variants, played by the autopilot.
var proseRaces = []proseRace{
	{"fd2008 with every optional rule", "fd2008", "port-azur", 5, 2, []string{"building", "qualifying", "weather", "tyres", "pit-options", "team"}, nil},
	{"fd2008 plain", "fd2008", "hollowmere", 6, 2, nil, nil},
	{"fdr", "fdr", "port-azur", 6, 2, nil, nil},
	{"fdr oval", "fdr", "oval", 6, 1, nil, nil},
	{"street", "street", "race-city", 6, 2, nil, nil},
	{"fdr with the league variants", "fdr", "hollowmere", 6, 2, nil, []string{"6-C:box=B61", "18-A", "6-A", "19-B", "19-H", "22-A", "4-A:mode=d", "1-B"}},
	{"fdr with pits by team rank", "fdr", "port-azur", 5, 1, nil, []string{"4-A:mode=c,ranking=2/1", "1-C:last=2/1/0/3/4,championship=1/2/3/0/4"}},
}

// playProseRace plays tc to its end with the autopilot, calling before
// each order, and once at the end, with the game as the players see it
// and the number of events already told.
func playProseRace(t *testing.T, tc proseRace, before func(l *live, told int)) *live {
	t.Helper()
	cfg, err := buildConfig(tc.rules, tc.laps, tc.optional, tc.variants...)
	require.NoError(t, err)
	c, err := tracks.Get(tc.track)
	require.NoError(t, err)
	g, err := fd.NewGame("prose", cfg, c, tc.cars)
	require.NoError(t, err)
	src := dice.NewSeeded(fd.SeedFrom("prose " + tc.name))
	require.NoError(t, g.Start(src))
	l := &live{meta: &meta{Rules: tc.rules, Track: c.ID, Cars: tc.cars}, track: c, game: fd.NewContract(g, sayPhrase)}
	told := 0
	for step := 0; !g.Over; step++ {
		require.Less(t, step, 20000)
		before(l, told)
		told = len(g.Events)
		o, ok := fd.Autopilot(g)
		require.True(t, ok)
		require.NoError(t, g.Submit(o, src))
	}
	before(l, told) // the last order's events
	return l
}
