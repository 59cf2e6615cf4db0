package rulesdoc

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// root is the repository, seen from this package's directory.
const root = "../.."

// pageOf is the page a document's new entries go to.
var pageOf = map[string]string{
	FD2008: "fd2008.md (optional rules: fd2008-optional.md, street races: fd2008-street.md)",
	FDR:    "fdr.md",
	League: "league-variants.md",
	RS:     "racing-simulator.md",
}

func loadDocs(t *testing.T) ([]Entry, map[Key]Entry) {
	t.Helper()
	entries, err := ParseDir(filepath.Join(root, "docs", "rules"))
	require.NoError(t, err, "docs/rules/ must parse")
	index := map[Key]Entry{}
	for _, e := range entries {
		index[e.Key] = e
	}
	return entries, index
}

// undocumented returns, for each citation docs lacks, what to add: the
// problems keyed by what is missing, each with the places citing it.
func undocumented(cites []Cited, index map[Key]Entry) map[string][]Cited {
	byLine := map[string][]Cited{}
	for _, c := range cites {
		k := fmt.Sprint(c.File, ":", c.Line)
		byLine[k] = append(byLine[k], c)
	}
	named := func(k Key, file string) bool {
		e, ok := index[k]
		return ok && e.Names(file)
	}
	missing := map[string][]Cited{}
	for _, c := range cites {
		doc, why := Resolve(c, byLine[fmt.Sprint(c.File, ":", c.Line)], named)
		if doc == "" {
			missing[why] = append(missing[why], c)
			continue
		}
		if _, ok := index[Key{doc, c.ID}]; !ok {
			k := fmt.Sprintf("%s is not documented: add \"### %s — title\" to docs/rules/%s", Key{doc, c.ID}, heading(doc, c.ID), pageOf[doc])
			missing[k] = append(missing[k], c)
		}
	}
	return missing
}

func heading(doc, id string) string {
	if len(DocsOf(id)) > 1 && strings.HasPrefix(id, "AMB-") {
		return doc + " " + id
	}
	return id
}

// skeleton lists the files and tests that cite an id, ready to paste.
func skeleton(cs []Cited) string {
	var impl, tests []string
	seen := map[string]bool{}
	for _, c := range cs {
		item := "`" + c.File + "`"
		if strings.HasSuffix(c.File, "_test.go") && IsTestName(c.Func) {
			item += ": `" + c.Func + "`"
		}
		if seen[item] {
			continue
		}
		seen[item] = true
		if strings.HasSuffix(c.File, "_test.go") {
			tests = append(tests, item)
		} else {
			impl = append(impl, item)
		}
	}
	var b strings.Builder
	var where []string
	for _, c := range cs {
		where = append(where, fmt.Sprintf("%s:%d", c.File, c.Line))
	}
	fmt.Fprintf(&b, "  cited at %s\n", strings.Join(where, ", "))
	if len(impl) > 0 {
		fmt.Fprintf(&b, "  - Implemented in %s.\n", strings.Join(impl, ", "))
	}
	if len(tests) > 0 {
		fmt.Fprintf(&b, "  - Tested by %s.\n", strings.Join(tests, "; "))
	}
	return b.String()
}

// TestEveryCitedIDIsDocumented fails naming every rule id a Go file cites
// that docs/rules/ lacks, with the entry to add.
func TestEveryCitedIDIsDocumented(t *testing.T) {
	cites, err := ScanRepo(root)
	require.NoError(t, err)
	require.NotEmpty(t, cites, "the code cites rule ids; finding none means the scan is broken")
	_, index := loadDocs(t)
	missing := undocumented(cites, index)
	keys := make([]string, 0, len(missing))
	for k := range missing {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Errorf("%s\n%s", k, skeleton(missing[k]))
	}
}

// TestTestedByNamesRealTests fails when a "Tested by" test of docs/rules/
// no longer exists in the file named before it.
func TestTestedByNamesRealTests(t *testing.T) {
	entries, _ := loadDocs(t)
	funcs := map[string]map[string]bool{}
	for _, e := range entries {
		for _, tr := range e.Tests {
			names, ok := funcs[tr.File]
			if !ok {
				names, _ = FuncNames(filepath.Join(root, tr.File)) // a missing file is TestDocumentedFilesExist's
				funcs[tr.File] = names
			}
			if names != nil && !names[tr.Name] {
				t.Errorf("docs/rules/%s:%d: %s: %s has no test %s", e.Page, e.Line, e.Key, tr.File, tr.Name)
			}
		}
	}
}

// TestDocumentedFilesExist fails when docs/rules/ names a file that is not
// in the repository.
func TestDocumentedFilesExist(t *testing.T) {
	entries, _ := loadDocs(t)
	require.NotEmpty(t, entries)
	for _, e := range entries {
		for _, f := range e.Files {
			if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(f))); err != nil {
				t.Errorf("docs/rules/%s:%d: %s names %s, which does not exist", e.Page, e.Line, e.Key, f)
			}
		}
	}
}

// TestEntriesSayTheRule fails on an entry that is only a heading and
// locations, and on an ambiguity without the decision Pitwall takes.
func TestEntriesSayTheRule(t *testing.T) {
	entries, _ := loadDocs(t)
	for _, e := range entries {
		if !e.Text {
			t.Errorf("docs/rules/%s:%d: %s does not say the rule in words", e.Page, e.Line, e.Key)
		}
		if strings.HasPrefix(e.ID, "AMB-") && !e.Ruled {
			t.Errorf("docs/rules/%s:%d: %s has no \"**Pitwall:**\" paragraph with the decision taken", e.Page, e.Line, e.Key)
		}
	}
}

// The checks above, on a small made-up repository: each can fail.

func writeRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	}
	return dir
}

const fakePage = `# fdr

<!-- rules: fdr -->

## Weather

### R3.5 — Weather tests

Words.

- Implemented in ` + "`engine/fd/fdr_resolve.go`" + `.
- Tested by ` + "`engine/fd/fdr_rules_test.go`: `TestWeather`, `TestGone`" + `.

### fdr AMB-17 — Who pays

**Pitwall:** words.

- Implemented in ` + "`engine/fd/autopilot.go`, `bot/gone.go`" + `.
`

func TestCheckFailsOnMadeUpRepository(t *testing.T) {
	dir := writeRepo(t, map[string]string{
		"engine/fd/fdr_resolve.go":    "package fd\n\n// R3.5, R3.6: weather tests.\nfunc w() {}\n",
		"engine/fd/fdr_rules_test.go": "package fd\n\nimport \"testing\"\n\n// R3.5\nfunc TestWeather(t *testing.T) {}\n",
		"engine/fd/autopilot.go":      "package fd\n\n// the default (AMB-17); a tie (AMB-22).\nfunc a() {}\n",
		"engine/fd/resolve.go":        "package fd\n\n// R-COL-02, AMB-17: roll order.\nfunc r() {}\n",
		"docs/rules/fdr.md":           fakePage,
		"internal/rulesdoc/x_test.go": "package rulesdoc\n\n// R9.9 is ignored here\n",
		"engine/rsim/doc.go":          "// Package rsim plays racing-simulator.md.\npackage rsim\n",
		"engine/rsim/turn.go":         "package rsim\n\n// R-ORD-01: worst placed first.\nfunc o() {}\n",
		"docs/rules/fd2008.md":        "<!-- rules: fd2008 -->\n### R-ORD-01 — fd2008's order of play\n",
	})
	cites, err := ScanRepo(dir)
	require.NoError(t, err)
	entries, err := ParseDir(filepath.Join(dir, "docs", "rules"))
	require.NoError(t, err)
	index := map[Key]Entry{}
	for _, e := range entries {
		index[e.Key] = e
	}
	missing := undocumented(cites, index)
	var got []string
	for k, cs := range missing {
		got = append(got, fmt.Sprintf("%s @ %s", k, cs[0]))
	}
	sort.Strings(got)
	assert.Equal(t, []string{
		`fd2008 AMB-17 is not documented: add "### fd2008 AMB-17 — title" to docs/rules/` + pageOf[FD2008] + ` @ engine/fd/resolve.go:3: AMB-17`,
		`fd2008 R-COL-02 is not documented: add "### R-COL-02 — title" to docs/rules/` + pageOf[FD2008] + ` @ engine/fd/resolve.go:3: R-COL-02`,
		`fdr R3.6 is not documented: add "### R3.6 — title" to docs/rules/fdr.md @ engine/fd/fdr_resolve.go:3: R3.6`,
		`nothing says which document's AMB-22 this is: name engine/fd/autopilot.go in that entry's "Implemented in" or "Tested by", or write the document before the id in the code ("fdr AMB-22") @ engine/fd/autopilot.go:3: AMB-22`,
		`rs R-ORD-01 is not documented: add "### R-ORD-01 — title" to docs/rules/racing-simulator.md @ engine/rsim/turn.go:3: R-ORD-01`,
	}, got, "fdr AMB-17 in autopilot.go is documented and named there; the rest is not")
	assert.Contains(t, skeleton(missing[`fdr R3.6 is not documented: add "### R3.6 — title" to docs/rules/fdr.md`]), "- Implemented in `engine/fd/fdr_resolve.go`.")

	// (b) and (c): TestGone does not exist, nor does bot/gone.go.
	e := index[Key{FDR, "R3.5"}]
	names, err := FuncNames(filepath.Join(dir, "engine/fd/fdr_rules_test.go"))
	require.NoError(t, err)
	assert.Equal(t, []TestRef{{"engine/fd/fdr_rules_test.go", "TestWeather"}, {"engine/fd/fdr_rules_test.go", "TestGone"}}, e.Tests)
	assert.True(t, names["TestWeather"])
	assert.False(t, names["TestGone"])
	amb := index[Key{FDR, "AMB-17"}]
	assert.Equal(t, []string{"engine/fd/autopilot.go", "bot/gone.go"}, amb.Files)
	_, err = os.Stat(filepath.Join(dir, "bot/gone.go"))
	assert.True(t, os.IsNotExist(err))
}

func TestDocHome(t *testing.T) {
	assert.Equal(t, RS, DocHome("// Package rsim referees racing-simulator.md (R-ORD-01 …).\npackage rsim\n"))
	assert.Equal(t, FD2008, DocHome("// Faces (formula-d-2008.md T-01b)\npackage dice\n"))
	assert.Equal(t, "", DocHome("// formula-d-2008.md and fd-competition-rules.md\npackage fd\n"))
	assert.Equal(t, "", DocHome("package x\n"))
}

func TestResolveOrder(t *testing.T) {
	never := func(Key, string) bool { return false }
	cite := func(file, line, id string) (Cited, []Cited) {
		var all []Cited
		for _, c := range Extract(line) {
			all = append(all, Cited{Citation: c, File: file})
		}
		for _, c := range all {
			if c.ID == id {
				return c, all
			}
		}
		t.Fatalf("%s not in %q", id, line)
		return Cited{}, nil
	}
	cases := []struct{ file, line, id, want string }{
		{"engine/fd/game.go", "// R12.8 and BOT-10", "R12.8", FDR},
		{"engine/fd/game.go", "// 18-A", "18-A", League},
		{"engine/fd/game.go", "// R-MOV-05", "R-MOV-05", FD2008},
		{"engine/racingsim/turn.go", "// R-MOV-05, AMB-03", "R-MOV-05", RS},
		{"engine/racingsim/turn.go", "// R-MOV-05, AMB-03", "AMB-03", RS},
		{"bot/game.go", "// fdr AMB-17", "AMB-17", FDR},
		{"engine/fd/fdr_pit.go", "// R-PIT-05, AMB-38", "AMB-38", FDR},
		{"engine/fd/street_move.go", "// AMB-28", "AMB-28", FD2008},
		{"engine/variants/slip.go", "// AMB-07", "AMB-07", League},
		{"engine/fd/resolve.go", "// R-ENG-06, AMB-19", "AMB-19", FD2008},
		{"engine/fd/game.go", "// FDR R6.6–R6.10, AMB-40", "AMB-40", FDR},
		{"engine/fd/game.go", "// R-COR-02 … R9.1, AMB-09", "AMB-09", FDR},
	}
	for _, c := range cases {
		cc, line := cite(c.file, c.line, c.id)
		got, why := Resolve(cc, line, never)
		assert.Equal(t, c.want, got, "%s in %s: %s", c.id, c.line, why)
	}
	// No clue: the entries decide, and must not both claim the file.
	cc, line := cite("engine/fd/autopilot.go", "// (AMB-17)", "AMB-17")
	got, why := Resolve(cc, line, never)
	assert.Empty(t, got)
	assert.Contains(t, why, "nothing says which document's AMB-17")
	got, _ = Resolve(cc, line, func(k Key, f string) bool { return k.Doc == FDR && f == "engine/fd/autopilot.go" })
	assert.Equal(t, FDR, got)
	got, why = Resolve(cc, line, func(k Key, f string) bool { return k.Doc != League })
	assert.Empty(t, got)
	assert.Contains(t, why, "fd2008 and fdr and rs all name")
}

func TestParsePageRejectsMistakes(t *testing.T) {
	_, err := ParsePage("x.md", "### R-MOV-05 — no document line\n")
	assert.ErrorContains(t, err, "without a \"<!-- rules: DOC -->\" line")
	_, err = ParsePage("x.md", "<!-- rules: fdr -->\n### R-MOV-05 — an fd2008 id\n")
	assert.ErrorContains(t, err, "R-MOV-05 is not an id of fdr")
	_, err = ParsePage("x.md", "<!-- rules: fdr -->\n### fd2008 AMB-05 — the wrong page\n")
	assert.ErrorContains(t, err, "fd2008 AMB-05 on the fdr page")
	_, err = ParsePage("x.md", "<!-- rules: fdr -->\n### R3.5 — x\n- Tested by `TestX` before its file\n")
	assert.ErrorContains(t, err, "test TestX before any file")
	entries, err := ParsePage("x.md", "An example:\n```markdown\n### 18-A — x\n- Tested by `TestX`\n```\n")
	assert.NoError(t, err)
	assert.Empty(t, entries)
	_, err = ParsePage("x.md", "<!-- rules: nope -->\n")
	assert.ErrorContains(t, err, "unknown document")

	entries, err = ParsePage("x.md", "<!-- rules: fd2008 -->\n## Chapter 3 — Weather\n### The race start\n### R-MOV-05: shortest\n- Implemented in `a.go`.\n### fd2008 AMB-05 — x\nText naming `b.go` is not a location.\n")
	require.NoError(t, err)
	require.Len(t, entries, 2)
	assert.Equal(t, Entry{Key: Key{FD2008, "R-MOV-05"}, Page: "x.md", Line: 4, Files: []string{"a.go"}}, entries[0])
	assert.Equal(t, Entry{Key: Key{FD2008, "AMB-05"}, Page: "x.md", Line: 6, Text: true}, entries[1])

	entries, err = ParsePage("x.md", "<!-- rules: fdr -->\n### fdr AMB-17 — x\n\nThe rule.\n\n**Pitwall:** the decision.\n\n- Implemented in `a.go`.\n### R3.5 — x\n**Pitwall:**\n")
	require.NoError(t, err)
	require.Len(t, entries, 2)
	assert.True(t, entries[0].Text)
	assert.True(t, entries[0].Ruled)
	assert.False(t, entries[1].Ruled, "an empty decision is none")

	dir := writeRepo(t, map[string]string{
		"a.md": "<!-- rules: fdr -->\n### R3.5 — x\n",
		"b.md": "<!-- rules: fdr -->\n### R3.5 — again\n",
	})
	_, err = ParseDir(dir)
	assert.ErrorContains(t, err, "b.md:2: fdr R3.5 is already documented at a.md:2")
}
