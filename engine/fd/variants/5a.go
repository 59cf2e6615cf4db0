package variants

import (
	"fmt"
	"strconv"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/phrase"
)

// 5-A Booster points (league-variants.md ch. 5, AMB-02, AMB-14): a car
// built with booster points may boost, twice a lap, in 5th or 6th,
// declared with the gear before the roll ("5B"): it must move 5 spaces
// more, and whatever the roll tests its engine after the move, 1–4 for
// its first boost of the race, 1–6 for the second … 1–14 for the sixth;
// a 20 or 30 also calls the base's engine tests, the car's own part
// included (it tests twice). Hooks: Declaration, DeclaredRoll, LapHook.
// The booster points are a characteristic of the build, one of its 22
// points each (AMB-14, BuildShare): each player chooses his count, 0 to
// max, with his configuration (Order.Boosters; unsaid, max); the older
// points=6/2/0 gives each car its own, car 1 first, and replays the
// records made with it; the car's six categories and its pit points
// spread the rest, the build decision's options fitted to it.

func variant5A() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "5-A", Group: "b", Name: "Booster points", NameFR: "Points de booster", Chapter: fd.ChapterCar, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{
			{Key: "points", Default: "", OmitEmpty: true, Help: "each car's booster points, car 1 first, separated by / (of its 22 build points); empty: each player chooses his, 0 to max, in his build (unsaid: max)"},
			fd.NewParam("max", "6", "booster points a player may build, 0 to max of his 22 (unsaid: max)"),
			fd.NewParam("per_lap", "2", "boosts a lap"),
		},
		Help: "up to 6 booster build points: twice a lap in 5th or above, declared before the roll, +5 squares and an engine test harder with each boost",
	}, func(p map[string]string) (any, error) {
		most, err := strconv.Atoi(p["max"])
		if err != nil || most < 1 || most > 6 {
			return nil, fmt.Errorf("variant 5-A: max is a number of booster points from 1 to 6, not %q", p["max"])
		}
		perLap, err := strconv.Atoi(p["per_lap"])
		if err != nil || perLap < 1 || perLap > 6 {
			return nil, fmt.Errorf("variant 5-A: per_lap is a number of boosts from 1 to 6, not %q", p["per_lap"])
		}
		points, err := parsePlaces(p["points"])
		if err != nil {
			return nil, fmt.Errorf("variant 5-A: points: %w", err)
		}
		for _, n := range points {
			if n > most {
				return nil, fmt.Errorf("variant 5-A: points: %d booster points, at most %d", n, most)
			}
		}
		return boosters{points: points, most: most, perLap: perLap}, nil
	})
}

// Shared: the car's booster points, taken from its 22 (AMB-14; 16-F's
// too, AMB-37: "enabling 16-F implies the 5-A build characteristic").
func (b boosters) Shared(c *fd.Car) int { return b.builtBy(c) }

// 5-A's per-car state (slot.go), 16-F's too (16f.go).
var (
	// raceBoosts and lapBoosts: the boosts used this race and this lap (a
	// position's "boost" and "boost-lap" flags, one a boost)
	raceBoosts = fd.NewVariantSlot[int]("boost")
	lapBoosts  = fd.NewVariantSlot[int]("boost-lap")
	// boostersOwnChoice: the player chose his booster points in his build
	// (AMB-14: a characteristic of the build, 0 to the variant's max), and
	// playerBoosterPoints is that choice; else the car has the variant's
	// own (points=, or max). A position's "boosters-chosen" and a
	// "booster-built" a point. The base reads them (BuildTotal, a
	// player's build line), through KeepPlayerBoosters (booster_points.go).
	boostersOwnChoice   = fd.NewVariantSlot[bool]("boosters-chosen")
	playerBoosterPoints = fd.NewVariantSlot[int]("booster-built")
)

func init() {
	fd.KeepPlayerBoosters(playerBoosterPoints, boostersOwnChoice)
	fd.RegisterVariant("5-A", withKinds(variant5A))
}

// boostsUsed counts car c's boosts this race, for the variants whose
// risk grows with them (16-F's fuel, 2-B's clock).
func boostsUsed(c *fd.Car) int { return raceBoosts.Of(c) }

// boosters is the 5-A module, and 16-F's boosting (16f.go); a
// car's boosts are its raceBoosts and lapBoosts.
type boosters struct {
	points       []int
	most, perLap int // perLap 0: no limit a lap (16-F)
	// beyond: a boost past the last booster point, once the race's six are
	// used, runs the car out of fuel (16-F)
	beyond bool
}

// boostMark letters the gear option of a boost ("5B").
const boostMark = "B"

// boostSpaces are the compulsory spaces of a boost.
const boostSpaces = 5

// built are the booster points car may boost with this race.
func (b boosters) built(car int) int {
	if b.points != nil {
		return useOf(b.points, car)
	}
	return b.most
}

// builtBy are the booster points car c built: its player's choice, else
// the variant's.
func (b boosters) builtBy(c *fd.Car) int {
	if n, chosen := fd.PlayerBoosters(c); chosen {
		return n
	}
	return b.built(c.Number)
}

// left is what car c may still boost this race.
func (b boosters) left(c *fd.Car) int { return max(b.builtBy(c)-raceBoosts.Of(c), 0) }

// ChooseBoosters sets the booster points car c's player builds with his
// configuration (the spec's build characteristic booster ∈ [0, max],
// AMB-14), before the configuration is judged against what they leave of
// the 22. Refused with a sentence: outside 0 to max, or a count other
// than the one the game's points= gives the car (BoosterPoints; the base
// refuses a game playing neither 5-A nor 16-F).
func (b boosters) ChooseBoosters(g *fd.Game, c *fd.Car, n int) error {
	switch {
	case n < 0 || n > b.most:
		return fmt.Errorf("car %d may build 0 to %d booster points (league %s), not %d", c.Number, b.most, g.BoosterVariant(), n)
	case b.points != nil && n != b.built(c.Number):
		return fmt.Errorf("car %d's booster points are the league's, %d (league %s, points=)", c.Number, b.built(c.Number), g.BoosterVariant())
	}
	fd.SetPlayerBoosters(c, n, true)
	return nil
}

// BoosterChoice: the most booster points a player may build with his
// configuration, none to choose when points= gives each car its own
// (BoosterPoints).
func (b boosters) BoosterChoice() (most int, ok bool) { return b.most, b.points == nil }

// BoostSpaces: a boost's compulsory spaces, which the build option says
// (BoosterPoints).
func (boosters) BoostSpaces() int { return boostSpaces }

// BoostersLeft: what car c may still boost this race (BoosterPoints).
func (b boosters) BoostersLeft(c *fd.Car) int { return b.left(c) }

// boostTest is the engine test of the n-th boost of a race: 1–4, 1–6 …
// 1–14 for the sixth and beyond.
func boostTest(n int) int { return 2 + 2*min(n, maxBoosts) }

// maxBoosts are the boosts of a race (16-F: a seventh runs the car out of
// fuel).
const maxBoosts = 6

// Mark: "B".
func (boosters) Mark() string { return boostMark }

// Declarable: 5th or 6th (AMB-02), a booster point left, under the lap's
// limit, in the race.
func (b boosters) Declarable(t fd.Turn, gear int) bool {
	c := t.Car()
	open := b.left(c) > 0 || (b.beyond && raceBoosts.Of(c) == maxBoosts)
	return gear >= 5 && open && (b.perLap == 0 || lapBoosts.Of(c) < b.perLap) && !t.Qualifying() && !t.Forced() &&
		t.BoostAllowed(gear) // the weather's "Boosters" row (3-A, 8-C)
}

// Declare ticks a booster point (a "boost" event with the count).
func (boosters) Declare(t fd.Turn) {
	c := t.Car()
	raceBoosts.Set(c, raceBoosts.Of(c)+1)
	lapBoosts.Set(c, lapBoosts.Of(c)+1)
	t.Emit(fd.Encode(BoostEvent{Car: c.Number, N: raceBoosts.Of(c)}))
}

// AfterRoll: 5 spaces more, whatever the roll, and the boost's engine
// test moved by the weather; a 20 or 30 still calls the base's tests, the
// car's own included.
func (boosters) AfterRoll(t fd.Turn, _ int) (int, []int, bool) {
	return boostSpaces, []int{weatheredBoostTest(t.Game(), raceBoosts.Of(t.Car()))}, false
}

// weatheredBoostTest is the n-th boost's test moved by the weather's
// engine test as a difference from the base's 1–4 (3-B's heatwave +1,
// 8-C's cells; league 3-B: only 16-E's supercharge keeps its own).
func weatheredBoostTest(g *fd.Game, n int) int {
	return max(0, boostTest(n)+g.EngineLimit()-4)
}

// NewLap: the lap's boosts start again.
func (boosters) NewLap(c *fd.Car) { lapBoosts.Set(c, 0) }

// Pays: the autopilot boosts with three engine points or more while the
// test stays at 1–8 or under, when even the top face and the 5 stay short
// of the corner it must stop in next.
func (b boosters) Pays(t fd.Turn, gear int) bool {
	c := t.Car()
	die, err := t.Dice().Gear(gear)
	if err != nil || c.Wear[fd.Engine] < 3 || boostTest(raceBoosts.Of(c)+1) > 8 || raceBoosts.Of(c) >= maxBoosts {
		return false
	}
	room := t.Room()
	return room < 0 || die.Max()+boostSpaces <= room
}

// Fact: "a boost: 5 spaces more, then an engine test 1–4 (6 booster
// points left)".
func (b boosters) Fact(c *fd.Car, _ dice.Set, _ int) phrase.Phrase {
	if c == nil {
		return phrase.Phrase{}
	}
	return phrase.New("fact.boost", boostSpaces, boostTest(raceBoosts.Of(c)+1), b.left(c))
}

// WeatherFact is Fact with the test the weather moves (weatheredBoostTest).
func (b boosters) WeatherFact(g *fd.Game, c *fd.Car) phrase.Phrase {
	return phrase.New("fact.boost", boostSpaces, weatheredBoostTest(g, raceBoosts.Of(c)+1), b.left(c))
}
