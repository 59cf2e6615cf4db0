package fd

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/pitwall/pitwall/engine/dice"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// NewGame builds each variant module once and finds its hooks; a game
// without variants has none. Each hook holds the module its variant's row
// builds from the spec (variantModule: the variants are asked by id, as
// after their move to engine/fd/variants).
func TestVariantModulesFoundAtNewGame(t *testing.T) {
	plain, err := NewGame("t", fdrConfig(), fdrLab(t), 2)
	require.NoError(t, err)
	assert.Equal(t, hooks{}, plain.hooks)

	g, err := NewGame("t", fdrVariantCfg(t, "18-A", "17-A", "14-B", "19-B", "19-H"), fdrLab(t), 2)
	require.NoError(t, err)
	pitRestrictions := variantModule(t, "19-H")
	assert.Equal(t, []SlipstreamRule{variantModule(t, "18-A").(SlipstreamRule)}, g.hooks.slipstream)
	assert.Equal(t, []HandlingRule{variantModule(t, "17-A").(HandlingRule)}, g.hooks.handling)
	assert.Equal(t, []CollisionRule{variantModule(t, "14-B").(CollisionRule)}, g.hooks.collision)
	assert.Equal(t, []SpaceRule{variantModule(t, "19-B").(SpaceRule), pitRestrictions.(SpaceRule)}, g.hooks.spaces, "by id: 19-B then 19-H")
	assert.Equal(t, []OptionFilter{pitRestrictions.(OptionFilter)}, g.hooks.filters)

	g, err = NewGame("t", fdrVariantCfg(t, "6-A", "6-C:box=B62"), fdrLab(t), 2)
	require.NoError(t, err)
	assert.Equal(t, variantModule(t, "6-C:box=B62"), g.hooks.gears)
	assert.NotEqual(t, variantModule(t, "6-C"), g.hooks.gears, "the box the spec names, not the default")
	theTop := variantModule(t, "6-A")
	assert.Equal(t, []DistanceModifier{theTop.(DistanceModifier)}, g.hooks.distance)
	assert.Equal(t, []LapHook{theTop.(LapHook)}, g.hooks.laps)

	g, err = NewGame("t", fdrVariantCfg(t, "1-B"), fdrLab(t), 2)
	require.NoError(t, err)
	assert.Equal(t, variantModule(t, "1-B"), g.hooks.qualiStart)
	assert.Equal(t, g.hooks, g.newQualiSession(&g.Cars[0]).hooks, "a qualifying session plays the race's modules")

	g, err = NewGame("t", fdrVariantCfg(t, "1-C:last=2/1,championship=1/2"), fdrLab(t), 2)
	require.NoError(t, err)
	assert.Equal(t, variantModule(t, "1-C:last=2/1,championship=1/2"), g.hooks.grid)
	assert.NotEqual(t, variantModule(t, "1-C:last=1/2,championship=2/1"), g.hooks.grid, "the parameters the spec gives")
}

// variantModule is the module the variants table's row builds for spec
// ("6-C:box=B62"): the same value a game switching spec on holds.
func variantModule(t *testing.T, spec string) any {
	t.Helper()
	v, params, err := ParseVariantSpec(spec)
	require.NoError(t, err)
	require.NotNil(t, v.build, "variant %s is built as a module", v.ID)
	m, err := v.build(params)
	require.NoError(t, err)
	return m
}

// A ConfigRule sets the configuration when its variant is switched on and
// refuses one that contradicts it, whatever order the options came in.
func TestVariantConfigRule(t *testing.T) {
	cfg, err := ConfigFromOptions(FDR, []string{"sessions=2", "variant.1-C=last=,championship="})
	require.NoError(t, err)
	assert.Zero(t, cfg.Sessions, "1-C replaces the qualifying sessions")
	require.NoError(t, cfg.Validate())
	cfg.Sessions = 1
	assert.EqualError(t, cfg.Validate(), "variant 1-C builds the grid without qualifying: sessions must be 0")
}

// A hook only one module may fill refuses a second, naming both variants.
func TestVariantHookTakenTwiceIsRefused(t *testing.T) {
	var h hooks
	require.NoError(t, h.add("6-C", variantModule(t, "6-C:box=B60")))
	assert.EqualError(t, h.add("X-1", variantModule(t, "6-C:box=B61")), "variant X-1: not with 6-C, which already rolls the gears")
	require.NoError(t, h.add("1-B", variantModule(t, "1-B")))
	assert.EqualError(t, h.add("X-3", variantModule(t, "1-B")), "variant X-3: not with 1-B, which already starts the qualifying lap")
	require.NoError(t, h.add("1-C", variantModule(t, "1-C")))
	assert.EqualError(t, h.add("X-4", variantModule(t, "1-C")), "variant X-4: not with 1-C, which already forms the grid")

	// Config.Validate asks the hooks too: 1-D and 1-C both form the grid
	c := fdrConfig()
	require.NoError(t, c.EnableVariant("1-C"))
	require.NoError(t, c.EnableVariant("1-D"))
	assert.EqualError(t, c.Validate(), "variant 1-D: not with 1-C, which already forms the grid")
}

// The distance modifiers form a chain in their stated precedence, whatever
// the order of their ids: the Top (lost at the line), the nationality
// point (lost at the flag), an earned pilot point (kept in the ledger).
// What a car spent is what its position line says (6-A's top-used, a
// pilot-point per point spent, the nationality point first).
func TestDistanceModifiersChainByPrecedence(t *testing.T) {
	earned, national, top := variantModule(t, "23-A"), variantModule(t, "23-C"), variantModule(t, "6-A")
	var h hooks
	require.NoError(t, h.add("23-A", earned))
	require.NoError(t, h.add("23-C", national))
	require.NoError(t, h.add("6-A", top))
	assert.Equal(t, []DistanceModifier{top.(DistanceModifier), national.(DistanceModifier), earned.(DistanceModifier)}, h.distance)

	cfg := fdrVariantCfg(t, "6-A", "23-A:uses=1/0", "23-C:uses=1/0")
	g, err := NewGame("t", cfg, fdrLab(t), 2)
	require.NoError(t, err)
	national, earned = variantModule(t, "23-C:uses=1/0"), variantModule(t, "23-A:uses=1/0")
	assert.Equal(t, []DistanceModifier{top.(DistanceModifier), national.(DistanceModifier), earned.(DistanceModifier)}, g.hooks.distance)
	modifier := func(car int, spent ...string) DistanceModifier {
		cars := []CarPosition{fdrAt("long.2.1", 3), fdrAt("long.0.0", 1)}
		cars[car-1].Flags = append(cars[car-1].Flags, spent...)
		h := fdrPlayCfg(t, fdrLab(t), cfg, Position{Round: 1, Cars: cars})
		return h.g.distanceModifier(h.car(car))
	}
	assert.Equal(t, top, modifier(1), "the Top first")
	assert.Equal(t, national, modifier(1, "top-used"), "then the home GP's point")
	assert.Equal(t, earned, modifier(1, "top-used", "pilot-point"), "then an earned one")
	assert.Nil(t, modifier(1, "top-used", "pilot-point", "pilot-point"), "none left: no ±1")
	assert.Nil(t, modifier(2, "top-used"), "car 2 has no pilot point: the Top spent, nothing")
}

// A DiceRule sets the dice when the variant is switched on and is the
// set a record leaves unwritten.
func TestVariantDiceRule(t *testing.T) {
	cfg := fdrVariantCfg(t, "6-C:box=B61")
	b61 := variantModule(t, "6-C:box=B61").(DiceRule).Dice(dice.DefaultSet())
	assert.NotEqual(t, dice.DefaultSet().Gears, b61.Gears, "B61's gears are the box's tables")
	assert.Equal(t, b61.Gears, cfg.Dice.Gears)
	assert.Equal(t, cfg.Dice.String(), cfg.defaultDice().String())
	assert.Equal(t, dice.DefaultSet().String(), fdrConfig().defaultDice().String())
	bad := fdrConfig()
	assert.ErrorContains(t, bad.EnableVariant("6-C:box=B63"), "must be one of B60, B61, B62")
	gearboxes, ok := LookupVariant("6-C")
	require.True(t, ok)
	_, err := gearboxes.build(map[string]string{"box": "B63"})
	assert.EqualError(t, err, "variant 6-C: box \"B63\" is not B60, B61 or B62", "the module refuses a box it has no table for")
}

// The order variants are named in does not change the game.
func TestVariantModulesOrderIsByID(t *testing.T) {
	a, b := fdrVariantCfg(t, "19-H", "14-B", "18-A"), fdrVariantCfg(t, "18-A", "19-H", "14-B")
	assert.Equal(t, a.Variants, b.Variants)
	assert.Equal(t, []string{"18-A", "19-H", "14-B"}, a.VariantSpecs(), "listed in the order of the registry (§6)")
	twice := fdrVariantCfg(t, "18-A", "18-A")
	assert.Equal(t, fdrVariantCfg(t, "18-A").Variants, twice.Variants, "switched on twice, played once")
}

// 18-A's hook, alone: the play's first slipstream only. The play's count
// is its module value's (PlayStateModule, fdr's R18 play state), here a
// value that has counted slips.
func TestSingleSlipstreamHook(t *testing.T) {
	g := &Game{Config: fdrConfig()}
	play := &slipsCounted{}
	tr := &turn{rules: play}
	single := variantModule(t, "18-A").(SlipstreamRule)
	assert.True(t, single.SlipstreamAllowed(Turn{g, tr}))
	play.slips = 1
	assert.Equal(t, 1, Turn{g, tr}.Slipstreams(), "the turn reads its play's count")
	assert.False(t, single.SlipstreamAllowed(Turn{g, tr}))
	assert.Equal(t, 0, Turn{g, &turn{}}.Slipstreams(), "a turn of the base rules counts none")
}

// slipsCounted is a play's module value holding a play in which slips
// slipstreams were taken, and nothing else.
type slipsCounted struct {
	baseRules
	slips int
}

var _ PlayStateModule = (*slipsCounted)(nil)

func (*slipsCounted) HoldsPlay() bool                   { return true }
func (*slipsCounted) PlayInertia() bool                 { return false }
func (*slipsCounted) PlayPitLaneStart() bool            { return false }
func (*slipsCounted) PlayGearImposed() bool             { return false }
func (*slipsCounted) PlayPitClosed() bool               { return false }
func (s *slipsCounted) PlaySlipstreams() int            { return s.slips }
func (*slipsCounted) PlayLastRunning() bool             { return false }
func (*slipsCounted) PlayCharge(Category, int, string)  {}
func (*slipsCounted) PlayKeepDeclaredTests([]int, bool) {}
func (*slipsCounted) PlayAddEngineTests(int, int)       {}

// 18-A is its own file and one line of the variants table: no other
// engine file names it (docs/engine.md, issue 13).
func TestVariant18AIsItsOwnFile(t *testing.T) {
	assertVariantOwnFile(t, "variants/18a.go", `registeredVariant("18-A"),`, "18-A", "18A", "singleSlipstream")
}

// 22-A is its own file and one line of the variants table: the status
// reads its WearStanding hook, no switch of the configuration.
func TestVariant22AIsItsOwnFile(t *testing.T) {
	assertVariantOwnFile(t, "variants/22a.go", `registeredVariant("22-A"),`, "22-A", "22A", "lifePointMarks", "LifePoints")
}

// 4-A is its own file and one line of the variants table: the setup's
// box stage, the box decision and a box option's facts ask its
// PitBoxRule, the teams its Teams; no other engine file names its code or
// a switch of the configuration. (Help texts and the table of variant
// pairs still say "4-A" to the reader.)
func TestVariant4AIsItsOwnFile(t *testing.T) {
	assertVariantOwnFile(t, "variants/4a.go", `registeredVariant("4-A"),`, "variant4A", "pitBoxesByTeam", "teamBoxes", "teamOrder", "teamBoxState",
		"giveTeamSlot", "askTeamSlot", "PitAlloc", "PitRanking", "Variants.PitTeams")
}

// baseAndVariantFiles are engine/fd's Go files and the league variants'
// (engine/fd/variants, issue 13): a variant's code is named in its own
// file only, by neither the base nor another variant.
func baseAndVariantFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	variantFiles, err := filepath.Glob(filepath.Join("variants", "*.go"))
	require.NoError(t, err)
	require.NotEmpty(t, variantFiles, "the variants' package is read")
	return append(files, variantFiles...)
}

// assertVariantOwnFile checks that no engine file but the variant's own
// names any of names, and that one line of variants.go's table, tableLine,
// switches it on.
func assertVariantOwnFile(t *testing.T, own, tableLine string, names ...string) {
	t.Helper()
	files := baseAndVariantFiles(t)
	require.Contains(t, files, own)
	tableLines := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || f == own {
			continue
		}
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		for i, line := range strings.Split(string(b), "\n") {
			if strings.TrimSpace(line) == tableLine && f == "variants.go" {
				tableLines++
				continue
			}
			for _, name := range names {
				assert.NotContains(t, line, name, "%s:%d names %s outside its file", f, i+1, names[0])
			}
		}
	}
	assert.Equal(t, 1, tableLines, "one line of the variants table switches %s on", names[0])
}

// The per-car state of a variant is a slot (slot.go) declared in its own
// file: neither the slot nor the Car field it replaced is named by any
// other engine file, and Car has none of the fields any more. (5-A's
// BoostersChosen is also Order's field, 20-B's Spare the SpareCar's
// type, 5-B's Wing and 5-C's Lock Option's fields: for them only Car's own
// field is checked.)
func TestVariantSlotsAreTheirOwnFiles(t *testing.T) {
	for own, names := range map[string][]string{
		"variants/6a.go":  {"lapTopSpent", "TopUsed"},
		"variants/6b.go":  {"superTopSpent", "SuperTopUsed"},
		"variants/16b.go": {"lapPedalSpent", "PedalUsed"},
		"variants/5e2.go": {"telemetrySpent", "TelemetryUsed"},
		"variants/19d.go": {"excessRepairHold", "PitHeld"},
		"variants/19f.go": {"engineerPointsSpent", "EngineerPointsUsed"},
		"variants/2b.go":  {"raceClockOut"},
		"variants/23.go":  {"seasonTokensSpent", "SeasonTokensUsed", "gridPilotPoints", "GridPilotPoints", "qualifyingPilotPoints", "QualifyingPilotPoints", "earnedPointsSpent", "PilotPointsUsed"},
		"variants/23c.go": {"nationalPointSpent", "NationalPointUsed"},
		"variants/4b.go":  {"teamPointsSpent", "TeamPilotPointsUsed"},
		"variants/5a.go":  {"raceBoosts", "Boosts", "lapBoosts", "BoostsLap", "boostersOwnChoice", "playerBoosterPoints", "BoosterBuild"},
		"variants/19g.go": {"mechanicsEarned", "MechanicsEarned"},
		"variants/20b.go": {"spareTakenBy", "sparePromised", "SpareDue"},
		"variants/8c.go":  {"monsoonGrace", "MonsoonGrace"},
		"variants/9a.go":  {"formationStartRoll"},        // StartRoll stays a key of CarPosition and of an event
		"variants/5b.go":  {"fittedWing", "wingChoices"}, // Wing stays Option's (the setup's choice)
		"variants/5c.go":  {"lockSet"},                   // Lock stays Option's; lockNames are the setup's options too
	} {
		assertNamedOnlyIn(t, own, names...)
	}
	car := reflect.TypeFor[Car]()
	for _, field := range []string{"TopUsed", "SuperTopUsed", "PedalUsed", "TelemetryUsed", "PitHeld", "EngineerPointsUsed", "ClockOut",
		"SeasonTokensUsed", "GridPilotPoints", "QualifyingPilotPoints", "PilotPointsUsed", "NationalPointUsed", "TeamPilotPointsUsed",
		"Boosts", "BoostsLap", "BoosterBuild", "BoostersChosen", "MechanicsEarned", "Spare", "SpareDue", "Wing", "Lock"} {
		_, back := car.FieldByName(field)
		assert.False(t, back, "Car.%s is a variant's slot now", field)
	}
}

// fdr's per-car state (R6.8, R10.14, R12.6, R16.4, T8) and 8-C's and
// 9-A's are slots: no field of Car holds them any more, and fdr's slots
// are declared in fdr/state.go alone (the base reads them through the
// slot or the accessors beside it: isWreck, inertia, arrival,
// EliminationReason).
func TestFDRSlotsAreNotCarFields(t *testing.T) {
	car := reflect.TypeFor[Car]()
	for _, field := range []string{"Restart", "Wreck", "Inertia", "Reason", "Arrival", "MonsoonGrace", "StartRoll"} {
		_, has := car.FieldByName(field)
		assert.False(t, has, "Car.%s is a slot now (slot.go)", field)
	}
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	fdrFiles, err := filepath.Glob("fdr/*.go") // fdr is package engine/fd/fdr (issue 13)
	require.NoError(t, err)
	files = append(files, fdrFiles...)
	for _, slot := range []string{"spinRestart", "wreckOnBoard", "engineInertia", "eliminationReason", "levelArrival"} {
		declared := regexp.MustCompile(`^\s*` + slot + `\s*=\s*(fd\.)?[nN]ew\w*Slot\[`)
		var in []string
		for _, f := range files {
			b, err := os.ReadFile(f)
			require.NoError(t, err)
			for _, line := range strings.Split(string(b), "\n") {
				if declared.MatchString(line) {
					in = append(in, f)
				}
			}
		}
		assert.Equal(t, []string{filepath.Join("fdr", "state.go")}, in, "%s is declared once, in engine/fd/fdr's state.go (fd.NewCheckedSlot, fd.NewKeyedSlot)", slot)
	}
}

// assertNamedOnlyIn checks that no engine file but own names any of names
// as a whole word (PitHeld, not PitHeldEvent).
func assertNamedOnlyIn(t *testing.T, own string, names ...string) {
	t.Helper()
	files := baseAndVariantFiles(t)
	require.Contains(t, files, own)
	fdrFiles, err := filepath.Glob("fdr/*.go") // the competition rules' package names none of them either
	require.NoError(t, err)
	files = append(files, fdrFiles...)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || f == own {
			continue
		}
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		for i, line := range strings.Split(string(b), "\n") {
			for _, name := range names {
				word := regexp.MustCompile(`\b` + name + `\b`)
				assert.False(t, word.MatchString(line), "%s:%d names %s, %s's", f, i+1, name, own)
			}
		}
	}
}
