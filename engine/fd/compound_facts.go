package fd

import (
	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/tracks"
)

// A TyreCompound's warning that a move spends its set stays the base's
// though 8-B's file declared it: the options' facts (facts.go) ask it of
// any TyreCompound, through the base's compoundOf, and cannot call into
// a package of the variants.

// compoundSpentFact warns, on an option of a car on a TyreCompound's last
// set lap (8-B: the second), that the move leaves no pit stop before the
// line: it ends on the track past the pit entry, or across the line. At
// the line the set is spent (spendCompound) unless the race ends there.
func (g *Game) compoundSpentFact(out []phrase.Phrase, c *Car, op Option) []phrase.Phrase {
	x, ok := g.compoundOf(c.Tyre)
	if !ok || op.Stop || !c.CrossedStart || c.TyreAge+1 < x.SetLaps() || c.Laps+1 >= g.Config.Laps || c.Wear[Tyres] == 0 {
		return out
	}
	if g.pitSpace(op.End) || !g.Track.CrossesLine(c.Space, op.End) && !g.pastPitEntry(op.End) {
		return out
	}
	return append(out, phrase.New("fact.compound-spent-ahead", g.tyreTerm(c.Tyre), x.SetLaps()+1))
}

// pastPitEntry reports a track space at or past the pit entry's level,
// where a car may no longer enter the pit lane before the line.
func (g *Game) pastPitEntry(s tracks.SpaceID) bool {
	p := g.Track.Pit
	if s == tracks.NoSpace || !p.Usable || len(p.Entry) == 0 {
		return false
	}
	entry := g.Track.Spaces[p.Entry[0]].Level
	for _, e := range p.Entry[1:] {
		entry = min(entry, g.Track.Spaces[e].Level)
	}
	return g.Track.Spaces[s].Kind == tracks.KindTrack && g.Track.Spaces[s].Level >= entry
}
