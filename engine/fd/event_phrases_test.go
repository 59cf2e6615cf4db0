package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/pitwall/pitwall/tracks"
)

// A player reads the engine's causes without their rule ids nor the
// record's space ids, a cause inside another included (R17.3).
func TestStripRuleIDs(t *testing.T) {
	for in, want := range map[string]string{
		"collision with car 2 (R-COL-03)":                                          "collision with car 2",
		"the wall at main.12.2 (R15.2)":                                            "the wall",
		"lost its last handling point (dangerous space chapel.1.0 (R17.2), R17.3)": "lost its last handling point (dangerous space)",
		"lost its last body point (collision with car 4 (R-COL-03))":               "lost its last body point (collision with car 4)",
		"drift (T-14; AMB-21)":                                                     "drift",
		"overshooting Eau Rouge by 2":                                              "overshooting Eau Rouge by 2",
	} {
		assert.Equal(t, want, StripRuleIDs(in), in)
	}
}

// FuzzCausePhrase: any cause, as a record may hold it, is said without
// panicking, and its English never keeps a parenthesised rule id.
func FuzzCausePhrase(f *testing.F) {
	for _, s := range []string{"collision with car 2 (R-COL-03)", "lost its last tyres point (overshot X by 3 (R-OVS-03))",
		"left La Source with 1 of 2 stops", "lost more tyre points than it had (overshoot)", "«»", "(R1.2), R3.4)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cause string) {
		p := CausePhrase(cause)
		if p.IsZero() != (StripRuleIDs(cause) == "") {
			t.Fatalf("%q: said %v", cause, p)
		}
		if len(p.Args) > 0 {
			if s, ok := p.Args[0].(string); ok && ruleIDRE.MatchString(s) {
				t.Fatalf("%q: a rule id is left in %q", cause, s)
			}
		}
	})
}

// FuzzEventPhrase: any record line that parses is said without panicking,
// on a circuit or none; a line of a kind that is news says something.
func FuzzEventPhrase(f *testing.F) {
	for _, s := range []string{"move car=2 path=main.1.0,main.2.0 braked=1 blocked=2", "wear car=1 gas=-1 cause=\"over-rev 3→1 (R-COL-03)\"",
		"q-stop car=3 corner=X stops=1 required=2", "weather result=rain state=changeable-rain", "pit-teams mode=c order=2,1",
		"configuration car=1 wear=8/3/2/3/3/2 pit=2", "eliminated car=4 cause=\"lost its last body point (collision with car 2 (R-COL-03))\"",
		"roll car=0 for=weather value=20", "gearbox car=1 raw=17 gear=4 box=B61 value=5", "drop car=2 space=main.3.1"} {
		f.Add(s)
	}
	c, err := tracks.Get("port-azur")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, line string) {
		e, err := ParseEvent(line)
		if err != nil {
			return
		}
		for _, circuit := range []*tracks.Circuit{nil, c} {
			p := EventPhrase(circuit, e)
			if p.IsZero() && !IsSilent(e.Kind) && (codecKinds().carOnly[e.Kind] && e.Get("car") != "") {
				t.Fatalf("%q: a car's event says nothing", line)
			}
		}
	})
}
