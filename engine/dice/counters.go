package dice

import "fmt"

// Counters numbers the rolls of a game so that no two share a Key: the
// n-th roll (from 0) for one car and one purpose in one play gets Counter
// n. Before it, a game kept one counter per (play, car, purpose) in a map
// that was never cleared, a key per play for the whole race (issue 14);
// Counters keeps only those of the latest play, since the plays of a game
// only move forward and a roll is always made for the current play. The
// numbers are the same, so the keys and rolls are the same and records
// verify unchanged.
//
// The zero value is ready to use. It is not safe for concurrent use.
type Counters struct {
	play    int
	started bool
	n       map[counterKey]int
}

type counterKey struct {
	car     int
	purpose string
}

// Next returns the Counter of the next roll for car and purpose in play
// and counts it. Moving to a later play forgets the earlier plays'
// counters (the map keeps its room for the next play). A play earlier than
// the latest is refused: its counters are gone, and numbering again from 0
// would give a key already used, hence the same roll.
func (c *Counters) Next(play, car int, purpose string) (int, error) {
	switch {
	case !c.started || play > c.play:
		clear(c.n)
		c.play, c.started = play, true
	case play < c.play:
		return 0, fmt.Errorf("dice: %w: a roll for play %d after play %d (plays only move forward)", ErrInvalidKey, play, c.play)
	}
	if c.n == nil {
		c.n = make(map[counterKey]int)
	}
	k := counterKey{car, purpose}
	n := c.n[k]
	c.n[k] = n + 1
	return n, nil
}

// Len is how many counters are kept: those of the latest play only.
func (c *Counters) Len() int { return len(c.n) }

// Clone returns an independent copy (a game copied for a look-ahead must
// not share its counters).
func (c *Counters) Clone() Counters {
	d := Counters{play: c.play, started: c.started}
	if c.n != nil {
		d.n = make(map[counterKey]int, len(c.n))
		for k, v := range c.n {
			d.n[k] = v
		}
	}
	return d
}
