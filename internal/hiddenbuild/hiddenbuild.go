package hiddenbuild

import (
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/internal/phrasebook"
	"github.com/pitwall/pitwall/tracks"
)

// Strings are car's build as evs (a game's record lines) hold it: its
// build order and configuration lines, and the configuration's sentence
// in English and French as the told record says it to its owner (without
// the final full stop). Nil until the car is configured.
func Strings(c *tracks.Circuit, evs []fd.Event, car int) []string {
	var out []string
	for _, e := range evs {
		if e.Get("car") != strconv.Itoa(car) {
			continue
		}
		switch {
		case e.Kind == "order" && e.Get("build") != "":
			out = append(out, e.String())
		case e.Kind == "configuration":
			out = append(out, e.String())
			for _, lang := range []string{"en", "fr"} {
				out = append(out, phrasebook.Text(lang, fd.EventPhrase(c, e)))
			}
		}
	}
	return out
}

// In reports whether text holds one of strs.
func In(text string, strs []string) bool {
	for _, s := range strs {
		if strings.Contains(text, s) {
			return true
		}
	}
	return false
}
