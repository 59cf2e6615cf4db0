package fdr

import

// The competition rules' own event kinds (FD-Règles; issue 13, step (c)):
// the kinds only fdr's files write and nothing of the base or of a league
// variant writes or reads, kept with the module as street's are
// (engine/fd/street/events.go) so that they move with fdr into its own
// package. Each struct is tagged as events_typed.go's are, so Encode and
// Decode write and read the same lines as before (docs/record.md); the
// codec learns them from fdrRules.Events (event_modules.go), which the
// rulesets table's fdr row reaches through the registry. This file uses
// only engine/fd's exported API.
"github.com/pitwall/pitwall/engine/fd"

// EngineBlownEvent is the last engine point lost in 5th or 6th (R16.4).
type EngineBlownEvent struct {
	Car     int    `ev:"car"`
	Inertia string `ev:"inertia"` // single or extended
}

// InertiaEvent is the start of a car's inertia move (R16.4).
type InertiaEvent struct {
	Car int `ev:"car"`
}

// PenaltyEvent is qualifying's overshoot penalty rolls (R1.9).
type PenaltyEvent struct {
	Car   int `ev:"car"`
	Rolls int `ev:"rolls"`
}

// PitLongEvent is a long stop and the pit points it leaves (R19.17).
type PitLongEvent struct {
	Car int `ev:"car"`
	Pit int `ev:"pit"`
}

// RemovedEvent is a car leaving the board (T8).
type RemovedEvent struct {
	Car int `ev:"car"`
}

// TurnedEvent is a spun car facing forward in 1st (R10.10).
type TurnedEvent struct {
	Car  int `ev:"car"`
	Gear int `ev:"gear"`
}

// WallEvent is a body test on entering the wall lane (R15.2).
type WallEvent struct {
	Car   int    `ev:"car"`
	Space string `ev:"space"`
}

func (EngineBlownEvent) EventKind() string { return "engine-blown" }
func (InertiaEvent) EventKind() string     { return "inertia" }
func (PenaltyEvent) EventKind() string     { return "penalty" }
func (PitLongEvent) EventKind() string     { return "pit-long" }
func (RemovedEvent) EventKind() string     { return "removed" }
func (TurnedEvent) EventKind() string      { return "turned" }
func (WallEvent) EventKind() string        { return "wall" }

var _ fd.EventModule = (*fdrRules)(nil)

// Events lists the competition rules' kinds for engine/fd's codec and
// phrases (EventModule). Each says only that its car did it, as the
// catalog's "ev.did.KIND" says it, even from a line the codec refuses, as
// it did as a base kind.
func (*fdrRules) Events() []fd.ModuleEvent {
	return []fd.ModuleEvent{
		{Event: EngineBlownEvent{}, CarOnly: true}, {Event: InertiaEvent{}, CarOnly: true},
		{Event: PenaltyEvent{}, CarOnly: true}, {Event: PitLongEvent{}, CarOnly: true},
		{Event: RemovedEvent{}, CarOnly: true}, {Event: TurnedEvent{}, CarOnly: true},
		{Event: WallEvent{}, CarOnly: true},
	}
}
