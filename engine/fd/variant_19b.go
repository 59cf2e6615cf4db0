package fd

import "github.com/pitwall/pitwall/tracks"

// 19-B Doubling in the pit lane (league-variants.md ch. 19): the pit lane
// is wider than the board; no blocking there, and cars may share a space.
// A car in the pit lane is no obstacle to a car moving (R19.4's waiting
// behind is off); boxes stay each car's own.

func variant19B() Variant {
	return Variant{ID: "19-B", Name: "Pit-lane overtaking", NameFR: "Doublement dans la ligne des stands", Chapter: "19 Pit stops and order of play", Scope: ScopeRace, Engine: true,
		Params: []VariantParam{},
		Help:   "no blocking in the pit lane: cars pass each other there and may share a space",
		set: func(c *Config, _ map[string]string) error {
			c.Variants.PitPassing = true
			return nil
		},
		get: func(c Config) (map[string]string, bool) { return onOff(c.Variants.PitPassing) },
	}
}

// pitLaneShared is 19-B: a pit-lane space takes any number of cars.
func (g *Game) pitLaneShared(s tracks.SpaceID) bool {
	return g.Config.Variants.PitPassing && s != tracks.NoSpace && g.Track.Spaces[s].Kind == tracks.KindPit
}
