package chain

import (
	"bytes"

	"github.com/pitwall/pitwall/persistence"
)

// Verifier checks the lines of one record in seq order.
type Verifier struct {
	game string
	prev []byte
	next int64
	err  error
}

// New starts checking the record of game.
func New(game string) *Verifier {
	return &Verifier{game: game, prev: persistence.ChainStart(game), next: 1}
}

func (v *Verifier) fail(seq int64, reason string) error {
	if v.err == nil {
		v.err = &persistence.ChainError{Game: v.game, Seq: seq, Reason: reason}
	}
	return v.err
}

// Line checks the next stored line; after the first failure it keeps
// returning that failure.
func (v *Verifier) Line(seq int64, line string, hash []byte) error {
	if v.err != nil {
		return v.err
	}
	if seq != v.next {
		return v.fail(v.next, "line missing")
	}
	want := persistence.ChainNext(v.prev, line)
	if !bytes.Equal(want, hash) {
		return v.fail(seq, "hash does not match the line and the chain before it")
	}
	v.prev, v.next = want, seq+1
	return nil
}

// End checks the record against the game's LastSeq and Head.
func (v *Verifier) End(lastSeq int64, head []byte) error {
	if v.err != nil {
		return v.err
	}
	if got := v.next - 1; got < lastSeq {
		return v.fail(got+1, "line missing")
	} else if got > lastSeq {
		return v.fail(lastSeq+1, "line beyond the game's last seq")
	}
	if !bytes.Equal(v.prev, head) {
		return v.fail(lastSeq, "game head does not match the chain")
	}
	return nil
}
