package fd

import (
	"slices"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/phrase"
)

// The race's state and its pending decisions as phrases (engine.Reported):
// what bot's status and decision texts say, computed here once so that bot
// lays them out and says them with the catalog, without reading the race
// or Config.Variants itself (issue 13, group 3 of docs/engine.md "What is
// left"). Every word is the catalog's (status.*, dec.*, fact.*).

var _ engine.Reported = Contract{}

// readerCar is the car a contract reader reads as (SeesCar): a seat's car,
// GameMaster for engine.Referee, no car (0) for a spectator.
func (c Contract) readerCar(reader int) int {
	switch {
	case reader == engine.Referee:
		return GameMaster
	case reader >= 0 && reader < len(c.G.Cars):
		return reader + 1
	}
	return 0
}

// Report is the race now as reader may read it: the round and play, the
// forecast and the counts toward a stoppage, and each car's place, status,
// laps, what it has left (standingFacts) and its state (CarStateFor).
func (c Contract) Report(reader int) engine.Report {
	g := c.G
	who := c.readerCar(reader)
	r := engine.Report{Progress: phrase.New("status.progress", g.Round, g.Play)}
	r.Notes = append(r.Notes, g.RunawayStatus()...) // league 10-A
	r.Notes = append(r.Notes, g.WeatherStatus()...) // league 3-A, 3-B, 3-C, 8-C
	r.Notes = append(r.Notes, g.RedFlagStatus()...) // league 21-B, 15-A
	for _, res := range g.Results() {
		facts := []phrase.Phrase{phrase.New(carStatusKey(res.Status)), lapsPhrase(res.Laps)}
		for _, counts := range standingFacts {
			facts = append(facts, counts(c, reader, res)...)
		}
		r.Standings = append(r.Standings, engine.Standing{Seat: res.Car - 1, Place: res.Place, Facts: facts, State: g.CarStateFor(who, res.Car)})
	}
	return r
}

func carStatusKey(status string) string {
	switch status {
	case "finished", "eliminated":
		return "status.car-" + status
	}
	return "status.car-racing"
}

// lapsPhrase: "1 lap", "0 laps" ("0 tours": the count bot always wrote).
func lapsPhrase(n int) phrase.Phrase {
	if n == 1 {
		return phrase.New("status.laps-one", n)
	}
	return phrase.New("status.laps", n)
}

// standingFacts say what a car has left, after its status and laps, each
// rule its own: the base game's wear points (or what a variant shows in
// their place), then the points the variants count. A variant that keeps
// a count a player reads in the status adds its function here. reader is
// the contract's (a seat, −1 a spectator, engine.Referee): a count that
// is part of a car's build asks ReadsBuild, as every view does.
var standingFacts = []func(c Contract, reader int, r Result) []phrase.Phrase{
	wearStanding,
	pilotPointsStanding,  // league 23-A, 23-C
	seasonTokensStanding, // league 23-A(c)
	boostersStanding,     // league 5-A, 16-F
}

// wearStanding is the car's wear points left, in the dashboard's order;
// under 5-D only its build's total to a reader who may not see it; as a
// WearStanding module shows it when the game plays one.
func wearStanding(c Contract, reader int, r Result) []phrase.Phrase {
	g := c.G
	if !c.ReadsBuild(reader, r.Car) {
		return []phrase.Phrase{phrase.New("status.car-hidden-build", g.BuildTotal(r.Car))} // league 5-D
	}
	if p, ok := g.shownWear(r); ok {
		return []phrase.Phrase{p}
	}
	var parts phrase.List
	for _, k := range []string{"tyres", "brakes", "gearbox", "gas", "body", "engine", "handling"} {
		if n, ok := r.Wear[k]; ok {
			parts = append(parts, phrase.New("status.wear-category", categoryTerm(k), n))
		}
	}
	return []phrase.Phrase{phrase.New("status.wear-points", parts)}
}

// categoryTerm is a wear category's word; a name that is none says
// nothing, as bot always wrote it.
func categoryTerm(name string) any {
	if !IsWearCategory(name) {
		return ""
	}
	return phrase.Category(name)
}

// pilotPointsStanding: the pilot points (23-A, 23-C) a car may still
// spend this race.
func pilotPointsStanding(c Contract, _ int, r Result) []phrase.Phrase {
	g := c.G
	if !g.KeepsPilotPoints() {
		return nil
	}
	n, inQualifying := g.PilotPointsLeft(r.Car), g.PilotPointsSpentInQualifying(r.Car)
	switch {
	case n == 0 && inQualifying > 0: // 23-A(i): one spend a GP weekend
		return []phrase.Phrase{phrase.New("status.pilot-points-spent-in-qualifying")}
	case n == 0:
		return []phrase.Phrase{phrase.New("status.pilot-points-none")}
	}
	return []phrase.Phrase{phrase.New("status.pilot-points-left", n)}
}

// seasonTokensStanding: the season boost tokens (23-A(c)) a car may still
// spend, each a +1 on a move.
func seasonTokensStanding(c Contract, _ int, r Result) []phrase.Phrase {
	n, ok := c.G.SeasonTokensLeft(r.Car)
	switch {
	case !ok:
		return nil
	case n == 0:
		return []phrase.Phrase{phrase.New("status.season-tokens-none")}
	}
	return []phrase.Phrase{phrase.New("status.season-tokens-left", n)}
}

// boostersStanding: the booster points (5-A, 16-F) a car may still boost
// with this race; under 5-D part of the build a reader may not see.
func boostersStanding(c Contract, reader int, r Result) []phrase.Phrase {
	n, ok := c.G.BoostersLeft(r.Car)
	switch {
	case !ok || !c.ReadsBuild(reader, r.Car):
		return nil
	case n == 0:
		return []phrase.Phrase{phrase.New("status.boosters-none")}
	}
	return []phrase.Phrase{phrase.New("status.boosters-left", n)}
}

// Asked lists the pending decisions as reader may read them, in
// PendingAll's order (AskedOf).
func (c Contract) Asked(reader int, name func(seat int) string) []engine.Asked {
	all := c.G.PendingAll()
	out := make([]engine.Asked, 0, len(all))
	for i := range all {
		n := ""
		if name != nil {
			n = name(all[i].Car - 1)
		}
		out = append(out, c.AskedOf(&all[i], n, reader))
	}
	return out
}

// AskedOf is decision d, asked by name, as reader may read it: the
// question as the rules say it (DecisionPhrase), each option's key and
// facts (OptionFacts), a gear decision listed by gear, and how to give
// 5-A's booster points with a build. Under 5-D a reader who may not see
// the car's build reads each option's first fact only (what it is, not
// what it costs: the costs and points left tell the build) and no help.
func (c Contract) AskedOf(d *Decision, name string, reader int) engine.Asked {
	g := c.G
	a := engine.Asked{Seat: d.Car - 1, Kind: string(d.Kind), Session: d.Session, Ask: g.DecisionPhrase(d, name),
		Hidden: !c.ReadsBuild(reader, d.Car)}
	for _, op := range d.Options {
		facts := g.OptionFacts(d, op)
		if a.Hidden && len(facts) > 1 {
			facts = facts[:1]
		}
		a.Options = append(a.Options, engine.AskedOption{Key: OptionKey(d, op), Facts: facts})
	}
	if d.Kind == DecideGear { // listed by gear, each under its number
		a.Listed = make([]int, len(d.Options))
		for i := range a.Listed {
			a.Listed[i] = i
		}
		slices.SortStableFunc(a.Listed, func(i, j int) int { return d.Options[i].Gear - d.Options[j].Gear })
	}
	if most, ok := g.BoosterChoice(); ok && !a.Hidden && d.Kind == DecideBuild && len(d.Options) > 0 {
		a.Help = append(a.Help, phrase.New("dec.booster-help", most)) // league 5-A, AMB-14
	}
	return a
}

// OptionFacts is what choosing key means for seat now, as the rules that
// made the option phrase it (Game.OptionFacts) and as seat reads its own
// decision (every fact); nil for a key that is not one of its options.
// The facts of one option, by its key, as Racing Simulator's contract
// gives them: bot says them without reading the option.
func (c Contract) OptionFacts(seat int, key string) []phrase.Phrase {
	d, ok := c.decisionOf(seat + 1)
	if !ok {
		return nil
	}
	for _, op := range d.Options {
		if OptionKey(&d, op) == key {
			return c.G.OptionFacts(&d, op)
		}
	}
	return nil
}

// AskedSeat is seat's pending decision, asked by name, as reader may read
// it (AskedOf, Asked's for that seat alone); false when seat has nothing
// to decide.
func (c Contract) AskedSeat(reader, seat int, name string) (engine.Asked, bool) {
	d, ok := c.decisionOf(seat + 1)
	if !ok {
		return engine.Asked{}, false
	}
	return c.AskedOf(&d, name, reader), true
}
