package league

import (
	"cmp"
	"slices"
)

// 24-C Side trophies (league-variants.md ch. 24, AMB-51): the end-of-season
// awards read from the recorded results that need no clock. The two time
// trophies need a live qualifying session (§6(c)), which an asynchronous
// league has not: they are left out (live_quali=no).

// Trophies are 24-C's rankings.
type Trophies struct {
	// Complete: championship points + qualifying points (24-A), pilots
	// and the teams they raced for (AMB-51).
	Complete      []Row `json:"complete"`
	CompleteTeams []Row `json:"complete_teams"`
	// Climb: places gained in races, Σ (grid − place), best climb first,
	// the worst fall last; races without a grid place or a classified
	// place count nothing.
	Climb []Row `json:"climb"`
	// Retirements: the fewest retirements (eliminated) per GP started,
	// pilots who started at least half the races; a car kept off the grid
	// (Car.NotStarted) is neither a start nor a retirement.
	Retirements []RetirementRow `json:"retirements"`
	// QualifyingPenalties: the fewest penalty rolls a qualifying session
	// (overshoots, FDR R1.9), pilots who drove at least half the season's
	// sessions.
	QualifyingPenalties []SessionRow `json:"qualifying_penalties,omitempty"`
	// PlacementErrors: the fewest placement-error rolls a qualifying
	// session (FDR R1.12: +10 rolls an error), entered by the organiser
	// (RankPlacementErrors), with the sessions and eligibility of
	// QualifyingPenalties.
	PlacementErrors []SessionRow `json:"placement_errors,omitempty"`
	// Fines: each pilot's total of the fines the organiser entered
	// (LF-32), the lowest first (RankFines).
	Fines []Row `json:"fines,omitempty"`
}

// Fine is one financial penalty the organiser entered against a pilot
// (24-C, LF-32: the league sets the amounts, the source defines none).
type Fine struct {
	Pilot  string `json:"pilot"`
	Amount int    `json:"amount"`
	Reason string `json:"reason,omitempty"`
}

// MaxFine bounds one fine's amount, in the league's own unit.
const MaxFine = 1_000_000

// RankFines ranks the fines' totals by pilot, the lowest first [DEC: the
// trophy goes to the cleanest, as with the other regularity trophies of
// 24-C], every pilot of the complete ranking (who raced) included at 0.
// A ledger with no fine ranks nothing.
func (tr *Trophies) RankFines(fines []Fine) {
	if len(fines) == 0 {
		return
	}
	total := map[string]int{}
	for _, r := range tr.Complete {
		total[r.Name] += 0
	}
	for _, f := range fines {
		total[f.Pilot] += f.Amount
	}
	tr.Fines = tr.Fines[:0]
	for name, n := range total {
		tr.Fines = append(tr.Fines, Row{Name: name, Points: Points(n)})
	}
	slices.SortFunc(tr.Fines, func(a, b Row) int { return cmp.Or(cmp.Compare(a.Points, b.Points), cmp.Compare(a.Name, b.Name)) })
	for i := range tr.Fines {
		tr.Fines[i].Position = i + 1
	}
}

// PlacementError is the organiser's entry of the placement errors a pilot
// made in a round's qualifying (24-C, AMB-51: "in a bot, placement errors
// cannot happen except by admin entry"). FDR R1.12 scores them after the
// lap, not announced during it: the entry comes after the round.
type PlacementError struct {
	Pilot string `json:"pilot"`
	Round int    `json:"round"` // from 1
	Count int    `json:"count"`
}

// PlacementErrorRolls is what one placement error costs (FDR R1.12).
const PlacementErrorRolls = 10

// MaxPlacementErrors bounds one entry's count: more errors than a lap has
// moves is a typing slip.
const MaxPlacementErrors = 50

// RankPlacementErrors ranks the placement errors' rolls (FDR R1.12) per
// qualifying session driven, the lowest first, among the pilots who drove
// at least half the season's sessions, as the penalties ranking does;
// every eligible pilot never in the ledger at 0. A ledger with no entry
// ranks nothing [DEC: the ranking is "mostly empty", AMB-51].
func (tr *Trophies) RankPlacementErrors(results []Result, errs []PlacementError) {
	if len(errs) == 0 {
		return
	}
	rolls := map[string]int{}
	for _, e := range errs {
		rolls[e.Pilot] += e.Count * PlacementErrorRolls
	}
	sessions, season := qualifyingSessions(results)
	tr.PlacementErrors = rankPerSession(rolls, sessions, season)
}

// qualifyingSessions counts each pilot's qualifying sessions driven and
// the season's (each race's most: a race with two sessions counts two).
func qualifyingSessions(results []Result) (sessions map[string]int, season int) {
	sessions = map[string]int{}
	for _, res := range results {
		most := 0
		for _, c := range res.Cars {
			if c.Pilot != "" && c.QualiSessions > 0 {
				sessions[c.Pilot] += c.QualiSessions
				most = max(most, c.QualiSessions)
			}
		}
		season += most
	}
	return sessions, season
}

// rankPerSession ranks rolls per session driven, the lowest average
// first, among the pilots who drove at least half the season's sessions
// (ceil).
func rankPerSession(rolls, sessions map[string]int, season int) []SessionRow {
	var out []SessionRow
	for name, n := range sessions {
		if 2*n >= season {
			out = append(out, SessionRow{Name: name, Rolls: rolls[name], Sessions: n})
		}
	}
	slices.SortFunc(out, func(a, b SessionRow) int {
		return byRate(a.Rolls, a.Sessions, a.Name, b.Rolls, b.Sessions, b.Name)
	})
	for i := range out {
		out[i].Position = i + 1
	}
	return out
}

// SessionRow is one line of a per-session average ranking of qualifying:
// Rolls over Sessions.
type SessionRow struct {
	Position int    `json:"position"`
	Name     string `json:"name"`
	Rolls    int    `json:"rolls"`
	Sessions int    `json:"sessions"`
}

// RetirementRow is one line of the fewest-retirements ranking.
type RetirementRow struct {
	Position int    `json:"position"`
	Name     string `json:"name"`
	Retired  int    `json:"retired"`
	Starts   int    `json:"starts"`
}

// ComputeTrophies computes 24-C's rankings over a season's results.
func ComputeTrophies(results []Result, scale Scale) Trophies {
	st := compute(results, scale)
	var tr Trophies
	tr.Complete = sumRows(st.Drivers, st.Qualifying)
	tr.CompleteTeams = sumRows(st.Teams, st.QualifyingTeams)

	climb := map[string]int{}
	retired, starts := map[string]int{}, map[string]int{}
	penalty := map[string]int{}
	for _, res := range results {
		for _, c := range res.Cars {
			if c.Pilot != "" && c.QualiSessions > 0 {
				penalty[c.Pilot] += c.QualiPenalty
			}
		}
		for _, c := range res.Cars {
			if c.Pilot == "" || c.NotStarted {
				continue // 24-C counts only the cars that started
			}
			starts[c.Pilot]++
			if c.Status == Eliminated {
				retired[c.Pilot]++
			}
			climb[c.Pilot] += 0 // every starter is ranked
			if c.Grid > 0 && c.Place > 0 {
				climb[c.Pilot] += c.Grid - c.Place
			}
		}
	}
	for name, n := range climb {
		tr.Climb = append(tr.Climb, Row{Name: name, Points: Points(n)})
	}
	rank(tr.Climb)

	for name, n := range starts {
		if 2*n >= len(results) { // at least half the races
			tr.Retirements = append(tr.Retirements, RetirementRow{Name: name, Retired: retired[name], Starts: n})
		}
	}
	slices.SortFunc(tr.Retirements, func(a, b RetirementRow) int {
		return byRate(a.Retired, a.Starts, a.Name, b.Retired, b.Starts, b.Name)
	})
	for i := range tr.Retirements {
		tr.Retirements[i].Position = i + 1
	}

	sessions, season := qualifyingSessions(results)
	tr.QualifyingPenalties = rankPerSession(penalty, sessions, season)
	return tr
}

// byRate orders two averages a/aOf and b/bOf, the lowest first, without
// rounding; ties go to the larger base, then to the name.
func byRate(a, aOf int, aName string, b, bOf int, bName string) int {
	if c := cmp.Compare(a*bOf, b*aOf); c != 0 {
		return c
	}
	if c := cmp.Compare(bOf, aOf); c != 0 {
		return c
	}
	return cmp.Compare(aName, bName)
}

// sumRows adds two rankings' points by name and ranks the sums.
func sumRows(a, b []Row) []Row {
	sum := map[string]Points{}
	for _, r := range a {
		sum[r.Name] += r.Points
	}
	for _, r := range b {
		sum[r.Name] += r.Points
	}
	out := make([]Row, 0, len(sum))
	for name, n := range sum {
		out = append(out, Row{Name: name, Points: n})
	}
	rank(out)
	return out
}

// rank orders rows by points, highest first, then by name, and numbers
// them.
func rank(rows []Row) {
	slices.SortFunc(rows, func(a, b Row) int {
		if c := cmp.Compare(b.Points, a.Points); c != 0 {
			return c
		}
		return cmp.Compare(a.Name, b.Name)
	})
	for i := range rows {
		rows[i].Position = i + 1
	}
}
