package league

// A team's build (LF-25, 4-B(b) and 19-F): under 4-B(b) the team spreads
// 46 points over its two identical cars (20 to 23 each), its pilots (at
// most 3 each, the No. 1's and the No. 2's) and its engineers, the rest;
// under 19-F alone the team puts up to 6 points into its engineers. The
// league keeps it and gives each event's game its cars' shares.

// The bounds of a team's build.
const (
	TeamBudget   = 46 // 4-B(b): a team's points
	TeamCarMin   = 20 // 4-B(b): a car's points, at least
	TeamCarMax   = TeamBudget / 2
	PilotMax     = 3 // 4-B(b): a pilot's points, at most
	EngineersMax = 6 // 19-F: a team's engineer points, at most
)

// TeamBuild is what a team declared: its cars' points and its pilots'
// (4-B(b); Car 0 when the league plays 19-F alone) and its engineers'.
type TeamBuild struct {
	Car       int    `json:"car,omitempty"`
	Pilots    [2]int `json:"pilots,omitempty"` // the No. 1's, the No. 2's
	Engineers int    `json:"engineers"`
	// Tunes are 19-F's pre-race tune of the No. 1's car and the No. 2's,
	// each the characteristics it improves by one point, one engineer
	// point each; nil: none.
	Tunes [][]string `json:"tunes,omitempty"`
}

// TuneCost is the engineer points seat's tune takes (1, 2; 0: none).
func (b TeamBuild) TuneCost(seat int) int {
	if seat >= 1 && seat <= len(b.Tunes) {
		return len(b.Tunes[seat-1])
	}
	return 0
}

// BudgetBuild is the 4-B(b) build of cars on car points and pilots on p1
// and p2 (the No. 1's, the No. 2's), the rest of 46 its engineers'; ok is
// false when a bound is broken or the points exceed 46.
func BudgetBuild(car, p1, p2 int) (b TeamBuild, ok bool) {
	b = TeamBuild{Car: car, Pilots: [2]int{p1, p2}, Engineers: TeamBudget - 2*car - p1 - p2}
	ok = car >= TeamCarMin && car <= TeamCarMax && p1 >= 0 && p1 <= PilotMax && p2 >= 0 && p2 <= PilotMax &&
		b.Engineers >= 0 && b.Engineers <= EngineersMax
	return b, ok
}

// EngineerShares splits the team's engineer points between its cars in
// an event, in their order, given each car's seat: each takes what its
// tune costs, then the first the larger half of the rest; a car racing
// without its teammate takes them all (the pool is the team's).
func (b TeamBuild) EngineerShares(seats ...int) []int {
	switch len(seats) {
	case 0:
		return nil
	case 1:
		return []int{b.Engineers}
	}
	first, second := b.TuneCost(seats[0]), b.TuneCost(seats[1])
	rest := max(b.Engineers-first-second, 0)
	return []int{first + (rest+1)/2, second + rest/2}
}
