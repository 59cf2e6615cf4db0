package fd

// What a reader may see of a car's build stays the base's though 5-D's file
// declared it: SeesCar reads the CarSecrecy hook for the contract's views
// (contract_redact.go, the boards), BuildTotal is the public total they
// show, and bot, render and the tests call both as methods of Game, which
// a package of the variants cannot declare.

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
