package variants

import (
	"fmt"
	"slices"

	"github.com/pitwall/pitwall/engine/phrase"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/tracks"
)

// 5-B Wing / ride setting (league-variants.md ch. 5): before the race each
// car sets its wing, after its tyres (a "wing" decision): neutral changes
// nothing; unloaded (low) moves one space more in 4th, 5th and 6th and
// pays one tyre point more a square overshot; loaded (high) takes one of
// two forms, a league parameter (league AMB-15):
//   - (a) one space less in 4th–6th, and one space braked free (no brake
//     point) on a move that enters, crosses or leaves a corner;
//   - (b) on a move that stays on the straight (it starts outside a
//     corner and its roll does not reach the next one), at most 11, 18 and
//     26 spaces in 4th, 5th and 6th; one space braked free on a move
//     ending in a corner. The engine tests still read the roll (R16.1).
//
// Race only, but for form (b), whose wing is set before each qualifying
// session too (the booklet's "before the race or qualifying") and plays
// in its laps; the changes are compulsory and come before the optional ones
// (§0.4: the Top, a pilot point). At a pit stop the crew may change the
// wing (the booklet's remark under 5-C, league AMB-15 [DEC]): a step
// toward high (low → neutral → high) is one repair of a long stop, a step
// toward low is free at any stop (DownforceRule). It hooks the setup (a
// decision), the move's length, the brakes and the overshoot factor
// (WingRule), and the pit stop (DownforceRule).

func init() { fd.RegisterVariant("5-B", withKinds(variant5B)) }

func variant5B() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "5-B", Group: "b", Name: "Wing / ride setting", NameFR: "L'aileron / l'assiette", Chapter: fd.ChapterCar, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{fd.NewParam("loaded", "a", "the high wing's form: a (−1, optional −1 in bends) or b (caps 11/18/26 on straights)", "a", "b").AlsoCalled("wing_loaded_version")},
		Help:   "a pre-race wing: high −1 square in 4th–6th, neutral, or low +1 square and +1 tyre point a square overshot",
	}, func(p map[string]string) (any, error) {
		switch p["loaded"] {
		case "a", "b":
			return wing{form: p["loaded"]}, nil
		}
		return nil, fmt.Errorf("variant 5-B: loaded is a or b, not %q", p["loaded"])
	})
}

// wing is the 5-B module; each car's wing is its fittedWing slot.
type wing struct{ form string }

// wingChoices are the wings a car's slot holds (fittedWing: 0 neutral,
// i+1 wingChoices[i]); a position says them "wing-loaded",
// "wing-unloaded", neutral by no flag.
var wingChoices = []string{fd.WingLoaded, fd.WingUnloaded}

// fittedWing is each car's wing, set at the setup or changed at a stop.
var fittedWing = fd.NewVariantChoiceSlot("wing", wingChoices)

// wingOf is car c's wing, WingNeutral unless one is fitted (read by the
// qualifying session's car too).
func wingOf(c *fd.Car) string {
	if v := fittedWing.Of(c); v > 0 {
		return wingChoices[v-1]
	}
	return fd.WingNeutral
}

// setWing fits wing w (a Wing* setting) to car c; neutral holds 0.
func setWing(c *fd.Car, w string) {
	fittedWing.Set(c, slices.Index(wingChoices, w)+1)
}

// BeforeQualifying: form (b)'s wing is set "before the race or
// qualifying" (l.371): asked before each session too, and played in its
// laps.
func (w wing) BeforeQualifying() bool { return w.form == "b" }

// LoadedWingForm: a or b, which the loaded wing's option says apart.
func (w wing) LoadedWingForm() string { return w.form }

// SetUpSettings: the setup's wings, neutral first.
func (wing) SetUpSettings() []string { return []string{fd.WingNeutral, fd.WingLoaded, fd.WingUnloaded} }

// FittedSetting: the car's wing (a qualifying session's car takes the
// race car's).
func (wing) FittedSetting(c *fd.Car) string { return wingOf(c) }

// FitSetting fits the wing the car's player set.
func (wing) FitSetting(c *fd.Car, setting string) { setWing(c, setting) }

// wingCaps are form (b)'s caps on the straight, by gear (4th–6th).
var wingCaps = map[int]int{4: 11, 5: 18, 6: 26}

// Length: ±1 in 4th–6th, or form (b)'s cap on the straight.
func (w wing) Length(t fd.Turn, v int) int {
	c := t.Car()
	if c.Gear < 4 || c.Gear > 6 {
		return v
	}
	switch fitted := wingOf(c); {
	case fitted == fd.WingUnloaded:
		return v + 1
	case fitted == fd.WingLoaded && w.form == "a":
		return v - 1
	case fitted == fd.WingLoaded && v > wingCaps[c.Gear] && straightFor(t.Game(), c.Space, v):
		return wingCaps[c.Gear]
	}
	return v
}

// FreeBrake: one space for a loaded wing, on a move through a corner (a)
// or ending in one (b).
func (w wing) FreeBrake(t fd.Turn, path []tracks.SpaceID) int {
	c := t.Car()
	if wingOf(c) != fd.WingLoaded {
		return 0
	}
	inCorner := func(s tracks.SpaceID) bool {
		sp := &t.Game().Track.Spaces[s]
		return sp.Kind == tracks.KindTrack && sp.Corner >= 0
	}
	if w.form == "b" {
		end := t.Start()
		if len(path) > 0 {
			end = path[len(path)-1]
		}
		if inCorner(end) {
			return 1
		}
		return 0
	}
	if inCorner(t.Start()) {
		return 1
	}
	for _, s := range path {
		if inCorner(s) {
			return 1
		}
	}
	return 0
}

// Overshoot: one tyre point more a square for an unloaded wing.
func (wing) Overshoot(c *fd.Car, factor int) int {
	if wingOf(c) == fd.WingUnloaded {
		return factor + 1
	}
	return factor
}

// straightFor reports that v spaces straight on from s stay outside the
// corners of g's circuit: s is not in one, nor the v spaces ahead in its
// lane.
func straightFor(g *fd.Game, s tracks.SpaceID, v int) bool {
	for i := 0; i <= v; i++ {
		sp := &g.Track.Spaces[s]
		if sp.Kind != tracks.KindTrack || sp.Corner >= 0 {
			return false
		}
		next, ok := g.Track.AheadSameLane(s)
		if !ok {
			return false
		}
		s = next
	}
	return true
}

// wingLadder is 5-B's wings, least downforce first.
var wingLadder = []string{fd.WingUnloaded, fd.WingNeutral, fd.WingLoaded}

// AskedAtSetUp: every player sets the wing once the tyres are fitted.
func (wing) AskedAtSetUp(int) (fd.DecisionKind, bool) { return fd.DecideWing, true }

// Ladder: low, neutral, high.
func (wing) Ladder() []string { return wingLadder }

// Downforce: the car's wing; every wing may change.
func (wing) Downforce(c *fd.Car) (string, bool) {
	return wingOf(c), true
}

// ChangeDownforce fits the wing (a "wing-change" event).
func (wing) ChangeDownforce(t fd.Turn, setting string, repairs int) {
	setWing(t.Car(), setting)
	t.Emit(fd.Encode(WingChangeEvent{Car: t.Car().Number, Setting: setting, Repairs: repairs}))
}

// DownforceFact: "a high wing fitted: one repair".
func (wing) DownforceFact(setting string, repairs int) phrase.Phrase {
	return phrase.New("fact.wing-change", phrase.Term("wing."+setting), repairs)
}

// CarStatus: the car's wing ("high wing").
func (w wing) CarStatus(_ *fd.Game, c *fd.Car) []phrase.Phrase {
	setting, _ := w.Downforce(c)
	return []phrase.Phrase{phrase.New("status.wing", phrase.Term("wing."+setting))}
}
