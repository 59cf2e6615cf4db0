package street

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/pitwall/pitwall/engine/fd"
)

// A car's driver is its place in T-13, read back as the card; a car of
// another ruleset has none, and a copy of the car carries its own.
func TestDriverSlotHoldsTheCard(t *testing.T) {
	var c fd.Car
	_, ok := DriverOf(&c)
	assert.False(t, ok, "a car with no driver")
	for _, d := range Drivers {
		setDriver(&c, d.Key)
		got, ok := DriverOf(&c)
		assert.True(t, ok, d.Key)
		assert.Equal(t, d, got)
	}
	copied := c
	setDriver(&copied, DriverJack)
	setDriver(&c, "ayrton")
	_, ok = DriverOf(&c)
	assert.False(t, ok, "a key T-13 lacks seats nobody")
	assert.Equal(t, DriverJack, driverKey(&copied), "the copy keeps its own driver")
}
