package ai

import "github.com/pitwall/pitwall/engine/fd"

// Key is the key the driver sends for seat (car seat+1) now through the
// game contract (fd.Contract.Submit, issue 13), false when the seat has
// nothing to decide: the same order as Order, as Racing Simulator's
// drivers give theirs (engine/rs/ai).
func (d Driver) Key(g *fd.Game, seat int) (string, bool) {
	o, ok := d.Order(g, seat+1)
	if !ok {
		return "", false
	}
	return fd.KeyOf(o), true
}
