package main

import (
	"fmt"
	"strings"

	"github.com/pitwall/pitwall/engine/fd"
)

// VariantsCmd prints the registry of league variants (engine/fd variants.go).
type VariantsCmd struct {
	JSON bool `name:"json" help:"Print JSON: an array of objects with id, group, name, name_fr, chapter, scope, engine, ready, implemented, params (key, default, values, aliases: the spec's other names for the key, help) and help."`
}

func (c *VariantsCmd) Run(e *env) error {
	list := fd.VariantList()
	if c.JSON {
		return printJSON(e, list)
	}
	for _, v := range list {
		where := "a game switch (sim, game create --variant " + v.ID + ")"
		switch {
		case !v.Implemented && v.Scope == fd.ScopeSideEvent:
			where = "a side event, not built yet"
		case !v.Implemented:
			where = "listed, not built yet"
		case !v.Engine && v.Scope == fd.ScopeSideEvent: // as a game's refusal names it (fd.Config.EnableVariant)
			where = "a league side event (league create --variant " + v.ID + ")"
		case !v.Engine:
			where = "a league rule (league create --variant " + v.ID + ")"
		}
		fmt.Fprintf(e.stdout, "%-5s %s (%s), chapter %s, %s: %s\n", v.ID, v.Name, v.NameFR, v.Chapter, where, v.Help)
		for _, p := range v.Params {
			def := p.Default
			if def == "" {
				def = "empty"
			}
			vals := ""
			if len(p.Values) > 0 {
				vals = " (" + strings.Join(p.Values, ", ") + ")"
			}
			aka := ""
			if len(p.Aliases) > 0 {
				aka = " (also " + strings.Join(p.Aliases, ", ") + ")"
			}
			fmt.Fprintf(e.stdout, "      %s%s%s, default %s: %s\n", p.Key, aka, vals, def, p.Help)
		}
	}
	return nil
}
