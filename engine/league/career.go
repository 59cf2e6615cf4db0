package league

// A pilot persona's career (LF-01): a player races as a pilot with a name
// and a number from one season to the next, and the pilot's record adds
// up over its seasons. A season is one league's championship.

// SeasonRecord is what one pilot did in one season.
type SeasonRecord struct {
	League string `json:"league"` // the league's id
	Name   string `json:"name"`   // the league's name
	Team   string `json:"team,omitempty"`
	Number int    `json:"number,omitempty"`
	// Starts: the events the pilot raced (a black flag included).
	Starts  int    `json:"starts"`
	Wins    int    `json:"wins"`
	Podiums int    `json:"podiums"` // places 1 to 3
	Points  Points `json:"points"`  // drivers' championship points (LF-10)
	// Best is the best classified place, 0 when never classified.
	Best int `json:"best_finish,omitempty"`
	// DNFs: races not finished, eliminated (21-A classifies them, but
	// they did not see the flag); DSQ: black-flagged (7-A).
	DNFs int `json:"dnfs"`
	DSQ  int `json:"dsq,omitempty"`
	// Position in the drivers' championship (0: not ranked, no start).
	Position int `json:"position,omitempty"`
	// Over: every event of the season was raced; Champion: over, and the
	// pilot leads the drivers' championship.
	Over     bool `json:"over"`
	Champion bool `json:"champion,omitempty"`
}

// Career is a pilot's record over all its seasons.
type Career struct {
	Seasons int    `json:"seasons"` // seasons with at least one start
	Starts  int    `json:"starts"`
	Wins    int    `json:"wins"`
	Podiums int    `json:"podiums"`
	Points  Points `json:"points"`
	Best    int    `json:"best_finish,omitempty"`
	DNFs    int    `json:"dnfs"`
	DSQ     int    `json:"dsq,omitempty"`
	Titles  int    `json:"titles"` // drivers' championships won
}

// PilotSeason is pilot's record in a season of results scored on scale;
// over says the season is complete (its champion is known). Team, Number
// and the league's names are the caller's to fill in.
func PilotSeason(pilot string, results []Result, scale Scale, over bool) SeasonRecord {
	var r SeasonRecord
	for _, res := range results {
		for _, c := range res.Cars {
			if c.Pilot != pilot {
				continue
			}
			r.Starts++
			switch c.Status {
			case Eliminated:
				r.DNFs++
			case Excluded:
				r.DSQ++
			}
			if c.Place > 0 {
				if c.Place == 1 {
					r.Wins++
				}
				if c.Place <= 3 {
					r.Podiums++
				}
				if r.Best == 0 || c.Place < r.Best {
					r.Best = c.Place
				}
			}
		}
	}
	if r.Starts == 0 {
		return r
	}
	st := Compute(results, scale)
	for _, row := range st.Drivers {
		if row.Name == pilot {
			r.Points, r.Position = row.Points, row.Position
		}
	}
	r.Over = over
	r.Champion = over && r.Position == 1
	return r
}

// Add sums the seasons of a career.
func Add(seasons []SeasonRecord) Career {
	var c Career
	for _, s := range seasons {
		if s.Starts == 0 {
			continue
		}
		c.Seasons++
		c.Starts += s.Starts
		c.Wins += s.Wins
		c.Podiums += s.Podiums
		c.Points += s.Points
		c.DNFs += s.DNFs
		c.DSQ += s.DSQ
		if s.Best > 0 && (c.Best == 0 || s.Best < c.Best) {
			c.Best = s.Best
		}
		if s.Champion {
			c.Titles++
		}
	}
	return c
}
