package rulesdoc

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// Cited is a citation in a Go file of the repository.
type Cited struct {
	Citation
	File string // slash path from the repository root
	Func string // the function whose body or doc comment holds it, or ""
	Home string // the document the file belongs to (Home, DocHome), or ""
}

func (c Cited) String() string { return fmt.Sprintf("%s:%d: %s", c.File, c.Line, c.ID) }

// homes says which document an AMB-nn (and, for Racing Simulator, an
// R-XXX-nn or T-nn) cited in a file belongs to, from where the file
// lives. A file matches when its base name starts with prefix, or when a
// directory of its path is named dir. Add a row when a ruleset or game
// gets its own package.
var homes = []struct{ prefix, dir, doc string }{
	{prefix: "fdr_", dir: "fdr", doc: FDR},
	{prefix: "street_", dir: "street", doc: FD2008},
	{prefix: "league", dir: "variants", doc: League},
	{dir: "league", doc: League},
	{prefix: "rs_", dir: "racingsim", doc: RS},
	{dir: "rs", doc: RS},
}

// Home returns the document a file's citations belong to by default, or
// "" for shared files (engine/fd/game.go, bot/, tracks/ …).
func Home(file string) string {
	dirs := strings.Split(path.Dir(file), "/")
	for _, h := range homes {
		if h.prefix != "" && strings.HasPrefix(path.Base(file), h.prefix) {
			return h.doc
		}
		for _, d := range dirs {
			if d == h.dir {
				return h.doc
			}
		}
	}
	return ""
}

// documentFiles are the rules documents by file name, as doc comments
// cite them.
var documentFiles = map[string]string{
	"formula-d-2008.md":       FD2008,
	"fd-competition-rules.md": FDR,
	"league-variants.md":      League,
	"racing-simulator.md":     RS,
}

// DocHome returns the document a package's doc.go names, when it names
// exactly one: a Racing Simulator package whose doc.go says it implements
// racing-simulator.md is that document's home whatever its name. docGo
// is the text of the doc.go file.
func DocHome(docGo string) string {
	found := ""
	for name, doc := range documentFiles {
		if strings.Contains(docGo, name) {
			if found != "" && found != doc {
				return ""
			}
			found = doc
		}
	}
	return found
}

// skipDir lists the directories ScanRepo does not enter: this package
// (its tests are full of example ids) and fixtures.
func skipDir(rel string) bool {
	base := path.Base(rel)
	return rel == "internal/rulesdoc" || base == "testdata" || base == "vendor" || strings.HasPrefix(base, ".") && rel != "."
}

// ScanRepo returns every citation in the .go files under root.
func ScanRepo(root string) ([]Cited, error) {
	var out []Cited
	dirHomes := map[string]string{}
	dirHome := func(dir string) string {
		h, ok := dirHomes[dir]
		if !ok {
			b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(dir), "doc.go"))
			if err == nil {
				h = DocHome(string(b))
			}
			dirHomes[dir] = h
		}
		return h
	}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if skipDir(rel) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		cites := ExtractGo(string(src))
		if len(cites) == 0 {
			return nil
		}
		funcs := funcSpans(string(src))
		home := Home(rel)
		if home == "" {
			home = dirHome(path.Dir(rel))
		}
		for _, c := range cites {
			out = append(out, Cited{Citation: c, File: rel, Func: funcs.at(c.Line), Home: home})
		}
		return nil
	})
	return out, err
}

// ExtractGo returns the rule ids cited in the comments and string literals
// of Go source, with their positions in the file. Identifiers are code, not
// citations: a type parameter T1 or a variable R2 is never a rule id.
func ExtractGo(src string) []Citation {
	fset := token.NewFileSet()
	file := fset.AddFile("x.go", -1, len(src))
	var s scanner.Scanner
	s.Init(file, []byte(src), nil, scanner.ScanComments)
	var out []Citation
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		if tok != token.COMMENT && tok != token.STRING && tok != token.CHAR {
			continue
		}
		at := fset.Position(pos)
		for _, c := range Extract(lit) {
			if c.Line == 1 {
				c.Col += at.Column - 1
			}
			c.Line += at.Line - 1
			out = append(out, c)
		}
	}
	return out
}

type span struct {
	from, to int
	name     string
}

type spans []span

func (s spans) at(line int) string {
	for _, sp := range s {
		if sp.from <= line && line <= sp.to {
			return sp.name
		}
	}
	return ""
}

// funcSpans returns the lines of each top-level function, doc comment
// included. A file that does not parse has none.
func funcSpans(src string) spans {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil
	}
	var out spans
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		from := fset.Position(fd.Pos()).Line
		if fd.Doc != nil {
			from = fset.Position(fd.Doc.Pos()).Line
		}
		name := fd.Name.Name
		if fd.Recv != nil {
			name = "" // methods are never tests
		}
		out = append(out, span{from, fset.Position(fd.End()).Line, name})
	}
	return out
}

// FuncNames returns the names of the top-level functions of a Go file.
func FuncNames(file string) (map[string]bool, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	names := map[string]bool{}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
			names[fd.Name.Name] = true
		}
	}
	return names, nil
}

// TestFuncs returns the names of the Test functions of the test files
// in dirs: the tests a table may name, checked to exist (issue 16's
// variant tables in engine/fd and bot).
func TestFuncs(dirs ...string) (map[string]bool, error) {
	names := map[string]bool{}
	for _, dir := range dirs {
		files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			funcs, err := FuncNames(f)
			if err != nil {
				return nil, err
			}
			for name := range funcs {
				if strings.HasPrefix(name, "Test") {
					names[name] = true
				}
			}
		}
	}
	return names, nil
}

// IsTestName reports whether a function name is one go test runs.
func IsTestName(name string) bool {
	for _, p := range []string{"Test", "Fuzz", "Benchmark", "Example"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// Key names a documented id: its document and the id ("fdr AMB-17").
type Key struct{ Doc, ID string }

func (k Key) String() string { return k.Doc + " " + k.ID }

// Resolve decides which document citation c belongs to. line holds every
// citation of the same file and line (c included); named reports whether
// the entry of an id in a document names a file. In order:
//   - an id whose shape one document alone uses belongs to it;
//   - a document written just before the id ("fdr AMB-17");
//   - the file's home (fdr_*.go is fdr; a package whose doc.go names
//     racing-simulator.md alone is rs);
//   - for an AMB-nn: the nearest id on the same line whose document is
//     settled ("R-ENG-06, AMB-19" is fd2008's AMB-19);
//   - for an AMB-nn: the one document whose entry names the file;
//   - an R-XXX-nn or T-nn outside Racing Simulator's home is fd2008's.
//
// It returns "" with a reason when nothing decides.
func Resolve(c Cited, line []Cited, named func(Key, string) bool) (string, string) {
	if len(c.Docs) == 1 {
		return c.Docs[0], ""
	}
	if c.Qualifier != "" && contains(c.Docs, c.Qualifier) {
		return c.Qualifier, ""
	}
	h := c.Home
	if h == "" {
		h = Home(c.File)
	}
	if h != "" && contains(c.Docs, h) {
		return h, ""
	}
	if !strings.HasPrefix(c.ID, "AMB-") {
		return FD2008, ""
	}
	best, dist := "", -1
	for _, o := range line {
		if o.Col == c.Col || strings.HasPrefix(o.ID, "AMB-") {
			continue
		}
		d := o.Col - c.Col
		if d < 0 {
			d = -d
		}
		if doc, _ := Resolve(o, nil, named); doc != "" && (dist < 0 || d < dist) {
			best, dist = doc, d
		}
	}
	if best != "" {
		return best, ""
	}
	var found []string
	for _, doc := range c.Docs {
		if named(Key{doc, c.ID}, c.File) {
			found = append(found, doc)
		}
	}
	switch len(found) {
	case 1:
		return found[0], ""
	case 0:
		return "", fmt.Sprintf("nothing says which document's %s this is: name %s in that entry's \"Implemented in\" or \"Tested by\", or write the document before the id in the code (\"fdr %s\")", c.ID, c.File, c.ID)
	default:
		sort.Strings(found)
		return "", fmt.Sprintf("the entries of %s in %s all name %s: write the document before the id in the code (\"fdr %s\")", c.ID, strings.Join(found, " and "), c.File, c.ID)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
