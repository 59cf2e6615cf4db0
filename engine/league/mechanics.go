package league

// 19-G mechanics points (league-variants.md ch. 19): a team earns one for
// each quick stop its cars make; 5, 12 and 21 points widen its quick stops
// (the race's side, engine/fd/variants/19g.go); a new season opens with 1,
// 2 or 3 points for a team that closed the last with 5, 12 or 21.

// mechanicsSteps are the points that widen a team's quick stops.
var mechanicsSteps = [...]int{5, 12, 21}

// MechanicsHolder is whom a car's mechanics points go to: its team, or
// the pilot alone when he races without one (a one-car team).
func MechanicsHolder(c Car) string {
	if c.Team != "" {
		return c.Team
	}
	return c.Pilot
}

// Mechanics are the holders' mechanics points after results: the opening
// of the season plus one a quick stop made.
func Mechanics(opening map[string]int, results []Result) map[string]int {
	out := make(map[string]int, len(opening))
	for h, n := range opening {
		out[h] = n
	}
	for _, res := range results {
		for _, c := range res.Cars {
			if c.QuickStops > 0 {
				out[MechanicsHolder(c)] += c.QuickStops
			}
		}
	}
	return out
}

// MechanicsSteps counts the steps of 5, 12 and 21 points reached: the
// faces a team's quick stops gain above 10, and the points it opens the
// next season with (1 for 5–11, 2 for 12–20, 3 from 21).
func MechanicsSteps(points int) int {
	n := 0
	for _, step := range mechanicsSteps {
		if points >= step {
			n++
		}
	}
	return n
}
