package fd

import (
	"cmp"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/tracks"
)

// RecordMagic opens every record (docs/record.md).
const RecordMagic = "pitwall-record 1"

// MaxRecordSize bounds a record: a 10-car 3-lap race is well under a
// megabyte.
const MaxRecordSize = 16 << 20

// Record is a game record: a header fixing the rules, the circuit and the
// dice, then one event per line.
type Record struct {
	Game    string
	Rules   Ruleset
	Options []string // key=value, see Config.SetOption
	Dice    string   // a non-default dice set (dice.ParseSet), "" for the default
	// Track is an embedded circuit id; TrackFile a path to a .track file;
	// TrackSource a circuit embedded in the record itself. One of the three.
	Track       string
	TrackFile   string
	TrackSource string
	Cars        int
	// Commitment is SHA-256 of the seed, published when the game starts;
	// Seed is revealed when it ends. Scripted marks a record whose dice were
	// scripted: it replays but cannot be verified.
	Commitment string
	Seed       string
	Scripted   bool
	Events     []Event
}

// Config builds the game configuration the header describes.
func (r *Record) Config() (Config, error) {
	cfg, err := ConfigFromOptions(r.Rules, r.Options) // the ruleset's defaults (FDR R0.1, §2.18), then the options
	if err != nil {
		return cfg, err
	}
	if r.Dice != "" {
		set, err := dice.ParseSet(r.Dice)
		if err != nil {
			return cfg, err
		}
		cfg.Dice = set
	}
	return cfg, cfg.Validate()
}

// Text writes the record in its text form.
func (r *Record) Text() string {
	var b strings.Builder
	b.WriteString(RecordMagic + "\n")
	fmt.Fprintf(&b, "game %s\n", quoteValue(r.Game))
	fmt.Fprintf(&b, "rules %s\n", r.Rules)
	for _, o := range r.Options {
		fmt.Fprintf(&b, "option %s\n", o)
	}
	if r.Dice != "" {
		fmt.Fprintf(&b, "dice %s\n", r.Dice)
	}
	switch {
	case r.TrackSource != "":
		b.WriteString("track-begin\n")
		for _, line := range strings.Split(strings.TrimRight(r.TrackSource, "\n"), "\n") {
			b.WriteString("| " + line + "\n")
		}
		b.WriteString("track-end\n")
	case r.TrackFile != "":
		fmt.Fprintf(&b, "track-file %s\n", quoteValue(r.TrackFile))
	default:
		fmt.Fprintf(&b, "track %s\n", r.Track)
	}
	fmt.Fprintf(&b, "cars %d\n", r.Cars)
	if r.Scripted {
		b.WriteString("dice-source scripted\n")
	} else {
		fmt.Fprintf(&b, "commitment %s\n", r.Commitment)
	}
	b.WriteString("events\n")
	for _, e := range r.Events {
		b.WriteString(e.String())
		b.WriteByte('\n')
	}
	if r.Seed != "" {
		fmt.Fprintf(&b, "seed %s\n", r.Seed)
	}
	return b.String()
}

// ParseRecord reads a record. Errors name the line.
func ParseRecord(text string) (*Record, error) {
	if len(text) > MaxRecordSize {
		return nil, fmt.Errorf("record is %d bytes, more than %d", len(text), MaxRecordSize)
	}
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	if len(lines) == 0 || strings.TrimSpace(lines[0]) != RecordMagic {
		return nil, fmt.Errorf("line 1: not a Pitwall record (it starts with %q)", RecordMagic)
	}
	r := &Record{}
	inEvents, inTrack, sawEnd := false, false, false
	var track strings.Builder
	for i := 1; i < len(lines); i++ {
		raw := lines[i]
		line := strings.TrimSpace(raw)
		n := i + 1
		if inTrack {
			if line == "track-end" {
				inTrack = false
				r.TrackSource = track.String()
				continue
			}
			body, ok := strings.CutPrefix(raw, "|")
			if !ok {
				return nil, fmt.Errorf("line %d: inside track-begin … track-end every line starts with |", n)
			}
			track.WriteString(strings.TrimPrefix(body, " ") + "\n")
			continue
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		word, rest, _ := strings.Cut(line, " ")
		rest = strings.TrimSpace(rest)
		if sawEnd {
			return nil, fmt.Errorf("line %d: nothing may follow the seed line", n)
		}
		if inEvents && word != "seed" {
			e, err := ParseEvent(line)
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", n, err)
			}
			r.Events = append(r.Events, e)
			continue
		}
		var err error
		switch word {
		case "game":
			r.Game, err = unquoteWord(rest)
		case "rules":
			r.Rules = Ruleset(rest)
		case "option":
			r.Options = append(r.Options, rest)
		case "dice":
			r.Dice = rest
		case "track":
			r.Track = rest
		case "track-file":
			r.TrackFile, err = unquoteWord(rest)
		case "track-begin":
			inTrack = true
		case "cars":
			r.Cars, err = strconv.Atoi(rest)
		case "commitment":
			r.Commitment = rest
		case "dice-source":
			if rest != "scripted" && rest != "seeded" {
				err = fmt.Errorf("dice-source %q: seeded or scripted", rest)
			}
			r.Scripted = rest == "scripted"
		case "events":
			inEvents = true
		case "seed":
			r.Seed = rest
			sawEnd = true
		default:
			err = fmt.Errorf("unknown header line %q", word)
		}
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
	}
	if inTrack {
		return nil, errors.New("track-begin without track-end")
	}
	if !inEvents {
		return nil, errors.New("no events line")
	}
	if r.Track == "" && r.TrackFile == "" && r.TrackSource == "" {
		return nil, errors.New("no track, track-file or track-begin line")
	}
	if r.Cars < 1 || r.Cars > MaxCars {
		return nil, fmt.Errorf("cars %d: from 1 to %d", r.Cars, MaxCars)
	}
	if r.Game == "" {
		return nil, errors.New("no game line")
	}
	return r, nil
}

func unquoteWord(s string) (string, error) {
	if strings.HasPrefix(s, "\"") {
		return strconv.Unquote(s)
	}
	if s == "" || strings.ContainsAny(s, " \t") {
		return "", fmt.Errorf("%q: quote a value with spaces", s)
	}
	return s, nil
}

// replayDice hands out the rolls of a record in order, checking that the
// game asks for the same roll the record holds. It never rolls.
type replayDice struct {
	rolls []Event
	next  int
	// then rolls what comes after the record (ReplayPrefix), nil for Replay
	then dice.Source
}

func (r *replayDice) Roll(k dice.Key, d dice.Die) (dice.Roll, error) {
	if r.next >= len(r.rolls) {
		if r.then != nil {
			return r.then.Roll(k, d)
		}
		return dice.Roll{}, fmt.Errorf("the record has no more rolls, but the game asks for %s", k)
	}
	e := r.rolls[r.next]
	r.next++
	x, whole, err := givenRoll(e)
	if err != nil {
		return dice.Roll{}, err
	}
	// a hand-written record may give only value=; check what it gives
	// (a car is checked on a whole line only: car=0, the table, is a car)
	if (x.For != "" && x.For != k.Purpose) || (whole && x.Car != k.Car) || (x.Die != "" && x.Die != d.Name) {
		return dice.Roll{}, fmt.Errorf("the record's roll %q does not match the roll the game asks for (%s, %s)", e.String(), k, d.Name)
	}
	v := x.Value
	if !d.HasFace(v) {
		return dice.Roll{}, fmt.Errorf("%w: %d on %s", dice.ErrNotAFace, v, d.Name)
	}
	return dice.Roll{Key: k, Die: d.Name, Index: d.IndexOf(v), Value: v}, nil
}

// givenRoll reads a roll line of a record: whole (every key, as the
// engine writes it: a roll, or a qualifying session's q-roll) or, in a
// record of inputs written by hand, its value= and what else it gives
// (docs/record.md). whole is false for the second.
func givenRoll(e Event) (x RollEvent, whole bool, err error) {
	if e.Kind == "roll" {
		if x, ok := readRoll(e); ok {
			return x, true, nil
		}
		x, err := decodeGiven[RollEvent](e, "value")
		return x, false, err
	}
	x, err = copiedRoll(e)
	return x, true, err
}

// copiedRoll reads a qualifying session's roll (q-roll), copied whole.
func copiedRoll(e Event) (RollEvent, error) {
	if _, _, inner, ok := readCopy(e); ok && inner.Kind == "roll" {
		if x, ok := readRoll(inner); ok {
			return x, nil
		}
	}
	t, err := Decode(e)
	if err != nil {
		return RollEvent{}, err
	}
	q, ok := t.(QualifyingCopy)
	x, isRoll := q.Event.(RollEvent)
	if !ok || !isRoll {
		return RollEvent{}, fmt.Errorf("%s: not a roll", truncate(e.Kind))
	}
	return x, nil
}

// MismatchError says where a replayed game departs from its record.
type MismatchError struct {
	Index    int // 0-based event index
	Recorded string
	Replayed string
}

func (e *MismatchError) Error() string {
	return fmt.Sprintf("event %d differs: the record says %q, the rules give %q", e.Index+1, e.Recorded, e.Replayed)
}

// Replay rebuilds a game from its record without rolling any die: the rolls
// come from the record, the orders are submitted again, and every event the
// rules produce must equal the recorded one.
func Replay(r *Record, c *tracks.Circuit) (*Game, error) { return replay(r, c, nil, nil) }

// ReplayPrefix rebuilds a game from a record cut short (at the start of a
// play, say, to take it back): the record's events must match, and the
// rules then play on to the next decision with rolls from then, which for a
// seeded game gives the very rolls the seed gave the first time.
func ReplayPrefix(r *Record, c *tracks.Circuit, then dice.Source) (*Game, error) {
	return replay(r, c, then, nil)
}

// replay is Replay, with rolls past the record's end taken from then
// (ReplayPrefix), and a hook asked before each order whether to stop there
// (ReplayUntil and its kin in view.go).
func replay(r *Record, c *tracks.Circuit, then dice.Source, hook func(*Game) (stop bool, err error)) (*Game, error) {
	cfg, err := r.Config()
	if err != nil {
		return nil, err
	}
	g, err := NewGame(r.Game, cfg, c, r.Cars)
	if err != nil {
		return nil, err
	}
	src := &replayDice{then: then}
	// A record that holds only its inputs (a position, rolls and orders,
	// as a person writes a bug report) is played through; a full record
	// must match event for event.
	inputsOnly := true
	var pos []Event
	for i, e := range r.Events {
		switch e.Kind {
		case "roll", "q-roll":
			src.rolls = append(src.rolls, e)
		case "position", "position-car", "position-lap", "position-qualified":
			if len(pos) != i {
				return nil, fmt.Errorf("event %d: position lines come first", i+1)
			}
			pos = append(pos, e)
		case "order", "q-order", "classification", "excluded", "clock-out", "time-out":
		default:
			inputsOnly = false
		}
	}
	if len(pos) > 0 {
		p, err := ParsePosition(pos)
		if err != nil {
			return nil, err
		}
		if err := g.StartFrom(p, src); err != nil {
			return g, err
		}
	} else if err := g.Start(src); err != nil {
		return g, err
	}
	checked := 0
	for i, e := range r.Events {
		if e.Kind == "classification" && g.Over { // FDR R1.14: an official's adjustment
			if !inputsOnly {
				if err := compareEventsFrom(g.Events, r.Events[:i], checked); err != nil {
					return g, err
				}
				checked = min(len(g.Events), i)
			}
			if err := g.adjustFromEvent(e); err != nil {
				return g, fmt.Errorf("event %d (%s): %w", i+1, e, err)
			}
			continue
		}
		if enter := g.outsideLine(e.Kind); enter != nil { // 7-A, 2-B: lines the service enters
			if !inputsOnly {
				if err := compareEventsFrom(g.Events, r.Events[:i], checked); err != nil {
					return g, err
				}
				checked = min(len(g.Events), i)
			}
			if err := enter(e, src); err != nil {
				return g, fmt.Errorf("event %d (%s): %w", i+1, e, err)
			}
			continue
		}
		if e.Kind != "order" && e.Kind != "q-order" {
			continue
		}
		if hook != nil {
			stop, err := hook(g)
			if err != nil {
				return g, err
			}
			if stop {
				if inputsOnly {
					return g, nil
				}
				return g, compareEventsFrom(g.Events, r.Events, checked)
			}
		}
		if !inputsOnly {
			// compare what is new since the last order: the whole record
			// is compared once, not once per order
			if err := compareEventsFrom(g.Events, r.Events[:i], checked); err != nil {
				return g, err
			}
			checked = min(len(g.Events), i)
		}
		o, err := orderFromEvent(e)
		if err != nil {
			return g, fmt.Errorf("event %d: %w", i+1, err)
		}
		if err := g.Submit(o, src); err != nil {
			return g, fmt.Errorf("event %d (%s): %w", i+1, e, err)
		}
	}
	if inputsOnly {
		if left := len(src.rolls) - src.next; left > 0 {
			return g, fmt.Errorf("the record has %d roll(s) the game never asked for", left)
		}
		return g, nil
	}
	if then != nil {
		// a prefix: the rules may go on past its end
		return g, compareEventsFrom(g.Events[:min(len(g.Events), len(r.Events))], r.Events, checked)
	}
	if err := compareEvents(g.Events, r.Events); err != nil {
		return g, err
	}
	if len(g.Events) != len(r.Events) {
		return g, fmt.Errorf("the record has %d events, the replay %d", len(r.Events), len(g.Events))
	}
	return g, nil
}

func compareEvents(got, want []Event) error { return compareEventsFrom(got, want, 0) }

func compareEventsFrom(got, want []Event, from int) error {
	for i := from; i < min(len(got), len(want)); i++ {
		if got[i].String() != want[i].String() {
			return &MismatchError{Index: i, Recorded: want[i].String(), Replayed: got[i].String()}
		}
	}
	if len(got) > len(want) {
		return &MismatchError{Index: len(want), Recorded: "(nothing)", Replayed: got[len(want)].String()}
	}
	return nil
}

// orderFromEvent reads an order line as an Order: the engine's own shape
// by hand (readOrder), any other through the codec, which names the key
// and value at fault. A qualifying session's order (q-order) is for the
// race's car its q= names.
func orderFromEvent(e Event) (Order, error) {
	x, ok := readOrder(e)
	car := x.Car
	if !ok {
		var err error
		if x, car, err = givenOrder(e); err != nil {
			return Order{}, err
		}
	}
	switch {
	case x.Build != "":
		w, err := ParseWearCompact(x.Build)
		if err != nil || x.Boosters == "" {
			return Order{Car: car, Build: w}, err
		}
		n, err := canonicalInt(x.Boosters) // league 5-A: the booster points built
		if err != nil {
			return Order{}, valueError(e.Kind, "boosters", x.Boosters, err)
		}
		return Order{Car: car, Build: w, Boosters: n, BoostersChosen: true}, nil
	case x.Gear != 0:
		return Order{Car: car, Gear: x.Gear}, nil
	case x.Choose != "":
		return Order{Car: car, Letter: x.Choose}, nil
	}
	return Order{}, fmt.Errorf("order %q has neither a gear (gear= from 1), a letter (choose=) nor a build (build=)", e)
}

// givenOrder reads an order line of any other shape than the engine's:
// a hand-written one, keys in another order, or a qualifying copy.
func givenOrder(e Event) (OrderEvent, int, error) {
	if e.Kind == "order" {
		x, err := decodeGiven[OrderEvent](e, "car")
		return x, x.Car, err
	}
	if car, _, inner, ok := readCopy(e); ok {
		if x, ok := readOrder(inner); ok {
			return x, car, nil
		}
	}
	t, err := Decode(e)
	if err != nil {
		return OrderEvent{}, 0, err
	}
	q, ok := t.(QualifyingCopy)
	x, isOrder := q.Event.(OrderEvent)
	if !ok || !isOrder {
		return OrderEvent{}, 0, fmt.Errorf("%s: not an order", truncate(e.Kind))
	}
	return x, q.Car, nil
}

// Verify checks a finished record: the revealed seed matches the
// commitment, and every roll is the one the seed gives. It names the first
// event that does not match.
func Verify(r *Record) error {
	if r.Scripted {
		return errors.New("this record's dice were scripted: it replays but cannot be verified")
	}
	if r.Seed == "" {
		return errors.New("the seed has not been revealed (the game is not over)")
	}
	seed, err := dice.ParseSeed(r.Seed)
	if err != nil {
		return fmt.Errorf("seed: %w", err)
	}
	if err := dice.VerifyCommitment(seed, r.Commitment); err != nil {
		return fmt.Errorf("the seed does not match the commitment published at the start: %w", err)
	}
	cfg, err := r.Config()
	if err != nil {
		return err
	}
	src := dice.NewSeeded(seed)
	for i, e := range r.Events {
		if e.Kind != "roll" && e.Kind != "q-roll" {
			continue
		}
		game := r.Game
		var x RollEvent
		if e.Kind == "q-roll" {
			car, session, _, ok := readCopy(e)
			if !ok {
				_, err := Decode(e) // its error says what is wrong
				return fmt.Errorf("event %d: %w", i+1, cmp.Or(err, errors.New("q-roll: not a qualifying copy")))
			}
			if x, err = copiedRoll(e); err != nil {
				return fmt.Errorf("event %d: %w", i+1, err)
			}
			game += "/q" + strconv.Itoa(car) // a qualifying session rolls under its own id
			if session > 0 {
				game += "/s" + strconv.Itoa(session) // FDR R1.1: the second session's own id
			}
		} else if x, err = ReadRoll(e); err != nil {
			return fmt.Errorf("event %d: %w", i+1, err)
		}
		d, ok := cfg.Dice.Lookup(x.Die)
		if !ok {
			return fmt.Errorf("event %d (%s): unknown die %q", i+1, e, x.Die)
		}
		v := x.Value
		k := dice.Key{Game: game, Play: x.Play, Car: x.Car, Purpose: x.For, Counter: x.N}
		want, err := src.Roll(k, d)
		if err != nil {
			return fmt.Errorf("event %d (%s): %w", i+1, e, err)
		}
		if want.Value != v {
			return fmt.Errorf("event %d (%s): the seed gives %d, the record says %d", i+1, e, want.Value, v)
		}
	}
	return nil
}
