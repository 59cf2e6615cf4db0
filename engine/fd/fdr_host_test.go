package fd

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// baseFreeOfFDR are engine/fd's own files (not fdr_*.go) that name none
// of fdr's unexported names: they call fdr through a hook or the host
// API, so fdr can move without them (issue 13, step (4)(b)). A file
// leaves this list only when it is deleted. lookahead.go gives MovesIf's
// copy its own play state through LookaheadModule; the turn's reads of
// the play and the race (the fdr-play round) ask PlayStateModule and the
// other hooks of host_fdr_play.go; the league variants ask the ruleset
// through host_fdr_variants.go (the fdr-variants round), which names
// nothing of fdr's either. state.go (OnBoard) and testhost.go ask a wreck
// of the slot fdr names (KeepWrecksOnBoard); position.go asks fdr's part
// of a position through PositionModule, CarPositionModule and StartCar;
// qualifying.go and qualifying_position.go ask fdr's sessions through
// QualifyingModule and a flying lap through FlyingLapModule (the
// fdr-session round). The rulesets table's fdr row and the registry name
// no fdr function: the row names its module, registered by name, which
// answers the configuration and its check (ConfigModule; the fdr-table
// round). modules.go starts a car's spread from R5.2's, the base's
// constant BaseSpread, which fdr reads too, and qualifying_rank.go holds
// the base's order of qualifying results, which fdr and 1-A call (the
// fdr-table round). The walk is the base's (the fdr-walk round): R7.7's
// hazard subsets moved from fdr_paths.go to walk_subsets.go, which reads a
// dangerous space through the base's dangerousSpace, so move.go's
// legalEndsSubsets and scratch.go's subsetWalk are the base's own; the
// walk's option building moved from fdr_move.go to walk_options.go, which
// asks fdr's rules through WalkModule (host_fdr_walk.go).
var baseFreeOfFDR = []string{"elimination_reason.go", "exclude.go", "facts.go", "gear.go", "host_fdr_play.go", "host_fdr_session.go", "host_fdr_variants.go", "host_fdr_walk.go",
	"lookahead.go", "markers.go", "modules.go", "move.go", "position.go", "qualifying.go", "qualifying_position.go", "qualifying_rank.go",
	"registry.go", "rulesets.go", "scratch.go", "state.go", "testhost.go",
	"variant_10a.go", "variant_10a_runaway.go", "variant_18a.go", "variant_19f.go", "variant_1a.go", "variant_20a.go", "variant_21b.go",
	"variant_4a.go", "variant_5e.go", "variant_ax3.go", "variant_ax5.go", "view.go", "walk_options.go", "walk_subsets.go"}

// basePendingNames are base files that may name only these of fdr's
// unexported names until what they name is decided. None is left since
// the fdr-table round (R5.2's spread, the base's BaseSpread) and the
// fdr-walk round (R7.7's hazard subsets, the base's walk) of 2026-11-30;
// the list stays for the next base file that must wait on a decision.
var basePendingNames = map[string][]string{}

// fdrNamesOffTheBase are fdr's unexported names that no file of the base
// may name again: 20-B's spare car takes a wreck off through WreckModule
// (fdrRemove), and the base's own code once declared in fdr files is
// exported there (Wear.CarPoints, CompetitionCategoryName). 3-B's weather
// draw reads qualifying through QualifyingModule, and
// qualifying_position.go, which named the fields it read, reads the
// session through QualifyingModule. The league variants' leader,
// grid, restart, race order and collision limit are host functions
// answered by fdr's module (host_fdr_variants.go), which no base file
// names any other way.
// Car.EliminationReason reads fdr's T8 table and slot as the module named
// them at init (KeepEliminationReasons), never by name (fdrReasons,
// eliminationReason).
// Since fdr's methods on engine/fd's types became functions (issue 13,
// step (4)(a)), the names are the functions' (fdrRemove, not
// Game.fdrRemove): a method's name would match nothing any more.
var fdrNamesOffTheBase = []string{"fdrRemove", "Wear.carPoints", "fdrCategoryName",
	"fdrLeader", "fdrStanding", "fdrKey", "earlier", "fdrCollisionLimit", "gridSpaces", "emitGrid",
	"fdrState.grid", "fdrState.arrival", "fdrState.qLane", "levelArrival", "arrival",
	"fdrReasons", "eliminationReason"}

// fdrMethodsKept are the methods fdr files may still declare on engine/fd's
// types: none. The last two, Car.EliminationReason and
// Car.SetEliminationReason (engine/fd's exported API: bot, sim and the
// league variants read a car's reason, leagues set it), are the base's
// since issue 13's fdr-reason round (elimination_reason.go), reading the
// slot and the T8 table fdr names at init (KeepEliminationReasons). A
// method a package-ready fdr file declares on engine/fd's types fails.
var fdrMethodsKept = []string{}

// fdrPackageReady are the fdr files that use none of engine/fd's
// unexported names declared outside fdr_*.go: they can move to a package
// of their own, engine/fd/fdr, as far as the host API goes (issue 13,
// step (4)). A file leaves this list only when it moves.
var fdrPackageReady = []string{"fdr_autopilot.go", "fdr_config.go", "fdr_events.go", "fdr_module.go", "fdr_move.go", "fdr_order.go", "fdr_pit.go", "fdr_play_hooks.go", "fdr_position.go", "fdr_resolve.go", "fdr_session.go", "fdr_setup.go", "fdr_state.go", "fdr_variant_hooks.go"}

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
	// The base's side: engine/fd's own files naming fdr's unexported
	// names, which must become hooks or host functions before fdr moves.
	byBase := fdrInternalsUsedByBase(t)
	baseFiles := slices.Sorted(maps.Keys(byBase))
	for _, file := range baseFiles {
		names := byBase[file]
		for _, n := range names {
			if slices.Contains(fdrNamesOffTheBase, n) {
				t.Errorf("%s names fdr's unexported %s again: reach fdr through a hook or the host API", file, n)
			}
		}
		if allowed, ok := basePendingNames[file]; ok {
			for _, n := range names {
				if !slices.Contains(allowed, n) {
					t.Errorf("%s names fdr's unexported %s: reach fdr through a hook or the host API", file, n)
				}
			}
		}
		if slices.Contains(baseFreeOfFDR, file) {
			if len(names) > 0 {
				t.Errorf("%s names fdr's unexported %s: reach fdr through a hook or the host API", file, strings.Join(names, ", "))
			}
			continue
		}
		t.Logf("base %s: %d unexported names of fdr: %s", file, len(names), strings.Join(names, ", "))
	}
	// The other half of the move: a package of fdr's own cannot declare
	// methods on engine/fd's types (func (g *Game) fdr…), so a
	// package-ready file declares none but fdrMethodsKept; fdr's
	// functions take the game first (fdrBeginTurn(g, …)).
	fdrTypes := typesDeclaredByFDR(t)
	for _, f := range files {
		methods := methodsOnHostTypes(t, f, fdrTypes)
		if !slices.Contains(fdrPackageReady, f) {
			if len(methods) > 0 {
				t.Logf("%s: %d methods of engine/fd's types: %s", f, len(methods), strings.Join(methods, ", "))
			}
			continue
		}
		for _, m := range methods {
			if !slices.Contains(fdrMethodsKept, m) {
				t.Errorf("%s is package-ready but declares %s, a method of engine/fd's type: make it a function taking the receiver first", f, m)
			}
		}
	}
}

// fdrInternalsUsedByBase maps each of engine/fd's own non-test files (not
// fdr_*.go) to the sorted unexported names it uses that the fdr files
// declare, as hostInternalsUsedByFDR names them; a file of baseFreeOfFDR
// is listed, with none, when it uses none.
func fdrInternalsUsedByBase(t *testing.T) map[string][]string {
	t.Helper()
	c := checkEngineFD(t)
	used := map[string]map[string]bool{}
	for _, f := range c.files {
		if name := c.fileOf(f.Pos()); !c.isFDRFile(f.Pos()) && slices.Contains(baseFreeOfFDR, name) {
			used[name] = map[string]bool{}
		}
	}
	for id, obj := range c.info.Uses {
		if obj.Pkg() != c.pkg || obj.Exported() || c.isFDRFile(id.Pos()) || !c.isFDRFile(obj.Pos()) {
			continue
		}
		name, ok := hostName(c.pkg, obj)
		if !ok {
			continue
		}
		file := c.fileOf(id.Pos())
		if used[file] == nil {
			used[file] = map[string]bool{}
		}
		used[file][name] = true
	}
	return sortedNames(used)
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
	return typesDeclaredIn(t, slices.DeleteFunc(paths, func(p string) bool { return strings.HasSuffix(p, "_test.go") })...)
}

// typesDeclaredIn is the set of package-level types the files declare
// (whose methods move with them: fdr's, a variant's, fdr's test harness's).
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

// checkedEngineFD is engine/fd's non-test files type-checked: what the
// fdr files use of the base, and the base of fdr, is read from its Uses.
type checkedEngineFD struct {
	fset  *token.FileSet
	files []*ast.File
	info  *types.Info
	pkg   *types.Package
}

// isFDRFile reports whether pos is in a non-test fdr_*.go file.
func (c checkedEngineFD) isFDRFile(pos token.Pos) bool {
	name := filepath.Base(c.fset.Position(pos).Filename)
	return strings.HasPrefix(name, "fdr_") && !strings.HasSuffix(name, "_test.go")
}

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
func hostInternalsUsedByFDR(t *testing.T) map[string][]string {
	t.Helper()
	c := checkEngineFD(t)
	fset, files, info, pkg, isFDRFile := c.fset, c.files, c.info, c.pkg, c.isFDRFile
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
		for _, name := range unexportedFieldsSetByLiterals(f, info, pkg, isFDRFile) {
			used[file][name] = true
		}
	}
	return sortedNames(used)
}

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
