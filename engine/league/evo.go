package league

import (
	"fmt"
	"slices"

	"github.com/pitwall/pitwall/engine/dice"
)

// 16-D Pole Position evolution engine (league-variants.md ch. 16, LF-24,
// AMB-35): each team's engine-development ladder over the season. After
// every GP (GP1 included) a team with no évo waiting rolls a d20: 1–4
// develops one, and each failure widens the next roll by 4 (8, 12, 16,
// 20: sure on the fifth). An évo developed is deployed at the team's next
// GP, for both its cars (its bonus and, with the stage, its engine
// tests' limit; the race side is engine/fd/variants/16d.go).
//
// Two readings (AMB-35, the league's evo_model): the ladder (default),
// each évo the next stage for good, Évo1 1–8, Évo2 1–6, Évo3 1–4, no roll
// once Évo3 is reached; or per_gp_reliability, one évo whose engine tests
// fail on 1–8 its first GP, 1–6 its second, then 1–4, no roll once it is
// developed. Before any évo: 1–8 and no bonus.

// Evo models, as engine/fd names them (league imports no engine/fd).
const (
	EvoLadder     = "ladder"
	EvoPerGPUsage = "per_gp_reliability"
)

// EvoTeam is a team's engine development before an event.
type EvoTeam struct {
	Team string `json:"team"`
	// Level: the évo deployed, 0 before any (the ladder: up to 3; per
	// GP reliability: 0 or 1).
	Level int `json:"level"`
	// Pending: an évo developed, deployed at the team's next event.
	Pending bool `json:"pending"`
	// Streak: the development rolls failed in a row.
	Streak int `json:"streak"`
	// Raced: per GP reliability, the GPs raced on the évo.
	Raced int `json:"raced"`
}

// EvoRoll is one development roll after an event.
type EvoRoll struct {
	Team  string `json:"team"`
	Event int    `json:"event"` // the event it follows, from 0
	Roll  int    `json:"roll"`
	Need  int    `json:"need"` // it develops an évo on 1 to this
}

// Developed says the roll developed an évo.
func (r EvoRoll) Developed() bool { return r.Roll <= r.Need }

// evoTopLevel is the last stage each model develops.
func evoTopLevel(model string) int {
	if model == EvoPerGPUsage {
		return 1
	}
	return 3
}

// EngineLimit is the black die the team's engine tests fail at or under
// (the weather aside).
func (e EvoTeam) EngineLimit(model string) int {
	if e.Level == 0 {
		return 8
	}
	if model == EvoPerGPUsage {
		return [...]int{8, 6, 4}[min(e.Raced, 2)]
	}
	return [...]int{8, 8, 6, 4}[e.Level]
}

// Bonus says the team's cars take the évo's bonus squares.
func (e EvoTeam) Bonus() bool { return e.Level > 0 }

// EvoSeason plays the development of teams over the first raced events
// of the season and returns each team's engine as event raced begins (an
// évo developed after the event before deployed), with the rolls made.
// Each roll is the d20 of src at its own key (game, "evo:" and the team,
// the event), so the league rolls the same dice every time it asks.
func EvoSeason(model string, teams []string, raced int, src dice.Source, game string) (map[string]EvoTeam, []EvoRoll, error) {
	if model != EvoLadder && model != EvoPerGPUsage {
		return nil, nil, fmt.Errorf("16-D: evo_model %q is neither %s nor %s", model, EvoLadder, EvoPerGPUsage)
	}
	teams = slices.Clone(teams)
	slices.Sort(teams)
	teams = slices.Compact(teams)
	state := make(map[string]EvoTeam, len(teams))
	var rolls []EvoRoll
	for _, team := range teams {
		e := EvoTeam{Team: team}
		for event := range raced {
			e = e.deployed()
			if model == EvoPerGPUsage && e.Level == 1 {
				e.Raced++
			}
			if e.Pending || e.Level >= evoTopLevel(model) {
				continue // no roll while an évo waits (AMB-35), none past the top
			}
			got, err := src.Roll(dice.Key{Game: game, Purpose: "evo:" + team, Counter: event}, marketDie(20))
			if err != nil {
				return nil, nil, err
			}
			r := EvoRoll{Team: team, Event: event, Roll: got.Value, Need: 4 * (e.Streak + 1)}
			rolls = append(rolls, r)
			if r.Developed() {
				e.Pending, e.Streak = true, 0
			} else {
				e.Streak++
			}
		}
		state[team] = e.deployed()
	}
	return state, rolls, nil
}

// deployed is the team at the start of an event: an évo waiting is put
// on (AMB-35: the team decides before qualifying; a later stage is never
// worse, so the league deploys it at once).
func (e EvoTeam) deployed() EvoTeam {
	if e.Pending {
		e.Level++
		e.Pending, e.Raced = false, 0
	}
	return e
}
