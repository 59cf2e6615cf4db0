package rulesdoc

import (
	"strings"
	"testing"
)

// FuzzExtractGo checks that every id found in Go source sits where it says
// it does and has a known shape, whatever the source.
func FuzzExtractGo(f *testing.F) {
	for _, s := range []string{
		"package fd\n// R-MOV-05\nfunc f[T1 any]() {}\n",
		"package fd\nvar s = `a\nR12.5 (T5)`\n",
		"package fd\n/* AMB-15\n AMB-16/17 */\n",
		"\"R-OVS-02/03\"",
		"'T'",
		"package x; var y = \"unterminated R1.1",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		lines := strings.Split(src, "\n")
		for _, c := range ExtractGo(src) {
			if DocsOf(c.ID) == nil {
				t.Fatalf("%q: %q has no document", src, c.ID)
			}
			if c.Line < 1 || c.Line > len(lines) || c.Col < 1 || c.Col > len(lines[c.Line-1]) {
				t.Fatalf("%q: %q at %d:%d is outside the source", src, c.ID, c.Line, c.Col)
			}
			at := lines[c.Line-1][c.Col-1:]
			if !strings.HasPrefix(at, c.ID) && !strings.HasPrefix(at, c.ID[len(c.ID)-2:]) {
				t.Fatalf("%q: %q is not at %d:%d (%q)", src, c.ID, c.Line, c.Col, at)
			}
		}
	})
}

// FuzzParsePage checks that a page never makes the parser panic and that
// what it returns is consistent: ids of the page's document, on lines of
// the page, naming backquoted files.
func FuzzParsePage(f *testing.F) {
	for _, s := range []string{
		fakePage,
		"<!-- rules: fd2008 -->\n### R-MOV-05 — x\n- Implemented in `a.go`.\n- Tested by `a_test.go`: `TestA`; `b_test.go`.\n",
		"<!-- rules: league -->\n## 6 — Gearboxes\n### 6-C — x\n```\n### 18-A\n```\n",
		"### fdr AMB-17\n",
		"<!-- rules: rs -->\n### R-ORD-01: x\n**Pitwall:** y\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		entries, _ := ParsePage("x.md", text)
		n := strings.Count(text, "\n") + 1
		for _, e := range entries {
			if !contains(DocsOf(e.ID), e.Doc) {
				t.Fatalf("%q: %s is not an id of %s", text, e.ID, e.Doc)
			}
			if e.Line < 1 || e.Line > n {
				t.Fatalf("%q: %s on line %d of %d", text, e.Key, e.Line, n)
			}
			for _, file := range e.Files {
				if !strings.Contains(text, "`"+file+"`") {
					t.Fatalf("%q: %s names %q, which the page does not quote", text, e.Key, file)
				}
			}
			for _, tr := range e.Tests {
				if !IsTestName(tr.Name) || !e.Names(tr.File) {
					t.Fatalf("%q: %s has a bad test %+v", text, e.Key, tr)
				}
			}
		}
	})
}
