package fd

import "github.com/pitwall/pitwall/engine"

// Formula Dé answers a missed deadline through the contract (issue 13):
// the service asks the key, not the race, so it need not read *Game to
// play a silent seat's order.

var _ engine.Defaulted = Contract{}

// Default is the key of the order a missed deadline plays for seat's
// pending decision: the defaults the rules state, else the autopilot's
// choice (TimeoutFor), as a key Submit takes (KeyOf).
func (c Contract) Default(seat int) (string, bool) {
	o, ok := TimeoutFor(c.G, seat+1)
	if !ok {
		return "", false
	}
	return KeyOf(o), true
}
