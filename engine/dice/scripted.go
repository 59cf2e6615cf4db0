package dice

import (
	"errors"
	"fmt"
)

var (
	// ErrScriptExhausted: a scripted source was asked for more rolls than
	// its script holds.
	ErrScriptExhausted = errors.New("dice script exhausted")
	// ErrNotAFace: a scripted value is not a face of the die rolled.
	ErrNotAFace = errors.New("scripted value is not a face of the die")
)

// Scripted is a source that returns fixed values in order, for tests and
// for records that carry scripted dice. Each value must be a face of the
// die asked for; the roll's index is the first face showing that value.
// A failed roll does not use up its value. It is not safe for concurrent
// use.
type Scripted struct {
	values []int
	next   int
}

// NewScripted returns a source that rolls values, in order.
func NewScripted(values ...int) *Scripted {
	return &Scripted{values: append([]int(nil), values...)}
}

// Roll returns the next scripted value as a roll of d at k.
func (s *Scripted) Roll(k Key, d Die) (Roll, error) {
	if err := k.Validate(); err != nil {
		return Roll{}, err
	}
	if err := d.Validate(); err != nil {
		return Roll{}, fmt.Errorf("dice: rolling %s: %w", k, err)
	}
	if s.next >= len(s.values) {
		return Roll{}, fmt.Errorf("dice: rolling %s on %s: %w after %d rolls", k, d.Name, ErrScriptExhausted, len(s.values))
	}
	v := s.values[s.next]
	i := d.IndexOf(v)
	if i < 0 {
		return Roll{}, fmt.Errorf("dice: rolling %s: scripted roll %d is %d: %w %s", k, s.next+1, v, ErrNotAFace, d)
	}
	s.next++
	return Roll{Key: k, Die: d.Name, Index: i, Value: v}, nil
}

// Remaining returns how many scripted values are left.
func (s *Scripted) Remaining() int { return len(s.values) - s.next }
