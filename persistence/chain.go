package persistence

import (
	"crypto/sha256"
	"fmt"
)

// ChainStart is hash_0 of a game's record: SHA-256(game id).
func ChainStart(game string) []byte {
	h := sha256.Sum256([]byte(game))
	return h[:]
}

// ChainNext is hash_n = SHA-256(hash_{n-1} || line), the hash stored with
// record line n.
func ChainNext(prev []byte, line string) []byte {
	h := sha256.New()
	h.Write(prev)
	h.Write([]byte(line))
	return h.Sum(nil)
}

// ChainError is what VerifyChain returns when a record does not hold: the
// first seq at which it breaks and why. errors.Is(err, ErrTampered) holds.
type ChainError struct {
	Game   string
	Seq    int64
	Reason string
}

func (e *ChainError) Error() string {
	return fmt.Sprintf("game %s: record broken at seq %d: %s", e.Game, e.Seq, e.Reason)
}

// Is makes errors.Is(err, ErrTampered) true.
func (e *ChainError) Is(target error) bool { return target == ErrTampered }
