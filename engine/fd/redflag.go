package fd

import "github.com/pitwall/pitwall/tracks"

// What league variant 21-B's red flag looks at (league-variants.md ch. 21,
// league AMB-46): the road-holding markers the race has dropped on the
// circuit, and the walls among them, a wall being a row of the circuit
// (one level) where every lane holds a marker, so that no car can pass
// without crossing one. The flag falls when either count reaches its
// threshold (18 markers or 3 walls, alternatives by league AMB-46). The
// circuit's printed dangerous spaces are not markers, and markers in the
// pit lane or a box are off the circuit (the booklet speaks of the
// circuit): both are left out.
//
// This is the trigger only; the stoppage and its outcomes (restart from
// the grid, two-part aggregate, the race over) are race_stoppage.go's, the
// half points the league's.

// redFlagCounts counts the markers on the circuit's track spaces and the
// walls they make.
func (g *Game) redFlagCounts() (markers, walls int) {
	type row struct{ spaces, marked int }
	rows := map[int]*row{}
	for i := range g.Track.Spaces {
		s := &g.Track.Spaces[i]
		if s.Kind != tracks.KindTrack {
			continue
		}
		r := rows[s.Level]
		if r == nil {
			r = &row{}
			rows[s.Level] = r
		}
		r.spaces++
		if g.Debris[s.ID] {
			r.marked++
			markers++
		}
	}
	for _, r := range rows {
		if r.marked == r.spaces {
			walls++
		}
	}
	return markers, walls
}
