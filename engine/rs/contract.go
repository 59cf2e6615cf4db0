package rs

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine"
)

// Contract is a race as the service drives every game (engine.Game): orders
// are option keys (Order.Key), events carry their audience. It adds nothing
// to the rules; it translates signatures. Its sentences (Describe, Facts,
// Status) are its phrases said by Say, the catalog of the service that
// built it (phrasebook.Text): the engine holds no catalog of its own.
type Contract struct {
	G   *Game
	Say Say
}

var _ engine.Game = Contract{}

// recordEvent is an Event seen through the contract.
type recordEvent struct{ e Event }

func (r recordEvent) Kind() string { return r.e.Kind }
func (r recordEvent) Line() string { return r.e.Text() }
func (r recordEvent) Audience() engine.Audience {
	return engine.Audience{Seats: r.e.To.Seats, Hidden: r.e.To.Hidden}
}

// EventOf returns the Racing Simulator event behind a contract event.
func EventOf(e engine.Event) (Event, bool) {
	r, ok := e.(recordEvent)
	return r.e, ok
}

func wrapEvents(evs []Event) []engine.Event {
	out := make([]engine.Event, len(evs))
	for i, e := range evs {
		out[i] = recordEvent{e}
	}
	return out
}

// refusal is an rs refusal as the contract names it: the same text, and
// errors.Is finds engine.ErrIllegal or engine.ErrOver as well as rs's own.
type refusal struct {
	err  error
	kind error
}

func (r refusal) Error() string   { return r.err.Error() }
func (r refusal) Unwrap() []error { return []error{r.err, r.kind} }
func contractError(err error) error {
	switch {
	case errors.Is(err, ErrIllegal):
		return refusal{err, engine.ErrIllegal}
	case errors.Is(err, ErrOver):
		return refusal{err, engine.ErrOver}
	}
	return err
}

// Seats is the number of players.
func (c Contract) Seats() int { return len(c.G.Seats) }

// Over reports whether the race has ended.
func (c Contract) Over() bool { return c.G.Over }

// Pending lists the seats that must still order.
func (c Contract) Pending() []engine.Decision {
	var out []engine.Decision
	for _, d := range c.G.Pending() {
		out = append(out, engine.Decision{Seat: d.Seat, Turn: d.Turn, Kind: d.Kind, Secret: d.Secret, Options: c.Options(d.Seat)})
	}
	return out
}

// Options lists seat's legal orders now.
func (c Contract) Options(seat int) []engine.Option {
	var out []engine.Option
	for _, o := range c.G.Options(seat) {
		out = append(out, engine.Option{Key: o.Key})
	}
	return out
}

// ParseKey reads an order key for seat under the game's mode.
func (g *Game) ParseKey(seat int, key string) (Order, error) {
	if g.Cfg.Mode == Standard {
		return ParseStandardKey(seat, key)
	}
	return ParseOrderKey(seat, key)
}

// Submit seals seat's order; the last one reveals and resolves the turn.
func (c Contract) Submit(seat int, key string, r engine.Random) (engine.Step, error) {
	if c.G.Over {
		return engine.Step{}, contractError(ErrOver)
	}
	if seat < 0 || seat >= len(c.G.Seats) {
		return engine.Step{}, contractError(fmt.Errorf("%w: no seat %d", ErrIllegal, seat+1))
	}
	o, err := c.G.ParseKey(seat, key)
	if err != nil {
		return engine.Step{}, contractError(err)
	}
	st, err := c.G.Submit(o, r)
	if err != nil {
		return engine.Step{}, contractError(err)
	}
	return engine.Step{Events: wrapEvents(st.Events)}, nil
}

// Expire lets the autopilot order for every seat still awaited.
func (c Contract) Expire(r engine.Random) (engine.Step, error) {
	st, err := c.G.Expire(r)
	if err != nil {
		return engine.Step{}, contractError(err)
	}
	return engine.Step{Events: wrapEvents(st.Events)}, nil
}

// Autopilot is the autopilot's key for seat, while seat is awaited.
func (c Contract) Autopilot(seat int) (string, bool) {
	if c.G.Over || seat < 0 || seat >= len(c.G.Seats) || c.G.Sealed[seat] != nil {
		return "", false
	}
	return c.G.Autopilot(seat).Key(), true
}

// Events is the whole record so far.
func (c Contract) Events() []engine.Event { return wrapEvents(c.G.Events) }

// Describe writes a Racing Simulator event in lang.
func (c Contract) Describe(e engine.Event, lang string) string {
	if r, ok := EventOf(e); ok {
		return c.Say.in(c.G.EventPhrase(r), lang)
	}
	return ""
}

// Facts says what the option key means for seat now ("" for a key that
// is not one of its listed options).
func (c Contract) Facts(seat int, key string, lang string) string {
	for _, o := range c.G.Options(seat) {
		if o.Key == key {
			return c.facts(seat, o, lang)
		}
	}
	return ""
}

// facts says option o's facts for seat (factPhrases), one after the other.
func (c Contract) facts(seat int, o Option, lang string) string {
	var out []string
	for _, p := range c.G.factPhrases(seat, o) {
		out = append(out, c.Say.in(p, lang))
	}
	return strings.Join(out, " ")
}

// Status is the race as seat may see it (−1: everyone): the turn, the
// conditions, the file with gaps, tyres and damage, who has ordered, the
// seat's own hand, and the result once over. It lays out Report's
// phrases, so the state is said in one place (the catalog).
func (c Contract) Status(seat int, lang string) string {
	r := c.Report(seat)
	var b strings.Builder
	b.WriteString(c.Say.in(r.Progress, lang) + "\n")
	for _, st := range r.Standings {
		b.WriteString("  ")
		if st.Place > 0 {
			b.WriteString(strconv.Itoa(st.Place) + ". ")
		}
		for i, f := range st.Facts {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(c.Say.in(f, lang))
		}
		b.WriteString("\n")
	}
	for _, n := range r.Notes {
		b.WriteString(c.Say.in(n, lang) + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}
