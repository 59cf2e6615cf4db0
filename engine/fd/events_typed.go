package fd

// One struct per kind of event Formula Dé writes (issue 13): its fields,
// in order, are the line's key=value pairs (docs/record.md), written and
// read by the one codec of event_codec.go. A field tagged `ev:"key"` is
// always written; `ev:"key,opt"` only when it is not its zero value (a
// *int is the optional number whose 0 is written too). Numbers are int,
// cars are car numbers (int), lists of cars []int (written 1,4,3), yes/no
// bool; spaces, paths, corners and causes stay the text the record keeps.
//
// To add a kind: write its struct here with its EventKind, add it to
// eventKinds (the end of this file), and emit it as a value
// (g.emit(Encode(…)), or its hand encoder in events_fast.go on the hot
// path); TestEveryEmissionIsTyped and TestTypedEventsRoundTrip* check both
// ways. A rules module in a package of its own keeps its kinds there and
// lists them in its Events (event_modules.go; street's are
// engine/fd/street/events.go), and a league variant's own kinds are its
// entry's (Variant.WithEvents: engine/fd/variants/events.go).

// ClassificationEvent is an official's change to the classification after
// the finish (FDR R1.14); it replays like an order.
type ClassificationEvent struct {
	Car    int    `ev:"car"`
	Place  int    `ev:"place"`
	Reason string `ev:"reason"`
}

// ConfigurationEvent is a car's configuration and, under fdr, the pit
// points it leaves (R5.2, O-BLD-01).
type ConfigurationEvent struct {
	Car  int    `ev:"car"`
	Wear string `ev:"wear"` // T/B/G/C/E/H
	Pit  *int   `ev:"pit,opt"`
}

// ContactEvent is a collision check (R-COL); aggravated under fdr (R14.4).
type ContactEvent struct {
	Car        int  `ev:"car"`
	With       int  `ev:"with"`
	Aggravated bool `ev:"aggravated,opt"`
}

// DebrisEvent is a debris marker (R-DEB-01); Kind is 17-B's debris or oil.
type DebrisEvent struct {
	Space string `ev:"space"`
	Kind  string `ev:"kind,opt"`
}

// EliminatedEvent is a car out of the race; Reason is T8's row under fdr.
type EliminatedEvent struct {
	Car    int    `ev:"car"`
	Cause  string `ev:"cause"`
	Reason string `ev:"reason,opt"`
}

// EngineTestEvent is the 20/30 engine tests (R-ENG).
type EngineTestEvent struct {
	Car int `ev:"car"`
}

// ExcludedEvent is league variant 7-A's black flag.
type ExcludedEvent struct {
	Car    int    `ev:"car"`
	Reason string `ev:"reason"`
}

// FinishEvent is a car crossing the line for the last time.
type FinishEvent struct {
	Car   int `ev:"car"`
	Place int `ev:"place"`
}

// GearEvent is the gear engaged.
type GearEvent struct {
	Car  int `ev:"car"`
	From int `ev:"from"`
	To   int `ev:"to"`
}

// GridEvent is the starting grid, pole first (R-SET-02); Spaces names its
// squares where a module places them (AX-5).
type GridEvent struct {
	Order  []int  `ev:"order"`
	Spaces string `ev:"spaces,opt"`
}

// LapEvent is a car crossing the line.
type LapEvent struct {
	Car  int `ev:"car"`
	Laps int `ev:"laps"`
}

// MoveEvent is a move: the spaces entered, braked by choice and lost to a
// block; Slide (R8.13) and Bonus (R8.5, 8-B) under fdr.
type MoveEvent struct {
	Car     int    `ev:"car"`
	Path    string `ev:"path"` // space names, comma-separated; "" or "-" for none
	Braked  int    `ev:"braked"`
	Blocked int    `ev:"blocked"`
	Slide   int    `ev:"slide,opt"`
	Bonus   int    `ev:"bonus,opt"`
}

// SlipstreamEvent is a slipstream move, written like a move.
type SlipstreamEvent struct {
	Car     int    `ev:"car"`
	Path    string `ev:"path"`
	Braked  int    `ev:"braked"`
	Blocked int    `ev:"blocked"`
	Slide   int    `ev:"slide,opt"`
	Bonus   int    `ev:"bonus,opt"`
}

// OrderEvent is a player's (or the autopilot's) answer: a gear, an
// option's letter, or a build (R5.2) with 5-A's boosters.
type OrderEvent struct {
	Car      int    `ev:"car"`
	Gear     int    `ev:"gear,opt"`
	Choose   string `ev:"choose,opt"`
	Build    string `ev:"build,opt"`
	Boosters string `ev:"boosters,opt"`
}

// OverEvent is the race's end.
type OverEvent struct {
	Rounds int `ev:"rounds"`
	Plays  int `ev:"plays"`
}

// OvershootEvent is R-OVS.
type OvershootEvent struct {
	Car      int    `ev:"car"`
	Corner   string `ev:"corner"`
	Spaces   int    `ev:"spaces"`
	Stops    int    `ev:"stops"`
	Required int    `ev:"required"`
}

// PitBoxEvent is the pit box a car chose (fdr R4.1) or 4-A gave it.
type PitBoxEvent struct {
	Car int `ev:"car"`
	Box int `ev:"box"`
}

// PitLaneEvent is a car entering the pit lane (R-PIT).
type PitLaneEvent struct {
	Car int `ev:"car"`
}

// PitQuickEvent is a quick stop: its path (fd2008) or its spaces and the
// gear it came in (R19.15, R19.16).
type PitQuickEvent struct {
	Car    int    `ev:"car"`
	Path   string `ev:"path,opt"`
	Spaces int    `ev:"spaces,opt"`
	Gear   int    `ev:"gear"`
	From   int    `ev:"from,opt"`
}

// PitSlowEvent is a slow stop (R-PIT).
type PitSlowEvent struct {
	Car int `ev:"car"`
}

// PitStopEvent is a stop that changes tyres (R-PS).
type PitStopEvent struct {
	Car   int    `ev:"car"`
	Tyres int    `ev:"tyres"`
	Type  string `ev:"type"`
}

// PitTechnicalEvent is a technical stop and the pit pool left (fd2008 AMB-26).
type PitTechnicalEvent struct {
	Car  int `ev:"car"`
	Pool int `ev:"pool"`
}

// PositionEvent is a position's header line (positions, docs/record.md).
type PositionEvent struct {
	Round          int    `ev:"round"`
	Play           int    `ev:"play,opt"`
	Debris         string `ev:"debris,opt"`
	Kinds          string `ev:"kinds,opt"`    // 17-B
	Passages       string `ev:"passages,opt"` // 17-D
	Runaway        string `ev:"runaway,opt"`  // 10-A
	RaceLaps       int    `ev:"race-laps,opt"`
	Weather        string `ev:"weather,opt"`
	WeatherTest    string `ev:"weather-test,opt"`
	Played         []int  `ev:"played,opt"`
	Next           int    `ev:"next,opt"`
	Still          []int  `ev:"still,opt"`
	WeatherOwed    int    `ev:"weather-owed,opt"`
	Session        int    `ev:"session,opt"`
	QualiWeather   string `ev:"quali-weather,opt"`
	SessionWeather string `ev:"session-weather,opt"`
	Rained         string `ev:"rained,opt"`
	OrderDraws     string `ev:"order-draws,opt"`
}

// PositionCarEvent is a car's line of a position.
type PositionCarEvent struct {
	Car int `ev:"car"`
	PositionCarState
}

// PositionLapEvent is a qualifying lap in progress in a position (FDR R1):
// the car's line with the lap's counts after its number.
type PositionLapEvent struct {
	Car     int `ev:"car"`
	Round   int `ev:"round"`
	Play    int `ev:"play"`
	Rolls   int `ev:"rolls"`
	Penalty int `ev:"penalty"`
	Past    int `ev:"past"`
	PositionCarState
	First int `ev:"first,opt"`
}

// PositionCarState is what a position line says of a car after its
// number (and a qualifying lap's counts): written where it is embedded.
type PositionCarState struct {
	Space     string `ev:"space,opt"`
	Gear      int    `ev:"gear"`
	Wear      string `ev:"wear"`
	Laps      int    `ev:"laps"`
	Stops     int    `ev:"stops"`
	PitStops  int    `ev:"pitstops"`
	Status    string `ev:"status,opt"`
	Place     int    `ev:"place,opt"`
	Cause     string `ev:"cause,opt"`
	Distance  *int   `ev:"distance,opt"`
	Flags     string `ev:"flags,opt"`
	Tyre      string `ev:"tyre,opt"`
	TyreAge   *int   `ev:"tyre-age,opt"`
	Config    string `ev:"config,opt"`
	Pit       *int   `ev:"pit,opt"`
	Arrival   int    `ev:"arrival,opt"`
	Inertia   string `ev:"inertia,opt"`
	Reason    string `ev:"reason,opt"`
	Box       int    `ev:"box,opt"`
	StartRoll int    `ev:"start-roll,opt"`
	Driver    string `ev:"driver,opt"`
}

// PositionQualifiedEvent is a qualifying result in a position (R1.9).
type PositionQualifiedEvent struct {
	Car     int  `ev:"car"`
	Session int  `ev:"session"`
	Rolls   int  `ev:"rolls"`
	Penalty int  `ev:"penalty"`
	Ended   bool `ev:"ended"`
	Past    int  `ev:"past"`
	Covered int  `ev:"covered"`
	Seq     int  `ev:"seq"`
}

// QualifiedEvent is a car's qualifying result (R1.9, AMB-42).
type QualifiedEvent struct {
	Car     int  `ev:"car"`
	Session int  `ev:"session,opt"`
	Rolls   int  `ev:"rolls"`
	Penalty int  `ev:"penalty"`
	Ended   bool `ev:"ended"`
	Past    *int `ev:"past,opt"`
}

// QualifyingEvent is a car's qualifying lap beginning (R1.9).
type QualifyingEvent struct {
	Car   int    `ev:"car"`
	Start string `ev:"start"`
}

// RepairEvent is points won back: at a stop, or a street checkpoint's or
// police record's (U-CHK-01, U-POL-01); the categories repaired only.
type RepairEvent struct {
	Car int `ev:"car"`
	WearPoints
	Cause string `ev:"cause,opt"`
}

// WearPoints is the points of a wear or repair line, by category: only
// the categories it changes are written.
type WearPoints struct {
	Tyres    *int `ev:"tyres,opt"`
	Brakes   *int `ev:"brakes,opt"`
	Gearbox  *int `ev:"gearbox,opt"`
	Gas      *int `ev:"gas,opt"`
	Body     *int `ev:"body,opt"`
	Engine   *int `ev:"engine,opt"`
	Handling *int `ev:"handling,opt"`
}

// RestartEvent is the restart roll after a spin (R10.14).
type RestartEvent struct {
	Car    int    `ev:"car"`
	Result string `ev:"result"` // stall, normal or super
}

// RollEvent is a die roll: the play, the car that rolls (0: the table),
// its purpose, a counter for several rolls of one purpose in one play,
// the die and the face.
type RollEvent struct {
	Play  int    `ev:"play"`
	Car   int    `ev:"car"`
	For   string `ev:"for"`
	N     int    `ev:"n"`
	Die   string `ev:"die"`
	Value int    `ev:"value"`
}

// RoundEvent is a new round and its order of play (R-ORD).
type RoundEvent struct {
	N     int   `ev:"n"`
	Order []int `ev:"order"`
}

// SpinEvent is a spin from an overshoot (R-OVS-07) or a blocking (R12.9).
type SpinEvent struct {
	Car     int    `ev:"car"`
	Corner  string `ev:"corner,opt"`
	Blocked int    `ev:"blocked,opt"`
}

// StartEvent is the start roll's result (R-STA-01).
type StartEvent struct {
	Car    int    `ev:"car"`
	Result string `ev:"result"` // stall, normal or super
}

// StopEvent is a stop scored in a corner (R-COR-02).
type StopEvent struct {
	Car      int    `ev:"car"`
	Corner   string `ev:"corner"`
	Stops    int    `ev:"stops"`
	Required int    `ev:"required"`
}

// TurnEvent is a car's turn beginning.
type TurnEvent struct {
	Play int `ev:"play"`
	Car  int `ev:"car"`
}

// TyresEvent is the tyres declared (R1.5, R8.1, 8-B, 8-C).
type TyresEvent struct {
	Car  int    `ev:"car"`
	Type string `ev:"type"`
}

// WearEvent is points lost and why: the category that lost them (gas is
// fdr's gearbox), as a negative number.
type WearEvent struct {
	Car int `ev:"car"`
	WearPoints
	Cause string `ev:"cause"`
}

// WeatherEvent is a weather roll or test: a session's (R1.2), the race's
// rolled for the pole-sitter (R2.1, R3.3), a test at a round's end (R3.5,
// R3.6), a street race's and Julien's reroll (U-DRV-02), the fd2008
// optional weather.
type WeatherEvent struct {
	Session string `ev:"session"`
	N       int    `ev:"n,opt"`
	Test    string `ev:"test,opt"`
	Result  string `ev:"result,opt"`
	State   string `ev:"state"`
	Was     string `ev:"was,opt"`
	Final   *bool  `ev:"final,opt"`
	Car     int    `ev:"car,opt"`
	Reroll  string `ev:"reroll,opt"`
}

// The league variants' and side events' kinds (league-variants.md) that
// engine/fd writes or reads too, or fdr's files write; the kinds only a
// variant of engine/fd/variants writes are that package's (its events.go,
// Variant.WithEvents).

// AccidentStopEvent is 20-A's stoppage after a serious accident.
type AccidentStopEvent struct {
	Car     int    `ev:"car"`
	Lap     int    `ev:"lap"`
	Outcome string `ev:"outcome"`
}

// AggregateEvent is 21-B's two parts added.
type AggregateEvent struct {
	Car   int `ev:"car"`
	Part1 int `ev:"part1"`
	Part2 int `ev:"part2"`
	Total int `ev:"total"`
}

// AquaplaningEvent is 8-C's aquaplaning.
type AquaplaningEvent struct {
	Car  int    `ev:"car"`
	Type string `ev:"type"`
	Raw  int    `ev:"raw"`
	Gear int    `ev:"gear"`
}

// CarryInEvent is AX-3's carry into a qualifying lap.
type CarryInEvent struct {
	Car   int    `ev:"car"`
	Gear  int    `ev:"gear"`
	Lane  int    `ev:"lane"`
	Space string `ev:"space"`
	Wear  string `ev:"wear"`
}

// CarryOutEvent is AX-3's carry out of a qualifying lap.
type CarryOutEvent struct {
	Car  int    `ev:"car"`
	Gear int    `ev:"gear"`
	Lane int    `ev:"lane"`
	Wear string `ev:"wear"`
}

// ClockOutEvent is 2-B's race clock spent.
type ClockOutEvent struct {
	Car     int    `ev:"car"`
	Capital string `ev:"capital"`
}

// CompulsoryEvent is 5-C's steering lock.
type CompulsoryEvent struct {
	Car   int `ev:"car"`
	Gear  int `ev:"gear"`
	Delta int `ev:"delta"`
}

// ContestEvent is AX-2's ranking.
type ContestEvent struct {
	Order []int `ev:"order"`
}

// ContestScoreEvent is AX-2's score of a car.
type ContestScoreEvent struct {
	Car   int  `ev:"car"`
	Moves int  `ev:"moves"`
	Ended bool `ev:"ended"`
}

// DebrisClearedEvent is 17-C's, 17-D's cleaned marker.
type DebrisClearedEvent struct {
	Car   int    `ev:"car"`
	Space string `ev:"space"`
}

// EngineerPointEvent is 19-F's engineer points spent.
type EngineerPointEvent struct {
	Car    int `ev:"car"`
	Points int `ev:"points"`
}

// EngineerTuneEvent is 19-F's point more in a category.
type EngineerTuneEvent struct {
	Car      int    `ev:"car"`
	Category string `ev:"category"`
}

// InjuryEvent is 20-A's injury test.
type InjuryEvent struct {
	Car    int    `ev:"car"`
	Cause  string `ev:"cause"`
	Rolls  []int  `ev:"rolls"`
	Result string `ev:"result"`
	Races  int    `ev:"races"`
}

// LockEvent is 5-C's steering lock.
type LockEvent struct {
	Car   int    `ev:"car"`
	Level string `ev:"level"`
}

// MechanicsPointEvent is 19-G's quick stop counted.
type MechanicsPointEvent struct {
	Car    int `ev:"car"`
	Earned int `ev:"earned"`
}

// PilotPointEvent is a pilot point spent (23-A, 23-C, 4-B): a space more
// or less, or 23-A(g)'s reroll of the die that showed Was.
type PilotPointEvent struct {
	Car   int    `ev:"car"`
	Delta int    `ev:"delta,opt"`
	Use   string `ev:"use,opt"`
	Was   int    `ev:"was,opt"`
	Point string `ev:"point"`
}

// PitHeldEvent is 19-D's held car.
type PitHeldEvent struct {
	Car      int `ev:"car"`
	Repaired int `ev:"repaired"`
}

// PitWaitEvent is 19-D's held car waiting.
type PitWaitEvent struct {
	Car int `ev:"car"`
}

// QualifyingInjuryEvent is 20-A's QUALI test.
type QualifyingInjuryEvent struct {
	Car      int    `ev:"car"`
	Corner   string `ev:"corner"`
	Spaces   int    `ev:"spaces"`
	Stops    int    `ev:"stops"`
	Required int    `ev:"required"`
	Rolls    []int  `ev:"rolls"`
	Result   string `ev:"result"`
}

// RedFlagEvent is 21-B's red flag.
type RedFlagEvent struct {
	Lap     int    `ev:"lap"`
	Markers int    `ev:"markers"`
	Walls   int    `ev:"walls"`
	Outcome string `ev:"outcome"`
}

// RedFlagFreshEvent is 21-B's retired car back.
type RedFlagFreshEvent struct {
	Car int `ev:"car"`
}

// RedFlagPartEvent is 21-B's Part 1.
type RedFlagPartEvent struct {
	Car   int `ev:"car"`
	Place int `ev:"place"`
	Gap   int `ev:"gap"`
}

// RedFlagRepairedEvent is 21-B's repaired car.
type RedFlagRepairedEvent struct {
	Car int    `ev:"car"`
	Cat string `ev:"cat"`
}

// RefuelEvent is 19-C's free gas.
type RefuelEvent struct {
	Car int `ev:"car"`
	Gas int `ev:"gas"`
}

// RunawayHitEvent is 10-A's runaway car hitting a car.
type RunawayHitEvent struct {
	Car     int    `ev:"car"`
	Runaway int    `ev:"runaway"`
	Space   string `ev:"space"`
}

// RunawayMissedEvent is 10-A's runaway car missing a car.
type RunawayMissedEvent struct {
	Car     int    `ev:"car"`
	Runaway int    `ev:"runaway"`
	Space   string `ev:"space"`
}

// RunawayStoppedEvent is 10-A's runaway car stopped.
type RunawayStoppedEvent struct {
	Car   int    `ev:"car"`
	Space string `ev:"space"`
}

// RunningOrderEvent is 1-A's qualifying order.
type RunningOrderEvent struct {
	Session int   `ev:"session"`
	Order   []int `ev:"order"`
}

// SpareCarEvent is 20-B's spare car.
type SpareCarEvent struct {
	Car    int `ev:"car"`
	Gear   int `ev:"gear"`
	Engine int `ev:"engine"`
}

// SpareCarCutEvent is 20-B (b2)'s spare car with two categories cut.
type SpareCarCutEvent struct {
	Car  int    `ev:"car"`
	Gear int    `ev:"gear"`
	Cut  string `ev:"cut"` // category+category
}

// SpareCarFreshEvent is 20-B (b1)'s fresh spare car.
type SpareCarFreshEvent struct {
	Car  int `ev:"car"`
	Gear int `ev:"gear"`
}

// TestRefusedEvent is 23-A(d)'s, 6-B's refused test.
type TestRefusedEvent struct {
	Car int    `ev:"car"`
	For string `ev:"for"`
	By  string `ev:"by"`
}

// TimeOutEvent is AX-5's time bank spent.
type TimeOutEvent struct {
	Car  int    `ev:"car"`
	Bank string `ev:"bank"`
}

// TyresSpentEvent is 8-B's spent set.
type TyresSpentEvent struct {
	Car  int    `ev:"car"`
	Type string `ev:"type"`
	Lap  int    `ev:"lap"`
}

// WingEvent is 5-B's wing.
type WingEvent struct {
	Car     int    `ev:"car"`
	Setting string `ev:"setting"`
}

func (ClassificationEvent) EventKind() string    { return "classification" }
func (ConfigurationEvent) EventKind() string     { return "configuration" }
func (ContactEvent) EventKind() string           { return "contact" }
func (DebrisEvent) EventKind() string            { return "debris" }
func (EliminatedEvent) EventKind() string        { return "eliminated" }
func (EngineTestEvent) EventKind() string        { return "engine-test" }
func (ExcludedEvent) EventKind() string          { return "excluded" }
func (FinishEvent) EventKind() string            { return "finish" }
func (GearEvent) EventKind() string              { return "gear" }
func (GridEvent) EventKind() string              { return "grid" }
func (LapEvent) EventKind() string               { return "lap" }
func (MoveEvent) EventKind() string              { return "move" }
func (SlipstreamEvent) EventKind() string        { return "slipstream" }
func (OrderEvent) EventKind() string             { return "order" }
func (OverEvent) EventKind() string              { return "over" }
func (OvershootEvent) EventKind() string         { return "overshoot" }
func (PitBoxEvent) EventKind() string            { return "pit-box" }
func (PitLaneEvent) EventKind() string           { return "pit-lane" }
func (PitQuickEvent) EventKind() string          { return "pit-quick" }
func (PitSlowEvent) EventKind() string           { return "pit-slow" }
func (PitStopEvent) EventKind() string           { return "pit-stop" }
func (PitTechnicalEvent) EventKind() string      { return "pit-technical" }
func (PositionEvent) EventKind() string          { return "position" }
func (PositionCarEvent) EventKind() string       { return "position-car" }
func (PositionLapEvent) EventKind() string       { return "position-lap" }
func (PositionQualifiedEvent) EventKind() string { return "position-qualified" }
func (QualifiedEvent) EventKind() string         { return "qualified" }
func (QualifyingEvent) EventKind() string        { return "qualifying" }
func (RepairEvent) EventKind() string            { return "repair" }
func (RestartEvent) EventKind() string           { return "restart" }
func (RollEvent) EventKind() string              { return "roll" }
func (RoundEvent) EventKind() string             { return "round" }
func (SpinEvent) EventKind() string              { return "spin" }
func (StartEvent) EventKind() string             { return "start" }
func (StopEvent) EventKind() string              { return "stop" }
func (TurnEvent) EventKind() string              { return "turn" }
func (TyresEvent) EventKind() string             { return "tyres" }
func (WearEvent) EventKind() string              { return "wear" }
func (WeatherEvent) EventKind() string           { return "weather" }
func (AccidentStopEvent) EventKind() string      { return "accident-stop" }
func (AggregateEvent) EventKind() string         { return "aggregate" }
func (AquaplaningEvent) EventKind() string       { return "aquaplaning" }
func (CarryInEvent) EventKind() string           { return "carry-in" }
func (CarryOutEvent) EventKind() string          { return "carry-out" }
func (ClockOutEvent) EventKind() string          { return "clock-out" }
func (CompulsoryEvent) EventKind() string        { return "compulsory" }
func (ContestEvent) EventKind() string           { return "contest" }
func (ContestScoreEvent) EventKind() string      { return "contest-score" }
func (DebrisClearedEvent) EventKind() string     { return "debris-cleared" }
func (EngineerPointEvent) EventKind() string     { return "engineer-point" }
func (EngineerTuneEvent) EventKind() string      { return "engineer-tune" }
func (InjuryEvent) EventKind() string            { return "injury" }
func (LockEvent) EventKind() string              { return "lock" }
func (MechanicsPointEvent) EventKind() string    { return "mechanics-point" }
func (PilotPointEvent) EventKind() string        { return "pilot-point" }
func (PitHeldEvent) EventKind() string           { return "pit-held" }
func (PitWaitEvent) EventKind() string           { return "pit-wait" }
func (QualifyingInjuryEvent) EventKind() string  { return "qualifying-injury" }
func (RedFlagEvent) EventKind() string           { return "red-flag" }
func (RedFlagFreshEvent) EventKind() string      { return "red-flag-fresh" }
func (RedFlagPartEvent) EventKind() string       { return "red-flag-part" }
func (RedFlagRepairedEvent) EventKind() string   { return "red-flag-repaired" }
func (RefuelEvent) EventKind() string            { return "refuel" }
func (RunawayHitEvent) EventKind() string        { return "runaway-hit" }
func (RunawayMissedEvent) EventKind() string     { return "runaway-missed" }
func (RunawayStoppedEvent) EventKind() string    { return "runaway-stopped" }
func (RunningOrderEvent) EventKind() string      { return "running-order" }
func (SpareCarEvent) EventKind() string          { return "spare-car" }
func (SpareCarCutEvent) EventKind() string       { return "spare-car-cut" }
func (SpareCarFreshEvent) EventKind() string     { return "spare-car-fresh" }
func (TestRefusedEvent) EventKind() string       { return "test-refused" }
func (TimeOutEvent) EventKind() string           { return "time-out" }
func (TyresSpentEvent) EventKind() string        { return "tyres-spent" }
func (WingEvent) EventKind() string              { return "wing" }

// eventKinds lists every kind's struct, read once by the codec.
var eventKinds = []TypedEvent{
	ClassificationEvent{}, ConfigurationEvent{}, ContactEvent{}, DebrisEvent{},
	EliminatedEvent{}, EngineTestEvent{}, ExcludedEvent{}, FinishEvent{},
	GearEvent{}, GridEvent{}, LapEvent{}, MoveEvent{}, SlipstreamEvent{},
	OrderEvent{}, OverEvent{}, OvershootEvent{}, PitBoxEvent{}, PitLaneEvent{},
	PitQuickEvent{}, PitSlowEvent{}, PitStopEvent{}, PitTechnicalEvent{},
	PositionEvent{}, PositionCarEvent{}, PositionLapEvent{}, PositionQualifiedEvent{},
	QualifiedEvent{}, QualifyingEvent{}, RepairEvent{}, RestartEvent{}, RollEvent{},
	RoundEvent{}, SpinEvent{}, StartEvent{}, StopEvent{}, TurnEvent{}, TyresEvent{},
	WearEvent{}, WeatherEvent{},
	AccidentStopEvent{}, AggregateEvent{}, AquaplaningEvent{}, CarryInEvent{}, CarryOutEvent{},
	ClockOutEvent{}, CompulsoryEvent{}, ContestEvent{}, ContestScoreEvent{}, DebrisClearedEvent{},
	EngineerPointEvent{}, EngineerTuneEvent{}, InjuryEvent{}, LockEvent{}, MechanicsPointEvent{},
	PilotPointEvent{}, PitHeldEvent{}, PitWaitEvent{}, QualifyingInjuryEvent{}, RedFlagEvent{},
	RedFlagFreshEvent{}, RedFlagPartEvent{}, RedFlagRepairedEvent{}, RefuelEvent{}, RunawayHitEvent{},
	RunawayMissedEvent{}, RunawayStoppedEvent{}, RunningOrderEvent{}, SpareCarEvent{},
	SpareCarCutEvent{}, SpareCarFreshEvent{}, TestRefusedEvent{}, TimeOutEvent{}, TyresSpentEvent{},
	WingEvent{},
}
