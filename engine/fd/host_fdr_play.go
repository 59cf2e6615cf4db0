package fd

import (
	"sort"

	"github.com/pitwall/pitwall/tracks"
)

// The base turn's questions to a rules module about the play and the race
// (issue 13, step (4)(b), the fdr-play round). The base asks them of the
// module value through these optional interfaces, as it asks
// WreckModule's and LookaheadModule's, and never names the module or its
// state: the competition rules answer them (fdr/play_hooks.go). A module
// without one leaves the base's own rule in force.
//
// The play's questions are asked of the play's own value (turn.rules) with
// no argument: an interface call's arguments escape, and a turn passed to
// one would move every play's turn to the heap.

// PlayStateModule is a play's own module value holding the play's state
// (fdr's consolidated play, R6.11): the base's gear, move and pit lane ask
// it what the state decides. HoldsPlay is false for a value holding no
// play (the game's), whose other answers are then all "no".
type PlayStateModule interface {
	HoldsPlay() bool
	PlayInertia() bool      // an inertia move: forced, no roll bonus (Turn.Forced)
	PlayPitLaneStart() bool // begun in the pit lane or the box
	PlayGearImposed() bool  // begun in 1st or neutral (PitLaneRule's entry)
	PlayPitClosed() bool    // the pit lane closed to the car this play
	PlaySlipstreams() int   // slipstreams taken (Turn.Slipstreams)
	PlayLastRunning() bool  // last of the running cars as the play began
	PlayCharge(cat Category, n int, cause string)
	PlayKeepDeclaredTests(tests []int, replaced bool)
	PlayAddEngineTests(limit, n int)
}

// playModule is the play's PlayStateModule, nil for a play run under none
// (the other rulesets: a nil value, so no call at all).
func playModule(t *turn) PlayStateModule {
	p, _ := t.rules.(PlayStateModule)
	return p
}

// inPlayModule is playModule when it holds the play's state, else nil.
func inPlayModule(t *turn) PlayStateModule {
	if p := playModule(t); p != nil && p.HoldsPlay() {
		return p
	}
	return nil
}

// TrackOrderModule orders two cars on the track, the front first, ties by
// the module's order (fdr AMB-23); without it the progress alone orders.
type TrackOrderModule interface {
	TrackBefore(g *Game, a, b *Car) bool
}

// CollisionLimitsModule gives the losing rolls of the collision tests a
// car ending on at would take, one per partner, as its own tests roll
// them (fdr T6, R14.4), for the risk a player is shown.
type CollisionLimitsModule interface {
	CollisionLimits(g *Game, c *Car, at tracks.SpaceID) []int
}

// SpareCarModule clears the module's own per-car state of a car a spare
// car brings back into the race (20-B): its reason of elimination, its
// restart, its inertia.
type SpareCarModule interface {
	SpareCarBack(c *Car)
}

// BuildModule gives the builds a spread of configuration points offers
// (fdr R5.2, T10's presets) fitted to it, built among them, those the
// spread allows (4-B's narrowed decisions).
type BuildModule interface {
	SpreadBuilds(sp Spread, built Wear) []Option
}

// AfterPenultimate reports the car on its last lap past (or overshot out
// of) the penultimate corner: fdr R16.7, R16.8 and AMB-25's zone, which
// 16-F's fuel risk reads too. The circuit's and the car's reading, the
// base's.
func (g *Game) AfterPenultimate(c *Car) bool {
	if !c.CrossedStart || c.Laps != g.Config.Laps-1 {
		return false
	}
	corners := append([]tracks.Corner(nil), g.Track.Corners...)
	if len(corners) < 2 {
		return true
	}
	sort.Slice(corners, func(i, j int) bool { return corners[i].FirstLevel < corners[j].FirstLevel })
	pen := corners[len(corners)-2]
	sp := g.Track.Spaces[c.Space]
	return sp.Corner != pen.Index && sp.Level > pen.LastLevel
}

// BaseCollisionLimits are the base rules' collision tests a car ending on
// at would take, one per car beside or ahead in its lane (R-COL-03, T-10):
// 1 dry, 1–2 wet (BaseCollisionLimit). A module's own tests ask it when
// its state does not hold (CollisionLimitsModule).
func (g *Game) BaseCollisionLimits(c *Car, at tracks.SpaceID) []int {
	if at == tracks.NoSpace || g.Track.Spaces[at].Kind != tracks.KindTrack {
		return nil
	}
	var limits []int
	limit := g.BaseCollisionLimit()
	near := g.Track.Beside(at)
	if a, ok := g.Track.AheadSameLane(at); ok {
		near = append(near, a)
	}
	for _, s := range near {
		if n := g.Occupied(s); n != 0 && n != c.Number && g.Track.Spaces[s].Kind == tracks.KindTrack {
			limits = append(limits, limit)
		}
	}
	return limits
}

// collisionTestLimits are the collision tests a car ending on at would
// take, as they roll: the module's (CollisionLimitsModule) or the base's.
func (g *Game) collisionTestLimits(c *Car, at tracks.SpaceID) []int {
	if m, ok := g.Rules().(CollisionLimitsModule); ok {
		return m.CollisionLimits(g, c, at)
	}
	return g.BaseCollisionLimits(c, at)
}

// Excess judges a long stop repairing repaired points, paid of them from
// the pit points (ExcessRoll/ExcessHeld, 19-D): held, the car stays one
// more turn for sure; roll, unless a quick-stop roll succeeds. The stop's
// rules, so the base's: the option's facts say it as the stop judges it.
func (r PitStopRules) Excess(repaired, paid int) (roll, held bool) {
	if r.ExcessPitOnly {
		repaired = paid
	}
	held = r.ExcessHeld > 0 && repaired >= r.ExcessHeld
	roll = !held && r.ExcessRoll > 0 && repaired >= r.ExcessRoll
	return roll, held
}

// Repairs counts what a long-stop option repairs (tyres and 19-C's
// refilled gas aside), and who pays: the free points first (19-E), then
// the pit points, then the engineer points (19-F).
func (r PitStopRules) Repairs(op Option) (repaired, paid, engineers int) {
	for cat, n := range op.Repair {
		if Category(cat) == Tyres || Category(cat) == Gearbox && r.Refuel {
			continue
		}
		repaired += n
	}
	repaired += op.DownforceUp // league 5-B, 5-C: a step toward more downforce is a repair
	owed := max(0, repaired-r.FreeRepairs)
	if r.PitRepairs {
		paid = min(owed, r.PitPoints)
	}
	return repaired, paid, owed - paid
}
