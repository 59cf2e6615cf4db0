package rscircuit

import "fmt"

// Zone is a square's overtaking difficulty (R-OVT-01).
type Zone int

// The zones. A braking zone lets a car pass even 1 km/h slower.
const (
	Z1    Zone = 1
	Z3    Zone = 3
	Z5    Zone = 5
	Z7    Zone = 7
	Brake Zone = -1
)

// Threshold is the speed difference the zone asks of an overtaker before
// any gap is added (R-OVT-01): 7, 5, 3, 1, or −1 in a braking zone.
func (z Zone) Threshold() int { return int(z) }

// String is the zone as the format writes it: 1, 3, 5, 7 or B.
func (z Zone) String() string {
	switch z {
	case Brake:
		return "B"
	case Z1, Z3, Z5, Z7:
		return fmt.Sprint(int(z))
	}
	return fmt.Sprintf("zone(%d)", int(z))
}

// Kind is a circuit's type in Ann. C (used by the car-advantage option).
type Kind string

// The circuit types.
const (
	Fast   Kind = "fast"
	Medium Kind = "medium"
	Slow   Kind = "slow"
)

// Grid is the grid board's width (Ann. C, AMB-37).
type Grid string

// The grid widths.
const (
	GridStandard Grid = "standard"
	Grid5Lanes   Grid = "5-lanes"
	Grid3Lanes   Grid = "3-lanes"
)

// Circuit is one Racing Simulator circuit (racing-simulator.md §2.5).
// Squares run in the racing direction; square i+1 is ahead of square i and
// square 0 follows square Len()-1.
type Circuit struct {
	ID, Name        string
	Kind            Kind
	Squares         []Zone
	Start           int  // the square just behind the start line (StartSquare)
	PitEntry        int  // last square from which a car can still enter the pits (R-SC-03)
	PitExit         int  // square where the pit lane rejoins
	PitStop         int  // "Durée d'un arrêt", squares (2014, halved)
	DriveThrough    int  // PitStop − 3 (Ann. C)
	Grid            Grid // grid board width
	WeatherModifier int  // added to the race-weather D100 (R-PRE-04)
}

// Len is the lap length in squares.
func (c *Circuit) Len() int { return len(c.Squares) }

// ZoneAt returns the zone of square s, any integer (it wraps around the
// loop, negative squares included).
func (c *Circuit) ZoneAt(s int) Zone {
	n := len(c.Squares)
	return c.Squares[((s%n)+n)%n]
}
