package fd

import "github.com/pitwall/pitwall/engine"

// Where the race stands as counts (engine.Progressed; issue 13, the item
// "bot serving Formula Dé through the contract" of docs/engine.md "What is
// left"): the round and play bot used to read of the race for a mail's
// subject and its snapshot cadence, the laps of a welcome and the web
// page, and whether a car still races before the race direction excludes
// it (7-A). The counts are the race's own fields, unchanged.

var _ engine.Progressed = Contract{}

// Progress is the race's round (0 during the setup), its plays (a play is
// one car's turn) and its laps as they stand (a formation lap may have cut
// them, league 9-A), said as the status says a car's laps.
func (c Contract) Progress() engine.Progress {
	g := c.G
	return engine.Progress{Round: g.Round, Turns: g.Play, Length: g.Config.Laps, LengthSaid: lapsPhrase(g.Config.Laps)}
}

// InPlay reports whether seat's car still races: neither finished nor
// eliminated (excluded, out of fuel …).
func (c Contract) InPlay(seat int) bool {
	return seat >= 0 && seat < len(c.G.Cars) && c.G.Cars[seat].Status == Racing
}
