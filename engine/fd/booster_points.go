package fd

import "fmt"

// The booster points built into a car (5-A, 16-F; AMB-14): the build
// options and the status text (facts.go, contract_status.go), the board,
// a player's build line (fdr's) and the hidden build's total (BuildTotal)
// ask them of the base, which asks the game's BoosterPoints declaration.
// The player's own choice is kept in the variant's slots, which it names
// here from its init (KeepPlayerBoosters), as KeepDriedTrackGrace does
// for 8-C: a position and BuildTotal read it without the module.
var playerBoosterSlots struct {
	points Slot[int]
	chosen Slot[bool]
	kept   bool
}

// KeepPlayerBoosters names the slots of the booster points a player chose
// in his build (5-A's "booster-built" and "boosters-chosen"). Call it
// once, from the variant's init; a second call panics.
func KeepPlayerBoosters(points Slot[int], chosen Slot[bool]) {
	if playerBoosterSlots.kept {
		panic("fd: KeepPlayerBoosters called twice")
	}
	playerBoosterSlots.points, playerBoosterSlots.chosen, playerBoosterSlots.kept = points, chosen, true
}

// playerBoosters are the booster points car c's player chose in his
// build; chosen false when he chose none (the variant's own count).
func playerBoosters(c *Car) (n int, chosen bool) {
	if !playerBoosterSlots.kept {
		return 0, false
	}
	return playerBoosterSlots.points.Of(c), playerBoosterSlots.chosen.Of(c)
}

// setPlayerBoosters sets (or, refused, puts back) the player's choice.
func setPlayerBoosters(c *Car, n int, chosen bool) {
	if playerBoosterSlots.kept {
		playerBoosterSlots.points.Set(c, n)
		playerBoosterSlots.chosen.Set(c, chosen)
	}
}

// boosterPoints is the game's booster declaration (5-A's or 16-F's); ok
// false when it plays neither.
func (g *Game) boosterPoints() (BoosterPoints, bool) {
	for _, d := range g.hooks.declare {
		if b, ok := d.(BoosterPoints); ok {
			return b, true
		}
	}
	return nil, false
}

// chooseBoosters sets the booster points car c's player builds with his
// configuration (the spec's build characteristic booster ∈ [0, max],
// AMB-14), before the configuration is judged against what they leave of
// the 22; refused with a sentence when the game plays neither 5-A nor
// 16-F, or as the variant refuses the count.
func (g *Game) chooseBoosters(c *Car, n int) error {
	b, ok := g.boosterPoints()
	if !ok {
		return fmt.Errorf("car %d cannot build booster points: the game plays neither 5-A nor 16-F", c.Number)
	}
	return b.ChooseBoosters(g, c, n)
}

// boosterVariant names the variant whose booster points g's builds take:
// 16-F when on (it replaces 5-A, AMB-37), else 5-A. The base's, since it
// reads only the configuration and fdr's build refusal asks it
// (Game.BoosterVariant); 5-A's refusals name it the same way.
func boosterVariant(g *Game) string {
	if _, on := g.Config.PlayedParam("16-F", "points"); on {
		return "16-F"
	}
	return "5-A"
}

// boostSpaces are the compulsory spaces of the game's boost, which the
// build option's booster fact says (BoosterPoints); 0 without booster
// points.
func (g *Game) boostSpaces() int {
	if b, ok := g.boosterPoints(); ok {
		return b.BoostSpaces()
	}
	return 0
}

// BoosterChoice is the most booster points a player may build with his
// configuration (5-A's build characteristic, AMB-14; 16-F's too); ok
// false when the game plays neither or gives each car its own
// (points=).
func (g *Game) BoosterChoice() (most int, ok bool) {
	b, ok := g.boosterPoints()
	if !ok {
		return 0, false
	}
	return b.BoosterChoice()
}

// BoostersLeft are the booster points car may still boost with this race
// (5-A, 16-F), for the status text and the board; ok false when neither
// variant is on.
func (g *Game) BoostersLeft(car int) (left int, ok bool) {
	if car < 1 || car > len(g.Cars) {
		return 0, false
	}
	b, ok := g.boosterPoints()
	if !ok {
		return 0, false
	}
	return b.BoostersLeft(g.car(car)), true
}
