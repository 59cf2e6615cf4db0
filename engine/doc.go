// Package engine is the root of Pitwall's rules engines: pure, deterministic
// referees that never do I/O, never read the clock and never use a global
// random generator. Dice come in through an interface and every roll is an
// event in the game record, so a game replays from its record without
// rolling.
//
// engine may import tracks (the track model) and nothing else of Pitwall's;
// it must not import os, net, time, log, database/... or math/rand
// (checked by .ci/check-imports.sh).
package engine
