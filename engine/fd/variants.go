package fd

import (
	"fmt"
	"slices"
	"strings"
)

// League variants (league-variants.md): optional rules a league plays on
// top of the competition rules (fdr). This file is the read-only registry
// of all of them, the 62 numbered variants and the 5 side events (§1), in
// the order of §6 ((a), (b), (c), then the annexes), and the switches a
// game carries for those the race engine applies; each such variant lives
// in its own file of engine/fd/variants (1a.go, ax3.go …), registered by
// id (registeredVariant), the ones not built yet in
// variant_listed.go. League-level variants (standings, classification by
// distance, the black flag) are listed here so that a league can validate
// its switches, but a game refuses them: the league layer applies them.

// VariantScope says where a variant applies (league-variants.md §1).
type VariantScope string

const (
	ScopeRace      VariantScope = "race"       // inside one race
	ScopeLeague    VariantScope = "league"     // across a championship
	ScopeSideEvent VariantScope = "side-event" // a separate game mode
)

// VariantParam is one parameter of a variant, with its default.
type VariantParam struct {
	Key     string   `json:"key"`
	Default string   `json:"default"`
	Values  []string `json:"values,omitempty"` // the legal values; empty: the variant checks the text
	Help    string   `json:"help"`
	// Aliases are other names the parameter is given by, the spec's
	// (league-variants.md writes pit_limit where 19-A says limit):
	// ParseVariantSpec reads them, the record keeps Key.
	Aliases []string `json:"aliases,omitempty"`
	// OmitEmpty leaves the parameter out of the record's header when it
	// is empty: a parameter added later, so that the headers of games
	// recorded before it stay as they were.
	OmitEmpty bool `json:"-"`
	// OmitDefault leaves it out when it is its default: a parameter
	// added later with a default the games before it played.
	OmitDefault bool `json:"-"`
	// Recorded is the value a record's header written before the
	// parameter existed means (setVariantOption): a parameter added later
	// whose default changes what such games played, so that they replay.
	Recorded string `json:"-"`
}

// Variant is one entry of the registry.
type Variant struct {
	ID      string         `json:"id"`
	Group   string         `json:"group"` // §6: a (first season), b (season 2 and later), c (exotic)
	Name    string         `json:"name"`
	NameFR  string         `json:"name_fr"`
	Chapter string         `json:"chapter"`
	Scope   VariantScope   `json:"scope"`
	Engine  bool           `json:"engine"` // a switch of one game (sim and game create --variant); false: the league's
	Params  []VariantParam `json:"params"`
	Help    string         `json:"help"`
	// Ready: the engine applies this game switch today (a variant listed
	// but not built yet is refused by EnableVariant).
	Ready bool `json:"ready"`
	// Implemented: the engine (Ready) or the league layer (engine/league,
	// bot) applies it today; false: listed, refused by --variant.
	Implemented bool `json:"implemented"`

	// byLeague: the league layer applies this league variant.
	byLeague bool

	// set turns the variant on with every parameter given; get reports it
	// with its parameters, or false when it is off. Nil for league ones.
	set func(c *Config, p map[string]string) error
	get func(c Config) (map[string]string, bool)
	// build makes a variant built as a module from its parameters
	// (moduleVariant); nil for a variant the league applies (byLeague).
	build func(p map[string]string) (any, error)
	// events are the kinds only this variant writes, in its own package
	// (WithEvents); the codec learns them from the registry.
	events []ModuleEvent
}

// Variants are the league variants one game plays with (Config.Variants),
// each set by its file; the zero value plays none.
type Variants struct {
	// modules are the variants built as modules (modules.go), with their
	// parameters; NewGame builds them and finds their hooks
	modules []variantOn
}

// VariantList is the registry, in the order of league-variants.md §6:
// (a), (b), (c), then the annexes' side events. Each call returns a fresh
// copy.
func VariantList() []Variant {
	list := variantsFirstSeason()
	for i := range list {
		list[i].Group = "a"
	}
	list = append(list, listedVariantsB()...)
	list = append(list, listedVariantsC()...)
	list = append(list, listedSideEvents()...)
	for i := range list {
		list[i].Ready = list[i].set != nil
		list[i].Implemented = list[i].Ready || list[i].byLeague
	}
	return list
}

// variantsFirstSeason are §6(a)'s 14, all built.
func variantsFirstSeason() []Variant {
	return []Variant{
		registeredVariant("6-C"),
		{ID: "21-A", byLeague: true, Name: "Classification by distance", NameFR: "Distance", Chapter: "21 Finish", Scope: ScopeLeague,
			Params: []VariantParam{}, Help: "every starter is classified, non-finishers by the distance they covered, so an eliminated pilot can score"},
		registeredVariant("1-C"),
		registeredVariant("1-B"),
		registeredVariant("4-A"),
		registeredVariant("6-A"),
		registeredVariant("18-A"),
		registeredVariant("19-B"),
		registeredVariant("19-H"),
		{ID: "7-A", byLeague: true, Name: "Black flag", NameFR: "Drapeau noir", Chapter: "7 Code of conduct", Scope: ScopeLeague,
			Params: []VariantParam{}, Help: "a warned pilot can be excluded from a race by a two-thirds vote; a second black flag excludes him from the championship"},
		{ID: "24-A", byLeague: true, Name: "Qualifying ranking", NameFR: "Classement essais", Chapter: "24 Side rankings", Scope: ScopeLeague,
			Params: []VariantParam{}, Help: "grid points 10-6-4-3-2-1 build a ranking of the best qualifiers, pilots and teams"},
		{ID: "24-B", byLeague: true, Name: "Media ranking", NameFR: "Classement médiatique", Chapter: "24 Side rankings", Scope: ScopeLeague,
			Params: []VariantParam{}, Help: "the rounds each pilot led, summed over the season, pilots and teams"},
		{ID: "24-D", byLeague: true, Name: "Bad-luck Cup", NameFR: "Coupe « Pas de Bol »", Chapter: "24 Side rankings", Scope: ScopeLeague,
			Params: []VariantParam{}, Help: "one point a race to the unluckiest pilot, by a vote of the members, the luck index breaking ties"},
		registeredVariant("22-A"),
	}
}

// LookupVariant finds a variant by its id (6-C, 6-c).
func LookupVariant(id string) (Variant, bool) {
	for _, v := range VariantList() {
		if strings.EqualFold(v.ID, id) {
			return v, true
		}
	}
	return Variant{}, false
}

// ParseVariantSpec reads "ID" or "ID:key=value,key=value" (the form of
// --variant and of a record's option line).
func ParseVariantSpec(spec string) (Variant, map[string]string, error) {
	id, rest, _ := strings.Cut(strings.TrimSpace(spec), ":")
	v, ok := LookupVariant(id)
	if !ok {
		return v, nil, fmt.Errorf("unknown variant %q (known: %s)", id, strings.Join(variantIDs(), ", "))
	}
	p := map[string]string{}
	for _, prm := range v.Params {
		p[prm.Key] = prm.Default
	}
	if rest == "" || rest == "on" {
		return v, p, nil
	}
	given := map[string]string{} // canonical key: the name it was given by
	for _, kv := range strings.Split(rest, ",") {
		name, val, ok := strings.Cut(kv, "=")
		i := slices.IndexFunc(v.Params, func(x VariantParam) bool { return x.Key == name || slices.Contains(x.Aliases, name) })
		if !ok || i < 0 {
			return v, nil, fmt.Errorf("variant %s: %q is not one of its parameters (%s)", v.ID, kv, paramKeys(v))
		}
		prm := v.Params[i]
		if first, twice := given[prm.Key]; twice {
			return v, nil, fmt.Errorf("variant %s: %s is given twice (%s and %s name the same parameter)", v.ID, prm.Key, first, name)
		}
		given[prm.Key] = name
		if len(prm.Values) > 0 {
			legal, ok := legalValue(prm.Values, val)
			if !ok {
				return v, nil, fmt.Errorf("variant %s: %s=%q must be one of %s", v.ID, name, val, strings.Join(prm.Values, ", "))
			}
			val = legal
		}
		p[prm.Key] = val
	}
	return v, p, nil
}

// legalValue is the legal value val names: itself, the same in capitals
// (the spec writes the forms A, B where the registry writes a, b), or
// true/false for a yes/no parameter (the spec's booleans).
func legalValue(legal []string, val string) (string, bool) {
	if len(legal) == 2 && slices.Contains(legal, "yes") && slices.Contains(legal, "no") {
		switch strings.ToLower(val) {
		case "true":
			val = "yes"
		case "false":
			val = "no"
		}
	}
	for _, v := range []string{val, strings.ToLower(val)} {
		if slices.Contains(legal, v) {
			return v, true
		}
	}
	return "", false
}

// EnableVariant turns a variant on for this game ("6-C", "6-C:box=B61").
// League variants are refused: a league applies them, not a race.
func (c *Config) EnableVariant(spec string) error {
	v, p, err := ParseVariantSpec(spec)
	if err != nil {
		return err
	}
	if err := v.NotBuilt(); err != nil {
		return err
	}
	if !v.Engine {
		kind := "a league rule"
		if v.Scope == ScopeSideEvent {
			kind = "a league side event"
		}
		return fmt.Errorf("variant %s (%s) is %s: a league plays it (league create --variant %s), not one game", v.ID, v.Name, kind, v.ID)
	}
	if !c.Rules.entry().Can.LeagueVariants {
		return fmt.Errorf("variant %s: the league variants sit on the competition rules (rules %s), not %s", v.ID, FDR, c.Rules)
	}
	return v.set(c, p)
}

// NotBuilt refuses a variant listed but not applied by anyone yet: a game
// (EnableVariant) and a league (league create) both ask it.
func (v Variant) NotBuilt() error {
	if v.Implemented {
		return nil
	}
	return fmt.Errorf("variant %s (%s) is listed but not built yet", v.ID, v.Name)
}

// variantOptions writes the variants a game plays as record options:
// variant.ID=key=value,… with every parameter, or variant.ID=on.
func (c Config) variantOptions() map[string]string {
	out := map[string]string{}
	if len(c.Variants.modules) == 0 {
		// every variant's get is moduleVariant's, on only when its id is
		// among the modules: none is on, and the table (about 70 KB
		// built afresh, a fifth as much again as a race's record lines)
		// need not be read for each record's header (issue 14)
		return out
	}
	for _, v := range VariantList() {
		if v.get == nil {
			continue
		}
		p, on := v.get(c)
		if !on {
			continue
		}
		var parts []string
		for _, prm := range v.Params {
			if (prm.OmitEmpty && p[prm.Key] == "") || (prm.OmitDefault && p[prm.Key] == prm.Default) {
				continue
			}
			parts = append(parts, prm.Key+"="+p[prm.Key])
		}
		val := strings.Join(parts, ",")
		if val == "" {
			val = "on"
		}
		out["variant."+v.ID] = val
	}
	return out
}

// VariantSpecs lists the variants a game plays, as --variant would name
// them.
func (c Config) VariantSpecs() []string {
	var out []string
	for _, v := range VariantList() {
		if val, ok := c.variantOptions()["variant."+v.ID]; ok {
			if val == "on" {
				out = append(out, v.ID)
			} else {
				out = append(out, v.ID+":"+val)
			}
		}
	}
	return out
}

// setVariantOption reads a record's "variant.ID=…" option.
func (c *Config) setVariantOption(key, val string) (bool, error) {
	id, ok := strings.CutPrefix(key, "variant.")
	if !ok {
		return false, nil
	}
	if v, found := LookupVariant(id); found {
		val = withRecordedParams(v, val)
	}
	return true, c.EnableVariant(id + ":" + val)
}

// withRecordedParams adds to a record's variant option the parameters it
// does not name that have a Recorded value: the header was written before
// they existed.
func withRecordedParams(v Variant, val string) string {
	given := map[string]bool{}
	if val != "on" {
		for _, kv := range strings.Split(val, ",") {
			name, _, _ := strings.Cut(kv, "=")
			given[name] = true
		}
	}
	var parts []string
	if val != "on" && val != "" {
		parts = append(parts, val)
	}
	for _, prm := range v.Params {
		if prm.Recorded != "" && !given[prm.Key] && !slices.ContainsFunc(prm.Aliases, func(a string) bool { return given[a] }) {
			parts = append(parts, prm.Key+"="+prm.Recorded)
		}
	}
	if len(parts) == 0 {
		return val
	}
	return strings.Join(parts, ",")
}

func variantIDs() []string {
	var out []string
	for _, v := range VariantList() {
		out = append(out, v.ID)
	}
	return out
}

func paramKeys(v Variant) string {
	if len(v.Params) == 0 {
		return "it has none"
	}
	var out []string
	for _, p := range v.Params {
		name := p.Key
		if len(p.Aliases) > 0 {
			name += " or " + strings.Join(p.Aliases, " or ")
		}
		out = append(out, name)
	}
	return strings.Join(out, ", ")
}

// onOff is the get of a variant without parameters.
func onOff(on bool) (map[string]string, bool) { return map[string]string{}, on }

// variantParam is a parameter of variant id as the configuration plays
// it; on is false when the variant is off.
func (c Config) variantParam(id, key string) (value string, on bool) {
	for _, m := range c.Variants.modules {
		if m.id == id {
			return m.params[key], true
		}
	}
	return "", false
}
