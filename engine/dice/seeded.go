package dice

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"math"
	"sync"
)

// SeedSize is the size of a game's seed in bytes (design.md §2).
const SeedSize = 32

// maxRetries bounds the retry counter. With at most MaxFaces faces a 64-bit
// chunk is rejected with probability below 2^-54, so four rejections in a
// row, let alone maxRetries×4, never happen; the bound only keeps the loop
// finite.
const maxRetries = 64

var (
	// ErrCommitmentMismatch: the revealed seed does not hash to the
	// published commitment.
	ErrCommitmentMismatch = errors.New("seed does not match commitment")
	// ErrRollMismatch: a recorded roll is not what the seed gives.
	ErrRollMismatch = errors.New("roll does not match seed")
)

// Seeded is the source of a live game: every roll is derived from the
// game's secret seed and the roll's Key, so it is a pure function of
// (seed, key, die) and can be checked once the seed is revealed.
// It holds no mutable state and is safe for concurrent use.
//
// Algorithm (frozen: records depend on it). For a die named N with n faces,
// with retry counter r = 0, 1, 2, …:
//
//	msg(r) = key.AppendBinary || uint64 big-endian len(N) || N || uint32 big-endian r
//	mac(r) = HMAC-SHA256(seed, msg(r))
//
// Read mac(r) as four 64-bit big-endian chunks v, in order. Let
// rem = 2^64 mod n. The first chunk with v < 2^64 - rem (the largest
// multiple of n not above 2^64) gives the face index v mod n. If all four
// are rejected, go on with r+1. Rejecting the top rem values is what makes
// the index exactly uniform; a bare v mod n would favour the low indices
// (design.md §2: rejection sampling, never % n).
type Seeded struct {
	seed [SeedSize]byte
	// rollers keeps HMAC states keyed with the seed, with the buffers a
	// roll writes its message and MAC into, so that a roll neither keys a
	// new state nor allocates (a Roll takes one and gives it back)
	rollers *sync.Pool
}

// roller is what one roll works with: an HMAC state keyed with the seed
// and its message and MAC buffers. Kept in the pool, the buffers are on
// the heap once instead of once per roll (issue 14: handed to the hash
// through its interface, the message and the MAC escaped on every roll).
type roller struct {
	mac hash.Hash
	msg []byte
	sum [sha256.Size]byte
}

func newRoller(seed []byte) *roller {
	return &roller{mac: hmac.New(sha256.New, seed), msg: make([]byte, 0, 128)}
}

// NewSeeded returns the source for a game's seed.
func NewSeeded(seed [SeedSize]byte) *Seeded {
	s := &Seeded{seed: seed}
	s.rollers = &sync.Pool{New: func() any { return newRoller(s.seed[:]) }}
	return s
}

// Seed returns the seed, to reveal when the game ends.
func (s *Seeded) Seed() [SeedSize]byte { return s.seed }

// Commitment returns Commitment(s.Seed()), to publish when the game starts.
func (s *Seeded) Commitment() string { return Commitment(s.seed) }

// Roll rolls d at k; see Seeded for the algorithm.
func (s *Seeded) Roll(k Key, d Die) (Roll, error) {
	if err := k.Validate(); err != nil {
		return Roll{}, err
	}
	if err := d.Validate(); err != nil {
		return Roll{}, fmt.Errorf("dice: rolling %s: %w", k, err)
	}
	var r *roller
	if s.rollers != nil {
		r = s.rollers.Get().(*roller)
		defer s.rollers.Put(r)
	} else {
		r = newRoller(s.seed[:])
	}
	msg := k.appendTo(r.msg[:0])
	msg = appendString(msg, d.Name)
	prefix := len(msg)
	index, ok := pickIndex(len(d.Faces), func(retry uint32) [sha256.Size]byte {
		r.mac.Reset()
		msg = binary.BigEndian.AppendUint32(msg[:prefix], retry)
		r.mac.Write(msg)
		return [sha256.Size]byte(r.mac.Sum(r.sum[:0]))
	})
	r.msg = msg[:0] // keep the room it grew to
	if !ok {
		return Roll{}, fmt.Errorf("dice: rolling %s on %s: no index after %d retries", k, d.Name, maxRetries)
	}
	return Roll{Key: k, Die: d.Name, Index: index, Value: d.Faces[index]}, nil
}

// pickIndex draws a uniform index in [0, n) from the MACs, by rejection
// sampling on 64-bit chunks (see Seeded). It is apart from Roll so tests
// can feed it MACs that force rejections and retries.
func pickIndex(n int, mac func(retry uint32) [sha256.Size]byte) (int, bool) {
	for retry := range uint32(maxRetries) {
		sum := mac(retry)
		for c := 0; c < len(sum); c += 8 {
			if i, ok := chunkIndex(binary.BigEndian.Uint64(sum[c:c+8]), n); ok {
				return i, true
			}
		}
	}
	return 0, false
}

// chunkIndex maps v to v mod n when v is below the largest multiple of n
// not above 2^64, and rejects it otherwise.
func chunkIndex(v uint64, n int) (int, bool) {
	un := uint64(n)
	rem := (math.MaxUint64%un + 1) % un // 2^64 mod n
	// Accept v < 2^64 - rem, i.e. v <= MaxUint64 - rem (all v when rem is 0).
	if v > math.MaxUint64-rem {
		return 0, false
	}
	return int(v % un), true
}

// Commitment returns the lowercase hex SHA-256 of the seed, published when
// the game starts (design.md §2).
func Commitment(seed [SeedSize]byte) string {
	sum := sha256.Sum256(seed[:])
	return hex.EncodeToString(sum[:])
}

// VerifyCommitment checks a revealed seed against a published commitment
// (hex, either case).
func VerifyCommitment(seed [SeedSize]byte, commitment string) error {
	want, err := hex.DecodeString(commitment)
	if err != nil || len(want) != sha256.Size {
		return fmt.Errorf("dice: commitment %q is not %d hex digits", commitment, 2*sha256.Size)
	}
	got := sha256.Sum256(seed[:])
	if subtle.ConstantTimeCompare(got[:], want) != 1 {
		return fmt.Errorf("dice: %w: SHA-256(seed) is %x, commitment is %s", ErrCommitmentMismatch, got, commitment)
	}
	return nil
}

// VerifyRoll recomputes r from the revealed seed and says what differs.
// d is the die r names, from the game's set.
func VerifyRoll(seed [SeedSize]byte, r Roll, d Die) error {
	if r.Die != d.Name {
		return fmt.Errorf("dice: %w: roll %s names die %q, checked against %q", ErrRollMismatch, r.Key, r.Die, d.Name)
	}
	want, err := NewSeeded(seed).Roll(r.Key, d)
	if err != nil {
		return err
	}
	if want.Index != r.Index || want.Value != r.Value {
		return fmt.Errorf("dice: %w: %s on %s: recorded face %d = %d, seed gives face %d = %d",
			ErrRollMismatch, r.Key, d.Name, r.Index, r.Value, want.Index, want.Value)
	}
	return nil
}

// ParseSeed reads a seed written as 64 hex digits (either case).
func ParseSeed(s string) ([SeedSize]byte, error) {
	var seed [SeedSize]byte
	if len(s) != 2*SeedSize {
		return seed, fmt.Errorf("dice: seed is %d characters, want %d hex digits", len(s), 2*SeedSize)
	}
	if _, err := hex.Decode(seed[:], []byte(s)); err != nil {
		return [SeedSize]byte{}, fmt.Errorf("dice: seed: %w", err)
	}
	return seed, nil
}

// FormatSeed writes a seed as 64 lowercase hex digits.
func FormatSeed(seed [SeedSize]byte) string { return hex.EncodeToString(seed[:]) }
