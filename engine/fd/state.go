package fd

import (
	"github.com/pitwall/pitwall/tracks"
)

// Status is where a car stands in the race.
type Status int

const (
	Racing Status = iota
	Finished
	Eliminated
)

func (s Status) String() string {
	switch s {
	case Racing:
		return "racing"
	case Finished:
		return "finished"
	case Eliminated:
		return "eliminated"
	}
	return "unknown"
}

// Car is one car's state (formula-d-2008.md §7.1).
type Car struct {
	Number int // 1-based; the car owns pit box Number unless it chose one (fdr R4.1)
	box    int // fdr R4.1: the 1-based pit box chosen, 0 for box Number
	Space  tracks.SpaceID
	Gear   int // 0 before the start
	Wear   Wear
	Status Status
	Cause  string // why it was eliminated

	Laps         int  // laps completed
	CrossedStart bool // AMB-34: the first crossing starts the race, it is not a lap
	Started      bool // has taken its first turn (start roll done)
	Stalled      bool // R-STA-01: bad start, starts in 1st next turn without a roll
	Spun         bool // R-OVS-07: next turn forced into 1st
	SpinTurn     bool // this turn is the turn after a spin
	SlowStop     bool // R-PIT-06: leaves its box next turn in 4th or lower
	Pitting      bool // in the pit lane on the way to its box
	PitStops     int
	Corner       int // corner zone it stands in, -1 outside
	Stops        int // stops made in Corner (R-COR-02)
	Place        int // finishing place, 0 while racing
	LastLevel    int // progress when eliminated, for the classification
	FinishedPlay int

	Tyre      Tyre // O-TYR
	TyreAge   int  // laps completed on the current set (O-TYR-01)
	Technical bool // O-PIT-02: restarts next turn in 4th at most

	// slots: the competition rules' and the league variants' own per-car
	// state (slot.go), each slot declared in its module's files (fdr's in
	// fdr/state.go, a variant's in its own: 5-B's wing and 5-C's lock
	// too, as indexes into their lists), and the rules modules' of
	// their own packages (street's driver, nitro, drop and radio:
	// engine/fd/street, NewSlot); a value, copied with the car
	slots carSlots
}

// OnBoard reports whether the car occupies a space: a racing car, or under
// the competition rules a wreck awaiting removal (FDR R12.6, R14.5, R16.4).
func (c *Car) OnBoard() bool {
	return (c.Status == Racing || c.eliminatedOnBoard()) && c.Space != tracks.NoSpace
}

// progress orders cars along the race: laps, then level. A car that has not
// crossed the start line yet is still on the lap before the first.
func progress(c *tracks.Circuit, car *Car) int {
	if car.Space == tracks.NoSpace {
		return car.LastLevel
	}
	lv := c.Spaces[car.Space].Level
	if !car.CrossedStart {
		return lv - c.Levels
	}
	return car.Laps*c.Levels + lv
}
