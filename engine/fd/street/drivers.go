package street

import (
	"strings"

	"github.com/pitwall/pitwall/engine/fd"
)

// Reading the driver cards of T-13 (fd.StreetDrivers) as players name
// them: the driver verb of bot and the draft's orders.

// FindDriver reads a driver's name as players type it: the key, the first
// name, the surname, the full name or the nickname, in any case, accents
// of the French spelling aside.
func FindDriver(name string) (fd.Driver, bool) {
	n := normName(name)
	if n == "" {
		return fd.Driver{}, false
	}
	for _, d := range fd.StreetDrivers {
		if n == normName(d.Key) || n == normName(d.Name) {
			return d, true
		}
		for _, w := range strings.Fields(strings.NewReplacer("«", " ", "»", " ").Replace(d.Name)) {
			if n == normName(w) {
				return d, true
			}
		}
	}
	return fd.Driver{}, false
}

// normName folds a name for matching: lower case, no quotes or guillemets,
// the French accents of the cards dropped, single spaces.
func normName(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.NewReplacer("«", "", "»", "", "\"", "", "é", "e", "è", "e", "ë", "e").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}
