package variants

import (
	"fmt"
	"strconv"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/tracks"
)

// 21-B Red flag (league-variants.md ch. 21, league AMB-46): at the end of
// a round (R6.11, the StoppageRule hook) the race stops when the markers
// on the circuit reach 18 or the walls they make reach 3, either one
// (redFlagCounts). On the first lap the race restarts from the original
// grid, the retired cars back; on the last lap it is over, classified in
// the order the cars completed the lap before, for half points. A middle
// lap (after the first, before the last) is AMB-46's two-part race under
// middle=aggregate (the spec's default, l.1266): Part 1 frozen on the
// track order, a one-lap Part 2 from a grid in that order, the
// classification on the squares behind each part's leader added; under
// middle=end it ends the race as the last lap does, for whole points.

const (
	redFlagMarkers = 18
	redFlagWalls   = 3
)

func init() { fd.RegisterVariant("21-B", variant21B) }

func variant21B() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "21-B", Group: "c", Name: "Red flag", NameFR: "Drapeau rouge", Chapter: fd.ChapterFinish, Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{
			{Key: "markers", Default: strconv.Itoa(redFlagMarkers), Help: "the markers on the circuit that stop the race"},
			{Key: "walls", Default: strconv.Itoa(redFlagWalls), Help: "the walls (rows where every lane holds a marker) that stop the race"},
			{Key: "teams", Default: "", OmitEmpty: true, Help: "the teams of the lap-1 restart's one spare car a team: each car's team, car 1 first, separated by /, e.g. 1/1/2/2; pairs: cars 1 and 2 are team 1, 3 and 4 team 2 …; empty: no teams, every retired car gets a fresh car (a league passes its own)"},
			{Key: "middle", Default: "aggregate", Values: []string{"aggregate", "end"}, Help: "a stoppage after lap 1 and before the last lap: aggregate (the default, AMB-46: a one-lap second part from a grid in the track order, classified on the squares behind both parts' leaders added); end (the order at the end of the lap before, as on the last lap, whole points)"},
		},
		Help: "18 road-holding markers or 3 walls stop the race at the end of a round: a restart from the grid on lap 1, a one-lap second part on a middle lap, on the last lap the order at the end of the lap before for half points",
	}, func(p map[string]string) (any, error) {
		markers, err := redFlagThreshold(p, "markers", redFlagMarkers)
		if err != nil {
			return nil, err
		}
		walls, err := redFlagThreshold(p, "walls", redFlagWalls)
		if err != nil {
			return nil, err
		}
		r := redFlag{markers: markers, walls: walls, aggregate: p["middle"] != "end", pairs: p["teams"] == "pairs"}
		if !r.pairs {
			if r.teams, err = fd.ParseTeams(p["teams"]); err != nil {
				return nil, fmt.Errorf("variant 21-B: %w", err)
			}
		}
		return r, nil
	})
}

// redFlagThreshold reads a count parameter, its default when empty.
func redFlagThreshold(p map[string]string, key string, def int) (int, error) {
	s := p[key]
	if s == "" {
		return def, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("variant 21-B: %s=%s: a number of at least 1, please", key, s)
	}
	return n, nil
}

// redFlag is the 21-B module.
type redFlag struct {
	markers, walls int
	aggregate      bool  // middle=aggregate: a middle lap's flag starts a two-part race
	teams          []int // each car's team, car 1 first (teams=); nil: no teams
	pairs          bool  // teams=pairs: cars 1 and 2 are team 1, 3 and 4 team 2 …
}

// AggregatesMiddleLaps: a middle lap's stoppage is AMB-46's two-part race.
func (r redFlag) AggregatesMiddleLaps() bool { return r.aggregate }

// ComebackTeams: the teams of the lap-1 restart's one spare car a team
// (l.1265, league AMB-46), each car's team, car 1 first: teams=pairs'
// pairs for the race's cars, teams='s list, nil without teams.
func (r redFlag) ComebackTeams(cars int) []int {
	if !r.pairs {
		return r.teams
	}
	var teams []int
	for n := 1; n <= cars; n++ {
		teams = append(teams, fd.TeamOf(n))
	}
	return teams
}

// Stops: either count reaches its threshold (league AMB-46).
func (r redFlag) Stops(_ *tracks.Circuit, _, markers, walls int) bool {
	return markers >= r.markers || walls >= r.walls
}

// StoppageStatus: the markers and walls on the circuit toward 21-B's
// thresholds.
func (r redFlag) StoppageStatus(_ *tracks.Circuit, _, markers, walls int) []phrase.Phrase {
	return []phrase.Phrase{phrase.New("status.red-flag", markers, r.markers, walls, r.walls)}
}
