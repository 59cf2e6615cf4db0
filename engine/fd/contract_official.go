package fd

import (
	"errors"
	"fmt"

	"github.com/pitwall/pitwall/engine"
)

// Officials' lines (engine.Officiated): what the race direction or the
// game master enters into a race that is no seat's order. Each is given
// as the record line it writes (docs/record.md), the line Replay reads
// back: an official says his decision in the record's own words, and one
// reader judges it live and in a replay.
//
//   - "clock-out car=N capital=C": car N's race clock ran out (league 2-B;
//     under AX-5's time bank the race writes it as "time-out car=N bank=C");
//   - "excluded car=N reason=R": the race direction excludes car N (7-A);
//   - "classification car=N place=P reason=R": the classification is
//     changed once the race is over (FDR R1.14).

var _ engine.Officiated = Contract{}

// ClockOutLine is the official's line of car's race clock running out
// with capital on it (league 2-B, AX-5).
func ClockOutLine(car int, capital string) string {
	return Encode(ClockOutEvent{Car: car, Capital: capital}).String()
}

// ExclusionLine is the official's line excluding car for reason (7-A);
// an empty reason is the black flag's.
func ExclusionLine(car int, reason string) string {
	return Encode(ExcludedEvent{Car: car, Reason: reason}).String()
}

// ClassificationLine is the official's line classifying car at place
// once the race is over (FDR R1.14); an empty reason is "official
// decision".
func ClassificationLine(car, place int, reason string) string {
	return Encode(ClassificationEvent{Car: car, Place: place, Reason: reason}).String()
}

// Official enters an official's line (ClockOutLine, ExclusionLine,
// ClassificationLine) and returns exactly the lines the race wrote for
// it: the official's own line (with the race's defaults filled in) and
// whatever the race then played (a turn passed on, a car's next
// decision). A refused line changes nothing (the game judges before it
// changes) and its error wraps engine.ErrIllegal beside fd's ErrIllegal,
// with fd's own text. The race being over refuses no line here: a
// classification is changed only then.
func (c Contract) Official(line string, r engine.Random) (engine.Step, error) {
	e, err := ParseEvent(line)
	if err != nil {
		return engine.Step{}, officialRefusal("%q is not a record line: %v", line, err)
	}
	from := len(c.G.Events)
	switch e.Kind {
	case "clock-out", "time-out":
		err = c.G.clockOutFromEvent(e, r)
	case "excluded":
		err = c.G.excludeFromEvent(e, r)
	case "classification":
		err = c.G.adjustFromEvent(e)
	default:
		return engine.Step{}, officialRefusal("%q is no official's line: clock-out, excluded or classification", line)
	}
	if bad := (*DecodeError)(nil); errors.As(err, &bad) {
		// the line is unreadable (car= missing, place="x" …): the codec's
		// words name the kind, the key and the value
		return engine.Step{}, officialRefusal("%q: %v", line, err)
	}
	if err != nil {
		return engine.Step{}, contractError(err)
	}
	return engine.Step{Events: c.wrap(c.G.Events[from:])}, nil
}

// officialRefusal refuses a line the contract cannot read as an
// official's: nothing was tried.
func officialRefusal(format string, a ...any) error {
	return contractRefusal{fmt.Errorf("%w: "+format, append([]any{ErrIllegal}, a...)...), engine.ErrIllegal}
}
