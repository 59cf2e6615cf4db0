package street

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/pitwall/pitwall/engine/fd"
)

// engine/fd reads T-13 through the module (fd.DriverModule): every card
// by its key, none for a key the table lacks; and the street
// configuration's Start (a car with no driver, in positions) is T-13's
// first card, Li-Tsu's (U-DRV-01).
func TestDriverCardsThroughFd(t *testing.T) {
	assert.Len(t, Drivers, 10, "T-13")
	for _, d := range Drivers {
		got, ok := fd.DriverByKey(d.Key)
		assert.True(t, ok, d.Key)
		assert.Equal(t, d, got)
	}
	_, ok := fd.DriverByKey("ayrton")
	assert.False(t, ok)
	assert.Equal(t, Drivers[0].Wear, Config().Start)
	assert.Equal(t, DriverLiTsu, Drivers[0].Key)
}
