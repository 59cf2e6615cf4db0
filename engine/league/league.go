package league

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Scale gives the points of each place, first place first; places past
// its end score nothing.
type Scale []int

// DefaultScale is the race points scale a league gets when it names none:
// 10-6-4-3-2-1 (AMB-59, the F1 scale of 1991–2002, the same as 24-A's).
var DefaultScale = Scale{10, 6, 4, 3, 2, 1}

// QualifyingScale is 24-A's: 10 for pole, 6, 4, 3, 2, 1 for 2nd to 6th.
var QualifyingScale = Scale{10, 6, 4, 3, 2, 1}

// MaxScale bounds how many places a scale may pay.
const MaxScale = 40

// Points returns the points of place (from 1); 0 outside the scale.
func (s Scale) Points(place int) int {
	if place < 1 || place > len(s) {
		return 0
	}
	return s[place-1]
}

// String writes the scale as ParseScale reads it: "10,6,4,3,2,1".
func (s Scale) String() string {
	parts := make([]string, len(s))
	for i, p := range s {
		parts[i] = strconv.Itoa(p)
	}
	return strings.Join(parts, ",")
}

// ErrScale is the error of a scale that cannot be read.
var ErrScale = errors.New("invalid points scale")

// ParseScale reads a points scale: whole numbers from 0 to 1000 separated
// by commas, dashes or spaces ("10,6,4,3,2,1", "25-18-15"), never rising
// from one place to the next, at least one above 0, at most MaxScale.
func ParseScale(s string) (Scale, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == '-' || r == ' ' || r == '/' })
	if len(fields) == 0 {
		return nil, fmt.Errorf("%w: no points given", ErrScale)
	}
	if len(fields) > MaxScale {
		return nil, fmt.Errorf("%w: %d places, at most %d", ErrScale, len(fields), MaxScale)
	}
	out := make(Scale, len(fields))
	for i, f := range fields {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 || n > 1000 {
			return nil, fmt.Errorf("%w: %q is not a number of points from 0 to 1000", ErrScale, f)
		}
		if i > 0 && n > out[i-1] {
			return nil, fmt.Errorf("%w: place %d scores more than place %d", ErrScale, i+1, i)
		}
		out[i] = n
	}
	if out[0] == 0 {
		return nil, fmt.Errorf("%w: nobody scores", ErrScale)
	}
	return out, nil
}

// Status of a car at the end of a race.
const (
	Finished   = "finished"
	Eliminated = "eliminated"
	// Excluded: black-flagged (7-A) or disqualified; not classified.
	Excluded = "excluded"
)

// Car is what one car did in a race: the input of Classify and the line
// of a stored result (§3.6: every statistic from race 1).
type Car struct {
	Car    int    `json:"car"`
	Pilot  string `json:"pilot"`          // the pilot who drove it (a substitute's own pilot, LF-05)
	Team   string `json:"team,omitempty"` // the team it drove for at this event (LF-11)
	Status string `json:"status"`         // Finished, Eliminated or Excluded
	// Finish is the order in which a finisher crossed the line (1 first).
	Finish int `json:"finish,omitempty"`
	// Distance is how far it went: spaces along the racing line, laps
	// included (21-A).
	Distance int `json:"distance"`
	// Out is the game turn it was eliminated in; PlayOrder its place in the
	// base play order then (21-A ties, AMB-45).
	Out       int    `json:"out,omitempty"`
	PlayOrder int    `json:"play_order,omitempty"`
	Cause     string `json:"cause,omitempty"`
	Grid      int    `json:"grid,omitempty"` // starting place, 0 unknown
	Laps      int    `json:"laps"`
	PitStops  int    `json:"pit_stops,omitempty"`
	// TurnsLed and LapsLed: game turns and laps it led (24-B, AMB-48).
	TurnsLed int `json:"turns_led,omitempty"`
	LapsLed  int `json:"laps_led,omitempty"`
	// Luck is the car's luck index (24-D, LuckIndex), the Pas de Bol's
	// tie-break.
	Luck float64 `json:"luck,omitempty"`
	// PointsSpent: the pilot points (23-A) its pilot spent in the race.
	PointsSpent int `json:"points_spent,omitempty"`
	// TokensSpent: the season boost tokens (23-A(c)) its pilot spent in
	// the race, debited from the season ledger.
	TokensSpent int `json:"tokens_spent,omitempty"`
	// Cancelled: its points are taken off its pilot and team at the end
	// of the season, the pilot having overspent his build pot (5-E).
	Cancelled bool `json:"cancelled,omitempty"`
	// Disqualified: excluded for a configuration violation the organiser
	// entered (5-D, Disqualify), not black-flagged.
	Disqualified bool `json:"disqualified,omitempty"`
	// QuickStops: the quick stops it made, each a mechanics point for its
	// team (19-G).
	QuickStops int `json:"quick_stops,omitempty"`
	// Place is its classified place (from 1), 0 when not classified;
	// Classify sets it.
	Place int `json:"place,omitempty"`
	// NotStarted: kept off the grid before the start (20-A's QUALI: its
	// pilot hurt in qualifying), neither a start nor a retirement (24-C).
	NotStarted bool `json:"not_started,omitempty"`
	// QualiSessions: the qualifying sessions it drove a lap in, and
	// QualiPenalty the penalty rolls its overshoots cost there (FDR R1.9),
	// read from the record's qualified events (24-C).
	QualiSessions int `json:"quali_sessions,omitempty"`
	QualiPenalty  int `json:"quali_penalty,omitempty"`
}

// Classify orders a race by 21-A: finishers in crossing order, then the
// cars eliminated by distance covered, farthest first, ties going to the
// later elimination and then to the base play order (AMB-45). Excluded
// cars (black flag, DSQ) are not classified: they come last with place 0.
// It returns a new slice with Place set.
func Classify(cars []Car) []Car {
	out := slices.Clone(cars)
	rank := func(c Car) int {
		switch c.Status {
		case Finished:
			return 0
		case Excluded:
			return 2
		}
		return 1
	}
	slices.SortStableFunc(out, func(a, b Car) int {
		if c := cmp.Compare(rank(a), rank(b)); c != 0 {
			return c
		}
		switch rank(a) {
		case 0:
			return cmp.Compare(a.Finish, b.Finish)
		case 1:
			if c := cmp.Compare(b.Distance, a.Distance); c != 0 {
				return c
			}
			if c := cmp.Compare(b.Out, a.Out); c != 0 {
				return c
			}
			return cmp.Compare(a.PlayOrder, b.PlayOrder)
		}
		return cmp.Compare(a.Car, b.Car)
	})
	for i := range out {
		out[i].Place = 0
		if out[i].Status != Excluded {
			out[i].Place = i + 1
		}
	}
	return out
}

// Result is one event of the season as the standings need it.
type Result struct {
	// Cars, classified (Place set), excluded cars included with place 0.
	Cars []Car `json:"cars"`
	// Qualified: the grid came from a qualifying session (24-A counts only
	// those; a grid by formula or by lot scores no qualifying points).
	Qualified bool `json:"qualified,omitempty"`
	// PasDeBol is the pilot who won the event's Pas de Bol point (24-D),
	// "" when none was awarded yet.
	PasDeBol string `json:"pas_de_bol,omitempty"`
	// HalfPoints: a red flag stopped the race on its last lap (21-B,
	// league AMB-46, LF-10): classified on the lap before, it pays half
	// its championship points.
	HalfPoints bool `json:"half_points,omitempty"`
}

// Points is a number of championship points: whole, or ending in a half
// after a race that paid half points (21-B). It writes itself "10", "1.5".
type Points float64

func (p Points) String() string { return strconv.FormatFloat(float64(p), 'f', -1, 64) }

// PlacePoints is what place scores at this event on scale: the scale's
// points, halved and rounded down to 0.5 when the race paid half points
// (21-B, league AMB-46). Whether the car scores at all (7-A, 5-E) is the
// caller's.
func (r Result) PlacePoints(place int, scale Scale) Points {
	p := scale.Points(place)
	if r.HalfPoints {
		return Points(p) / 2 // a whole number halved: already a multiple of 0.5
	}
	return Points(p)
}
