package fd

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/engine/dice"
)

// fdrConfig is the fdr row's base configuration for engine/fd's own
// tests, which cannot import fdr once it is package fdr (it imports
// engine/fd): the rulesets table hands out the module's (FDRConfig today)
// through its ConfigModule hook, as streetConfig does street's.
func fdrConfig() Config { return ConfigFor(FDR) }

// fdrDefaultBuild is the build a car starts with when it chooses none
// under the competition rules (fdr AMB-45's league standard), as the base
// asks it: the start of the ruleset's configuration.
func fdrDefaultBuild() Wear { return fdrConfig().Start }

// submitBuild orders car's build w as a player does, by numbers, through
// the setup's order (SetupOrder: fdr's R5.2 and T10 and the league
// variants' hooks on them); fdr's own tests call fdrSubmitBuild.
func submitBuild(g *Game, car int, w Wear) error {
	return g.submitSetup(Order{Car: car, Build: w}, &Decision{Car: car, Kind: DecideBuild})
}

// inertiaOf is car's engine inertia (R16.4, R16.7) as the game's position
// writes it: "" none, "pending" the engine just blew and the next play is
// the inertia move, then "moved", "extended", "extended-moving".
func inertiaOf(t *testing.T, g *Game, car int) string {
	t.Helper()
	for _, cp := range g.Position().Cars {
		if cp.Car == car {
			return cp.Inertia
		}
	}
	require.Failf(t, "no such car", "car %d is not in the position", car)
	return ""
}

// setupPlayedToRaceTyres is a game of cars on the FDR Lab under cfg whose
// setup the autopilot played as its players would (qualifying, pit boxes,
// builds) up to where every car is asked its race tyres (R8.1): the
// setup's last decision before the cars are placed on the grid (and
// before any league variant's start, 9-A's formation lap). The base tests
// reach that stage so, since fdr's stages are fdr's own.
func setupPlayedToRaceTyres(t *testing.T, name string, cfg Config, cars int) *Game {
	t.Helper()
	g, err := NewGame(name, cfg, fdrLab(t), cars)
	require.NoError(t, err)
	src := dice.NewSeeded(SeedFrom("setup of " + name))
	require.NoError(t, g.Start(src))
	raceTyres := func() bool { // R1.5 asks tyres before each session too
		d := g.PendingAll()
		qs, ok := g.qualifyingState()
		return ok && !qs.InQualifying && len(d) == cars && d[0].Kind == DecideTyres
	}
	autopilotUntil(t, g, src, raceTyres)
	require.True(t, raceTyres(), "every car is asked its race tyres")
	return g
}

// chooseRaceTyres answers each car's race tyres (R8.1) with tyre(car), in
// car order, by the letter its player would send; the last answer ends the
// setup and plays on with src, the earlier ones roll nothing.
func chooseRaceTyres(t *testing.T, g *Game, tyre func(car int) Tyre, src dice.Source) {
	t.Helper()
	cars := CarNumbers(len(g.Cars))
	for i, n := range cars {
		from := dice.Source(dice.NewScripted())
		if i == len(cars)-1 {
			from = src
		}
		letter := ""
		for _, d := range g.PendingAll() {
			if d.Car != n || d.Kind != DecideTyres {
				continue
			}
			for _, op := range d.Options {
				if op.Tyre == tyre(n) {
					letter = op.Letter
				}
			}
		}
		require.NotEmpty(t, letter, "car %d is offered %s", n, tyre(n))
		require.NoError(t, g.Submit(Order{Car: n, Letter: letter}, from))
	}
}

// buildFits says why w is not a configuration sp allows, restating R5.2
// for the base tests (fdr's own check, validateSpread, is engine/fd/fdr's;
// TestBuildFitsIsFDRsCheck and TestBuildFitsIsFDRsCheckInTheVariants,
// register_fdr_test.go, hold them equal): every
// category at least 1, CarMin to CarMax points on the car, and sp.Only's
// configuration when the spread has one (AX-5).
func buildFits(w Wear, sp Spread) error {
	if sp.Only != (Wear{}) && w != sp.Only {
		return fmt.Errorf("%s: the spread allows %s only", w.Compact(), sp.Only.Compact())
	}
	for cat, v := range w {
		if v < 1 {
			return fmt.Errorf("%s: category %d below 1 (R5.2)", w.Compact(), cat)
		}
	}
	if n := w.CarPoints(); n < sp.CarMin || n > sp.CarMax {
		return fmt.Errorf("%s: %d points on the car, not %d to %d (R5.2)", w.Compact(), n, sp.CarMin, sp.CarMax)
	}
	return nil
}

// BuildFits is buildFits for engine/fd's external tests (package fd_test),
// which may import engine/fd/fdr: TestBuildFitsIsFDRsCheck and
// TestBuildFitsIsFDRsCheckInTheVariants.
var BuildFits = buildFits
