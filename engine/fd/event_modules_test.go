package fd

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/tracks"
)

// Kinds of a made-up module, for the kind table's own checks.
type testHonkEvent struct {
	Car int `ev:"car"`
}

func (testHonkEvent) EventKind() string { return "test-honk" }

type testSaidEvent struct {
	Car  int `ev:"car"`
	Horn int `ev:"horn,opt"`
}

func (testSaidEvent) EventKind() string { return "test-said" }
func (x testSaidEvent) Phrase(*tracks.Circuit) phrase.Phrase {
	return phrase.New("ev.test", CarPhrase(x.Car))
}

// A module's kinds join engine/fd's in one table: planned as engine/fd's
// are, silent or car-only as the module says (issue 13).
func TestKindTableTakesModuleKinds(t *testing.T) {
	table := buildKindTable([]ModuleEvent{{Event: testHonkEvent{}, CarOnly: true}, {Event: testSaidEvent{}}})
	assert.NotNil(t, table.plans["test-said"])
	assert.NotNil(t, table.plans["roll"], "engine/fd's own kinds stay")
	assert.True(t, table.carOnly["test-honk"])
	assert.False(t, table.carOnly["test-said"])
	assert.False(t, table.silent["test-honk"])
	assert.True(t, table.silent["turn"])
	assert.Len(t, table.plans["test-said"].fields, 2)
}

// A module kind that is news must say itself, and no kind may be planned
// twice: both are programming errors, refused when the table is built.
func TestKindTableRefusesMalformedModules(t *testing.T) {
	assert.PanicsWithValue(t, "fd: module event kind test-honk is news but has no Phrase", func() {
		buildKindTable([]ModuleEvent{{Event: testHonkEvent{}}})
	})
	assert.PanicsWithValue(t, "fd: two structs for event kind test-said", func() {
		buildKindTable([]ModuleEvent{{Event: testSaidEvent{}}, {Event: testSaidEvent{}}})
	})
	assert.Panics(t, func() { buildKindTable([]ModuleEvent{{Event: RollEvent{}, Silent: true}}) }, "a module may not take engine/fd's kind")
}

// The codec's table is built with the modules registered: the registry is
// sealed, so no module joins it after a line was read.
func TestKindTableSealsTheRegistry(t *testing.T) {
	_ = codecKinds()
	assert.True(t, modulesSealed.Load())
}
