package fd

import (
	"fmt"
	"strings"
)

// RulesetInfo is what the rest of Pitwall needs to know of a ruleset, so
// that the turn, bot, render and cmd ask the table instead of comparing
// names (issue 13: one read-only table names each ruleset, its modules and
// what its turn does differently).
type RulesetInfo struct {
	ID Ruleset
	// Name names the rules for people, in English and French.
	Name [2]string
	// Modules names the rule modules the ruleset plays, the base turn
	// first (docs/engine.md).
	Modules []string
	// Config is the ruleset's base configuration, before laps, optional
	// rules and variants.
	Config func() Config
	// Drivers: every player picks a driver with their own ability
	// (U-DRV-01), and the race needs a street circuit (§2.18).
	Drivers bool
	// Can is what the turn does differently under this ruleset.
	Can Capabilities

	// rulesModule names the ruleset's rules module, which the base turn
	// calls at its named phases (RulesModule, phases.go; its Prepare
	// checks a new game against the ruleset's own demands): the module's
	// code registers the constructor by this name (RegisterRulesModule,
	// registry.go), a fresh module per game — street's package, and fdr's
	// files from engine/fd's own init while fdr is inside engine/fd, so
	// the row stays the same when fdr is a package. None: BaseRules, the
	// complete rules unchanged.
	rulesModule string
	// quietMove: the module changes none of the phases the hot paths of
	// the turn call (the move's options, the spaces crossed, the tests,
	// the scores, the order's ties): those paths skip it (Game.module nil).
	quietMove bool
	// validate replaces the complete rules' checks of a configuration
	// (Config.Validate); nil: those checks.
	validate func(c Config) error
}

// Capabilities are the differences between rulesets that the shared turn,
// the autopilot, bot and render ask about, each named for what it changes.
// The zero value is the complete rules (fd2008).
type Capabilities struct {
	// Setup is how cars are prepared and the grid formed.
	Setup SetupRule
	// Qualifying is how a qualifying session can fix the grid.
	Qualifying QualifyingRule
	// PitPointBuild: each car is built from a budget of points, the rest
	// kept in the pit (FDR R5.2, T10).
	PitPointBuild bool
	// LeaderOrder: the play order follows the leader round the track,
	// with second plays for lapped cars (FDR R6.6–R6.10), instead of
	// rounds in race order (R-TRN).
	LeaderOrder bool
	// OverRevGearbox: gears cost over-rev points (FDR R13, T2) instead of
	// downshift penalties (R-DWN), and a skip the car cannot pay is no
	// gear at all.
	OverRevGearbox bool
	// EngineTests: a top face in 5th or 6th tests every engine around
	// (FDR R16.1) and the weather (R3.5).
	EngineTests bool
	// TyreTypes: cars run on a tyre type that sets their slides and
	// overshoot losses (FDR T3) and is chosen at every stop (R19).
	TyreTypes bool
	// PitLane: the pit lane is driven space by space to the car's box,
	// and closes at times (FDR R4.1, R16.10, R19), instead of a stop
	// chosen at the line (R-PIT, O-PIT).
	PitLane bool
	// CornerStopSubsets: a move may meet a corner's stops by any subset of
	// its spaces (FDR R7.7, §7-2-3, §7-3-5, §17-1), not only by stopping.
	CornerStopSubsets bool
	// CertainContacts: a car ending beside or behind another takes a
	// collision test (FDR R14), instead of the collision roll (R-COL-03).
	CertainContacts bool
	// BlockTableT5: a blocking costs brakes and tyres by the competition
	// table T5 (R12.5), instead of T-04.
	BlockTableT5 bool
	// OvalWalls: on an oval, the wall spaces are hazards of the move like
	// the dangerous spaces (FDR R15).
	OvalWalls bool
	// GasCategory: the gearbox's points are called gas (FDR R0.3).
	GasCategory bool
	// DeadlineDefaults: a missed deadline plays the defaults the
	// competition digest states (fdr AMB-17, fdr AMB-48), not the autopilot's
	// choice.
	DeadlineDefaults bool
	// LeagueVariants: the league variants (league-variants.md) may be
	// switched on.
	LeagueVariants bool
	// OwnRuleBook: the ruleset's events cite its own rule ids in their
	// cause, so the complete rules' ids by event kind do not apply to them.
	OwnRuleBook bool
}

// SetupRule is how cars are prepared before the start.
type SetupRule int

const (
	// SetupOptionalStages: the stages of the optional rules chosen (§2.17:
	// builds, tyres, qualifying, weather), then the grid roll.
	SetupOptionalStages SetupRule = iota
	// SetupCompetition: pit points, builds, boxes, qualifying sessions
	// and the grid of the competition rules (FDR R1–R5).
	SetupCompetition
	// A rules module may play the setup itself (RulesModule.Setup: the
	// street races' driver draft, U-DRV-01).
)

// QualifyingRule is how a qualifying session can fix the grid.
type QualifyingRule int

const (
	// QualifyingOptional: one solo lap per car when the optional rule
	// qualifying is on (O-QUA).
	QualifyingOptional QualifyingRule = iota
	// QualifyingSessions: the number of sessions is the option sessions
	// (FDR R1.1; 0 rolls the grid with the black die).
	QualifyingSessions
	// QualifyingNone: the grid is rolled.
	QualifyingNone
)

// rulesets lists every ruleset, the complete rules first (the default).
var rulesets = []RulesetInfo{
	{ID: FD2008, Name: [2]string{"the Formula D complete rules", "les règles complètes de Formula D"}, Config: DefaultConfig,
		Modules: []string{"fd2008"}},
	// 3 laps, a qualifying session (FDR R0.1, R1.1)
	// The configuration and its check are the module's (ConfigModule).
	{ID: FDR, Name: [2]string{"the FD-Règles competition rules", "les règles de compétition FD-Règles"}, Config: moduleBaseConfig(FDR, "fdr"),
		Modules: []string{"fd2008", "fdr"}, rulesModule: "fdr", quietMove: true, validate: moduleValidate(FDR, "fdr"),
		Can: Capabilities{Setup: SetupCompetition, Qualifying: QualifyingSessions, PitPointBuild: true, LeaderOrder: true,
			OverRevGearbox: true, EngineTests: true, TyreTypes: true, PitLane: true,
			CornerStopSubsets: true, CertainContacts: true, BlockTableT5: true, OvalWalls: true, GasCategory: true,
			DeadlineDefaults: true, LeagueVariants: true, OwnRuleBook: true}},
	// §2.18: drivers, hard tyres, no pits
	// The configuration and its check are the module's (ConfigModule).
	{ID: Street, Name: [2]string{"the street-race rules", "les règles de course de rue"}, Config: moduleBaseConfig(Street, "street"), Drivers: true,
		Modules: []string{"fd2008", "street"}, rulesModule: "street", validate: moduleValidate(Street, "street"),
		Can: Capabilities{Qualifying: QualifyingNone}},
}

// Rulesets lists every ruleset Pitwall plays, the default first.
func Rulesets() []RulesetInfo { return append([]RulesetInfo(nil), rulesets...) }

// Info describes a ruleset; an unknown one (or none) reads as the
// complete rules' description.
func (r Ruleset) Info() RulesetInfo { return *r.entry() }

// entry is the ruleset's line of the table, the complete rules' for an
// unknown one; the turn keeps the pointer (Game.can).
func (r Ruleset) entry() *RulesetInfo {
	for i := range rulesets {
		if rulesets[i].ID == r {
			return &rulesets[i]
		}
	}
	return &rulesets[0]
}

// CategoryName names a category under a ruleset: "gas" for the gearbox
// under the competition rules (R0.3), the complete rules' names otherwise.
func (r Ruleset) CategoryName(c Category) string {
	return r.entry().Can.categoryName(c)
}

// catName names a category for events and results under the game's rules.
func (g *Game) catName(c Category) string { return g.can().categoryName(c) }

// categoryName names a category: gas for the gearbox where the ruleset
// says so (R0.3; CompetitionCategoryName names them so whatever the game).
func (c *Capabilities) categoryName(cat Category) string {
	if c.GasCategory && cat == Gearbox {
		return "gas"
	}
	return cat.String()
}

// known reports whether the table lists the ruleset.
func (r Ruleset) known() bool {
	for i := range rulesets {
		if rulesets[i].ID == r {
			return true
		}
	}
	return false
}

// ConfigFor is a ruleset's base configuration; "" is the complete rules.
// An unknown name keeps its name, so that Validate refuses it naming the
// rulesets there are.
func ConfigFor(r Ruleset) Config {
	if r == "" || !r.known() {
		cfg := DefaultConfig()
		if r != "" {
			cfg.Rules = r
		}
		return cfg
	}
	return r.entry().Config()
}

// ConfigFromOptions builds a game's configuration from its ruleset and
// the `option k=v` lines of a record header (or the command line): the
// ruleset's base, then each option in turn.
func ConfigFromOptions(r Ruleset, options []string) (Config, error) {
	cfg := ConfigFor(r)
	cfg.Rules = r
	for _, o := range options {
		k, v, ok := strings.Cut(o, "=")
		if !ok {
			return cfg, fmt.Errorf("option %q: want key=value", o)
		}
		if err := cfg.SetOption(k, v); err != nil {
			return cfg, err
		}
	}
	return cfg, nil
}

// rulesetNames lists the ruleset ids for error messages.
func rulesetNames() string {
	names := make([]string, len(rulesets))
	for i, info := range rulesets {
		names[i] = string(info.ID)
	}
	return strings.Join(names, ", ")
}
