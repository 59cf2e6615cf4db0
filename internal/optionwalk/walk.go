package optionwalk

import (
	"fmt"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/phrase"
	"github.com/pitwall/pitwall/tracks"
)

// Case is one race set-up the walk plays, with as many seeds.
type Case struct {
	Name     string
	Rules    string
	Track    string
	Cars     int
	Laps     int
	Optional []string // fd2008's optional rules (formula-d-2008.md §2.17)
	Variants []string // league variants, as `--variant` takes them
	Seeds    int
}

// Cases are the set-ups that, between them, offer every option kind:
// each ruleset, the optional rules, qualifying, and every built league
// variant that changes what an option offers or costs.
func Cases() []Case {
	every := []string{"building", "qualifying", "weather", "tyres", "pit-options", "team"}
	return []Case{
		{Name: "fd2008", Rules: "fd2008", Track: "port-azur", Cars: 6, Laps: 2, Seeds: 6},
		{Name: "fd2008 with every optional rule", Rules: "fd2008", Track: "hollowmere", Cars: 6, Laps: 2, Optional: every, Seeds: 8},
		{Name: "fd2008 with tyres", Rules: "fd2008", Track: "port-azur", Cars: 6, Laps: 2, Optional: []string{"tyres", "pit-options"}, Seeds: 4},
		{Name: "fd2008 qualifying on the test oval", Rules: "fd2008", Track: "test-oval", Cars: 4, Laps: 1, Optional: []string{"qualifying"}, Seeds: 4},
		{Name: "fdr with qualifying", Rules: "fdr", Track: "port-azur", Cars: 6, Laps: 2, Seeds: 8},
		{Name: "fdr oval", Rules: "fdr", Track: "oval", Cars: 8, Laps: 2, Seeds: 6},
		{Name: "fdr with league variants", Rules: "fdr", Track: "hollowmere", Cars: 6, Laps: 2, Seeds: 2,
			Variants: []string{"6-C:box=B61", "18-A", "6-A", "19-B", "19-H", "22-A", "4-A:mode=d", "1-B", "14-B", "17-A", "17-C"}},
		{Name: "fdr with pilot points", Rules: "fdr", Track: "port-azur", Cars: 4, Laps: 1, Seeds: 1,
			Variants: []string{"23-A:uses=2/2/2/2", "23-C:uses=1/0/1/0"}},
		{Name: "fdr with pilot points spent on a reroll", Rules: "fdr", Track: "port-azur", Cars: 4, Laps: 1, Seeds: 1,
			Variants: []string{"23-A:scheme=g,uses=1/1/1/1"}},
		{Name: "fdr with tests refused by a pilot point and by the Super Top", Rules: "fdr", Track: "port-azur", Cars: 4, Laps: 1, Seeds: 1,
			Variants: []string{"23-A:scheme=d,uses=1/1/1/1", "6-B:refuse_test=yes"}},
		{Name: "fdr with season tokens beside the bonus point", Rules: "fdr", Track: "port-azur", Cars: 4, Laps: 1, Seeds: 1,
			Variants: []string{"23-A:scheme=c,uses=1/0/1/0,tokens=2/2/1/0"}},
		{Name: "fdr with a team budget", Rules: "fdr", Track: "port-azur", Cars: 4, Laps: 1, Seeds: 1,
			Variants: []string{"4-B:mode=b,pilots=3/3/1/1"}},
		{Name: "fdr with pits by team rank", Rules: "fdr", Track: "port-azur", Cars: 5, Laps: 1, Seeds: 1,
			Variants: []string{"4-A:mode=c,ranking=2/1", "1-C:last=2/1/0/3/4,championship=1/2/3/0/4"}},
		{Name: "fdr with a season build pot and a running order", Rules: "fdr", Track: "port-azur", Cars: 4, Laps: 1, Seeds: 1, Variants: []string{"5-E:totals=24/18/0/22", "1-A:championship=2/1/0/3"}},
		{Name: "fdr qualifying contest", Rules: "fdr", Track: "test-oval", Cars: 4, Laps: 1, Seeds: 1, Variants: []string{"AX-2"}},
		{Name: "fdr marathon circuit, cars carried in", Rules: "fdr", Track: "test-oval", Cars: 4, Laps: 1, Seeds: 1, Variants: []string{"AX-3:carry=1:5:0:9/3/2/2/2/2+2:0:1:8/3/2/2/2/2+3:3:2:9/3/1/2/2/2"}},
		{Name: "fdr with the road, start and spin variants", Rules: "fdr", Track: "port-azur", Cars: 8, Laps: 2, Seeds: 2,
			Variants: []string{"9-A", "10-A", "17-B", "17-D", "5-C:level=A1"}},
		{Name: "fdr with engine and gearbox options", Rules: "fdr", Track: "port-azur", Cars: 6, Laps: 2, Seeds: 2,
			Variants: []string{"5-A", "6-A", "6-B", "16-A", "16-B", "16-C", "16-E"}},
		{Name: "fdr with the pit pack", Rules: "fdr", Track: "port-azur", Cars: 6, Laps: 3, Seeds: 4,
			Variants: []string{"19-A", "19-B", "19-C", "19-D", "19-H", "19-E:pit_repairs_too=yes", "19-F:points=2/2/1/1/3/3", "19-G:points=12/5/21/0/12/5"}},
		{Name: "fdr with team points raising the quick stop", Rules: "fdr", Track: "port-azur", Cars: 6, Laps: 3, Seeds: 2,
			Variants: []string{"19-G:points=5/0/0/0/0/0", "23-B:scheme=c,quick=1/2/0/0/3/1"}},
		{Name: "fdr with super-soft tyres, telemetry and wings", Rules: "fdr", Track: "port-azur", Cars: 4, Laps: 1, Seeds: 2,
			Variants: []string{"8-B", "5-E2", "5-B"}},
		{Name: "fdr with monsoon tyres and the weather matrix", Rules: "fdr", Track: "hollowmere", Cars: 6, Laps: 2, Seeds: 6,
			Variants: []string{"8-C", "3-A", "6-C"}},
		{Name: "fdr with the steering lock chosen", Rules: "fdr", Track: "port-azur", Cars: 2, Laps: 1, Seeds: 1,
			Variants: []string{"5-C"}},
		{Name: "fdr with a high wing of form b", Rules: "fdr", Track: "port-azur", Cars: 2, Laps: 1, Seeds: 1,
			Variants: []string{"5-B:loaded=b"}},
		{Name: "fdr with the seventh gear", Rules: "fdr", Track: "oval", Cars: 6, Laps: 2, Seeds: 2, Variants: []string{"6-D"}},
		{Name: "fdr with évo engines", Rules: "fdr", Track: "port-azur", Cars: 4, Laps: 2, Seeds: 2, Variants: []string{"16-D:limits=8/6/4/8,bonus=1/1/1/0"}},
		{Name: "fdr FD Blitz, the symmetric heat", Rules: "fdr", Track: "port-azur", Cars: 2, Laps: 1, Seeds: 1, Variants: []string{"AX-5:start=symmetric"}},
		{Name: "street", Rules: "street", Track: "race-city", Cars: 9, Laps: 2, Seeds: 8},
		{Name: "street in the weather", Rules: "street", Track: "race-city", Cars: 10, Laps: 2, Optional: []string{"weather"}, Seeds: 8},
	}
}

// Config is the case's race configuration.
func (c Case) Config() (fd.Config, error) {
	cfg := fd.ConfigFor(fd.Ruleset(c.Rules))
	if c.Laps > 0 {
		cfg.Laps = c.Laps
	}
	for _, o := range c.Optional {
		if err := cfg.EnableOptional(o); err != nil {
			return cfg, err
		}
	}
	for _, v := range c.Variants {
		if err := cfg.EnableVariant(v); err != nil {
			return cfg, err
		}
	}
	return cfg, cfg.Validate()
}

// Offer is one decision met on the walk, in its game as it stands (the
// game the board draws: Decision is its Pending()).
type Offer struct {
	Case     Case
	Seed     string
	Game     *fd.Game
	Decision fd.Decision
	// New are the decision kind ("decision:gear") and phrase keys this
	// decision is the first of its case to bring.
	New []string
}

// maxPlays bounds a race that would not end.
const maxPlays = 20000

// Walk plays each case's seeded autopilot races and calls visit with each
// pending decision that brings a decision kind or a phrase key its case
// has not visited yet. It returns every key met, over all cases.
func Walk(cases []Case, visit func(Offer) error) (map[string]bool, error) {
	return WalkTold(cases, visit, nil)
}

// WalkTold is Walk that also hands every event of each race, and every
// play's board summary, to tell (nil: none), and counts their keys among
// those met.
func WalkTold(cases []Case, visit func(Offer) error, tell func(Told) error) (map[string]bool, error) {
	all := map[string]bool{}
	visitEvent := func(t Told) error {
		for _, k := range Keys([]phrase.Phrase{t.Phrase}) {
			all[k] = true
		}
		if tell == nil {
			return nil
		}
		return tell(t)
	}
	for _, c := range cases {
		cfg, err := c.Config()
		if err != nil {
			return all, fmt.Errorf("%s: %w", c.Name, err)
		}
		circuit, err := tracks.Get(c.Track)
		if err != nil {
			return all, err
		}
		seen := map[string]bool{}
		for s := range max(c.Seeds, 1) {
			seed := fmt.Sprintf("optionwalk %s %d", c.Name, s)
			g, err := fd.NewGame("walk", cfg, circuit, c.Cars)
			if err != nil {
				return all, fmt.Errorf("%s: %w", c.Name, err)
			}
			src := dice.NewSeeded(fd.SeedFrom(seed))
			if err := g.Start(src); err != nil {
				return all, fmt.Errorf("%s: %w", c.Name, err)
			}
			for step := 0; !g.Over; step++ {
				if step > maxPlays {
					return all, fmt.Errorf("%s, seed %q: no end after %d orders", c.Name, seed, maxPlays)
				}
				if d := g.Pending(); d != nil {
					var fresh []string
					for _, k := range decisionKeys(g, d) {
						all[k] = true
						if !seen[k] {
							seen[k] = true
							fresh = append(fresh, k)
						}
					}
					if len(fresh) > 0 {
						if err := visit(Offer{Case: c, Seed: seed, Game: g, Decision: *d, New: fresh}); err != nil {
							return all, err
						}
					}
				}
				o, ok := fd.Autopilot(g)
				if !ok {
					return all, fmt.Errorf("%s, seed %q: nothing pending", c.Name, seed)
				}
				if err := g.Submit(o, src); err != nil {
					return all, fmt.Errorf("%s, seed %q: %w", c.Name, seed, err)
				}
			}
			if err := tellRace(g, visitEvent); err != nil {
				return all, fmt.Errorf("%s, seed %q: %w", c.Name, seed, err)
			}
		}
	}
	return all, nil
}

// Told is one thing a race tells its players, as the rules say it: an
// event of its record (Event set) or a play's summary on the board.
type Told struct {
	Game   *fd.Game
	Event  *fd.Event // nil for a summary
	Phrase phrase.Phrase
}

// tellRace hands each event of g and each phrase of each play's summary
// to tell.
func tellRace(g *fd.Game, tell func(Told) error) error {
	for i := range g.Events {
		if err := tell(Told{Game: g, Event: &g.Events[i], Phrase: fd.EventPhrase(g.Track, g.Events[i])}); err != nil {
			return err
		}
	}
	plays := g.Plays()
	for i := range plays {
		for _, p := range g.PlaySummary(&plays[i]) {
			if err := tell(Told{Game: g, Phrase: p}); err != nil {
				return err
			}
		}
	}
	return nil
}

// decisionKeys is the decision's kind, the keys of its header and of its
// options' facts.
func decisionKeys(g *fd.Game, d *fd.Decision) []string {
	out := []string{"decision:" + string(d.Kind)}
	out = append(out, Keys([]phrase.Phrase{g.DecisionPhrase(d, "Anna")})...)
	for _, op := range d.Options {
		out = append(out, Keys(g.OptionFacts(d, op))...)
	}
	return out
}

// Keys lists the catalog keys a list of phrases uses: theirs, their
// nested phrases' and their terms' (zero phrases say nothing and use none).
func Keys(ps []phrase.Phrase) []string {
	var out []string
	var walk func(p phrase.Phrase)
	walk = func(p phrase.Phrase) {
		if p.IsZero() { // a part left unsaid ("", no braking)
			return
		}
		out = append(out, p.Key)
		for _, a := range p.Args {
			switch v := a.(type) {
			case phrase.Phrase:
				walk(v)
			case phrase.Term:
				out = append(out, string(v))
			}
		}
	}
	for _, p := range ps {
		walk(p)
	}
	return out
}
