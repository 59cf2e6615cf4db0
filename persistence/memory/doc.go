// Package memory is a persistence.Store held in memory, with the same
// semantics as persistence/sqlite (the conformance suite
// persistence/storetest runs on both): for fast tests of package bot.
// Nothing survives Close.
//
// Updates are serialised by a mutex; a failed Update is undone from an
// undo log, so it leaves nothing behind. Values are copied in and out: a
// caller cannot change stored data through a slice it passed or got.
//
// It imports only persistence/...
//
// It imports only persistence of Pitwall's packages.
package memory
