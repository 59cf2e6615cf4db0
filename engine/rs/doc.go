// Package rs is the rules engine of Racing Simulator (single-seater,
// 2014), Pitwall's second game (racing-simulator.md). It plays the family
// game (R-FAM-01..12) and the standard game from start to flag
// (standard.go, stdstart.go): the 24-turn sequence over the rules of
// tyres.go, weather.go, pit.go, stdsteps.go, events_std.go and
// standard_file.go, the safety car, lapping and restarts, after knockout
// qualifying and the grid start (quali.go) or the quick method (R-QA-01).
// The standard game's optional rules (R-MODE-01, Optionals) are switched
// on one by one and written in the record: the advanced rules and the
// variants of §10 live in options.go, the advanced qualifying in
// aquali.go; switched off, they change nothing.
//
// The core mechanism is secret simultaneous orders: every seat commits a
// hidden order each turn; an order is sealed (its event is addressed to
// its own seat only) until every seat has ordered or the deadline passes,
// then all are revealed together and the turn resolves. Every Event says
// who may read it (Audience); hands are addressed to their owner and deck
// orders to nobody until the race is over.
//
// The API is the one the bot drives for Formula Dé: Pending lists the
// decisions per seat, Submit returns the events the order caused, and a
// failed Submit changes nothing (the turn resolves on a copy). Dice and
// shuffles come through a Random (engine/dice); every roll and every
// shuffle is an event of the record (record.go, docs/record.md), so a game
// replays from its record without rolling and verifies against the seed.
// A league's own decks (owndecks.go, AMB-30) replace the Pitwall house
// decks kind by kind; the record carries them, the setup line their
// digests.
//
// What a seat may know is in view.go: EventsFor and View, and Board, the
// view a board is drawn from (nothing sealed, no other seat's hand);
// ReplayUntil, ReplayTurn and ReplayAt stop a replay where a tool wants it.
//
// Contract (contract.go) is the race as the service drives every game, the
// engine.Game contract: orders are option keys (Order.Key), refusals are
// engine.ErrIllegal, events carry their audience.
//
// rs imports engine (the contract), engine/dice, engine/rs/decks and
// tracks/rscircuit only; it
// must not import os, net, time, log, math/rand, database/... or embed
// (.ci/check-imports.sh).
package rs
