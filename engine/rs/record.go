package rs

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine/dice"
	"github.com/pitwall/pitwall/engine/rs/decks"
	"github.com/pitwall/pitwall/tracks/rscircuit"
)

// RecordMagic is a record's first line, shared with Formula Dé's records;
// the rules line "rules rs" tells the games apart (docs/record.md).
const RecordMagic = "pitwall-record 1"

// MaxRecordSize bounds a record.
const MaxRecordSize = 16 << 20

// Record is a Racing Simulator game record: the header fixing rules,
// circuit, decks and dice, then one event per line.
type Record struct {
	Game        string
	Mode        Mode
	Seats       int
	Optional    []string // the standard game's optional rules switched on
	Track       string   // an embedded circuit's id, or "" with TrackSource
	TrackSource string   // the circuit itself (rs-circuit format)
	// Decks are a league's decks (rs-deck format, CanonicalDeck), one
	// block "deck-begin KIND" each, in decks.DeckIDs order; a kind absent
	// is the Pitwall house deck (AMB-30).
	Decks []string
	// RiskDeck is a league's risk deck as records carried it before the
	// deck blocks (a "risk-deck-begin" block); read and written again as
	// it was, so those records replay byte for byte. New records use Decks.
	RiskDeck   string
	Commitment string // SHA-256 of the seed; "" for scripted dice
	Seed       string // revealed seed (hex) once the race is over
	Events     []Event
}

// SeedFrom turns a word into a seed: 64 hex digits are the seed itself,
// anything else is hashed (as Formula Dé's sim does).
func SeedFrom(word string) [dice.SeedSize]byte {
	if s, err := dice.ParseSeed(word); err == nil {
		return s
	}
	return sha256.Sum256([]byte("pitwall seed:" + word))
}

// Simulate plays a whole race with the autopilot in every seat.
func Simulate(cfg Config, track string, seed [dice.SeedSize]byte) (*Game, *Record, error) {
	c, err := rscircuit.Get(track)
	if err != nil {
		return nil, nil, err
	}
	id := "sim-rs-" + dice.Commitment(seed)[:12]
	src := dice.NewSeeded(seed)
	g, err := NewGame(id, cfg, c, src)
	if err != nil {
		return nil, nil, err
	}
	for !g.Over {
		for _, d := range g.Pending() {
			if _, err := g.Submit(g.Autopilot(d.Seat), src); err != nil {
				return g, nil, fmt.Errorf("autopilot order of seat %d: %w", d.Seat+1, err)
			}
		}
	}
	rec := &Record{Game: id, Mode: g.Cfg.Mode, Seats: g.Cfg.Seats, Optional: g.Cfg.Optional(), Track: track, Commitment: dice.Commitment(seed),
		Seed: dice.FormatSeed(seed), Events: g.Events}
	rec.SetDecks(g.Cfg)
	return g, rec, nil
}

// SetDecks puts the league's decks of cfg into the record: a league's
// decks travel with its records.
func (r *Record) SetDecks(cfg Config) {
	r.Decks, r.RiskDeck = nil, ""
	for _, d := range cfg.LeagueDecks() {
		r.Decks = append(r.Decks, CanonicalDeck(d.Source))
	}
}

// Text writes the record (docs/record.md, "Racing Simulator").
func (r *Record) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\ngame %s\nrules rs\noption mode=%s\n", RecordMagic, r.Game, r.Mode)
	if len(r.Optional) > 0 {
		fmt.Fprintf(&b, "option optional=%s\n", strings.Join(r.Optional, ","))
	}
	if r.TrackSource != "" {
		b.WriteString("track-begin\n")
		writeBlock(&b, r.TrackSource)
		b.WriteString("track-end\n")
	} else {
		fmt.Fprintf(&b, "track %s\n", r.Track)
	}
	if r.RiskDeck != "" {
		b.WriteString("risk-deck-begin\n")
		writeBlock(&b, r.RiskDeck)
		b.WriteString("risk-deck-end\n")
	}
	for _, src := range r.Decks {
		fmt.Fprintf(&b, "deck-begin %s\n", deckKindOf(src))
		writeBlock(&b, src)
		b.WriteString("deck-end\n")
	}
	fmt.Fprintf(&b, "seats %d\n", r.Seats)
	if r.Commitment != "" {
		fmt.Fprintf(&b, "commitment %s\n", r.Commitment)
	} else {
		b.WriteString("dice-source scripted\n")
	}
	b.WriteString("events\n")
	for _, e := range r.Events {
		b.WriteString(e.Text())
		b.WriteByte('\n')
	}
	if r.Seed != "" {
		fmt.Fprintf(&b, "seed %s\n", r.Seed)
	}
	return b.String()
}

func writeBlock(b *strings.Builder, src string) {
	for _, l := range strings.Split(strings.TrimRight(src, "\n"), "\n") {
		b.WriteString("| ")
		b.WriteString(l)
		b.WriteByte('\n')
	}
}

// IsRecord reports whether text is a Racing Simulator record: its header
// holds the line "rules rs" before "events".
func IsRecord(text string) bool {
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(strings.TrimSuffix(l, "\r"))
		if l == "events" {
			return false
		}
		if l == "rules rs" {
			return true
		}
	}
	return false
}

// ParseRecord reads a record written by Text.
func ParseRecord(text string) (*Record, error) {
	if len(text) > MaxRecordSize {
		return nil, fmt.Errorf("record is %d bytes, more than %d", len(text), MaxRecordSize)
	}
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	if strings.TrimSpace(lines[0]) != RecordMagic {
		return nil, fmt.Errorf("line 1: not a Pitwall record")
	}
	r := &Record{}
	inEvents, block, blockKind := false, "", ""
	var blockLines []string
	sawRules := false
	for i := 1; i < len(lines); i++ {
		ln, l := i+1, strings.TrimSpace(lines[i])
		if block != "" {
			if l == block+"-end" {
				src := strings.Join(blockLines, "\n") + "\n"
				switch block {
				case "track":
					r.TrackSource = src
				case "risk-deck":
					r.RiskDeck = src
				default:
					if k := deckKindOf(src); k != blockKind {
						return nil, fmt.Errorf("line %d: deck-begin %s holds a deck whose kind is %q", ln, blockKind, k)
					}
					r.Decks = append(r.Decks, src)
				}
				block, blockLines = "", nil
				continue
			}
			body, ok := strings.CutPrefix(strings.TrimLeft(lines[i], " \t"), "|")
			if !ok {
				return nil, fmt.Errorf("line %d: inside %s-begin, every line starts with '| '", ln, block)
			}
			blockLines = append(blockLines, strings.TrimPrefix(body, " "))
			continue
		}
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		if inEvents {
			if s, ok := strings.CutPrefix(l, "seed "); ok {
				r.Seed = strings.TrimSpace(s)
				continue
			}
			e, err := ParseEvent(l)
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", ln, err)
			}
			r.Events = append(r.Events, e)
			continue
		}
		key, val, _ := strings.Cut(l, " ")
		switch key {
		case "game":
			r.Game = val
		case "rules":
			if val != "rs" {
				return nil, fmt.Errorf("line %d: rules %q: not a Racing Simulator record", ln, val)
			}
			sawRules = true
		case "option":
			k, v, _ := strings.Cut(val, "=")
			switch k {
			case "mode":
				r.Mode = Mode(v)
			case "optional":
				r.Optional = strings.Split(v, ",")
			default:
				return nil, fmt.Errorf("line %d: unknown option %q", ln, k)
			}
		case "track":
			r.Track = val
		case "track-begin", "risk-deck-begin":
			block = strings.TrimSuffix(key, "-begin")
		case "deck-begin":
			if !slices.Contains(decks.DeckIDs, val) {
				return nil, fmt.Errorf("line %d: deck-begin %q: a deck kind (%s)", ln, val, strings.Join(decks.DeckIDs, ", "))
			}
			block, blockKind = "deck", val
		case "seats":
			n, err := strconv.Atoi(val)
			if err != nil || n < 1 || n > MaxSeats {
				return nil, fmt.Errorf("line %d: seats %q: 1 to %d", ln, val, MaxSeats)
			}
			r.Seats = n
		case "commitment":
			r.Commitment = val
		case "dice-source":
			if val != "scripted" {
				return nil, fmt.Errorf("line %d: dice-source %q", ln, val)
			}
		case "events":
			inEvents = true
		default:
			return nil, fmt.Errorf("line %d: unknown header line %q", ln, l)
		}
	}
	switch {
	case block != "":
		return nil, fmt.Errorf("%s-begin without %s-end", block, block)
	case !sawRules:
		return nil, errors.New("no \"rules rs\" line")
	case !inEvents:
		return nil, errors.New("no events line")
	case r.Game == "":
		return nil, errors.New("no game line")
	case r.Seats == 0:
		return nil, errors.New("no seats line")
	case r.Mode != Family && r.Mode != Standard:
		return nil, fmt.Errorf("option mode=%s: family or standard", r.Mode)
	}
	return r, nil
}

// Circuit resolves the record's circuit.
func (r *Record) Circuit() (*rscircuit.Circuit, error) {
	if r.TrackSource != "" {
		return rscircuit.Parse("embedded circuit", []byte(r.TrackSource))
	}
	return rscircuit.Get(r.Track)
}

// Config is the game configuration the record fixes.
func (r *Record) Config() (Config, error) {
	cfg := Config{Mode: r.Mode, Seats: r.Seats}
	for _, o := range r.Optional {
		if err := cfg.SetOptional(o); err != nil {
			return cfg, err
		}
	}
	if r.RiskDeck != "" {
		d, err := decks.Parse("the record's risk deck", r.RiskDeck)
		if err != nil {
			return cfg, err
		}
		cfg.Risk, cfg.legacyRiskBlock = d, true
	}
	for _, src := range r.Decks {
		d, err := decks.Parse("the record's "+deckKindOf(src)+" deck", src)
		if err == nil {
			err = cfg.SetDeck(d)
		}
		if err != nil {
			return cfg, err
		}
	}
	return cfg, nil
}

// MismatchError names the first event a replay did not reproduce.
type MismatchError struct {
	Index    int // 0-based event index
	Recorded string
	Replayed string
}

func (e *MismatchError) Error() string {
	return fmt.Sprintf("event %d: the record says %q, the rules give %q", e.Index+1, e.Recorded, e.Replayed)
}

// fromRecord is a Random that gives back the rolls and shuffles of a
// record, in order: a replay never rolls.
type fromRecord struct {
	rolls, shuffles []Event
}

func keyOf(e Event) dice.Key {
	return dice.Key{Play: e.Int("play"), Car: e.Int("car"), Purpose: e.Get("for"), Counter: e.Int("n")}
}

func sameKey(a, b dice.Key) bool {
	return a.Play == b.Play && a.Car == b.Car && a.Purpose == b.Purpose && a.Counter == b.Counter
}

func (f *fromRecord) Roll(k dice.Key, d dice.Die) (dice.Roll, error) {
	if len(f.rolls) == 0 {
		return dice.Roll{}, errors.New("the record has no more rolls")
	}
	e := f.rolls[0]
	f.rolls = f.rolls[1:]
	if !sameKey(keyOf(e), k) || e.Get("die") != d.Name {
		return dice.Roll{}, fmt.Errorf("the record's next roll is %q, the rules roll %s at %s", e.Text(), d.Name, k)
	}
	return faceRoll(k, d, e.Int("value"))
}

func faceRoll(k dice.Key, d dice.Die, shown int) (dice.Roll, error) {
	v := shown
	if v == 0 {
		v = 10
	}
	i := d.IndexOf(v)
	if i < 0 || shown < 0 || shown > 9 {
		return dice.Roll{}, fmt.Errorf("%d is not a face of %s", shown, d.Name)
	}
	return dice.Roll{Key: k, Die: d.Name, Index: i, Value: v}, nil
}

func permOf(e Event) ([]int, error) {
	s := e.Get("perm")
	if s == "-" {
		return []int{}, nil
	}
	var p []int
	for _, f := range strings.Split(s, ",") {
		v, err := strconv.Atoi(f)
		if err != nil {
			return nil, fmt.Errorf("perm %q", s)
		}
		p = append(p, v)
	}
	return p, dice.ValidPerm(p)
}

func (f *fromRecord) Shuffle(k dice.Key, n int) (dice.Shuffle, error) {
	if len(f.shuffles) == 0 {
		return dice.Shuffle{}, errors.New("the record has no more shuffles")
	}
	e := f.shuffles[0]
	f.shuffles = f.shuffles[1:]
	p, err := permOf(e)
	if err != nil || !sameKey(keyOf(e), k) || len(p) != n {
		return dice.Shuffle{}, fmt.Errorf("the record's next shuffle is %q, the rules shuffle %d cards at %s", e.Text(), n, k)
	}
	return dice.Shuffle{Key: k, Perm: p}, nil
}

// Replay rebuilds the game from its record without rolling: the record's
// inputs (orders and deadlines) are played again, its rolls and shuffles
// given back, and every event the rules give must equal the record's.
func Replay(r *Record) (*Game, error) { return ReplayUntil(r, nil) }

// ReplayUntil replays as Replay does, but asks stop before each input
// (index: its line in the record, from 0) and returns the game as it stood
// there when stop says so. A nil stop replays the whole record.
func ReplayUntil(r *Record, stop func(g *Game, index int) bool) (*Game, error) {
	c, err := r.Circuit()
	if err != nil {
		return nil, err
	}
	cfg, err := r.Config()
	if err != nil {
		return nil, err
	}
	src := &fromRecord{}
	for _, e := range r.Events {
		switch e.Kind {
		case "roll":
			src.rolls = append(src.rolls, e)
		case "shuffle":
			src.shuffles = append(src.shuffles, e)
		}
	}
	g, err := NewGame(r.Game, cfg, c, src)
	if err != nil {
		return nil, err
	}
	if err := matchEvents(r.Events, g.Events, 0); err != nil {
		return nil, err
	}
	for i := len(g.Events); i < len(r.Events); i = len(g.Events) {
		if stop != nil && stop(g, i) {
			return g, nil
		}
		e := r.Events[i]
		switch {
		case e.Kind == "order" && e.Get("by") == "":
			_, err = g.Submit(orderOf(e), src)
		case e.Kind == "deadline":
			_, err = g.Expire(src)
		default:
			return nil, &MismatchError{Index: i, Recorded: e.Text(), Replayed: "(an order or a deadline)"}
		}
		if err != nil {
			return nil, fmt.Errorf("event %d (%s): %w", i+1, e.Text(), err)
		}
		if len(g.Events) <= i {
			return nil, fmt.Errorf("event %d (%s) repeats an order already sealed", i+1, e.Text())
		}
		if err := matchEvents(r.Events, g.Events, i); err != nil {
			return nil, err
		}
	}
	if r.Seed != "" && !g.Over {
		return nil, errors.New("the record reveals its seed but the race is not over")
	}
	return g, nil
}

func matchEvents(rec, got []Event, from int) error {
	for i := from; i < len(got); i++ {
		if i >= len(rec) {
			return &MismatchError{Index: i, Recorded: "(end of record)", Replayed: got[i].Text()}
		}
		if rec[i].Text() != got[i].Text() {
			return &MismatchError{Index: i, Recorded: rec[i].Text(), Replayed: got[i].Text()}
		}
	}
	return nil
}

// Verify checks the revealed seed against the commitment and every roll
// and shuffle against the seed. It does not replay (Replay does).
func Verify(r *Record) (rolls, shuffles int, err error) {
	if r.Commitment == "" {
		return 0, 0, errors.New("the dice were scripted: nothing to verify")
	}
	if r.Seed == "" {
		return 0, 0, errors.New("the seed is not revealed yet (the race is not over)")
	}
	seed, err := dice.ParseSeed(r.Seed)
	if err != nil {
		return 0, 0, err
	}
	if err := dice.VerifyCommitment(seed, r.Commitment); err != nil {
		return 0, 0, err
	}
	for i, e := range r.Events {
		k := keyOf(e)
		k.Game = r.Game
		switch e.Kind {
		case "roll":
			d := map[string]dice.Die{"blue": Blue, "white": White, "red": Red}[e.Get("die")]
			if d.Name == "" {
				return rolls, shuffles, fmt.Errorf("event %d: unknown die %q", i+1, e.Get("die"))
			}
			ro, err := faceRoll(k, d, e.Int("value"))
			if err == nil {
				err = dice.VerifyRoll(seed, ro, d)
			}
			if err != nil {
				return rolls, shuffles, fmt.Errorf("event %d: %w", i+1, err)
			}
			rolls++
		case "shuffle":
			p, err := permOf(e)
			if err == nil {
				err = dice.VerifyShuffle(seed, dice.Shuffle{Key: k, Perm: p})
			}
			if err != nil {
				return rolls, shuffles, fmt.Errorf("event %d: %w", i+1, err)
			}
			shuffles++
		}
	}
	return rolls, shuffles, nil
}

// Inputs returns the indexes of the record's inputs, for tools.
func (r *Record) Inputs() []int {
	var out []int
	for i, e := range r.Events {
		if (e.Kind == "order" && e.Get("by") == "") || e.Kind == "deadline" {
			out = append(out, i)
		}
	}
	return slices.Clip(out)
}

// orderOf reads the order an "order" event sealed.
func orderOf(e Event) Order {
	return Order{Seat: e.Int("seat") - 1, Card: e.Int("card"), Risk: e.Get("risk") == "1",
		Tapez: e.Get("tapez") == "1", Economise: e.Get("economise") == "1", Pit: e.Get("pit") != "",
		Tyre: Tyre(e.Get("pit") + e.Get("tyres")), Deck: e.Get("deck"), KeepNose: e.Get("nose") == "keep", Redraw: e.Int("redraw"), Dir: e.Get("dir")}
}

// deckKindOf is the kind a deck's text gives on its "deck" line ("" if
// none), as decks.Parse reads it.
func deckKindOf(src string) string {
	for _, l := range strings.Split(src, "\n") {
		if k, ok := strings.CutPrefix(strings.TrimSpace(l), "deck "); ok {
			k, _, _ = strings.Cut(k, "#")
			return strings.TrimSpace(k)
		}
	}
	return ""
}
