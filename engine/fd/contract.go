package fd

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/engine/phrase"
)

// Formula Dé behind the game contract (issue 13, engine.Game): a race as
// the service, the record tools and the bots drive every game. It adds no
// rule and changes nothing of the race; it translates signatures:
//
//   - a seat is a car: seat s drives car s+1;
//   - an order is a key, the one the command language and the buttons
//     already send (OptionKey): a plain gear by its number ("4"), every
//     other option by its letter ("B", a declared gear "5S"), and a
//     configuration given as numbers by them ("6/3/3/3/3/2", O-BLD-01);
//   - Submit returns the record lines the order appended, exactly;
//   - words come from the caller's catalog (Say): the engine writes
//     phrases, internal/phrasebook says them, and engine may not import it.

// Say writes a phrase in a language ("en", "fr"): the catalog the caller
// serves its players with (phrasebook.Text in bot, render and the tools).
type Say func(p phrase.Phrase, lang string) string

// Contract serves a Formula Dé race through engine.Game.
type Contract struct {
	G   *Game
	say Say
}

var _ engine.Game = Contract{}

// NewContract serves g through engine.Game, saying its phrases with say.
func NewContract(g *Game, say Say) Contract { return Contract{G: g, say: say} }

// contractEvent is a record line seen through the contract, with the
// audience it had when it was handed out and what a reader outside it
// reads in its place (in: nil for nothing).
type contractEvent struct {
	e Event
	// hidden is nil for a line everyone reads (nearly every line: it
	// keeps a handed-out line small).
	hidden *hiddenLine
}

// hiddenLine is who may read a line that leaves seats out, and what the
// others read in its place.
type hiddenLine struct {
	to engine.Audience
	in engine.Event
}

var _ engine.Redacted = contractEvent{}

func (c contractEvent) Kind() string { return c.e.Kind }
func (c contractEvent) Line() string { return c.e.String() }

func (c contractEvent) Audience() engine.Audience {
	if c.hidden == nil {
		return engine.Audience{}
	}
	return c.hidden.to
}

func (c contractEvent) StandIn() engine.Event {
	if c.hidden == nil {
		return nil
	}
	return c.hidden.in
}

// EventOf returns the Formula Dé event behind a contract event.
func EventOf(e engine.Event) (Event, bool) {
	switch c := e.(type) {
	case contractEvent:
		return c.e, true
	case *contractEvent: // as wrap hands them out
		return c.e, true
	}
	return Event{}, false
}

// wrap hands out evs with their audience as the game stands now. The
// lines share one array and are handed out by pointer: one allocation a
// call rather than one a line (Submit wraps every play's lines).
func (c Contract) wrap(evs []Event) []engine.Event {
	lines := make([]contractEvent, len(evs))
	out := make([]engine.Event, len(evs))
	for i, e := range evs {
		lines[i] = c.handOut(e)
		out[i] = &lines[i]
	}
	return out
}

// audience is who may read e now. Every line is public but a line that
// writes down a racing car's build under league variant 5-D (AMB-17): its
// configuration, the build order that chose it, a starting position's
// wear. Such a line goes to the seats that may read the car's build
// (ReadsBuild: its own, a teammate's when shared) until the car's race
// ends; a line handed out after that is public. The other seats, a
// spectator included, read its stand-in instead (hiddenBuildStandIn: the
// build's total).
func (c Contract) audience(e Event) engine.Audience {
	car := BuildLineCar(e)
	if car == 0 || len(c.G.hooks.secrecy) == 0 {
		return engine.Audience{}
	}
	var seats []int
	for seat := range len(c.G.Cars) {
		if c.ReadsBuild(seat, car) {
			seats = append(seats, seat)
		}
	}
	if len(seats) == len(c.G.Cars) && c.ReadsBuild(-1, car) {
		return engine.Audience{} // revealed: everyone, a spectator too, sees it
	}
	return engine.Audience{Seats: seats}
}

// BuildLineCar is the car whose build record line e writes down under
// league variant 5-D (AMB-17), 0 for a line that writes none: a
// configuration, the build order that chose it, a starting position's
// wear. A qualifying copy (q-) names its session's car 1: the race's car
// is its q= (Event.InRace). The contract's audiences and bot's hidden
// lines both read it, so the two cannot disagree on what is secret.
//
// The line is read as its typed value, loosely (readLoose: a record's
// position may be written by hand), so a line is hidden whenever its car
// can be read at all.
func BuildLineCar(e Event) int {
	race := 0 // the race's car of a qualifying copy
	if car, _, inner, ok := readCopy(e); ok {
		race, e = car, inner
	} else {
		// a copy without a readable q= keeps its session's numbers (the
		// loose reader passes over q= and qs=)
		e.Kind = strings.TrimPrefix(e.Kind, "q-")
	}
	car := 0
	switch e.Kind {
	case "configuration":
		x, _ := readLoose[ConfigurationEvent](e)
		car = x.Car
	case "order":
		x, ok := readOrder(e)
		if !ok {
			x, _ = readLoose[OrderEvent](e)
		}
		if x.Build != "" {
			car = x.Car
		}
	case "position-car":
		if x, _ := readLoose[PositionCarEvent](e); x.Wear != "" || x.Config != "" {
			car = x.Car
		}
	}
	if race != 0 && car == 1 {
		return race
	}
	return car
}

// contractRefusal is an fd refusal as the contract names it: the engine's
// own text, and errors.Is finds engine.ErrIllegal (or engine.ErrOver) as
// well as fd's sentinel.
type contractRefusal struct {
	err  error
	kind error
}

func (r contractRefusal) Error() string   { return r.err.Error() }
func (r contractRefusal) Unwrap() []error { return []error{r.err, r.kind} }

func contractError(err error) error {
	switch {
	case errors.Is(err, ErrIllegal), errors.Is(err, ErrNotYourTurn):
		return contractRefusal{err, engine.ErrIllegal}
	case errors.Is(err, ErrNoDecision):
		return contractRefusal{err, engine.ErrIllegal}
	}
	return err
}

// Seats is the number of cars: seat s drives car s+1.
func (c Contract) Seats() int { return len(c.G.Cars) }

// Over reports whether the race has ended.
func (c Contract) Over() bool { return c.G.Over }

// decisionOf is car's pending decision, as PendingAll lists it.
func (c Contract) decisionOf(car int) (Decision, bool) {
	for _, d := range c.G.PendingAll() {
		if d.Car == car {
			return d, true
		}
	}
	return Decision{}, false
}

// pendingKind is the kind and session of car's pending decision, read
// where PendingAll reads them but without handing out the option lists
// (a list handed out is not reused by the next generation: Pending).
func (c Contract) pendingKind(car int) (DecisionKind, string, bool) {
	g := c.G
	switch {
	case g.pending != nil:
		if g.pending.Car == car {
			return g.pending.Kind, g.pending.Session, true
		}
	case g.setupPending[car] != nil:
		return g.setupPending[car].Kind, g.setupPending[car].Session, true
	case g.quali[car] != nil && g.quali[car].pending != nil:
		return g.quali[car].pending.Kind, "qualifying", true
	}
	d, ok := c.decisionOf(car) // any other moment, as PendingAll says it
	return d.Kind, d.Session, ok
}

// Pending lists every car that must decide now, in PendingAll's order:
// the race's decision first, then the setup's and the qualifying laps'
// by car. Turn is the plays so far; with Kind it names the decision.
// Session is "qualifying" for a qualifying lap's decision. No fd decision
// is secret: the record tells every order as it is given
// (5-D hides a build's numbers, not that a car chose one).
func (c Contract) Pending() []engine.Decision {
	if g := c.G; g.pending != nil && len(g.setupPending) == 0 && len(g.quali) == 0 {
		// the race's one decision, as PendingAll lists it, read without
		// lending its option lists: its keys are copied out, and a list
		// lent is not reused by the next generation (an autopilot race
		// through the contract, pitwall sim, asks at every play)
		d := g.pending
		return []engine.Decision{{Seat: d.Car - 1, Turn: g.Play, Kind: string(d.Kind), Session: d.Session, Options: optionKeys(d)}}
	}
	all := c.G.PendingAll()
	out := make([]engine.Decision, 0, len(all))
	for _, d := range all {
		out = append(out, engine.Decision{Seat: d.Car - 1, Turn: c.G.Play, Kind: string(d.Kind), Session: d.Session, Options: optionKeys(&d)})
	}
	return out
}

// Options lists seat's legal orders now, by key.
func (c Contract) Options(seat int) []engine.Option {
	d, ok := c.decisionOf(seat + 1)
	if !ok {
		return nil
	}
	return optionKeys(&d)
}

func optionKeys(d *Decision) []engine.Option {
	out := make([]engine.Option, len(d.Options))
	for i := range d.Options {
		// by its letter and gear: an option is 528 bytes, not copied
		op := &d.Options[i]
		out[i] = engine.Option{Key: optionKey(d.Kind, op.Letter, op.Gear)}
	}
	return out
}

// OptionKey is the key a player sends back for op: the number of a plain
// gear (the command "gear 4", its button), the letter of anything else
// (the command "choose B"; a declared gear "5S").
func OptionKey(d *Decision, op Option) string { return optionKey(d.Kind, op.Letter, op.Gear) }

// optionKey is OptionKey read from the option's letter and gear.
func optionKey(kind DecisionKind, letter string, gear int) string {
	if kind == DecideGear && declaredMark(letter) == "" {
		return strconv.Itoa(gear)
	}
	return letter
}

// OrderFor reads key as car's order for its pending decision: a number at
// a gear decision is that gear, six numbers joined by "/" a configuration
// (O-BLD-01: what "config 6/3/3/3/3/2" gives), anything else a letter;
// any of them followed by " boost N" is built with N booster points
// (league 5-A, BoostKey). It judges nothing: Submit does.
func (c Contract) OrderFor(car int, key string) Order {
	if base, n, ok := cutBoostKey(key); ok {
		o := c.OrderFor(car, base)
		o.Boosters, o.BoostersChosen = n, true
		return o
	}
	o := Order{Car: car}
	kind, session, ok := c.pendingKind(car)
	o.Session = session
	if ok && kind == DecideGear {
		if n, err := strconv.Atoi(key); err == nil {
			o.Gear = n
			return o
		}
	}
	if strings.Count(key, "/") == int(NumCategories)-1 {
		if w, err := ParseWearCompact(key); err == nil {
			o.Build = w
			return o
		}
	}
	o.Letter = key
	return o
}

// Submit gives seat's order by its key. It returns exactly the record
// lines the order appended. A refused order changes nothing (fd's Submit
// judges before it changes: TestRefusedOrderChangesNothing,
// TestContractRefusesWithoutChange); its error wraps engine.ErrIllegal.
func (c Contract) Submit(seat int, key string, r engine.Random) (engine.Step, error) {
	if c.G.Over {
		return engine.Step{}, contractRefusal{errors.New("the race is over"), engine.ErrOver}
	}
	if seat < 0 || seat >= len(c.G.Cars) {
		return engine.Step{}, contractRefusal{fmt.Errorf("no seat %d", seat+1), engine.ErrIllegal}
	}
	if key == "" {
		return engine.Step{}, contractRefusal{errors.New("an empty order"), engine.ErrIllegal}
	}
	return c.submit(c.OrderFor(seat+1, key), r)
}

func (c Contract) submit(o Order, r engine.Random) (engine.Step, error) {
	from := len(c.G.Events)
	if err := c.G.Submit(o, r); err != nil {
		return engine.Step{}, contractError(err)
	}
	return engine.Step{Events: c.wrap(c.G.Events[from:])}, nil
}

// Expire is the deadline: the autopilot orders for every car that must
// decide now (the one race decision, or every car of a setup stage or a
// qualifying lap), once each, in Pending's order. The race then goes on
// to the next decision. The autopilot's orders are legal, so only a
// failing die can stop it part-way; the caller then drops the game, as
// after any failure of the dice.
func (c Contract) Expire(r engine.Random) (engine.Step, error) {
	if c.G.Over {
		return engine.Step{}, contractRefusal{errors.New("the race is over"), engine.ErrOver}
	}
	from := len(c.G.Events)
	for _, d := range c.G.PendingAll() {
		o, ok := AutopilotFor(c.G, d.Car)
		if !ok {
			continue // its decision went with an earlier order
		}
		if err := c.G.Submit(o, r); err != nil {
			return engine.Step{}, contractError(err)
		}
	}
	return engine.Step{Events: c.wrap(c.G.Events[from:])}, nil
}

// Autopilot is the key the autopilot would send for seat now.
func (c Contract) Autopilot(seat int) (string, bool) {
	if c.G.Over || seat < 0 || seat >= len(c.G.Cars) {
		return "", false
	}
	var o Order
	var ok bool
	if g := c.G; g.pending != nil && g.pending.Car == seat+1 {
		// the race's decision, PendingAll's first: read, not lent, as
		// Autopilot reads it (AutopilotFor would lend its option lists)
		d := *g.pending
		o, ok = g.autopilot(&d)
	} else {
		o, ok = AutopilotFor(c.G, seat+1)
	}
	if !ok {
		return "", false
	}
	return KeyOf(o), true
}

// Events is the whole record so far, each line with its audience now.
func (c Contract) Events() []engine.Event { return c.wrap(c.G.Events) }

// Describe says a record line in lang, as the rules that wrote it phrase
// it (EventPhrase); "" for a line that carries state, not news (a turn
// line, an order).
func (c Contract) Describe(e engine.Event, lang string) string {
	fe, ok := EventOf(e)
	if !ok {
		return ""
	}
	p := EventPhrase(c.G.Track, fe)
	if p.IsZero() {
		return ""
	}
	return c.say(p, lang)
}

// Facts says what choosing key means for seat now, as the rules that made
// the option phrase it (OptionFacts), joined as bot's replies join them;
// "" for a key that is not one of its options.
func (c Contract) Facts(seat int, key string, lang string) string {
	d, ok := c.decisionOf(seat + 1)
	if !ok {
		return ""
	}
	for _, op := range d.Options {
		if strings.EqualFold(OptionKey(&d, op), key) {
			return c.optionText(&d, op, lang)
		}
	}
	return ""
}

// optionText says op's facts in lang, joined as bot's replies join them.
func (c Contract) optionText(d *Decision, op Option, lang string) string {
	facts := c.G.OptionFacts(d, op)
	out := make([]string, len(facts))
	for i, p := range facts {
		out[i] = c.say(p, lang)
	}
	return strings.Join(out, " — ")
}

// Status is the race as seat may see it now (−1: everyone): the round and
// play, each car's place, laps and state as seat may read it (5-D: a
// build seat may not see shows its total only), the forecast and the
// counts the variants keep, then who must decide what, with each option's
// key and facts (not those of a car whose build seat may not see). The
// words are the catalog's (status.*, dec.*, fact.*).
func (c Contract) Status(seat int, lang string) string {
	g := c.G
	reader := 0 // a spectator: no car (SeesCar)
	if seat >= 0 && seat < len(g.Cars) {
		reader = seat + 1
	}
	var lines []string
	say := func(p phrase.Phrase) {
		if !p.IsZero() {
			lines = append(lines, c.say(p, lang))
		}
	}
	if g.Over {
		say(phrase.New("status.race-over", g.Round))
	} else {
		say(phrase.New("status.race", g.Round, g.Play))
	}
	for _, p := range g.RunawayStatus() { // league 10-A
		say(p)
	}
	for _, p := range g.WeatherStatus() { // league 3-A, 3-B, 3-C, 8-C
		say(p)
	}
	for _, p := range g.RedFlagStatus() { // league 21-B, 15-A
		say(p)
	}
	for _, r := range g.Results() {
		name := phrase.New("ev.car", r.Car)
		if r.Car == reader {
			name = phrase.New("status.car-yours", name)
		}
		say(phrase.New("status.car", r.Place, name, phrase.Term("status.car-"+r.Status), r.Laps))
		if !g.SeesCar(reader, r.Car) {
			say(phrase.New("status.car-hidden-build", g.BuildTotal(r.Car))) // league 5-D
			continue
		}
		for _, p := range g.CarStateFor(reader, r.Car) {
			say(p)
		}
	}
	if !g.Over {
		for _, d := range g.PendingAll() {
			say(g.DecisionPhrase(&d, ""))
			if !g.SeesCar(reader, d.Car) {
				continue // 5-D: the options' costs tell the build (bot's describeDecisionFor)
			}
			for _, op := range d.Options {
				lines = append(lines, "  "+OptionKey(&d, op)+": "+c.optionText(&d, op, lang))
			}
		}
	}
	return strings.Join(lines, "\n")
}
