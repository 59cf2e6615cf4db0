package fd_test

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/fd/fdtest"
	"github.com/pitwall/pitwall/engine/fd/variants"
)

// AX-3's exported readers of a marathon's carries, which bot's marathon
// calls between circuits (MarathonCarries, FormatCarries) and which read
// the carry parameter back (ParseCarries): an external test, so that it
// names them as bot does (fd.X, variants.X after the move to
// engine/fd/variants, issue 13).

// MarathonCarries is what the record's carry-outs tell, car by car, and
// FormatCarries writes it as the carry parameter the next circuit takes,
// which ParseCarries reads back the same.
func TestVariantAX3MarathonCarriesAreTheCarryOuts(t *testing.T) {
	cfg := fd.ConfigFor(fd.FDR)
	require.NoError(t, cfg.EnableVariant("AX-3"))
	first, _ := fdtest.AutopilotRace(t, cfg, fdtest.FDRLab(t), "lab", 3, fd.SeedFrom("marathon-chain"))
	out := variants.MarathonCarries(first)
	require.Len(t, out, 3, "every lap's end is told")
	told := fdtest.Kinds(fdtest.EventLines(first), "carry-out")
	require.Len(t, told, 3)
	for car, carry := range out {
		assert.Contains(t, told, fmt.Sprintf("carry-out car=%d gear=%d lane=%d wear=%s", car, carry.Gear, carry.Lane, carry.Wear.Compact()))
	}
	back, err := variants.ParseCarries(variants.FormatCarries(out))
	require.NoError(t, err)
	assert.Equal(t, out, back)
	next := fd.ConfigFor(fd.FDR)
	spec := "AX-3:carry=" + variants.FormatCarries(out)
	require.NoError(t, next.EnableVariant(spec))
	assert.Contains(t, next.VariantSpecs(), spec, "the next circuit's header")
}

// FuzzParseCarries: the carry parameter's parser never panics, and what it
// reads it writes back the same.
func FuzzParseCarries(f *testing.F) {
	f.Add("1:4:0:8/3/2/2/2/2+2:0:1:7/3/2/2/2/1")
	f.Add("")
	f.Add("1:4:0")
	f.Fuzz(func(t *testing.T, s string) {
		carry, err := variants.ParseCarries(s)
		if err != nil {
			return
		}
		again, err := variants.ParseCarries(variants.FormatCarries(carry))
		if err != nil || !reflect.DeepEqual(carry, again) {
			t.Errorf("%q: written back %q, read %v (%v)", s, variants.FormatCarries(carry), again, err)
		}
	})
}
