package rs

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// untestedRules are the digest's numbered rules that no engine/rs test
// cites, each with why: a definition or component list, a rule the digest
// marks as not played, or one Pitwall decided not to play (its entry in
// docs/rules/racing-simulator.md says so). Every other R- id must be
// cited by a test that checks it (TestEveryRuleIsTestedOrExempt).
var untestedRules = map[string]string{
	"R-ADV-02":  "not played: the 2014 tyre rules of the advanced qualifying hang on the Qualif cards, whose faces are not in the text (rs AMB-30); Pitwall does not model them",
	"R-ADV-07":  "not needed, as the digest says: Pitwall's system-car deck is virtual and never runs short, whatever the number of players",
	"R-ADV-09":  "not played: car advantage is for a full season, and the text gives one team's values only (docs: R-ADV-09)",
	"R-FUEL-01": "not played by the rules themselves: out of fuel and the pit window are \"non applicable\" in 2014; there is no fuel state to test",
	"R-PIT-09":  "an absence: no fuel and no pit window in 2014; the one compulsory stop is the tyre rule, tested under R-PEN-03",
	"R-POS-07":  "Monaco only, and Pitwall has no Monaco (its circuits are windmere and cragsby)",
	"R-PRE-06":  "an absence: no refuelling in 2014, so no fuel pile and no fuel state",
	"R-QB-10":   "a description of the source's worked Q3 example (EX-R-18), not a rule of play",
	"R-QX-10":   "not played: the Qualif cards' availability; their faces are not in the text (rs AMB-30) and Pitwall does not model them",
	"R-QX-11":   "not played: the tyre consequences of the Qualif cards, which Pitwall does not model (rs AMB-30)",
	"R-QX-12":   "not played: the dedicated Q3 soft set only spares Qualif cards, which Pitwall does not model (rs AMB-30); a Q3 car's two attempts are R-QX-06's",
	"R-QX-15":   "Pitwall's decision: the race weather is rolled at setup (R-PRE-04) and the starting tyres are named with the start order (R-PRE-05), both tested there; nothing is left to do between qualifying and the start",
	"R-QX-13":   "not played: the Voiture-Hasard groups are not in the text (rs AMB-30); each system car gets its own time",
	"R-QX-14":   "not played: car impact is optional and for a full season only (R-ADV-09)",
	"R-SET-05":  "a permission to the table, not a rule of play: Pitwall always seats the 18 cars of T-03",
	"R-SET-06":  "a component note: the Voiture-Team and Voiture-Hasard cards are the same cars in two formats",
	"R-GRID-02": "a component list: what a start card shows; its effects are R-GRID-04 to R-GRID-09, tested there",
	"R-PRE-03":  "a setup list (which decks are shuffled); each deck's own rule is tested where it is drawn",
}

var (
	ruleIDRE   = regexp.MustCompile(`R-[A-Z]+-[0-9]{2}(/[0-9]{2})*`)
	ruleLineRE = regexp.MustCompile(`^R-[A-Z]+-[0-9]{2}$`)
)

// citedRules are the R- ids the Go tests under engine/rs name: "R-EOT-02/03"
// names both; a range "R-PIT-01..04" names its two ends only, so a rule
// inside one must be named on its own by the test that checks it.
func citedRules(t *testing.T) map[string]bool {
	t.Helper()
	cited := map[string]bool{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, "_test.go") || path == "ruleids_test.go" {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range ruleIDRE.FindAllString(string(b), -1) {
			parts := strings.Split(m, "/")
			cited[parts[0]] = true
			for _, nn := range parts[1:] {
				cited[parts[0][:len(parts[0])-2]+nn] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return cited
}

// digestRules reads testdata/digest-rule-ids.txt: the digest's R- ids.
func digestRules(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile("testdata/digest-rule-ids.txt")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if !ruleLineRE.MatchString(line) {
			t.Fatalf("digest-rule-ids.txt: %q is not a rule id", line)
		}
		ids = append(ids, line)
	}
	return ids
}

// Issue 17: a test per numbered rule. Every R- id of the digest is cited
// by an engine/rs test, or exempt with a reason; an exemption must not
// outlive the need for it (a cited rule, or an id the digest lacks).
func TestEveryRuleIsTestedOrExempt(t *testing.T) {
	ids := digestRules(t)
	if len(ids) != 200 {
		t.Fatalf("the digest numbers 200 rules, the list %d", len(ids))
	}
	inDigest := map[string]bool{}
	for _, id := range ids {
		inDigest[id] = true
	}
	cited := citedRules(t)
	var missing []string
	for _, id := range ids {
		reason, exempt := untestedRules[id]
		switch {
		case cited[id] && exempt:
			t.Errorf("%s is cited by a test and exempt too: drop the exemption", id)
		case exempt && len(strings.Fields(reason)) < 5:
			t.Errorf("%s: the exemption needs a reason, not %q", id, reason)
		case !cited[id] && !exempt:
			missing = append(missing, id)
		}
	}
	for id := range untestedRules {
		if !inDigest[id] {
			t.Errorf("exemption for %s, which the digest does not number", id)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("%d rules have no test and no exemption: %s", len(missing), strings.Join(missing, " "))
	}
}

// The list is the digest's, when the digest is at hand (a checkout next
// to ../shared, as in the lead's tree).
func TestDigestRuleListIsTheDigests(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "rules", "racing-simulator.md"))
	if err != nil {
		b, err = os.ReadFile(filepath.Join("..", "..", "..", "..", "shared", "rules", "racing-simulator.md"))
	}
	if err != nil {
		t.Skip("the digest is not next to this checkout")
	}
	seen := map[string]bool{}
	for _, m := range regexp.MustCompile(`\*\*(R-[A-Z]+-[0-9]{2})\b`).FindAllStringSubmatch(string(b), -1) {
		seen[m[1]] = true
	}
	var want []string
	for id := range seen {
		want = append(want, id)
	}
	sort.Strings(want)
	got := digestRules(t)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("testdata/digest-rule-ids.txt differs from the digest's %d rules", len(want))
	}
}
