// Package storetest is the conformance suite of persistence.Store: every
// backend runs it from its own tests,
//
//	func TestConformance(t *testing.T) {
//		storetest.Run(t, storetest.Backend{Open: openTestStore, Tamper: tamper})
//	}
//
// so that bot can rely on one set of semantics (package persistence's doc)
// whatever the storage. It imports only persistence (and testing
// libraries).
//
// It imports only persistence of Pitwall's packages (and testify).
package storetest
