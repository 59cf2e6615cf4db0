package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
	"github.com/stretchr/testify/require"
)

// A small module stands for the checkout: the rewrite prefixes what the
// base declares (a type, a function, a generic one, a constant used as a
// map key, an embedded type), leaves fdr's own names, fields, methods and
// locals alone, and imports the base.
func TestRewritePrefixesTheBaseNamesOnly(t *testing.T) {
	src := t.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(src, rel)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	}
	write("go.mod", "module example.com/m\n\ngo 1.26\n")
	write(".git", "gitdir: /nowhere\n") // a worktree's: the copy must not share it
	write("engine/fd/base.go", `package fd

type Car struct{ Gear int }

type Base struct{}

func (Base) Name() string { return "base" }

const Top = 6

func Emit(c *Car) int { return c.Gear }

func Of[T any](v T) T { return v }
`)
	write("engine/fd/fdr_rules.go", `package fd

import "strings"

type fdrRules struct {
	Base
	gear int
}

var fdrNames = map[int]string{Top: "top"}

func fdrGear(c *Car) int {
	r := fdrRules{gear: c.Gear}
	return Emit(c) + r.gear + Of(Top) + len(strings.TrimSpace(r.Name()))
}
`)
	write("engine/fd/fdr_rules_test.go", "package fd\n")
	dst := filepath.Join(t.TempDir(), "copy")
	moved, err := run(src, dst, false)
	require.NoError(t, err)
	require.Equal(t, []movedFile{{name: "fdr_rules.go", prefixed: 6}}, moved)

	got, err := os.ReadFile(filepath.Join(dst, "engine/fd/fdr/fdr_rules.go"))
	require.NoError(t, err)
	require.Equal(t, `package fdr

import (
	"example.com/m/engine/fd"
	"strings"
)

type fdrRules struct {
	fd.Base
	gear int
}

var fdrNames = map[int]string{fd.Top: "top"}

func fdrGear(c *fd.Car) int {
	r := fdrRules{gear: c.Gear}
	return fd.Emit(c) + r.gear + fd.Of(fd.Top) + len(strings.TrimSpace(r.Name()))
}
`, string(got))
	require.NoFileExists(t, filepath.Join(dst, "engine/fd/fdr_rules.go"))
	require.NoFileExists(t, filepath.Join(dst, "engine/fd/fdr_rules_test.go"), "the copy's engine/fd tests are dropped")
	require.NoFileExists(t, filepath.Join(dst, ".git"), "git in the copy must not reach the checkout's repository")
	require.FileExists(t, filepath.Join(src, "engine/fd/fdr_rules.go"), "the checkout is only read")
	require.FileExists(t, filepath.Join(src, "engine/fd/fdr_rules_test.go"))
}

func TestRunRefusesToWriteIntoItsSource(t *testing.T) {
	src := t.TempDir()
	_, err := run(src, filepath.Join(src, "copy"), false)
	require.ErrorContains(t, err, "inside -src")
	notEmpty := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(notEmpty, "x"), nil, 0o644))
	_, err = run(src, notEmpty, false)
	require.ErrorContains(t, err, "not empty")
}

// The rehearsal on this checkout: engine/fd without its fdr files and
// engine/fd/fdr as package fdr build and pass go vet with the whole module
// (every package and its tests but engine/fd's own, which the copy drops:
// a caller outside engine/fd that names fdr's FDRConfig or FDRDefaultBuild,
// gone from engine/fd once moved, fails here), and a program of the copy
// linking both plays a seeded fdr race whose record is this checkout's,
// byte for byte (issue 13, the fdr-move round).
func TestMovedPackagesBuildVetAndRace(t *testing.T) {
	if testing.Short() {
		t.Skip("copies the module and runs go build and go vet")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	dst := filepath.Join(t.TempDir(), "copy")
	moved, err := run(filepath.Join("..", "..", ".."), dst, false)
	require.NoError(t, err)
	names := make([]string, len(moved))
	for i, m := range moved {
		names[i] = m.name
	}
	require.Contains(t, names, "fdr_module.go")
	left, err := filepath.Glob(filepath.Join(dst, "engine/fd/fdr_*.go"))
	require.NoError(t, err)
	require.Empty(t, left)
	for _, name := range names {
		text, err := os.ReadFile(filepath.Join(dst, "engine/fd/fdr", name))
		require.NoError(t, err)
		require.True(t, strings.HasPrefix(string(text), "package fdr\n"), name)
	}
	// -trimpath keeps the copy's directory, new each run, out of the build
	// cache's keys: a run after one that changed nothing takes seconds, not
	// the minutes of compiling the module.
	for _, args := range [][]string{{"build"}, {"vet"}} {
		cmd := exec.Command(goTool, slices.Concat(args, []string{"-trimpath", "./..."})...)
		cmd.Dir = dst
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "go %s ./... in the moved copy:\n%s", args[0], out)
	}

	// Building is not running: an init order only shows when a program
	// links both packages (the first rehearsal built, then panicked at
	// start). A program of the copy plays a seeded fdr race; its record
	// must be this checkout's, byte for byte.
	require.NoError(t, os.MkdirAll(filepath.Join(dst, "cmd", "fdrmoved"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dst, "cmd", "fdrmoved", "main.go"), []byte(movedRace), 0o644))
	cmd := exec.Command(goTool, "run", "-trimpath", "./cmd/fdrmoved")
	cmd.Dir = dst
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "the moved copy's race:\n%s", stderr.String())
	want := unmovedRace(t)
	if got := string(out); got != want {
		t.Fatalf("the moved packages play another race: first difference at %s", firstDifference(want, got))
	}
}

// movedRace is a program of the moved copy: a seeded 6-car fdr race on
// kestrel-downs, its record written out; fdr is linked by its import.
const movedRace = `package main

import (
	"fmt"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	_ "github.com/pitwall/pitwall/engine/fd/fdr"
	"github.com/pitwall/pitwall/tracks"
)

func main() {
	c, err := tracks.Get("kestrel-downs")
	if err != nil {
		panic(err)
	}
	var seed [dice.SeedSize]byte
	seed[0] = 7
	_, rec, err := fd.Simulate(fd.ConfigFor(fd.FDR), c, "kestrel-downs", 6, seed)
	if err != nil {
		panic(err)
	}
	fmt.Print(rec.Text())
}
`

// unmovedRace is movedRace's race played by this checkout's engine/fd.
func unmovedRace(t *testing.T) string {
	t.Helper()
	c, err := tracks.Get("kestrel-downs")
	require.NoError(t, err)
	var seed [dice.SeedSize]byte
	seed[0] = 7
	_, rec, err := fd.Simulate(fd.ConfigFor(fd.FDR), c, "kestrel-downs", 6, seed)
	require.NoError(t, err)
	require.Contains(t, rec.Text(), "\nrules fdr\n", "the race is an fdr race")
	return rec.Text()
}

// firstDifference says where two records part: the line number and both
// lines (a whole record is thousands of lines, too long for a message).
func firstDifference(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := range min(len(w), len(g)) {
		if w[i] != g[i] {
			return fmt.Sprintf("line %d: want %q, got %q", i+1, w[i], g[i])
		}
	}
	return fmt.Sprintf("after line %d: want %d lines, got %d", min(len(w), len(g)), len(w), len(g))
}

// fdrConfigNames are fdr's configuration functions, fdr_config.go's: once
// fdr is its own package they are fdr's, so a caller outside engine/fd asks
// the rulesets table (fd.ConfigFor(fd.FDR) and its Start) instead.
var fdrConfigNames = []string{"FDRConfig", "FDRDefaultBuild"}

// No Go file outside engine/fd's own directory (its subpackages, fdtest
// and street, are outside) names fd.FDRConfig or fd.FDRDefaultBuild, under
// whatever name it imports engine/fd: the quick form of what the moved
// copy's go build ./... and go vet ./... say in TestMovedPackagesBuildVetAndRace.
func TestNoCallerOutsideEngineFDNamesFDRsConfig(t *testing.T) {
	root := filepath.Join("..", "..", "..")
	engineFD := filepath.Join(root, "engine", "fd")
	const fdPath = "github.com/pitwall/pitwall/engine/fd"
	fset := token.NewFileSet()
	checked := 0
	var found []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); p != root && (strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || filepath.Dir(p) == engineFD {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		checked++
		for _, imp := range f.Imports {
			if strings.Trim(imp.Path.Value, `"`) != fdPath {
				continue
			}
			local := "fd"
			if imp.Name != nil {
				local = imp.Name.Name
			}
			ast.Inspect(f, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if x, ok := sel.X.(*ast.Ident); ok && x.Name == local && slices.Contains(fdrConfigNames, sel.Sel.Name) {
					found = append(found, fmt.Sprintf("%s: %s.%s", fset.Position(sel.Pos()), local, sel.Sel.Name))
				}
				return true
			})
		}
		return nil
	})
	require.NoError(t, err)
	require.Greater(t, checked, 100, "the walk reached the module's files")
	require.Empty(t, found, "fdr's configuration named outside engine/fd: ask fd.ConfigFor(fd.FDR) (and its Start)")
}
