package fd

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// The one text codec of the typed events (issue 13): Encode writes a
// kind's struct as today's line (an Event, whose String is the record's
// text) and Decode reads an Event back into its struct. It reads the
// structs' `ev` tags once, at start-up, into a plan per kind; the key
// order is the fields' order. Decode is strict, so that what it accepts
// encodes back byte for byte: every key known and in its field's place,
// every required key there, numbers and lists written as Encode writes
// them, an optional value never written as its zero.

// TypedEvent is an event of the record as a Go value: one struct per
// kind (events_typed.go).
type TypedEvent interface {
	// EventKind is the record keyword: "roll", "move", "pit-quick" …
	EventKind() string
}

// QualifyingCopy is a line of a car's qualifying session copied into the
// race's record (O-QUA, FDR R1): the kind prefixed "q-", q=CAR the car of
// the race that drove it, qs=N its session from the second (R1.1), then
// the session's own line.
type QualifyingCopy struct {
	Car     int
	Session int // 0: the first session, not written
	Event   TypedEvent
}

// EventKind is the copied kind, prefixed "q-".
func (q QualifyingCopy) EventKind() string { return "q-" + q.Event.EventKind() }

// ErrUnknownKind is the error of a line whose kind has no struct.
var ErrUnknownKind = errors.New("no typed event of this kind")

// fieldPlan is how one field is written: its key, whether it may be
// absent, and how its value is read and written.
type fieldPlan struct {
	index []int // reflect's path to the field, through embedded structs
	key   string
	opt   bool
	kind  valueKind
}

type valueKind int

const (
	valInt valueKind = iota
	valString
	valBool
	valInts   // []int, written 1,4,3
	valIntPtr // *int: optional, its 0 written
	valBoolPtr
)

type kindPlan struct {
	typ    reflect.Type
	fields []fieldPlan
}

// planOfKind is the plan of a kind, nil for a kind without a struct: the
// kind table (event_modules.go), built once, read-only after.
func planOfKind(kind string) *kindPlan { return codecKinds().plans[kind] }

func planKinds(kinds []TypedEvent) map[string]*kindPlan {
	out := make(map[string]*kindPlan, len(kinds))
	for _, k := range kinds {
		p, err := planOf(reflect.TypeOf(k))
		if err != nil {
			panic(err) // a struct of events_typed.go is malformed: caught by any test
		}
		if _, dup := out[k.EventKind()]; dup {
			panic("fd: two structs for event kind " + k.EventKind())
		}
		out[k.EventKind()] = p
	}
	return out
}

func planOf(t reflect.Type) (*kindPlan, error) {
	if t.Kind() != reflect.Struct {
		return nil, fmt.Errorf("fd: event %s is not a struct", t)
	}
	p := &kindPlan{typ: t}
	if err := planFields(p, t, nil); err != nil {
		return nil, err
	}
	return p, nil
}

// planFields appends the plans of t's fields, in order, to p; prefix is
// the path from the event's struct to t.
func planFields(p *kindPlan, t reflect.Type, prefix []int) error {
	for i := range t.NumField() {
		f := t.Field(i)
		tag, ok := f.Tag.Lookup("ev")
		if !ok && f.Anonymous && f.Type.Kind() == reflect.Struct {
			// an embedded struct: its fields are written in its place
			// (the car's state shared by the position lines)
			if err := planFields(p, f.Type, append(slices.Clone(prefix), i)); err != nil {
				return err
			}
			continue
		}
		if !ok {
			return fmt.Errorf("fd: event %s.%s has no ev tag", t, f.Name)
		}
		key, opts, _ := strings.Cut(tag, ",")
		fp := fieldPlan{index: append(slices.Clone(prefix), i), key: key, opt: opts == "opt"}
		switch {
		case f.Type.Kind() == reflect.Int:
			fp.kind = valInt
		case f.Type.Kind() == reflect.String:
			fp.kind = valString
		case f.Type.Kind() == reflect.Bool:
			fp.kind = valBool
		case f.Type == reflect.TypeFor[[]int]():
			fp.kind = valInts
		case f.Type == reflect.TypeFor[*int]() && fp.opt:
			fp.kind = valIntPtr
		case f.Type == reflect.TypeFor[*bool]() && fp.opt:
			fp.kind = valBoolPtr
		default:
			return fmt.Errorf("fd: event %s.%s: type %s has no text form", t, f.Name, f.Type)
		}
		p.fields = append(p.fields, fp)
	}
	return nil
}

// Encode writes t as its record line.
func Encode(t TypedEvent) Event {
	if w, ok := t.(lineWriter); ok {
		return w.line() // events_fast.go
	}
	return encodeByPlan(t)
}

// encodeByPlan writes t as its struct's tags say.
func encodeByPlan(t TypedEvent) Event {
	if q, ok := t.(QualifyingCopy); ok {
		inner := Encode(q.Event)
		args := make([]Arg, 0, 2+len(inner.Args))
		args = append(args, Arg{"q", strconv.Itoa(q.Car)})
		if q.Session > 0 {
			args = append(args, Arg{"qs", strconv.Itoa(q.Session)})
		}
		return Event{Kind: "q-" + inner.Kind, Args: append(args, inner.Args...)}
	}
	kind := t.EventKind()
	p := planOfKind(kind)
	if p == nil {
		panic("fd: Encode: no plan for event kind " + kind + " (add its struct to eventKinds, or to its module's Events)")
	}
	v := reflect.ValueOf(t)
	e := Event{Kind: kind, Args: make([]Arg, 0, len(p.fields))}
	for _, f := range p.fields {
		fv := v.FieldByIndex(f.index)
		if f.opt && (fv.IsZero() || f.kind == valInts && fv.Len() == 0) {
			continue
		}
		e.Args = append(e.Args, Arg{f.key, valueText(f.kind, fv)})
	}
	return e
}

// joinInts writes a list of numbers as a record line's value does
// ("3,1,2"): the codec, the fast encoders, the phrases and positions
// write their lists with it, and the league variants through JoinInts.
func joinInts(xs []int) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return lineInt(xs[0]) // a session's round: no allocation (issue 14)
	}
	// the digits appended on the stack, one string made (issue 14: a list
	// of strings and their join made two or more a round line)
	var buf [64]byte
	b := buf[:0]
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(x), 10)
	}
	return string(b)
}

func valueText(k valueKind, v reflect.Value) string {
	switch k {
	case valInt:
		return strconv.Itoa(int(v.Int()))
	case valString:
		return v.String()
	case valBool:
		return strconv.FormatBool(v.Bool())
	case valInts:
		return joinInts(v.Interface().([]int))
	case valIntPtr:
		return strconv.Itoa(int(v.Elem().Int()))
	case valBoolPtr:
		return strconv.FormatBool(v.Elem().Bool())
	}
	panic("fd: unknown value kind")
}

// Decode reads e into its kind's struct (a QualifyingCopy for a "q-"
// line); an error wraps ErrUnknownKind for a kind without one.
func Decode(e Event) (TypedEvent, error) {
	if inner, ok := strings.CutPrefix(e.Kind, "q-"); ok {
		return decodeQualifyingCopy(inner, e)
	}
	p := planOfKind(e.Kind)
	if p == nil {
		return nil, fmt.Errorf("%q: %w", truncate(e.Kind), ErrUnknownKind)
	}
	v := reflect.New(p.typ).Elem()
	i := 0 // the next argument to read
	for _, f := range p.fields {
		if i >= len(e.Args) || e.Args[i].Key != f.key {
			if f.opt {
				continue
			}
			return nil, &DecodeError{Kind: e.Kind, Key: f.key, Problem: "missing or out of place"}
		}
		if err := setValue(f, v.FieldByIndex(f.index), e.Args[i].Val); err != nil {
			return nil, valueError(e.Kind, f.key, e.Args[i].Val, err)
		}
		i++
	}
	if i < len(e.Args) {
		return nil, &DecodeError{Kind: e.Kind, Key: truncate(e.Args[i].Key), Problem: "unknown, repeated or out of place"}
	}
	return v.Interface().(TypedEvent), nil
}

func decodeQualifyingCopy(inner string, e Event) (TypedEvent, error) {
	args := e.Args
	q := QualifyingCopy{}
	if len(args) == 0 || args[0].Key != "q" {
		return nil, &DecodeError{Kind: e.Kind, Key: "q", Problem: "missing: a qualifying copy starts with q=CAR"}
	}
	var err error
	if q.Car, err = canonicalInt(args[0].Val); err != nil {
		return nil, valueError(e.Kind, "q", args[0].Val, err)
	}
	args = args[1:]
	if len(args) > 0 && args[0].Key == "qs" {
		if q.Session, err = canonicalInt(args[0].Val); err != nil || q.Session == 0 {
			return nil, valueError(e.Kind, "qs", args[0].Val, errors.New("is not a session from the second (2, 3 …)"))
		}
		args = args[1:]
	}
	if strings.HasPrefix(inner, "q-") {
		return nil, fmt.Errorf("%s: a copy of a copy", truncate(e.Kind))
	}
	if q.Event, err = Decode(Event{Kind: inner, Args: args}); err != nil {
		if de, ok := err.(*DecodeError); ok {
			de.Kind = e.Kind // the line's own kind, as its writer wrote it
		}
		return nil, err
	}
	return q, nil
}

func setValue(f fieldPlan, to reflect.Value, text string) error {
	switch f.kind {
	case valInt:
		n, err := canonicalInt(text)
		if err != nil {
			return err
		}
		if f.opt && n == 0 {
			return errors.New("is an optional 0, which the record leaves out")
		}
		to.SetInt(int64(n))
	case valString:
		if f.opt && text == "" {
			return errors.New("is an optional empty value, which the record leaves out")
		}
		to.SetString(text)
	case valBool, valBoolPtr:
		b, err := strconv.ParseBool(text)
		if err != nil || text != strconv.FormatBool(b) {
			return errors.New("is not true or false")
		}
		if f.kind == valBoolPtr {
			to.Set(reflect.ValueOf(&b))
			return nil
		}
		if f.opt && !b {
			return errors.New("is an optional false, which the record leaves out")
		}
		to.SetBool(b)
	case valInts:
		var ns []int
		if text != "" {
			for _, part := range strings.Split(text, ",") {
				n, ok := recordInt(part)
				if !ok {
					return fmt.Errorf("holds %q, which is not a number as the record writes it (digits, a minus sign, no leading 0)", truncate(part))
				}
				ns = append(ns, n)
			}
		}
		if f.opt && len(ns) == 0 {
			return errors.New("is an optional empty list, which the record leaves out")
		}
		to.Set(reflect.ValueOf(ns))
	case valIntPtr:
		n, err := canonicalInt(text)
		if err != nil {
			return err
		}
		to.Set(reflect.ValueOf(&n))
	}
	return nil
}

// DecodeError is a line the codec refused, said for the person who wrote
// it: the kind, the key at fault and the value written there (none for a
// key missing or out of place), then what is wrong with it:
// `order: car="x" is not a number as the record writes it (…)`. Every
// reader of the typed events (Decode, DecodeLoose, the replay's readers of
// given lines) returns it, so a message is chosen once, here.
type DecodeError struct {
	Kind, Key string
	Value     string // the value written; "" with HasValue false when the key is not where it belongs
	HasValue  bool
	Problem   string // "is not a number …", "missing or out of place" …
}

func (e *DecodeError) Error() string {
	if !e.HasValue {
		return fmt.Sprintf("%s: %s= %s", truncate(e.Kind), e.Key, e.Problem)
	}
	return fmt.Sprintf("%s: %s=%q %s", truncate(e.Kind), e.Key, truncate(e.Value), e.Problem)
}

// valueError is the DecodeError of a value setValue refused.
func valueError(kind, key, value string, problem error) *DecodeError {
	return &DecodeError{Kind: kind, Key: key, Value: value, HasValue: true, Problem: problem.Error()}
}

// canonicalInt reads a number written as strconv.Itoa writes it.
func canonicalInt(s string) (int, error) {
	n, ok := recordInt(s)
	if !ok {
		return 0, errors.New("is not a number as the record writes it (digits, a minus sign, no leading 0)")
	}
	return n, nil
}

// recordInt reads a number written as strconv.Itoa writes it, without
// allocating: digits, a minus before a non-zero number, no leading zero.
func recordInt(s string) (int, bool) {
	digits := strings.TrimPrefix(s, "-")
	if digits == "" || digits[0] == '0' && (len(digits) > 1 || len(digits) < len(s)) {
		return 0, false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// decoded reads e as the struct T of its kind, for the engine's own
// readers of its lines; false when e is of another kind or a line the
// codec refuses. The kind is compared first, so that a reader scanning a
// whole record decodes only the lines it reads.
func decoded[T TypedEvent](e Event) (T, bool) { return decodedBy[T](e, Decode) }

// decodedBy is e read by decode as its kind's struct T; false when e is
// of another kind or decode refuses it (decoded: Decode, readLoose:
// DecodeLoose).
func decodedBy[T TypedEvent](e Event, decode func(Event) (TypedEvent, error)) (T, bool) {
	var zero T
	if e.Kind != zero.EventKind() {
		return zero, false
	}
	t, err := decode(e)
	if err != nil {
		return zero, false
	}
	x, ok := t.(T)
	return x, ok
}
