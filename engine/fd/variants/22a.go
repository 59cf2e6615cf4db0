package variants

import (
	"strings"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/engine/phrase"
)

// 22-A Shape of life points (league-variants.md ch. 22): life points are
// drawn as symbols and counted clearly, on the board and in text. No rules
// effect: the board's dashboard draws every category as filled and empty
// pips against the car's start with the count (render), and under 22-A the
// status text writes them the same way ("tyres ●●●●○○ 4/6"). The whole
// variant is this file and its line in the variants table, which names it
// by id: a module with one hook, WearStanding, registered from this file's
// init.

func init() { fd.RegisterVariant("22-A", variant22A) }

func variant22A() fd.Variant {
	return fd.ModuleVariant(fd.Variant{ID: "22-A", Name: "Life-point display", NameFR: "Forme des points de vie", Chapter: "22 Equipment", Scope: fd.ScopeRace, Engine: true,
		Params: []fd.VariantParam{},
		Help:   "each car's life points shown as filled and empty marks with their count, on the board and in text",
	}, func(map[string]string) (any, error) { return lifePointMarks{}, nil })
}

// lifePointMarks is the 22-A module.
type lifePointMarks struct{}

// WearShown writes each category's life points as filled and empty marks
// against the car's start, with the count: "tyres ●●●●○○ 4/6".
func (lifePointMarks) WearShown(rules fd.Ruleset, left map[string]int, start fd.Wear) phrase.Phrase {
	var parts phrase.List
	for cat := fd.Category(0); cat < fd.NumCategories; cat++ {
		name := rules.CategoryName(cat)
		n, ok := left[name]
		if !ok {
			continue
		}
		of := max(start[cat], n)
		marks := strings.Repeat("●", n) + strings.Repeat("○", of-n)
		parts = append(parts, phrase.New("status.life-category", fd.CategoryTerm(name), marks, n, of))
	}
	return phrase.New("status.life-points", parts)
}
