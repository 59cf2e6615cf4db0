package fd

import (
	"fmt"
	"reflect"
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
	p := kindPlans[e.Kind]
	if p == nil {
		return nil, fmt.Errorf("event %q: %w", truncate(e.Kind), ErrUnknownKind)
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
				return nil, fmt.Errorf("event %s: %s=%q: %w", e.Kind, f.key, truncate(a.Val), err)
			}
			break
		}
	}
	return v.Interface().(TypedEvent), nil
}
