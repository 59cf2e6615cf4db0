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

// The go/types helpers of the name checks: read with them, engine/fd's
// files say what a group of them would need of the rest to leave for a
// package of its own. fdr's checks (TestFDRFilesUseOnlyTheHostAPI,
// TestFDRTestsUseOnlyTheHostAPI, TestBaseNamesNothingFDRDeclares,
// TestBaseTestsNameNothingOfFDR) used them until fdr left (issue 13);
// variant_host_test.go's check of the league variants uses them now.

// methodsOnHostTypes lists the methods file declares on types not in
// ownTypes (Type.name): methods a package of its own could not declare.
func methodsOnHostTypes(t *testing.T, file string, ownTypes map[string]bool) []string {
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
		if !ok || ownTypes[id.Name] {
			continue
		}
		out = append(out, id.Name+"."+fn.Name.Name)
	}
	return out
}

// typesDeclaredByFDR is the set of types the non-test fdr files declare.
// typesDeclaredIn is the set of package-level types the files declare
// (whose methods move with them: a variant's, say).
func typesDeclaredIn(t *testing.T, files ...string) map[string]bool {
	t.Helper()
	declared := map[string]bool{}
	for _, p := range files {
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

// checkedEngineFD is engine/fd's non-test files type-checked by go/types:
// what a group of its files (the league variants, on their way to a
// package of their own: variant_host_test.go) uses of the rest, and the
// rest of them, is read from its Uses. The compiler holds what these
// checks held for fdr since fdr is package engine/fd/fdr (issue 13).
type checkedEngineFD struct {
	fset  *token.FileSet
	files []*ast.File
	info  *types.Info
	pkg   *types.Package
}

// isFDRFile reports whether pos is in a non-test fdr_*.go file.
// fileOf is the base name of the file pos is in.
func (c checkedEngineFD) fileOf(pos token.Pos) string {
	return filepath.Base(c.fset.Position(pos).Filename)
}

// checkEngineFD type-checks engine/fd's non-test files.
func checkEngineFD(t *testing.T) checkedEngineFD {
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
	return checkedEngineFD{fset, files, info, pkg}
}

// hostInternalsUsedByFDR maps each fdr_*.go file to the sorted unexported
// names it uses that are declared in engine/fd outside the fdr files:
// package-level names as they are, fields and methods as Type.name.
// unexportedFieldsSetByLiterals names (Type.field) the unexported fields
// of pkg's structs that f's literals without keys (Turn{g, t}) set, which
// no identifier names, but those declared where own says: what a file
// could not write from another package.
func unexportedFieldsSetByLiterals(f *ast.File, info *types.Info, pkg *types.Package, own func(token.Pos) bool) []string {
	var names []string
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
			if field := st.Field(i); field.Pkg() == pkg && !field.Exported() && !own(field.Pos()) {
				names = append(names, ownerOfField(pkg, field)+"."+field.Name())
			}
		}
		return true
	})
	return names
}

// sortedNames lists each file's set of names, sorted.
func sortedNames(used map[string]map[string]bool) map[string][]string {
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
