package fd

import "github.com/pitwall/pitwall/engine"

// A race's position through the contract (engine.Positioned; issue 13,
// group 5 of docs/engine.md "What is left"): the lines PositionExact
// writes (docs/record.md, played= mid-round; under fdr next=, still=,
// weather-owed= and a qualifying session's lines), each handed out as the
// race stands, so that replay --at shows a 5-D reader a hidden build's
// stand-in.

var _ engine.Positioned = Contract{}

// Position is PositionExact's lines, handed out (HandOut); refused where
// PositionExact refuses: a car's turn under way past its gear choice,
// the race not started, a qualifying lap mid-play.
func (c Contract) Position() ([]engine.Event, error) {
	p, err := c.G.PositionExact()
	if err != nil {
		return nil, err
	}
	return c.wrap(p.Events()), nil
}
