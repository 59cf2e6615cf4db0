package fd

import (
	"fmt"
	"sync/atomic"
)

// Rules modules in packages of their own (the street races',
// engine/fd/street) register their constructor by name from their
// package's init: engine/fd cannot import them (they import it), so the
// rulesets table names a row's module (RulesetInfo.rulesModule) and the
// module's package fills it in. A program that plays such a ruleset
// imports the module's package, blank if need be:
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
	return fmt.Errorf("ruleset %s: its rules module %q is not part of this program (import _ \"github.com/pitwall/pitwall/engine/fd/%s\")",
		info.ID, info.rulesModule, info.rulesModule)
}

// newRules is a fresh rules module of the ruleset (the table's module,
// engine/fd's own or a registered one), nil for a ruleset without one (or
// whose module is not registered: NewGame refuses those first,
// moduleMissing).
func (info *RulesetInfo) newRules() RulesModule {
	modulesSealed.Store(true)
	if info.module != nil {
		return info.module()
	}
	if newModule := registeredModules[info.rulesModule]; newModule != nil {
		return newModule()
	}
	return nil
}
