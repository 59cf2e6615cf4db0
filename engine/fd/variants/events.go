package variants

import (
	"strconv"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/tracks"
)

// The event kinds only a league variant writes (issue 13: a kind's struct,
// its text codec and its phrase live with the rules that emit it, as
// street's do in engine/fd/street/events.go). Each struct is tagged as
// engine/fd's events_typed.go tags its own, so Encode and Decode write and
// read the same lines as when the structs were engine/fd's
// (docs/record.md), and each says itself (fd.PhrasedEvent) with the
// phrase engine/fd's EventPhrase said for it, word for word. The codec
// learns them through the variant's registry entry: kindsOf lists each
// variant's kinds and withKinds hands them to its constructor's
// fd.Variant (Variant.WithEvents), so no kind registers itself.
//
// The kinds a league variant writes that stay engine/fd's, and why
// (docs/engine.md, "What is left"): those a base file writes or reads too
// (PilotPointEvent, CarryOutEvent, ClockOutEvent, TimeOutEvent,
// ContestScoreEvent, TestRefusedEvent, and the kinds of the variants whose
// rules the base still writes: 20-A's injuries, 21-B's red flag, 10-A's
// runaway car, 20-B's spare cars …), and those fdr's files write
// (RefuelEvent, RunningOrderEvent, ContestEvent, PitHeldEvent,
// PitWaitEvent, MechanicsPointEvent, EngineerPointEvent).

// kindsOf lists, by variant id, the kinds only that variant writes.
var kindsOf = map[string][]fd.ModuleEvent{
	"1-C":  {{Event: GridFormulaEvent{}}},
	"1-D":  {{Event: GridBidEvent{}}},
	"4-A":  {{Event: PitTeamsEvent{}}},
	"4-B":  {{Event: PilotRerollEvent{}}},
	"5-A":  {{Event: BoostEvent{}}},
	"5-B":  {{Event: WingChangeEvent{}}},
	"5-C":  {{Event: LockChangeEvent{}}},
	"5-E2": {{Event: TelemetryEvent{}}},
	"6-A":  {{Event: TopEvent{}}},
	"6-B":  {{Event: SuperTopEvent{}}},
	"6-C":  {{Event: GearboxEvent{}}},
	"6-D":  {{Event: SeventhGearEvent{}}},
	"8-C":  {{Event: MonsoonGraceEvent{}}},
	"9-A":  {{Event: FormationEvent{}}, {Event: FormationStallEvent{}}, {Event: JumpStartEvent{}}, {Event: RaceShortenedEvent{}}},
	"10-A": {{Event: RailsEvent{}}},
	"16-B": {{Event: PedalEvent{}}},
	"16-C": {{Event: EvoBonusEvent{}}},
	"16-E": {{Event: SuperchargeEvent{}}, {Event: SuperchargeBonusEvent{}}},
	"17-D": {{Event: DebrisWornEvent{}}},
	"23-A": {{Event: GridPointEvent{}}},
}

// withKinds is newVariant's entry with the kinds only its variant writes
// (kindsOf), which the codec and EventPhrase learn from the registry.
func withKinds(newVariant func() fd.Variant) func() fd.Variant {
	return func() fd.Variant {
		v := newVariant()
		return v.WithEvents(kindsOf[v.ID]...)
	}
}

// GridFormulaEvent is 1-C's grid score.
type GridFormulaEvent struct {
	Car          int `ev:"car"`
	Last         int `ev:"last"`
	Championship int `ev:"championship"`
	Roll         int `ev:"roll"`
	Score        int `ev:"score"`
}

func (GridFormulaEvent) EventKind() string { return "grid-formula" }

// Phrase says the grid-formula (1-C).
func (x GridFormulaEvent) Phrase(_ *tracks.Circuit) phrase.Phrase {
	return phrase.New("ev.grid-formula", fd.CarPhrase(x.Car), strconv.Itoa(x.Last), strconv.Itoa(x.Championship), strconv.Itoa(x.Roll), strconv.Itoa(x.Score))
}

// GridBidEvent is 1-D's bid.
type GridBidEvent struct {
	Car          int `ev:"car"`
	Bid          int `ev:"bid"`
	Championship int `ev:"championship"`
}

func (GridBidEvent) EventKind() string { return "grid-bid" }

// Phrase: a bid is not news a player is told (the line's keys are, as
// EventPhrase said nothing of it before).
func (GridBidEvent) Phrase(*tracks.Circuit) phrase.Phrase { return phrase.Phrase{} }

// PitTeamsEvent is 4-A's order of the teams.
type PitTeamsEvent struct {
	Mode  string `ev:"mode"`
	Order []int  `ev:"order"`
}

func (PitTeamsEvent) EventKind() string { return "pit-teams" }

// Phrase says the pit-teams (4-A).
func (x PitTeamsEvent) Phrase(_ *tracks.Circuit) phrase.Phrase {
	teams := make([]phrase.Phrase, 0, len(x.Order))
	for _, t := range x.Order {
		teams = append(teams, phrase.New("ev.team", strconv.Itoa(t)))
	}
	how := phrase.Phrase{}
	if m := x.Mode; m >= "a" && m <= "d" && len(m) == 1 {
		how = phrase.New("pits." + m)
	}
	return phrase.New("ev.pit-teams", how, fd.ListPhrase(teams))
}

// PilotRerollEvent is 4-B(b)'s reroll.
type PilotRerollEvent struct {
	Car   int    `ev:"car"`
	For   string `ev:"for"`
	Value int    `ev:"value"`
}

func (PilotRerollEvent) EventKind() string { return "pilot-reroll" }

// Phrase says the pilot-reroll (4-B).
func (x PilotRerollEvent) Phrase(_ *tracks.Circuit) phrase.Phrase {
	return phrase.New("ev.pilot-reroll", fd.CarPhrase(x.Car), fd.RollPurposePhrase(x.For), strconv.Itoa(x.Value))
}

// BoostEvent is 5-A's booster.
type BoostEvent struct {
	Car int `ev:"car"`
	N   int `ev:"n"`
}

func (BoostEvent) EventKind() string { return "boost" }

// Phrase says the boost (5-A).
func (x BoostEvent) Phrase(_ *tracks.Circuit) phrase.Phrase {
	return phrase.New("ev.boost", fd.CarPhrase(x.Car), x.N)
}

// WingChangeEvent is 5-B's wing changed at a stop.
type WingChangeEvent struct {
	Car     int    `ev:"car"`
	Setting string `ev:"setting"`
	Repairs int    `ev:"repairs"`
}

func (WingChangeEvent) EventKind() string { return "wing-change" }

// Phrase says the wing-change (5-B).
func (x WingChangeEvent) Phrase(_ *tracks.Circuit) phrase.Phrase {
	return phrase.New("ev.wing-change", fd.CarPhrase(x.Car), fd.WingSettingTerm(x.Setting), x.Repairs)
}

// LockChangeEvent is 5-C's lock changed at a stop.
type LockChangeEvent struct {
	Car     int    `ev:"car"`
	Level   string `ev:"level"`
	Repairs int    `ev:"repairs"`
}

func (LockChangeEvent) EventKind() string { return "lock-change" }

// Phrase says the lock-change (5-C).
func (x LockChangeEvent) Phrase(_ *tracks.Circuit) phrase.Phrase {
	return phrase.New("ev.lock-change", fd.CarPhrase(x.Car), fd.LockLevelTerm(x.Level), x.Repairs)
}

// TelemetryEvent is 5-E2's telemetry point.
type TelemetryEvent struct {
	Car int `ev:"car"`
	Was int `ev:"was"`
}

func (TelemetryEvent) EventKind() string { return "telemetry" }

// Phrase says the telemetry (5-E2).
func (x TelemetryEvent) Phrase(_ *tracks.Circuit) phrase.Phrase {
	return phrase.New("ev.telemetry", fd.CarPhrase(x.Car), strconv.Itoa(x.Was))
}

// TopEvent is 6-A's Top.
type TopEvent struct {
	Car   int `ev:"car"`
	Delta int `ev:"delta"`
}

func (TopEvent) EventKind() string { return "top" }

// Phrase says the top (6-A).
func (x TopEvent) Phrase(_ *tracks.Circuit) phrase.Phrase {
	if x.Delta < 0 {
		return phrase.New("ev.top-less", fd.CarPhrase(x.Car))
	}
	return phrase.New("ev.top-more", fd.CarPhrase(x.Car))
}

// SuperTopEvent is 6-B's super top: a move, or a point saved in Kept.
type SuperTopEvent struct {
	Car  int    `ev:"car"`
	Use  string `ev:"use"`
	Kept string `ev:"kept,opt"`
}

func (SuperTopEvent) EventKind() string { return "super-top" }

// Phrase says the super-top (6-B).
func (x SuperTopEvent) Phrase(_ *tracks.Circuit) phrase.Phrase {
	if x.Use == "save" {
		return phrase.New("ev.super-top-save", fd.CarPhrase(x.Car), phrase.Term("cat."+x.Kept))
	}
	return phrase.New("ev.super-top-move", fd.CarPhrase(x.Car))
}

// GearboxEvent is 6-C's box reading the raw d20 as a move.
type GearboxEvent struct {
	Car   int    `ev:"car"`
	Box   string `ev:"box"`
	Gear  int    `ev:"gear"`
	Raw   int    `ev:"raw"`
	Value int    `ev:"value"`
}

func (GearboxEvent) EventKind() string { return "gearbox" }

// Phrase says the gearbox (6-C).
func (x GearboxEvent) Phrase(*tracks.Circuit) phrase.Phrase {
	return phrase.New("ev.gearbox", fd.CarPhrase(x.Car), strconv.Itoa(x.Raw), phrase.Ordinal(x.Gear), x.Box, phrase.New("opt.spaces", x.Value))
}

// SeventhGearEvent is 6-D's seventh gear.
type SeventhGearEvent struct {
	Car   int `ev:"car"`
	Fifth int `ev:"fifth"`
	Sixth int `ev:"sixth"`
	Value int `ev:"value"`
	Tests int `ev:"tests"`
}

func (SeventhGearEvent) EventKind() string { return "seventh-gear" }

// Phrase says the seventh-gear (6-D).
func (x SeventhGearEvent) Phrase(_ *tracks.Circuit) phrase.Phrase {
	return phrase.New("ev.seventh-gear", fd.CarPhrase(x.Car), x.Fifth, x.Sixth, phrase.New("opt.spaces", x.Value), x.Tests)
}

// MonsoonGraceEvent is 8-C's grace.
type MonsoonGraceEvent struct {
	Car int `ev:"car"`
}

func (MonsoonGraceEvent) EventKind() string { return "monsoon-grace" }

// Phrase says the monsoon-grace (8-C).
func (x MonsoonGraceEvent) Phrase(_ *tracks.Circuit) phrase.Phrase {
	return phrase.New("ev.monsoon-grace", fd.CarPhrase(x.Car))
}

// FormationEvent is 9-A's formation lap.
type FormationEvent struct {
	Start int `ev:"start"`
}

func (FormationEvent) EventKind() string { return "formation" }

// Phrase says the formation (9-A).
func (x FormationEvent) Phrase(_ *tracks.Circuit) phrase.Phrase {
	return phrase.New("ev.formation", strconv.Itoa(x.Start))
}

// FormationStallEvent is 9-A's stall on the formation lap.
type FormationStallEvent struct {
	Car int `ev:"car"`
}

func (FormationStallEvent) EventKind() string { return "formation-stall" }

// Phrase says the formation-stall (9-A).
func (x FormationStallEvent) Phrase(_ *tracks.Circuit) phrase.Phrase {
	return phrase.New("ev.formation-stall", fd.CarPhrase(x.Car))
}

// JumpStartEvent is 9-A's jump start.
type JumpStartEvent struct {
	Car   int `ev:"car"`
	Start int `ev:"start"`
}

func (JumpStartEvent) EventKind() string { return "jump-start" }

// Phrase says the jump-start (9-A).
func (x JumpStartEvent) Phrase(_ *tracks.Circuit) phrase.Phrase {
	return phrase.New("ev.jump-start", fd.CarPhrase(x.Car))
}

// RaceShortenedEvent is 9-A's race cut short.
type RaceShortenedEvent struct {
	Start int `ev:"start"`
	Laps  int `ev:"laps"`
}

func (RaceShortenedEvent) EventKind() string { return "race-shortened" }

// Phrase says the race-shortened (9-A).
func (x RaceShortenedEvent) Phrase(_ *tracks.Circuit) phrase.Phrase {
	return phrase.New("ev.race-shortened", strconv.Itoa(x.Start), strconv.Itoa(x.Laps))
}

// RailsEvent is 10-A's rails.
type RailsEvent struct {
	Car    int    `ev:"car"`
	Corner string `ev:"corner"`
	Roll   int    `ev:"roll"`
	Result string `ev:"result"`
	Space  string `ev:"space"`
}

func (RailsEvent) EventKind() string { return "rails" }

// Phrase says the rails (10-A).
func (x RailsEvent) Phrase(c *tracks.Circuit) phrase.Phrase {
	return phrase.New("ev.rails-"+x.Result, fd.CarPhrase(x.Car), x.Corner, x.Roll, fd.AtPlacePhrase(c, x.Space))
}

// PedalEvent is 16-B's pedal to the metal.
type PedalEvent struct {
	Car int `ev:"car"`
}

func (PedalEvent) EventKind() string { return "pedal" }

// Phrase says the pedal (16-B).
func (x PedalEvent) Phrase(_ *tracks.Circuit) phrase.Phrase {
	return phrase.New("ev.pedal", fd.CarPhrase(x.Car))
}

// EvoBonusEvent is 16-C's bonus.
type EvoBonusEvent struct {
	Car    int `ev:"car"`
	Spaces int `ev:"spaces"`
}

func (EvoBonusEvent) EventKind() string { return "evo-bonus" }

// Phrase says the evo-bonus (16-C).
func (x EvoBonusEvent) Phrase(_ *tracks.Circuit) phrase.Phrase {
	return phrase.New("ev.evo-bonus", fd.CarPhrase(x.Car), x.Spaces)
}

// SuperchargeEvent is 16-E's supercharge.
type SuperchargeEvent struct {
	Car int `ev:"car"`
}

func (SuperchargeEvent) EventKind() string { return "supercharge" }

// Phrase says the supercharge (16-E).
func (x SuperchargeEvent) Phrase(_ *tracks.Circuit) phrase.Phrase {
	return phrase.New("ev.supercharge", fd.CarPhrase(x.Car))
}

// SuperchargeBonusEvent is 16-E's bonus.
type SuperchargeBonusEvent struct {
	Car    int `ev:"car"`
	Spaces int `ev:"spaces"`
}

func (SuperchargeBonusEvent) EventKind() string { return "supercharge-bonus" }

// Phrase says the supercharge-bonus (16-E).
func (x SuperchargeBonusEvent) Phrase(_ *tracks.Circuit) phrase.Phrase {
	return phrase.New("ev.supercharge-bonus", fd.CarPhrase(x.Car), x.Spaces)
}

// DebrisWornEvent is 17-D's marker passed.
type DebrisWornEvent struct {
	Space    string `ev:"space"`
	Passages int    `ev:"passages"`
}

func (DebrisWornEvent) EventKind() string { return "debris-worn" }

// Phrase says the debris-worn (17-D).
func (x DebrisWornEvent) Phrase(c *tracks.Circuit) phrase.Phrase {
	return phrase.New("ev.debris-worn", strconv.Itoa(x.Passages), fd.SpacePlacePhrase(c, x.Space))
}

// GridPointEvent is 23-A's grid point.
type GridPointEvent struct {
	Car   int `ev:"car"`
	Place int `ev:"place"`
}

func (GridPointEvent) EventKind() string { return "grid-point" }

// Phrase says the grid-point (23-A).
func (x GridPointEvent) Phrase(_ *tracks.Circuit) phrase.Phrase {
	return phrase.New("ev.grid-point", fd.CarPhrase(x.Car), x.Place)
}
