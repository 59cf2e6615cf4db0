package league

import (
	"cmp"
	"slices"
)

// Cell is one event in a standings row.
type Cell struct {
	// Place is the classified place (0: not classified or not raced; for
	// a team, its best car's place).
	Place int `json:"place,omitempty"`
	// Points scored at the event.
	Points Points `json:"points"`
	// Status: Finished, Eliminated, Excluded, or "" when the pilot or team
	// did not take part.
	Status string `json:"status,omitempty"`
}

// Row is one line of a ranking.
type Row struct {
	Position int    `json:"position"`
	Name     string `json:"name"`
	Points   Points `json:"points"`
	// Moved is the places gained (+) or lost (−) with the last event; 0
	// after the first.
	Moved int `json:"moved"`
	// Results has one cell per event of results, in calendar order.
	Results []Cell `json:"results"`
	// Number, Team and Seat are a drivers' row's pilot on the entry list:
	// car number (LF-03), team and seat in it (LF-02: 1 the first driver,
	// 2 the second); zero for a pilot not entered (a substitute) and in
	// every other ranking. Compute leaves them; the league's keeper fills
	// them in.
	Number int    `json:"number,omitempty"`
	Team   string `json:"team,omitempty"`
	Seat   int    `json:"seat,omitempty"`
}

// Standings are every ranking of a season so far.
type Standings struct {
	Drivers []Row `json:"drivers"` // LF-10
	Teams   []Row `json:"teams"`   // LF-11: each pilot's points to the team he drove for at that event
	// Qualifying (24-A): grid points from qualified grids, pilots and
	// teams.
	Qualifying      []Row `json:"qualifying"`
	QualifyingTeams []Row `json:"qualifying_teams"`
	// Media (24-B): game turns led, pilots and teams.
	Media      []Row `json:"media"`
	MediaTeams []Row `json:"media_teams"`
	// PasDeBol (24-D): one point per event to the unluckiest pilot.
	PasDeBol []Row `json:"pas_de_bol"`
}

// tally accumulates one ranking.
type tally struct {
	n    int // events
	rows map[string]*Row
	// places counts, per name, the places that scored (countback ties:
	// more 1st places, then more 2nd places…, LF-10, 24-A [DEC]).
	places map[string][]int
}

func newTally(n int) *tally {
	return &tally{n: n, rows: map[string]*Row{}, places: map[string][]int{}}
}

func (t *tally) row(name string) *Row {
	r := t.rows[name]
	if r == nil {
		r = &Row{Name: name, Results: make([]Cell, t.n)}
		t.rows[name] = r
	}
	return r
}

// add credits name at event ev.
func (t *tally) add(name string, ev int, points Points, place int, status string) {
	if name == "" {
		return
	}
	r := t.row(name)
	r.Points += points
	c := &r.Results[ev]
	c.Points += points
	// a team's cell shows its best-placed car
	if place > 0 && (c.Place == 0 || place < c.Place) {
		c.Place = place
		if status != "" {
			c.Status = status
		}
	} else if c.Status == "" {
		c.Status = status
	}
	if place > 0 && points > 0 {
		t.places[name] = append(t.places[name], place)
	}
}

// ranked sorts the rows: points, then the countback of places, then name.
func (t *tally) ranked() []Row {
	out := make([]Row, 0, len(t.rows))
	for _, r := range t.rows {
		out = append(out, *r)
	}
	counts := map[string][]int{}
	for name, ps := range t.places {
		c := make([]int, MaxScale+1)
		for _, p := range ps {
			if p <= MaxScale {
				c[p]++
			}
		}
		counts[name] = c
	}
	slices.SortFunc(out, func(a, b Row) int {
		if c := cmp.Compare(b.Points, a.Points); c != 0 {
			return c
		}
		ca, cb := counts[a.Name], counts[b.Name]
		for p := 1; p <= MaxScale; p++ {
			var x, y int
			if ca != nil {
				x = ca[p]
			}
			if cb != nil {
				y = cb[p]
			}
			if x != y {
				return cmp.Compare(y, x)
			}
		}
		return cmp.Compare(a.Name, b.Name)
	})
	for i := range out {
		out[i].Position = i + 1
	}
	return out
}

// Compute ranks a season from its results in calendar order, race points
// by scale (DefaultScale when empty). Each car's points go to its pilot
// and to the team it drove for at that event (LF-05, LF-11); an excluded
// car scores nothing (7-A). Moved compares with the standings before the
// last event.
func Compute(results []Result, scale Scale) Standings {
	st := compute(results, scale)
	if len(results) > 1 {
		prev := compute(results[:len(results)-1], scale)
		moved(st.Drivers, prev.Drivers)
		moved(st.Teams, prev.Teams)
		moved(st.Qualifying, prev.Qualifying)
		moved(st.QualifyingTeams, prev.QualifyingTeams)
		moved(st.Media, prev.Media)
		moved(st.MediaTeams, prev.MediaTeams)
		moved(st.PasDeBol, prev.PasDeBol)
	}
	return st
}

func moved(now, before []Row) {
	pos := map[string]int{}
	for _, r := range before {
		pos[r.Name] = r.Position
	}
	for i := range now {
		if p, ok := pos[now[i].Name]; ok {
			now[i].Moved = p - now[i].Position
		}
	}
}

func compute(results []Result, scale Scale) Standings {
	if len(scale) == 0 {
		scale = DefaultScale
	}
	n := len(results)
	drivers, teams := newTally(n), newTally(n)
	quali, qualiTeams := newTally(n), newTally(n)
	media, mediaTeams := newTally(n), newTally(n)
	pdb := newTally(n)
	for ev, res := range results {
		for _, c := range res.Cars {
			var pts Points
			if c.Status != Excluded && !c.Cancelled { // 7-A; 5-E
				pts = res.PlacePoints(c.Place, scale) // 21-B's half points
			}
			drivers.add(c.Pilot, ev, pts, c.Place, c.Status)
			teams.add(c.Team, ev, pts, c.Place, c.Status)
			if res.Qualified && c.Grid > 0 { // 24-A
				q := QualifyingScale.Points(c.Grid)
				quali.add(c.Pilot, ev, Points(q), c.Grid, c.Status)
				qualiTeams.add(c.Team, ev, Points(q), c.Grid, c.Status)
			}
			media.add(c.Pilot, ev, Points(c.TurnsLed), 0, c.Status) // 24-B, AMB-48: game turns
			mediaTeams.add(c.Team, ev, Points(c.TurnsLed), 0, c.Status)
			pdb.add(c.Pilot, ev, 0, 0, c.Status)
		}
		if res.PasDeBol != "" { // 24-D
			pdb.add(res.PasDeBol, ev, 1, 0, "")
		}
	}
	return Standings{
		Drivers: drivers.ranked(), Teams: teams.ranked(),
		Qualifying: quali.ranked(), QualifyingTeams: qualiTeams.ranked(),
		Media: media.ranked(), MediaTeams: mediaTeams.ranked(),
		PasDeBol: pdb.ranked(),
	}
}
