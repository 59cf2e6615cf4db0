package fd

import (
	"fmt"
	"sync"
	"sync/atomic"
)

// Rules modules register their constructor by name from their package's
// init: engine/fd cannot import a module in a package of its own (the
// street races', engine/fd/street: it imports engine/fd), so the rulesets
// table names a row's module (RulesetInfo.rulesModule) and the module's
// package fills it in. The competition rules register the same way from
// engine/fd's own init (fdr/module.go) while their files are still
// inside engine/fd, so their row need not change when they become a
// package. A program that plays a ruleset whose module is a package
// imports that package, blank if need be:
//
//	import _ "github.com/pitwall/pitwall/engine/fd/street"
//
// One that forgets gets a clear error from NewGame for a game of that
// ruleset, not a game played without its rules. The registry is written
// during init only: the first game made seals it, and a registration after
// that panics, so that the table every game reads is read-only while games
// run (bot, render and the autopilots read it concurrently).

var (
	registeredModules = map[string]func() RulesModule{}
	modulesSealed     atomic.Bool
)

// RegisterRulesModule registers the constructor of the rules module name,
// which the rulesets table names for a row; call it from the module's
// package init. It panics on a name no row plays, a second registration,
// or a registration after the first game was made.
func RegisterRulesModule(name string, newModule func() RulesModule) {
	if modulesSealed.Load() {
		panic(fmt.Sprintf("fd: rules module %q registered after the first game: register it in an init function", name))
	}
	if newModule == nil {
		panic(fmt.Sprintf("fd: rules module %q registered without a constructor", name))
	}
	named := false
	for _, info := range rulesets {
		named = named || info.rulesModule == name
	}
	if !named {
		panic(fmt.Sprintf("fd: rules module %q: no ruleset of the table plays it", name))
	}
	if _, ok := registeredModules[name]; ok {
		panic(fmt.Sprintf("fd: rules module %q registered twice", name))
	}
	registeredModules[name] = newModule
}

// moduleMissing is the error of a ruleset whose rules module is not
// registered in this program, nil when it is (or it plays none).
func (info *RulesetInfo) moduleMissing() error {
	modulesSealed.Store(true)
	if info.rulesModule == "" || registeredModules[info.rulesModule] != nil {
		return nil
	}
	return missingModule(info.ID, info.rulesModule)
}

// missingModule is moduleMissing's error, by the row's id and module
// name (the table's own functions cannot reach the table: an
// initialization cycle).
func missingModule(id Ruleset, module string) error {
	return fmt.Errorf("ruleset %s: its rules module %q is not part of this program (import _ \"github.com/pitwall/pitwall/engine/fd/%s\")",
		id, module, module)
}

// ConfigModule is a registered rules module that owns its ruleset's
// configuration (street's, fdr's): the base configuration the rulesets
// table hands out (ConfigFor, RulesetInfo.Config) and the check that
// replaces the complete rules' (Config.Validate). The table's row reaches
// them through the registry (moduleBaseConfig, moduleValidate), so it
// names no function of the module's code.
type ConfigModule interface {
	BaseConfig() Config
	ValidateConfig(c Config) error
}

// configModules are the registered modules that own their configuration,
// by module name: built at the first use, read-only after, sealing the
// registry as driverCards does.
var configModules = sync.OnceValue(func() map[string]ConfigModule {
	modulesSealed.Store(true)
	out := map[string]ConfigModule{}
	for name, newModule := range registeredModules {
		if m, ok := newModule().(ConfigModule); ok {
			out[name] = m
		}
	}
	return out
})

// moduleBaseConfig is a table row's Config for a ruleset whose module
// owns its configuration. Without the module linked it is the complete
// rules' base under the ruleset's id, which Validate and NewGame refuse
// naming the missing module.
func moduleBaseConfig(id Ruleset, module string) func() Config {
	return func() Config {
		if m := configModules()[module]; m != nil {
			return m.BaseConfig()
		}
		cfg := DefaultConfig()
		cfg.Rules = id
		return cfg
	}
}

// moduleValidate is a table row's check for a ruleset whose module owns
// its configuration: the module's, or the missing module's error.
func moduleValidate(id Ruleset, module string) func(Config) error {
	return func(c Config) error {
		if m := configModules()[module]; m != nil {
			return m.ValidateConfig(c)
		}
		return missingModule(id, module)
	}
}

// newRules is a fresh rules module of the ruleset (the table's registered
// module), nil for a ruleset without one (or whose module is not
// registered: NewGame refuses those first, moduleMissing).
func (info *RulesetInfo) newRules() RulesModule {
	modulesSealed.Store(true)
	if newModule := registeredModules[info.rulesModule]; newModule != nil {
		return newModule()
	}
	return nil
}
