package web

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pitwall/pitwall/internal/cvd"
)

// style is the page's style sheet, rule by rule: selector → property →
// value, with var(--x) resolved from :root.
type style map[string]map[string]string

func readStyle(t *testing.T) style {
	t.Helper()
	raw, err := assets.ReadFile("static/style.css")
	require.NoError(t, err)
	text := regexp.MustCompile(`(?s)/\*.*?\*/`).ReplaceAllString(string(raw), "")
	text = regexp.MustCompile(`@media[^{]*\{`).ReplaceAllString(text, "") // the rules inside count too
	st := style{}
	for _, rule := range strings.Split(text, "}") {
		sel, decls, ok := strings.Cut(rule, "{")
		if !ok {
			continue
		}
		for _, s := range strings.Split(sel, ",") {
			s = strings.TrimSpace(s)
			if st[s] == nil {
				st[s] = map[string]string{}
			}
			for _, d := range strings.Split(decls, ";") {
				k, v, ok := strings.Cut(d, ":")
				if ok {
					st[s][strings.TrimSpace(k)] = strings.TrimSpace(v)
				}
			}
		}
	}
	return st
}

// colour is a property's colour (the first #hex of its value).
func (st style) colour(t *testing.T, sel, prop string) cvd.RGB {
	t.Helper()
	v, ok := st[sel][prop]
	require.True(t, ok, "style.css has no %s in %s", prop, sel)
	v = regexp.MustCompile(`var\((--[a-z-]+)\)`).ReplaceAllStringFunc(v, func(m string) string {
		return st[":root"][m[4:len(m)-1]]
	})
	hex := regexp.MustCompile(`#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b`).FindString(v)
	require.NotEmpty(t, hex, "%s { %s: %s } is no #hex colour", sel, prop, v)
	c, err := cvd.Hex(hex)
	require.NoError(t, err)
	return c
}

// The page's palette reads under the common colour-vision deficiencies:
// body text is WCAG AA (4.5:1) on every background it is written on,
// the focus ring and the player's own decision's border 3:1 (WCAG
// 1.4.11), and what must be told apart by colour (the teams' chips, a
// good answer from a refusal) stays at least 12 apart (CIEDE2000) under
// protanopia, deuteranopia and tritanopia (Machado 2009). The board's
// colours have the same test in render.
func TestPagePaletteUnderColourVisionDeficiencies(t *testing.T) {
	st := readStyle(t)
	c := func(sel, prop string) cvd.RGB { return st.colour(t, sel, prop) }
	page, card := c("body", "background"), c(".games li", "background")
	ink, muted, link := c("body", "color"), c(".detail", "color"), c("a", "color")
	text := []struct {
		what     string
		fg, bg   cvd.RGB
		minRatio float64
	}{
		{"text on the page", ink, page, 4.5},
		{"text on a card", ink, card, 4.5},
		{"text of a good answer", ink, c(".ok", "background"), 4.5},
		{"text of a refusal", ink, c(".error", "background"), 4.5},
		{"text of the paused banner", ink, c(".banner", "background"), 4.5},
		{"the play shown in the log", ink, c(".log li.at", "background"), 4.5},
		{"a button", c("button", "color"), c("button", "background"), 4.5},
		{"a button under the pointer", c("button", "color"), c("button:hover", "background"), 4.5},
		{"secondary text on the page", muted, page, 4.5},
		{"secondary text on a card", muted, card, 4.5},
		{"hints", c(".hint", "color"), page, 4.5},
		{"the dice in the log", c(".dice", "color"), page, 4.5},
		{"the dice of the play shown", c(".dice", "color"), c(".log li.at", "background"), 4.5},
		{"links on the page", link, page, 4.5},
		{"links on a card", link, card, 4.5},
		{"links in a refusal", link, c(".error", "background"), 4.5},
		{"links in a good answer", link, c(".ok", "background"), 4.5},
		{"your game on the index", c(".yours", "color"), card, 4.5},
		{"the live badge", c(".livebadge", "color"), page, 4.5},
		{"a first car's chip", c(".chip", "color"), c(".chip", "background"), 4.5},
		{"a second car's chip", c(".team2", "color"), c(".team2", "background"), 4.5},
		{"the focus ring", c("button:focus-visible", "outline"), page, 3},
		{"the focus ring on a card", c("button:focus-visible", "outline"), card, 3},
		{"the border of your own decision", c(".decision.mine", "border"), card, 3},
	}
	for _, x := range text {
		if r := cvd.Contrast(x.fg, x.bg); r < x.minRatio {
			t.Errorf("%s: %v on %v has contrast %.2f, under %.1f", x.what, x.fg, x.bg, r, x.minRatio)
		}
	}

	type pair struct {
		what string
		a, b cvd.RGB
	}
	var pairs []pair
	teams := []string{".team1", ".team3", ".team5", ".team7", ".team9"}
	for i := range teams {
		for j := i + 1; j < len(teams); j++ {
			pairs = append(pairs, pair{"the chips " + teams[i] + " and " + teams[j], c(teams[i], "border-color"), c(teams[j], "border-color")})
		}
	}
	pairs = append(pairs, pair{"a good answer and a refusal", c(".ok", "border-left"), c(".error", "border-left")})
	for _, v := range cvd.Visions {
		for _, p := range pairs {
			if d := cvd.Distance(v, p.a, p.b); d < 12 {
				t.Errorf("%v: %s (%v, %v) are %.1f apart (ΔE2000), under 12", v, p.what, p.a, p.b, d)
			}
		}
	}
}
