package fd

import (
	"os"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The league variants' registry by id (host_variants.go): the variants live in
// engine/fd/variants and register by id from their files' inits; the
// table (variants.go, variant_listed.go, variant_pairs.go) names each row
// by id and keeps the order. register_variants_test.go links the package
// into this test binary (issue 13).

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
