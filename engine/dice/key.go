package dice

import (
	"encoding/binary"
	"fmt"
)

// Key is the address of one roll: which game, which play, which car, what
// for, and which of several such rolls. Two rolls of a game must never
// share a key, or the seeded source gives them the same face.
type Key struct {
	Game    string // game identifier
	Play    int    // play (turn) number within the game
	Car     int    // car the roll belongs to
	Purpose string // short word: "gear", "start", "collision", "engine", "weather", …
	Counter int    // tells apart several rolls of the same purpose in one play
}

// String is for messages and logs, not for hashing (see AppendBinary).
func (k Key) String() string {
	return fmt.Sprintf("game %q play %d car %d %s #%d", k.Game, k.Play, k.Car, k.Purpose, k.Counter)
}

// AppendBinary appends the canonical encoding of k, the seeded roll's
// message prefix. Fields in declaration order:
//
//	Game     uint64 big-endian byte length, then the bytes
//	Play     int64 big-endian (two's complement)
//	Car      int64 big-endian
//	Purpose  uint64 big-endian byte length, then the bytes
//	Counter  int64 big-endian
//
// Every field is fixed-width or length-prefixed, so the encoding is
// injective: different keys never give the same bytes. Changing it changes
// every seeded roll, so it is frozen; a new layout needs a new record
// version.
func (k Key) AppendBinary(b []byte) ([]byte, error) {
	return k.appendTo(b), nil
}

// MarshalBinary returns the canonical encoding (see AppendBinary).
func (k Key) MarshalBinary() ([]byte, error) {
	return k.appendTo(make([]byte, 0, k.encodedLen())), nil
}

func (k Key) encodedLen() int { return 8 + len(k.Game) + 8 + 8 + 8 + len(k.Purpose) + 8 }

func (k Key) appendTo(b []byte) []byte {
	b = appendString(b, k.Game)
	b = binary.BigEndian.AppendUint64(b, uint64(int64(k.Play)))
	b = binary.BigEndian.AppendUint64(b, uint64(int64(k.Car)))
	b = appendString(b, k.Purpose)
	b = binary.BigEndian.AppendUint64(b, uint64(int64(k.Counter)))
	return b
}

func appendString(b []byte, s string) []byte {
	b = binary.BigEndian.AppendUint64(b, uint64(len(s)))
	return append(b, s...)
}

// Validate rejects a key without a purpose: the purpose is what keeps,
// say, a start roll and a gear roll of the same car and play apart.
func (k Key) Validate() error {
	if k.Purpose == "" {
		return fmt.Errorf("dice: key %s: %w: no purpose", k, ErrInvalidKey)
	}
	return nil
}
