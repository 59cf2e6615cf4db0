package street

import "github.com/pitwall/pitwall/engine/fd"

// The street decision kinds: the module asks them (rules.go), says their
// headers and their options' facts (describe.go), and engine/fd names none
// of them.

// DecideDriver is the street setup decision: each player picks a driver
// (U-DRV-01), all at once.
const DecideDriver fd.DecisionKind = "driver"

// DecideRepair is a street car's choice of how to spread the points it
// recovers, when more than one spread is legal: the police record's 2 PS
// (U-POL-01) or the checkpoint's 2 (Jenny 4) over the categories other
// than the tyres (U-CHK-01). Each option's Repair is one spread.
const DecideRepair fd.DecisionKind = "repair"

// DecideReroll is Julien's choice after the race-weather roll: keep it (A)
// or re-roll (B), the second result standing (U-DRV-02, EX-F-47).
const DecideReroll fd.DecisionKind = "weather-reroll"
