package fd

import "fmt"

// 23-C Nationality (league-variants.md ch. 23): each pilot declares
// before the season the GP where he gets one piloting point, ±1 square on
// one move, lost if unused. The league gives that event's game each car's
// point (uses=0/1/0, car 1 first); it is played through 23-A's hook (the
// Top's, §0.4 step 4) and stacks with an earned 23-A point in the same
// race, one ±1 a move. A car with both spends the nationality point
// first, as it expires with the race [DEC]; the "pilot-point" event says
// which it spent (point=national or earned).

func variant23C() Variant {
	return Variant{ID: "23-C", Group: "b", Name: "Nationality point", NameFR: "Nationalité", Chapter: chExperience, Scope: ScopeLeague, Engine: true,
		Params: []VariantParam{
			{Key: "uses", Default: "", OmitEmpty: true, Help: "each car's nationality point at this race (1 at its pilot's home GP), car 1 first, separated by / (the league fills it)"},
		},
		Help: "one piloting point (±1 square) a season, usable only at the home GP the pilot declared before the season; lost if unused",
		set: func(c *Config, p map[string]string) error {
			uses, err := parsePlaces(p["uses"])
			if err != nil {
				return fmt.Errorf("variant 23-C: uses: %w", err)
			}
			for _, n := range uses {
				if n > 1 {
					return fmt.Errorf("variant 23-C: uses: one nationality point a race, not %d", n)
				}
			}
			c.Variants.NationalPoints = p["uses"]
			return nil
		},
		get: func(c Config) (map[string]string, bool) {
			return map[string]string{"uses": c.Variants.NationalPoints}, c.Variants.NationalPoints != ""
		},
	}
}

// usesOf reads car's count in a uses parameter ("1/0/2", car 1 first).
func usesOf(param string, car int) int {
	uses, _ := parsePlaces(param) // checked when set
	if car < 1 || car > len(uses) {
		return 0
	}
	return uses[car-1]
}
