package fd

// RulesetInfo is what the rest of Pitwall needs to know of a ruleset, so
// that bot, render and cmd ask the table instead of comparing names
// (issue 13: one read-only table names each ruleset).
type RulesetInfo struct {
	ID Ruleset
	// Name names the rules for people, in English and French.
	Name [2]string
	// Config is the ruleset's base configuration, before laps, optional
	// rules and variants.
	Config func() Config
	// Drivers: every player picks a driver with their own ability
	// (U-DRV-01), and the race needs a street circuit (§2.18).
	Drivers bool
}

// rulesets lists every ruleset, the complete rules first (the default).
var rulesets = []RulesetInfo{
	{ID: FD2008, Name: [2]string{"the Formula D complete rules", "les règles complètes de Formula D"}, Config: DefaultConfig},
	// 3 laps, a qualifying session (FDR R0.1, R1.1)
	{ID: FDR, Name: [2]string{"the FD-Règles competition rules", "les règles de compétition FD-Règles"}, Config: FDRConfig},
	// §2.18: drivers, hard tyres, no pits
	{ID: Street, Name: [2]string{"the street-race rules", "les règles de course de rue"}, Config: StreetConfig, Drivers: true},
}

// Rulesets lists every ruleset Pitwall plays, the default first.
func Rulesets() []RulesetInfo { return append([]RulesetInfo(nil), rulesets...) }

// Info describes a ruleset; an unknown one (or none) reads as the
// complete rules' description.
func (r Ruleset) Info() RulesetInfo {
	for _, info := range rulesets {
		if info.ID == r {
			return info
		}
	}
	return rulesets[0]
}

// ConfigFor is a ruleset's base configuration; "" is the complete rules.
// An unknown name keeps its name, so that Validate refuses it naming the
// rulesets there are.
func ConfigFor(r Ruleset) Config {
	if r == "" {
		return DefaultConfig()
	}
	for _, info := range rulesets {
		if info.ID == r {
			return info.Config()
		}
	}
	cfg := DefaultConfig()
	cfg.Rules = r
	return cfg
}
