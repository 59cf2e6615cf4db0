package fd

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// fingerprint writes every field of v, exported or not, deeply: two games
// with the same fingerprint are in the same state. The circuit is shared
// and read-only, so it is named, not walked; the events are summed up by
// their count and last line (they are only ever appended; the race's
// whole record is compared at the end). The path searches' scratch is
// memory they reuse, not state (scratch.go): it is not walked.
func fingerprint(g *Game) string {
	var b strings.Builder
	c := *g
	fmt.Fprintf(&b, "events %d", len(c.Events))
	if n := len(c.Events); n > 0 {
		fmt.Fprintf(&b, " last %s", c.Events[n-1])
	}
	c.Events = nil
	writeDeep(&b, reflect.ValueOf(c), map[uintptr]bool{})
	return b.String()
}

var (
	circuitType = reflect.TypeOf((*tracks.Circuit)(nil))
	scratchType = reflect.TypeOf((*scratch)(nil))
	// the option lists' memory, like the scratch, holds no state: the
	// pending decision's list is read through g.pending
	optionListsType = reflect.TypeOf(optionLists{})
)

func writeDeep(b *strings.Builder, v reflect.Value, seen map[uintptr]bool) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		if v.Type() == circuitType {
			fmt.Fprintf(b, "circuit %s", v.Elem().FieldByName("ID"))
			return
		}
		if v.Type() == scratchType {
			b.WriteString("scratch")
			return
		}
		if seen[v.Pointer()] {
			b.WriteString("(seen)")
			return
		}
		seen[v.Pointer()] = true
		b.WriteString("&")
		writeDeep(b, v.Elem(), seen)
	case reflect.Struct:
		if v.Type() == optionListsType {
			b.WriteString("optionLists")
			return
		}
		b.WriteString("{")
		for i := range v.NumField() {
			fmt.Fprintf(b, "%s:", v.Type().Field(i).Name)
			writeDeep(b, v.Field(i), seen)
			b.WriteString(" ")
		}
		b.WriteString("}")
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			b.WriteString("nil")
			return
		}
		b.WriteString("[")
		for i := range v.Len() {
			writeDeep(b, v.Index(i), seen)
			b.WriteString(",")
		}
		b.WriteString("]")
	case reflect.Map:
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		keys := make([]string, 0, v.Len())
		vals := map[string]reflect.Value{}
		for _, k := range v.MapKeys() {
			var kb strings.Builder
			writeDeep(&kb, k, seen)
			keys = append(keys, kb.String())
			vals[kb.String()] = v.MapIndex(k)
		}
		sort.Strings(keys)
		b.WriteString("map[")
		for _, k := range keys {
			b.WriteString(k + ":")
			writeDeep(b, vals[k], seen)
			b.WriteString(",")
		}
		b.WriteString("]")
	case reflect.Interface:
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		writeDeep(b, v.Elem(), seen)
	case reflect.Func, reflect.Chan:
		fmt.Fprintf(b, "%s(%v)", v.Kind(), v.IsNil())
	case reflect.String:
		fmt.Fprintf(b, "%q", v.String())
	case reflect.Bool:
		fmt.Fprint(b, v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		fmt.Fprint(b, v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		fmt.Fprint(b, v.Uint())
	case reflect.Float32, reflect.Float64:
		fmt.Fprint(b, v.Float())
	default:
		fmt.Fprintf(b, "?%s", v.Kind())
	}
}

// illegalOrders makes orders that no pending decision allows: a car that
// has nothing to decide, a gear or letter that is not offered, a
// configuration with negative points, a session that does not exist.
func illegalOrders(g *Game, r *rand.Rand) []Order {
	all := g.PendingAll()
	pending := map[int]bool{}
	for _, d := range all {
		pending[d.Car] = true
	}
	var out []Order
	for _, car := range []int{-1, 0, len(g.Cars) + 1, MaxCars + 3, 1 + r.IntN(len(g.Cars))} {
		if !pending[car] {
			out = append(out, Order{Car: car, Gear: 1 + r.IntN(6), Letter: []string{"", "A", "B"}[r.IntN(3)]})
		}
	}
	for _, d := range all {
		offered := map[int]bool{}
		letters := map[string]bool{}
		for _, op := range d.Options {
			offered[op.Gear] = true
			letters[strings.ToUpper(op.Letter)] = true
		}
		for _, gear := range []int{-2, 0, 1, 2, 3, 4, 5, 6, 7, 12} {
			if d.Kind != DecideGear || !offered[gear] {
				if d.Kind == DecideGear || len(d.Options) > 0 {
					out = append(out, Order{Car: d.Car, Gear: gear})
				}
			}
		}
		for _, l := range []string{"Z", "AA", "?", "A B", strings.Repeat("Q", 300), "é"} {
			if !letters[l] {
				out = append(out, Order{Car: d.Car, Letter: l})
			}
		}
		var w Wear
		for i := range w {
			w[i] = r.IntN(5)
		}
		w[r.IntN(len(w))] = -1 - r.IntN(3)
		out = append(out, Order{Car: d.Car, Build: w, Letter: "Z"})
		out = append(out, Order{Car: d.Car, Session: "bogus", Letter: "Z"})
	}
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// TestRefusedOrderChangesNothing feeds thousands of illegal orders at random
// moments of real races under every ruleset: each is refused, the game's
// whole state (every field, hidden ones included) is exactly as before, and
// the race then ends with the very record it has without them, every die
// included (issue 13: a failed Submit leaves the game as it was).
func TestRefusedOrderChangesNothing(t *testing.T) {
	type race struct {
		name  string
		track string
		cfg   func() Config
		cars  int
	}
	withOptional := func(cfg Config, opts ...string) Config {
		for _, o := range opts {
			require.NoError(t, cfg.EnableOptional(o))
		}
		return cfg
	}
	races := []race{
		{"fd2008", "port-azur", func() Config { c := DefaultConfig(); c.Laps = 1; return c }, 5},
		{"fd2008-optional", "hollowmere", func() Config {
			c := DefaultConfig()
			c.Laps = 1
			return withOptional(c, "building", "qualifying", "weather", "tyres", "pit-options")
		}, 4},
		{"fdr", "oval", func() Config { c := fdrConfig(); c.Laps = 1; return c }, 5},
		{"street", "race-city", func() Config { c := streetConfig(); c.Laps = 1; return c }, 4},
	}
	refused := 0
	for i, rc := range races {
		t.Run(rc.name, func(t *testing.T) {
			c, err := tracks.Get(rc.track)
			require.NoError(t, err)
			seed := SeedFrom(fmt.Sprintf("refused-%d", i))
			play := func(meddle bool) *Game {
				g, err := NewGame("refused", rc.cfg(), c, rc.cars)
				require.NoError(t, err)
				src := dice.NewSeeded(seed)
				require.NoError(t, g.Start(src))
				r := rand.New(rand.NewPCG(uint64(i), 7))
				for plays := 0; !g.Over; plays++ {
					require.Less(t, plays, 5000, "the race ends")
					if meddle && r.IntN(6) == 0 {
						before := fingerprint(g)
						for _, o := range illegalOrders(g, r) {
							err := g.Submit(o, src)
							if !assert.Error(t, err, "order %+v accepted at event %d", o, len(g.Events)) {
								return g
							}
							if after := fingerprint(g); after != before {
								t.Errorf("order %+v refused (%v) at event %d but the game changed", o, err, len(g.Events))
								return g
							}
							refused++
						}
					}
					o, ok := Autopilot(g)
					require.True(t, ok)
					require.NoError(t, g.Submit(o, src))
				}
				return g
			}
			want := play(false)
			got := play(true)
			assert.Equal(t, len(want.Events), len(got.Events))
			assert.True(t, reflect.DeepEqual(want.Events, got.Events), "the race with refused orders is the race without them")
		})
	}
	t.Logf("%d illegal orders refused", refused)
	assert.Greater(t, refused, 2000, "thousands of illegal orders were tried")
}
