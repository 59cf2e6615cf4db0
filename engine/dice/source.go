package dice

import (
	"errors"
	"fmt"
)

// ErrInvalidKey is wrapped by the error for a key a source refuses.
var ErrInvalidKey = errors.New("invalid roll key")

// Roll is one die roll as the record keeps it: where it was rolled, which
// die (by name), the face index and the value on that face.
type Roll struct {
	Key   Key
	Die   string
	Index int
	Value int
}

func (r Roll) String() string {
	return fmt.Sprintf("%s: %s face %d = %d", r.Key, r.Die, r.Index, r.Value)
}

// Source rolls dice. The engine asks a Source for every roll and records
// the result as an event; replaying a record never calls a Source.
type Source interface {
	// Roll rolls d at address k. It fails on an invalid key or die, and
	// a scripted source fails when its script does not fit.
	Roll(k Key, d Die) (Roll, error)
}

// Recorder is a Source that passes rolls to another Source and keeps every
// roll that succeeded, in order, so the engine can turn each into an event.
// It is not safe for concurrent use.
type Recorder struct {
	src   Source
	rolls []Roll
}

// Recording wraps src.
func Recording(src Source) *Recorder { return &Recorder{src: src} }

// Roll rolls with the wrapped source and records the roll if it succeeded.
func (r *Recorder) Roll(k Key, d Die) (Roll, error) {
	roll, err := r.src.Roll(k, d)
	if err != nil {
		return Roll{}, err
	}
	r.rolls = append(r.rolls, roll)
	return roll, nil
}

// Rolls returns a copy of the rolls made so far, oldest first.
func (r *Recorder) Rolls() []Roll {
	return append([]Roll(nil), r.rolls...)
}
