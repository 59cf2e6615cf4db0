package variants

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/tracks"
)

// The lines of the kinds only a variant writes, as the engine writes them
// (docs/record.md), each with the phrase engine/fd's EventPhrase said for
// it when the structs were engine/fd's (recorded from that code before the
// move, on port-azur, each argument with its type): the move changes no
// line and no word players read.
var variantLinesSaid = [][2]string{
	{"gearbox car=2 box=B61 gear=4 raw=17 value=9", "ev.gearbox(ev.car(string 2), string 17, phrase.Ordinal 4, string B61, opt.spaces(int 9))"},
	{"grid-formula car=2 last=5 championship=3 roll=4 score=12", "ev.grid-formula(ev.car(string 2), string 5, string 3, string 4, string 12)"},
	{"grid-bid car=3 bid=2 championship=7", "()"},
	{"pit-teams mode=b order=2,1,3", "ev.pit-teams(pits.b(), ev.list(ev.list(ev.team(string 2), ev.team(string 1)), ev.team(string 3)))"},
	{"pit-teams mode=z order=1", "ev.pit-teams((), ev.team(string 1))"},
	{"pilot-reroll car=1 for=gear value=7", "ev.pilot-reroll(ev.car(string 1), roll.gear(), string 7)"},
	{"pilot-reroll car=1 for=mystery value=3", "ev.pilot-reroll(ev.car(string 1), roll.any(), string 3)"},
	{"boost car=4 n=2", "ev.boost(ev.car(string 4), int 2)"},
	{"wing-change car=2 setting=loaded repairs=1", "ev.wing-change(ev.car(string 2), phrase.Term wing.loaded, int 1)"},
	{"wing-change car=2 setting=odd repairs=0", "ev.wing-change(ev.car(string 2), string odd, int 0)"},
	{"lock-change car=5 level=A2 repairs=2", "ev.lock-change(ev.car(string 5), phrase.Term lock.A2, int 2)"},
	{"lock-change car=5 level=Z9 repairs=0", "ev.lock-change(ev.car(string 5), string Z9, int 0)"},
	{"telemetry car=3 was=11", "ev.telemetry(ev.car(string 3), string 11)"},
	{"top car=1 delta=1", "ev.top-more(ev.car(string 1))"},
	{"top car=1 delta=-1", "ev.top-less(ev.car(string 1))"},
	{"super-top car=2 use=move", "ev.super-top-move(ev.car(string 2))"},
	{"super-top car=2 use=save kept=brakes", "ev.super-top-save(ev.car(string 2), phrase.Term cat.brakes)"},
	{"seventh-gear car=6 fifth=2 sixth=1 value=23 tests=2", "ev.seventh-gear(ev.car(string 6), int 2, int 1, opt.spaces(int 23), int 2)"},
	{"monsoon-grace car=4", "ev.monsoon-grace(ev.car(string 4))"},
	{"formation start=3", "ev.formation(string 3)"},
	{"formation-stall car=2", "ev.formation-stall(ev.car(string 2))"},
	{"jump-start car=5 start=1", "ev.jump-start(ev.car(string 5))"},
	{"race-shortened start=2 laps=3", "ev.race-shortened(string 2, string 3)"},
	{"rails car=1 corner=Mere roll=14 result=straight space=main.11.1", "ev.rails-straight(ev.car(string 1), string Mere, int 14, ev.at-place(place.straight-lane(string Douane, phrase.Term lane.middle)))"},
	{"rails car=2 corner=Mere roll=3 result=rebound space=nowhere", "ev.rails-rebound(ev.car(string 2), string Mere, int 3, ())"},
	{"pedal car=3", "ev.pedal(ev.car(string 3))"},
	{"evo-bonus car=2 spaces=1", "ev.evo-bonus(ev.car(string 2), int 1)"},
	{"supercharge car=6", "ev.supercharge(ev.car(string 6))"},
	{"supercharge-bonus car=6 spaces=2", "ev.supercharge-bonus(ev.car(string 6), int 2)"},
	{"debris-worn space=main.11.1 passages=3", "ev.debris-worn(string 3, ev.space-place(place.straight-lane(string Douane, phrase.Term lane.middle)))"},
	{"debris-worn space=nowhere passages=1", "ev.debris-worn(string 1, ())"},
	{"grid-point car=4 place=2", "ev.grid-point(ev.car(string 4), int 2)"},
}

// typedText writes p with each argument's type, so a number said as a
// number and one said as written text differ.
func typedText(p phrase.Phrase) string {
	var b strings.Builder
	b.WriteString(p.Key + "(")
	for i, a := range p.Args {
		if i > 0 {
			b.WriteString(", ")
		}
		if q, ok := a.(phrase.Phrase); ok {
			b.WriteString(typedText(q))
			continue
		}
		fmt.Fprintf(&b, "%T %v", a, a)
	}
	return b.String() + ")"
}

// Each variant's own kinds reach engine/fd's codec through the variant's
// registry entry (Variant.WithEvents): the codec's struct is this
// package's, every line decodes and encodes back byte for byte, and
// EventPhrase says what it said before the move.
func TestVariantKindsSayTheSame(t *testing.T) {
	c, err := tracks.Get("port-azur")
	require.NoError(t, err)
	known := map[string]reflect.Type{}
	for _, k := range fd.KnownKinds() {
		known[k.EventKind()] = reflect.TypeOf(k)
	}
	sampled := map[string]bool{}
	for _, ls := range variantLinesSaid {
		line, said := ls[0], ls[1]
		e, err := fd.ParseEvent(line)
		require.NoError(t, err, line)
		typed, err := fd.Decode(e)
		require.NoError(t, err, line)
		assert.Equal(t, reflect.TypeOf(theTop{}).PkgPath(), reflect.TypeOf(typed).PkgPath(), "%s: this package's struct", line)
		assert.Equal(t, line, fd.Encode(typed).String())
		assert.Equal(t, said, typedText(fd.EventPhrase(c, e)), line)
		sampled[e.Kind] = true
	}
	for id, kinds := range kindsOf {
		for _, m := range kinds {
			kind := m.Event.EventKind()
			assert.Equal(t, reflect.TypeOf(m.Event), known[kind], "%s (%s): the codec's struct is the variant's", kind, id)
			assert.True(t, sampled[kind], "%s (%s): no sample line", kind, id)
		}
	}
}
