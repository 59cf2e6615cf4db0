package fd

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// fdrPackageReady are the fdr files that use none of engine/fd's
// unexported names declared outside fdr_*.go: they can move to a package
// of their own, engine/fd/fdr, as far as the host API goes (issue 13,
// step (4)). A file leaves this list only when it moves.
var fdrPackageReady = []string{"fdr_autopilot.go", "fdr_config.go", "fdr_module.go", "fdr_order.go", "fdr_pit.go", "fdr_position.go", "fdr_setup.go"}

// TestFDRFilesUseOnlyTheHostAPI measures what blocks fdr's move to its
// own package: for each non-test fdr_*.go file, the unexported
// package-level names, fields and methods of engine/fd it uses that are
// declared outside the fdr files (fdr's own move with it). A file of
// fdrPackageReady must use none; the others' figures are logged for the
// next round.
func TestFDRFilesUseOnlyTheHostAPI(t *testing.T) {
	outside := hostInternalsUsedByFDR(t)
	var files []string
	for f := range outside {
		files = append(files, f)
	}
	slices.Sort(files)
	for _, ready := range fdrPackageReady {
		require.Contains(t, files, ready, "a package-ready fdr file that is no longer in engine/fd")
	}
	for _, f := range files {
		names := outside[f]
		if slices.Contains(fdrPackageReady, f) {
			if len(names) > 0 {
				t.Errorf("%s is package-ready but uses engine/fd's unexported %s: call the host API (host.go, host_fdr.go)", f, strings.Join(names, ", "))
			}
			continue
		}
		t.Logf("%s: %d unexported names of engine/fd: %s", f, len(names), strings.Join(names, ", "))
	}
	// The other half of the move: fdr's functions declared as methods of
	// engine/fd's types (func (g *Game) fdr…) cannot move as methods.
	fdrTypes := typesDeclaredByFDR(t)
	for _, f := range files {
		if methods := methodsOnHostTypes(t, f, fdrTypes); len(methods) > 0 {
			t.Logf("%s: %d methods of engine/fd's types: %s", f, len(methods), strings.Join(methods, ", "))
		}
	}
}

// methodsOnHostTypes lists the methods file declares on types declared
// outside the fdr files (Type.name).
func methodsOnHostTypes(t *testing.T, file string, fdrTypes map[string]bool) []string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
	require.NoError(t, err)
	var out []string
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Recv == nil {
			continue
		}
		recv := fn.Recv.List[0].Type
		if star, ok := recv.(*ast.StarExpr); ok {
			recv = star.X
		}
		id, ok := recv.(*ast.Ident)
		if !ok || fdrTypes[id.Name] {
			continue
		}
		out = append(out, id.Name+"."+fn.Name.Name)
	}
	return out
}

// typesDeclaredByFDR is the set of types the non-test fdr files declare.
func typesDeclaredByFDR(t *testing.T) map[string]bool {
	t.Helper()
	paths, err := filepath.Glob("fdr_*.go")
	require.NoError(t, err)
	declared := map[string]bool{}
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.SkipObjectResolution)
		require.NoError(t, err)
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.TYPE {
				continue
			}
			for _, s := range g.Specs {
				declared[s.(*ast.TypeSpec).Name.Name] = true
			}
		}
	}
	return declared
}

// hostInternalsUsedByFDR type-checks engine/fd's non-test files and maps
// each fdr_*.go file to the sorted unexported names it uses that are
// declared in engine/fd outside the fdr files: package-level names as
// they are, fields and methods as Type.name.
func hostInternalsUsedByFDR(t *testing.T) map[string][]string {
	t.Helper()
	paths, err := filepath.Glob("*.go")
	require.NoError(t, err)
	fset := token.NewFileSet()
	var files []*ast.File
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		require.NoError(t, err)
		files = append(files, f)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check("github.com/pitwall/pitwall/engine/fd", fset, files, info)
	require.NoError(t, err)

	isFDRFile := func(pos token.Pos) bool {
		name := filepath.Base(fset.Position(pos).Filename)
		return strings.HasPrefix(name, "fdr_") && !strings.HasSuffix(name, "_test.go")
	}
	used := map[string]map[string]bool{}
	for _, f := range files {
		if isFDRFile(f.Pos()) {
			used[filepath.Base(fset.Position(f.Pos()).Filename)] = map[string]bool{}
		}
	}
	for id, obj := range info.Uses {
		if obj.Pkg() != pkg || obj.Exported() || !isFDRFile(id.Pos()) || isFDRFile(obj.Pos()) {
			continue
		}
		name, ok := hostName(pkg, obj)
		if !ok {
			continue
		}
		used[filepath.Base(fset.Position(id.Pos()).Filename)][name] = true
	}
	// A literal without keys (Turn{g, t}) sets unexported fields that no
	// identifier names.
	for _, f := range files {
		file := filepath.Base(fset.Position(f.Pos()).Filename)
		if !isFDRFile(f.Pos()) {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok || len(lit.Elts) == 0 {
				return true
			}
			if _, keyed := lit.Elts[0].(*ast.KeyValueExpr); keyed {
				return true
			}
			st, ok := info.Types[lit].Type.Underlying().(*types.Struct)
			if !ok {
				return true
			}
			for i := range min(len(lit.Elts), st.NumFields()) {
				if field := st.Field(i); field.Pkg() == pkg && !field.Exported() && !isFDRFile(field.Pos()) {
					used[file][ownerOfField(pkg, field)+"."+field.Name()] = true
				}
			}
			return true
		})
	}
	out := map[string][]string{}
	for f, names := range used {
		list := make([]string, 0, len(names))
		for n := range names {
			list = append(list, n)
		}
		slices.Sort(list)
		out[f] = list
	}
	return out
}

// hostName names obj as the move would meet it: a package-level name, a
// field or a method (Type.name); ok is false for a local of the host's
// own code (a parameter, a label), which fdr cannot name.
func hostName(pkg *types.Package, obj types.Object) (string, bool) {
	if obj.Parent() == pkg.Scope() {
		return obj.Name(), true
	}
	switch o := obj.(type) {
	case *types.Var:
		if o.IsField() {
			return ownerOfField(pkg, o) + "." + o.Name(), true
		}
	case *types.Func:
		if recv := o.Signature().Recv(); recv != nil {
			return typeName(recv.Type()) + "." + o.Name(), true
		}
	}
	return "", false
}

// ownerOfField finds the named struct type of engine/fd that declares
// field f ("?" for a field of an unnamed struct).
func ownerOfField(pkg *types.Package, f *types.Var) string {
	for _, n := range pkg.Scope().Names() {
		tn, ok := pkg.Scope().Lookup(n).(*types.TypeName)
		if !ok {
			continue
		}
		st, ok := tn.Type().Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for i := range st.NumFields() {
			if st.Field(i) == f {
				return n
			}
		}
	}
	return "?"
}

// typeName is the name of a method's receiver type, pointer or not.
func typeName(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := t.(*types.Named); ok {
		return n.Obj().Name()
	}
	return t.String()
}
