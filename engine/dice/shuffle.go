package dice

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
)

// MaxDeck bounds the cards one shuffle may order; real decks are far
// below it (the largest Racing Simulator deck holds 72 cards).
const MaxDeck = 1024

var (
	// ErrShuffleMismatch: a recorded shuffle is not what the seed gives.
	ErrShuffleMismatch = errors.New("shuffle does not match seed")
	// ErrInvalidShuffle: a shuffle that is not a permutation of 0..n-1,
	// or a deck size out of range.
	ErrInvalidShuffle = errors.New("invalid shuffle")
)

// Shuffle is one shuffle of a deck as the record keeps it: where it was
// made and the order it gave. Perm[i] is the index, in the deck as it
// was before the shuffle, of the card that ends at position i (position 0
// is the top of the pile, drawn first).
type Shuffle struct {
	Key  Key
	Perm []int
}

// Shuffler shuffles decks. Like a Source, it is asked for every shuffle
// and the engine records the result, so a replay never shuffles.
type Shuffler interface {
	Shuffle(k Key, n int) (Shuffle, error)
}

// Shuffle orders a deck of n cards at address k, verifiably: it is a pure
// function of (seed, k, n).
//
// Algorithm (frozen: records depend on it). Fisher–Yates from the top:
// perm starts as 0..n-1; for step j = n-1 down to 1, pick a uniform index
// i in [0, j] and swap perm[i] and perm[j]. The index of step j comes from
//
//	msg(j, r) = key.AppendBinary || "shuffle" (uint64 length-prefixed) || uint32 n || uint32 j || uint32 r
//	mac(j, r) = HMAC-SHA256(seed, msg(j, r))
//
// read as in Seeded.Roll: four 64-bit big-endian chunks, the first one
// below the largest multiple of j+1 gives the index (rejection sampling,
// never a bare modulo), else the next retry r. The "shuffle" word keeps a
// shuffle's MACs apart from every roll's, whose die names are shorter
// than their length prefix would need to collide.
func (s *Seeded) Shuffle(k Key, n int) (Shuffle, error) {
	if err := k.Validate(); err != nil {
		return Shuffle{}, err
	}
	if n < 0 || n > MaxDeck {
		return Shuffle{}, fmt.Errorf("dice: shuffling %s: %w: %d cards (0..%d)", k, ErrInvalidShuffle, n, MaxDeck)
	}
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	msg := k.appendTo(make([]byte, 0, k.encodedLen()+8+7+12))
	msg = appendString(msg, "shuffle")
	msg = binary.BigEndian.AppendUint32(msg, uint32(n))
	prefix := len(msg)
	mac := hmac.New(sha256.New, s.seed[:])
	var sum [sha256.Size]byte
	for j := n - 1; j >= 1; j-- {
		step := binary.BigEndian.AppendUint32(msg[:prefix], uint32(j))
		i, ok := pickIndex(j+1, func(retry uint32) [sha256.Size]byte {
			mac.Reset()
			mac.Write(binary.BigEndian.AppendUint32(step, retry))
			return [sha256.Size]byte(mac.Sum(sum[:0]))
		})
		if !ok {
			return Shuffle{}, fmt.Errorf("dice: shuffling %s: no index after %d retries", k, maxRetries)
		}
		perm[i], perm[j] = perm[j], perm[i]
	}
	return Shuffle{Key: k, Perm: perm}, nil
}

// VerifyShuffle recomputes sh from the revealed seed and says what differs.
func VerifyShuffle(seed [SeedSize]byte, sh Shuffle) error {
	if err := ValidPerm(sh.Perm); err != nil {
		return err
	}
	want, err := NewSeeded(seed).Shuffle(sh.Key, len(sh.Perm))
	if err != nil {
		return err
	}
	if !slices.Equal(want.Perm, sh.Perm) {
		return fmt.Errorf("dice: %w: %s: recorded order %v, seed gives %v", ErrShuffleMismatch, sh.Key, sh.Perm, want.Perm)
	}
	return nil
}

// ValidPerm checks that p holds each of 0..len(p)-1 exactly once.
func ValidPerm(p []int) error {
	if len(p) > MaxDeck {
		return fmt.Errorf("dice: %w: %d cards (at most %d)", ErrInvalidShuffle, len(p), MaxDeck)
	}
	seen := make([]bool, len(p))
	for _, v := range p {
		if v < 0 || v >= len(p) || seen[v] {
			return fmt.Errorf("dice: %w: %v is not an order of %d cards", ErrInvalidShuffle, p, len(p))
		}
		seen[v] = true
	}
	return nil
}

// ScriptedShuffles is a Shuffler that returns fixed orders, in turn, for
// tests and rules questions ("the risk deck is stacked like this"). A nil
// entry, or running out of entries, leaves the deck as it is (the
// identity order), so a test scripts only the shuffles it cares about.
// It is not safe for concurrent use.
type ScriptedShuffles struct {
	perms [][]int
	next  int
}

// NewScriptedShuffles returns a shuffler giving perms in order.
func NewScriptedShuffles(perms ...[]int) *ScriptedShuffles {
	return &ScriptedShuffles{perms: perms}
}

// Shuffle returns the next scripted order, which must be an order of n
// cards, or the identity.
func (s *ScriptedShuffles) Shuffle(k Key, n int) (Shuffle, error) {
	if err := k.Validate(); err != nil {
		return Shuffle{}, err
	}
	if n < 0 || n > MaxDeck {
		return Shuffle{}, fmt.Errorf("dice: shuffling %s: %w: %d cards", k, ErrInvalidShuffle, n)
	}
	var p []int
	if s.next < len(s.perms) {
		p = s.perms[s.next]
	}
	if p == nil {
		p = make([]int, n)
		for i := range p {
			p[i] = i
		}
	} else {
		if len(p) != n {
			return Shuffle{}, fmt.Errorf("dice: shuffling %s: scripted order %d has %d cards, the deck %d: %w", k, s.next+1, len(p), n, ErrInvalidShuffle)
		}
		if err := ValidPerm(p); err != nil {
			return Shuffle{}, err
		}
		p = slices.Clone(p)
	}
	s.next++
	return Shuffle{Key: k, Perm: p}, nil
}
