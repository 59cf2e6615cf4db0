package testhygiene

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// stopsTheGoroutine names the testing.TB methods that end the calling
// goroutine with runtime.Goexit: off the test's goroutine they leave the
// test running on and the failure unreported where it happened.
var stopsTheGoroutine = map[string]bool{
	"Fatal": true, "Fatalf": true, "FailNow": true,
	"Skip": true, "Skipf": true, "SkipNow": true,
}

// offGoroutineStops returns, for one parsed file, the position of every
// call inside a `go` statement's function literal that would stop the
// goroutine instead of the test: a call on the require package, or one of
// stopsTheGoroutine's methods on any receiver.
func offGoroutineStops(fset *token.FileSet, file *ast.File) []string {
	var found []string
	ast.Inspect(file, func(n ast.Node) bool {
		g, ok := n.(*ast.GoStmt)
		if !ok {
			return true
		}
		lit, ok := g.Call.Fun.(*ast.FuncLit)
		if !ok {
			return true
		}
		ast.Inspect(lit.Body, func(m ast.Node) bool {
			call, ok := m.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "require" {
				found = append(found, fset.Position(call.Pos()).String()+": require."+sel.Sel.Name)
				return true
			}
			if stopsTheGoroutine[sel.Sel.Name] {
				found = append(found, fset.Position(call.Pos()).String()+": ."+sel.Sel.Name)
			}
			return true
		})
		return true
	})
	return found
}

// benchmarksOnBN returns the position of every use of b.N in a function
// whose name starts with Benchmark: the project measures with b.Loop().
func benchmarksOnBN(fset *token.FileSet, file *ast.File) []string {
	var found []string
	for _, d := range file.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Body == nil || !strings.HasPrefix(fn.Name.Name, "Benchmark") || fn.Type.Params.NumFields() != 1 {
			continue
		}
		param := fn.Type.Params.List[0]
		if len(param.Names) != 1 {
			continue
		}
		b := param.Names[0].Name
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "N" {
				return true
			}
			if id, ok := sel.X.(*ast.Ident); ok && id.Name == b {
				found = append(found, fset.Position(sel.Pos()).String()+": "+fn.Name.Name+" uses "+b+".N")
			}
			return true
		})
	}
	return found
}

// moduleTestFiles parses every _test.go file of the module (the root is
// two directories up from this package), skipping hidden directories and
// testdata.
func moduleTestFiles(t *testing.T) (*token.FileSet, []*ast.File) {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("module root not found at %s: %v", root, err)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != root && (strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		files = append(files, f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return fset, files
}

func TestNoStopsOffTheTestGoroutine(t *testing.T) {
	fset, files := moduleTestFiles(t)
	if len(files) < 100 {
		t.Fatalf("read %d test files: the walk missed the module's tests", len(files))
	}
	for _, f := range files {
		for _, hit := range offGoroutineStops(fset, f) {
			t.Errorf("%s called on a goroutine the test started: it stops that goroutine, not the test; send the error back and check it on the test's goroutine", hit)
		}
	}
}

func TestBenchmarksUseLoop(t *testing.T) {
	fset, files := moduleTestFiles(t)
	for _, f := range files {
		for _, hit := range benchmarksOnBN(fset, f) {
			t.Errorf("%s: measure with b.Loop()", hit)
		}
	}
}

// The checks themselves must be able to fail: each is run on a source
// that breaks its rule and on one that keeps it.
func TestTheChecksSeeWhatTheyLookFor(t *testing.T) {
	const bad = `package x
import "testing"
func TestX(t *testing.T) {
	go func() { require.NoError(t, nil) }()
	go func() { if true { t.Fatalf("no") } }()
	go func() { t.Errorf("fine: Errorf does not stop the goroutine") }()
	require.NoError(t, nil) // fine: on the test's goroutine
}
func BenchmarkX(b *testing.B) { for i := 0; i < b.N; i++ {} }
func BenchmarkY(b *testing.B) { for b.Loop() {} }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x_test.go", bad, 0)
	if err != nil {
		t.Fatal(err)
	}
	stops := offGoroutineStops(fset, f)
	if len(stops) != 2 || stops[0] != "x_test.go:4:14: require.NoError" || stops[1] != "x_test.go:5:24: .Fatalf" {
		t.Errorf("off-goroutine stops found %q, want require.NoError and .Fatalf on lines 4 and 5", stops)
	}
	onBN := benchmarksOnBN(fset, f)
	if len(onBN) != 1 || !strings.Contains(onBN[0], "BenchmarkX uses b.N") {
		t.Errorf("benchmarks on b.N found %q, want BenchmarkX only", onBN)
	}
}
