package bot

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseBothLanguages(t *testing.T) {
	day := func(s string) time.Time { d, _ := time.Parse("2006-01-02", s); return d }
	cases := []struct {
		in   string
		want Command
	}{
		{"gear 4", Command{Verb: VerbGear, Lang: "en", Gear: 4}},
		{"  Vitesse   4 ", Command{Verb: VerbGear, Lang: "fr", Gear: 4}},
		{"VITESSE 4e", Command{Verb: VerbGear, Lang: "fr", Gear: 4}},
		{"4", Command{Verb: VerbGear, Lang: "en", Gear: 4}},
		{"5th", Command{Verb: VerbGear, Lang: "en", Gear: 5}},
		{"5s", Command{Verb: VerbChoose, Lang: "en", Letter: "5S"}}, // league variant 6-B: 5th with the Super Top
		{"5e", Command{Verb: VerbGear, Lang: "en", Gear: 5}},
		{"choisir 6B", Command{Verb: VerbChoose, Lang: "fr", Letter: "6B"}},
		{"g3", Command{Verb: VerbGear, Lang: "en", Gear: 3}},
		{"b", Command{Verb: VerbChoose, Lang: "en", Letter: "B"}},
		{"choose c", Command{Verb: VerbChoose, Lang: "en", Letter: "C"}},
		{"Choisir D", Command{Verb: VerbChoose, Lang: "fr", Letter: "D"}},
		{"/race gear 2", Command{Verb: VerbGear, Lang: "en", Gear: 2}},
		{"état", Command{Verb: VerbStatus, Lang: "fr"}},
		{"Status!", Command{Verb: VerbStatus, Lang: "en"}},
		{"plateau", Command{Verb: VerbBoard, Lang: "fr", Word: "board"}},
		{"board crop", Command{Verb: VerbBoard, Lang: "en", Word: "crop"}},
		{"historique 5", Command{Verb: VerbLog, Lang: "fr", Number: 5}},
		{"log", Command{Verb: VerbLog, Lang: "en", Number: 10}},
		{"pneus tendres", Command{Verb: VerbTyres, Lang: "fr", Word: "soft"}},
		{"tyres rain", Command{Verb: VerbTyres, Lang: "en", Word: "rain"}},
		{"pneus mousson", Command{Verb: VerbTyres, Lang: "fr", Word: "monsoon"}}, // league 8-C
		{"tyres monsoon", Command{Verb: VerbTyres, Lang: "en", Word: "monsoon"}},
		{"pit", Command{Verb: VerbPit, Lang: "en"}},
		{"classer 2 1 tables séparées", Command{Verb: VerbClassify, Lang: "fr", Number: 2, Numbers: []int{1}, Reason: "tables séparées"}},
		{"classify 3 5", Command{Verb: VerbClassify, Lang: "en", Number: 3, Numbers: []int{5}}},
		{"stand pluie long", Command{Verb: VerbPit, Lang: "fr", Word: "rain", Name: "long"}},
		{"config 6/3/3/3/3/2", Command{Verb: VerbConfig, Lang: "en", Numbers: []int{6, 3, 3, 3, 3, 2}}},
		{"réglage 7 3 3 3 3 2 1", Command{Verb: VerbConfig, Lang: "fr", Numbers: []int{7, 3, 3, 3, 3, 2, 1}}},
		{"config b", Command{Verb: VerbConfig, Lang: "en", Letter: "B"}},
		{"config 5/3/3/2/2/2 boost 3", Command{Verb: VerbConfig, Lang: "en", Numbers: []int{5, 3, 3, 2, 2, 2}, Boosters: 3, BoostersSaid: true}}, // league 5-A
		{"réglage A booster 0", Command{Verb: VerbConfig, Lang: "fr", Letter: "A", BoostersSaid: true}},
		{"next 3", Command{Verb: VerbNext, Lang: "en", Gear: 3}},
		{"prochaine vitesse 2", Command{Verb: VerbNext, Lang: "fr", Gear: 2}},
		{"plan never below 2 tyres", Command{Verb: VerbPlan, Lang: "en", Word: "min-tyres", Number: 2}},
		{"consigne prudent", Command{Verb: VerbPlan, Lang: "fr", Word: "safe"}},
		{"plan prefer inside", Command{Verb: VerbPlan, Lang: "en", Word: "inside"}},
		{"auto off", Command{Verb: VerbAuto, Lang: "en", On: false}},
		{"auto", Command{Verb: VerbAuto, Lang: "en", On: true}},
		{"vacances 2026-12-20 au 2027-01-03", Command{Verb: VerbVacation, Lang: "fr", From: day("2026-12-20"), To: day("2027-01-04")}},
		{"undo I pressed the wrong letter", Command{Verb: VerbUndo, Lang: "en", Reason: "I pressed the wrong letter"}},
		{"replace Anna with Bob", Command{Verb: VerbReplace, Lang: "en", Name: "anna", Name2: "bob"}},
		{"remplacer Zoé par Léa", Command{Verb: VerbReplace, Lang: "fr", Name: "zoe", Name2: "lea"}},
		{"délai 2j", Command{Verb: VerbDeadline, Lang: "fr", Period: 48 * time.Hour}},
		{"deadline 90m", Command{Verb: VerbDeadline, Lang: "en", Period: 90 * time.Minute}},
		{"aide gear", Command{Verb: VerbHelp, Lang: "fr", Word: "gear"}},
	}
	for _, c := range cases {
		got, err := Parse(c.in)
		require.NoError(t, err, c.in)
		assert.Equal(t, c.want, got, c.in)
	}
}

func TestParseErrorsSayWhatIsWrong(t *testing.T) {
	cases := []struct{ in, msg, hint string }{
		{"gear 7", "not a gear", "gear N"},
		{"vitesse", "gear from 1 to 6", "vitesse N"},
		{"gaer 4", "unknown command", `did you mean "gear"`},
		{"vitese 4", "unknown command", `did you mean "vitesse"`},
		{"choose 12", "letter of an option", "choose B"},
		{"tyres slicks", "not a tyre", "hard|soft|rain"},
		{"config 1 2 3", "one number per category", "config 6/3/3/3/3/2"},
		{"config A boost", "a number of booster points", ""},
		{"config A boosters x", `"x" is not a number of booster points`, ""},
		{"vacation 2026-12-20", "two dates", "vacation"},
		{"vacation 2027-01-03 2026-12-20", "ends before it starts", ""},
		{"deadline 1m", "5 minutes to 30 days", ""},
		{"status now", "takes nothing", ""},
		{"log 9999", "1 to 200", ""},
		{strings.Repeat("x", 600), "too long", ""},
		{"gear\x004", "control character", ""},
		{"\xff\xfe", "UTF-8", ""},
	}
	for _, c := range cases {
		_, err := Parse(c.in)
		var pe *ParseError
		require.True(t, errors.As(err, &pe), "%q: %v", c.in, err)
		assert.Contains(t, pe.Msg, c.msg, c.in)
		if c.hint != "" {
			assert.Contains(t, pe.Hint, c.hint, c.in)
		}
	}
	_, err := Parse("   ")
	assert.ErrorIs(t, err, ErrEmpty)
}

func TestFold(t *testing.T) {
	assert.Equal(t, "etat du reglage", Fold("  ÉTAT\tdu   Réglage "))
	assert.Equal(t, "", Fold(" \u00a0 "))
}

// FuzzParse: never panics, an accepted command always has a verb, and a
// gear is always 1..6. A Racing Simulator game reads each line with
// ParseRSOrder first: checkRSOrder holds it to its own promises.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"card 297 risk push pit soft careful", "carte 296 risque économise stand tendre audacieux garde-museau", "297", "reste", "stand dur risque", "prudent retire 400", "audacieux retire 6 intérieur pneus pluie", "passe", "carte", "carte 3", "gear 4", "vitesse 4e", "B", "pit soft long", "config 6/3/3/3/3/2", "config 5/3/3/2/2/2 boost 3", "reglage A booster 0", "vacances 2026-12-20 au 2027-01-03", "replace a with b", "délai 2j", "plan tyres 2", "", "é", "/race log 3",
		"new race port-azur fdr 3", "nouvelle course oval", "register Anna Karlsson", "join g-1234", "mail round", "courrier manche", "pourquoi", "classer 2 1 tables séparées", "classify 3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkRSOrder(t, s)
		c, err := Parse(s)
		if err != nil {
			return
		}
		if c.Verb == "" {
			t.Fatalf("%q parsed without a verb", s)
		}
		if c.Verb == VerbClassify && len(c.Numbers) != 1 {
			t.Fatalf("%q: classify without exactly one place", s)
		}
		if (c.Verb == VerbGear || c.Verb == VerbNext) && (c.Gear < 1 || c.Gear > 6) {
			t.Fatalf("%q: gear %d", s, c.Gear)
		}
		if c.BoostersSaid && (c.Verb != VerbConfig || c.Boosters < 0 || c.Boosters > 99) {
			t.Fatalf("%q: %d booster points in a %s", s, c.Boosters, c.Verb)
		}
		if c.Lang != "en" && c.Lang != "fr" {
			t.Fatalf("%q: language %q", s, c.Lang)
		}
		if c.Verb == VerbMail && c.Word != "turn" && c.Word != "round" && c.Word != "every" {
			t.Fatalf("%q: mail mode %q", s, c.Word)
		}
		if (c.Verb == VerbNew || c.Verb == VerbRegister) && c.Name == "" {
			t.Fatalf("%q: %s without a name", s, c.Verb)
		}
	})
}

// The mail-only commands: mail modes, why, new race, join GAME, register.
func TestParseMailCommands(t *testing.T) {
	for in, want := range map[string]Command{
		"mail round":                {Verb: VerbMail, Lang: "en", Word: "round"},
		"courrier tout":             {Verb: VerbMail, Lang: "fr", Word: "every"},
		"pourquoi":                  {Verb: VerbWhy, Lang: "fr"},
		"new race port-azur fdr 3":  {Verb: VerbNew, Lang: "en", Name: "port-azur", Word: "fdr", Number: 3},
		"nouvelle course oval":      {Verb: VerbNew, Lang: "fr", Name: "oval"},
		"join g-1234abcd":           {Verb: VerbJoin, Lang: "en", Name: "g-1234abcd"},
		"register Anna Karlsson":    {Verb: VerbRegister, Lang: "en", Name: "Anna Karlsson"},
		"inscription Éloïse Durand": {Verb: VerbRegister, Lang: "fr", Name: "Éloïse Durand"},
	} {
		got, err := Parse(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	for _, bad := range []string{"mail sometimes", "new race", "register", "join a b"} {
		_, err := Parse(bad)
		assert.Error(t, err, bad)
	}
}
