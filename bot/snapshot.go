package bot

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/pitwall/pitwall/engine"
	"github.com/pitwall/pitwall/persistence"
)

// snapshotEvery is how many plays (the contract's turns, engine.Progress)
// pass between two snapshots of a game: a game loads by replaying at most
// about that many plays (issue 14: the
// first order after a restart replayed the whole record, 4 → 39 ms over a
// race). A snapshot costs one position written in the order's transaction.
const snapshotEvery = 20

// snapshotMagic opens a snapshot's data; its first line also carries the
// tail and a checksum, the position's lines follow (engine.Snapshot, as
// fd.Contract.Snapshot writes them).
const snapshotMagic = "pitwall-snapshot 1"

// snapshotSum binds a snapshot's lines to the record line it follows, so
// that a damaged row or one copied beside another record is ignored.
func snapshotSum(hash []byte, tail int, lines string) string {
	h := sha256.New()
	h.Write(hash)
	fmt.Fprintf(h, "\n%d\n%s", tail, lines)
	return hex.EncodeToString(h.Sum(nil))
}

// encodeSnapshot writes snap, taken after record line seq with chained
// hash, as the store keeps it.
func encodeSnapshot(game string, seq int64, hash []byte, snap engine.Snapshot) persistence.Snapshot {
	lines := strings.Join(snap.Lines, "\n")
	head := fmt.Sprintf("%s tail=%d sum=%s\n", snapshotMagic, snap.Tail, snapshotSum(hash, snap.Tail, lines))
	return persistence.Snapshot{Game: game, Seq: seq, Hash: hash, Data: []byte(head + lines)}
}

// decodeSnapshot reads a stored snapshot back; any damage to its head or
// checksum is an error, and a line the game cannot read fails its replay.
func decodeSnapshot(stored persistence.Snapshot) (engine.Snapshot, error) {
	head, lines, _ := strings.Cut(string(stored.Data), "\n")
	rest, ok := strings.CutPrefix(head, snapshotMagic+" tail=")
	if !ok {
		return engine.Snapshot{}, errors.New("not a snapshot")
	}
	tailText, sum, ok := strings.Cut(rest, " sum=")
	tail, err := strconv.Atoi(tailText)
	if !ok || err != nil || tail < 0 {
		return engine.Snapshot{}, fmt.Errorf("snapshot head %q", head)
	}
	if sum != snapshotSum(stored.Hash, tail, lines) {
		return engine.Snapshot{}, errors.New("the snapshot's checksum does not match")
	}
	return engine.Snapshot{Lines: strings.Split(lines, "\n"), Tail: tail}, nil
}

// saveSnapshot stores the game's snapshot when snapshotEvery plays have
// passed since the last one and the game gives one here (at a gear
// decision, engine.Snapshotter: fd.Contract.Snapshot); lines is what this commit appended, the
// record now ending at l.row.LastSeq. Called inside the order's
// transaction: the snapshot is committed with the lines it follows.
func (s *Service) saveSnapshot(tx persistence.Tx, l *live, lines int) error {
	if l.game == nil || l.game.Over() || l.progress().Turns-l.snapTurns < snapshotEvery {
		return nil
	}
	frozen, ok := l.game.(engine.Snapshotter)
	if !ok {
		return nil // a game that cannot be resumed has no snapshot
	}
	snap, err := frozen.Snapshot()
	if err != nil || snap.Tail > lines || snap.Tail >= int(l.row.LastSeq) {
		return nil // not here: the next commit tries again
	}
	seq := l.row.LastSeq - int64(snap.Tail) // the tail starts after it
	at, err := tx.Events(l.row.ID, seq-1, 1)
	if err != nil {
		return err
	}
	if len(at) != 1 || at[0].Seq != seq {
		return fmt.Errorf("game %s: record line %d is missing", l.row.ID, seq)
	}
	if err := tx.PutSnapshot(encodeSnapshot(l.row.ID, seq, at[0].Hash, snap)); err != nil {
		return err
	}
	l.snapTurns = l.progress().Turns
	return nil
}

// resume rebuilds a game from its latest snapshot and the record lines
// after it. ok is false when the game has no snapshot or its snapshot does
// not fit the record (damaged, or a take-back since cut into the play it
// starts from): the caller replays the whole record, which is the truth.
// Every line after the snapshot is replayed and checked (engine.Replayer,
// fd.Loader.Replay).
func (s *Service) resume(tx persistence.ReadTx, row persistence.Game, m *meta, l *live) (ok bool, err error) {
	stored, found, err := tx.Snapshot(row.ID)
	if err != nil || !found {
		return false, err
	}
	snap, err := decodeSnapshot(stored)
	if err != nil {
		return false, nil
	}
	lines, err := tx.Events(row.ID, stored.Seq-1, 0)
	if err != nil {
		return false, err
	}
	if len(lines) == 0 || lines[0].Seq != stored.Seq || !bytes.Equal(lines[0].Hash, stored.Hash) ||
		len(lines)-1 < snap.Tail {
		return false, nil // stale: not this record's line
	}
	for _, line := range lines[1:] {
		if line.Line == takeBackKind || strings.HasPrefix(line.Line, takeBackKind+" ") {
			return false, nil // it may cut into the play the snapshot starts from
		}
	}
	rec, err := m.record(row.ID, lines[1:])
	if err != nil {
		return false, nil // the whole replay says what is wrong
	}
	g, err := heldRace(m.loader(row.ID, l.track).Replay(append(snap.Lines, eventLines(rec.Events)...)))
	if err != nil {
		return false, nil
	}
	l.game = g
	l.snapTurns = l.progress().Turns
	return true, nil
}
