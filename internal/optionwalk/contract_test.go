package optionwalk

import (
	"regexp"
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/street"
	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/internal/phrasebook"
	"github.com/pitwall/pitwall/tracks"
)

// say is the catalog as a contract takes it.
func say(p phrase.Phrase, lang string) string { return phrasebook.Text(lang, p) }

type noShuffles struct{ dice.Source }

func (noShuffles) Shuffle(dice.Key, int) (dice.Shuffle, error) { return dice.Shuffle{}, nil }

// Formula Dé through the game contract (fd.Contract) says every option,
// event and status in English and in French with the one catalog: every
// listed key has facts in both languages (the same the replies join),
// every told event a sentence in both, no key=value and no catalog key
// left unsaid, and the status names the reader's car in its language.
func TestContractSaysFormulaDeInEnglishAndFrench(t *testing.T) {
	keyValue := regexp.MustCompile(`\b[a-z][a-z-]*=\S`)
	catalogKey := regexp.MustCompile(`\b(?:status|ev|dec|fact|opt)\.[a-z-]+`)
	optional := fd.DefaultConfig()
	optional.Laps = 1
	for _, o := range []string{"building", "qualifying", "weather", "tyres", "pit-options"} {
		if err := optional.EnableOptional(o); err != nil {
			t.Fatal(err)
		}
	}
	fdr := fd.ConfigFor(fd.FDR)
	fdr.Laps = 1
	streetCfg := street.Config()
	streetCfg.Laps = 1
	races := []struct {
		name, track string
		cfg         fd.Config
	}{{"fd2008-optional", "hollowmere", optional}, {"fdr", "port-azur", fdr}, {"street", "race-city", streetCfg}}
	for _, rc := range races {
		t.Run(rc.name, func(t *testing.T) {
			c, err := tracks.Get(rc.track)
			if err != nil {
				t.Fatal(err)
			}
			seed := fd.SeedFrom("contract-say-" + rc.name)
			g, err := fd.NewGame(fd.GameIDFor(seed), rc.cfg, c, 3)
			if err != nil {
				t.Fatal(err)
			}
			random := noShuffles{dice.NewSeeded(seed)}
			if err := g.Start(random); err != nil {
				t.Fatal(err)
			}
			con := fd.NewContract(g, say)
			check := func(what, en, fr string) {
				t.Helper()
				switch {
				case en == "" || fr == "":
					t.Errorf("%s: said in one language only: %q / %q", what, en, fr)
				case en == fr:
					t.Errorf("%s: the same in English and French: %q", what, en)
				}
				for _, s := range []string{en, fr} {
					if keyValue.MatchString(s) || catalogKey.MatchString(s) {
						t.Errorf("%s: record text or a catalog key left: %q", what, s)
					}
				}
			}
			facts, told := 0, 0
			for steps := 0; !con.Over(); steps++ {
				if steps > 20000 {
					t.Fatal("the race does not end")
				}
				pending := con.Pending()
				for _, d := range pending {
					for _, o := range d.Options {
						check("facts of "+d.Kind+" "+o.Key, con.Facts(d.Seat, o.Key, "en"), con.Facts(d.Seat, o.Key, "fr"))
						facts++
					}
				}
				seat := pending[0].Seat
				en, fr := con.Status(seat, "en"), con.Status(seat, "fr")
				check("status", en, fr)
				if !strings.Contains(en, "(you)") || !strings.Contains(fr, "(vous)") {
					t.Errorf("the status does not mark the reader's car:\n%s\n%s", en, fr)
				}
				key, _ := con.Autopilot(seat)
				st, err := con.Submit(seat, key, random)
				if err != nil {
					t.Fatal(err)
				}
				for _, e := range st.Events {
					en := con.Describe(e, "en")
					if fe, _ := fd.EventOf(e); fd.IsSilent(fe.Kind) {
						if en != "" {
							t.Errorf("%s carries state but is told: %q", e.Line(), en)
						}
						continue
					}
					if en != "" || con.Describe(e, "fr") != "" {
						check("event "+e.Line(), en, con.Describe(e, "fr"))
						told++
					}
				}
			}
			over := con.Status(-1, "fr")
			if !strings.Contains(over, "La course est finie") {
				t.Errorf("the final status does not say the race is over:\n%s", over)
			}
			if facts == 0 || told == 0 {
				t.Errorf("%d facts and %d events said: nothing walked", facts, told)
			}
			var _ engine.Game = con
		})
	}
}
