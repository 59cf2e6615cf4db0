package hiddenbuild

import (
	"context"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/fd"
	"github.com/pitwall/pitwall/internal/phrasebook"
	"github.com/pitwall/pitwall/persistence"
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

// Stored is Strings over the record of game id as store holds it now:
// the transports' leak tests read it after each order, since a build is
// made in the commit of an order.
func Stored(ctx context.Context, store persistence.Store, c *tracks.Circuit, id string, car int) ([]string, error) {
	var evs []fd.Event
	err := store.View(ctx, func(tx persistence.ReadTx) error {
		lines, err := tx.Events(id, 0, 0)
		if err != nil {
			return err
		}
		for _, l := range lines {
			e, err := fd.ParseEvent(l.Line)
			if err != nil {
				return err
			}
			evs = append(evs, e)
		}
		return nil
	})
	return Strings(c, evs, car), err
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
