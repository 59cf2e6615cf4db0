// Package persistence is Pitwall's storage, behind one small interface.
//
// # What it owns
//
// Everything the game service (package bot) must never lose nor apply twice
// (shared/design.md §2, "Persist before you show"):
//
//   - games: id, creation time, a small metadata blob (ruleset, track…), a
//     state (setup, running, paused, finished) and a version that grows with
//     every change;
//   - game records: per game an append-only log of text lines numbered 1, 2,
//     3…, each stored with a SHA-256 hash chain (see [ChainStart],
//     [ChainNext]) so that any edit, gap or truncation is found by
//     [ReadTx.VerifyChain];
//   - per game its latest [Snapshot]: a state frozen by bot after a record
//     line, so that the game loads from it and the lines after it; a cache
//     beside the record, never the truth;
//   - players, their identities (discord, email, cli; each identity belongs
//     to one player), and the seats of each game;
//   - inbound de-duplication keys: an order seen once is answered again with
//     the stored reply, never applied twice;
//   - the outbox: replies and images to send once the transaction that made
//     them has committed;
//   - deadlines: decision and reminder times per game and seat, for the one
//     scheduler.
//
// # How it is used
//
// Everything an order causes is written in ONE transaction:
//
//	err := store.Update(ctx, func(tx persistence.Tx) error {
//		if in, seen, err := tx.SeenInbound(src, key); err != nil || seen {
//			reply = in.Reply // a duplicate: answer again, apply nothing
//			return err
//		}
//		// lastSeq: where the record ended when the engine computed lines;
//		// ErrConflict if another order got in first
//		last, err := tx.Append(game, lastSeq, lines...)
//		...
//		tx.RecordInbound(persistence.Inbound{Source: src, Key: key, Game: game, ...})
//		tx.Enqueue(persistence.Message{...})
//		tx.DeleteDeadlines(game, seat)
//		return nil
//	})
//	// only now may the relay send what was enqueued
//
// Either all of it is committed or none of it is: when the function returns
// an error (or panics, or the context ends) the store is left as it was and
// Update returns that error. [Store.View] runs read-only transactions that
// see one consistent snapshot. A Tx must not be used after its function
// returned.
//
// # Rules of the interface
//
//   - The store never reads the clock (design §2, "Time lives in bot"): every
//     time is given by the caller. Times are kept in UTC with millisecond
//     precision ([Millis]); a zero time means "none".
//   - A missing thing the caller named (a game, a player, a message) is
//     [ErrNotFound]; something already there is [ErrDuplicate]; an
//     expectation that no longer holds (a game version, the last seq of a
//     record) is [ErrConflict]; malformed input is [ErrInvalid]. Test them with
//     errors.Is. Absence that is the normal case (an inbound key never seen,
//     no deadline pending) is a boolean, not an error.
//   - A failed write has no effect, and the transaction stays usable: the
//     caller decides whether to go on or to return the error (and roll back).
//   - Record lines are never updated or deleted: a taken-back play is written
//     as new lines.
//   - Transactions do not nest: never call Update or View from inside fn
//     (it deadlocks: there is one writer).
//
// # Implementations
//
//   - persistence/sqlite: the embedded default (modernc.org/sqlite, WAL,
//     synchronous=FULL, one writer connection, embedded migrations, online
//     backups);
//   - persistence/memory: the same semantics in memory, for fast tests;
//   - persistence/storetest: the conformance suite every backend runs.
//
// Optional capabilities are extra interfaces found by type assertion
// ([Backuper]).
//
// # What it must not import
//
// None of Pitwall's other packages (engine, tracks, render, bot,
// transport…): payloads are bytes and strings, so that the storage never
// depends on the rules. Only persistence/... may be imported here; this is
// checked by .ci/check-imports.sh.
package persistence
