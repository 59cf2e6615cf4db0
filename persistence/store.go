package persistence

import (
	"context"
	"errors"
	"time"
)

// Errors a backend returns, wrapped with context; test them with errors.Is.
var (
	// ErrNotFound: the game, player, seat or message named does not exist.
	ErrNotFound = errors.New("not found")
	// ErrConflict: an optimistic expectation failed (the game version or
	// the last seq of a record changed since the caller read it). Re-read
	// and decide again.
	ErrConflict = errors.New("conflict")
	// ErrDuplicate: the id, identity, or inbound key is already stored.
	ErrDuplicate = errors.New("already exists")
	// ErrInvalid: the value given cannot be stored (empty id, unknown
	// state, a record line with a newline…).
	ErrInvalid = errors.New("invalid")
	// ErrTampered: a record's hash chain does not hold; the error is a
	// *ChainError naming the first bad seq.
	ErrTampered = errors.New("record tampered with")
	// ErrClosed: the store was closed.
	ErrClosed = errors.New("store closed")
	// ErrTxDone: a Tx was used after its function returned.
	ErrTxDone = errors.New("transaction already finished")
)

// Store is a Pitwall database.
type Store interface {
	// Update runs fn in one read-write transaction and commits it when fn
	// returns nil. When fn returns an error (or panics, or ctx ends before
	// the commit) nothing fn wrote is kept and Update returns fn's error
	// unchanged. Updates are serialised: each one sees every Update
	// committed before it.
	Update(ctx context.Context, fn func(Tx) error) error
	// View runs fn in a read-only transaction that sees one consistent
	// snapshot. Views may run at the same time as each other and as an
	// Update.
	View(ctx context.Context, fn func(ReadTx) error) error
	// Close releases the store; transactions in progress finish first.
	Close() error
}

// Backuper is a Store that can write an online, consistent copy of itself
// to a new file while writes continue (persistence/sqlite does).
type Backuper interface {
	// Backup writes a copy to dest, which must not exist yet.
	Backup(ctx context.Context, dest string) error
}

// Leaser is a Store that several processes share (persistence/postgres):
// named leases decide which process does a piece of work (a live game, a
// mailbox) at a time. Expiry is judged by the database's clock, the one
// clock every process sees, so a lease is the only thing here that does
// not take its time from the caller.
type Leaser interface {
	// Acquire takes the lease name for holder until ttl from now, or
	// renews it when holder has it already. It returns the lease and true,
	// or the current holder's lease and false when another holder's lease
	// has not expired.
	Acquire(ctx context.Context, name, holder string, ttl time.Duration) (Lease, bool, error)
	// Release gives the lease up if holder has it (else nothing happens),
	// so another process may take it at once.
	Release(ctx context.Context, name, holder string) error
}

// Claimer is a Store whose outbox several relays (one per process) share
// (persistence/postgres): a relay claims the messages it will send, and
// relays never claim the same message at once.
type Claimer interface {
	// Claim takes, in enqueue order, at most limit messages of transport
	// pending at now (as Pending lists them) that no other relay is
	// taking, and hides them from Pending and Claim until until: the relay
	// then marks each sent or failed. A relay that dies before doing so
	// leaves its messages to be claimed again after until, so a transport
	// must make a second send harmless (Discord nonces, mail Message-IDs
	// derived from the message ID).
	Claim(ctx context.Context, transport string, now time.Time, limit int, until time.Time) ([]Message, error)
}

// Lease is who holds a named piece of work until when.
type Lease struct {
	Name, Holder string
	// Epoch grows by one every time the lease changes holder: a fencing
	// token.
	Epoch   int64
	Expires time.Time
}

// ReadTx reads inside a transaction. Its methods use the context given to
// Update or View.
type ReadTx interface {
	// Game returns one game (ErrNotFound).
	Game(id string) (Game, error)
	// LiveGames lists the games not finished, oldest first (by Created,
	// then ID).
	LiveGames() ([]Game, error)
	// RecentGames lists every game, finished ones too, newest first (by
	// Created, then ID, both descending), at most limit (limit <= 0: all).
	RecentGames(limit int) ([]Game, error)

	// Events returns the record lines of game with seq > afterSeq in
	// order, at most limit of them (limit <= 0: all). ErrNotFound for an
	// unknown game.
	Events(game string, afterSeq int64, limit int) ([]Event, error)
	// Snapshot returns the game's snapshot and true, or false when it has
	// none. ErrNotFound for an unknown game.
	Snapshot(game string) (Snapshot, bool, error)
	// VerifyChain recomputes the hash chain of the game's record from
	// ChainStart(game) and compares it with every stored hash, checks
	// that seqs run 1, 2, 3… without a gap, and that the last line and
	// its hash are the game's LastSeq and Head. It returns nil when all
	// hold and otherwise a *ChainError (errors.Is ErrTampered) naming the
	// first bad seq.
	VerifyChain(game string) error

	// Player returns a player with its identities (ErrNotFound).
	Player(id string) (Player, error)
	// PlayerByIdentity finds the player an identity belongs to
	// (ErrNotFound). Values are compared exactly: bot normalises them
	// (e.g. lower-cases mail addresses) before storing and looking up.
	PlayerByIdentity(kind, value string) (Player, error)

	// Seat returns one seat of a game (ErrNotFound).
	Seat(game string, number int) (Seat, error)
	// Seats lists the seats of a game by number (ErrNotFound for an
	// unknown game; an empty list for a game with no seats yet).
	Seats(game string) ([]Seat, error)

	// SeenInbound returns the stored outcome of an inbound message and
	// true when (source, key) was already recorded; false when it is new.
	SeenInbound(source, key string) (Inbound, bool, error)

	// Pending lists, in enqueue order (by ID), at most limit messages not
	// sent yet whose NextAttempt is at or before now (limit <= 0: all).
	// Messages given up (MarkFailed with a zero retryAt) are not listed.
	Pending(now time.Time, limit int) ([]Message, error)
	// Message returns one outbox message (ErrNotFound).
	Message(id int64) (Message, error)

	// League returns one league (ErrNotFound).
	League(id string) (League, error)
	// Leagues lists every league by id.
	Leagues() ([]League, error)

	// NextDeadline returns the deadline due first (ties: by game, seat,
	// kind, index) and true, or false when there is none.
	NextDeadline() (Deadline, bool, error)
	// Deadlines lists the deadlines of one game in the same order
	// (ErrNotFound for an unknown game).
	Deadlines(game string) ([]Deadline, error)
}

// Tx reads and writes inside Update. A write that fails leaves nothing
// behind and the transaction usable.
type Tx interface {
	ReadTx

	// CreateGame stores a new game and returns it as stored: Version 1,
	// LastSeq 0, Head ChainStart(ID) (the given Version, LastSeq and Head
	// are ignored). ErrDuplicate if the id is taken.
	CreateGame(g Game) (Game, error)
	// UpdateGame sets the State and Meta of a game whose stored Version is
	// g.Version (else ErrConflict) and returns it with the next Version.
	UpdateGame(g Game) (Game, error)

	// Append adds lines to the game's record at seqs afterSeq+1,
	// afterSeq+2… if afterSeq is the current LastSeq (else ErrConflict,
	// and nothing is written), chaining their hashes, and bumps the game's
	// Version once. It returns the new last seq. Lines must be non-empty
	// valid UTF-8 without CR or LF.
	Append(game string, afterSeq int64, lines ...string) (int64, error)

	// PutSnapshot stores the game's snapshot in place of the one it had.
	// ErrNotFound for an unknown game; ErrInvalid when Seq is not a line
	// of its record (below 1 or past LastSeq) or Hash is empty.
	PutSnapshot(s Snapshot) error

	// CreatePlayer stores a new player and its identities (at least one).
	// ErrDuplicate if the id or any identity is taken.
	CreatePlayer(p Player) error
	// UpdatePlayer changes a player's name, time zone and language (its
	// identities are left as they are). ErrNotFound if unknown.
	UpdatePlayer(p Player) error
	// AddIdentity gives a player one more identity. ErrDuplicate if any
	// player has it already, ErrNotFound if the player is unknown.
	AddIdentity(player string, id Identity) error
	// RemoveIdentity takes an identity from its player (a changed mail
	// address). ErrNotFound when the player does not hold it.
	RemoveIdentity(player string, id Identity) error

	// PutSeat creates or replaces the seat (s.Game, s.Number).
	// ErrNotFound if the game or the player is unknown.
	PutSeat(s Seat) error

	// RecordInbound stores the outcome of an inbound message, in the same
	// transaction as the events it caused. ErrDuplicate if (Source, Key)
	// is already recorded.
	RecordInbound(in Inbound) error

	// Enqueue adds a message to the outbox and returns its ID (IDs grow:
	// they are the relay order). The relay sends it only after the
	// transaction committed. NextAttempt defaults to Created.
	Enqueue(m Message) (int64, error)
	// MarkSent records that a message left at time at; marking a sent
	// message again changes nothing. ErrNotFound if unknown.
	MarkSent(id int64, at time.Time) error
	// MarkFailed records a failed attempt: Attempts+1, LastError, and the
	// time of the next attempt (a zero retryAt gives up: the message stays
	// stored but is no longer pending). ErrNotFound if unknown; a sent
	// message cannot fail (ErrConflict).
	MarkFailed(id int64, cause error, retryAt time.Time) error

	// CreateLeague stores a new league and returns it as stored, Version
	// 1. ErrDuplicate if the id is taken.
	CreateLeague(l League) (League, error)
	// UpdateLeague sets the Data of a league whose stored Version is
	// l.Version (else ErrConflict) and returns it with the next Version.
	UpdateLeague(l League) (League, error)

	// PutDeadline creates or replaces the deadline (Game, Seat, Kind,
	// Index). ErrNotFound if the game is unknown.
	PutDeadline(d Deadline) error
	// DeleteDeadlines removes every deadline of one seat of a game (seat 0:
	// the game-wide ones), e.g. when its decision is taken, and returns
	// how many there were.
	DeleteDeadlines(game string, seat int) (int, error)
}

// Millis is the precision and zone every stored time has: t rounded down
// to the millisecond, in UTC. The zero time stays zero (it means "none").
func Millis(t time.Time) time.Time {
	if t.IsZero() {
		return time.Time{}
	}
	return time.UnixMilli(t.UnixMilli()).UTC()
}
