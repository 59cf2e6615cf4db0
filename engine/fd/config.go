package fd

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/dice"
)

// Ruleset names a rules module.
type Ruleset string

const (
	// FD2008 is the Formula D complete rules (formula-d-2008.md §2.1–2.16).
	FD2008 Ruleset = "fd2008"
	// FDR is the FD-Règles competition rules (fd-competition-rules.md),
	// built by FDRConfig; its code lives in the fdr_*.go files.
	FDR Ruleset = "fdr"
)

// Category is a structure-point category (R-PS-01).
type Category int

const (
	Tyres Category = iota
	Brakes
	Gearbox
	Body
	Engine
	Handling
	NumCategories
)

var categoryNames = [NumCategories]string{"tyres", "brakes", "gearbox", "body", "engine", "handling"}

func (c Category) String() string {
	if c < 0 || c >= NumCategories {
		return fmt.Sprintf("category(%d)", int(c))
	}
	return categoryNames[c]
}

// ParseCategory reads a category name.
func ParseCategory(s string) (Category, bool) {
	for i, n := range categoryNames {
		if n == s {
			return Category(i), true
		}
	}
	return 0, false
}

// Wear holds points per category.
type Wear [NumCategories]int

// String writes "tyres=6 brakes=3 …".
func (w Wear) String() string {
	parts := make([]string, NumCategories)
	for i := range w {
		parts[i] = fmt.Sprintf("%s=%d", Category(i), w[i])
	}
	return strings.Join(parts, " ")
}

// Compact writes "6/3/3/3/3/2" in category order.
func (w Wear) Compact() string {
	parts := make([]string, NumCategories)
	for i := range w {
		parts[i] = strconv.Itoa(w[i])
	}
	return strings.Join(parts, "/")
}

// ParseWearCompact reads "6/3/3/3/3/2".
func ParseWearCompact(s string) (Wear, error) {
	var w Wear
	parts := strings.Split(s, "/")
	if len(parts) != int(NumCategories) {
		return w, fmt.Errorf("wear %q: want %d numbers separated by /", s, NumCategories)
	}
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || n > 99 {
			return w, fmt.Errorf("wear %q: %q is not a number from 0 to 99", s, p)
		}
		w[i] = n
	}
	return w, nil
}

// DefaultWear is the F1 starting allotment of the complete rules (T-02).
func DefaultWear() Wear { return Wear{6, 3, 3, 3, 3, 2} }

// Config is everything that fixes the rules of one game.
type Config struct {
	Rules Ruleset
	// Laps to race (R-GEN-01: 2 by default).
	Laps int
	// Start is the starting wear of every car (T-02).
	Start Wear
	Dice  dice.Set
	// StrictBlockTable: AMB-15's alternative, eliminate when the exact row
	// of T-04 cannot be paid.
	StrictBlockTable bool
	// Optional are the optional rules of §2.17 (O-3LP is laps=3).
	Optional Optional
	// Sessions is the number of qualifying sessions under FDR (R1.1: 1 or
	// 2; 0 rolls the grid with the black die instead). Unused by fd2008.
	Sessions int
	// Variants are the league variants played under FDR (variants.go).
	Variants Variants
}

// DefaultConfig is the complete rules with no optional rule.
func DefaultConfig() Config {
	return Config{Rules: FD2008, Laps: 2, Start: DefaultWear(), Dice: dice.DefaultSet()}
}

// Validate says what is wrong with a configuration.
func (c Config) Validate() error {
	if !c.Rules.known() {
		return fmt.Errorf("unknown ruleset %q (known: %s)", c.Rules, rulesetNames())
	}
	if err := c.checkVariants(); err != nil {
		return err
	}
	if validate := c.Rules.entry().validate; validate != nil {
		return validate(c) // FDR R0.1, R1.1, R5.2; street U-CAR-01, U-CIR-01, U-DRV-01
	}
	if c.Laps < 1 || c.Laps > 9 {
		return fmt.Errorf("laps %d: from 1 to 9", c.Laps)
	}
	for i, v := range c.Start {
		if v < 1 {
			return fmt.Errorf("starting %s %d: every category starts with at least 1", Category(i), v)
		}
	}
	return c.Dice.Validate()
}

// MaxPitStops is laps−1 (R-PIT-01). Its receiver is a pointer: a value
// receiver copied the whole Config on every mover set up (issue 14).
func (c *Config) MaxPitStops() int { return c.Laps - 1 }

// Options returns the configuration as sorted key=value pairs for the record
// header.
func (c Config) Options() []string {
	opts := map[string]string{
		"laps":  strconv.Itoa(c.Laps),
		"start": c.Start.Compact(),
	}
	if c.StrictBlockTable {
		opts["strict-block-table"] = "true"
	}
	if c.Rules.entry().Can.Qualifying == QualifyingSessions {
		opts["sessions"] = strconv.Itoa(c.Sessions) // FDR R1.1
	}
	for _, k := range optionalKeys {
		if *k.get(&c.Optional) {
			opts[k.key] = "true"
		}
	}
	for k, v := range c.variantOptions() {
		opts[k] = v // league-variants.md
	}
	keys := make([]string, 0, len(opts))
	for k := range opts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = k + "=" + opts[k]
	}
	return out
}

// SetOption applies one key=value from a record header or the command line.
func (c *Config) SetOption(key, val string) error {
	switch key {
	case "laps":
		n, err := strconv.Atoi(val)
		if err != nil {
			return fmt.Errorf("laps %q: not a number", val)
		}
		c.Laps = n
	case "start":
		w, err := ParseWearCompact(val)
		if err != nil {
			return err
		}
		c.Start = w
	case "strict-block-table":
		c.StrictBlockTable = val == "true"
	case "sessions": // FDR R1.1
		if c.Rules.entry().Can.Qualifying != QualifyingSessions {
			return fmt.Errorf("option sessions belongs to the competition rules (%s)", FDR)
		}
		n, err := strconv.Atoi(val)
		if err != nil {
			return fmt.Errorf("sessions %q: not a number", val)
		}
		c.Sessions = n
	default:
		if ok, err := c.setVariantOption(key, val); ok {
			return err // league-variants.md
		}
		for _, k := range optionalKeys {
			if k.key == key {
				*k.get(&c.Optional) = val == "true"
				return nil
			}
		}
		return fmt.Errorf("unknown option %q", key)
	}
	return nil
}
