package variants

// 5-D Hidden configuration (league-variants.md ch. 5, AMB-17): only the
// build total and one point a characteristic are public; what is left of
// each characteristic is the owner's (and, by default, his teammate's)
// until the car's race ends, when the build is shown to everyone. The wear
// events themselves stay public (the source's shared race log). The bot
// checks every wear event against the real build, so the source's
// mismatch cannot happen. The module fills one hook, CarSecrecy; the game
// contract asks Game.SeesCar (the base's reader of the hook,
// host_variants.go) for what each reader is told (Contract.HandOut:
// a build line's audience and its stand-in, whose phrase the sentences say;
// Contract.ReadsBuild, which WearFor and the boards ask).
import "github.com/pitwall/pitwall/engine/fd"

func init() { fd.RegisterVariant("5-D", variant5D) }

func variant5D() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "5-D", Group: "b", Name: "Hidden configuration", NameFR: "Configuration cachée", Chapter: fd.ChapterCar, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{fd.NewParam("team_shares_config", "yes", "teammates (4-A's or 4-B's teams) see each other's build (AMB-17)", "yes", "no")},
		Help:   "only the build total and one point a characteristic are public; the rest of each build and its wear show to its owner, and to everyone at the end of its race",
	}, func(p map[string]string) (any, error) {
		// the registry refuses a value not in the parameter's list
		return hiddenConfig{teamShares: p["team_shares_config"] != "no"}, nil
	})
}

// hiddenConfig is the 5-D module.
type hiddenConfig struct{ teamShares bool }

// Hides: every car but the reader's own (and his teammate's when shared).
func (h hiddenConfig) Hides(reader, car int, sameTeam bool) bool {
	return reader != car && !(h.teamShares && sameTeam)
}
