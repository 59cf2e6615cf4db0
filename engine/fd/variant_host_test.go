package fd

import (
	"go/token"
	"maps"
	"os"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// variantsPackageReady are the variant files that use none of engine/fd's
// unexported names declared outside the variant files and declare no
// method on engine/fd's types: they can move to a package of their own,
// engine/fd/variants, as far as the host API goes (issue 13, the
// variants' first round). A file leaves this list only when it moves.
var variantsPackageReady = []string{"variant_10a.go", "variant_10a_runaway.go", "variant_14a.go", "variant_14b.go", "variant_15a.go", "variant_16a.go", "variant_16b.go", "variant_16c.go", "variant_16d.go", "variant_16e.go", "variant_16f.go", "variant_17a.go", "variant_17b.go", "variant_17c.go", "variant_17d.go", "variant_18a.go", "variant_19a.go", "variant_19b.go", "variant_19c.go", "variant_19d.go", "variant_19e.go", "variant_19f.go", "variant_19g.go", "variant_19h.go", "variant_1a.go", "variant_1b.go", "variant_1c.go", "variant_1d.go", "variant_20a.go", "variant_20b.go", "variant_21b.go", "variant_22a.go", "variant_23.go", "variant_23c.go", "variant_24c.go", "variant_25a.go", "variant_2a.go", "variant_2b.go", "variant_3a.go", "variant_3b.go", "variant_3c.go", "variant_4a.go", "variant_4b.go", "variant_5a.go", "variant_5b.go", "variant_5c.go", "variant_5d.go", "variant_5e.go", "variant_5e2.go", "variant_6a.go", "variant_6b.go", "variant_6c.go", "variant_6d.go", "variant_8a.go", "variant_8b.go", "variant_8c.go", "variant_9a.go", "variant_ax1.go", "variant_ax2.go", "variant_ax3.go", "variant_ax4.go", "variant_ax5.go"}

// TestVariantFilesUseOnlyTheHostAPI measures what blocks the league
// variants' move to their own package, as TestFDRFilesUseOnlyTheHostAPI
// does for fdr: for each non-test variant file, the unexported
// package-level names, fields and methods of engine/fd it uses that are
// declared outside the variant files, and the methods it declares on
// engine/fd's types (a package of its own cannot). A file of
// variantsPackageReady must have none; the others' figures are logged for
// the next round.
func TestVariantFilesUseOnlyTheHostAPI(t *testing.T) {
	c := checkEngineFD(t)
	outside := hostInternalsUsedByVariants(c)
	files := slices.Sorted(maps.Keys(outside))
	for _, ready := range variantsPackageReady {
		require.Contains(t, files, ready, "a package-ready variant file that is no longer in engine/fd")
	}
	// The measure itself: a listing that sees nothing would call every
	// file ready. Since every row of the table is registeredVariant(id),
	// the table names no moving file's unexported name, so the check is
	// that the same crossing, from a moving file to a base declaration,
	// sees the exported host API the variant files call (ModuleVariant,
	// NewParam, Turn.Game …): the listing differs from it only in asking
	// for unexported names.
	require.NotEmpty(t, hostAPIUsedByVariants(c), "the listing sees no variant file calling the base: the measure is broken")

	var moving []string
	for _, f := range files {
		if movesWithVariants(f) {
			moving = append(moving, f)
		}
	}
	variantTypes := typesDeclaredIn(t, moving...)
	total, totalMethods := 0, 0
	for _, f := range files {
		names := outside[f]
		if !movesWithVariants(f) {
			require.NotContains(t, variantsPackageReady, f, "the variants table stays the base's: it is never package-ready")
			t.Logf("table %s: %d unexported names of the moving files (rows to register): %s", f, len(names), strings.Join(names, ", "))
			continue
		}
		methods := methodsOnHostTypes(t, f, variantTypes)
		total += len(names)
		totalMethods += len(methods)
		if slices.Contains(variantsPackageReady, f) {
			if len(names) > 0 {
				t.Errorf("%s is package-ready but uses engine/fd's unexported %s: call the host API (host_variants.go)", f, strings.Join(names, ", "))
			}
			if len(methods) > 0 {
				t.Errorf("%s is package-ready but declares %s, a method of engine/fd's type: make it a function taking the receiver first", f, strings.Join(methods, ", "))
			}
			continue
		}
		t.Logf("%s: %d unexported names of engine/fd: %s", f, len(names), strings.Join(names, ", "))
		if len(methods) > 0 {
			t.Logf("%s: %d methods of engine/fd's types: %s", f, len(methods), strings.Join(methods, ", "))
		}
	}
	t.Logf("%d moving variant files, %d package-ready; the others use %d unexported names and declare %d methods on engine/fd's types",
		len(moving), len(variantsPackageReady), total, totalMethods)
}

// isVariantFile reports whether name is one of the league variants' non-test
// files: variant_*.go, the table (variants.go), the listed entries and the
// pairs.
func isVariantFile(name string) bool {
	if strings.HasSuffix(name, "_test.go") {
		return false
	}
	return slices.Contains(variantTableFiles, name) || strings.HasPrefix(name, "variant_") && strings.HasSuffix(name, ".go")
}

// variantTableFiles stay the base's when the variants move (docs/engine.md,
// "The variants package, first round"): the registry and the §6 order
// (variants.go, variant_listed.go) and the spec's pairs (variant_pairs.go),
// which engine/fd's exported API and Config's methods serve. What a moving
// file uses of them counts as the base's; what they name of a moving file
// is a row that must become registeredVariant(id).
var variantTableFiles = []string{"variants.go", "variant_listed.go", "variant_pairs.go"}

// movesWithVariants reports whether name is a variant file that moves to
// engine/fd/variants: a variant_<id>.go, not the table.
func movesWithVariants(name string) bool {
	return isVariantFile(name) && !slices.Contains(variantTableFiles, name)
}

// hostInternalsUsedByVariants maps each variant file to the sorted
// unexported names it uses that the move would leave on the other side:
// for a moving file, those declared in engine/fd outside the moving files
// (the table's included); for a table file, those the moving files
// declare. Package-level names are as they are, fields and methods
// Type.name (hostName); a file that uses none is listed with none.
func hostInternalsUsedByVariants(c checkedEngineFD) map[string][]string {
	moving := func(pos token.Pos) bool { return movesWithVariants(c.fileOf(pos)) }
	crosses := func(user, decl token.Pos) bool {
		return isVariantFile(c.fileOf(user)) && moving(user) != moving(decl)
	}
	used := map[string]map[string]bool{}
	for _, f := range c.files {
		if isVariantFile(c.fileOf(f.Pos())) {
			used[c.fileOf(f.Pos())] = map[string]bool{}
		}
	}
	for id, obj := range c.info.Uses {
		if obj.Pkg() != c.pkg || obj.Exported() || !crosses(id.Pos(), obj.Pos()) {
			continue
		}
		if name, ok := hostName(c.pkg, obj); ok {
			used[c.fileOf(id.Pos())][name] = true
		}
	}
	// A literal without keys (Turn{g, t}) sets unexported fields that no
	// identifier names.
	for _, f := range c.files {
		if !moving(f.Pos()) {
			continue
		}
		file := c.fileOf(f.Pos())
		for _, name := range unexportedFieldsSetByLiterals(f, c.info, c.pkg, moving) {
			used[file][name] = true
		}
	}
	return sortedNames(used)
}

// hostAPIUsedByVariants is hostInternalsUsedByVariants' crossing for the
// exported names: the base's declarations a moving variant file uses.
func hostAPIUsedByVariants(c checkedEngineFD) []string {
	var names []string
	for id, obj := range c.info.Uses {
		if obj.Pkg() != c.pkg || !obj.Exported() || !movesWithVariants(c.fileOf(id.Pos())) || movesWithVariants(c.fileOf(obj.Pos())) {
			continue
		}
		if name, ok := hostName(c.pkg, obj); ok {
			names = append(names, name)
		}
	}
	return names
}

// A variant registered by id is its table row, made by its constructor
// each time the row is read; the registry refuses a second registration,
// a constructor of another id, a row no package registered and a
// registration once the table was read (a registry of its own: the
// program's is sealed by the first VariantList).
func TestVariantRegistryRowsAreTheRegisteredConstructors(t *testing.T) {
	r := &variantRegistry{made: map[string]func() Variant{}}
	made := 0
	r.register("T-1", func() Variant { made++; return Variant{ID: "T-1", Name: "test"} })
	require.Panics(t, func() { r.register("T-1", func() Variant { return Variant{ID: "T-1"} }) }, "registered twice")
	require.Panics(t, func() { r.register("T-3", nil) }, "registered without a constructor")
	r.register("T-2", func() Variant { return Variant{ID: "T-9"} })

	require.Equal(t, Variant{ID: "T-1", Name: "test"}, r.row("T-1"))
	require.Equal(t, Variant{ID: "T-1", Name: "test"}, r.row("T-1"))
	require.Equal(t, 2, made, "each read of the row makes a fresh entry, as VariantList's copies")
	require.PanicsWithValue(t, `fd: variant "T-2" registered a constructor of "T-9"`, func() { r.row("T-2") })
	require.PanicsWithValue(t, `fd: variant "T-4" is in the variants table but not registered: import its package (engine/fd/variants)`, func() { r.row("T-4") })
	require.Panics(t, func() { r.register("T-5", func() Variant { return Variant{ID: "T-5"} }) }, "registered after the table was read")
}

// The program's table reads the variants registered from their file's
// init the same as a constructor the table named: every registered id is
// a row of VariantList, once, in the table's place.
func TestRegisteredVariantsAreTableRows(t *testing.T) {
	list := VariantList()
	for id, newVariant := range registeredVariants.made {
		i := slices.IndexFunc(list, func(v Variant) bool { return v.ID == id })
		require.GreaterOrEqual(t, i, 0, "variant %s is registered but no row of the table names it", id)
		want := newVariant()
		require.Equal(t, want.Name, list[i].Name)
		require.Equal(t, want.Params, list[i].Params)
		require.Equal(t, 1, len(slices.DeleteFunc(slices.Clone(list), func(v Variant) bool { return v.ID != id })), "variant %s is listed once", id)
	}
}

// A variant that registers itself is named in the table by its id
// (registeredVariant), never by its constructor as well: a row calling the
// constructor would list the same variant, so nothing else notices it,
// but it would not build once the variant's file leaves engine/fd.
func TestRegisteredVariantsAreNamedByID(t *testing.T) {
	var table strings.Builder
	for _, f := range []string{"variants.go", "variant_listed.go", "variant_pairs.go"} {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		table.Write(src)
	}
	for id, newVariant := range registeredVariants.made {
		full := runtime.FuncForPC(reflect.ValueOf(newVariant).Pointer()).Name()
		name := full[strings.LastIndex(full, ".")+1:]
		require.NotContains(t, table.String(), name+"()", "variant %s registers itself: its row is registeredVariant(%q), not %s()", id, id, name)
		require.Contains(t, table.String(), `registeredVariant("`+id+`")`, "variant %s registers itself but no row names its id", id)
	}
}

// TestBaseNamesNothingTheMovingVariantsDeclare holds the line the
// variants' move draws from the base's side, as TestBaseNamesNothingFDRDeclares
// did for fdr: once the variant files are engine/fd/variants, which
// imports engine/fd, no non-test base file (the table's files included:
// every row names an id, registeredVariant) can name anything they
// declare, exported or not: a package-level name, a field or a method of
// a variant's type. What the base asks of a variant goes through a
// keeper, an optional interface of its module or the registry (issue 13,
// docs/engine.md "The base, before the move").
func TestBaseNamesNothingTheMovingVariantsDeclare(t *testing.T) {
	c := checkEngineFD(t)
	// The measure itself: the same crossing seen from the moving files
	// (16-F naming 5-A's boosters, each file its own module type …) finds
	// their declarations, so a listing of none below is no blind spot.
	require.NotEmpty(t, namesOfMovingVariantsUsed(c, movesWithVariants), "no moving variant file's declaration is seen used: the measure is broken")
	named := namesOfMovingVariantsUsed(c, func(file string) bool { return !movesWithVariants(file) })
	for _, f := range slices.Sorted(maps.Keys(named)) {
		t.Errorf("%s names what a moving variant file declares: %s; ask the variant through a keeper or an optional interface, or make it the base's", f, strings.Join(named[f], ", "))
	}
}

// namesOfMovingVariantsUsed maps each non-test file that by says to the
// sorted names it uses (hostName) that a moving variant file declares; a
// file that uses none is left out.
func namesOfMovingVariantsUsed(c checkedEngineFD, by func(file string) bool) map[string][]string {
	used := map[string]map[string]bool{}
	for id, obj := range c.info.Uses {
		user := c.fileOf(id.Pos())
		if obj.Pkg() != c.pkg || !by(user) || !movesWithVariants(c.fileOf(obj.Pos())) {
			continue
		}
		name, ok := hostName(c.pkg, obj)
		if !ok {
			continue
		}
		if used[user] == nil {
			used[user] = map[string]bool{}
		}
		used[user][name] = true
	}
	return sortedNames(used)
}
