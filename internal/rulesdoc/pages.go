package rulesdoc

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// Entry is one documented rule id of a page of docs/rules/.
//
// A page declares its document on a line of its own, "<!-- rules: fdr -->".
// An entry starts at a heading whose first word is the id, after the
// document for ids several documents share:
//
//	### R-MOV-05 — No jumping over cars
//	### fdr AMB-17 — Who chooses how an overshoot is paid
//
// and runs to the next heading. Its lines starting "Implemented in" and
// "Tested by" name files and tests in backquotes: a `path.go` sets the file
// the `TestName`s after it belong to.
type Entry struct {
	Key
	Page  string // base name of the page
	Line  int
	Files []string  // every file named by "Implemented in" and "Tested by"
	Tests []TestRef // the tests named by "Tested by"
}

// TestRef is a test function in a file.
type TestRef struct{ File, Name string }

// Names reports whether the entry names a file.
func (e Entry) Names(file string) bool {
	for _, f := range e.Files {
		if f == file {
			return true
		}
	}
	return false
}

var (
	pageDocRE = regexp.MustCompile(`^<!-- rules: ([a-z0-9]+) -->$`)
	headingRE = regexp.MustCompile(`^#{2,4} +(?:([a-z0-9]+) +)?([A-Za-z0-9.-]+)(?:$| |:)`)
	ticksRE   = regexp.MustCompile("`([^`]+)`")
)

// ParsePage reads the entries of one page. A page without a document line
// (the index) has none.
func ParsePage(name, text string) ([]Entry, error) {
	var (
		doc     string
		out     []Entry
		errs    []string
		current = -1
	)
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), " \t\r")
		if m := pageDocRE.FindStringSubmatch(line); m != nil {
			if !contains(Documents, m[1]) {
				errs = append(errs, fmt.Sprintf("%s:%d: unknown document %q (one of %s)", name, n, m[1], strings.Join(Documents, ", ")))
			}
			doc = m[1]
			continue
		}
		if strings.HasPrefix(line, "#") {
			current = -1
			m := headingRE.FindStringSubmatch(line)
			if m == nil || DocsOf(m[2]) == nil || m[1] != "" && !contains(Documents, m[1]) {
				continue // a section heading
			}
			if doc == "" {
				errs = append(errs, fmt.Sprintf("%s:%d: entry %s on a page without a \"<!-- rules: DOC -->\" line", name, n, m[2]))
				continue
			}
			if m[1] != "" && m[1] != doc {
				errs = append(errs, fmt.Sprintf("%s:%d: %s %s on the %s page", name, n, m[1], m[2], doc))
				continue
			}
			if !contains(DocsOf(m[2]), doc) {
				errs = append(errs, fmt.Sprintf("%s:%d: %s is not an id of %s", name, n, m[2], doc))
				continue
			}
			out = append(out, Entry{Key: Key{doc, m[2]}, Page: name, Line: n})
			current = len(out) - 1
			continue
		}
		if current < 0 {
			continue
		}
		plain := strings.TrimLeft(line, "*-_ ")
		tested := strings.HasPrefix(plain, "Tested by")
		if !tested && !strings.HasPrefix(plain, "Implemented in") {
			continue
		}
		e := &out[current]
		file := ""
		for _, m := range ticksRE.FindAllStringSubmatch(line, -1) {
			tok := m[1]
			switch {
			case strings.HasSuffix(tok, ".go") || strings.Contains(tok, "/"):
				file = tok
				if !e.Names(tok) {
					e.Files = append(e.Files, tok)
				}
			case tested && IsTestName(tok):
				if file == "" {
					errs = append(errs, fmt.Sprintf("%s:%d: test %s before any file", name, n, tok))
					continue
				}
				e.Tests = append(e.Tests, TestRef{file, tok})
			}
		}
	}
	if len(errs) > 0 {
		return out, fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return out, sc.Err()
}

// ParseDir reads every page of a docs/rules/ directory. An id documented
// twice for one document is an error.
func ParseDir(dir string) ([]Entry, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var (
		all  []Entry
		errs []string
		seen = map[Key]Entry{}
	)
	for _, p := range names {
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		entries, err := ParsePage(filepath.Base(p), string(b))
		if err != nil {
			errs = append(errs, err.Error())
		}
		for _, e := range entries {
			if prev, ok := seen[e.Key]; ok {
				errs = append(errs, fmt.Sprintf("%s:%d: %s is already documented at %s:%d", e.Page, e.Line, e.Key, prev.Page, prev.Line))
				continue
			}
			seen[e.Key] = e
			all = append(all, e)
		}
	}
	if len(errs) > 0 {
		return all, fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return all, nil
}
