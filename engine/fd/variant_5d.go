package fd

// 5-D Hidden configuration (league-variants.md ch. 5, AMB-17): only the
// build total and one point a characteristic are public; what is left of
// each characteristic is the owner's (and, by default, his teammate's)
// until the car's race ends, when the build is shown to everyone. The wear
// events themselves stay public (the source's shared race log). The bot
// checks every wear event against the real build, so the source's
// mismatch cannot happen. The module fills one hook, CarSecrecy; the game
// contract asks Game.SeesCar for what each reader is told (Contract.HandOut:
// a build line's audience and its stand-in, whose phrase the sentences say;
// Contract.ReadsBuild, which WearFor and the boards ask).

func variant5D() Variant {
	return moduleVariant(Variant{ID: "5-D", Group: "b", Name: "Hidden configuration", NameFR: "Configuration cachée", Chapter: chCar, Scope: ScopeRace, Engine: true,
		Params: []VariantParam{param("team_shares_config", "yes", "teammates (4-A's or 4-B's teams) see each other's build (AMB-17)", "yes", "no")},
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

// GameMaster is the reader who sees every car whatever the variants: the
// game master, the referee's audit.
const GameMaster = -1

// SeesCar reports whether reader (the car number its seat drives, 0 for a
// reader with no car, GameMaster) may see car's configuration and what is
// left of it. Without 5-D every reader sees every car; with it, a car's
// build shows to the others once its race is over (5-D: checked and
// revealed at the flag, or when it is out).
func (g *Game) SeesCar(reader, car int) bool {
	if len(g.hooks.secrecy) == 0 || reader == GameMaster || reader == car || g.Over {
		return true
	}
	if car >= 1 && car <= len(g.Cars) && g.Cars[car-1].Status != Racing {
		return true
	}
	sameTeam := reader > 0 && g.playsTeams() && g.teamOfCar(reader) == g.teamOfCar(car)
	for _, s := range g.hooks.secrecy {
		if s.Hides(reader, car, sameTeam) {
			return false
		}
	}
	return true
}

// playsTeams: the game pairs its cars in teams (4-A's pit teams, 4-B's
// team builds), whose teammates 5-D lets share their builds (AMB-17).
func (g *Game) playsTeams() bool {
	_, builds := g.Config.variantParam("4-B", "mode")
	return g.hooks.pitBoxes != nil || builds
}

// BuildTotal is the number of build points a car started with: what 5-D
// leaves public of its build, with one point a characteristic; the
// booster points its player chose count among them (league 5-A), so the
// total does not tell them.
func (g *Game) BuildTotal(car int) int {
	n := 0
	if car >= 1 && car <= len(g.Cars) {
		if chosen, ok := playerBoosters(g.car(car)); ok {
			n = chosen // 5-A: the booster points a player chose are part of his hidden build
		}
	}
	for _, v := range g.StartWear(car) {
		n += v
	}
	return n
}
