package fd

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
)

// Readers of the typed events outside the engine (issue 13: bot reads
// the record as typed values, not by key).

// DecodeLoose reads e into its kind's struct as Decode does, but for a
// line Decode would refuse for its shape rather than its values: a key
// missing leaves its field zero, a key out of its place is read where it
// stands (the first of a repeated key, as Event.Get reads it), a key the
// kind does not have is left out, an optional value written as its zero
// is read. A value not of its field's type (car=x, a number written 01)
// is still an error, and so is a kind without a struct. It is for texts
// that explain a line someone may have written by hand (`replay
// --events`, EventText); what replays, scores or judges reads with Decode.
// A line Decode accepts reads the same (TestDecodeLooseIsDecodeOnWhatDecodeReads).
// A qualifying copy ("q-…") is read by Decode.
func DecodeLoose(e Event) (TypedEvent, error) {
	if strings.HasPrefix(e.Kind, "q-") {
		return Decode(e)
	}
	p := planOfKind(e.Kind)
	if p == nil {
		return nil, fmt.Errorf("%q: %w", truncate(e.Kind), ErrUnknownKind)
	}
	v := reflect.New(p.typ).Elem()
	for _, f := range p.fields {
		for _, a := range e.Args {
			if a.Key != f.key {
				continue
			}
			anyValue := f
			anyValue.opt = false // an optional zero is read, not refused
			if err := setValue(anyValue, v.FieldByIndex(f.index), a.Val); err != nil {
				return nil, valueError(e.Kind, f.key, a.Val, err)
			}
			break
		}
	}
	return v.Interface().(TypedEvent), nil
}

// DecodeFast is Decode, read by hand for the commonest lines (roll, turn,
// round: a league reading a season's races reads every roll), where the
// reflective codec's cost shows (BenchmarkEventResult in bot). A line the
// hand-written readers do not take exactly as Decode would (another
// shape, a value not as the record writes it) goes to Decode, so the
// value and the error are Decode's: TestDecodeFastIsDecode and
// FuzzDecodeFast hold the two together.
func DecodeFast(e Event) (TypedEvent, error) {
	switch e.Kind {
	case "roll":
		if x, ok := readRoll(e); ok {
			return x, nil
		}
	case "turn":
		if x, ok := readTurn(e); ok {
			return x, nil
		}
	case "round":
		if x, ok := readRound(e); ok {
			return x, nil
		}
	case "move":
		if x, ok := readMove(e); ok {
			return x, nil
		}
	case "slipstream":
		if x, ok := readMove(e); ok {
			return SlipstreamEvent(x), nil
		}
	case "gear":
		if x, ok := readGear(e); ok {
			return x, nil
		}
	}
	return Decode(e)
}

// ReadRoll is DecodeFast for a line meant to be a roll, as its struct:
// no interface value, so a reader of every roll allocates nothing for it.
// Another kind is an error.
func ReadRoll(e Event) (RollEvent, error) {
	if x, ok := readRoll(e); ok && e.Kind == "roll" {
		return x, nil
	}
	t, err := Decode(e)
	if err != nil {
		return RollEvent{}, err
	}
	x, ok := t.(RollEvent)
	if !ok {
		return RollEvent{}, fmt.Errorf("%s: not a roll", truncate(e.Kind))
	}
	return x, nil
}

func readRoll(e Event) (x RollEvent, ok bool) {
	a := e.Args
	if len(a) != 6 || a[0].Key != "play" || a[1].Key != "car" || a[2].Key != "for" || a[3].Key != "n" ||
		a[4].Key != "die" || a[5].Key != "value" {
		return x, false
	}
	var ok1, ok2, ok3, ok4 bool
	x.Play, ok1 = recordInt(a[0].Val)
	x.Car, ok2 = recordInt(a[1].Val)
	x.N, ok3 = recordInt(a[3].Val)
	x.Value, ok4 = recordInt(a[5].Val)
	x.For, x.Die = a[2].Val, a[4].Val
	return x, ok1 && ok2 && ok3 && ok4
}

// readMove reads a move or a slipstream line (the same shape) as the
// engine writes it: car, path, braked, blocked, then slide and bonus when
// they are not 0. The board reads every move of the race (PlaysSince).
func readMove(e Event) (x MoveEvent, ok bool) {
	a := e.Args
	if len(a) < 4 || len(a) > 6 || a[0].Key != "car" || a[1].Key != "path" || a[2].Key != "braked" || a[3].Key != "blocked" {
		return x, false
	}
	var ok1, ok2, ok3 bool
	x.Car, ok1 = recordInt(a[0].Val)
	x.Path = a[1].Val
	x.Braked, ok2 = recordInt(a[2].Val)
	x.Blocked, ok3 = recordInt(a[3].Val)
	if !ok1 || !ok2 || !ok3 {
		return x, false
	}
	rest := a[4:]
	if len(rest) > 0 && rest[0].Key == "slide" {
		if x.Slide, ok = recordInt(rest[0].Val); !ok || x.Slide == 0 { // an optional 0 is Decode's error
			return x, false
		}
		rest = rest[1:]
	}
	if len(rest) > 0 && rest[0].Key == "bonus" {
		if x.Bonus, ok = recordInt(rest[0].Val); !ok || x.Bonus == 0 {
			return x, false
		}
		rest = rest[1:]
	}
	return x, len(rest) == 0
}

func readGear(e Event) (x GearEvent, ok bool) {
	a := e.Args
	if len(a) != 3 || a[0].Key != "car" || a[1].Key != "from" || a[2].Key != "to" {
		return x, false
	}
	var ok1, ok2, ok3 bool
	x.Car, ok1 = recordInt(a[0].Val)
	x.From, ok2 = recordInt(a[1].Val)
	x.To, ok3 = recordInt(a[2].Val)
	return x, ok1 && ok2 && ok3
}

func readTurn(e Event) (x TurnEvent, ok bool) {
	a := e.Args
	if len(a) != 2 || a[0].Key != "play" || a[1].Key != "car" {
		return x, false
	}
	var ok1, ok2 bool
	x.Play, ok1 = recordInt(a[0].Val)
	x.Car, ok2 = recordInt(a[1].Val)
	return x, ok1 && ok2
}

func readRound(e Event) (x RoundEvent, ok bool) {
	a := e.Args
	if len(a) != 2 || a[0].Key != "n" || a[1].Key != "order" {
		return x, false
	}
	if x.N, ok = recordInt(a[0].Val); !ok {
		return x, false
	}
	if a[1].Val == "" {
		return x, true // Decode reads an empty list as none
	}
	list := a[1].Val
	x.Order = make([]int, 0, strings.Count(list, ",")+1)
	for {
		part, rest, more := strings.Cut(list, ",")
		n, ok := recordInt(part)
		if !ok {
			return x, false
		}
		x.Order = append(x.Order, n)
		if !more {
			return x, true
		}
		list = rest
	}
}

// decodeGiven reads a line a player or a file gave (an order, a roll or a
// position written by hand, an official's classification) as its kind's
// struct T. Such lines are documented looser than the engine writes them
// (docs/record.md: a hand-written roll gives only value=, a position-car
// leaves out what is zero), so it reads them as DecodeLoose does; the keys
// in need are the ones the reader cannot do without, whose absence is a
// DecodeError naming them. A value not of its field's type is DecodeLoose's
// error, which names the kind, the key and the value.
func decodeGiven[T TypedEvent](e Event, need ...string) (T, error) {
	var zero T
	if e.Kind != zero.EventKind() {
		return zero, fmt.Errorf("%s: not a %s line", truncate(e.Kind), zero.EventKind())
	}
	for _, key := range need {
		if !slices.ContainsFunc(e.Args, func(a Arg) bool { return a.Key == key }) {
			return zero, &DecodeError{Kind: e.Kind, Key: key, Problem: "missing"}
		}
	}
	t, err := DecodeLoose(e)
	if err != nil {
		return zero, err
	}
	return t.(T), nil // DecodeLoose reads a kind into its own struct
}

// readOrder reads an order line as the engine writes it (car= then one of
// gear=, choose=, build= with 5-A's boosters=), by hand: the replay reads
// every order of a record. false for any other shape, which the caller
// reads through the codec.
func readOrder(e Event) (x OrderEvent, ok bool) {
	a := e.Args
	if e.Kind != "order" || len(a) < 2 || len(a) > 3 || a[0].Key != "car" || a[1].Val == "" {
		return x, false
	}
	if x.Car, ok = recordInt(a[0].Val); !ok {
		return x, false
	}
	switch {
	case len(a) == 3:
		if a[1].Key != "build" || a[2].Key != "boosters" || a[2].Val == "" {
			return x, false
		}
		x.Build, x.Boosters = a[1].Val, a[2].Val
	case a[1].Key == "gear":
		x.Gear, ok = recordInt(a[1].Val)
		return x, ok && x.Gear != 0
	case a[1].Key == "choose":
		x.Choose = a[1].Val
	case a[1].Key == "build":
		x.Build = a[1].Val
	default:
		return x, false
	}
	return x, true
}

// readCopy reads a qualifying copy's head (q=CAR, qs=N from the second
// session) by hand and returns the copied line, for the fast readers of
// the lines a qualifying session copies by the hundred (q-order, q-roll);
// false for any other shape, which Decode reads (and words its error).
func readCopy(e Event) (car, session int, inner Event, ok bool) {
	kind, isCopy := strings.CutPrefix(e.Kind, "q-")
	a := e.Args
	if !isCopy || strings.HasPrefix(kind, "q-") || len(a) == 0 || a[0].Key != "q" {
		return 0, 0, inner, false
	}
	if car, ok = recordInt(a[0].Val); !ok {
		return 0, 0, inner, false
	}
	a = a[1:]
	if len(a) > 0 && a[0].Key == "qs" {
		if session, ok = recordInt(a[0].Val); !ok || session == 0 {
			return 0, 0, inner, false
		}
		a = a[1:]
	}
	return car, session, Event{Kind: kind, Args: a}, true
}
