package main

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/pitwall/pitwall/engine/ai"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/rs"
	rsai "github.com/pitwall/pitwall/engine/rs/ai"
	"github.com/pitwall/pitwall/tracks"
	"github.com/pitwall/pitwall/tracks/rscircuit"
)

// AIBenchCmd races the AI levels against each other and the autopilot
// (contract in README.md).
type AIBenchCmd struct {
	Game     string   `default:"fd" enum:"fd,rs" help:"The game: fd (Formula Dé) or rs (Racing Simulator)."`
	Mode     string   `default:"standard" enum:"family,standard" help:"Racing Simulator: the family or the standard game."`
	Races    int      `default:"100" help:"Races per circuit."`
	Level    []string `name:"level" help:"An AI level to race (rookie, pro, legend); repeat it. Default: all three."`
	NoAuto   bool     `name:"no-autopilot" help:"Leave the autopilot out of the field."`
	PerLevel int      `default:"2" help:"Cars per level (and for the autopilot); Racing Simulator's family game takes 6 cars at most."`
	Track    []string `name:"track" help:"A circuit to race on; repeat it. Default: every Grand Prix circuit (port-azur, kestrel-downs, hollowmere, oval), race-city for street races."`
	Rules    string   `default:"fd2008" enum:"fd2008,fdr,street" help:"Ruleset: fd2008, fdr or street."`
	Laps     int      `help:"Laps to race (default: the ruleset's)."`
	Optional []string `name:"optional" sep:"," help:"Optional rules, comma-separated: of the complete rules (fd) or of the standard game (rs)."`
	Seed     string   `default:"ai-bench" help:"Seed word: the same seed gives the same tournament."`
	JSON     bool     `name:"json" help:"Print JSON."`
}

// grandPrix are the embedded circuits raced by default: not the unit-test
// oval, not the street circuit.
var grandPrix = []string{"port-azur", "kestrel-downs", "hollowmere", "oval"}

// streetCircuits are the embedded circuits of the street races (§2.18).
var streetCircuits = []string{"race-city"}

func (c *AIBenchCmd) Run(e *env) error {
	if c.Game == "rs" {
		return c.runRS(e)
	}
	cfg := fd.ConfigFor(fd.Ruleset(c.Rules))
	if c.Laps != 0 {
		cfg.Laps = c.Laps
	}
	for _, o := range c.Optional {
		if err := cfg.EnableOptional(o); err != nil {
			return err
		}
	}
	entrants, err := c.entrants()
	if err != nil {
		return err
	}
	ids := c.Track
	if len(ids) == 0 {
		ids = grandPrix
		if cfg.Rules.Info().Drivers {
			ids = streetCircuits
		}
	}
	var circuits []*tracks.Circuit
	for _, id := range ids {
		ct, err := loadCircuit(id)
		if err != nil {
			return err
		}
		circuits = append(circuits, ct)
	}
	res, err := ai.Bench(ai.BenchConfig{Rules: cfg, Circuits: circuits, Entrants: entrants, PerEntrant: c.PerLevel, Races: c.Races, Seed: c.Seed})
	if err != nil {
		return err
	}
	return c.report(e, res, fmt.Sprintf("%d races (%s, %d laps) on %s, %d cars per driver", res.Races, cfg.Rules, cfg.Laps, strings.Join(ids, ", "), c.PerLevel), "mean wear left")
}

// entrants are the levels asked for (every level by default), then the
// autopilot unless left out.
func (c *AIBenchCmd) entrants() ([]ai.Level, error) {
	var entrants []ai.Level
	for _, l := range c.Level {
		lvl, err := ai.ParseLevel(l)
		if err != nil {
			return nil, err
		}
		entrants = append(entrants, lvl)
	}
	if len(entrants) == 0 {
		entrants = ai.Levels()
	}
	if !c.NoAuto {
		entrants = append(entrants, ai.Autopilot)
	}
	return entrants, nil
}

// runRS is ai-bench for Racing Simulator, over both circuits by default.
func (c *AIBenchCmd) runRS(e *env) error {
	cfg := rs.Config{Mode: rs.Mode(c.Mode)}
	for _, o := range c.Optional {
		if err := cfg.SetOptional(o); err != nil {
			return err
		}
	}
	entrants, err := c.entrants()
	if err != nil {
		return err
	}
	ids := c.Track
	if len(ids) == 0 {
		ids = rscircuit.IDs()
	}
	var circuits []*rscircuit.Circuit
	for _, id := range ids {
		ct, err := rscircuit.Get(id)
		if err != nil {
			return err
		}
		circuits = append(circuits, ct)
	}
	res, err := rsai.Bench(rsai.BenchConfig{Rules: cfg, Circuits: circuits, Entrants: entrants, PerEntrant: c.PerLevel, Races: c.Races, Seed: c.Seed})
	if err != nil {
		return err
	}
	return c.report(e, res, fmt.Sprintf("%d races (Racing Simulator, %s game) on %s, %d cars per driver", res.Races, cfg.Mode, strings.Join(ids, ", "), c.PerLevel), "tyre cards left")
}

// report writes a tournament's result: --json's object, or its header
// line, the table and the head-to-head lines.
func (c *AIBenchCmd) report(e *env, res *ai.BenchResult, header, wearColumn string) error {
	if c.JSON {
		return printJSON(e, res)
	}
	fmt.Fprintf(e.stdout, "%s\n\n", header)
	return printBench(e, res, wearColumn)
}

// printBench prints a tournament's table and its head-to-head lines.
func printBench(e *env, res *ai.BenchResult, wearColumn string) error {
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "driver\tmean place\twin rate\tDNF rate\tplays per lap\t%s\tpit stops\t\n", wearColumn)
	for _, s := range res.Stats {
		fmt.Fprintf(tw, "%s\t%.2f\t%.1f %%\t%.1f %%\t%.2f\t%.1f\t%.2f\t\n", s.Entrant, s.MeanPlace, 100*s.WinRate, 100*s.DNFRate, s.PlaysPerLap, s.MeanWearLeft, s.PitStops)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(e.stdout, "\nhead to head (the best car of the first ahead of the best car of the second):")
	tw = tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	for _, h := range res.H2H {
		fmt.Fprintf(tw, "%s\t%s beats %s\t%.0f %%\n", h.Circuit, h.A, h.B, 100*h.AWins)
	}
	return tw.Flush()
}
