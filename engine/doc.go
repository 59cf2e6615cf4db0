// Package engine is the root of Pitwall's rules engines: pure, deterministic
// referees that never do I/O, never read the clock and never use a global
// random generator. Dice come in through an interface and every roll is an
// event in the game record, so a game replays from its record without
// rolling.
//
// The package itself holds the game contract (game.go, issue 13): Game,
// Decision, Option, Step, Event and Audience, what the service needs of
// any game to serve it — pending decisions per seat, orders as option
// keys, a Submit that changes nothing when it fails, the deadline's
// Expire, the autopilot, and events that say which seats may read them
// until the game is over. engine/rs implements it (rs.Contract).
// Beside it, load.go says how a service rebuilds a game from its record
// lines (Replayer, Historian: at load, to take a play back, for history)
// and freezes it to resume from (Snapshotter, Snapshot); progress.go says
// where a game stands as counts (Progressed: its round, its turns, its
// length, whether a seat is still in play).
//
// engine may import tracks (the track model) and nothing else of Pitwall's;
// it must not import os, net, time, log, database/... or math/rand
// (checked by .ci/check-imports.sh).
package engine
